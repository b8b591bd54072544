package dev.blit.buffer;

import dev.blit.RoundTrip;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * For every value of every primitive kind, reading what was written gives the value back (bit for bit),
 * consumes exactly what was written, and the heap, fixed-region, ByteBuffer and stream writers agree on the
 * bytes. Lighter than {@link RoundTrip} per try, so it can try many values.
 */
class DecodeIsTheInverseOfEncodeTest {

    private static <T> void inverse(Consumer<WriteBuffer> writer, Function<ReadBuffer, T> reader, T value,
                                    int expectedLength) {
        WriteBuffer heap = new WriteBuffer(16);
        writer.accept(heap);
        byte[] bytes = heap.toByteArray();
        if (expectedLength >= 0) {
            assertEquals(expectedLength, bytes.length, "encoded length");
        }

        byte[] region = new byte[bytes.length + 3];
        WriteBuffer fixed = WriteBuffer.wrap(region, 3, bytes.length);
        writer.accept(fixed);
        assertArrayEquals(bytes, java.util.Arrays.copyOfRange(region, 3, region.length), "fixed region");

        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        WriteBuffer stream = WriteBuffer.to(sink);
        writer.accept(stream);
        stream.flush();
        assertArrayEquals(bytes, sink.toByteArray(), "stream");

        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length);
        WriteBuffer toDirect = WriteBuffer.to(direct);
        writer.accept(toDirect);
        toDirect.flush();
        assertEquals(bytes.length, direct.position(), "direct ByteBuffer position");

        direct.flip();
        for (ReadBuffer in : List.of(ReadBuffer.of(bytes), ReadBuffer.of(region, 3, bytes.length), ReadBuffer.of(direct),
                ReadBuffer.of(RoundTrip.trickle(bytes, bytes.length)))) {
            T back = reader.apply(in);
            assertTrue(RoundTrip.deepEquals(value, back), () -> "decoded " + back + " from " + RoundTrip.hex(bytes));
            assertEquals(bytes.length, in.offset(), "bytes consumed");
        }
    }

    /** The varint length, computed from the definition rather than by the code under test. */
    private static int uvarLength(long unsigned) {
        int bits = 64 - Long.numberOfLeadingZeros(unsigned);
        return Math.max(1, (bits + 6) / 7);
    }

    private static int arrayHeader(int n) {
        return uvarLength(n + 1L);
    }

    @Property
    void forBytesAndBooleans(@ForAll byte b, @ForAll boolean z) {
        inverse(out -> out.writeByte(b), ReadBuffer::readByte, b, 1);
        inverse(out -> out.writeBoolean(z), ReadBuffer::readBoolean, z, 1);
    }

    @Property
    void forShortsAndChars(@ForAll short s, @ForAll char c) {
        inverse(out -> out.writeShort(s), ReadBuffer::readShort, s, 2);
        inverse(out -> out.writeChar(c), ReadBuffer::readChar, c, 2);
    }

    @Property
    void forInts(@ForAll int v) {
        inverse(out -> out.writeInt(v), ReadBuffer::readInt, v, 4);
    }

    @Property
    void forLongs(@ForAll long v) {
        inverse(out -> out.writeLong(v), ReadBuffer::readLong, v, 8);
    }

    @Property
    void forVarInts(@ForAll int v) {
        inverse(out -> out.writeVarInt(v), ReadBuffer::readVarInt, v, uvarLength(((v << 1) ^ (v >> 31)) & 0xFFFFFFFFL));
        inverse(out -> out.writeUnsignedVarInt(v), ReadBuffer::readUnsignedVarInt, v, uvarLength(v & 0xFFFFFFFFL));
    }

    @Property
    void forVarLongs(@ForAll long v) {
        inverse(out -> out.writeVarLong(v), ReadBuffer::readVarLong, v, uvarLength((v << 1) ^ (v >> 63)));
        inverse(out -> out.writeUnsignedVarLong(v), ReadBuffer::readUnsignedVarLong, v, uvarLength(v));
    }

    @Property
    void forVarIntsOfEveryMagnitude(@ForAll("magnitudes") long v) {
        inverse(out -> out.writeVarLong(v), ReadBuffer::readVarLong, v, uvarLength((v << 1) ^ (v >> 63)));
        inverse(out -> out.writeUnsignedVarLong(v), ReadBuffer::readUnsignedVarLong, v, uvarLength(v));
        int i = (int) v;
        inverse(out -> out.writeVarInt(i), ReadBuffer::readVarInt, i, uvarLength(((i << 1) ^ (i >> 31)) & 0xFFFFFFFFL));
    }

    /** Random bit lengths, so every varint size is about as likely as any other. */
    @Provide
    Arbitrary<Long> magnitudes() {
        return Arbitraries.integers().between(0, 64).flatMap(bits -> Arbitraries.longs()
                .map(l -> bits == 64 ? l : l & ((1L << bits) - 1))
                .flatMap(l -> Arbitraries.of(l, -l)));
    }

    @Property
    void forFloatsByRawBits(@ForAll int bits) {
        float f = Float.intBitsToFloat(bits);
        inverse(out -> out.writeFloat(f), ReadBuffer::readFloat, f, 4);
    }

    @Property
    void forDoublesByRawBits(@ForAll long bits) {
        double d = Double.longBitsToDouble(bits);
        inverse(out -> out.writeDouble(d), ReadBuffer::readDouble, d, 8);
    }

    @Provide
    Arbitrary<String> anyStrings() {
        return Arbitraries.oneOf(
                Arbitraries.strings().all().ofMaxLength(300),
                Arbitraries.strings().withCharRange('\u0000', '\u00ff').ofMaxLength(300),
                Arbitraries.strings().withCharRange('\ud800', '\udfff').ofMaxLength(20),
                Arbitraries.chars().all().list().ofMaxSize(100).map(cs -> {
                    StringBuilder sb = new StringBuilder();
                    cs.forEach(sb::append);
                    return sb.toString();
                }));
    }

    @Property
    void forStrings(@ForAll("anyStrings") String s) {
        boolean latin1 = s.chars().allMatch(c -> c <= 0xFF);
        int n = s.length();
        int length = latin1 ? uvarLength(2L * n + 1) + n : uvarLength(2L * n + 2) + 2 * n;
        inverse(out -> out.writeString(s), ReadBuffer::readString, s, length);
    }

    @Property(tries = 200)
    void forSequencesOfStrings(@ForAll("stringLists") List<String> strings) {
        inverse(out -> strings.forEach(out::writeString), in -> {
            String[] back = new String[strings.size()];
            for (int i = 0; i < back.length; i++) {
                back[i] = in.readString();
            }
            return List.of(back);
        }, strings, -1);
    }

    @Provide
    Arbitrary<List<String>> stringLists() {
        return anyStrings().list().ofMaxSize(120);
    }

    @Property
    void forBooleanArrays(@ForAll("sizes") int n, @ForAll long seed) {
        java.util.Random r = new java.util.Random(seed);
        boolean[] a = new boolean[n];
        for (int i = 0; i < n; i++) {
            a[i] = r.nextBoolean();
        }
        inverse(out -> out.writeBooleanArray(a), ReadBuffer::readBooleanArray, a, arrayHeader(n) + n);
    }

    @Property
    void forByteArrays(@ForAll byte[] a) {
        inverse(out -> out.writeByteArray(a), ReadBuffer::readByteArray, a, arrayHeader(a.length) + a.length);
    }

    @Property
    void forShortArrays(@ForAll short[] a) {
        inverse(out -> out.writeShortArray(a), ReadBuffer::readShortArray, a, arrayHeader(a.length) + 2 * a.length);
    }

    @Property
    void forCharArrays(@ForAll char[] a) {
        inverse(out -> out.writeCharArray(a), ReadBuffer::readCharArray, a, arrayHeader(a.length) + 2 * a.length);
    }

    @Property
    void forIntArrays(@ForAll int[] a) {
        inverse(out -> out.writeIntArray(a), ReadBuffer::readIntArray, a, arrayHeader(a.length) + 4 * a.length);
    }

    @Property
    void forLongArrays(@ForAll long[] a) {
        inverse(out -> out.writeLongArray(a), ReadBuffer::readLongArray, a, arrayHeader(a.length) + 8 * a.length);
    }

    @Property
    void forFloatArraysByRawBits(@ForAll int[] bits) {
        float[] a = new float[bits.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = Float.intBitsToFloat(bits[i]);
        }
        inverse(out -> out.writeFloatArray(a), ReadBuffer::readFloatArray, a, arrayHeader(a.length) + 4 * a.length);
    }

    @Property
    void forDoubleArraysByRawBits(@ForAll long[] bits) {
        double[] a = new double[bits.length];
        for (int i = 0; i < a.length; i++) {
            a[i] = Double.longBitsToDouble(bits[i]);
        }
        inverse(out -> out.writeDoubleArray(a), ReadBuffer::readDoubleArray, a, arrayHeader(a.length) + 8 * a.length);
    }

    /** Array sizes around the loop/ByteBuffer switch at 32, and a few larger ones. */
    @Provide
    Arbitrary<Integer> sizes() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(3, Arbitraries.integers().between(0, 70)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(0, 5000)));
    }
}
