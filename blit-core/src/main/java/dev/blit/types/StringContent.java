package dev.blit.types;

import dev.blit.buffer.ReadBuffer;

/**
 * The content of a String value: a string that, being tagged, can never be null. Read here by the built-in
 * String serializer and by generated serializers (a String field's content after its tag). Public only
 * because a generated serializer defined as a nestmate of the user's class lives in the user's package and
 * calls it from there; it is not API.
 */
public final class StringContent {
    private StringContent() {
    }

    /**
     * @param in a buffer just past the tag of a String value
     * @return the string
     * @throws dev.blit.BlitException if the content is a null string header (or malformed)
     */
    public static String read(ReadBuffer in) {
        long at = in.offset();
        String s = in.readString();
        if (s == null) {
            throw new dev.blit.BlitException("null string header inside a String value at offset " + at);
        }
        return s;
    }
}
