package dev.blit.buffer;

import dev.blit.BlitException;

import java.util.Arrays;

/**
 * The compact form of {@code int[]} and {@code long[]} (FORMAT.md, "Primitive arrays"): every element in the
 * fewest bytes that hold them all (1 to 3 for an int[], 1 to 7 for a long[]), little-endian two's complement,
 * sign-extended on read.
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

    /** What the messages call each array (also the budget's label: a constant, built once). */
    private static final String INTS = "a compact int[]";
    private static final String LONGS = "a compact long[]";

    private Narrow() {
    }

    /** @return 1 to 4: the fewest bytes that hold every element as a signed number */
    static int width(int[] a) {
        int bits = 0;
        for (int v : a) {
            bits |= v ^ (v >> 31); // the magnitude of a negative number as ~v: the sign bit is clear either way
        }
        return (32 - Integer.numberOfLeadingZeros(bits) + 8) >>> 3; // its bits, one for the sign, in bytes
    }

    /** @return 1 to 8: the fewest bytes that hold every element as a signed number */
    static int width(long[] a) {
        long bits = 0;
        for (long v : a) {
            bits |= v ^ (v >> 63);
        }
        return (64 - Long.numberOfLeadingZeros(bits) + 8) >>> 3;
    }

    /**
     * @return whether {@code n} elements at {@code width} bytes, plus the escape and width bytes, take fewer
     *         bytes than at their full {@code size}: the writer's rule, and the reader's (one value, one encoding)
     */
    static boolean saves(int n, int width, int size) {
        return (long) n * (size - width) > 2;
    }

    // ---------------------------------------------------------------- writing and reading n elements at width w
    // Widths 1, 2 and 4 are copied with one store or load an element; 3, 5, 6 and 7 byte by byte.

    static void encode(byte[] dst, int off, int[] src, int from, int n, int w) {
        if (w == 1) {
            for (int i = 0; i < n; i++) {
                dst[off + i] = (byte) src[from + i];
            }
        } else if (w == 2) {
            for (int i = 0; i < n; i++) {
                WriteBuffer.SHORT.set(dst, off + (i << 1), (short) src[from + i]);
            }
        } else {
            for (int i = 0; i < n; i++) {
                put(dst, off + i * w, src[from + i], w);
            }
        }
    }

    static void encode(byte[] dst, int off, long[] src, int from, int n, int w) {
        if (w == 1) {
            for (int i = 0; i < n; i++) {
                dst[off + i] = (byte) src[from + i];
            }
        } else if (w == 2) {
            for (int i = 0; i < n; i++) {
                WriteBuffer.SHORT.set(dst, off + (i << 1), (short) src[from + i]);
            }
        } else if (w == 4) {
            for (int i = 0; i < n; i++) {
                WriteBuffer.INT.set(dst, off + (i << 2), (int) src[from + i]);
            }
        } else {
            for (int i = 0; i < n; i++) {
                put(dst, off + i * w, src[from + i], w);
            }
        }
    }

    private static void put(byte[] dst, int at, long v, int w) {
        for (int k = 0; k < w; k++) {
            dst[at + k] = (byte) (v >>> (k << 3));
        }
    }

    static void decode(byte[] src, int off, int[] dst, int from, int n, int w) {
        if (w == 1) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = src[off + i];
            }
        } else if (w == 2) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = (short) WriteBuffer.SHORT.get(src, off + (i << 1));
            }
        } else {
            for (int i = 0; i < n; i++) {
                dst[from + i] = (int) get(src, off + i * w, w);
            }
        }
    }

    static void decode(byte[] src, int off, long[] dst, int from, int n, int w) {
        if (w == 1) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = src[off + i];
            }
        } else if (w == 2) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = (short) WriteBuffer.SHORT.get(src, off + (i << 1));
            }
        } else if (w == 4) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = (int) WriteBuffer.INT.get(src, off + (i << 2));
            }
        } else {
            for (int i = 0; i < n; i++) {
                dst[from + i] = get(src, off + i * w, w);
            }
        }
    }

    /** @return {@code w} bytes at {@code at}, little-endian, sign-extended to 64 bits */
    private static long get(byte[] src, int at, int w) {
        long v = src[at + w - 1]; // the top byte, sign-extended
        for (int k = w - 2; k >= 0; k--) {
            v = v << 8 | (src[at + k] & 0xFF);
        }
        return v;
    }

    /**
     * {@link ReadBuffer#readCompactIntArray} when the plain form's fast path did not take it: the cursor is at
     * the escape, or at a header not yet in the window. Elements all in the window are copied at once; from a
     * stream, in window-sized steps.
     */
    static int[] ints(ReadBuffer in) {
        in.require(1);
        if (in.array()[in.take(0)] != ESCAPE) {
            return in.readIntArray(); // a plain header (a padded null one is refused by the caller)
        }
        long at = in.offset();
        int w = header(in, at, INTS, 4);
        int n = length(in, at, w, 4, INTS);
        int[] a;
        if (in.buffered() >= (long) n * w) { // all in the window (always, from memory): one direct copy
            a = new int[n];
            decode(in.array(), in.take(n * w), a, 0, n, w);
        } else {
            a = SteppedReads.elements(in, n, w, 4, int[]::new,
                    (src, off, dst, from, k) -> decode(src, off, dst, from, k, w), Arrays::copyOf);
        }
        return w == 1 ? a : checked(a, width(a), w, at, INTS);
    }

    /** {@link ReadBuffer#readCompactLongArray} when the plain form's fast path did not take it (see {@link #ints}). */
    static long[] longs(ReadBuffer in) {
        in.require(1);
        if (in.array()[in.take(0)] != ESCAPE) {
            return in.readLongArray();
        }
        long at = in.offset();
        int w = header(in, at, LONGS, 8);
        int n = length(in, at, w, 8, LONGS);
        long[] a;
        if (in.buffered() >= (long) n * w) {
            a = new long[n];
            decode(in.array(), in.take(n * w), a, 0, n, w);
        } else {
            a = SteppedReads.elements(in, n, w, 8, long[]::new,
                    (src, off, dst, from, k) -> decode(src, off, dst, from, k, w), Arrays::copyOf);
        }
        return w == 1 ? a : checked(a, width(a), w, at, LONGS);
    }

    /** Consumes the escape and the width byte: 1 up to the elements' {@code size} less one, never the full width. */
    private static int header(ReadBuffer in, long at, String what, int size) {
        in.readByte();
        int w = in.readByte() & 0xff;
        if (w < 1 || w >= size) {
            throw new BlitException("invalid element width " + w + " of " + what + " at offset " + (at + 1)
                    + " (1 to " + (size - 1) + ")");
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
        if (!saves(n, width, size)) {
            throw new BlitException(what + " at offset " + at + " is no smaller than the plain form (" + n
                    + (n == 1 ? " element" : " elements") + " of " + width + " bytes; the plain form is used then)");
        }
        in.charge((long) n * (size - width), at, what); // a constant: no string is built on the way that succeeds
        return n;
    }

    /** One value, one encoding: the narrow form is written only in the narrowest width (1 always is). */
    private static <A> A checked(A a, int needed, int w, long at, String what) {
        if (needed != w) {
            throw new BlitException(what + " at offset " + at + " has elements " + w
                    + " bytes wide where " + needed + " hold every one (the narrow form uses the narrowest width)");
        }
        return a;
    }
}
