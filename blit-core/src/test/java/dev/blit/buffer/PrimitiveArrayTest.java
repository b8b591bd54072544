package dev.blit.buffer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;
import java.util.function.BiConsumer;
import java.util.function.Function;

import static dev.blit.buffer.Bytes.encodes;
import static dev.blit.buffer.Bytes.hex;
import static dev.blit.buffer.Bytes.rejectedAt;
import static dev.blit.buffer.Bytes.roundTrip;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Primitive arrays at the lengths around {@code Bulk}'s switch from a VarHandle loop to ByteBuffer views (32),
 * around the one-byte header of the small-array fast path (126 elements; 127 take two bytes), and long enough to span many staging areas, through every backend.
 */
class PrimitiveArrayTest {

    private static int header(int n) {
        return WriteBuffer.varIntSize(n + 1L);
    }

    private static <A> void roundTripArray(A array, int n, int size, BiConsumer<WriteBuffer, A> writer,
                                           Function<ReadBuffer, A> reader) {
        roundTrip(header(n) + n * size, out -> writer.accept(out, array), reader, array);
        // Misaligned by one to seven bytes, so elements straddle the staging area and read window (a long
        // array's three-byte header misaligns it already).
        for (int pad = 1; pad < 8 && n <= 1000; pad += 3) {
            byte[] padding = new byte[pad];
            int skip = pad;
            roundTrip(pad + header(n) + n * size, out -> {
                out.writeBytes(padding, 0, skip);
                writer.accept(out, array);
            }, in -> {
                in.readBytes(new byte[skip], 0, skip);
                return reader.apply(in);
            }, array);
        }
    }

    @ParameterizedTest(name = "{0} elements")
    @ValueSource(ints = {0, 1, 31, 32, 33, 126, 127, 128, 1000, 100_000})
    void everyPrimitiveArrayRoundTripsThroughEveryBackend(int n) {
        Random r = new Random(n);
        boolean[] z = new boolean[n];
        byte[] b = new byte[n];
        short[] s = new short[n];
        char[] c = new char[n];
        int[] i = new int[n];
        long[] l = new long[n];
        float[] f = new float[n];
        double[] d = new double[n];
        for (int k = 0; k < n; k++) {
            z[k] = r.nextBoolean();
            b[k] = (byte) r.nextInt();
            s[k] = (short) r.nextInt();
            c[k] = (char) r.nextInt();
            i[k] = r.nextInt();
            l[k] = r.nextLong();
            f[k] = Float.intBitsToFloat(r.nextInt());
            d[k] = Double.longBitsToDouble(r.nextLong());
        }
        roundTripArray(z, n, 1, WriteBuffer::writeBooleanArray, ReadBuffer::readBooleanArray);
        roundTripArray(b, n, 1, WriteBuffer::writeByteArray, ReadBuffer::readByteArray);
        roundTripArray(s, n, 2, WriteBuffer::writeShortArray, ReadBuffer::readShortArray);
        roundTripArray(c, n, 2, WriteBuffer::writeCharArray, ReadBuffer::readCharArray);
        roundTripArray(i, n, 4, WriteBuffer::writeIntArray, ReadBuffer::readIntArray);
        roundTripArray(l, n, 8, WriteBuffer::writeLongArray, ReadBuffer::readLongArray);
        roundTripArray(f, n, 4, WriteBuffer::writeFloatArray, ReadBuffer::readFloatArray);
        roundTripArray(d, n, 8, WriteBuffer::writeDoubleArray, ReadBuffer::readDoubleArray);
    }

    @Test
    void nullArraysAreAZeroHeader() {
        encodes("00", out -> out.writeBooleanArray(null), ReadBuffer::readBooleanArray, null);
        encodes("00", out -> out.writeByteArray(null), ReadBuffer::readByteArray, null);
        encodes("00", out -> out.writeShortArray(null), ReadBuffer::readShortArray, null);
        encodes("00", out -> out.writeCharArray(null), ReadBuffer::readCharArray, null);
        encodes("00", out -> out.writeIntArray(null), ReadBuffer::readIntArray, null);
        encodes("00", out -> out.writeLongArray(null), ReadBuffer::readLongArray, null);
        encodes("00", out -> out.writeFloatArray(null), ReadBuffer::readFloatArray, null);
        encodes("00", out -> out.writeDoubleArray(null), ReadBuffer::readDoubleArray, null);
    }

    @Test
    void elementsAreFixedWidthLittleEndian() {
        encodes("03 01 00", out -> out.writeBooleanArray(new boolean[] {true, false}), ReadBuffer::readBooleanArray,
                new boolean[] {true, false});
        encodes("03 ff 01", out -> out.writeByteArray(new byte[] {-1, 1}), ReadBuffer::readByteArray, new byte[] {-1, 1});
        encodes("03 34 12 ff ff", out -> out.writeShortArray(new short[] {0x1234, -1}), ReadBuffer::readShortArray,
                new short[] {0x1234, -1});
        encodes("02 ac 20", out -> out.writeCharArray(new char[] {'€'}), ReadBuffer::readCharArray, new char[] {'€'});
        encodes("03 01 00 00 00 ff ff ff ff", out -> out.writeIntArray(new int[] {1, -1}), ReadBuffer::readIntArray,
                new int[] {1, -1});
        encodes("02 08 07 06 05 04 03 02 01", out -> out.writeLongArray(new long[] {0x0102030405060708L}),
                ReadBuffer::readLongArray, new long[] {0x0102030405060708L});
        encodes("02 00 00 80 3f", out -> out.writeFloatArray(new float[] {1f}), ReadBuffer::readFloatArray, new float[] {1f});
        encodes("02 00 00 00 00 00 00 f0 3f", out -> out.writeDoubleArray(new double[] {1d}), ReadBuffer::readDoubleArray,
                new double[] {1d});
    }

    /** Both the short loop and the ByteBuffer-view path must copy raw bits. */
    @ParameterizedTest(name = "{0} elements")
    @ValueSource(ints = {4, 32, 33, 100, 5000})
    void floatAndDoubleArraysKeepNaNPayloadsAndNegativeZero(int n) {
        int[] floatBits = {0x7fc12345, 0xffc00001, 0x80000000, 0x7f800001, 0x7fbfffff, 0xff800000};
        long[] doubleBits = {0x7ff8000000abcdefL, 0xfff8000000000001L, 0x8000000000000000L, 0x7ff0000000000001L,
                0x7ff7ffffffffffffL};
        float[] f = new float[n];
        double[] d = new double[n];
        for (int k = 0; k < n; k++) {
            f[k] = Float.intBitsToFloat(floatBits[k % floatBits.length]);
            d[k] = Double.longBitsToDouble(doubleBits[k % doubleBits.length]);
        }
        byte[] fb = roundTrip(header(n) + 4 * n, out -> out.writeFloatArray(f), ReadBuffer::readFloatArray, f);
        byte[] db = roundTrip(header(n) + 8 * n, out -> out.writeDoubleArray(d), ReadBuffer::readDoubleArray, d);
        ReadBuffer fin = ReadBuffer.of(fb, header(n), fb.length - header(n));
        for (int k = 0; k < n; k++) {
            assertEquals(Float.floatToRawIntBits(f[k]), fin.readInt(), "float bits on the wire");
        }
        ReadBuffer din = ReadBuffer.of(db, header(n), db.length - header(n));
        for (int k = 0; k < n; k++) {
            assertEquals(Double.doubleToRawLongBits(d[k]), din.readLong(), "double bits on the wire");
        }
    }

    @Test
    void booleanArraysRejectBytesOtherThanZeroOrOne() {
        rejectedAt(3, hex("04 01 00 02"), ReadBuffer::readBooleanArray);
        rejectedAt(1, hex("04 ff 00 01"), ReadBuffer::readBooleanArray);
        byte[] long1 = new byte[3 + 20_000];
        long1[0] = (byte) 0xa1;
        long1[1] = (byte) 0x9c;
        long1[2] = 0x01; // 20001 -> 20000 elements
        long1[3 + 12_345] = 7;
        rejectedAt(3 + 12_345, long1, ReadBuffer::readBooleanArray);
    }

    @Test
    void bytesAreCopiedNotShared() {
        byte[] input = hex("03 0a 0b");
        byte[] out = ReadBuffer.of(input).readByteArray();
        input[1] = 0;
        assertArrayEquals(new byte[] {0x0a, 0x0b}, out);
    }
}
