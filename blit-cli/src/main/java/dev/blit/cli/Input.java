package dev.blit.cli;

import dev.blit.BlitException;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A cursor over bytes held whole (a mapped file or what stdin gave), read by absolute offset so that the
 * hex view can show any range again. Every failure is a {@link BlitException} naming the offset.
 */
final class Input {
    private final ByteBuffer buf;
    long pos;
    long limit;

    Input(ByteBuffer buf) {
        this.buf = buf.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        this.limit = buf.limit();
    }

    long size() {
        return buf.limit();
    }

    long remaining() {
        return limit - pos;
    }

    /** @return a view of {@code length} bytes at an absolute offset, for checksums */
    ByteBuffer slice(long from, long length) {
        return buf.slice((int) from, (int) length);
    }

    long i64At(long at) {
        return buf.getLong((int) at);
    }

    int i32At(long at) {
        return buf.getInt((int) at);
    }

    /** @return the byte at an absolute offset, for the hex view */
    int byteAt(long at) {
        return buf.get((int) at) & 0xff;
    }

    void require(long n) {
        if (n > limit - pos) {
            throw new BlitException("truncated: " + n + " byte" + (n == 1 ? "" : "s") + " needed at offset " + pos
                    + ", " + (limit - pos) + " remain");
        }
    }

    /** @return the next byte, not consumed, or -1 at the end of the input */
    int peek() {
        return pos < limit ? buf.get((int) pos) & 0xff : -1;
    }

    int u8() {
        require(1);
        return buf.get((int) pos++) & 0xff;
    }

    short i16() {
        require(2);
        short v = buf.getShort((int) pos);
        pos += 2;
        return v;
    }

    int i32() {
        require(4);
        int v = buf.getInt((int) pos);
        pos += 4;
        return v;
    }

    long i64() {
        require(8);
        long v = buf.getLong((int) pos);
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
            int b = buf.get((int) pos++) & 0xff;
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
            packed[i] = buf.get((int) pos++);
        }
        return dev.blit.internal.PackedNames.decode(packed, n, pkg, at);
    }

    /** @return a {@code str}: null for the null header */
    String str() {
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
        char[] cs = new char[(int) length];
        for (int i = 0; i < length; i++) {
            if (utf16) {
                cs[i] = (char) buf.getShort((int) pos);
                pos += 2;
            } else {
                cs[i] = (char) (buf.get((int) pos++) & 0xff);
            }
        }
        return new String(cs);
    }
}
