package dev.blit.types;

import dev.blit.buffer.ReadBuffer;

/** The content of a String value: a string that, being tagged, can never be null. */
final class StringContent {
    private StringContent() {
    }

    static String read(ReadBuffer in) {
        long at = in.offset();
        String s = in.readString();
        if (s == null) {
            throw new dev.blit.BlitException("null string header inside a String value at offset " + at);
        }
        return s;
    }
}
