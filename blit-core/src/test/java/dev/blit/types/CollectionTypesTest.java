package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.types.RoundTrip.ByLength;
import dev.blit.types.RoundTrip.Color;
import dev.blit.types.RoundTrip.Wide;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.TreeSet;

import static dev.blit.types.RoundTrip.PLAIN;
import static dev.blit.types.RoundTrip.TRACKING;
import static dev.blit.types.RoundTrip.assertEncoding;
import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.assertRoundTrips;
import static dev.blit.types.RoundTrip.roundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CollectionTypesTest {

    @Test
    void listsComeBackAsTheSameClass() {
        assertRoundTrips(new ArrayList<>());
        assertRoundTrips(new ArrayList<>(Arrays.asList(1, null, "two", 3.0, List.of(4))));
        assertRoundTrips(new LinkedList<>(Arrays.asList("a", null, "c")));
        assertRoundTrips(new LinkedList<>());
    }

    @Test
    void arrayListIsCountThenTaggedElements() {
        assertEncoding("24 01 0b 03 61", new ArrayList<>(List.of("a")));
        assertEncoding("25 00", new LinkedList<>());
        assertEncoding("24 02 00 24 00", new ArrayList<>(Arrays.asList(null, new ArrayList<>())));
    }

    @Test
    void arrayDequeKeepsItsOrder() {
        ArrayDeque<Object> deque = new ArrayDeque<>(List.of(3, 1, 2));
        deque.addFirst("first");
        roundTrip(deque, copy -> {
            assertEquals(ArrayDeque.class, copy.getClass());
            assertEquals(new ArrayList<>(deque), new ArrayList<>(copy));
        });
    }

    @Test
    void arrayDequeWithANullElementIsRejected() {
        assertRejected("26 02 07 02 00");
    }

    @Test
    void hashSetsComeBackAsTheSameClass() {
        assertRoundTrips(new HashSet<>(Arrays.asList(1, 2, 3, null, "x")));
        assertRoundTrips(new HashSet<>());
        LinkedHashSet<Object> ordered = new LinkedHashSet<>(List.of(9, 1, 8, 2, 7));
        LinkedHashSet<Object> copy = assertRoundTrips(ordered);
        assertEquals(new ArrayList<>(ordered), new ArrayList<>(copy));
    }

    @Test
    void treeSetKeepsNaturalOrder() {
        TreeSet<Object> set = new TreeSet<>(List.of("pear", "apple", "fig"));
        TreeSet<Object> copy = assertRoundTrips(set);
        assertEquals(List.of("apple", "fig", "pear"), new ArrayList<>(copy));
        assertEquals(null, copy.comparator());
        assertEncoding("2a 00 01 07 02", new TreeSet<>(List.of(1)));
    }

    @Test
    void treeSetKeepsReverseOrderAsTheBuiltInComparator() {
        TreeSet<Object> set = new TreeSet<>(Collections.reverseOrder());
        set.addAll(List.of(1, 3, 2));
        TreeSet<Object> copy = assertRoundTrips(set);
        assertSame(Collections.reverseOrder(), copy.comparator());
        assertEquals(List.of(3, 2, 1), new ArrayList<>(copy));
        TreeSet<Object> one = new TreeSet<>(Collections.reverseOrder());
        one.add(1);
        assertEncoding("2a 01 44 01 07 02", one);
        assertSame(Collections.reverseOrder(), assertRoundTrips(Collections.reverseOrder()));
    }

    @Test
    void treeSetKeepsARegisteredComparator() {
        TreeSet<Object> set = new TreeSet<>(new ByLength());
        set.addAll(List.of("ccc", "a", "bb"));
        TreeSet<Object> copy = assertRoundTrips(set);
        assertEquals(List.of("a", "bb", "ccc"), new ArrayList<>(copy));
        assertTrue(copy.comparator() instanceof ByLength);
    }

    /** A comparator that holds what it orders, or something that leads back to it. */
    public static class Owning implements java.util.Comparator<Object>, java.io.Serializable {
        public Object owner;

        public Owning() {
        }

        @Override
        public int compare(Object a, Object b) {
            return a.toString().compareTo(b.toString());
        }
    }

    /** A plain class, on the path from a comparator back to its collection. */
    public static class Link {
        public Object to;

        public Link() {
        }
    }

    /**
     * The reader makes a sorted collection from its comparator, so it reads the comparator first: a path from the
     * comparator back to the collection cannot be read back, and the writer refuses it naming the collection, for
     * every sorted collection and wrapper of one (rather than bytes whose reading fails blaming records). Elements
     * that lead back to the collection, and a comparator reached first, are fine.
     */
    @Test
    void aComparatorThatLeadsBackToItsCollectionIsRefusedOnWrite() {
        Blit blit = Blit.builder().references(true).register(Owning.class, 100).register(Link.class, 101).build();
        List<java.util.function.Function<Owning, Object>> sorted = List.of(
                c -> new TreeSet<>(c),
                c -> new java.util.TreeMap<>(c),
                c -> new java.util.PriorityQueue<>(c),
                c -> new java.util.concurrent.ConcurrentSkipListSet<>(c),
                c -> new java.util.concurrent.ConcurrentSkipListMap<>(c),
                c -> new java.util.concurrent.PriorityBlockingQueue<>(1, c),
                c -> Collections.unmodifiableSortedSet(new TreeSet<>(c)),
                c -> Collections.unmodifiableSortedMap(new java.util.TreeMap<>(c)),
                c -> Collections.synchronizedSortedSet(new TreeSet<>(c)),
                c -> Collections.synchronizedSortedMap(new java.util.TreeMap<>(c)),
                c -> new TreeSet<>(Collections.reverseOrder(c)),
                c -> new java.util.TreeMap<>(c).descendingMap());
        for (java.util.function.Function<Owning, Object> make : sorted) {
            for (boolean direct : new boolean[] {true, false}) {
                Owning c = new Owning();
                Object collection = make.apply(c);
                Link link = new Link();
                link.to = collection;
                c.owner = direct ? collection : link;
                for (BlitException e : List.of(assertThrows(BlitException.class, () -> blit.toBytes(collection)),
                        assertThrows(BlitException.class, () -> blit.copy(collection)))) {
                    assertTrue(e.getMessage().startsWith("cannot write a back reference to the "
                            + collection.getClass().getName() + " being written (object #0), from inside its comparator:"
                            + " the reader makes the " + collection.getClass().getSimpleName() + " from its comparator"),
                            e.getMessage());
                }
                // Reached first, the comparator is made before the collection, which finds it made.
                Link start = new Link();
                start.to = c;
                Owning read = (Owning) blit.copy(start).to;
                Object made = direct ? read.owner : ((Link) read.owner).to;
                assertTrue(made instanceof java.util.Collection || made instanceof java.util.Map, made.getClass().getName());
            }
        }
        // An element that leads back to its collection is read once the collection is made.
        Owning c = new Owning();
        java.util.TreeMap<Object, Object> map = new java.util.TreeMap<>(c);
        map.put("self", map);
        java.util.TreeMap<?, ?> back = blit.copy(map);
        assertSame(back, back.get("self"));
        assertTrue(back.comparator() instanceof Owning);
    }

    @Test
    void treeSetWithElementsThatCannotBeComparedIsRejected() {
        // natural order, two elements: an ArrayList and an ArrayList (not Comparable)
        assertRejected("2a 00 02 24 00 24 00");
        // comparator flag set, but the comparator is a String
        assertRejected("2a 01 0b 03 61 00");
        // comparator flag 2
        assertRejected("2a 02 00");
    }

    @Test
    void enumSetsComeBackWithTheirElementType() {
        assertRoundTrips(EnumSet.of(Color.RED, Color.BLUE));
        assertRoundTrips(EnumSet.noneOf(Color.class));
        assertRoundTrips(EnumSet.allOf(Color.class));
        EnumSet<Wide> jumbo = EnumSet.of(Wide.W00, Wide.W63, Wide.W64, Wide.W69);
        assertRoundTrips(jumbo);
        assertRoundTrips(EnumSet.noneOf(Wide.class));
        EnumSet<Color> empty = assertRoundTrips(EnumSet.noneOf(Color.class));
        empty.add(Color.GREEN); // still an EnumSet of Color
        assertEquals(EnumSet.of(Color.GREEN), empty);
    }

    @Test
    void enumSetIsTypeThenShortestBitSet() {
        assertEncoding("2e 64 01 05", EnumSet.of(Color.RED, Color.BLUE));
        assertEncoding("2e 64 00", EnumSet.noneOf(Color.class));
        assertEncoding("2e 65 09 01 00 00 00 00 00 00 80 21", EnumSet.of(Wide.W00, Wide.W63, Wide.W64, Wide.W69));
    }

    @Test
    void enumSetOfANonEnumTypeIsRejected() {
        BlitException e = assertRejected("2e 0b 00");
        assertTrue(e.getMessage().contains("not an enum"), e::getMessage);
        assertRejected("2e 15 64 00"); // Color[]: an array type
        assertRejected("2e 63 00");    // unknown id 99
    }

    @Test
    void enumSetBitsBeyondTheConstantsOrNonShortestAreRejected() {
        assertRejected("2e 64 01 08"); // ordinal 3 of a 3-constant enum
        assertRejected("2e 64 02 01 00"); // two bytes for a 3-constant enum
        assertRejected("2e 65 02 01 00"); // trailing zero byte
    }

    @Test
    void enumSetOfUnregisteredEnumCannotBeWritten() {
        assertThrows(BlitException.class, () -> PLAIN.toBytes(EnumSet.of(Thread.State.NEW)));
    }

    @Test
    void selfContainingListRoundTripsWithReferences() {
        ArrayList<Object> list = new ArrayList<>();
        list.add("head");
        list.add(list);
        byte[] bytes = TRACKING.toBytes(list);
        assertEquals("24 02 0b 09 68 65 61 64 01 00", RoundTrip.hex(bytes));
        ArrayList<?> copy = (ArrayList<?>) TRACKING.fromBytes(bytes);
        assertEquals("head", copy.get(0));
        assertSame(copy, copy.get(1));
        ArrayList<?> streamed = (ArrayList<?>) TRACKING.read(new ByteArrayInputStream(bytes));
        assertSame(streamed, streamed.get(1));
    }

    @Test
    void selfContainingCollectionsOfEveryMutableKindRoundTripWithReferences() {
        LinkedList<Object> linked = new LinkedList<>();
        linked.add(linked);
        LinkedList<?> l = (LinkedList<?>) TRACKING.fromBytes(TRACKING.toBytes(linked));
        assertSame(l, l.get(0));
        ArrayDeque<Object> deque = new ArrayDeque<>();
        deque.add(deque);
        ArrayDeque<?> d = (ArrayDeque<?>) TRACKING.fromBytes(TRACKING.toBytes(deque));
        assertSame(d, d.peek());
    }

    @Test
    void sharedListIsOneObjectWithReferencesAndTwoWithout() {
        List<Object> inner = new ArrayList<>(List.of(1));
        List<Object> outer = new ArrayList<>(List.of(inner, inner));
        List<?> tracked = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(outer));
        assertSame(tracked.get(0), tracked.get(1));
        List<?> plain = (List<?>) PLAIN.fromBytes(PLAIN.toBytes(outer));
        assertNotSame(plain.get(0), plain.get(1));
        assertEquals(outer, plain);
    }

    @Test
    void selfContainingListWithoutReferencesHitsTheDepthLimit() {
        ArrayList<Object> list = new ArrayList<>();
        list.add(list);
        Blit shallow = Blit.builder().maxDepth(50).build();
        assertThrows(BlitException.class, () -> shallow.toBytes(list));
    }

    @Test
    void hostileCountIsRejectedBeforeAllocating() {
        assertRejected("24 ff ff ff ff 07");
        assertRejected("24 ff ff ff ff 0f");
        // From a stream the count cannot be checked up front: the list grows until the input ends.
        assertThrows(BlitException.class, () -> PLAIN.read(new ByteArrayInputStream(RoundTrip.bytes("24 fe ff ff ff 07 00"))));
    }

    @Test
    void mutatedEncodingsFailOnlyWithBlitException() {
        TreeSet<Object> reversed = new TreeSet<>(Collections.reverseOrder());
        reversed.addAll(List.of("a", "b"));
        RoundTrip.assertMutationsFailOnlyWithBlitException(PLAIN.toBytes(new ArrayList<>(List.of(
                new LinkedList<>(List.of(1, 2)), new ArrayDeque<>(List.of("x")), new HashSet<>(List.of(3)),
                new LinkedHashSet<>(List.of(4, 5)), new TreeSet<>(List.of(6, 7)), reversed,
                EnumSet.of(Color.GREEN), EnumSet.of(Wide.W65)))), 3);
        ArrayList<Object> self = new ArrayList<>();
        self.add(self);
        self.add(new HashSet<>(List.of(1)));
        RoundTrip.assertMutationsFailOnlyWithBlitException(TRACKING.toBytes(self), 4);
    }

    enum Size { SMALL, LARGE }

    /** A by-name serializer, so that the constants may be reordered. */
    static final class ByName implements dev.blit.Serializer<Size> {
        @Override
        public void write(dev.blit.buffer.WriteBuffer out, Size value) {
            out.writeString(value.name());
        }

        @Override
        public Size read(dev.blit.buffer.ReadBuffer in) {
            return Size.valueOf(in.readString());
        }
    }

    /**
     * An EnumSet or EnumMap holds its constants' ordinals (FORMAT.md, ids 46 and 47): of an enum the user serializes
     * himself (by name, say) it is refused on writing, not silently written by ordinal; a HashSet of it is written by
     * the user's serializer.
     */
    @Test
    void anEnumSetOrEnumMapOfAnEnumWithTheUsersSerializerIsRefused() {
        for (boolean compatible : new boolean[]{false, true}) {
            Blit blit = Blit.builder().register(Size.class, 100, new ByName()).compatible(compatible).build();
            BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(EnumSet.of(Size.LARGE)));
            assertEquals("cannot write an EnumSet of " + Size.class.getName() + ": the enum is registered with a Serializer"
                    + " of yours (id 100), and an EnumSet holds its constants' ordinals (FORMAT.md), which would not go"
                    + " through it (reordered constants would read back as others); write a HashSet of them instead,"
                    + " whose elements your serializer writes", e.getMessage());
            java.util.EnumMap<Size, Integer> map = new java.util.EnumMap<>(Size.class);
            map.put(Size.SMALL, 1);
            e = assertThrows(BlitException.class, () -> blit.toBytes(map));
            assertTrue(e.getMessage().startsWith("cannot write an EnumMap of " + Size.class.getName()), e.getMessage());
            assertEquals(new HashSet<>(List.of(Size.LARGE)), blit.fromBytes(blit.toBytes(new HashSet<>(List.of(Size.LARGE)))));
            // Blit's own serializer of the enum: by ordinal, as FORMAT.md has it
            Blit own = Blit.builder().register(Size.class, 100).compatible(compatible).build();
            assertEquals(EnumSet.of(Size.LARGE), own.fromBytes(own.toBytes(EnumSet.of(Size.LARGE))));
            assertEquals(map, own.fromBytes(own.toBytes(map)));
        }
    }
}
