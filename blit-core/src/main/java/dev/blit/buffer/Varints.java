package dev.blit.buffer;

/**
 * The varint decoding of {@link ReadBuffer} past its one-byte fast path, apart from the buffer so that the
 * buffer stays a readable size. Three paths, fastest first: the varint's longest form is in the window
 * (decoded from the array, unrolled for the first bytes, since the JIT does not unroll a loop with an exit
 * per byte); it starts within a few bytes of the window's end, as a message's last field does, and ends there
 * (decoded from the array); otherwise byte by byte through {@link ReadBuffer#readByte()}, which refills from a
 * stream or reports the truncation. All three accept and reject exactly the same bytes
 * ({@code EveryBackendReadsAnyInputAlikeTest} pits them against each other).
 */
final class Varints {
    private Varints() {
    }

    /** An unsigned varint of at most five bytes whose first byte is not a whole value in the window. */
    static int intTail(ReadBuffer in) {
        int p = in.position;
        if (in.limit - p < 5) {
            int v = nearTheEnd(in, p);
            return v >= 0 ? v : (int) byteByByte(in, 35, 32);
        }
        int v = upToTwoBytes(in, p);
        if (v >= 0) {
            return v;
        }
        byte[] a = in.array;
        int x = (a[p] & 0x7F) | ((a[p + 1] & 0x7F) << 7);
        int y = a[p + 2];
        if (y >= 0) {
            in.position = p + 3;
            return x | (y << 14);
        }
        x |= (y & 0x7F) << 14;
        y = a[p + 3];
        if (y >= 0) {
            in.position = p + 4;
            return x | (y << 21);
        }
        x |= (y & 0x7F) << 21;
        y = a[p + 4];
        if ((y & 0xF0) == 0) { // the last of five bytes: no continuation bit, nothing past bit 31
            in.position = p + 5;
            return x | (y << 28);
        }
        throw ReadErrors.malformedVarint(32, in.offset());
    }

    /** An unsigned varint of at most ten bytes: the first two unrolled, the rest in a loop. */
    static long readLong(ReadBuffer in) {
        int p = in.position;
        if (in.limit - p < 10) {
            int v = nearTheEnd(in, p);
            return v >= 0 ? v : byteByByte(in, 70, 64);
        }
        int two = upToTwoBytes(in, p);
        if (two >= 0) {
            return two;
        }
        byte[] a = in.array;
        long v = (a[p] & 0x7F) | ((a[p + 1] & 0x7F) << 7);
        p += 2;
        for (int shift = 14; shift < 70; shift += 7) {
            byte b = a[p++];
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift == 63 && (b & 0xFE) != 0) {
                    break;
                }
                in.position = p;
                return v;
            }
        }
        throw ReadErrors.malformedVarint(64, in.offset());
    }

    /** A varint of one or two bytes at {@code p} (two bytes in the window); -1, consuming nothing, for a longer one. */
    private static int upToTwoBytes(ReadBuffer in, int p) {
        byte[] a = in.array;
        int x = a[p];
        if (x >= 0) {
            in.position = p + 1;
            return x;
        }
        int y = a[p + 1];
        if (y >= 0) {
            in.position = p + 2;
            return (x & 0x7F) | (y << 7);
        }
        return -1;
    }

    /**
     * A varint that starts fewer than five bytes (ten for a long) before the end of the window: decoded from
     * the array when it ends there, in at most four bytes (28 bits, so neither an overflow nor a sign to
     * check). Otherwise -1, consuming nothing.
     */
    private static int nearTheEnd(ReadBuffer in, int p) {
        byte[] a = in.array;
        int end = Math.min(in.limit, p + 4);
        int v = 0;
        for (int q = p, shift = 0; q < end; q++, shift += 7) {
            int b = a[q];
            v |= (b & 0x7F) << shift;
            if (b >= 0) {
                in.position = q + 1;
                return v;
            }
        }
        return -1;
    }

    private static long byteByByte(ReadBuffer in, int maxShift, int bits) {
        long start = in.offset();
        long v = 0;
        for (int shift = 0; shift < maxShift; shift += 7) {
            byte b = in.readByte();
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                if (shift + 7 > bits && (b & 0x7F) >>> (bits - shift) != 0) {
                    break;
                }
                return v;
            }
        }
        throw ReadErrors.malformedVarint(bits, start);
    }
}
