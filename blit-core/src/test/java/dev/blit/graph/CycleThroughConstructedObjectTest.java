package dev.blit.graph;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * With references on, a cycle through a record or a class Blit builds by its constructor cannot be read back (the
 * reader has the object only once its fields are read), so the writer refuses it, on every path that writes such a
 * value, rather than write bytes that a file or log would keep and no reader could take back.
 */
class CycleThroughConstructedObjectTest {
    record Order(long id, List<Line> lines) {
    }

    /** Filled after it is made: it may point back at anything. */
    static final class Line {
        Object order;
        int n;
    }

    /** Built by its constructor, with a field set after it. */
    static final class Pair {
        final String name;
        Object other;

        Pair(String name) {
            this.name = name;
        }
    }

    record Box(Object content) {
    }

    static final class Holder {
        Order order;
        Object any;
    }

    private static Blit.Builder builder() {
        return Blit.builder().references(true).register(Order.class, 100).register(Line.class, 101)
                .register(Pair.class, 102).register(Box.class, 103).register(Holder.class, 104);
    }

    private static Order orderWithBackReference() {
        List<Line> lines = new ArrayList<>();
        Order o = new Order(7, lines);
        Line l = new Line();
        l.order = o;
        lines.add(l);
        return o;
    }

    private static void assertRefused(Blit blit, Object value, Class<?> cycleThrough) {
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(value));
        assertTrue(e.getMessage().startsWith("cannot write a back reference to the " + cycleThrough.getName() + " being"
                + " written (object #"), e.getMessage());
    }

    @Test
    void everyPathThatWritesSuchAValueRefusesTheCycle() {
        for (boolean compatible : new boolean[]{false, true}) {
            Blit blit = builder().compatible(compatible).build();
            Order o = orderWithBackReference();
            assertRefused(blit, o, Order.class); // at the top: the generic path
            Holder h = new Holder();
            h.order = o; // a field declared Order: generated code's own path
            assertRefused(blit, h, Order.class);
            Holder any = new Holder();
            any.any = List.of(o); // in a polymorphic field, in a list
            assertRefused(blit, any, Order.class);
            Pair p = new Pair("p");
            p.other = new Box(p); // through another constructor-built value, back to the outer one
            assertRefused(blit, p, Pair.class);
            Box inner = new Box(null);
            Pair q = new Pair("q");
            q.other = new Object[]{inner, new Box(new Object[]{q})}; // the innermost back to the outermost
            assertRefused(blit, q, Pair.class);
        }
        // Classes written by name, not registered.
        Blit named = Blit.builder().references(true).allowClassNames("dev.blit.graph.*").build();
        assertRefused(named, orderWithBackReference(), Order.class);
        Pair p = new Pair("p");
        p.other = p;
        assertRefused(named, p, Pair.class);
    }

    @Test
    void jdkValuesMadeFromTheirContentRefuseTheCycleToo() {
        Blit blit = builder().build();
        List<Function<List<Object>, Object>> makers = List.of(List::of, l -> Set.of(l), l -> Map.of("k", l),
                Collections::singletonList, Collections::singleton, l -> Collections.singletonMap("k", l),
                l -> Map.entry("k", l), l -> new AbstractMap.SimpleEntry<>("k", l),
                l -> new AbstractMap.SimpleImmutableEntry<>("k", l), l -> Collections.nCopies(3, l));
        for (Function<List<Object>, Object> make : makers) {
            List<Object> inner = new ArrayList<>();
            Object outer = make.apply(inner);
            inner.add(outer);
            assertRefused(blit, outer, outer.getClass());
            // The same values without the cycle, shared, still round-trip shared.
            List<Object> plain = new ArrayList<>(List.of("x"));
            Object value = make.apply(plain);
            Object[] back = (Object[]) blit.fromBytes(blit.toBytes(new Object[]{value, value, plain}));
            assertSame(back[0], back[1]);
            assertEquals(value, back[0]);
        }
        // Those made first and filled (an unmodifiable view of a list, an array) restore such a cycle.
        List<Object> inner = new ArrayList<>();
        List<Object> view = Collections.unmodifiableList(inner);
        inner.add(view);
        @SuppressWarnings("unchecked")
        List<Object> viewBack = (List<Object>) blit.fromBytes(blit.toBytes(view));
        assertSame(viewBack, ((List<?>) viewBack.get(0)).get(0));
        // An AtomicReferenceArray is made first too (it was made last, and such a cycle failed on reading).
        java.util.concurrent.atomic.AtomicReferenceArray<Object> array = new java.util.concurrent.atomic.AtomicReferenceArray<>(3);
        array.set(0, array);
        array.set(1, List.of("x"));
        array.set(2, new ArrayList<>(List.of(array)));
        byte[] bytes = blit.toBytes(array);
        for (Object read : new Object[]{blit.fromBytes(bytes), blit.read(new java.io.ByteArrayInputStream(bytes))}) {
            java.util.concurrent.atomic.AtomicReferenceArray<?> a = (java.util.concurrent.atomic.AtomicReferenceArray<?>) read;
            assertEquals(3, a.length());
            assertSame(a, a.get(0));
            assertEquals(List.of("x"), a.get(1));
            assertSame(a, ((List<?>) a.get(2)).get(0));
        }
    }

    @Test
    void aLargeArrayThatHoldsItselfReadFromAStreamSaysSoWhenRefused() {
        Blit blit = builder().build();
        Object[] big = new Object[1025];
        big[1024] = big;
        byte[] bytes = blit.toBytes(big);
        Object[] fromMemory = (Object[]) blit.fromBytes(bytes);
        assertSame(fromMemory, fromMemory[1024]);
        BlitException e = assertThrows(BlitException.class, () -> blit.read(new java.io.ByteArrayInputStream(bytes)));
        assertTrue(e.getMessage().contains("more than 1,024 elements read from a stream"), e.getMessage());
    }

    @Test
    void anExceptionWhoseCauseOrSuppressedOneLeadsBackToItIsRefused() {
        Blit blit = builder().register(IllegalStateException.class, 110).register(java.io.IOException.class, 111).build();
        IllegalStateException outer = new IllegalStateException("outer");
        java.io.IOException inner = new java.io.IOException("inner", outer);
        outer.initCause(inner); // a cause cycle, which printStackTrace shows as CIRCULAR REFERENCE
        assertRefused(blit, outer, IllegalStateException.class);
        IllegalStateException closing = new IllegalStateException("closing");
        closing.addSuppressed(new java.io.IOException("close failed", closing));
        assertRefused(blit, closing, IllegalStateException.class);
        // A chain without a cycle, one exception reached twice, still comes back as it was.
        IllegalStateException root = new IllegalStateException("root");
        java.io.IOException top = new java.io.IOException("top", root);
        top.addSuppressed(root);
        java.io.IOException back = (java.io.IOException) blit.fromBytes(blit.toBytes(top));
        assertSame(back.getCause(), back.getSuppressed()[0]);
        assertEquals("root", back.getCause().getMessage());
    }

    @Test
    void sharedWithoutACycleIsWrittenAndReadBackShared() {
        Blit blit = builder().build();
        Order o = new Order(1, List.of());
        Pair p = new Pair("p");
        p.other = p.name;
        Line l = new Line();
        l.order = new Object[]{o, o, p, p, new Box(o)}; // each one written whole before it is referred to again
        Object[] back = (Object[]) blit.fromBytes(blit.toBytes(l), Line.class).order;
        assertSame(back[0], back[1]);
        assertSame(back[2], back[3]);
        assertSame(back[0], ((Box) back[4]).content());
        // A cycle through a class filled after it is made is restored as always.
        Line self = new Line();
        self.order = self;
        Line selfBack = blit.fromBytes(blit.toBytes(self), Line.class);
        assertSame(selfBack, selfBack.order);
    }

    @Test
    void aRefusedValueLeavesTheBufferAsItWasAndTheNextValueIsWrittenWhole() {
        Blit blit = builder().build();
        WriteBuffer out = new WriteBuffer(64);
        blit.write("before", out);
        long end = out.position();
        assertThrows(BlitException.class, () -> blit.write(orderWithBackReference(), out));
        assertEquals(end, out.position());
        // The session that failed inside an Order starts the next message with nothing in progress.
        Order o = new Order(2, List.of());
        blit.write(new Object[]{o, o}, out);
        dev.blit.buffer.ReadBuffer in = dev.blit.buffer.ReadBuffer.of(out.toByteArray());
        assertEquals("before", blit.read(in));
        Object[] pair = (Object[]) blit.read(in);
        assertSame(pair[0], pair[1]);
    }

    @Test
    void withReferencesOffACycleIsStillTheDepthLimit() {
        Blit blit = builder().references(false).maxDepth(50).build();
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(orderWithBackReference()));
        assertTrue(e.getMessage().contains("maxDepth"), e.getMessage());
    }
}
