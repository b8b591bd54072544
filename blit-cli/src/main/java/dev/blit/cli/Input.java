package dev.blit.cli;

import dev.blit.BlitException;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A cursor over bytes held whole (a mapped file or what stdin gave), read by absolute offset so that the
 * hex view can show any range again. Every failure is a {@link BlitException} naming the offset. A file over
 * 2 GiB is held as several mappings ({@link #CHUNK} bytes each, the last shorter), one {@code ByteBuffer}'s
 * int offsets being too small for it.
 */
final class Input {
    /** The bytes of each mapping of a file too big for one. */
    static final long CHUNK = 1L << 30;
    private static final int SHIFT = 30;
    private static final long MASK = CHUNK - 1;
    /** The most bytes {@link #slice} copies where a range spans two mappings. */
    private static final long MAX_COPY = 64L << 20;

    private final ByteBuffer buf;
    /** {@link #buf} alone, or its mappings for a file over {@link #CHUNK} bytes. */
    private final ByteBuffer[] chunks;
    private final long size;
    long pos;
    long limit;

    Input(ByteBuffer buf) {
        this.buf = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        this.chunks = null;
        this.size = buf.limit();
        this.limit = size;
    }

    /**
     * @param chunks the mappings of a file, {@link #CHUNK} bytes each but the last
     * @param size   their total
     */
    Input(ByteBuffer[] chunks, long size) {
        this.chunks = new ByteBuffer[chunks.length];
        for (int i = 0; i < chunks.length; i++) {
            this.chunks[i] = chunks[i].duplicate().order(ByteOrder.LITTLE_ENDIAN);
        }
        this.buf = this.chunks.length == 1 ? this.chunks[0] : null;
        this.size = size;
        this.limit = size;
    }

    long size() {
        return size;
    }

    long remaining() {
        return limit - pos;
    }

    /**
     * @return a view of {@code length} bytes at an absolute offset, for checksums and a class's own reader; a
     *         copy where they span two mappings (up to {@link #MAX_COPY} bytes; a longer range is cut there)
     */
    ByteBuffer slice(long from, long length) {
        if (buf != null) {
            return buf.slice((int) from, (int) length);
        }
        ByteBuffer c = chunks[(int) (from >>> SHIFT)];
        int at = (int) (from & MASK);
        if (at + length <= c.limit()) {
            return c.slice(at, (int) length);
        }
        if (length > MAX_COPY) {
            return c.slice(at, c.limit() - at);
        }
        byte[] copy = new byte[(int) length];
        for (int i = 0; i < copy.length; i++) {
            copy[i] = get(from + i);
        }
        return ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
    }

    private byte get(long at) {
        if (buf != null) {
            return buf.get((int) at);
        }
        if (at < 0 || at >= size) {
            throw new IndexOutOfBoundsException("offset " + at + " of " + size);
        }
        return chunks[(int) (at >>> SHIFT)].get((int) (at & MASK));
    }

    /** Little-endian, {@code n} bytes at {@code at}, across two mappings if it must. */
    private long bytes(long at, int n) {
        if (buf != null || (at & MASK) + n <= CHUNK) {
            ByteBuffer b = buf != null ? buf : chunks[(int) (at >>> SHIFT)];
            int i = buf != null ? (int) at : (int) (at & MASK);
            return switch (n) {
                case 2 -> b.getShort(i);
                case 4 -> b.getInt(i);
                default -> b.getLong(i);
            };
        }
        long v = 0;
        for (int k = 0; k < n; k++) {
            v |= (get(at + k) & 0xffL) << (8 * k);
        }
        return v;
    }

    long i64At(long at) {
        return bytes(at, 8);
    }

    int i32At(long at) {
        return (int) bytes(at, 4);
    }

    /** @return the byte at an absolute offset, for the hex view */
    int byteAt(long at) {
        return get(at) & 0xff;
    }

    void require(long n) {
        if (n > limit - pos) {
            throw new BlitException("truncated: " + n + " byte" + (n == 1 ? "" : "s") + " needed at offset " + pos
                    + ", " + (limit - pos) + " remain");
        }
    }

    /** @return the next byte, not consumed, or -1 at the end of the input */
    int peek() {
        return pos < limit ? get(pos) & 0xff : -1;
    }

    int u8() {
        require(1);
        return get(pos++) & 0xff;
    }

    short i16() {
        require(2);
        short v = (short) bytes(pos, 2);
        pos += 2;
        return v;
    }

    int i32() {
        require(4);
        int v = (int) bytes(pos, 4);
        pos += 4;
        return v;
    }

    long i64() {
        require(8);
        long v = bytes(pos, 8);
        pos += 8;
        return v;
    }

    boolean bool() {
        long at = pos;
        int b = u8();
        if (b > 1) {
            throw new BlitException("bool byte " + b + " at offset " + at + " is neither 00 nor 01");
        }
        return b == 1;
    }

    /** Unsigned LEB128 of at most {@code bits} bits (32 or 64), overlong bits rejected as FORMAT.md says. */
    long uvar(int bits) {
        long at = pos;
        long v = 0;
        int maxBytes = bits == 32 ? 5 : 10;
        for (int i = 0; i < maxBytes; i++) {
            if (pos >= limit) {
                throw new BlitException("truncated: varint at offset " + at + " runs past the end of the input (offset " + limit + ")");
            }
            int b = get(pos++) & 0xff;
            if (i == maxBytes - 1 && (b & 0x80) == 0 && (b >>> (bits - 7 * i)) != 0) {
                throw new BlitException("malformed varint at offset " + at + ": more than " + bits + " bits");
            }
            v |= (long) (b & 0x7f) << (7 * i);
            if ((b & 0x80) == 0) {
                return v;
            }
        }
        throw new BlitException("malformed varint at offset " + at + ": longer than " + maxBytes + " bytes");
    }

    int uvar32() {
        return (int) uvar(32);
    }

    long svar(int bits) {
        long v = uvar(bits);
        if (bits == 32) {
            int u = (int) v;
            return (u >>> 1) ^ -(u & 1);
        }
        return (v >>> 1) ^ -(v & 1);
    }

    /** A count of items that take at least {@code minBytes} each, checked against the bytes that remain. */
    int count(int minBytes, String what) {
        long at = pos;
        long n = uvar(32) & 0xffffffffL;
        if (n * minBytes > remaining()) {
            throw new BlitException(what + " " + n + " at offset " + at + " needs at least " + n * minBytes
                    + " bytes, " + remaining() + " remain");
        }
        return (int) n;
    }

    /**
     * A class's package or its name in the package (FORMAT.md, "Classes written by name", {@code name}): six
     * bits a character, or {@code 00} and a {@code str}; decoded and checked as the library does.
     *
     * @param pkg whether it is a package
     * @return the name; null for the string form's null, which the caller refuses
     */
    String name(boolean pkg) {
        long at = pos;
        long h = uvar(32) & 0xffffffffL;
        if (h == 0) {
            return str();
        }
        int n = dev.blit.internal.PackedNames.length(h, at, pkg ? "package name" : "class name");
        int bytes = dev.blit.internal.PackedNames.bytes(n);
        if (bytes > remaining()) {
            throw new BlitException("truncated: packed name at offset " + at + " declares " + n + " chars (" + bytes
                    + " bytes), " + remaining() + " remain");
        }
        byte[] packed = new byte[bytes];
        for (int i = 0; i < bytes; i++) {
            packed[i] = get(pos++);
        }
        return dev.blit.internal.PackedNames.decode(packed, n, pkg, at);
    }

    /** @return a {@code str}: null for the null header */
    String str() {
        return str(Integer.MAX_VALUE);
    }

    /**
     * A {@code str} as {@link Names#quote} shows it: only its first {@link Names#SHOWN_CHARS} chars are decoded,
     * the rest skipped (the library checks nothing in a string's chars, only its length), so that one string of
     * a hundred million chars costs no memory.
     *
     * @return the quoted string, with its length if it was cut; null for the null header
     */
    String quotedStr() {
        String s = str(Names.SHOWN_CHARS);
        return s == null ? null : Names.quote(s, lastLength);
    }

    /** The length in chars of the last string {@link #str(int)} read. */
    private long lastLength;

    /** @param keep how many of its chars to decode: the others are skipped */
    private String str(int keep) {
        long at = pos;
        long h = uvar(32) & 0xffffffffL;
        if (h == 0) {
            return null;
        }
        long length = (h - 1) >>> 1;
        boolean utf16 = ((h - 1) & 1) != 0;
        long bytes = utf16 ? length * 2 : length;
        if (bytes > remaining()) {
            throw new BlitException("truncated: string at offset " + at + " declares " + length + " chars (" + bytes
                    + " bytes), " + remaining() + " remain");
        }
        long end = pos + bytes;
        char[] cs = new char[(int) Math.min(length, keep)];
        for (int i = 0; i < cs.length; i++) {
            if (utf16) {
                cs[i] = (char) bytes(pos, 2);
                pos += 2;
            } else {
                cs[i] = (char) (get(pos++) & 0xff);
            }
        }
        pos = end;
        lastLength = length;
        return new String(cs);
    }
}
