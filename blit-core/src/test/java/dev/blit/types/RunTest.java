package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.util.AbstractList;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.assertRoundTrips;
import static dev.blit.types.RoundTrip.roundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs (FORMAT.md "Runs"): a collection or reference array whose elements are all of one class is written as
 * one type id and their contents, and so are a map's keys or values; every reader of collections, arrays and
 * maps, generated typed lists included, accepts them in place of tagged elements; and what is not a run, and
 * what a reader refuses.
 */
class RunTest {
    record Point(int x, int y) {
    }

    record Named(String name) {
    }

    /** No field: its content is empty, so a collection of it is never a run. */
    static final class Nothing {
        @Override
        public boolean equals(Object o) {
            return o instanceof Nothing;
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    record Holder(List<Named> names) {
    }

    record Things(List<Nothing> things) {
    }

    private static Blit blit(boolean references) {
        return builder().references(references).build();
    }

    private static Blit.Builder builder() {
        return Blit.builder().register(Point.class, 100).register(Named.class, 101).register(Nothing.class, 102)
                .register(Holder.class, 103).register(Things.class, 104);
    }

    private static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }

    private static byte[] bytes(String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    @Test
    void aListOfOneClassIsItsTypeIdOnceThenEachContent() {
        List<Point> points = new ArrayList<>(List.of(new Point(3, -2), new Point(1, 2), new Point(0, 0), new Point(-1, 1)));
        Blit plain = blit(false);
        // ArrayList (24), 4 elements, run (45) of Point (64), then four flat blocks
        String run = "24 04 45 64 03000000 feffffff 01000000 02000000 00000000 00000000 ffffffff 01000000".replace(" ", "");
        assertEquals(run, hex(plain.toBytes(points)));
        assertEquals(points, plain.fromBytes(bytes(run)));
        assertEquals(points, plain.read(new ByteArrayInputStream(bytes(run))));
        // The same elements tagged, as a writer without runs (or a generated one before them) wrote them: still valid
        assertEquals(points.subList(0, 2), plain.fromBytes(bytes("24 02 64 03000000 feffffff 64 01000000 02000000")));
        // and a run of any length, though Blit writes runs only from WriteSession.MIN_RUN elements on
        assertEquals(points.subList(0, 1), plain.fromBytes(bytes("24 01 45 64 03000000 feffffff")));
        assertTrue(hex(plain.toBytes(new ArrayList<>(points.subList(0, 3)))).startsWith("240364"), "three: tagged");
    }

    @Test
    void everyCollectionOfOneClassRoundTripsAsARun() {
        List<String> abc = List.of("a", "b", "c", "d");
        List<Collection<Object>> shapes = List.of(new ArrayList<>(abc), new LinkedList<>(abc), new LinkedHashSet<>(abc),
                new java.util.HashSet<>(abc), new TreeSet<>(abc), List.copyOf(abc), Set.copyOf(abc),
                Collections.unmodifiableList(new ArrayList<>(abc)), Collections.unmodifiableSet(new LinkedHashSet<>(abc)),
                Collections.unmodifiableNavigableSet(new TreeSet<>(abc)), Arrays.asList("a", "b", "c", "d"));
        for (Collection<Object> c : shapes) {
            // Strings are not tracked, so the bytes are the same with references on (which assertRoundTrips checks)
            assertTrue(hex(RoundTrip.PLAIN.toBytes(c)).contains("450b"), () -> c.getClass() + ": " + hex(RoundTrip.PLAIN.toBytes(c)));
            assertRoundTrips(c);
        }
        Collection<Object> wrapped = Collections.unmodifiableCollection(new ArrayList<>(abc));
        roundTrip(wrapped, copy -> assertEquals(abc, new ArrayList<>(copy)));
        ArrayDeque<Object> deque = new ArrayDeque<>(abc);
        roundTrip(deque, copy -> assertEquals(abc, new ArrayList<>(copy)));
        assertTrue(hex(RoundTrip.PLAIN.toBytes(deque)).startsWith("2604450b"));
    }

    @Test
    void whatIsNotARunIsTaggedAsBefore() {
        Blit plain = blit(false);
        Blit tracking = blit(true);
        Point p = new Point(1, 2);
        assertNotRun(plain, List.of(p, p, p), "three elements: fewer than MIN_RUN");
        assertNotRun(plain, Arrays.asList(p, p, p, null), "a null");
        assertNotRun(plain, List.of(p, p, p, new Named("n")), "two classes");
        assertEquals("3004030203" + "03", hex(plain.toBytes(List.of(true, false, true, true))), "Booleans: the tag is the value");
        List<Object> empty = Collections.emptyList();
        assertNotRun(plain, List.of(empty, empty, empty, empty), "constants without content");
        Nothing nothing = new Nothing();
        assertNotRun(plain, List.of(nothing, nothing, nothing, nothing), "a class without fields");
        assertNotRun(tracking, List.of(new Point(1, 2), new Point(3, 4), new Point(5, 6), new Point(7, 8)),
                "a tracked class with references on");
        RoundTrip.ByLength by = new RoundTrip.ByLength();
        assertNotRun(RoundTrip.PLAIN, List.of(by, by, by, by), "a user's own serializer");
        assertNotRun(builder().compatible(true).build(), List.of(p, p, p, p), "compatible mode");
        // References on, untracked class: a run, read back by a reader with references on
        List<Named> names = List.of(new Named("a"), new Named("b"), new Named("c"), new Named("d"));
        assertTrue(hex(plain.toBytes(names)).startsWith("30044565"));
        List<String> strings = new ArrayList<>(List.of("w", "x", "y", "z"));
        assertTrue(hex(tracking.toBytes(strings)).startsWith("2404450b"));
        assertEquals(strings, tracking.fromBytes(tracking.toBytes(strings)));
    }

    private static void assertNotRun(Blit blit, List<?> value, String why) {
        byte[] b = blit.toBytes(value);
        assertFalse(hex(b).startsWith("45", 4), () -> why + ": " + hex(b)); // the byte after the list's id and count
        assertEquals(value, blit.fromBytes(b), why);
    }

    @Test
    void typedListFieldsWriteAndReadRunsThroughGeneratedCode() {
        Blit plain = blit(false);
        Holder h = new Holder(new ArrayList<>(List.of(new Named("a"), new Named("b"), new Named("c"), new Named("d"))));
        byte[] b = plain.toBytes(h);
        // Holder (67), then its field: ArrayList (24), 4 elements, run (45) of Named (65), each its String field (untagged)
        assertEquals("67" + "24044565" + "0361" + "0362" + "0363" + "0364", hex(b));
        assertEquals(h, plain.fromBytes(b));
        // and the tagged form of the same list
        assertEquals(h, plain.fromBytes(bytes("67 2404 65 0361 65 0362 65 0363 65 0364")));
    }

    @Test
    void readersRefuseRunsTheFormatRulesOut() {
        Blit plain = blit(false);
        assertMessage(plain, "24 02 45 66", "took no bytes"); // Nothing: empty content
        assertMessage(plain, "24 02 45 33", "took no bytes"); // emptyList: a constant
        assertMessage(plain, "24 02 45 03", "has no content"); // Boolean.TRUE
        assertMessage(plain, "24 02 45 01", "has type id 1"); // a back reference is no type
        assertMessage(plain, "24 02 45 7f", "is not a built-in or registered type");
        assertMessage(plain, "24 02 45 45", "is not a built-in or registered type"); // a run of runs
        assertMessage(plain, "27 01 45 07 02 07 04", "a run of 1 entry's values at offset 3 has type id 2, which has no content");
        assertMessage(plain, "27 01 45 00 00 07 04", "names a type for neither the keys nor the values");
        assertMessage(plain, "27 02 45 66 07 02", "took no bytes"); // keys of no content
        assertMessage(plain, "15 0b 02 45 07 02 04", "element 0 of a java.lang.String[] is a java.lang.Integer");
        assertMessage(plain, "45", "unknown type id 69");
        assertMessage(plain, "67 24 02 45 66", "took no bytes"); // a generated typed list, a run of another type
        assertMessage(plain, "68 24 02 45 66", "took no bytes"); // a generated typed list, a run of its own type
        assertEquals(new Things(List.of(new Nothing(), new Nothing())), plain.fromBytes(bytes("68 24 02 66 66")));
        assertRejected(bytes("24 02 45 64 03000000")); // truncated in the second element
        assertRejected(bytes("24 02 45 0b 03 61")); // the same with strings, in every reader RoundTrip has
    }

    interface Shape {
    }

    @Test
    void aRunOfAnInterfacesIdIsRefusedAsATagOfItIs() {
        Blit blit = builder().register(Shape.class, 110).build();
        // an ArrayList of 1 element: tagged with id 110, Shape's; then a run (69) of id 110
        String why = "RunTest$Shape, registered with this Blit instance as an interface or abstract class";
        assertMessage(blit, "24 01 6e", "type id 110 at offset 2 is dev.blit.types." + why);
        assertMessage(blit, "24 01 45 6e", "a run of 1 element at offset 3 has type id 110, which is dev.blit.types." + why);
        assertMessage(blit, "24 02 45 6e", "a run of 2 elements at offset 3 has type id 110, which is dev.blit.types." + why);
        assertMessage(blit, "27 01 45 00 6e", "a run of 1 entry's values at offset 3 has type id 110, which is");
        assertMessage(blit, "27 02 45 6e 00 00000000", "a run of 2 entries' keys at offset 3 has type id 110, which is");
        assertMessage(blit, "24 02 45 7f", "has type id 127, which is not a built-in or registered type");
    }

    record Drawing(Point[] points) {
    }

    @Test
    void arraysOfOneClassAreRunsToo() {
        Blit plain = blit(false);
        Point[] points = {new Point(3, -2), new Point(1, 2), new Point(0, 0), new Point(-1, 1)};
        // Point[] (15, then its component Point 64), 4 elements, run (45) of Point (64), then four flat blocks
        String run = "15 64 04 45 64 03000000 feffffff 01000000 02000000 00000000 00000000 ffffffff 01000000".replace(" ", "");
        assertEquals(run, hex(plain.toBytes(points)));
        assertTrue(Arrays.equals(points, (Point[]) plain.fromBytes(bytes(run))));
        assertTrue(Arrays.equals(points, (Point[]) plain.read(new ByteArrayInputStream(bytes(run)))));
        // a field of an array type goes through the same code: Drawing, registered 105 (69 in hex)
        Blit withDrawing = builder().register(Drawing.class, 105).build();
        assertEquals("69" + run, hex(withDrawing.toBytes(new Drawing(points))));
        assertTrue(Arrays.equals(points, ((Drawing) withDrawing.fromBytes(bytes("69" + run))).points()));

        Object[] strings = {"a", "b", "c", "d"};
        assertTrue(hex(RoundTrip.PLAIN.toBytes(strings)).startsWith("1404450b"), () -> hex(RoundTrip.PLAIN.toBytes(strings)));
        RoundTrip.roundTrip(strings, copy -> assertTrue(Arrays.equals(strings, copy) && copy.getClass() == Object[].class));
        String[] typed = {"a", "b", "c", "d"};
        assertTrue(hex(RoundTrip.PLAIN.toBytes(typed)).startsWith("150b04450b"));
        RoundTrip.roundTrip(typed, copy -> assertTrue(Arrays.equals(typed, copy) && copy.getClass() == String[].class));

        // not runs: three elements, a null, two classes; a run of any length is read all the same
        for (Object[] a : List.of(new Point[] {points[0], points[1], points[2]}, new Point[] {points[0], null, points[1], points[2]},
                new Object[] {points[0], points[1], points[2], "d"})) {
            byte[] b = plain.toBytes(a);
            int afterCount = a.getClass() == Object[].class ? 2 : 3; // Point[] has its component's id first
            assertNotEquals(TypeIds.RUN, b[afterCount], () -> hex(b));
            assertTrue(Arrays.equals(a, (Object[]) plain.fromBytes(b)));
        }
        assertTrue(Arrays.equals(new Object[] {1, 2}, (Object[]) plain.fromBytes(bytes("14 02 45 07 02 04"))));
        assertMessage(plain, "14 02 45 66", "took no bytes");
        assertRejected(bytes("14 02 45 0b 03 61")); // truncated in the second element, in every reader RoundTrip has
        assertRejected(bytes("15 64 02 45 64 03000000 feffffff 01000000"));
    }

    @Test
    void mapsWhoseKeysOrValuesAreOfOneClassAreRuns() {
        Map<String, Integer> ages = new LinkedHashMap<>();
        ages.put("a", 1);
        ages.put("b", 2);
        ages.put("c", 3);
        ages.put("d", 4);
        // LinkedHashMap (28), 4 entries, run (45) of String (0b) keys and Integer (07) values, then each content
        assertEquals("2804450b07" + "036102" + "036204" + "036306" + "036408", hex(RoundTrip.PLAIN.toBytes(ages)));
        Map<String, Object> mixed = new LinkedHashMap<>(Map.of("a", 1, "b", "two", "c", 3L, "d", 4.0));
        assertTrue(hex(RoundTrip.PLAIN.toBytes(mixed)).startsWith("2804450b00"), "keys a run, values tagged");
        Map<Object, Point> byMixed = new LinkedHashMap<>();
        byMixed.put(1, new Point(1, 1));
        byMixed.put("2", new Point(2, 2));
        byMixed.put(3L, new Point(3, 3));
        byMixed.put(4.0, new Point(4, 4));
        Blit plain = blit(false);
        assertTrue(hex(plain.toBytes(byMixed)).startsWith("28044500640702"), "values a run, keys tagged");
        assertEquals(byMixed, plain.fromBytes(plain.toBytes(byMixed)));

        List<Map<?, ?>> shapes = List.of(new HashMap<>(ages), new LinkedHashMap<>(ages), new TreeMap<>(ages),
                new ConcurrentHashMap<>(ages), Map.copyOf(ages), Collections.unmodifiableMap(new LinkedHashMap<>(ages)),
                Collections.unmodifiableNavigableMap(new TreeMap<>(ages)), new HashMap<>(mixed), Map.copyOf(mixed));
        for (Map<?, ?> m : shapes) {
            assertTrue(hex(RoundTrip.PLAIN.toBytes(m)).contains("450b"), () -> m.getClass() + ": " + hex(RoundTrip.PLAIN.toBytes(m)));
            assertRoundTrips(m);
        }

        // not runs: three entries; keys and values each of two classes or with a null
        Map<Object, Object> notRun = new LinkedHashMap<>(Map.of(1, "a", 2, "b", 3, "c"));
        assertFalse(hex(RoundTrip.PLAIN.toBytes(notRun)).startsWith("45", 4));
        notRun.put("4", 4);
        assertFalse(hex(RoundTrip.PLAIN.toBytes(notRun)).startsWith("45", 4));
        notRun.put(null, null);
        notRun.remove("4");
        notRun.put(4, null);
        assertFalse(hex(RoundTrip.PLAIN.toBytes(notRun)).startsWith("45", 4), "a null key and a null value");
        assertRoundTrips(notRun);
        // tracked values with references on stay tagged; the keys are still a run
        Map<String, Point> points = new LinkedHashMap<>(Map.of("a", new Point(1, 1), "b", new Point(2, 2),
                "c", new Point(3, 3), "d", new Point(4, 4)));
        Blit tracking = blit(true);
        assertTrue(hex(tracking.toBytes(points)).startsWith("2804450b00"), () -> hex(tracking.toBytes(points)));
        assertEquals(points, tracking.fromBytes(tracking.toBytes(points)));
        assertTrue(hex(plain.toBytes(points)).startsWith("2804450b64"));
        // the Map<String, List<Point>>: no tag for any key, list or point
        Map<String, List<Point>> routes = new LinkedHashMap<>();
        for (String k : List.of("a", "b", "c", "d")) {
            routes.put(k, new ArrayList<>(List.of(new Point(1, 2), new Point(3, 4), new Point(5, 6), new Point(7, 8))));
        }
        String pointsRun = "04 45 64 01000000 02000000 03000000 04000000 05000000 06000000 07000000 08000000";
        assertEquals(hex(bytes("28 04 45 0b 24" + "0361" + pointsRun + "0362" + pointsRun + "0363" + pointsRun + "0364" + pointsRun)),
                hex(plain.toBytes(routes)));
        assertEquals(routes, plain.fromBytes(plain.toBytes(routes)));
        // a run of any length is read, and every truncation is refused, in every reader RoundTrip has
        assertEquals(Map.of(1, 2), plain.fromBytes(bytes("27 01 45 07 07 02 04")));
        assertRejected(bytes("27 02 45 0b 07 03 61 02 03 62"));
        assertRejected(bytes("32 02 45 0b 07 03 61 02 03 62")); // Map.of
    }

    private static void assertMessage(Blit blit, String hex, String expected) {
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes(hex)), hex);
        assertTrue(e.getMessage().contains(expected) && e.getMessage().contains("offset"), e::getMessage);
    }

    @Test
    void eachElementOfARunIsALevelOfDepthAsATaggedOneIs() {
        List<Point> points = new ArrayList<>(List.of(new Point(1, 2), new Point(3, 4), new Point(5, 6), new Point(7, 8)));
        List<Point> tagged = new ArrayList<>(Arrays.asList(new Point(1, 2), null, new Point(5, 6), new Point(7, 8)));
        for (List<Point> list : List.of(points, tagged)) {
            assertThrows(BlitException.class, () -> builder().maxDepth(1).build().toBytes(list));
            byte[] b = builder().maxDepth(2).build().toBytes(list);
            assertThrows(BlitException.class, () -> builder().maxDepth(1).build().fromBytes(b));
            assertEquals(list, builder().maxDepth(2).build().fromBytes(b));
        }
    }

    @Test
    void aRunLeavesTheDepthAndTheNumberingAsItFoundThem() {
        // Two runs side by side, one level deep each, then a back reference to the first: the second run is read
        // at the depth of the first (maxDepth 3: the outer list, the inner lists, their strings) and the
        // reference finds the first inner list, numbered before its run.
        List<String> first = new ArrayList<>(List.of("a", "b", "c", "d"));
        List<String> second = new ArrayList<>(List.of("e", "f", "g", "h"));
        List<Object> outer = new ArrayList<>(List.of(first, second, first));
        Blit blit = builder().references(true).maxDepth(3).build();
        byte[] b = blit.toBytes(outer);
        assertTrue(hex(b).startsWith("2403" + "2404450b"), hex(b));
        List<?> copy = (List<?>) blit.fromBytes(b);
        assertEquals(outer, copy);
        assertSame(copy.get(0), copy.get(2));
        assertThrows(BlitException.class, () -> builder().references(true).maxDepth(2).build().fromBytes(b));
    }

    @Test
    void aRunOfATrackedClassWithReferencesOnIsNumberedElementByElement() {
        // No writer makes one (a tracked class with references on stays tagged), but a reader takes it as the
        // format reads it: each element gets its number, so a back reference after the run finds it.
        // Outer list (#0) of 2: the inner list (#1) of 4 as a run of Point (#2..#5, flat: two i32 each), then a
        // reference to #2.
        String points = " 01000000 02000000 03000000 04000000 05000000 06000000 07000000 08000000";
        byte[] b = bytes("24 02" + " 24 04 45 64" + points + " 01 02");
        List<?> outer = (List<?>) blit(true).fromBytes(b);
        List<?> inner = (List<?>) outer.get(0);
        assertEquals(List.of(new Point(1, 2), new Point(3, 4), new Point(5, 6), new Point(7, 8)), inner);
        assertSame(inner.get(0), outer.get(1));
        // Untracked: the same run read by an instance with references off, where #2 does not exist
        assertMessage(blit(false), "24 02" + " 24 04 45 64" + points + " 01 02", "references(false)");
    }

    @Test
    void aCollectionWhoseElementsChangeWhileWrittenAsARunFails() {
        // Points when Blit first looks, a String when it writes them: the run's header would be a lie
        List<Object> fickle = new AbstractList<>() {
            private int calls;

            @Override
            public Object get(int index) {
                return calls++ < 4 ? new Point(index, index) : "changed";
            }

            @Override
            public int size() {
                return 4;
            }
        };
        BlitException e = assertThrows(BlitException.class, () -> blit(false).toBytes(Collections.unmodifiableList(fickle)));
        assertTrue(e.getMessage().contains("changed while it was written"), e.getMessage());
    }

    /** Runs its action when written: user code in the middle of a run, which can change the run's container. */
    static final class Trigger {
        Runnable action = () -> { };
    }

    /** Registered field by field, so a collection of four is a run; its one field is a Trigger. */
    record Item(Trigger trigger) {
    }

    record Basket(List<Item> items) {
    }

    private static Blit triggering() {
        return triggering(false);
    }

    private static Blit triggering(boolean references) {
        return Blit.builder().references(references).register(Item.class, 106).register(Basket.class, 108)
                .register(Trigger.class, 107, new Serializer<Trigger>() {
                    @Override
                    public void write(WriteBuffer out, Trigger value) {
                        value.action.run();
                        out.writeByte(1);
                    }

                    @Override
                    public Trigger read(ReadBuffer in) {
                        in.readByte();
                        return new Trigger();
                    }
                }).build();
    }

    private static List<Item> items(Trigger first) {
        return new ArrayList<>(List.of(new Item(first), new Item(new Trigger()), new Item(new Trigger()), new Item(new Trigger())));
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void anElementThatChangesClassInTheMiddleOfARunFailsTheWrite() {
        Blit blit = triggering();
        // Sanity: unchanged, each of these is a run and round-trips
        Trigger quiet = new Trigger();
        assertTrue(hex(blit.toBytes(new Basket(items(quiet)))).startsWith("6c2404456a"));
        assertEquals(4, ((List<?>) blit.fromBytes(blit.toBytes(items(quiet)))).size());

        // A typed list field, written by the generated serializer's own loop (RUN_OF_EXPECTED)
        Trigger t = new Trigger();
        List<Item> list = items(t);
        t.action = () -> ((List) list).set(2, "not an Item");
        assertChanged("java.util.ArrayList", () -> blit.toBytes(new Basket(list)));
        // The same list alone: WriteSession.startRun writes the run itself
        List<Item> alone = items(t);
        t.action = () -> ((List) alone).set(2, "not an Item");
        assertChanged("java.util.ArrayList", () -> blit.toBytes(alone));
        // An array
        Object[] array = items(t).toArray();
        t.action = () -> array[2] = "not an Item";
        assertChanged("java.lang.Object[]", () -> blit.toBytes(array));
        // A map's values
        Map<String, Object> map = new LinkedHashMap<>();
        for (Item i : items(t)) {
            map.put("k" + map.size(), i);
        }
        t.action = () -> map.put("k2", "not an Item");
        assertChanged("java.util.LinkedHashMap", () -> blit.toBytes(map));
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void aCollectionThatAnElementsWriteGrowsOrShrinksFailsTheWriteWithABlitException() {
        // The first element's write adds to, or removes from, the collection being written: its fail-fast
        // iterator throws a ConcurrentModificationException, reported as the change (it is the cause), not raw
        for (boolean references : new boolean[]{false, true}) { // a run (Item untracked), or tagged elements
            Blit blit = triggering(references);
            for (boolean grow : new boolean[]{true, false}) {
                List<Collection<Item>> all = List.of(new ArrayList<>(), new LinkedList<>(), new ArrayDeque<>(),
                        new java.util.HashSet<>(), new LinkedHashSet<>());
                for (Collection<Item> c : all) {
                    fill(c, once(() -> {
                        if (grow) {
                            c.add(new Item(new Trigger()));
                        } else {
                            c.remove(c.iterator().next());
                        }
                    }));
                    if (c instanceof ArrayDeque) {
                        // Its iterator goes on by the count it started with and notices only some changes (a
                        // removal behind it): a write either fails as the others do or holds the first four
                        try {
                            assertEquals(4, ((Collection<?>) blit.fromBytes(blit.toBytes(c))).size());
                        } catch (BlitException e) {
                            assertChangedBy(c.getClass().getTypeName(), () -> {
                                throw e;
                            });
                        }
                        continue;
                    }
                    assertChangedBy(c.getClass().getTypeName(), () -> blit.toBytes(c));
                }
                // a typed list field, written by the generated serializer's own loop
                List<Item> typed = new ArrayList<>();
                fill(typed, once(() -> {
                    if (grow) {
                        typed.add(new Item(new Trigger()));
                    } else {
                        typed.remove(typed.size() - 1);
                    }
                }));
                assertChangedBy("java.util.ArrayList", () -> blit.toBytes(new Basket(typed)));
                for (Map<String, Item> m : List.<Map<String, Item>>of(new HashMap<>(), new LinkedHashMap<>(), new TreeMap<>())) {
                    List<Item> items = fill(new ArrayList<>(), once(() -> {
                        if (grow) {
                            m.put("new", new Item(new Trigger()));
                        } else {
                            m.remove(m.keySet().iterator().next());
                        }
                    }));
                    for (Item i : items) {
                        m.put("k" + m.size(), i);
                    }
                    assertChangedBy(m.getClass().getTypeName(), () -> blit.toBytes(m));
                }
                // An EnumMap's iterator never fails fast: an entry added was written past the count, silently
                EnumMap<java.util.concurrent.TimeUnit, Item> em = new EnumMap<>(java.util.concurrent.TimeUnit.class);
                List<Item> items = fill(new ArrayList<>(), once(() -> {
                    if (grow) {
                        em.put(java.util.concurrent.TimeUnit.DAYS, new Item(new Trigger()));
                    } else {
                        em.remove(java.util.concurrent.TimeUnit.HOURS);
                    }
                }));
                java.util.concurrent.TimeUnit[] keys = java.util.concurrent.TimeUnit.values();
                for (int i = 0; i < items.size(); i++) {
                    em.put(keys[i + 1], items.get(i)); // MICROSECONDS .. SECONDS; DAYS and HOURS come later
                }
                em.put(java.util.concurrent.TimeUnit.HOURS, new Item(new Trigger()));
                assertChangedBy("java.util.EnumMap", () -> blit.toBytes(em));
            }
        }
    }

    /** Runs {@code change} on a thread of its own, as another thread changing a collection meanwhile would. */
    private static void onAnotherThread(Runnable change) {
        Thread t = new Thread(change);
        t.start();
        try {
            t.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** {@code it}, whose first next() lets another thread make {@code change} first, once ({@code done}). */
    private static <T> java.util.Iterator<T> changingAfterItsFirst(java.util.Iterator<T> it, Runnable change, boolean[] done) {
        return new java.util.Iterator<>() {
            @Override
            public boolean hasNext() {
                return it.hasNext();
            }

            @Override
            public T next() {
                T e = it.next();
                if (!done[0]) {
                    done[0] = true;
                    onAnotherThread(change);
                }
                return e;
            }
        };
    }

    /** A HashMap whose entries' first look lets another thread add one: the first pass over them, deciding the runs. */
    public static final class ChangedCatalog extends HashMap<String, Item> {
        static final boolean[] DONE = {false};

        @Override
        public Set<Map.Entry<String, Item>> entrySet() {
            Set<Map.Entry<String, Item>> entries = super.entrySet();
            return new java.util.AbstractSet<>() {
                @Override
                public java.util.Iterator<Map.Entry<String, Item>> iterator() {
                    return changingAfterItsFirst(entries.iterator(), () -> put("new", new Item(new Trigger())), DONE);
                }

                @Override
                public int size() {
                    return entries.size();
                }
            };
        }
    }

    /**
     * Another thread changing a collection while Blit took its first look at the elements (whether they can be a
     * run: RunWriter.startRun, RunWriter.runSides) or at an identity map view's keys (DistinctKeys.check) let the
     * iterator's ConcurrentModificationException escape raw; those passes run no code of the user's. It is now the
     * BlitException the write loops give. Forced: the change is made, on another thread, inside the iterator's
     * first next().
     */
    @Test
    void anotherThreadsChangeSeenInTheFirstLookAtTheElementsFailsTheWriteWithABlitException() {
        Blit blit = Blit.builder().register(Item.class, 106).register(Trigger.class, 107, new Serializer<Trigger>() {
            @Override
            public void write(WriteBuffer out, Trigger value) {
                out.writeByte(1);
            }

            @Override
            public Trigger read(ReadBuffer in) {
                in.readByte();
                return new Trigger();
            }
        }).register(ChangedCatalog.class, 109).build();
        // a list: its first pass is RunWriter.startRun's
        List<Item> list = fill(new ArrayList<>(), () -> { });
        boolean[] listDone = {false};
        List<Item> view = new AbstractList<>() {
            @Override
            public java.util.Iterator<Item> iterator() {
                return changingAfterItsFirst(list.iterator(), () -> list.add(new Item(new Trigger())), listDone);
            }

            @Override
            public Item get(int index) {
                return list.get(index);
            }

            @Override
            public int size() {
                return list.size();
            }
        };
        assertChangedBy("java.util.Collections$UnmodifiableList", () -> blit.toBytes(Collections.unmodifiableList(view)));
        assertTrue(listDone[0]);
        // a map's entries: RunWriter.runSides
        ChangedCatalog catalog = new ChangedCatalog();
        for (Item i : fill(new ArrayList<>(), () -> { })) {
            catalog.put("k" + catalog.size(), i);
        }
        assertChangedBy(ChangedCatalog.class.getTypeName(), () -> blit.toBytes(catalog));
        assertTrue(ChangedCatalog.DONE[0]);
        // an unmodifiable map's keys, checked for equal but distinct keys first: DistinctKeys.check
        Map<String, Item> backing = new HashMap<>();
        for (Item i : fill(new ArrayList<>(), () -> { })) {
            backing.put("k" + backing.size(), i);
        }
        boolean[] keysDone = {false};
        Map<String, Item> map = new java.util.AbstractMap<>() {
            @Override
            public Set<Map.Entry<String, Item>> entrySet() {
                return new java.util.AbstractSet<>() {
                    @Override
                    public java.util.Iterator<Map.Entry<String, Item>> iterator() {
                        return changingAfterItsFirst(backing.entrySet().iterator(),
                                () -> backing.put("new", new Item(new Trigger())), keysDone);
                    }

                    @Override
                    public int size() {
                        return backing.size();
                    }
                };
            }
        };
        assertChangedBy("java.util.Collections$UnmodifiableMap", () -> blit.toBytes(Collections.unmodifiableMap(map)));
        assertTrue(keysDone[0]);
    }

    /** Four Items whose Triggers all run {@code action}. */
    private static <C extends Collection<Item>> C fill(C c, Runnable action) {
        for (int i = 0; i < 4; i++) {
            Trigger t = new Trigger();
            t.action = action;
            c.add(new Item(t));
        }
        return c;
    }

    private static Runnable once(Runnable r) {
        boolean[] done = {false};
        return () -> {
            if (!done[0]) {
                done[0] = true;
                r.run();
            }
        };
    }

    /** The change is reported, with the iterator's ConcurrentModificationException as cause when it threw one. */
    private static void assertChangedBy(String type, org.junit.jupiter.api.function.Executable write) {
        BlitException e = assertThrows(BlitException.class, write, type);
        assertTrue(e.getMessage().startsWith("a " + type + " changed while it was written (offset ")
                && e.getMessage().endsWith("); collections must not be modified during a write"), e::getMessage);
        assertTrue(e.getCause() == null || e.getCause() instanceof java.util.ConcurrentModificationException, type);
    }

    private static void assertChanged(String type, org.junit.jupiter.api.function.Executable write) {
        BlitException e = assertThrows(BlitException.class, write);
        assertTrue(e.getMessage().contains("a " + type + " changed while it was written"), e::getMessage);
    }
}
