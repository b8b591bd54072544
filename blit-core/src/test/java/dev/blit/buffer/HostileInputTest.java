package dev.blit.buffer;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Marshallable;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.function.Consumer;

import static dev.blit.buffer.Bytes.hex;
import static dev.blit.buffer.Bytes.namesOffset;
import static dev.blit.buffer.Bytes.rejectedAt;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Input that lies: lengths larger than the input, streams that end early, regions that are too small.
 * Every case must end in a {@link BlitException} naming an offset, without allocating what the input
 * merely claims.
 */
class HostileInputTest {
    /** A generous guard: these cases take milliseconds; a regression that allocates gigabytes takes far longer. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(30);
    private static final long ONE_MB = 1 << 20;

    private final Blit blit = Blit.builder().build();

    /** Bytes allocated by the current thread while {@code r} runs, or -1 if the JVM cannot tell. */
    private static long allocatedBy(Runnable r) {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean)) {
            r.run();
            return -1;
        }
        com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) bean;
        long id = Thread.currentThread().getId();
        long before = sun.getThreadAllocatedBytes(id);
        r.run();
        return sun.getThreadAllocatedBytes(id) - before;
    }

    /** Runs {@code decode}, which must throw a BlitException naming an offset and allocate less than {@code limit}. */
    private static void rejectedCheaply(long limit, Runnable decode) {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            BlitException[] thrown = new BlitException[1];
            long allocated = allocatedBy(() -> thrown[0] = assertThrows(BlitException.class, decode::run));
            assertTrue(thrown[0].getMessage().contains("offset"), thrown[0].getMessage());
            assertTrue(allocated < limit, () -> "allocated " + allocated + " bytes to reject: " + thrown[0].getMessage());
        });
    }

    /**
     * The compact form takes one byte of input for an element of 8 bytes: from a stream its first step is
     * 64 KiB of memory (8,192 longs), as for every primitive array, not 64 Ki elements.
     */
    @Test
    void aCompactArrayFromAStreamStartsWithTheUsualStep() {
        byte[] input = Arrays.copyOf(hex("11 00 01 81 87 a7 0e"), 7 + 100); // 30 million longs, 100 bytes of them
        rejectedCheaply(300 * 1024, () -> blit.read(new ByteArrayInputStream(input)));
    }

    /**
     * The atomic arrays (extended ids 31, 32) read from a stream grow as their values arrive, as collections do:
     * seven bytes declaring 33 million longs are not 266 MB (found by the dump's helper comparing with the library).
     */
    @Test
    void anAtomicArrayFromAStreamGrowsAsItsValuesArrive() {
        rejectedCheaply(ONE_MB, () -> blit.read(new ByteArrayInputStream(hex("63 20 c0 8b ef 0f 01"))));
        rejectedCheaply(ONE_MB, () -> blit.read(new ByteArrayInputStream(hex("63 1f c0 8b ef 0f 01"))));
    }

    @Test
    void aFiveByteInputDeclaringTwoBillionLongsIsRejectedBeforeAllocating() {
        byte[] input = hex("80 80 80 80 08"); // 2^31 - 1 elements
        rejectedCheaply(ONE_MB, () -> ReadBuffer.of(input).readLongArray());
        rejectedAt(0, 5, input, ReadBuffer::readLongArray);
        ByteBuffer direct = ByteBuffer.allocateDirect(5).put(input).flip();
        rejectedCheaply(ONE_MB, () -> ReadBuffer.of(direct.duplicate()).readLongArray());
    }

    /** Tags 11..21 followed by the largest length their header can hold, and a few bytes. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "0b ff ff ff ff 07",          // String, Latin-1, 2^30 - 1 chars
            "0b 80 80 80 80 08",          // String, UTF-16, 2^30 - 1 chars
            "0c 80 80 80 80 08",          // boolean[]
            "0d 80 80 80 80 08",          // byte[]
            "0e 80 80 80 80 08",          // short[]
            "0f 80 80 80 80 08",          // char[]
            "10 80 80 80 80 08",          // int[]
            "11 80 80 80 80 08",          // long[]
            "12 80 80 80 80 08",          // float[]
            "13 80 80 80 80 08",          // double[]
            "14 ff ff ff ff 07",          // Object[] of 2^31 - 1 elements
            "15 0b ff ff ff ff 07",       // String[] of 2^31 - 1 elements
            "15 15 10 ff ff ff ff 07",    // int[][] of 2^31 - 1 elements
            "10 00 01 80 80 80 80 08",    // int[], compact, 1 byte an element
            "11 00 04 80 80 80 80 08",    // long[], compact, 4 bytes an element
    })
    void hugeDeclaredLengthsAreRejectedBeforeAllocating(String head) {
        byte[] input = hex(head + " 00 00 00");
        rejectedCheaply(ONE_MB, () -> blit.fromBytes(input));
        rejectedCheaply(ONE_MB, () -> blit.read(ByteBuffer.allocateDirect(input.length).put(input).flip()));
        rejectedCheaply(ONE_MB, () -> blit.read(ByteBuffer.wrap(input).asReadOnlyBuffer()));
    }

    /** From a stream the length cannot be checked up front: what is allocated must follow what arrives. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "0b ff ff ff ff 07",
            "0b 80 80 80 80 08",
            "0c 80 80 80 80 08",
            "0d 80 80 80 80 08",
            "0e 80 80 80 80 08",
            "0f 80 80 80 80 08",
            "10 80 80 80 80 08",
            "11 80 80 80 80 08",
            "12 80 80 80 80 08",
            "13 80 80 80 80 08",
            "14 ff ff ff ff 07",
            "15 0b ff ff ff ff 07",
            "10 00 01 81 8e ce 1c",       // int[], compact: 60 million elements (240 MB once read, within the budget)
            "11 00 01 81 87 a7 0e",       // long[], compact: 30 million (240 MB)
    })
    void aStreamClaimingAHugeLengthButEndingEarlyIsATruncation(String head) {
        byte[] input = Arrays.copyOf(hex(head), hex(head).length + 100);
        rejectedCheaply(4 * ONE_MB, () -> blit.read(new ByteArrayInputStream(input)));
        rejectedCheaply(4 * ONE_MB, () -> blit.read(RoundTrip.trickle(input, input.length)));
    }

    @Test
    void aStreamThatDeliversAMegabyteOfAHugeArrayAllocatesInProportion() {
        byte[] head = hex("11 80 80 80 80 08");
        InputStream in = new SequenceInputStream(new ByteArrayInputStream(head), new ByteArrayInputStream(new byte[1 << 20]));
        rejectedCheaply(24 * ONE_MB, () -> blit.read(in));
        byte[] chars = hex("0b 80 80 80 80 08");
        InputStream in2 = new SequenceInputStream(new ByteArrayInputStream(chars), new ByteArrayInputStream(new byte[1 << 20]));
        rejectedCheaply(24 * ONE_MB, () -> blit.read(in2));
    }

    /** A Marshallable that reads a length from the bytes and takes that many, as take's Javadoc invites. */
    public static final class Blob implements Marshallable {
        byte[] data = new byte[0];

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeInt(data.length);
            int p = out.claim(data.length);
            System.arraycopy(data, 0, out.array(), p, data.length);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            int n = in.readInt();
            int p = in.take(n);
            data = Arrays.copyOfRange(in.array(), p, p + n);
        }
    }

    /**
     * take(n) with n a hostile length read from the bytes (2^31-16, none of them there): a truncation, not an
     * attempt to allocate a 2 GiB window before reading anything (an OutOfMemoryError).
     */
    @Test
    void takingAHugeLengthFromTheBytesIsATruncationNotAnAllocation() {
        Blit blobs = Blit.builder().register(Blob.class, 100).build();
        byte[] hostile = {100, (byte) 0xF0, (byte) 0xFF, (byte) 0xFF, 0x7F, 1, 2, 3};
        rejectedCheaply(4 * ONE_MB, () -> blobs.fromBytes(hostile));
        rejectedCheaply(4 * ONE_MB, () -> blobs.read(ByteBuffer.allocateDirect(hostile.length).put(hostile).flip()));
        rejectedCheaply(4 * ONE_MB, () -> blobs.read(new ByteArrayInputStream(hostile)));
        rejectedCheaply(4 * ONE_MB, () -> blobs.read(RoundTrip.trickle(hostile, hostile.length)));
        rejectedCheaply(4 * ONE_MB, () -> blobs.read(ReadBuffer.of(new ByteArrayInputStream(hostile))));
        int huge = Integer.MAX_VALUE - 16;
        ByteBuffer direct = ByteBuffer.allocateDirect(100);
        rejectedCheaply(4 * ONE_MB, () -> ReadBuffer.of(direct).require(huge));
        BlitException e = assertThrows(BlitException.class, () -> ReadBuffer.of(direct.asReadOnlyBuffer()).take(101));
        assertEquals("truncated input at offset 0: 101 bytes needed, 100 available", e.getMessage());
        rejectedCheaply(4 * ONE_MB, () -> ReadBuffer.of(new ByteArrayInputStream(new byte[100])).take(huge));
        rejectedCheaply(4 * ONE_MB, () -> ReadBuffer.exactly(new ByteArrayInputStream(new byte[100])).require(huge));
        rejectedCheaply(4 * ONE_MB, () -> ReadBuffer.exactly(RoundTrip.trickle(new byte[100], 100)).take(huge));
    }

    /** From a stream, take(n)'s window grows as the bytes arrive: a megabyte of a 2 GiB claim costs a few. */
    @Test
    void aStreamThatDeliversAMegabyteOfAHugeTakeAllocatesInProportion() {
        int huge = Integer.MAX_VALUE - 16;
        rejectedCheaply(8 * ONE_MB, () -> ReadBuffer.of(new ByteArrayInputStream(new byte[1 << 20])).take(huge));
        rejectedCheaply(8 * ONE_MB, () -> ReadBuffer.exactly(new ByteArrayInputStream(new byte[1 << 20])).take(huge));
        rejectedCheaply(8 * ONE_MB, () -> ReadBuffer.exactly(RoundTrip.trickle(new byte[1 << 20], 1 << 20)).take(huge));
    }

    /** ...and still ends up with every byte in place when they all come, by whatever route. */
    @Test
    void aLargeTakeFromAStreamHasEveryByte() {
        Blit blobs = Blit.builder().register(Blob.class, 100).build();
        Blob blob = new Blob();
        blob.data = new byte[3_000_017];
        new java.util.Random(7).nextBytes(blob.data);
        byte[] bytes = blobs.toBytes(blob);
        byte[] followed = Arrays.copyOf(bytes, bytes.length + 1);
        followed[bytes.length] = 42;
        for (InputStream in : new InputStream[] {new ByteArrayInputStream(followed),
                new BufferedInputStream(new ByteArrayInputStream(followed)), RoundTrip.trickle(followed, followed.length)}) {
            assertArrayEquals(blob.data, ((Blob) blobs.read(in)).data);
            int next = assertDoesNotThrow(() -> in.read());
            assertEquals(42, next, "the stream is right after the value");
        }
        ReadBuffer of = ReadBuffer.of(new ByteArrayInputStream(followed));
        assertArrayEquals(blob.data, ((Blob) blobs.read(of)).data);
        assertEquals(42, of.readByte());
        assertArrayEquals(blob.data, ((Blob) blobs.read(ByteBuffer.allocateDirect(bytes.length).put(bytes).flip())).data);
    }

    /**
     * take(n) with a negative n (a length from the bytes) is bad input, named with its offset, not a cursor moved
     * back; claim(n) with a negative n is the calling code's mistake.
     */
    @Test
    void aNegativeTakeIsBadInputAndANegativeClaimABadArgument() {
        ReadBuffer in = ReadBuffer.of(new byte[8]);
        in.readShort();
        BlitException e = assertThrows(BlitException.class, () -> in.take(-5));
        assertEquals("negative length -5 at offset 2", e.getMessage());
        assertEquals(2, in.offset());
        ReadBuffer stream = ReadBuffer.of(new ByteArrayInputStream(new byte[8]));
        assertThrows(BlitException.class, () -> stream.take(Integer.MIN_VALUE));
        assertEquals(0, stream.offset());

        WriteBuffer out = new WriteBuffer();
        out.writeByte(1);
        IllegalArgumentException a = assertThrows(IllegalArgumentException.class, () -> out.claim(-3));
        assertTrue(a.getMessage().contains("-3"), a.getMessage());
        assertEquals(1, out.position());
        WriteBuffer region = WriteBuffer.wrap(new byte[4], 0, 4);
        assertThrows(IllegalArgumentException.class, () -> region.claim(-1));
        assertEquals(0, region.position());
    }

    /** A null stream is refused when the buffer is made, not taken for a fixed region that drops what it is given. */
    @Test
    void aNullStreamIsRefusedAtOnce() {
        NullPointerException w = assertThrows(NullPointerException.class, () -> WriteBuffer.to((OutputStream) null));
        assertEquals("out", w.getMessage());
        assertThrows(NullPointerException.class, () -> blit.write("an important record", (OutputStream) null));
        assertThrows(NullPointerException.class, () -> ReadBuffer.of((InputStream) null));
        assertThrows(NullPointerException.class, () -> ReadBuffer.exactly(null));
    }

    @Test
    void lengthHeadersBeyondTheIntRangeAreRejected() {
        for (Consumer<ReadBuffer> reader : Arrays.<Consumer<ReadBuffer>>asList(
                ReadBuffer::readBooleanArray, ReadBuffer::readByteArray, ReadBuffer::readShortArray,
                ReadBuffer::readCharArray, ReadBuffer::readIntArray, ReadBuffer::readLongArray,
                ReadBuffer::readFloatArray, ReadBuffer::readDoubleArray, ReadBuffer::readString,
                in -> in.readCount(1), in -> in.readLength(1))) {
            rejectedAt(1, hex("00 ff ff ff ff 0f 00 00"), in -> {
                in.readByte();
                reader.accept(in);
            });
        }
    }

    @Test
    void aFixedRegionThatOverflowsNamesTheOffset() {
        byte[] region = new byte[16];
        Arrays.fill(region, (byte) 0x5a);
        WriteBuffer out = WriteBuffer.wrap(region, 4, 6);
        out.writeInt(1);
        namesOffset(assertThrows(BlitException.class, () -> out.writeInt(2)), 4);
        namesOffset(assertThrows(BlitException.class, () -> out.writeLong(2)), 4);
        namesOffset(assertThrows(BlitException.class, () -> out.writeDouble(2)), 4);
        namesOffset(assertThrows(BlitException.class, () -> out.writeString("abc")), 4);
        namesOffset(assertThrows(BlitException.class, () -> out.writeString("€")), 4);
        namesOffset(assertThrows(BlitException.class, () -> out.writeBytes(new byte[3], 0, 3)), 4);
        namesOffset(assertThrows(BlitException.class, () -> out.writeUnsignedVarInt(1 << 14)), 4);
        namesOffset(assertThrows(BlitException.class, () -> out.writeVarLong(Long.MIN_VALUE)), 4);
        out.writeShort(3);
        namesOffset(assertThrows(BlitException.class, () -> out.writeByte(4)), 6);
        namesOffset(assertThrows(BlitException.class, () -> out.writeBoolean(true)), 6);
        namesOffset(assertThrows(BlitException.class, () -> out.writeLongArray(new long[1])), 6);
        for (int i = 0; i < 4; i++) {
            assertEquals((byte) 0x5a, region[i], "byte before the region");
        }
        for (int i = 10; i < 16; i++) {
            assertEquals((byte) 0x5a, region[i], "byte after the region");
        }
    }

    @Test
    void everyArrayOverflowsAFixedRegionWithABlitException() {
        for (int n : new int[] {1, 40, 5000}) {
            assertThrows(BlitException.class, () -> WriteBuffer.wrap(new byte[n], 0, n).writeBooleanArray(new boolean[n]));
            assertThrows(BlitException.class, () -> WriteBuffer.wrap(new byte[n], 0, n).writeByteArray(new byte[n]));
            assertThrows(BlitException.class, () -> WriteBuffer.wrap(new byte[n], 0, n).writeShortArray(new short[n]));
            assertThrows(BlitException.class, () -> WriteBuffer.wrap(new byte[n], 0, n).writeCharArray(new char[n]));
            assertThrows(BlitException.class, () -> WriteBuffer.wrap(new byte[n], 0, n).writeIntArray(new int[n]));
            assertThrows(BlitException.class, () -> WriteBuffer.wrap(new byte[n], 0, n).writeLongArray(new long[n]));
            assertThrows(BlitException.class, () -> WriteBuffer.wrap(new byte[n], 0, n).writeFloatArray(new float[n]));
            assertThrows(BlitException.class, () -> WriteBuffer.wrap(new byte[n], 0, n).writeDoubleArray(new double[n]));
        }
    }

    @Test
    void regionsOutsideTheArrayAreRejected() {
        byte[] a = new byte[8];
        assertThrows(BlitException.class, () -> WriteBuffer.wrap(a, -1, 2));
        assertThrows(BlitException.class, () -> WriteBuffer.wrap(a, 2, -1));
        assertThrows(BlitException.class, () -> WriteBuffer.wrap(a, 5, 4));
        assertThrows(BlitException.class, () -> WriteBuffer.wrap(a, Integer.MAX_VALUE, 1));
        assertThrows(BlitException.class, () -> ReadBuffer.of(a, -1, 2));
        assertThrows(BlitException.class, () -> ReadBuffer.of(a, 5, 4));
        assertThrows(BlitException.class, () -> ReadBuffer.of(a, 1, Integer.MAX_VALUE));
    }

    @Test
    void aByteBufferTargetWithoutRoomIsABlitException() {
        ByteBuffer small = ByteBuffer.allocate(3);
        BlitException e = assertThrows(BlitException.class, () -> blit.write("hello", small));
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
        ByteBuffer smallDirect = ByteBuffer.allocateDirect(10_000);
        assertThrows(BlitException.class, () -> blit.write(new long[2000], smallDirect));
    }

    @Test
    void aReadOnlyByteBufferTargetIsABlitException() {
        ByteBuffer readOnly = ByteBuffer.allocate(64).asReadOnlyBuffer();
        assertThrows(BlitException.class, () -> blit.write("hello", readOnly));
        assertThrows(BlitException.class, () -> {
            WriteBuffer out = WriteBuffer.to(readOnly);
            out.writeInt(1);
            out.flush();
        });
    }

    @Test
    void streamFailuresAreBlitExceptionsWithTheirCause() {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk on fire");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("disk on fire");
            }
        };
        BlitException w = assertThrows(BlitException.class, () -> blit.write("hello", broken));
        assertTrue(w.getCause() instanceof IOException);
        assertTrue(w.getMessage().contains("offset"), w.getMessage());
        BlitException big = assertThrows(BlitException.class, () -> {
            WriteBuffer out = WriteBuffer.to(broken);
            out.writeBytes(new byte[100_000], 0, 100_000);
        });
        assertTrue(big.getCause() instanceof IOException);

        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("cable cut");
            }
        };
        BlitException r = assertThrows(BlitException.class, () -> blit.read(failing));
        assertTrue(r.getCause() instanceof IOException);
        assertTrue(r.getMessage().contains("offset"), r.getMessage());
        // The reason is in the message, as on the write side, not only in the cause.
        assertTrue(w.getMessage().endsWith(": java.io.IOException: disk on fire"), w.getMessage());
        BlitException direct = assertThrows(BlitException.class, () -> ReadBuffer.of(failing).readInt());
        assertEquals("reading the input stream failed at offset 0: java.io.IOException: cable cut", direct.getMessage());
        assertEquals("reading the input stream failed at offset 0: java.io.IOException: cable cut", r.getMessage());
    }

    @Test
    void truncatedValuesReadFromAByteBufferAreBlitExceptions() {
        byte[] bytes = blit.toBytes(new long[] {1, 2, 3});
        for (int k = 0; k < bytes.length; k++) {
            byte[] prefix = Arrays.copyOf(bytes, k);
            assertThrows(BlitException.class, () -> blit.read(ByteBuffer.wrap(prefix)));
            assertThrows(BlitException.class, () -> blit.read(ByteBuffer.allocateDirect(prefix.length).put(prefix).flip()));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "0b 00",             // a String whose content is the null header
            "63",                // id 99: reserved, unknown
            "80 80 80 80 08",    // an id far beyond anything registered
            "01 00",             // a back reference with references(false)
            "0c 02 02",          // a boolean[] holding the byte 2
            "14 02 07 02 63",    // Object[] whose second element has an unknown id
            "15 63 00",          // a typed array of an unknown component
            "ff ff ff ff 1f",    // a tag that overflows 32 bits
    })
    void malformedTaggedValuesAreBlitExceptionsWithAnOffset(String hex) {
        byte[] input = hex(hex);
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(input));
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
        assertThrows(BlitException.class, () -> blit.read(RoundTrip.trickle(input, input.length)));
        assertThrows(BlitException.class, () -> blit.read(ByteBuffer.allocateDirect(input.length).put(input).flip()));
    }
}
