package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.util.Arrays;

/**
 * Names of classes written by name, six bits a character (FORMAT.md, "Classes written by name", {@code name}).
 * Java names are almost always ASCII letters, digits, {@code _} and, in a package, dots ({@code $} in a class's
 * name in its package): 64 characters, so six bits each instead of a Latin-1 string's eight. Fory packs names the
 * same way (its meta strings, five or six bits); without this, Blit's Order graph written by name was 116 bytes to
 * Fory's 108. Any other name (a {@code $} in a package, a letter outside ASCII) is written as a string after
 * {@code 00}.
 *
 * <pre>
 * name = uvar (n + 1), then ceil(6n / 8) bytes   # n characters, code i in bits 6i..6i+5 (low bits first)
 *      | 00 str                                  # any other name
 * </pre>
 * Codes 0..25 are {@code a..z}, 26..51 {@code A..Z}, 52..61 {@code 0..9}, 62 {@code _}, 63 {@code .} in a
 * package and {@code $} in a class's name in its package. The bits after the last code are zero. The library and
 * the dump decode with {@link #length} and {@link #decode}, so they refuse the same bytes.
 */
public final class PackedNames {
    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
    private static final char[] PACKAGE = (LETTERS + ".").toCharArray();
    private static final char[] CLASS = (LETTERS + "$").toCharArray();
    private static final byte[] PACKAGE_CODES = codes(PACKAGE);
    private static final byte[] CLASS_CODES = codes(CLASS);

    private PackedNames() {
    }

    private static byte[] codes(char[] alphabet) {
        byte[] codes = new byte[128];
        Arrays.fill(codes, (byte) -1);
        for (int i = 0; i < alphabet.length; i++) {
            codes[alphabet[i]] = (byte) i;
        }
        return codes;
    }

    /**
     * @param name a package ("" for the unnamed one) or a class's name in its package
     * @param pkg  whether it is a package
     * @return its bytes on the wire: packed when every character has a code, else {@code 00} and the string
     */
    static byte[] encode(String name, boolean pkg) {
        byte[] codes = pkg ? PACKAGE_CODES : CLASS_CODES;
        int n = name.length();
        WriteBuffer out = new WriteBuffer(8 + n);
        for (int i = 0; i < n; i++) {
            char c = name.charAt(i);
            if (c >= 128 || codes[c] < 0) {
                out.writeByte(0);
                out.writeString(name);
                return out.toByteArray();
            }
        }
        out.writeUnsignedVarInt(n + 1);
        long bits = 0;
        int held = 0;
        for (int i = 0; i < n; i++) {
            bits |= (long) codes[name.charAt(i)] << held;
            held += 6;
            while (held >= 8) {
                out.writeByte((int) bits);
                bits >>>= 8;
                held -= 8;
            }
        }
        if (held > 0) {
            out.writeByte((int) bits);
        }
        return out.toByteArray();
    }

    /**
     * @param header the {@code uvar} read, not 0, as an unsigned value
     * @param at     its offset
     * @param what   "package name" or "class name", for the message
     * @return the number of characters it announces
     * @throws BlitException over {@link NamedClasses#MAX_NAME}, before anything is allocated
     */
    public static int length(long header, long at, String what) {
        long n = header - 1;
        if (n > NamedClasses.MAX_NAME) {
            throw new BlitException(what + " of " + n + " chars at offset " + at + ": at most " + NamedClasses.MAX_NAME
                    + " are read");
        }
        return (int) n;
    }

    /**
     * @param n a packed name's characters
     * @return its bytes after the header
     */
    public static int bytes(int n) {
        return (6 * n + 7) >>> 3;
    }

    /**
     * @param packed {@link #bytes}{@code (n)} bytes read
     * @param n      the characters they hold
     * @param pkg    whether they are a package (code 63 is a dot) or a class's name in it ({@code $})
     * @param at     the offset of the name's header
     * @return the name
     * @throws BlitException if the bits after the last character are not zero
     */
    public static String decode(byte[] packed, int n, boolean pkg, long at) {
        char[] alphabet = pkg ? PACKAGE : CLASS;
        char[] cs = new char[n];
        long bits = 0;
        int held = 0;
        int next = 0;
        for (int i = 0; i < n; i++) {
            if (held < 6) {
                bits |= (packed[next++] & 0xffL) << held;
                held += 8;
            }
            cs[i] = alphabet[(int) (bits & 63)];
            bits >>>= 6;
            held -= 6;
        }
        if (bits != 0) {
            throw new BlitException("packed " + (pkg ? "package" : "class") + " name at offset " + at + ": the bits after its "
                    + n + " characters are not zero");
        }
        return new String(cs);
    }

    /**
     * Reads a {@code name}, as the library's readers do.
     *
     * @param in  the buffer
     * @param pkg whether it is a package
     * @return the name; null only for the string form's null, which the caller refuses with its offset
     */
    static String read(ReadBuffer in, boolean pkg) {
        long at = in.offset();
        int header = in.readUnsignedVarInt();
        if (header == 0) {
            return in.readString(); // bounded by the read limits, like every string
        }
        int n = length(Integer.toUnsignedLong(header), at, pkg ? "package name" : "class name");
        byte[] packed = new byte[bytes(n)];
        in.readBytes(packed, 0, packed.length);
        return decode(packed, n, pkg, at);
    }
}
