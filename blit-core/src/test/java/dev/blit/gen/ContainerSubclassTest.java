package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Classes of the user's that extend a JDK collection or map (FORMAT.md, "Collections and maps the user
 * extends"): their own fields, then their elements through the collection's public methods, on Java 17 (where
 * the JDK class's hooks cannot run) as on later JDKs, made by their own no-argument constructor.
 */
class ContainerSubclassTest {

    /** A list with fields of its own; equal only with the same fields and elements. */
    static final class Tags extends ArrayList<Object> {
        String owner;
        int weight;
        Object note;

        Tags() {
        }

        Tags(String owner, Object... elements) {
            this.owner = owner;
            addAll(List.of(elements));
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tags && super.equals(o) && Objects.equals(owner, ((Tags) o).owner)
                    && weight == ((Tags) o).weight;
        }

        @Override
        public int hashCode() {
            return super.hashCode();
        }
    }

    /** Its constructor chooses the comparator, which the bytes do not hold. */
    static final class Scores extends TreeMap<String, Integer> {
        long round;

        Scores() {
            super(Comparator.reverseOrder());
        }
    }

    /** Its constructor puts an entry in, which a read must not keep unless the bytes hold it. */
    static final class Defaults extends LinkedHashMap<String, String> {
        Defaults() {
            put("colour", "red");
        }
    }

    /** Access-ordered, by its constructor. */
    static final class Recent extends LinkedHashMap<String, Integer> {
        Recent() {
            super(16, 0.75f, true);
        }
    }

    enum Colour { RED, GREEN }

    static final class Flags extends EnumMap<Colour, Boolean> {
        Flags() {
            super(Colour.class);
        }
    }

    static final class Queue extends PriorityQueue<Integer> {
        Queue() {
            super(Comparator.reverseOrder());
        }
    }

    /** Append-only: refuses clear() (and remove), which a read must not need when its constructor adds nothing. */
    static final class Names extends HashSet<String> {
        @Override
        public void clear() {
            throw new UnsupportedOperationException("append-only");
        }
    }

    static final class Counters extends ConcurrentHashMap<String, Long> {
        String unit = "ms";
    }

    static final class NoNulls extends ArrayDeque<Object> {
    }

    /** No constructor the elements could be added to. */
    static final class Sized extends ArrayList<String> {
        Sized(int capacity) {
            super(capacity);
        }
    }

    /** Hooks of its own: they decide its content, as for any class with hooks. */
    static final class Hooked extends ArrayList<String> {
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }

    record Point(int x, int y) {
    }

    /** A plain class holding one in a field of its exact type, which generated code reads directly. */
    static final class Holder {
        Tags tags;
        Map<String, ?> any;
    }

    private static Blit blit(boolean references) {
        return Blit.builder().references(references).register(Tags.class, 100).register(Scores.class, 101)
                .register(Defaults.class, 102).register(Recent.class, 103).register(Flags.class, 104)
                .register(Queue.class, 105).register(Names.class, 106).register(Counters.class, 107)
                .register(NoNulls.class, 108).register(Point.class, 109).register(Holder.class, 110)
                .register(Colour.class, 111).build();
    }

    @Test
    void aListWithFieldsOfItsOwnHasTheBytesFormatMdShows() {
        Tags t = new Tags("me", "x", 2);
        byte[] bytes = blit(false).toBytes(t);
        // FORMAT.md "Collections and maps the user extends" (its example has one field; these are note, owner, weight)
        assertArrayEquals(new byte[] {100, 0, 5, 'm', 'e', 0, 2, 11, 3, 'x', 7, 4}, bytes, RoundTrip.hex(bytes));
        for (boolean references : new boolean[] {false, true}) {
            Tags back = RoundTrip.roundTrip(blit(references), t, bytes.length);
            assertInstanceOf(Tags.class, back);
            assertEquals("me", back.owner);
        }
    }

    @Test
    void eachJdkCollectionKeepsItsElementsAndItsConstructorsChoices() {
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = blit(references);
            Scores s = new Scores();
            s.put("a", 1);
            s.put("b", 2);
            s.round = 9;
            Scores scores = blit.fromBytes(blit.toBytes(s), Scores.class);
            assertEquals(List.of("b", "a"), new ArrayList<>(scores.keySet()), "the constructor's comparator orders them");
            assertEquals(9, scores.round);

            Defaults d = new Defaults();
            d.remove("colour");
            d.put("size", "L");
            assertEquals(Map.of("size", "L"), blit.fromBytes(blit.toBytes(d)), "what the constructor put in is cleared");

            Recent r = new Recent();
            r.put("a", 1);
            r.put("b", 2);
            r.put("c", 3);
            r.get("a");
            Recent recent = blit.fromBytes(blit.toBytes(r), Recent.class);
            assertEquals(List.of("b", "c", "a"), new ArrayList<>(recent.keySet()));
            recent.get("b");
            assertEquals(List.of("c", "a", "b"), new ArrayList<>(recent.keySet()), "still access-ordered");

            Flags f = new Flags();
            f.put(Colour.GREEN, true);
            assertEquals(f, blit.fromBytes(blit.toBytes(f)));

            Queue q = new Queue();
            q.addAll(List.of(3, 1, 2));
            Queue queue = blit.fromBytes(blit.toBytes(q), Queue.class);
            assertEquals(3, queue.poll());
            assertEquals(2, queue.poll());

            Names n = new Names();
            n.addAll(Set.of("x", "y"));
            assertEquals(n, RoundTrip.roundTrip(blit, n, blit.toBytes(n).length));

            Counters c = new Counters();
            c.put("p99", 12L);
            c.unit = "us";
            Counters counters = blit.fromBytes(blit.toBytes(c), Counters.class);
            assertEquals(Map.of("p99", 12L), counters);
            assertEquals("us", counters.unit);
        }
    }

    @Test
    void itMayHoldItselfWithReferencesOn() {
        Blit blit = blit(true);
        Tags t = new Tags("me", "x");
        t.add(t);
        t.note = t;
        Tags back = blit.fromBytes(blit.toBytes(t), Tags.class);
        assertSame(back, back.get(1));
        assertSame(back, back.note);
        assertEquals("x", back.get(0));
        Tags shared = new Tags("s");
        Tags outer = new Tags("o", shared, shared);
        Tags o = blit.fromBytes(blit.toBytes(outer), Tags.class);
        assertSame(o.get(0), o.get(1));
    }

    @Test
    void registeredElementsAreWrittenAsARunAndFieldsOfItsTypeReadDirectly() {
        Blit blit = blit(false);
        Tags points = new Tags("p");
        for (int i = 0; i < 10; i++) {
            points.add(new Point(i, -i));
        }
        byte[] bytes = blit.toBytes(points);
        Tags tagged = new Tags("p");
        tagged.addAll(points);
        tagged.add(null); // a null element: no run
        assertTrue(bytes.length < blit.toBytes(tagged).length - 8, "a run names the type once: " + RoundTrip.hex(bytes));
        assertEquals(points, RoundTrip.roundTrip(blit, points, bytes.length));

        Holder h = new Holder();
        h.tags = points;
        h.any = new Scores();
        Holder back = blit.fromBytes(blit.toBytes(h), Holder.class);
        assertEquals(points, back.tags);
        assertInstanceOf(Scores.class, back.any);
    }

    @Test
    void whatItCannotBeBuiltFromIsAnErrorNamingTheOffset() {
        Blit blit = blit(false);
        // id 108 (NoNulls, an ArrayDeque), one element: null, which an ArrayDeque refuses
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(new byte[] {(byte) 0x6c, 1, 0}));
        assertTrue(e.getMessage().contains("offset 2"), e.getMessage());
        // Scores (reverse natural order) keyed by an empty Object[], which is not Comparable
        BlitException k = assertThrows(BlitException.class, () -> blit.fromBytes(new byte[] {101, 0, 1, 20, 0, 7, 4}));
        assertTrue(k.getMessage().contains("offset 3"), k.getMessage());
    }

    @Test
    void aClassWithoutANoArgumentConstructorIsRefusedAndOneWithHooksOfItsOwnUsesThem() {
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(Sized.class, 100).build());
        assertTrue(e.getMessage().contains("no-argument constructor") && e.getMessage().contains("java.util.ArrayList"),
                e.getMessage());
        assertInstanceOf(ContainerSerializer.class, blit(false).serializerOf(Tags.class));
        if (Runtime.version().feature() >= 22) {
            Blit hooked = Blit.builder().register(Hooked.class, 100).build();
            assertTrue(!(hooked.serializerOf(Hooked.class) instanceof ContainerSerializer));
            Hooked h = new Hooked();
            h.add("a");
            assertEquals(h, hooked.fromBytes(hooked.toBytes(h)));
        } else {
            // ArrayList's own hooks write its private size field, which Java 17 gives no access to
            BlitException refused = assertThrows(BlitException.class, () -> Blit.builder().register(Hooked.class, 100).build());
            assertTrue(refused.getMessage().contains("hooks"), refused.getMessage());
        }
    }

    /** A concurrent map of the user's, which other threads change while it is written. */
    static final class Cache extends ConcurrentHashMap<Integer, Integer> {
    }

    /** A synchronized list of the user's. */
    static final class History extends java.util.Vector<Integer> {
    }

    /**
     * A concurrent or synchronized collection of the user's may change while it is written, as the built-in ones
     * may: its elements are copied in one consistent call first, so that count and elements agree and the write
     * never fails for it (an ArrayList subclass changed meanwhile would be refused, as a built-in ArrayList is).
     */
    @Test
    void aConcurrentCollectionOfTheUsersChangedWhileWrittenIsWrittenAsOneStateOfIt() throws InterruptedException {
        Blit blit = Blit.builder().register(Cache.class, 100).register(History.class, 101).build();
        Cache cache = new Cache();
        History history = new History();
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        Thread changer = new Thread(() -> {
            java.util.Random random = new java.util.Random(7);
            while (!stop.get()) {
                int k = random.nextInt(64);
                if (random.nextBoolean()) {
                    cache.put(k, k);
                    history.add(k);
                } else {
                    cache.remove(k);
                    if (!history.isEmpty()) {
                        history.remove(0);
                    }
                }
            }
        });
        changer.start();
        try {
            for (int i = 0; i < 3000; i++) {
                Cache c = blit.fromBytes(blit.toBytes(cache), Cache.class);
                c.forEach((k, v) -> assertEquals(k, v));
                History h = blit.fromBytes(blit.toBytes(history), History.class);
                h.forEach(x -> assertTrue(x >= 0 && x < 64, "element " + x));
            }
        } finally {
            stop.set(true);
            changer.join();
        }
    }

    /** An older release of {@link Tags}: no weight, and a field the newer one dropped. */
    static final class OldTags extends ArrayList<Object> {
        String owner;
        String dropped;
    }

    /** A newer release: its constructor gives a weight, which a writer without that field leaves in place. */
    static final class NewTags extends ArrayList<Object> {
        String owner;
        int weight = 5;
    }

    @Test
    void compatibleModeMatchesItsOwnFieldsByName() {
        Blit writer = Blit.builder().compatible(true).register(OldTags.class, 100).build();
        Blit reader = Blit.builder().compatible(true).register(NewTags.class, 100).build();
        OldTags old = new OldTags();
        old.owner = "me";
        old.dropped = "gone";
        old.addAll(List.of("a", "b"));
        List<?> both = reader.fromBytes(writer.toBytes(List.of(old, old)), List.class);
        NewTags read = (NewTags) both.get(1); // its table came with the first one
        assertEquals("me", read.owner);
        assertEquals(5, read.weight);
        assertEquals(List.of("a", "b"), read);
        OldTags back = writer.fromBytes(reader.toBytes(read), OldTags.class);
        assertEquals("me", back.owner);
        assertEquals(List.of("a", "b"), back);
    }
}
