package dev.blit.fuzz;

import dev.blit.Blit;
import dev.blit.BlitException;

/** What every fuzz target and regression test demands of a failure: a {@link BlitException} naming an offset. */
final class Findings {
    private Findings() {
    }

    /**
     * @param e a BlitException a decode threw
     * @throws AssertionError if its message does not say where in the input the problem is
     */
    static void mustNameAnOffset(BlitException e) {
        if (e.getMessage() == null || !e.getMessage().contains("offset")) {
            throw new AssertionError("BlitException without an offset: " + e.getMessage(), e);
        }
    }

    /**
     * Writes a decoded value again and reads the bytes back: the write must succeed, and the read end in a
     * value or a {@link BlitException} naming an offset. Not necessarily the same bytes: a HashSet of objects
     * with identity hash codes iterates in another order every time. Nor always a value: a map that holds itself
     * inside a key decodes when it is still empty as that key goes in, but written again the key may come after
     * other entries, and then it cannot be hashed.
     */
    static void readAgain(Blit blit, Object value) {
        byte[] again = blit.toBytes(value);
        try {
            blit.fromBytes(again);
        } catch (BlitException e) {
            mustNameAnOffset(e);
        }
    }

    /**
     * What the fuzz targets over registered, named and compatible-mode classes demand of any input: it decodes,
     * and what it decodes writes again and reads back ({@link #readAgain}), or it fails with a
     * {@link BlitException} naming an offset.
     */
    static void decodeAndWriteAgain(Blit blit, byte[] input) {
        Object value;
        try {
            value = blit.fromBytes(input);
        } catch (BlitException expected) {
            mustNameAnOffset(expected);
            return;
        }
        readAgain(blit, value);
    }

    static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder(bytes.length * 3);
        for (byte x : bytes) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(Character.forDigit((x >> 4) & 0xF, 16)).append(Character.forDigit(x & 0xF, 16));
        }
        return sb.toString();
    }

    /** @return the bytes of a string of hex pairs; spaces are ignored */
    static byte[] bytes(String hex) {
        String s = hex.replace(" ", "");
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }
}
