package dev.blit.buffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Copies between primitive arrays and little-endian bytes. Short runs use VarHandle views in a loop (no
 * allocation, inlined); long runs go through {@code ByteBuffer} views, whose bulk operations are a
 * memcpy inside the JDK when the platform is little-endian. The crossover was picked with the buffer
 * benchmark in blit-bench.
 */
final class Bulk {
    static final int LOOP_MAX = 32;

    private Bulk() {
    }

    private static ByteBuffer view(byte[] a, int off, int len) {
        return ByteBuffer.wrap(a, off, len).order(ByteOrder.LITTLE_ENDIAN);
    }

    static void putShorts(byte[] dst, int off, short[] src, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                WriteBuffer.SHORT.set(dst, off + (i << 1), src[from + i]);
            }
        } else {
            view(dst, off, n << 1).asShortBuffer().put(src, from, n);
        }
    }

    static void putChars(byte[] dst, int off, char[] src, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                WriteBuffer.SHORT.set(dst, off + (i << 1), (short) src[from + i]);
            }
        } else {
            view(dst, off, n << 1).asCharBuffer().put(src, from, n);
        }
    }

    static void putInts(byte[] dst, int off, int[] src, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                WriteBuffer.INT.set(dst, off + (i << 2), src[from + i]);
            }
        } else {
            view(dst, off, n << 2).asIntBuffer().put(src, from, n);
        }
    }

    static void putLongs(byte[] dst, int off, long[] src, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                WriteBuffer.LONG.set(dst, off + (i << 3), src[from + i]);
            }
        } else {
            view(dst, off, n << 3).asLongBuffer().put(src, from, n);
        }
    }

    static void putFloats(byte[] dst, int off, float[] src, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                WriteBuffer.INT.set(dst, off + (i << 2), Float.floatToRawIntBits(src[from + i]));
            }
        } else {
            // FloatBuffer views copy raw bits, so NaN payloads survive.
            view(dst, off, n << 2).asFloatBuffer().put(src, from, n);
        }
    }

    static void putDoubles(byte[] dst, int off, double[] src, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                WriteBuffer.LONG.set(dst, off + (i << 3), Double.doubleToRawLongBits(src[from + i]));
            }
        } else {
            view(dst, off, n << 3).asDoubleBuffer().put(src, from, n);
        }
    }

    static void getShorts(byte[] src, int off, short[] dst, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = (short) WriteBuffer.SHORT.get(src, off + (i << 1));
            }
        } else {
            view(src, off, n << 1).asShortBuffer().get(dst, from, n);
        }
    }

    static void getChars(byte[] src, int off, char[] dst, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = (char) (short) WriteBuffer.SHORT.get(src, off + (i << 1));
            }
        } else {
            view(src, off, n << 1).asCharBuffer().get(dst, from, n);
        }
    }

    static void getInts(byte[] src, int off, int[] dst, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = (int) WriteBuffer.INT.get(src, off + (i << 2));
            }
        } else {
            view(src, off, n << 2).asIntBuffer().get(dst, from, n);
        }
    }

    static void getLongs(byte[] src, int off, long[] dst, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = (long) WriteBuffer.LONG.get(src, off + (i << 3));
            }
        } else {
            view(src, off, n << 3).asLongBuffer().get(dst, from, n);
        }
    }

    static void getFloats(byte[] src, int off, float[] dst, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = Float.intBitsToFloat((int) WriteBuffer.INT.get(src, off + (i << 2)));
            }
        } else {
            view(src, off, n << 2).asFloatBuffer().get(dst, from, n);
        }
    }

    static void getDoubles(byte[] src, int off, double[] dst, int from, int n) {
        if (n <= LOOP_MAX) {
            for (int i = 0; i < n; i++) {
                dst[from + i] = Double.longBitsToDouble((long) WriteBuffer.LONG.get(src, off + (i << 3)));
            }
        } else {
            view(src, off, n << 3).asDoubleBuffer().get(dst, from, n);
        }
    }
}
