package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Properties;
import java.util.Set;
import java.util.Stack;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.WeakHashMap;

import static dev.blit.types.RoundTrip.PLAIN;
import static dev.blit.types.RoundTrip.TRACKING;
import static dev.blit.types.RoundTrip.assertEncoding;
import static dev.blit.types.RoundTrip.assertMutationsFailOnlyWithBlitException;
import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.assertRoundTrips;
import static dev.blit.types.RoundTrip.roundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Extended ids 5..25 (FORMAT.md): the JDK's entries, sublists, synchronized wrappers, {@code Stack},
 * {@code IdentityHashMap}, the concurrent sets and queues, {@code nCopies}, {@code Comparator.naturalOrder()} and
 * {@code AtomicReference}. Each comes back equal, through every decoding path, with every truncation rejected;
 * what the JDK class refuses (nulls, a second encoding) is rejected with its offset.
 */
class ExtendedCollectionsTest {

    @Test
    void entriesComeBackAsTheirOwnClasses() {
        assertRoundTrips(new AbstractMap.SimpleEntry<>("k", null));
        assertRoundTrips(new AbstractMap.SimpleImmutableEntry<>(1, List.of("v")));
        assertRoundTrips(Map.entry(1, "a"));
        assertEncoding("63 07 07 02 0b 03 61", Map.entry(1, "a")); // 99, ext 7, Integer 1, String "a"
        assertEncoding("63 05 0b 03 6b 00", new AbstractMap.SimpleEntry<>("k", null));
        // The entries of a map's entrySet() are the map's own private nodes: written, and read, as SimpleEntries.
        for (Map<Object, Object> map : List.<Map<Object, Object>>of(new java.util.HashMap<>(Map.of("x", 1, "y", 2)),
                new TreeMap<>(Map.of("x", 1)), new LinkedHashMap<>(Map.of(3, List.of())), new ConcurrentHashMap<>(Map.of(4, 5)),
                new IdentityHashMap<>(Map.of("i", 6)))) {
            List<Map.Entry<Object, Object>> entries = new ArrayList<>(map.entrySet());
            List<?> back = roundTrip(entries, copy -> assertEquals(entries, copy));
            assertEquals(AbstractMap.SimpleEntry.class, back.get(0).getClass());
            assertEquals(entries.get(0), PLAIN.copy(entries.get(0)));
        }
        assertEncoding("63 05 0b 03 78 07 02", new java.util.HashMap<>(Map.of("x", 1)).entrySet().iterator().next());
    }

    /**
     * From Java 21, {@code LinkedHashMap.firstEntry()}, {@code lastEntry()}, {@code pollFirstEntry()} and
     * {@code pollLastEntry()} return a {@code jdk.internal.util.NullableKeyValueHolder}: public, but in a package
     * {@code java.base} does not export. It was refused as unregistered (and registering it, as the message advised,
     * failed at build()); it is now written as a map's own entry, a SimpleEntry (5). Reflection: Java 17 has none.
     */
    @Test
    void aSequencedMapsFirstAndLastEntriesAreWrittenAsTheMapsOwnEntries() throws ReflectiveOperationException {
        java.lang.reflect.Method first;
        try {
            first = LinkedHashMap.class.getMethod("firstEntry");
        } catch (NoSuchMethodException e) {
            org.junit.jupiter.api.Assumptions.abort("Java " + Runtime.version().feature() + " has no LinkedHashMap.firstEntry()");
            return;
        }
        LinkedHashMap<String, Integer> map = new LinkedHashMap<>(Map.of("a", 1));
        map.put("b", null);
        for (String name : new String[] {"firstEntry", "lastEntry", "pollFirstEntry", "pollLastEntry"}) {
            @SuppressWarnings("unchecked")
            Map.Entry<String, Integer> e = (Map.Entry<String, Integer>) LinkedHashMap.class.getMethod(name).invoke(map);
            Object back = PLAIN.copy(e);
            assertEquals(AbstractMap.SimpleEntry.class, back.getClass(), name);
            assertEquals(e, back, name);
        }
        Map.Entry<?, ?> a = (Map.Entry<?, ?>) first.invoke(new LinkedHashMap<>(Map.of("x", 1)));
        assertEncoding("63 05 0b 03 78 07 02", a);
        assertEquals(new AbstractMap.SimpleEntry<>("x", 1), PLAIN.fromBytes(PLAIN.toBytes(a)));
    }

    @Test
    void aMapEntryWithANullIsRejected() {
        assertTrue(assertRejected("63 07 00 07 02").getMessage().contains("null key"));
        assertTrue(assertRejected("63 07 07 02 00").getMessage().contains("null value"));
    }

    @Test
    void subListsComeBackAsSubListsOfAnArrayList() {
        List<Integer> sub = new ArrayList<>(List.of(1, 2, 3)).subList(1, 3);
        assertRoundTrips(sub);
        assertEncoding("63 08 02 07 04 07 06", sub);
        List<Object> fromLinked = roundTrip(new LinkedList<Object>(List.of("a", "b", "c")).subList(0, 2),
                copy -> assertEquals(List.of("a", "b"), copy));
        fromLinked.add("more"); // still a mutable list
        assertEquals(List.of("a", "b", "more"), fromLinked);
        roundTrip(Arrays.asList(1, 2, 3).subList(1, 2), copy -> assertEquals(List.of(2), copy));
    }

    @Test
    void synchronizedWrappersComeBackSynchronized() {
        Collection<Object> list = roundTrip(Collections.synchronizedList(new LinkedList<>(List.of(1, "x"))),
                copy -> assertEquals(List.of(1, "x"), copy));
        assertEquals(Collections.synchronizedList(new ArrayList<>()).getClass(), list.getClass());
        assertRoundTrips(Collections.synchronizedList(new ArrayList<>(List.of(1))));
        assertEncoding("63 0a 01 07 02", Collections.synchronizedList(new ArrayList<>(List.of(1))));
        roundTrip(Collections.synchronizedCollection(new ArrayList<>(List.of(1, 2))),
                copy -> assertEquals(List.of(1, 2), new ArrayList<>(copy)));
        roundTrip(Collections.synchronizedSet(new java.util.HashSet<>(Set.of(3, 4))), copy -> assertEquals(Set.of(3, 4), copy));
        NavigableSet<String> sorted = (NavigableSet<String>) roundTrip(
                Collections.synchronizedSortedSet(new TreeSet<String>(Comparator.reverseOrder())), copy -> assertTrue(copy.isEmpty()));
        assertSame(Comparator.reverseOrder(), sorted.comparator());
        NavigableMap<Object, Object> map = roundTrip(
                Collections.synchronizedNavigableMap(new TreeMap<>(Map.of(2, "b", 1, "a"))),
                copy -> assertEquals(Map.of(1, "a", 2, "b"), copy));
        assertEquals(List.of(1, 2), new ArrayList<>(map.keySet()));
        assertEncoding("63 0e 00 01 07 02 0b 03 61", Collections.synchronizedNavigableMap(new TreeMap<>(Map.of(1, "a"))));
        Map<Object, Object> ordered = new LinkedHashMap<>();
        ordered.put("z", 1);
        ordered.put("a", 2);
        Map<Object, Object> syncMap = roundTrip(Collections.synchronizedMap(ordered), copy -> assertEquals(ordered, copy));
        assertEquals(List.of("z", "a"), new ArrayList<>(syncMap.keySet()), "iteration order kept");
    }

    /**
     * Another thread adds and removes elements all along: a wrapper written without its lock would have its
     * count disagree with its elements (a BlitException "changed while written") or fail with a
     * ConcurrentModificationException; written from a snapshot taken under it, every write succeeds.
     */
    @Test
    void aSynchronizedWrapperIsWrittenUnderItsLockAndAConcurrentQueueFromASnapshot() throws Exception {
        List<Integer> list = Collections.synchronizedList(new ArrayList<>());
        ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();
        AtomicBoolean stop = new AtomicBoolean();
        Thread churn = new Thread(() -> {
            for (int i = 0; !stop.get(); i++) {
                list.add(i);
                queue.add(i);
                if (list.size() > 50) {
                    list.remove(0);
                    queue.poll();
                }
            }
        });
        churn.start();
        try {
            for (int i = 0; i < 2_000; i++) {
                List<?> copy = (List<?>) PLAIN.fromBytes(PLAIN.toBytes(list));
                assertTrue(copy.size() <= 51);
                assertTrue(PLAIN.fromBytes(PLAIN.toBytes(queue)) instanceof ConcurrentLinkedQueue); // no "changed while written"
            }
        } finally {
            stop.set(true);
            churn.join();
        }
    }

    /** Runs its action when written, once: user code in the middle of a write. */
    static final class Hook {
        Runnable action;
    }

    private static Blit hooked() {
        return Blit.builder().register(Hook.class, 100, new dev.blit.Serializer<Hook>() {
            @Override
            public void write(dev.blit.buffer.WriteBuffer out, Hook value) {
                Runnable a = value.action;
                value.action = null;
                if (a != null) {
                    a.run();
                }
                out.writeByte(1);
            }

            @Override
            public Hook read(dev.blit.buffer.ReadBuffer in) {
                in.readByte();
                return new Hook();
            }
        }).build();
    }

    /** Runs {@code change} on a thread of its own and waits for it (10 s at most: a lock held by the writer may stop it). */
    private static void onAnotherThread(Runnable change) {
        Thread t = new Thread(change);
        t.start();
        try {
            t.join(10_000);
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * The views a synchronized map hands out (keySet(), values(), entrySet(), Hashtable's too) lock the map, not
     * themselves; they were written holding their own monitor, so another thread's put through the map went on in
     * the middle of the write, which failed ("changed while it was written"). They are now written from one
     * snapshot their own toArray() or forEach takes holding that lock. Forced: the first element's write code
     * makes another thread put into the map.
     */
    @Test
    void aSynchronizedMapsViewsAreWrittenFromASnapshotTakenUnderTheMapsLock() {
        Blit blit = hooked();
        List<String> views = List.of("synchronizedMap.keySet", "synchronizedMap.values", "synchronizedMap.entrySet",
                "Hashtable.keySet", "Hashtable.entrySet", "synchronizedSortedMap.headMap");
        for (String name : views) {
            Map<Object, Object> map = name.startsWith("Hashtable") ? new java.util.Hashtable<>()
                    : name.startsWith("synchronizedSortedMap") ? Collections.synchronizedSortedMap(new TreeMap<>())
                    : Collections.synchronizedMap(new java.util.HashMap<>());
            List<Hook> hooks = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                Hook h = new Hook();
                hooks.add(h);
                map.put(name.contains("keySet") ? h : "k" + i, name.contains("keySet") ? "v" + i : h);
            }
            boolean[] done = {false};
            Runnable put = () -> {
                if (!done[0]) {
                    done[0] = true;
                    onAnotherThread(() -> map.put(name.contains("keySet") ? new Hook() : "k9", new Hook()));
                }
            };
            for (Hook h : hooks) {
                h.action = put; // the first written, whichever that is
            }
            Object view = name.endsWith("keySet") ? map.keySet() : name.endsWith("values") ? map.values()
                    : name.endsWith("entrySet") ? map.entrySet() : ((java.util.SortedMap<Object, Object>) map).headMap("z");
            Object back = blit.fromBytes(blit.toBytes(view));
            assertEquals(5, map.size(), name); // the other thread's put went through, during the write
            assertEquals(4, back instanceof Map ? ((Map<?, ?>) back).size() : ((Collection<?>) back).size(), name);
        }
    }

    /**
     * Vector, Stack and Hashtable, whose methods are synchronized, were written by iterating them without their
     * monitor: another thread's add or put (a synchronized method, so not stopped) went on mid-write and the write
     * failed. They are now written from one snapshot taken holding their monitor (toArray(), forEach), as a class
     * of the user's built on them is. Forced: the first element's write code makes another thread add one.
     */
    @Test
    @SuppressWarnings("unchecked")
    void vectorStackAndHashtableAreWrittenFromASnapshotTakenHoldingTheirMonitor() {
        Blit blit = hooked();
        List<Object> all = List.of(new java.util.Vector<Object>(), new Stack<Object>(), new java.util.Hashtable<Object, Object>());
        for (Object c : all) {
            boolean[] done = {false};
            Runnable add = () -> {
                if (!done[0]) {
                    done[0] = true;
                    onAnotherThread(() -> {
                        if (c instanceof Map) {
                            ((Map<Object, Object>) c).put("k9", new Hook());
                        } else {
                            ((List<Object>) c).add(new Hook());
                        }
                    });
                }
            };
            for (int i = 0; i < 4; i++) {
                Hook h = new Hook();
                h.action = add; // the first written, whichever that is
                if (c instanceof Map) {
                    ((Map<Object, Object>) c).put("k" + i, h);
                } else {
                    ((List<Object>) c).add(h);
                }
            }
            Object back = blit.fromBytes(blit.toBytes(c));
            String name = c.getClass().getName();
            assertSame(c.getClass(), back.getClass(), name);
            assertEquals(5, c instanceof Map ? ((Map<?, ?>) c).size() : ((Collection<?>) c).size(), name); // during the write
            assertEquals(4, back instanceof Map ? ((Map<?, ?>) back).size() : ((Collection<?>) back).size(), name);
        }
    }

    @Test
    void stackIdentityMapAndConcurrentCollections() {
        Stack<Object> stack = new Stack<>();
        stack.push(1);
        stack.push("top");
        Stack<Object> s = assertRoundTrips(stack);
        assertEquals("top", s.pop());
        assertEncoding("63 0f 02 07 02 07 04", stackOf(1, 2));
        IdentityHashMap<Object, Object> identity = new IdentityHashMap<>();
        identity.put("k", 1);
        identity.put(List.of(1), 2);
        roundTrip(identity, copy -> {
            assertEquals(IdentityHashMap.class, copy.getClass());
            assertEquals(2, copy.size());
        });
        assertRoundTrips(new CopyOnWriteArraySet<>(List.of(1, 2, "3")));
        roundTrip(new ConcurrentLinkedQueue<>(List.of(1, 2)), copy -> assertEquals(List.of(1, 2), new ArrayList<>(copy)));
        roundTrip(new ConcurrentLinkedDeque<>(List.of("a")), copy -> assertEquals(List.of("a"), new ArrayList<>(copy)));
        Set<Integer> keys = ConcurrentHashMap.newKeySet();
        keys.add(5);
        roundTrip(keys, copy -> assertEquals(Set.of(5), copy));
        Set<Object> view = new ConcurrentHashMap<Object, Object>(Map.of("v", 1)).keySet();
        Set<Object> fromView = roundTrip(view, copy -> assertEquals(Set.of("v"), copy));
        assertTrue(fromView.add("more"), "a view comes back as a set of its own, which takes elements");
    }

    private static Stack<Object> stackOf(Object... elements) {
        Stack<Object> s = new Stack<>();
        for (Object e : elements) {
            s.push(e);
        }
        return s;
    }

    /** Its own entries, through Properties' own methods; the defaults it falls back on are not kept. */
    @Test
    void propertiesAreTheirOwnEntries() {
        Properties defaults = new Properties();
        defaults.setProperty("port", "80");
        Properties p = new Properties(defaults);
        p.setProperty("host", "example.org");
        Properties back = roundTrip(p, copy -> assertEquals(Map.of("host", "example.org"), new java.util.HashMap<>(copy)));
        assertEquals("example.org", back.getProperty("host"));
        assertNull(back.getProperty("port"), "the defaults are not written (no public method returns them)");
        assertEncoding("63 19 01 0b 03 6b 0b 03 76", propertiesOf("k", "v"));
        assertTrue(assertRejected("63 19 01 0b 03 6b 00").getMessage().contains("offset 3"));
    }

    private static Properties propertiesOf(String key, String value) {
        Properties p = new Properties();
        p.setProperty(key, value);
        return p;
    }

    @Test
    void concurrentCollectionsRejectANull() {
        for (int ext : new int[] {TypeIds.EXT_CONCURRENT_LINKED_QUEUE, TypeIds.EXT_CONCURRENT_LINKED_DEQUE,
                TypeIds.EXT_CONCURRENT_KEY_SET}) {
            BlitException e = assertRejected(new byte[] {99, (byte) ext, 1, 0});
            assertTrue(e.getMessage().contains("offset 3"), e.getMessage());
        }
    }

    /**
     * Building a CopyOnWriteArraySet compares every pair of its elements: a few bytes declaring thousands of
     * elements are refused by the read's budget before that work starts, not after minutes of it.
     */
    @Test
    void aCopyOnWriteArraySetIsChargedForTheComparisonsItsConstructionMakes() {
        CopyOnWriteArraySet<Integer> thousands = new CopyOnWriteArraySet<>();
        for (int i = 0; i < 5_000; i++) {
            thousands.add(i);
        }
        assertEquals(thousands, PLAIN.fromBytes(PLAIN.toBytes(thousands)), "5,000 elements are within the default budget");
        int n = 20_000;
        byte[] bytes = new byte[3 + 3 + 2 * n];
        bytes[0] = 99;
        bytes[1] = TypeIds.EXT_COPY_ON_WRITE_ARRAY_SET;
        bytes[2] = (byte) (0x80 | (n & 0x7f));
        bytes[3] = (byte) (0x80 | ((n >>> 7) & 0x7f));
        bytes[4] = (byte) (n >>> 14);
        for (int i = 0; i < n; i++) {
            bytes[5 + 2 * i] = TypeIds.BYTE;
            bytes[6 + 2 * i] = (byte) i;
        }
        byte[] exact = Arrays.copyOf(bytes, 5 + 2 * n);
        BlitException e = assertThrows(BlitException.class, () -> PLAIN.fromBytes(exact));
        assertTrue(e.getMessage().contains("compares every pair") && e.getMessage().contains("offset 1"), e.getMessage());
        Blit generous = Blit.builder().maxAllocationPerRead(1L << 40).build();
        assertEquals(256, ((Set<?>) generous.fromBytes(exact)).size(), "the bytes themselves are valid");
    }

    @Test
    void nCopiesIsItsCountAndOneElement() {
        assertRoundTrips(Collections.nCopies(3, "x"));
        assertEncoding("63 15 03 0b 03 78", Collections.nCopies(3, "x"));
        assertEncoding("63 15 00 00", Collections.nCopies(0, "x"));
        assertEquals(List.of(), PLAIN.fromBytes(PLAIN.toBytes(Collections.nCopies(0, "x"))));
        assertTrue(assertRejected("63 15 00 07 02").getMessage().contains("must be null"));
        assertTrue(assertRejected("63 15 80 80 80 80 08 00").getMessage().contains("is over"));
        // No memory per copy, but a count is a collection's length, bounded by maxLength as any other is
        // (a reader that copies such a list into an ArrayList would run out of memory).
        Blit unbounded = Blit.builder().maxLength(Integer.MAX_VALUE).build();
        List<?> big = (List<?>) unbounded.fromBytes(RoundTrip.bytes("63 15 ff ff ff ff 07 00"));
        assertEquals(Integer.MAX_VALUE, big.size());
        assertTrue(assertRejected("63 15 ff ff ff ff 07 00").getMessage().contains(
                "nCopies count 2147483647 at offset 2 exceeds maxLength " + Blit.DEFAULT_MAX_LENGTH));
        Blit ten = Blit.builder().maxLength(10).build();
        assertEquals(10, ((List<?>) ten.fromBytes(ten.toBytes(Collections.nCopies(10, 1)))).size());
        assertThrows(BlitException.class, () -> ten.fromBytes(ten.toBytes(Collections.nCopies(11, 1))));
    }

    @Test
    void naturalOrderIsAConstantAndAComparatorOfSortedCollections() {
        assertSame(Comparator.naturalOrder(), PLAIN.fromBytes(PLAIN.toBytes(Comparator.naturalOrder())));
        assertEncoding("63 16", Comparator.naturalOrder());
        TreeSet<Integer> set = new TreeSet<>(Comparator.naturalOrder());
        set.add(1);
        assertEncoding("2a 01 63 16 01 07 02", set); // TreeSet: has a comparator, 99/22, one element
        TreeSet<?> copy = roundTrip(set, c -> assertEquals(Set.of(1), c));
        assertSame(Comparator.naturalOrder(), copy.comparator());
    }

    /** The comparator of many a map of names (HTTP headers): a constant, kept by a TreeMap that uses it. */
    @Test
    void caseInsensitiveOrderIsAConstantAndAComparatorOfSortedCollections() {
        assertEncoding("63 18", String.CASE_INSENSITIVE_ORDER);
        TreeMap<String, Integer> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.put("Content-Type", 1);
        TreeMap<?, ?> copy = roundTrip(headers, c -> assertEquals(1, ((Map<?, ?>) c).get("content-type")));
        assertSame(String.CASE_INSENSITIVE_ORDER, copy.comparator());
        // Its keys are Strings: anything else is refused by the comparator, with the offset.
        assertTrue(assertRejected("29 01 63 18 01 07 02 00").getMessage().contains("offset 5"));
    }

    @Test
    void atomicReferenceHoldsAnyValueAndMayPointAtItself() {
        roundTrip(new AtomicReference<>("r"), copy -> assertEquals("r", copy.get()));
        assertEncoding("63 17 0b 03 72", new AtomicReference<>("r"));
        roundTrip(new AtomicReference<>(), copy -> assertNull(copy.get()));
        AtomicReference<Object> self = new AtomicReference<>();
        self.set(self);
        AtomicReference<?> back = (AtomicReference<?>) TRACKING.fromBytes(TRACKING.toBytes(self));
        assertSame(back, back.get());
    }

    @Test
    void wrappersMayContainThemselvesButEntriesAndCopiesMayNot() {
        List<Object> list = Collections.synchronizedList(new ArrayList<>());
        list.add(list);
        List<?> back = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(list));
        assertSame(back, back.get(0));
        assertEquals("630a010100", RoundTrip.hex(TRACKING.toBytes(list)).replace(" ", "")); // element: back reference 0
        // An entry or nCopies exists only once its content is read: a back reference to itself is refused.
        for (String hex : new String[] {"63 05 01 00 00", "63 07 01 00 07 02", "63 15 01 01 00"}) {
            BlitException e = assertThrows(BlitException.class, () -> TRACKING.fromBytes(RoundTrip.bytes(hex)), hex);
            assertTrue(e.getMessage().contains("offset"), e.getMessage());
        }
    }

    @Test
    void copiesAndAnArrayOfOneOfThem() {
        List<Integer> sub = new LinkedList<>(List.of(1, 2)).subList(0, 1);
        assertEquals(List.of(1), PLAIN.copy(sub), "a LinkedList's sublist copies into an ArrayList's");
        NavigableSet<Integer> sorted = Collections.synchronizedNavigableSet(new TreeSet<>(Set.of(1)));
        assertEquals(sorted, PLAIN.copy(Collections.synchronizedSortedSet(sorted)));
        BlitException e = assertThrows(BlitException.class, () -> PLAIN.toBytes(new Stack<?>[] {new Stack<>()}));
        assertTrue(e.getMessage().contains("array of java.util.Stack"), e.getMessage());
    }

    /**
     * Java 21's {@code Collections.unmodifiableSequenced*} views (extended ids 44..46): read-only views that came
     * back modifiable, as the class they behave like, before they had ids. Where the JDK has them they come back
     * as themselves (unmodifiable, in order, still {@code Sequenced*}: {@code copy} checks every interface); on
     * Java 17 their bytes read as the plain unmodifiable views, in the same order. Reached through reflection,
     * since the tests compile for Java 17.
     */
    @Test
    @SuppressWarnings("unchecked")
    void sequencedViewsComeBackUnmodifiableAndSequenced() throws ReflectiveOperationException {
        Object set = PLAIN.fromBytes(RoundTrip.bytes("63 2d 02 07 06 07 02")); // extended 45: [3, 1]
        assertEquals(List.of(3, 1), new ArrayList<>((Set<Object>) set));
        assertThrows(UnsupportedOperationException.class, () -> ((Set<Object>) set).add(2));
        Object map = PLAIN.fromBytes(RoundTrip.bytes("63 2e 01 07 06 0b 03 63")); // extended 46: {3=c}
        assertEquals(Map.of(3, "c"), map);
        assertThrows(UnsupportedOperationException.class, () -> ((Map<Object, Object>) map).put(1, "a"));
        Class<?> sequenced;
        try {
            sequenced = Class.forName("java.util.SequencedCollection");
        } catch (ClassNotFoundException beforeJava21) {
            assertEquals(Collections.unmodifiableSet(new java.util.LinkedHashSet<>()).getClass(), set.getClass());
            return;
        }
        Object[] views = {
                Collections.class.getMethod("unmodifiableSequencedCollection", sequenced).invoke(null, new ArrayList<>(List.of(3, 1))),
                Collections.class.getMethod("unmodifiableSequencedSet", Class.forName("java.util.SequencedSet"))
                        .invoke(null, new java.util.LinkedHashSet<>(List.of(3, 1))),
                Collections.class.getMethod("unmodifiableSequencedMap", Class.forName("java.util.SequencedMap"))
                        .invoke(null, new LinkedHashMap<>(Map.of(3, "c")))};
        assertEncoding("63 2c 02 07 06 07 02", views[0]);
        assertEncoding("63 2d 02 07 06 07 02", views[1]);
        assertEncoding("63 2e 01 07 06 0b 03 63", views[2]);
        assertEquals(views[1].getClass(), set.getClass());
        for (Object v : views) {
            Object back = v instanceof Map ? assertRoundTrips(v) : roundTrip(v, copy -> {
                assertEquals(v.getClass(), copy.getClass());
                assertEquals(new ArrayList<>((Collection<Object>) v), new ArrayList<>((Collection<Object>) copy)); // in order
            });
            assertSame(v.getClass(), PLAIN.copy(v).getClass()); // copy: the same interfaces, SequencedCollection too
            if (back instanceof Map) {
                assertThrows(UnsupportedOperationException.class, () -> ((Map<Object, Object>) back).clear());
            } else {
                assertThrows(UnsupportedOperationException.class, () -> ((Collection<Object>) back).clear());
            }
        }
        Set<Object> plain = Collections.unmodifiableSet(new java.util.LinkedHashSet<>(List.of(1)));
        assertEquals(plain.getClass(), PLAIN.copy(plain).getClass(), "the plain view keeps its own id and class");
    }

    @Test
    void anUnknownExtendedIdAndMutationsAreBlitExceptions() {
        assertTrue(assertRejected("63 2f").getMessage().contains("unknown extended built-in id 47"));
        Object[] samples = {Map.entry("k", 1), new ArrayList<>(List.of(1, 2, 3, 4, 5)).subList(0, 4),
                Collections.synchronizedNavigableMap(new TreeMap<>(Map.of(1, "a", 2, "b"))), stackOf(1, "s"),
                new CopyOnWriteArraySet<>(List.of(1, 2)), Collections.nCopies(2, List.of(1)), new AtomicReference<>(List.of()),
                new ArrayBlockingQueue<>(4, false, List.of(1, "x")), new PriorityBlockingQueue<>(List.of(3, 1, 2)),
                new AtomicReferenceArray<>(new Object[] {"a", 1}), new AtomicLongArray(new long[] {5, -5})};
        long seed = 1;
        for (Object v : samples) {
            assertMutationsFailOnlyWithBlitException(PLAIN.toBytes(v), seed++);
        }
    }

    /**
     * Views and wrappers of the JDK that have no id of their own are written as the public class they behave
     * like (FORMAT.md), the same bytes as that class's: what they hold survives, what they viewed does not.
     */
    @Test
    void jdkPrivateCollectionsAndMapsAreWrittenAsTheClassTheyBehaveLike() {
        Map<String, Integer> hash = new java.util.HashMap<>(Map.of("a", 1, "b", 2));
        TreeMap<Integer, String> tree = new TreeMap<>(Comparator.reverseOrder());
        tree.putAll(Map.of(1, "x", 2, "y", 3, "z"));
        Object[][] cases = {
                {hash.keySet(), java.util.LinkedHashSet.class},
                {hash.values(), ArrayList.class},
                {hash.entrySet(), java.util.LinkedHashSet.class},
                {tree.keySet(), TreeSet.class},
                {tree.headMap(2), TreeMap.class},
                {tree.descendingMap(), TreeMap.class},
                {new java.util.concurrent.ConcurrentSkipListMap<>(Map.of(1, 1, 2, 2)).subMap(1, 2),
                        java.util.concurrent.ConcurrentSkipListMap.class},
                {new ConcurrentHashMap<>(Map.of(1, "v")).values(), ArrayList.class},
                {Collections.checkedList(new ArrayList<>(List.of("c")), String.class), ArrayList.class},
                {Collections.checkedMap(new TreeMap<>(Map.of("k", 1)), String.class, Integer.class), LinkedHashMap.class},
                {Collections.newSetFromMap(new java.util.WeakHashMap<>()), java.util.LinkedHashSet.class},
                {Collections.asLifoQueue(new java.util.ArrayDeque<>(List.of(1, 2))), LinkedList.class},
        };
        for (Object[] c : cases) {
            Object value = c[0];
            Class<?> as = (Class<?>) c[1];
            roundTrip(value, copy -> {
                assertEquals(as, copy.getClass(), value.getClass().getName());
                if (value instanceof Map) {
                    assertEquals(value, copy);
                } else {
                    assertEquals(new ArrayList<>((Collection<?>) value), new ArrayList<>((Collection<?>) copy));
                }
            });
        }
        assertEncoding("2c 02 0b 03 61 0b 03 62", hashKeys()); // id 44, LinkedHashSet: count 2, "a", "b"
        assertSame(Comparator.reverseOrder(), ((TreeMap<?, ?>) PLAIN.fromBytes(PLAIN.toBytes(tree.headMap(2)))).comparator());
        assertEquals(tree.descendingMap(), PLAIN.copy(tree.descendingMap()), "a copy is what the caller can declare");
        // Not a collection or map: still refused, with what to do instead.
        BlitException e = assertThrows(BlitException.class, () -> PLAIN.toBytes(hash.keySet().iterator()));
        assertTrue(e.getMessage().contains("private to the JDK") && e.getMessage().contains("new ArrayList<>"), e.getMessage());
    }

    /** A registered class whose field is declared as the interface a ConcurrentSkipListMap's views share. */
    static final class Recent {
        java.util.concurrent.ConcurrentNavigableMap<Integer, String> recent;
    }

    /**
     * A {@code ConcurrentSkipListMap}'s views are {@code ConcurrentNavigableMap}s, which a {@code TreeMap} is not:
     * they come back as a {@code ConcurrentSkipListMap}, comparator kept, so a field declared as that interface
     * reads back what was written into it.
     */
    @Test
    void concurrentSkipListMapViewsComeBackAsAConcurrentSkipListMap() {
        java.util.concurrent.ConcurrentSkipListMap<Integer, String> all =
                new java.util.concurrent.ConcurrentSkipListMap<>(Comparator.reverseOrder());
        all.putAll(Map.of(1, "a", 2, "b", 3, "c"));
        Blit blit = Blit.builder().register(Recent.class, 100).build();
        for (java.util.concurrent.ConcurrentNavigableMap<Integer, String> view : List.of(all.tailMap(2), all.headMap(2),
                all.subMap(3, 1), all.descendingMap())) {
            Recent r = new Recent();
            r.recent = view;
            Recent back = (Recent) blit.fromBytes(blit.toBytes(r));
            assertEquals(java.util.concurrent.ConcurrentSkipListMap.class, back.recent.getClass());
            assertEquals(view, back.recent);
            assertEquals(new ArrayList<>(view.keySet()), new ArrayList<>(back.recent.keySet()), "its order");
            assertEquals(view.comparator(), back.recent.comparator());
        }
    }

    /** A LinkedHashMap's key set, written as a LinkedHashSet (id 44): its order, its elements. */
    private static Set<String> hashKeys() {
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("a", 1);
        m.put("b", 2);
        return m.keySet();
    }

    /** Blocking queues (26..30): capacity kept, elements in order, a count over the capacity refused. */
    @Test
    void blockingQueuesKeepTheirCapacityAndElements() {
        LinkedBlockingQueue<Integer> lbq = new LinkedBlockingQueue<>(5);
        lbq.addAll(List.of(3, 1, 2));
        roundTrip(lbq, copy -> {
            assertEquals(LinkedBlockingQueue.class, copy.getClass());
            assertEquals(List.of(3, 1, 2), new ArrayList<>(copy));
            assertEquals(2, copy.remainingCapacity());
        });
        assertEncoding("63 1a 05 03 07 06 07 02 07 04", lbq); // 99, ext 26, capacity 5, 3 tagged Integers
        LinkedBlockingQueue<String> unbounded = new LinkedBlockingQueue<>(List.of("a"));
        roundTrip(unbounded, copy -> assertEquals(Integer.MAX_VALUE - 1, copy.remainingCapacity()));
        LinkedBlockingDeque<Integer> deque = new LinkedBlockingDeque<>(4);
        deque.addAll(List.of(1, 2));
        roundTrip(deque, copy -> {
            assertEquals(List.of(1, 2), new ArrayList<>(copy));
            assertEquals(2, copy.remainingCapacity());
        });
        ArrayBlockingQueue<Integer> abq = new ArrayBlockingQueue<>(3);
        abq.addAll(List.of(9, 8));
        abq.poll();
        abq.add(7); // wrapped around inside its array: written head first all the same
        roundTrip(abq, copy -> {
            assertEquals(List.of(8, 7), new ArrayList<>(copy));
            assertEquals(1, copy.remainingCapacity());
        });
        PriorityBlockingQueue<String> pbq = new PriorityBlockingQueue<>(4, Comparator.reverseOrder());
        pbq.addAll(List.of("b", "c", "a"));
        roundTrip(pbq, copy -> {
            assertEquals("c", copy.peek());
            assertEquals(List.of("c", "b", "a"), drain(copy));
        });
        LinkedTransferQueue<Integer> ltq = new LinkedTransferQueue<>(List.of(1, 2, 3));
        roundTrip(ltq, copy -> assertEquals(List.of(1, 2, 3), new ArrayList<>(copy)));

        // 99, 26, capacity 1, 2 elements: more than it holds
        assertTrue(assertRejected("63 1a 01 02 07 02 07 04").getMessage().contains("capacity 1 has 2 elements at offset 3"));
        assertTrue(assertRejected("63 1a 00 00").getMessage().contains("queue capacity 0 at offset 2"));
        assertTrue(assertRejected("63 1b 00 00").getMessage().contains("queue capacity 0 at offset 2"));
        // an ArrayBlockingQueue allocates its whole capacity: a few bytes cannot ask for gigabytes
        BlitException big = assertRejected("63 1c ff ff ff ff 07 00");
        assertTrue(big.getMessage().contains("ArrayBlockingQueue of capacity 2147483647")
                || big.getMessage().contains("queue capacity"), big.getMessage());
        BlitException budget = assertRejected("63 1c ff ff ff 7f 00");
        assertTrue(budget.getMessage().contains("ArrayBlockingQueue of capacity 268435455"), budget.getMessage());
        assertTrue(assertRejected("63 1a 02 01 00").getMessage().contains("offset 4"), "a null element");
        assertTrue(assertRejected("63 1d 00 02 07 02 0b 03 61").getMessage().contains("offset"),
                "a PriorityBlockingQueue of an Integer and a String cannot compare them");
    }

    private static <T> List<T> drain(java.util.Queue<T> q) {
        List<T> out = new ArrayList<>();
        for (T t; (t = q.poll()) != null; ) {
            out.add(t);
        }
        return out;
    }

    /** Atomic arrays and adders (31..35): their values; reference arrays' elements and back references. */
    @Test
    void atomicArraysAndAddersKeepTheirValues() {
        roundTrip(new AtomicIntegerArray(new int[] {1, -1, Integer.MAX_VALUE}),
                copy -> assertEquals("[1, -1, 2147483647]", copy.toString()));
        assertEncoding("63 1f 02 02 01", new AtomicIntegerArray(new int[] {1, -1}));
        roundTrip(new AtomicLongArray(new long[] {Long.MIN_VALUE, 0}), copy -> assertEquals("[-9223372036854775808, 0]",
                copy.toString()));
        roundTrip(new AtomicReferenceArray<>(new Object[] {"a", null, List.of(1)}),
                copy -> assertEquals("[a, null, [1]]", copy.toString()));
        LongAdder adder = new LongAdder();
        adder.add(-5);
        adder.add(12);
        roundTrip(adder, copy -> assertEquals(7, copy.sum()));
        assertEncoding("63 22 0e", adder);
        DoubleAdder d = new DoubleAdder();
        d.add(1.5);
        roundTrip(d, copy -> assertEquals(1.5, copy.sum()));
        DoubleAdder zero = new DoubleAdder();
        zero.add(-0.0); // 0.0 + -0.0 is 0.0: no DoubleAdder holds -0.0, so its bytes are a second encoding of 0.0
        assertEncoding("63 23 00 00 00 00 00 00 00 00", zero);
        assertEquals("a DoubleAdder's sum at offset 2 is -0.0, which no DoubleAdder holds: a second encoding of 0.0",
                assertRejected("63 23 00 00 00 00 00 00 00 80").getMessage());
        assertTrue(assertRejected("63 1f 05 02").getMessage().contains("offset 2"), "more ints than bytes");

        // shared with references on; the array is made before its elements are read, so it may contain itself
        List<Object> shared = new ArrayList<>(List.of(1));
        AtomicReferenceArray<Object> twice = new AtomicReferenceArray<>(new Object[] {shared, shared});
        AtomicReferenceArray<?> back = (AtomicReferenceArray<?>) TRACKING.fromBytes(TRACKING.toBytes(twice));
        assertSame(back.get(0), back.get(1));
        AtomicReferenceArray<Object> self = new AtomicReferenceArray<>(1);
        self.set(0, self);
        AtomicReferenceArray<?> selfBack = (AtomicReferenceArray<?>) TRACKING.fromBytes(TRACKING.toBytes(self));
        assertSame(selfBack, selfBack.get(0));
    }

    /** A WeakHashMap (36): its live entries, from a snapshot that holds their keys while they are written. */
    @Test
    void weakHashMapsKeepTheirLiveEntries() {
        WeakHashMap<String, Integer> m = new WeakHashMap<>();
        m.put("a", 1);
        m.put(null, 2);
        roundTrip(m, copy -> {
            assertEquals(WeakHashMap.class, copy.getClass());
            assertEquals(Map.of("a", 1), Map.of("a", copy.get("a")));
            assertEquals(2, copy.get(null));
            assertEquals(2, copy.size());
        });
        WeakHashMap<Object, Object> self = new WeakHashMap<>();
        self.put("me", self);
        WeakHashMap<?, ?> back = (WeakHashMap<?, ?>) TRACKING.fromBytes(TRACKING.toBytes(self));
        assertSame(back, back.get("me"));
        // A key that holds the map (a list holding it): its hash code never ends, so the snapshot written must
        // not hash the keys again (it did, and the write was a stack overflow; found by RegisteredClassesFuzzTest).
        java.util.List<Object> holder = new java.util.ArrayList<>();
        WeakHashMap<Object, Object> inside = new WeakHashMap<>();
        holder.add(inside);
        inside.put(holder, null); // the list is empty here, so it can still be hashed once
        java.util.List<?> copy = (java.util.List<?>) TRACKING.fromBytes(TRACKING.toBytes(holder));
        WeakHashMap<?, ?> map = (WeakHashMap<?, ?>) copy.get(0);
        assertEquals(1, map.size());
        assertSame(copy, map.keySet().iterator().next());
    }

    /** A user's registerHierarchy covering a JDK class keeps writing it, as before these were built in. */
    @Test
    void aUsersHierarchyStillWinsOverTheseBuiltIns() {
        @SuppressWarnings("rawtypes")
        dev.blit.Serializer<Collection> counting = new dev.blit.Serializer<>() {
            @Override
            public void write(dev.blit.buffer.WriteBuffer out, Collection value) {
                out.writeUnsignedVarInt(value.size());
            }

            @Override
            public Collection read(dev.blit.buffer.ReadBuffer in) {
                return Collections.nCopies(in.readUnsignedVarInt(), "?");
            }
        };
        Blit blit = Blit.builder().registerHierarchy(Collection.class, 120, counting).build();
        for (Collection<?> c : List.<Collection<?>>of(Collections.synchronizedList(new ArrayList<>(List.of(1, 2))),
                new java.util.HashMap<>(Map.of(1, 2, 3, 4)).keySet(), new ConcurrentLinkedQueue<>(List.of(1, 2)))) {
            assertEquals("7802", RoundTrip.hex(blit.toBytes(c)).replace(" ", ""), c.getClass().getName()); // id 120, size 2
        }
        assertEquals("630a0207020704", RoundTrip.hex(PLAIN.toBytes(Collections.synchronizedList(new ArrayList<>(List.of(1, 2)))))
                .replace(" ", ""), "without the hierarchy, the built-in");
    }

    /**
     * A view or wrapper of an {@code IdentityHashMap} is read back over an equals-based {@code LinkedHashSet} or
     * {@code LinkedHashMap}: two keys equal but distinct (new String("a") twice) would come back as one, silently.
     * Refused on write, saying what to write instead; the IdentityHashMap itself, and views whose keys are all
     * unequal, still round-trip.
     */
    @Test
    void viewsAndWrappersOfAnIdentityMapWithEqualButDistinctKeysAreRefusedOnWrite() {
        IdentityHashMap<Object, Object> identity = new IdentityHashMap<>();
        identity.put(new String("a"), 1);
        identity.put(new String("a"), 2);
        Set<Object> identitySet = Collections.newSetFromMap(new IdentityHashMap<>());
        identitySet.add(new String("a"));
        identitySet.add(new String("a"));
        IdentityHashMap<Object, Object> sameValues = new IdentityHashMap<>();
        sameValues.put(new String("k"), "v");
        sameValues.put(new String("k"), "v");
        List<Object> refused = List.of(identitySet, Collections.unmodifiableSet(identitySet),
                Collections.synchronizedSet(identitySet), Collections.checkedSet(identitySet, Object.class),
                Collections.unmodifiableMap(identity), Collections.synchronizedMap(identity),
                Collections.checkedMap(identity, Object.class, Object.class), identity.keySet(), sameValues.entrySet());
        for (Object v : refused) {
            for (Blit blit : List.of(PLAIN, TRACKING)) {
                String m = assertThrows(BlitException.class, () -> blit.toBytes(v), v.getClass().getName()).getMessage();
                assertTrue(m.contains("are equal but distinct objects") && m.contains("IdentityHashMap"), m);
            }
        }
        assertEquals(2, ((Map<?, ?>) TRACKING.fromBytes(TRACKING.toBytes(identity))).size(), "the map itself is built in");
        IdentityHashMap<Object, Object> unequal = new IdentityHashMap<>(Map.of("x", 1, "y", 2));
        assertEquals(Map.of("x", 1, "y", 2), PLAIN.fromBytes(PLAIN.toBytes(Collections.unmodifiableMap(unequal))));
        assertEquals(Set.of("x", "y"), PLAIN.fromBytes(PLAIN.toBytes(unequal.keySet())));
        Set<Object> hashed = Collections.newSetFromMap(new LinkedHashMap<>());
        hashed.add("x");
        hashed.add("y");
        assertEquals(Set.of("x", "y"), PLAIN.fromBytes(PLAIN.toBytes(hashed)));
    }

    /**
     * A reversed comparator (Collections.reverseOrder(cmp), cmp.reversed(), what a sorted collection's
     * descendingSet() and descendingMap() hold) is built in (extended id 48): the sorted collection comes back in
     * its order, with an equal comparator, on Java 17 and 25 alike.
     */
    @Test
    void aReversedComparatorRoundTripsWithItsSortedCollection() {
        TreeSet<String> ignoringCase = new TreeSet<>(String.CASE_INSENSITIVE_ORDER.reversed());
        ignoringCase.addAll(List.of("a", "B", "c"));
        TreeSet<Object> byLength = new TreeSet<>(new RoundTrip.ByLength());
        byLength.addAll(List.of("ccc", "a", "bb"));
        TreeMap<String, Integer> map = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        map.put("a", 1);
        map.put("B", 2);
        for (java.util.SortedSet<?> set : List.of(ignoringCase, byLength.descendingSet())) {
            roundTrip(set, copy -> {
                assertEquals(new ArrayList<>(set), new ArrayList<>(copy));
                assertEquals(set.comparator(), copy.comparator());
                assertEquals(set.comparator().getClass(), copy.comparator().getClass());
            });
        }
        assertEquals(List.of("c", "B", "a"), new ArrayList<>(ignoringCase));
        assertEquals(List.of("ccc", "bb", "a"), new ArrayList<>(byLength.descendingSet()));
        NavigableMap<String, Integer> descending = map.descendingMap();
        roundTrip(descending, copy -> {
            assertEquals(new ArrayList<>(descending.entrySet()), new ArrayList<>(copy.entrySet()));
            assertEquals(descending.comparator(), ((java.util.SortedMap<?, ?>) copy).comparator());
        });
        // The reverse of a reversed comparator is the comparator itself, which is written as itself.
        assertRoundTrips(new RoundTrip.ByLength().reversed().reversed());
        assertEquals(RoundTrip.ByLength.class, PLAIN.copy(new RoundTrip.ByLength().reversed().reversed()).getClass());
        assertRoundTrips(new RoundTrip.ByLength().reversed());
        assertRoundTrips(Collections.reverseOrder(String.CASE_INSENSITIVE_ORDER));
        assertEncoding("63 30 63 18", String.CASE_INSENSITIVE_ORDER.reversed());
        // Shared with references on: one comparator, held by two sets (and as itself).
        Comparator<String> reversed = String.CASE_INSENSITIVE_ORDER.reversed();
        List<Object> shared = List.of(new TreeSet<>(reversed), new TreeSet<>(reversed), reversed);
        List<?> copy = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(shared));
        assertSame(((TreeSet<?>) copy.get(0)).comparator(), ((TreeSet<?>) copy.get(1)).comparator());
        assertSame(copy.get(2), ((TreeSet<?>) copy.get(1)).comparator());
        assertEquals(reversed, copy.get(2));
        List<?> unshared = (List<?>) PLAIN.fromBytes(PLAIN.toBytes(shared));
        assertEquals(reversed, unshared.get(2));
        assertEquals(reversed, ((TreeSet<?>) unshared.get(0)).comparator());
    }

    /**
     * A reversed comparator is read as Collections.reverseOrder of what it reverses, which must be a comparator
     * whose reverse is a reversed comparator again: no writer makes the others (natural order and
     * reverseOrder() are written as themselves), so they are rejected as second encodings; a back reference to
     * it from inside it cannot be restored (it exists only once what it reverses is read).
     */
    @Test
    void aReversedComparatorOfWhatNoWriterReversesIsRejected() {
        assertTrue(assertRejected("63 30 00").getMessage().contains("expected a Comparator at offset 2 but found null"));
        assertTrue(assertRejected("63 30 0b 03 61").getMessage().contains("expected a Comparator at offset 2 but found"
                + " java.lang.String"));
        assertTrue(assertRejected("63 30 63 16").getMessage().contains("reverses Comparator.naturalOrder() at offset 2,"
                + " whose reverse is written as itself, not as a reversed comparator: a second encoding of it"));
        assertTrue(assertRejected("63 30 44").getMessage().contains("reverses Collections.reverseOrder() at offset 2"));
        assertTrue(assertRejected("63 30 63 30 63 18").getMessage().contains("reverses a reversed comparator at offset 2"));
        String m = assertThrows(BlitException.class, () -> TRACKING.fromBytes(RoundTrip.bytes("63 30 01 00"))).getMessage();
        assertTrue(m.contains("back reference at offset 2 to object #0"), m);
    }

    /**
     * Other comparators private to the JDK (Comparator.nullsFirst's) are refused saying what they are and what
     * works, not to copy the value into a HashMap, which would lose the order; reversing one does not help.
     */
    @Test
    void aJdkPrivateComparatorIsRefusedSayingWhatItIsAndWhatWorks() {
        Comparator<String> nulls = Comparator.nullsFirst(Comparator.<String>naturalOrder());
        for (Object v : List.of(new TreeSet<>(nulls), new TreeSet<>(nulls.reversed()))) {
            String m = assertThrows(BlitException.class, () -> PLAIN.toBytes(v)).getMessage();
            assertTrue(m.contains("Comparators$NullComparator is a comparator private to the JDK and not built in"
                    + " (Comparator.nullsFirst and nullsLast make one)") && m.contains("Comparator<T> & Serializable")
                    && m.contains("cmp.reversed()") && !m.contains("HashMap"), m);
        }
    }
}
