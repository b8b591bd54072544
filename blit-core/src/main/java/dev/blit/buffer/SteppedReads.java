package dev.blit.buffer;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * The general path of {@link ReadBuffer}'s array and string readers, apart from the buffer's hot fast paths:
 * an array that is null, long, or not yet all in the window. Its elements are read in window-sized steps into
 * an array that grows as they arrive, so that a length from a stream (which cannot be checked against the
 * input) is never allocated far ahead of its bytes. Uses only the buffer's cursor methods.
 */
final class SteppedReads {
    /** Largest allocation made on the word of a stream before the bytes have arrived. */
    static final int TRUST_STEP = 1 << 16;

    private SteppedReads() {
    }

    /** Copies {@code n} elements from little-endian bytes (one of {@link Bulk}'s readers). */
    interface Decoder<A> {
        void decode(byte[] src, int off, A dst, int from, int n);
    }

    /** A copy of an array with a new length ({@code Arrays::copyOf} of its type). */
    interface Grow<A> {
        A copyOf(A a, int length);
    }

    /** Reads exactly {@code n} bytes into a new array, growing it as they arrive from a stream. */
    static byte[] raw(ReadBuffer in, int n) {
        byte[] out = new byte[Math.min(n, TRUST_STEP)];
        int done = 0;
        while (done < n) {
            if (done == out.length) {
                out = Arrays.copyOf(out, (int) Math.min(n, (long) out.length * 2));
            }
            int step = out.length - done;
            in.readBytes(out, done, step);
            done += step;
        }
        return out;
    }

    /**
     * A whole primitive array: its length header ({@link ReadBuffer#readLength}, which checks and charges it),
     * then {@link #elements}.
     *
     * @param size    the size of one element in bytes
     * @param create  a new array of a given length
     * @param decoder copies elements from bytes
     * @param grow    a copy with a new length
     * @return the array, or null
     */
    static <A> A array(ReadBuffer in, int size, IntFunction<A> create, Decoder<A> decoder, Grow<A> grow) {
        int length = in.readLength(size);
        return length < 0 ? null : elements(in, length, size, create, decoder, grow);
    }

    /** {@link #array} after the header, and the UTF-16 string reader: {@code length} elements. */
    static <A> A elements(ReadBuffer in, int length, int size, IntFunction<A> create, Decoder<A> decoder,
                          Grow<A> grow) {
        return elements(in, length, size, size, create, decoder, grow);
    }

    /**
     * {@link #elements(ReadBuffer, int, int, IntFunction, Decoder, Grow)} for elements that take {@code size}
     * bytes of input and {@code memory} bytes once read (the compact form of an int[] or long[]): the first
     * step from a stream is {@link #TRUST_STEP} bytes of memory, not of input.
     */
    static <A> A elements(ReadBuffer in, int length, int size, int memory, IntFunction<A> create, Decoder<A> decoder,
                          Grow<A> grow) {
        int capacity = in.isStream() ? Math.min(length, TRUST_STEP / memory) : length;
        A dst = create.apply(capacity);
        int done = 0;
        while (done < length) {
            if (done == capacity) {
                capacity = (int) Math.min(length, (long) capacity * 2);
                dst = grow.copyOf(dst, capacity);
            }
            int avail = in.buffered() / size;
            if (avail == 0) {
                in.require(size, (int) Math.min(Integer.MAX_VALUE, (long) (length - done) * size));
                avail = in.buffered() / size;
            }
            int n = Math.min(capacity - done, avail);
            int p = in.take(n * size);
            decoder.decode(in.array(), p, dst, done, n);
            done += n;
        }
        return dst;
    }
}
