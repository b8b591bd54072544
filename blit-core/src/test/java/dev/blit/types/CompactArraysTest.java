package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Blit.builder().compactArrays(true)}: int[] and long[] in the narrowest element width that holds all
 * their elements (FORMAT.md, "Primitive arrays"), never larger than the plain form, read by every Blit.
 */
class CompactArraysTest {
    private static final Blit COMPACT = Blit.builder().compactArrays(true).build();
    private static final Blit PLAIN = Blit.builder().build();

    /** The size of an array's length header: {@code uvar (n + 1)}. */
    private static int header(int n) {
        return n < 127 ? 1 : n < (1 << 14) - 1 ? 2 : 3;
    }

    /** Tag, escape, width, length header, elements. */
    private static int narrow(int n, int width) {
        return 3 + header(n) + n * width;
    }

    /** Tag, length header, elements. */
    private static int plain(int n, int size) {
        return 1 + header(n) + n * size;
    }

    @Test
    void intsTakeTheNarrowestWidthThatHoldsEveryElement() {
        check(new int[] {0, 1, -1, 127, -128}, narrow(5, 1));
        check(new int[] {128, 0}, narrow(2, 2));
        check(new int[] {-129, 0}, narrow(2, 2));
        check(new int[] {5, 32767, -32768}, narrow(3, 2));
        // The compact form costs two bytes (escape, width), so it must save three: not for one element two
        // bytes narrower, nor for one or two elements a byte narrower.
        check(new int[] {300}, plain(1, 4));
        check(new int[] {32768}, plain(1, 4));
        check(new int[] {32768, 1}, plain(2, 4));
        check(new int[] {32768, 1, 2}, narrow(3, 3));
        check(new int[] {7}, narrow(1, 1));
        check(new int[] {-32769, 0, 0}, narrow(3, 3));
        check(new int[] {(1 << 23) - 1, -(1 << 23), 0}, narrow(3, 3));
        check(new int[] {1 << 23}, plain(1, 4));
        check(new int[] {-(1 << 23) - 1}, plain(1, 4));
        check(new int[] {Integer.MIN_VALUE, Integer.MAX_VALUE}, plain(2, 4));
        check(new int[0], plain(0, 4));
    }

    @Test
    void longsTakeTheNarrowestWidthThatHoldsEveryElement() {
        check(new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, narrow(10, 1));
        check(new long[] {-128, 127}, narrow(2, 1));
        check(new long[] {300, -300}, narrow(2, 2));
        check(new long[] {70_000, -70_000}, narrow(2, 3));
        check(new long[] {Integer.MAX_VALUE, Integer.MIN_VALUE}, narrow(2, 4));
        check(new long[] {1L << 31}, narrow(1, 5));
        check(new long[] {-(1L << 39)}, narrow(1, 5));
        check(new long[] {1L << 39, 0}, narrow(2, 6));
        check(new long[] {1_796_000_000_000L, 1_796_000_000_001L}, narrow(2, 6)); // epoch milliseconds: 41 bits
        check(new long[] {(1L << 55) - 1, -(1L << 55)}, plain(2, 8)); // saves two bytes, costs two
        check(new long[] {(1L << 55) - 1, -(1L << 55), 0}, narrow(3, 7));
        check(new long[] {1L << 55}, plain(1, 8));
        check(new long[] {-(1L << 55) - 1}, plain(1, 8));
        check(new long[] {Long.MIN_VALUE, Long.MAX_VALUE}, plain(2, 8));
        check(new long[0], plain(0, 8));
    }

    /** Through every backend, with the exact length, and read by a Blit that writes plain arrays too. */
    private static void check(Object array, int length) {
        RoundTrip.roundTrip(COMPACT, array, length);
        byte[] bytes = COMPACT.toBytes(array);
        assertTrue(RoundTrip.deepEquals(array, PLAIN.fromBytes(bytes)), "a plain-writing Blit reads the compact form");
        RoundTrip.assertTruncationsRejected(bytes, COMPACT::fromBytes, COMPACT::read);
    }

    @Test
    void theBytesAreFormatMdsExample() {
        assertEquals("10 00 02 04 01 00 fe ff 2c 01", RoundTrip.hex(COMPACT.toBytes(new int[] {1, -2, 300})));
        assertEquals("11 00 01 03 05 ff", RoundTrip.hex(COMPACT.toBytes(new long[] {5, -1})));
        assertEquals("11 00 06 03 00 28 f1 29 a2 01 01 28 f1 29 a2 01",
                RoundTrip.hex(COMPACT.toBytes(new long[] {1_796_000_000_000L, 1_796_000_000_001L})));
        assertEquals("11 02 00 00 00 00 00 00 00 80", RoundTrip.hex(COMPACT.toBytes(new long[] {Long.MIN_VALUE})));
        assertEquals("10 02 2c 01 00 00", RoundTrip.hex(COMPACT.toBytes(new int[] {300})));
    }

    @Property(tries = 300)
    void compactIsNeverLargerAndReadsBackEverywhere(@ForAll int[] ints, @ForAll long[] longs, @ForAll byte shift) {
        long[] scaled = longs.clone();
        for (int i = 0; i < scaled.length; i++) {
            scaled[i] >>= (shift & 63); // every magnitude, not only the full-width values jqwik likes
        }
        for (Object a : new Object[] {ints, scaled}) {
            byte[] compact = COMPACT.toBytes(a);
            byte[] plain = PLAIN.toBytes(a);
            assertTrue(compact.length <= plain.length, () -> RoundTrip.hex(compact) + " is longer than " + RoundTrip.hex(plain));
            assertTrue(RoundTrip.deepEquals(a, COMPACT.fromBytes(compact)));
            assertTrue(RoundTrip.deepEquals(a, PLAIN.fromBytes(compact)));
            assertTrue(RoundTrip.deepEquals(a, COMPACT.fromBytes(plain)), "a compact-writing Blit reads plain arrays");
        }
    }

    @Test
    void largeArraysCrossTheStagingAreaAndTheReadWindow() {
        Random random = new Random(6);
        for (int width = 1; width < 8; width++) {
            long[] longs = new long[200_003];
            int[] ints = new int[100_001];
            long bound = 1L << (8 * width - 1);
            long intBound = Math.min(bound, 1L << 23);
            for (int i = 0; i < longs.length; i++) {
                longs[i] = random.nextLong() % bound;
            }
            longs[longs.length / 2] = bound - 1;
            for (int i = 0; i < ints.length; i++) {
                ints[i] = (int) (random.nextLong() % intBound);
            }
            ints[ints.length / 3] = (int) -intBound;
            ByteArrayOutputStream sink = new ByteArrayOutputStream();
            COMPACT.write(new Object[] {longs, ints}, sink);
            byte[] bytes = sink.toByteArray();
            assertArrayEquals(COMPACT.toBytes(new Object[] {longs, ints}), bytes);
            assertEquals(1 + 1 + narrow(longs.length, width) + narrow(ints.length, Math.min(width, 3)), bytes.length);
            Object[] back = (Object[]) COMPACT.read(ReadBuffer.of(RoundTrip.trickle(bytes, bytes.length)));
            assertArrayEquals(longs, (long[]) back[0]);
            assertArrayEquals(ints, (int[]) back[1]);
            back = (Object[]) PLAIN.read(ReadBuffer.of(new ByteArrayInputStream(bytes)));
            assertArrayEquals(longs, (long[]) back[0]);
            // A direct ByteBuffer is read through a window too (as ObjectFile reads a mapped file)
            java.nio.ByteBuffer direct = java.nio.ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
            back = (Object[]) COMPACT.read(ReadBuffer.of(direct));
            assertArrayEquals(longs, (long[]) back[0]);
            assertArrayEquals(ints, (int[]) back[1]);
        }
    }

    /** Fields of a registered class, written by generated code. */
    static final class Holder {
        int[] ints;
        long[] longs;
        Object any;
        int[][] nested;
        List<long[]> list;

        static Holder sample() {
            Holder h = new Holder();
            h.ints = new int[] {1, 2, 3};
            h.longs = new long[] {100_000, -7};
            h.any = new long[] {1, 2};
            h.nested = new int[][] {{1}, {1000}, {1 << 20}, null};
            h.list = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                h.list.add(new long[] {i, -i}); // five of one class: a run (references off)
            }
            return h;
        }
    }

    record Quantities(long sourceId, long[] quantities, int[] codes) {
    }

    @Test
    void generatedCodeWritesTheCompactFormAndReadsBoth() {
        for (boolean references : new boolean[] {false, true}) {
            Blit compact = Blit.builder().compactArrays(true).references(references)
                    .register(Holder.class, 100).register(Quantities.class, 101).build();
            Blit plain = Blit.builder().references(references)
                    .register(Holder.class, 100).register(Quantities.class, 101).build();
            Holder h = Holder.sample();
            byte[] small = compact.toBytes(h);
            byte[] large = plain.toBytes(h);
            assertTrue(small.length < large.length, small.length + " vs " + large.length);
            for (byte[] b : List.of(small, large)) {
                for (Blit reader : List.of(compact, plain)) {
                    Holder back = (Holder) reader.fromBytes(b);
                    assertArrayEquals(h.ints, back.ints);
                    assertArrayEquals(h.longs, back.longs);
                    assertArrayEquals((long[]) h.any, (long[]) back.any);
                    assertTrue(Arrays.deepEquals(h.nested, back.nested));
                    for (int i = 0; i < h.list.size(); i++) {
                        assertArrayEquals(h.list.get(i), back.list.get(i));
                    }
                }
            }
            Quantities q = new Quantities(1010, new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, new int[] {777, 99});
            // tag, sourceId (svar 1010: 2 bytes), codes (tag, 00, width 2, header, 4 bytes), quantities (tag, 00, 1, header, 10)
            RoundTrip.roundTrip(compact, q, 1 + 2 + 8 + 14, (a, b) -> a.sourceId() == ((Quantities) b).sourceId()
                    && Arrays.equals(a.quantities(), ((Quantities) b).quantities())
                    && Arrays.equals(a.codes(), ((Quantities) b).codes()));
        }
    }

    @Test
    void sharedArraysStaySharedInTheCompactForm() {
        Blit blit = Blit.builder().compactArrays(true).references(true).build();
        long[] shared = {1, 2, 3};
        Object[] back = (Object[]) blit.fromBytes(blit.toBytes(new Object[] {shared, shared}));
        assertTrue(back[0] == back[1]);
    }

    @Test
    void malformedNarrowFormsAreRejectedWithTheirOffset() {
        rejected("10 00 00 02 05", "invalid element width 0 of a compact int[] at offset 2 (1 to 3)");
        rejected("10 00 04 02 05 00 00 00", "invalid element width 4 of a compact int[] at offset 2 (1 to 3)");
        rejected("11 00 08 02 05 00 00 00 00 00 00 00", "invalid element width 8 of a compact long[] at offset 2 (1 to 7)");
        rejected("11 00 06 03 ff ff ff ff 7f 00 00 00 00 00 00 00", "has elements 6 bytes wide where 5 hold every one");
        rejected("10 00 03 04 ff 7f 00 00 00 00 01 00 00", "has elements 3 bytes wide where 2 hold every one");
        rejected("11 00 81 02 05", "invalid element width 129");
        rejected("10 00 01 01", "must have at least one element");
        rejected("10 00 01 00", "must have at least one element");
        rejected("10 00 02 03 05 00 06 00", "has elements 2 bytes wide where 1 hold every one");
        rejected("10 00 02 02 05 00", "is no smaller than the plain form (1 element of 2 bytes");
        rejected("11 00 07 03 01 00 00 00 00 00 00 02 00 00 00 00 00 00", "is no smaller than the plain form (2 elements of 7 bytes");
        rejected("11 00 04 02 ff 7f 00 00", "has elements 4 bytes wide where 2 hold every one");
        rejected("10 00 01 ff ff ff 0f", "declared length");
        rejected("10 00", "truncated");
        rejected("10 00 01 03 01", "declared length 2 at offset 3 needs 2 bytes but only 1 remain");
        // a null header padded past its one byte after the tag (00 alone is the narrow form's escape) was read as null,
        // a null value under an int[] tag, even as an element of a run
        rejected("10 80 00", "null array header at offset 1 where int[] is read");
        rejected("11 80 80 00", "null array header at offset 1 where long[] is read");
        rejected("24 01 45 10 80 00", "null array header at offset 4");
    }

    private static void rejected(String hex, String message) {
        byte[] b = RoundTrip.bytes(hex);
        for (Blit blit : List.of(COMPACT, PLAIN)) {
            BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(b), hex);
            assertTrue(e.getMessage().contains(message) && e.getMessage().contains("offset"), e.getMessage());
        }
    }

    @Test
    void theLimitsChargeTheElementsAtTheirFullSize() {
        long[] ones = new long[1000];
        Arrays.fill(ones, 1);
        byte[] bytes = COMPACT.toBytes(ones); // 1,000 bytes of elements, 8,000 once read
        Blit tight = Blit.builder().maxAllocationPerRead(4_000).build();
        BlitException e = assertThrows(BlitException.class, () -> tight.fromBytes(bytes));
        assertTrue(e.getMessage().contains("a compact long[] at offset 1 needs about 7000 bytes"), e.getMessage());
        Blit shortArrays = Blit.builder().maxLength(999).build();
        e = assertThrows(BlitException.class, () -> shortArrays.fromBytes(bytes));
        assertTrue(e.getMessage().contains("exceeds maxLength 999"), e.getMessage());
    }

    @Test
    void theBufferApiWritesAndReadsBothForms() {
        WriteBuffer out = new WriteBuffer(4);
        out.writeCompactIntArray(new int[] {3});
        out.writeCompactLongArray(new long[] {Long.MAX_VALUE});
        out.writeIntArray(new int[] {4});
        ReadBuffer in = ReadBuffer.of(out.toByteArray());
        assertArrayEquals(new int[] {3}, in.readCompactIntArray());
        assertArrayEquals(new long[] {Long.MAX_VALUE}, in.readCompactLongArray());
        assertArrayEquals(new int[] {4}, in.readCompactIntArray());
        assertTrue(in.isExhausted());
        NullPointerException e = assertThrows(NullPointerException.class, () -> out.writeCompactLongArray(null));
        assertTrue(e.getMessage().contains("write a nullable array with writeIntArray or writeLongArray"), e.getMessage());
    }
}
