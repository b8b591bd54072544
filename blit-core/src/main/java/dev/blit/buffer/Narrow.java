package dev.blit.buffer;

import dev.blit.BlitException;

import java.util.Arrays;

/**
 * The compact form of {@code int[]} and {@code long[]} (FORMAT.md, "Primitive arrays"): every element in the
 * narrowest of 1, 2 or 4 bytes that holds them all, little-endian two's complement, sign-extended on read.
 *
 * <p>Why a width for the whole array and not a varint per element, as Kryo writes them: the quantities,
 * counts, ids and offsets that fill such arrays are mostly of one magnitude, so one width loses little to
 * varints, and it keeps what makes Blit's arrays fast. Finding the width is one pass of OR; copying at a
 * fixed width is a loop without a branch per element, and a reader knows the array's size from its header,
 * so a length is checked and charged once, as for the plain form. Where the elements need their full width,
 * the writer falls back to the plain form, so a compact array is never larger than a plain one.
 */
final class Narrow {
    /** The byte that starts the narrow form where a tagged array's header would be (the null header). */
    static final byte ESCAPE = 0;
    /** Why a compact array cannot be null, for the writers' null check. */
    static final String NOT_NULL = "a compact array cannot be null (its null header starts the narrow form); "
            + "write a nullable array with writeIntArray or writeLongArray";

    private Narrow() {
    }

    /** @return 1, 2 or 4: the fewest bytes that hold every element as a signed number */
    static int width(int[] a) {
        int bits = 0;
        for (int v : a) {
            bits |= v ^ (v >> 31); // the magnitude of a negative number as ~v: the sign bit is clear either way
        }
        return bits < 0x80 ? 1 : bits < 0x8000 ? 2 : 4;
    }

    /** @return 1, 2, 4 or 8: the fewest bytes that hold every element as a signed number */
    static int width(long[] a) {
        long bits = 0;
        for (long v : a) {
            bits |= v ^ (v >> 63);
        }
        return bits < 0x80 ? 1 : bits < 0x8000 ? 2 : bits < 0x8000_0000L ? 4 : 8;
    }

    // ---------------------------------------------------------------- writing (WriteBuffer.Encoder's shape)

    static void intsTo1(byte[] dst, int off, int[] src, int from, int n) {
        for (int i = 0; i < n; i++) {
            dst[off + i] = (byte) src[from + i];
        }
    }

    static void intsTo2(byte[] dst, int off, int[] src, int from, int n) {
        for (int i = 0; i < n; i++) {
            WriteBuffer.SHORT.set(dst, off + (i << 1), (short) src[from + i]);
        }
    }

    static void longsTo1(byte[] dst, int off, long[] src, int from, int n) {
        for (int i = 0; i < n; i++) {
            dst[off + i] = (byte) src[from + i];
        }
    }

    static void longsTo2(byte[] dst, int off, long[] src, int from, int n) {
        for (int i = 0; i < n; i++) {
            WriteBuffer.SHORT.set(dst, off + (i << 1), (short) src[from + i]);
        }
    }

    static void longsTo4(byte[] dst, int off, long[] src, int from, int n) {
        for (int i = 0; i < n; i++) {
            WriteBuffer.INT.set(dst, off + (i << 2), (int) src[from + i]);
        }
    }

    // ---------------------------------------------------------------- reading (SteppedReads.Decoder's shape)

    static void intsFrom1(byte[] src, int off, int[] dst, int from, int n) {
        for (int i = 0; i < n; i++) {
            dst[from + i] = src[off + i];
        }
    }

    static void intsFrom2(byte[] src, int off, int[] dst, int from, int n) {
        for (int i = 0; i < n; i++) {
            dst[from + i] = (short) WriteBuffer.SHORT.get(src, off + (i << 1));
        }
    }

    static void longsFrom1(byte[] src, int off, long[] dst, int from, int n) {
        for (int i = 0; i < n; i++) {
            dst[from + i] = src[off + i];
        }
    }

    static void longsFrom2(byte[] src, int off, long[] dst, int from, int n) {
        for (int i = 0; i < n; i++) {
            dst[from + i] = (short) WriteBuffer.SHORT.get(src, off + (i << 1));
        }
    }

    static void longsFrom4(byte[] src, int off, long[] dst, int from, int n) {
        for (int i = 0; i < n; i++) {
            dst[from + i] = (int) WriteBuffer.INT.get(src, off + (i << 2));
        }
    }

    /**
     * {@link ReadBuffer#readCompactIntArray} when the plain form's fast path did not take it: the cursor is at
     * the escape, or at a header not yet in the window. Elements all in the window are copied at once; from a
     * stream, in window-sized steps.
     */
    static int[] ints(ReadBuffer in) {
        in.require(1);
        if (in.array()[in.take(0)] != ESCAPE) {
            return in.readIntArray(); // a plain header, never the null one
        }
        long at = in.offset();
        int w = header(in, at, "int[]", 2);
        int n = length(in, at, w, 4, "a compact int[]");
        int[] a;
        if (in.buffered() >= (long) n * w) { // all in the window (always, from memory): one direct copy
            a = new int[n];
            int p = in.take(n * w);
            if (w == 1) {
                intsFrom1(in.array(), p, a, 0, n);
            } else {
                intsFrom2(in.array(), p, a, 0, n);
            }
        } else {
            a = SteppedReads.elements(in, n, w, 4, int[]::new, w == 1 ? Narrow::intsFrom1 : Narrow::intsFrom2, Arrays::copyOf);
        }
        return w == 1 ? a : checked(a, width(a), w, at, "int[]");
    }

    /** {@link ReadBuffer#readCompactLongArray} when the plain form's fast path did not take it (see {@link #ints}). */
    static long[] longs(ReadBuffer in) {
        in.require(1);
        if (in.array()[in.take(0)] != ESCAPE) {
            return in.readLongArray();
        }
        long at = in.offset();
        int w = header(in, at, "long[]", 4);
        int n = length(in, at, w, 8, "a compact long[]");
        long[] a;
        if (in.buffered() >= (long) n * w) {
            a = new long[n];
            int p = in.take(n * w);
            if (w == 1) {
                longsFrom1(in.array(), p, a, 0, n);
            } else if (w == 2) {
                longsFrom2(in.array(), p, a, 0, n);
            } else {
                longsFrom4(in.array(), p, a, 0, n);
            }
        } else {
            a = SteppedReads.elements(in, n, w, 8, long[]::new,
                    w == 1 ? Narrow::longsFrom1 : w == 2 ? Narrow::longsFrom2 : Narrow::longsFrom4, Arrays::copyOf);
        }
        return w == 1 ? a : checked(a, width(a), w, at, "long[]");
    }

    /** Consumes the escape and the width byte: 1, 2, or {@code widest} (4 for a long[]), never the full width. */
    private static int header(ReadBuffer in, long at, String type, int widest) {
        in.readByte();
        int w = in.readByte() & 0xff;
        if (w != 1 && w != 2 && w != widest) {
            throw new BlitException("invalid element width " + w + " of a compact " + type + " at offset " + (at + 1)
                    + (widest > 2 ? " (1, 2 or 4)" : " (1 or 2)"));
        }
        return w;
    }

    /** The length header, checked against the input and the limits, charged at the elements' full size. */
    private static int length(ReadBuffer in, long at, int width, int size, String what) {
        int n = in.readLength(width); // checks n * width against the input, charges n * width
        if (n <= 0) {
            throw new BlitException(what + " at offset " + at + " must have at least one element"
                    + " (an empty or null header after the width at offset " + (at + 2) + ")");
        }
        in.charge((long) n * (size - width), at, what); // a constant: no string is built on the way that succeeds
        return n;
    }

    /** One value, one encoding: the narrow form is written only in the narrowest width (1 always is). */
    private static <A> A checked(A a, int needed, int w, long at, String type) {
        if (needed != w) {
            throw new BlitException("a compact " + type + " at offset " + at + " has elements " + w
                    + " bytes wide where " + needed + " hold every one (the narrow form uses the narrowest width)");
        }
        return a;
    }
}
