package dev.blit.limits;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.ReadLimits;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code maxLength} and {@code maxAllocationPerRead}: what they reject, where the error says it happened,
 * how it says to raise them, and that they cost nothing when a {@link ReadBuffer} is read on its own.
 */
class ReadLimitsTest {
    /** A hang guard, not a timing assertion: each case takes milliseconds. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(30);

    private static BlitException rejected(Executable decode, String... fragments) {
        BlitException e = assertTimeoutPreemptively(HANG_GUARD, () -> assertThrows(BlitException.class, decode));
        for (String f : fragments) {
            assertTrue(e.getMessage().contains(f), () -> "expected '" + f + "' in: " + e.getMessage());
        }
        return e;
    }

    @Test
    void theDefaultsAreThoseDocumented() {
        assertEquals(100_000_000, Blit.DEFAULT_MAX_LENGTH);
        assertEquals(256L * 1024 * 1024, Blit.DEFAULT_MAX_ALLOCATION_PER_READ);
        assertEquals(2048, Blit.DEFAULT_MAX_DEPTH);
    }

    @Test
    void aStringLongerThanMaxLengthIsRejectedWithItsOffsetAndHowToRaiseIt() {
        Blit small = Blit.builder().maxLength(1000).build();
        byte[] bytes = Blit.builder().build().toBytes("x".repeat(5000));
        rejected(() -> small.fromBytes(bytes), "string length 5000 at offset 1 exceeds maxLength 1000",
                "Blit.builder().maxLength(n)");
        byte[] wide = Blit.builder().build().toBytes("€".repeat(5000));
        rejected(() -> small.fromBytes(wide), "string length 5000 at offset 1 exceeds maxLength 1000");
    }

    @Test
    void exactlyMaxLengthIsAccepted() {
        Blit small = Blit.builder().maxLength(1000).build();
        String s = "y".repeat(1000);
        assertEquals(s, small.fromBytes(small.toBytes(s)));
        long[] a = new long[1000];
        assertArrayEquals(a, (long[]) small.fromBytes(small.toBytes(a)));
        List<Integer> list = new ArrayList<>(java.util.Collections.nCopies(1000, 7));
        assertEquals(list, small.fromBytes(small.toBytes(list)));
    }

    @Test
    void arraysAndCollectionsLongerThanMaxLengthAreRejected() {
        Blit small = Blit.builder().maxLength(100).build();
        Blit big = Blit.builder().build();
        rejected(() -> small.fromBytes(big.toBytes(new long[101])), "length 101 at offset 1 exceeds maxLength 100");
        // Arrays of at most 126 elements take the readers' one-byte-header fast path: the same limits apply there.
        Blit tiny = Blit.builder().maxLength(10).build();
        for (Object a : new Object[] {new int[11], new long[11], new float[11], new double[11]}) {
            rejected(() -> tiny.fromBytes(big.toBytes(a)), "length 11 at offset 1 exceeds maxLength 10");
        }
        assertArrayEquals(new double[10], (double[]) tiny.fromBytes(big.toBytes(new double[10])));
        rejected(() -> small.fromBytes(big.toBytes(new byte[101])), "exceeds maxLength 100");
        rejected(() -> small.fromBytes(big.toBytes(new String[101])), "count 101", "exceeds maxLength 100");
        rejected(() -> small.fromBytes(big.toBytes(new ArrayList<>(java.util.Collections.nCopies(101, 1)))),
                "count 101 at offset 1 exceeds maxLength 100");
        Map<Integer, Integer> map = new HashMap<>();
        for (int i = 0; i < 101; i++) {
            map.put(i, i);
        }
        rejected(() -> small.fromBytes(big.toBytes(map)), "count 101 at offset 1 exceeds maxLength 100");
    }

    @Test
    void aValueOverTheAllocationBudgetIsRejectedWithItsOffsetAndHowToRaiseIt() {
        List<String> strings = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            strings.add("s".repeat(1000));
        }
        byte[] bytes = Blit.builder().build().toBytes(strings);
        rejected(() -> Blit.builder().maxAllocationPerRead(50_000).build().fromBytes(bytes),
                "string length 1000 at offset ", "over maxAllocationPerRead 50000",
                "Blit.builder().maxAllocationPerRead(bytes)");
        assertEquals(strings, Blit.builder().maxAllocationPerRead(200_000).build().fromBytes(bytes));
    }

    @Test
    void manySmallObjectsAreChargedTooNotOnlyTheirElements() {
        // 10,000 empty lists: 20 KB of input, each list a real object on the heap.
        List<List<Object>> lists = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            lists.add(new ArrayList<>());
        }
        byte[] bytes = Blit.builder().build().toBytes(lists);
        rejected(() -> Blit.builder().maxAllocationPerRead(100_000).build().fromBytes(bytes), "maxAllocationPerRead");
        assertEquals(lists, Blit.builder().build().fromBytes(bytes));
    }

    @Test
    void smallPrimitiveArraysAreChargedLikeAnyOther() {
        // 200 arrays of 100 doubles: each takes the one-byte-header fast path, each is charged its 800 bytes.
        List<double[]> arrays = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            arrays.add(new double[100]);
        }
        byte[] bytes = Blit.builder().build().toBytes(arrays);
        rejected(() -> Blit.builder().maxAllocationPerRead(100_000).build().fromBytes(bytes), "maxAllocationPerRead");
        assertEquals(200, ((List<?>) Blit.builder().maxAllocationPerRead(200_000).build().fromBytes(bytes)).size());
    }

    @Test
    void everyReadHasABudgetOfItsOwn() {
        Blit blit = Blit.builder().maxAllocationPerRead(20_000).build();
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        WriteBuffer out = WriteBuffer.to(sink);
        for (int i = 0; i < 10; i++) {
            blit.write(new long[1000], out); // 8 KB each, 80 KB together
        }
        out.flush();
        ReadBuffer in = ReadBuffer.of(new ByteArrayInputStream(sink.toByteArray()));
        for (int i = 0; i < 10; i++) {
            assertEquals(1000, ((long[]) blit.read(in)).length);
        }
        assertTrue(in.isExhausted());
    }

    @Test
    void anEndlessStreamDeclaringAHugeStringIsRejectedBeforeItsBytesAreRead() {
        // Tag 11 (String), then a header declaring 50 million Latin-1 chars, then bytes that never end: from a
        // stream, whose length is unknown, only a limit stops this.
        byte[] header = {0x0b, (byte) 0x81, (byte) 0xc2, (byte) 0xd7, 0x2f};
        Blit budget = Blit.builder().maxAllocationPerRead(1 << 20).build();
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            long allocated = allocatedBy(() -> {
                BlitException e = assertThrows(BlitException.class, () -> budget.read(endless(header)));
                assertTrue(e.getMessage().contains("string length 50000000 at offset 1 needs about"), e.getMessage());
                assertTrue(e.getMessage().contains("over maxAllocationPerRead 1048576"), e.getMessage());
            });
            assertTrue(allocated < 4 << 20, "allocated " + allocated + " bytes to reject it");
        });
        rejected(() -> Blit.builder().maxLength(1_000_000).build().read(endless(header)),
                "string length 50000000 at offset 1 exceeds maxLength 1000000");
    }

    private static InputStream endless(byte[] prefix) {
        return new SequenceInputStream(new ByteArrayInputStream(prefix), new InputStream() {
            @Override
            public int read() {
                return 'a';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                Arrays.fill(b, off, off + len, (byte) 'a');
                return len;
            }
        });
    }

    @Test
    void aBufferReadOnItsOwnHasNoLimitsUnlessGivenSome() {
        WriteBuffer out = new WriteBuffer();
        out.writeLongArray(new long[5000]);
        byte[] bytes = out.toByteArray();
        ReadBuffer alone = ReadBuffer.of(bytes);
        assertNull(alone.limits());
        assertEquals(5000, alone.readLongArray().length);

        ReadBuffer limited = ReadBuffer.of(bytes);
        assertNull(limited.limits(new ReadLimits(4999, Long.MAX_VALUE)));
        rejected(limited::readLongArray, "length 5000 at offset 0 exceeds maxLength 4999");

        ReadBuffer budget = ReadBuffer.of(bytes);
        budget.limits(new ReadLimits(Integer.MAX_VALUE, 40_000));
        rejected(budget::readLongArray, "length 5000 at offset 0", "over maxAllocationPerRead 40000");
    }

    @Test
    void aDeserializerCanChargeWhatItBuildsOnItsOwn() {
        ReadBuffer alone = ReadBuffer.of(new byte[0]);
        alone.charge(Long.MAX_VALUE / 2, 0, "anything"); // no limits: nothing to exceed
        ReadBuffer limited = ReadBuffer.of(new byte[0]);
        limited.limits(new ReadLimits(10, 1000));
        limited.charge(600, 0, "a cache");
        rejected(() -> limited.charge(600, 7, "a cache"),
                "a cache at offset 7 needs about 600 bytes, bringing this read to 1200 bytes, over maxAllocationPerRead 1000");
        limited.charge(400, 8, "the rest"); // a rejected charge took nothing
    }

    @Test
    void limitsAlreadyOnABufferStayInForceThroughBlitRead() {
        Blit blit = Blit.builder().build();
        byte[] bytes = blit.toBytes(new ArrayList<>(java.util.Collections.nCopies(20, "a")));
        ReadBuffer in = ReadBuffer.of(bytes);
        ReadLimits mine = new ReadLimits(10, Long.MAX_VALUE);
        in.limits(mine);
        rejected(() -> blit.read(in), "count 20 at offset 1 exceeds maxLength 10");
        assertSame(mine, in.limits());
        // The message says that limits attached to the buffer are raised there, not in the builder alone, and that
        // their budget counts every value read since (twenty strings of 20 chars, about 52 bytes each, in 1000)
        WriteBuffer values = new WriteBuffer();
        for (int i = 0; i < 20; i++) {
            blit.write("x".repeat(20), values);
        }
        ReadBuffer many = ReadBuffer.of(values.toByteArray());
        many.limits(new ReadLimits(100, 1000));
        BlitException e = assertThrows(BlitException.class, () -> {
            while (!many.isExhausted()) {
                blit.read(many);
            }
        });
        assertTrue(e.getMessage().contains("over maxAllocationPerRead 1000") && e.getMessage().contains(
                "for ReadLimits attached to the buffer, whose budget counts every value read until they are detached"),
                e.getMessage());

        ReadBuffer plain = ReadBuffer.of(bytes);
        assertEquals(20, ((List<?>) blit.read(plain)).size());
        assertNull(plain.limits(), "Blit detaches the limits it attached");
    }

    @Test
    void aHostileReadLeavesTheBlitUsableForTheNextOne() {
        Blit blit = Blit.builder().maxLength(10).build();
        rejected(() -> blit.fromBytes(Blit.builder().build().toBytes(new int[11])), "maxLength 10");
        assertArrayEquals(new int[10], (int[]) blit.fromBytes(blit.toBytes(new int[10])));
    }

    @Test
    void writingIsNotLimited() {
        Blit small = Blit.builder().maxLength(10).maxAllocationPerRead(100).build();
        byte[] bytes = small.toBytes(new long[1000]);
        assertEquals(1000, ((long[]) Blit.builder().build().fromBytes(bytes)).length);
    }

    @Test
    void nonsenseLimitsAreRefusedAtConfiguration() {
        assertThrows(BlitException.class, () -> Blit.builder().maxLength(-1));
        assertThrows(BlitException.class, () -> Blit.builder().maxAllocationPerRead(-1));
        assertThrows(BlitException.class, () -> new ReadLimits(-1, 0));
        assertThrows(BlitException.class, () -> new ReadLimits(0, -1));
    }

    @Test
    void zeroLimitsStillReadScalarsAndNulls() {
        Blit none = Blit.builder().maxLength(0).maxAllocationPerRead(0).build();
        assertEquals(42L, none.fromBytes(none.toBytes(42L)));
        assertNull(none.fromBytes(none.toBytes(null)));
        rejected(() -> none.fromBytes(none.toBytes("")), "over maxAllocationPerRead 0");
    }

    private static long allocatedBy(Runnable r) {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        if (!(bean instanceof com.sun.management.ThreadMXBean)) {
            r.run();
            return 0;
        }
        com.sun.management.ThreadMXBean sun = (com.sun.management.ThreadMXBean) bean;
        long id = Thread.currentThread().getId();
        long before = sun.getThreadAllocatedBytes(id);
        r.run();
        return sun.getThreadAllocatedBytes(id) - before;
    }

    /**
     * An exception's constructor records the reading thread's stack (up to 1,024 frames, about 22 KB, which
     * {@code setStackTrace} does not free): each decoded exception is charged for it by the read's depth, so many
     * small exceptions deep in a value cannot keep hundreds of MB for a few bytes each.
     */
    @Test
    void exceptionsReadDeepInAValueAreChargedForTheStackTheyKeep() {
        Blit blit = Blit.builder().register(IllegalStateException.class, 100).maxAllocationPerRead(1 << 20).build();
        rejected(() -> blit.fromBytes(exceptionsDeep(200, 100)), "the java.lang.IllegalStateException (an exception "
                + "keeps the reading thread's stack trace) at offset", "over maxAllocationPerRead 1048576");
        assertEquals(10, unwrap(blit.fromBytes(exceptionsDeep(10, 100)), 99).size()); // a few read as they are
    }

    /** A list of {@code n} IllegalStateExceptions (a run of id 100, each 4 bytes) at {@code depth}. */
    private static byte[] exceptionsDeep(int n, int depth) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int d = 1; d < depth; d++) {
            b.writeBytes(new byte[] {0x24, 0x01}); // a list of one element
        }
        b.writeBytes(new byte[] {0x24, (byte) (0x80 | n & 0x7f), (byte) (n >> 7), 0x45, 0x64});
        for (int i = 0; i < n; i++) {
            b.writeBytes(new byte[4]);
        }
        return b.toByteArray();
    }

    private static List<?> unwrap(Object value, int levels) {
        Object v = value;
        for (int i = 0; i < levels; i++) {
            v = ((List<?>) v).get(0);
        }
        return (List<?>) v;
    }
}
