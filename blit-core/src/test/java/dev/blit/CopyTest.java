package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.io.ObjectStreamException;
import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.SortedMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Blit#copy}: a deep copy, the value {@code fromBytes(toBytes(value))} would be. */
class CopyTest {

    static final class Order {
        long id;
        BigDecimal total;
        List<Line> lines = new ArrayList<>();
        double[] weights;
    }

    static final class Line {
        Order order;
        int number;
        String sku;
    }

    record Point(int x, int y) {
    }

    /** Written as a Point, by its java.io hook: its copy is not a Replaced. */
    static final class Replaced implements Serializable {
        private Object writeReplace() throws ObjectStreamException {
            return new Point(1, 2);
        }
    }

    private static Order order() {
        Order o = new Order();
        o.id = 7;
        o.total = new BigDecimal("12.50");
        o.weights = new double[] {0.5, 1.5};
        for (int i = 0; i < 3; i++) {
            Line l = new Line();
            l.order = o;
            l.number = i;
            l.sku = "S" + i;
            o.lines.add(l);
        }
        return o;
    }

    private static Blit blit(boolean references) {
        return Blit.builder().register(Order.class, 100).register(Line.class, 101).register(Point.class, 102)
                .register(Replaced.class, 103).references(references).build();
    }

    @Test
    void aGraphIsCopiedWithItsCycles() {
        Order o = order();
        Order copy = blit(true).copy(o);
        assertNotSame(o, copy);
        assertEquals(7, copy.id);
        assertEquals(o.total, copy.total);
        assertNotSame(o.weights, copy.weights);
        assertArrayEquals(o.weights, copy.weights);
        assertNotSame(o.lines, copy.lines);
        for (int i = 0; i < 3; i++) {
            Line l = copy.lines.get(i);
            assertNotSame(o.lines.get(i), l);
            assertSame(copy, l.order, "the back reference points at the copy, not the original");
            assertEquals(i, l.number);
            assertEquals("S" + i, l.sku);
        }
    }

    @Test
    void withoutReferencesSharedValuesAreCopiedApartAndCyclesFail() {
        Point p = new Point(3, 4);
        List<Point> twice = new ArrayList<>(List.of(p, p));
        List<Point> copy = blit(false).copy(twice);
        assertEquals(twice, copy);
        assertNotSame(copy.get(0), copy.get(1));
        List<Point> shared = blit(true).copy(twice);
        assertSame(shared.get(0), shared.get(1));
        assertThrows(BlitException.class, () -> blit(false).copy(order()));
    }

    @Test
    void valuesAndNullAndUnregisteredClasses() {
        Blit blit = blit(false);
        assertNull(blit.copy(null));
        assertEquals(new Point(1, 2), blit.copy(new Point(1, 2)));
        Map<String, Object> m = new HashMap<>(Map.of("a", List.of(1, 2), "b", new int[] {3}));
        Map<String, Object> copy = blit.copy(m);
        assertEquals(List.of(1, 2), copy.get("a"));
        assertArrayEquals(new int[] {3}, (int[]) copy.get("b"));
        assertNotSame(m.get("b"), copy.get("b"));
        BlitException e = assertThrows(BlitException.class, () -> blit.copy(new Object() { }));
        assertTrue(e.getMessage().contains("is not registered"), e.getMessage());
        e = assertThrows(BlitException.class, () -> blit.copy(new Replaced()));
        assertTrue(e.getMessage().contains("expected a " + Replaced.class.getName()), e.getMessage());
    }

    /**
     * JDK-private classes that come back as another class of their family, as {@code fromBytes} gives them: a
     * copy is what the caller can declare (a {@code List}, a {@code NavigableSet}), not the private class.
     */
    @Test
    void jdkPrivateClassesReadBackAsAnotherOfTheirFamilyAreCopied() {
        Blit blit = blit(false);
        List<Integer> sub = List.of(1, 2, 3).subList(0, 2);
        List<Integer> subCopy = blit.copy(sub);
        assertEquals(sub, subCopy);
        assertNotSame(sub.getClass(), subCopy.getClass(), "this test needs a class that changes");
        NavigableSet<String> empty = Collections.emptyNavigableSet();
        NavigableSet<String> emptyCopy = blit.copy(empty);
        assertEquals(empty, emptyCopy);
        assertNotSame(empty.getClass(), emptyCopy.getClass(), "this test needs a class that changes");
        SortedMap<String, Integer> emptyMap = blit.copy(Collections.emptySortedMap());
        assertTrue(emptyMap.isEmpty());
    }

    /**
     * A JDK-private class whose public supertypes are its implementation ({@code asLifoQueue}'s
     * {@code AbstractQueue}, a {@code WeakHashMap} entry's {@code WeakReference}, the {@code Externalizable} of Java
     * 25's {@code LinkedList.reversed()}) is copied as what {@code fromBytes(toBytes(value))} reads, the class it is
     * written as, not refused for lacking those supertypes.
     */
    @Test
    void aJdkPrivateClassIsCopiedAsFromBytesReadsItWhateverItsPublicSuperclass() throws Exception {
        Blit blit = blit(false);
        List<Object> values = new ArrayList<>(List.of(
                Collections.asLifoQueue(new java.util.ArrayDeque<>(List.of(1, 2))),
                new java.util.WeakHashMap<>(Map.of("k", "v")).entrySet().iterator().next(),
                new java.util.concurrent.ConcurrentSkipListMap<>(Map.of(1, "a", 2, "b")).tailMap(2)));
        try {
            values.add(List.class.getMethod("reversed").invoke(new java.util.LinkedList<>(List.of(1, 2, 3))));
        } catch (NoSuchMethodException e) {
            // Java 17: no reversed views
        }
        for (Object v : values) {
            Object viaBytes = blit.fromBytes(blit.toBytes(v));
            Object copy = blit.copy(v);
            assertEquals(viaBytes.getClass(), copy.getClass(), v.getClass().getName());
            assertEquals(viaBytes.toString(), copy.toString());
        }
        java.util.Queue<Integer> lifo = blit.copy(Collections.asLifoQueue(new java.util.ArrayDeque<>(List.of(1, 2))));
        assertEquals(List.of(1, 2), new ArrayList<>(lifo), "the interface it is used through, and its order");
    }

    /** A serializer that writes two bytes and reads one: its copy is refused as fromBytes refuses its bytes. */
    @Test
    void aCopyLeavingBytesUnreadIsRefusedAsFromBytesRefusesIt() {
        Blit lopsided = Blit.builder().register(Point.class, 102, new Serializer<Point>() {
            @Override
            public void write(WriteBuffer out, Point value) {
                out.writeByte(value.x());
                out.writeByte(value.y());
            }

            @Override
            public Point read(ReadBuffer in) {
                return new Point(in.readByte(), 0);
            }
        }).build();
        String fromBytes = assertThrows(BlitException.class, () -> lopsided.fromBytes(lopsided.toBytes(new Point(1, 2))))
                .getMessage();
        assertEquals(fromBytes, assertThrows(BlitException.class, () -> lopsided.copy(new Point(1, 2))).getMessage());
        assertTrue(fromBytes.contains("1 trailing bytes after the value"), fromBytes);
    }

    @Test
    void aCopyAfterAFailedCopyAndBetweenOtherCallsIsStillRight() {
        Blit blit = blit(false);
        assertThrows(BlitException.class, () -> blit.copy(new Object() { }));
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            big.append((char) ('a' + i % 26));
        }
        assertEquals(big.toString(), blit.copy(big.toString()));
        byte[] bytes = blit.toBytes(new Point(5, 6));
        assertEquals(new Point(7, 8), blit.copy(new Point(7, 8)));
        assertEquals(new Point(5, 6), blit.fromBytes(bytes));
        WriteBuffer out = new WriteBuffer();
        blit.write(new Point(9, 9), out);
        assertEquals(new Point(1, 1), blit.copy(new Point(1, 1)));
        assertEquals(new Point(9, 9), blit.read(ReadBuffer.of(out.toByteArray())));
    }
}
