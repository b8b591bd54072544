package dev.blit.flat;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Blit#readInto} and {@link Serializer#readInto}: a flat class with non-final fields, and a
 * Marshallable, are filled in place; a record comes back as a new object, from the same bytes.
 */
class FlatReadIntoTest {

    /** Flat and mutable: filled in place. */
    static final class Quote {
        long id;
        double bid;
        double ask;
        boolean live;

        Quote() {
        }

        Quote(long id, double bid, double ask, boolean live) {
            this.id = id;
            this.bid = bid;
            this.ask = ask;
            this.live = live;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Quote && ((Quote) o).id == id && ((Quote) o).bid == bid && ((Quote) o).ask == ask
                    && ((Quote) o).live == live;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }
    }

    /** Flat, but built through its canonical constructor: never overwritten. */
    record Point(int x, int y) {
    }

    /** Not flat (a String field), but mutable: filled in place too (ReadIntoTest has more of these). */
    static final class Named {
        String name;
        int n;

        @Override
        public boolean equals(Object o) {
            return o instanceof Named && ((Named) o).n == n && java.util.Objects.equals(((Named) o).name, name);
        }

        @Override
        public int hashCode() {
            return n;
        }
    }

    /** Reads itself: filled in place too. */
    static final class Tick implements dev.blit.Marshallable {
        long time;
        String symbol;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeLong(time);
            out.writeString(symbol);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            time = in.readLong();
            symbol = in.readString();
        }
    }

    private static Blit.Builder builder() {
        return Blit.builder().register(Quote.class, 100).register(Point.class, 101).register(Named.class, 102)
                .register(Wide100.class, 103).register(Tick.class, 104);
    }

    @Test
    void aMarshallableReadsItselfIntoTheGivenInstance() {
        Tick t = new Tick();
        t.time = 77;
        t.symbol = "EURUSD";
        Tick target = new Tick();
        assertSame(target, BLIT.readInto(ReadBuffer.of(BLIT.toBytes(t)), target));
        assertEquals(77, target.time);
        assertEquals("EURUSD", target.symbol);
    }

    private static final Blit BLIT = builder().build();

    @Test
    void aMutableFlatObjectIsFilledInPlaceFromTheSameBytesReadMakes() {
        Quote q = new Quote(42, 1.25, -0.0, true);
        byte[] bytes = BLIT.toBytes(q);
        Quote target = new Quote(7, 9, 9, false);
        Quote back = BLIT.readInto(ReadBuffer.of(bytes), target);
        assertSame(target, back);
        assertEquals(q, target);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(target.ask));
        assertEquals(q, BLIT.fromBytes(bytes));
    }

    @Test
    void consecutiveValuesFillTheSameTargetOneAfterAnother() {
        WriteBuffer out = new WriteBuffer(64);
        for (int i = 0; i < 5; i++) {
            BLIT.write(new Quote(i, i * 0.5, i * 2.0, i % 2 == 0), out);
        }
        ReadBuffer in = ReadBuffer.of(out.toByteArray());
        Quote target = new Quote();
        for (int i = 0; i < 5; i++) {
            assertSame(target, BLIT.readInto(in, target));
            assertEquals(new Quote(i, i * 0.5, i * 2.0, i % 2 == 0), target);
        }
        assertTrue(in.isExhausted());
    }

    @Test
    void aClassWithMoreFieldsThanOneGeneratedMethodTakesIsFilledInPlace() {
        Wide100 w = Wide100.sample();
        Wide100 target = new Wide100();
        assertNotEquals(w, target);
        assertSame(target, BLIT.readInto(ReadBuffer.of(BLIT.toBytes(w)), target));
        assertEquals(w, target);
    }

    @Test
    void aRecordComesBackAsANewObjectAndAMutableNonFlatClassIsFilledInPlace() {
        Point p = new Point(3, -4);
        Point other = new Point(0, 0);
        Point back = BLIT.readInto(ReadBuffer.of(BLIT.toBytes(p)), other);
        assertEquals(p, back);
        assertNotSame(other, back);
        assertEquals(new Point(0, 0), other);

        Named n = new Named();
        n.name = "x";
        n.n = 5;
        Named target = new Named();
        Named nb = BLIT.readInto(ReadBuffer.of(BLIT.toBytes(n)), target);
        assertEquals(n, nb);
        assertSame(target, nb);
    }

    @Test
    void nullComesBackAsNullAndAnotherClassIsABlitException() {
        Quote target = new Quote(1, 2, 3, true);
        assertNull(BLIT.readInto(ReadBuffer.of(BLIT.toBytes(null)), target));
        BlitException e = assertThrows(BlitException.class,
                () -> BLIT.readInto(ReadBuffer.of(BLIT.toBytes(new Point(1, 2))), target));
        assertTrue(e.getMessage().contains(Quote.class.getName()), e.getMessage());
        assertEquals(new Quote(1, 2, 3, true), target);
        assertThrows(NullPointerException.class, () -> BLIT.readInto(ReadBuffer.of(BLIT.toBytes(null)), null));
    }

    @Test
    void aTruncatedBlockIsABlitExceptionWithItsOffset() {
        byte[] bytes = BLIT.toBytes(new Quote(1, 2, 3, true));
        BlitException e = assertThrows(BlitException.class,
                () -> BLIT.readInto(ReadBuffer.of(Arrays.copyOf(bytes, bytes.length - 1)), new Quote()));
        assertTrue(e.getMessage().contains("offset 1"), e.getMessage());
    }

    /** Serializer.readInto: a flat class's block is checked whole first, so bad bytes leave the target as it was. */
    @Test
    @SuppressWarnings("unchecked")
    void aBlockWithAnInvalidBooleanLeavesTheTargetUntouched() {
        byte[] bytes = BLIT.toBytes(new Quote(1, 2, 3, true));
        bytes[bytes.length - 1] = 2; // live, the last field by name (ask, bid, id, live): after the other three
        Serializer<Quote> serializer = (Serializer<Quote>) BLIT.serializerOf(Quote.class);
        for (int way = 0; way < 2; way++) {
            Quote target = new Quote(-1, -2, -3, false);
            ReadBuffer in = ReadBuffer.of(bytes);
            BlitException e = assertThrows(BlitException.class, way == 0 ? () -> BLIT.readInto(in, target) : () -> {
                in.readUnsignedVarInt(); // the tag: the serializer reads the block after it
                serializer.readInto(in, target);
            });
            assertTrue(e.getMessage().contains("boolean"), e.getMessage());
            assertEquals(new Quote(-1, -2, -3, false), target);
        }
    }

    @Test
    void withReferencesOnASharedFlatObjectStillResolves() {
        Blit refs = builder().references(true).build();
        Quote q = new Quote(9, 1, 2, false);
        WriteBuffer out = new WriteBuffer(64);
        refs.write(q, out);
        refs.write(List.of(q, q), out);
        ReadBuffer in = ReadBuffer.of(out.toByteArray());
        Quote target = new Quote();
        assertSame(target, refs.readInto(in, target));
        assertEquals(q, target);
        List<?> pair = (List<?>) refs.read(in);
        assertEquals(q, pair.get(0));
        assertSame(pair.get(0), pair.get(1));
    }

    @Test
    @SuppressWarnings("unchecked")
    void theSerializerOfAFlatClassReadsARawBlockIntoAnExistingObject() {
        Serializer<Quote> s = (Serializer<Quote>) BLIT.serializerOf(Quote.class);
        WriteBuffer out = new WriteBuffer(64);
        s.write(out, new Quote(5, 6, 7, true));
        assertEquals(8 + 8 + 8 + 1, out.position());
        Quote target = new Quote();
        assertSame(target, s.readInto(ReadBuffer.of(out.toByteArray()), target));
        assertEquals(new Quote(5, 6, 7, true), target);

        Serializer<Point> ps = (Serializer<Point>) BLIT.serializerOf(Point.class);
        out.clear();
        ps.write(out, new Point(1, 2));
        Point pt = new Point(0, 0);
        Point back = ps.readInto(ReadBuffer.of(out.toByteArray()), pt);
        assertEquals(new Point(1, 2), back);
        assertNotSame(pt, back);
    }
}
