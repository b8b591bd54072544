package dev.blit.flat;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import dev.blit.gen.ClassModel;
import dev.blit.gen.ReflectiveSerializer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Classes whose fields are all primitives are one fixed-layout block (FORMAT.md, "Flat classes"). */
class FlatClassTest {

    /** Minborg's market data: 2 longs and 16 doubles, 144 bytes. */
    static final class MarketData {
        long securityId;
        long time;
        double bidQty0, bidQty1, bidQty2, bidQty3;
        double askQty0, askQty1, askQty2, askQty3;
        double bidPrice0, bidPrice1, bidPrice2, bidPrice3;
        double askPrice0, askPrice1, askPrice2, askPrice3;

        static MarketData sample() {
            MarketData m = new MarketData();
            m.securityId = 0x1234_5678_9ABCL;
            m.time = 1_700_000_000_123_456_789L;
            m.bidQty0 = 1_000_000;
            m.askQty3 = 8_000_000;
            m.bidPrice0 = 1.08215;
            m.askPrice3 = -0.0;
            m.bidPrice2 = Double.longBitsToDouble(0x7ff8000000000001L);
            return m;
        }

        private double[] doubles() {
            return new double[] {bidQty0, bidQty1, bidQty2, bidQty3, askQty0, askQty1, askQty2, askQty3,
                    bidPrice0, bidPrice1, bidPrice2, bidPrice3, askPrice0, askPrice1, askPrice2, askPrice3};
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof MarketData && ((MarketData) o).securityId == securityId && ((MarketData) o).time == time
                    && RoundTrip.deepEquals(((MarketData) o).doubles(), doubles());
        }

        @Override
        public int hashCode() {
            return Long.hashCode(securityId);
        }
    }

    /** One field of every primitive type; canonical order is by name: b c d f i j s z. */
    static final class AllKinds {
        boolean z;
        byte b;
        short s;
        char c;
        int i;
        long j;
        float f;
        double d;

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof AllKinds)) {
                return false;
            }
            AllKinds a = (AllKinds) o;
            return z == a.z && b == a.b && s == a.s && c == a.c && i == a.i && j == a.j
                    && Float.floatToRawIntBits(f) == Float.floatToRawIntBits(a.f)
                    && Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(a.d);
        }

        @Override
        public int hashCode() {
            return i;
        }
    }

    record Point(int x, int y) {
    }

    /** Built through its constructor (final fields); the constructor validates. */
    static final class Range {
        final long from;
        final long to;

        Range(long from, long to) {
            if (to < from) {
                throw new IllegalArgumentException("to < from");
            }
            this.from = from;
            this.to = to;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Range && ((Range) o).from == from && ((Range) o).to == to;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(from);
        }
    }

    /** Not flat: a reference field; its Point field is a flat tagged value. */
    record Segment(Point from, Point to, String name) {
    }

    record Flag(boolean on) {
    }

    /** Flat, built by a constructor that takes its final field only: the others are set after it. */
    static final class Stamped {
        final long time;
        double price;
        boolean live;

        Stamped(long time) {
            this.time = time;
            this.live = true;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Stamped && ((Stamped) o).time == time && Double.compare(((Stamped) o).price, price) == 0
                    && ((Stamped) o).live == live;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(time);
        }
    }

    private static Blit.Builder builder() {
        return Blit.builder().register(MarketData.class, 100).register(AllKinds.class, 101).register(Point.class, 102)
                .register(Range.class, 103).register(Segment.class, 104).register(Flag.class, 105)
                .register(Wide100.class, 106).register(Stamped.class, 107);
    }

    private static final Blit FLAT = builder().build();

    @Test
    void marketDataIsItsTagAndOneBlockOf144Bytes() {
        RoundTrip.roundTrip(FLAT, MarketData.sample(), 1 + 144);
        byte[] bytes = FLAT.toBytes(MarketData.sample());
        assertEquals(0x64, bytes[0]);
        // Canonical order is by name: the 16 doubles (askPrice0 first), then securityId at 128, time at 136.
        java.nio.ByteBuffer block = java.nio.ByteBuffer.wrap(bytes, 1, 144).slice().order(java.nio.ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x1234_5678_9ABCL, block.getLong(128));
        assertEquals(1_700_000_000_123_456_789L, block.getLong(136));
        assertEquals(-0.0, block.getDouble(24)); // askPrice3
    }

    @Test
    void everyPrimitiveIsFixedWidthLittleEndianInCanonicalOrder() {
        AllKinds a = new AllKinds();
        a.z = true;
        a.b = -2;
        a.s = 0x1234;
        a.c = '€';
        a.i = 1;
        a.j = -1;
        a.f = 1.5f;
        a.d = -0.0;
        byte[] expected = RoundTrip.bytes("65"   // tag 101
                + "fe"                            // b
                + "ac 20"                         // c
                + "00 00 00 00 00 00 00 80"       // d = -0.0
                + "00 00 c0 3f"                   // f = 1.5f
                + "01 00 00 00"                   // i = 1, four bytes: no varint
                + "ff ff ff ff ff ff ff ff"       // j = -1
                + "34 12"                         // s
                + "01");                          // z
        assertArrayEquals(expected, FLAT.toBytes(a));
        RoundTrip.roundTrip(FLAT, a, expected.length);
    }

    @Test
    void recordsAndConstructorBuiltClassesAreFlatToo() {
        assertArrayEquals(RoundTrip.bytes("66 03 00 00 00 fe ff ff ff"), FLAT.toBytes(new Point(3, -2)));
        RoundTrip.roundTrip(FLAT, new Point(Integer.MIN_VALUE, Integer.MAX_VALUE), 9);
        RoundTrip.roundTrip(FLAT, new Range(-5, 7), 17);
    }

    @Test
    void aFlatValueInsideOrdinaryClassesAndCollectionsKeepsItsBlock() {
        Segment s = new Segment(new Point(1, 2), null, "s");
        // 68 | 66 + 8 bytes | 00 | 03 73 (a String field has no tag)
        RoundTrip.roundTrip(FLAT, s, 1 + 9 + 1 + 2);
        List<Object> list = new ArrayList<>(List.of(MarketData.sample(), new Point(1, 1), new Flag(true)));
        RoundTrip.roundTrip(FLAT, list, 2 + 145 + 9 + 2);
    }

    @Test
    void sharedFlatObjectsComeBackSharedWithReferencesOn() {
        Blit refs = builder().references(true).build();
        MarketData m = MarketData.sample();
        Object[] pair = {m, m};
        Object[] back = RoundTrip.roundTrip(refs, pair, 2 + 145 + 2);
        assertSame(back[0], back[1]);
    }

    @Test
    void aClassWithMoreFieldsThanOneGeneratedMethodTakesRoundTrips() {
        RoundTrip.roundTrip(FLAT, Wide100.sample(), 1 + 800);
    }

    @Test
    void theOptOutWritesFieldByFieldWithVarints() {
        Blit plain = builder().flat(false).build();
        assertArrayEquals(RoundTrip.bytes("66 06 03"), plain.toBytes(new Point(3, -2)));
        RoundTrip.roundTrip(plain, new Point(3, -2), 3);
        RoundTrip.roundTrip(plain, MarketData.sample(), 1 + 7 + 9 + 128); // svar: 7 and 9 bytes
    }

    @Test
    void generatedAndReflectiveSerializersWriteTheSameBlocks() {
        Blit reflective = Blit.builder()
                .register(MarketData.class, 100, new ReflectiveSerializer(ClassModel.of(MarketData.class, null)))
                .register(AllKinds.class, 101, new ReflectiveSerializer(ClassModel.of(AllKinds.class, null)))
                .register(Point.class, 102, new ReflectiveSerializer(ClassModel.of(Point.class, null)))
                .register(Range.class, 103, new ReflectiveSerializer(ClassModel.of(Range.class, null)))
                .register(Wide100.class, 106, new ReflectiveSerializer(ClassModel.of(Wide100.class, null)))
                .build();
        AllKinds a = new AllKinds();
        a.c = 'x';
        a.z = true;
        a.d = Math.PI;
        for (Object v : new Object[] {MarketData.sample(), a, new Point(-1, 1), new Range(1, 2), Wide100.sample()}) {
            byte[] generated = FLAT.toBytes(v);
            assertArrayEquals(generated, reflective.toBytes(v), v.getClass().getSimpleName());
            assertEquals(v, reflective.fromBytes(generated));
            RoundTrip.roundTrip(reflective, v, generated.length);
        }
    }

    @Test
    void aFlatClassBuiltByAPartialConstructorHasItsOtherFieldsSetAfterIt() {
        Stamped s = new Stamped(-1_000);
        s.price = 2.5;
        s.live = false; // the constructor says true: the block's false must win
        Blit reflective = Blit.builder()
                .register(Stamped.class, 107, new ReflectiveSerializer(ClassModel.of(Stamped.class, null))).build();
        byte[] bytes = FLAT.toBytes(s);
        assertEquals(1 + 17, bytes.length);
        assertArrayEquals(bytes, reflective.toBytes(s));
        for (Blit reader : new Blit[]{FLAT, reflective}) {
            Stamped back = reader.fromBytes(bytes, Stamped.class);
            assertEquals(s, back);
            Stamped target = new Stamped(5);
            Stamped into = reader.readInto(dev.blit.buffer.ReadBuffer.of(bytes, 0, bytes.length), target);
            assertEquals(s, into);
            assertTrue(into != target, "a final field: a new object, not the target overwritten");
        }
    }

    @Test
    void aBooleanByteOtherThanZeroOrOneIsRejectedWithItsOffset() {
        byte[] bytes = FLAT.toBytes(new Flag(true));
        bytes[1] = 2;
        BlitException e = assertThrows(BlitException.class, () -> FLAT.fromBytes(bytes));
        assertTrue(e.getMessage().contains("offset 1"), e.getMessage());
        AllKinds a = new AllKinds();
        byte[] all = FLAT.toBytes(a);
        all[all.length - 1] = (byte) 0x80;
        BlitException e2 = assertThrows(BlitException.class, () -> FLAT.fromBytes(all));
        assertTrue(e2.getMessage().contains("offset " + (all.length - 1)), e2.getMessage());
    }

    @Test
    void aConstructorThatRejectsTheBlockFailsWithABlitExceptionAndTheOffset() {
        // Object[] {"ab", Range(from 5, to 1)}: the Range content starts at offset 7.
        byte[] input = RoundTrip.bytes("14 02 0b 05 61 62 67 05 00 00 00 00 00 00 00 01 00 00 00 00 00 00 00");
        BlitException e = assertThrows(BlitException.class, () -> FLAT.fromBytes(input));
        assertTrue(e.getMessage().contains("at offset 7"), e.getMessage());
        assertTrue(Objects.toString(e.getCause()).contains("to < from"), String.valueOf(e.getCause()));
    }

    @Test
    void aTruncatedBlockNamesTheOffsetWhereItStarts() {
        byte[] bytes = Arrays.copyOf(FLAT.toBytes(MarketData.sample()), 100);
        BlitException e = assertThrows(BlitException.class, () -> FLAT.fromBytes(bytes));
        assertTrue(e.getMessage().contains("offset 1"), e.getMessage());
    }
}
