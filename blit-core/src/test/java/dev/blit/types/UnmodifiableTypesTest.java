package dev.blit.types;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.blit.types.RoundTrip.PLAIN;
import static dev.blit.types.RoundTrip.TRACKING;
import static dev.blit.types.RoundTrip.assertEncoding;
import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.assertRoundTrips;
import static dev.blit.types.RoundTrip.roundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class UnmodifiableTypesTest {

    private static void assertUnmodifiable(Collection<Object> c) {
        assertThrows(UnsupportedOperationException.class, () -> c.add("more"));
        assertThrows(UnsupportedOperationException.class, c::clear);
    }

    private static void assertUnmodifiable(Map<Object, Object> m) {
        assertThrows(UnsupportedOperationException.class, () -> m.put("more", 1));
        assertThrows(UnsupportedOperationException.class, m::clear);
    }

    @Test
    void listOfComesBackUnmodifiableInEveryShape() {
        for (List<Object> list : List.<List<Object>>of(List.of(), List.of(1), List.of(1, 2), List.of(1, 2, 3, "four"),
                List.copyOf(new ArrayList<>(List.of("x"))))) {
            assertUnmodifiable(assertRoundTrips(list));
        }
        assertEncoding("30 02 07 02 07 04", List.of(1, 2));
        assertEncoding("30 04 45 07 02 04 06 08", List.of(1, 2, 3, 4)); // a run (FORMAT.md "Runs"): 45 = RUN, 07 = Integer
        assertEncoding("30 00", List.of());
    }

    @Test
    void streamToListAndSubListsComeBackAsUnmodifiableLists() {
        List<Object> fromStream = Stream.<Object>of(1, 2, 3).toList();
        roundTrip(fromStream, copy -> {
            assertEquals(fromStream, copy);
            assertUnmodifiable(copy);
        });
        List<Object> sub = List.<Object>of(1, 2, 3, 4).subList(1, 3);
        roundTrip(sub, copy -> {
            assertEquals(List.of(2, 3), copy);
            assertUnmodifiable(copy);
        });
        List<Object> collected = Stream.<Object>of("a").collect(Collectors.toUnmodifiableList());
        roundTrip(collected, copy -> assertEquals(collected, copy));
        // Every size Stream.toList has a distinct shape for (empty, one, two, more): the registry knows their
        // classes from List.of, not from making streams at start-up.
        for (int n = 0; n <= 3; n++) {
            List<Object> list = Stream.<Object>iterate(1, i -> (Integer) i + 1).limit(n).toList();
            roundTrip(list, copy -> {
                assertEquals(list, copy);
                assertUnmodifiable(copy);
            });
        }
    }

    @Test
    void streamToListWithNullsComesBackAsAnUnmodifiableListThatAllowsNulls() {
        List<Object> withNulls = Stream.<Object>of(1, null, 3).toList();
        roundTrip(withNulls, copy -> {
            assertEquals(Arrays.asList(1, null, 3), copy);
            assertUnmodifiable(copy);
            assertEquals(1, copy.indexOf(null));
        });
        assertEncoding("30 02 00 00", Stream.of(null, null).toList());
    }

    @Test
    void setOfAndMapOfComeBackUnmodifiable() {
        for (Set<Object> set : List.<Set<Object>>of(Set.of(), Set.of("a"), Set.of("a", "b"), Set.of(1, 2, 3, 4))) {
            assertUnmodifiable(roundTrip(set, c -> assertEquals(set, c)));
        }
        for (Map<Object, Object> map : List.<Map<Object, Object>>of(Map.of(), Map.of(1, "a"), Map.of(1, "a", 2, "b", 3, "c"),
                Map.copyOf(new LinkedHashMap<>(Map.of("k", "v"))))) {
            assertUnmodifiable(roundTrip(map, c -> assertEquals(map, c)));
        }
        assertEncoding("32 01 07 02 0b 03 61", Map.of(1, "a"));
    }

    @Test
    void setOfWithDuplicatesOrNullsIsRejected() {
        assertRejected("31 02 07 02 07 02");
        assertRejected("31 01 00");
        assertRejected("32 02 07 02 00 07 04 00"); // null value
        assertRejected("32 02 07 02 07 02 07 02 07 02"); // duplicate key
    }

    @Test
    void sharedListOfStaysSharedWithReferences() {
        List<Object> shared = List.of("s");
        List<Object> outer = new ArrayList<>(List.of(shared, shared));
        List<?> copy = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(outer));
        assertSame(copy.get(0), copy.get(1));
    }

    @Test
    void listOfThatRefersToItselfIsRejected() {
        // List.of whose element is a back reference to the list being built (object #0)
        assertRejected(RoundTrip.bytes("30 01 01 00"));
    }

    @Test
    void emptyCollectionsComeBackAsTheJdkSingletons() {
        assertSame(Collections.emptyList(), assertRoundTrips(Collections.emptyList()));
        assertSame(Collections.emptySet(), assertRoundTrips(Collections.emptySet()));
        assertSame(Collections.emptyMap(), assertRoundTrips(Collections.emptyMap()));
        assertEncoding("33", Collections.emptyList());
        assertEncoding("34", Collections.emptySet());
        assertEncoding("35", Collections.emptyMap());
    }

    @Test
    void singletonsComeBackUnmodifiable() {
        assertUnmodifiable(assertRoundTrips(Collections.<Object>singletonList("x")));
        assertUnmodifiable(assertRoundTrips(Collections.<Object>singleton(null)));
        assertUnmodifiable(assertRoundTrips(Collections.<Object, Object>singletonMap("k", List.of(1))));
        assertEncoding("36 07 02", Collections.singletonList(1));
        assertEncoding("37 00", Collections.singleton(null));
        assertEncoding("38 07 02 07 04", Collections.singletonMap(1, 2));
    }

    @Test
    void unmodifiableViewsComeBackUnmodifiable() {
        List<Object> list = Collections.unmodifiableList(new ArrayList<>(List.of(1, 2)));
        assertUnmodifiable(assertRoundTrips(list));
        List<Object> ofLinked = Collections.unmodifiableList(new LinkedList<>(List.of(1, 2)));
        assertUnmodifiable(roundTrip(ofLinked, c -> assertEquals(ofLinked, c)));
        Set<Object> set = Collections.unmodifiableSet(new LinkedHashSet<>(List.of(3, 1, 2)));
        Set<Object> setCopy = assertRoundTrips(set);
        assertUnmodifiable(setCopy);
        assertEquals(List.of(3, 1, 2), new ArrayList<>(setCopy));
        Map<Object, Object> map = Collections.unmodifiableMap(new LinkedHashMap<>(Map.of("k", "v")));
        assertUnmodifiable(assertRoundTrips(map));
        Collection<Object> coll = Collections.unmodifiableCollection(new ArrayList<>(List.of("c", "c")));
        Collection<Object> collCopy = roundTrip(coll, c -> {
            assertEquals(coll.getClass(), c.getClass());
            assertEquals(new ArrayList<>(coll), new ArrayList<>(c));
        });
        assertUnmodifiable(collCopy);
        assertEncoding("39 01 07 02", Collections.unmodifiableList(new ArrayList<>(List.of(1))));
    }

    @Test
    void unmodifiableSortedViewsKeepOrderAndComparator() {
        TreeSet<Object> backing = new TreeSet<>(Collections.reverseOrder());
        backing.addAll(List.of(1, 3, 2));
        SortedSet<Object> sorted = Collections.unmodifiableSortedSet(backing);
        SortedSet<Object> copy = roundTrip(sorted, c -> assertEquals(List.of(3, 2, 1), new ArrayList<>(c)));
        assertSame(Collections.reverseOrder(), copy.comparator());
        assertUnmodifiable(copy);

        NavigableSet<Object> navigable = Collections.unmodifiableNavigableSet(new TreeSet<>(List.of("b", "a")));
        NavigableSet<Object> navCopy = assertRoundTrips(navigable);
        assertEquals("a", navCopy.first());
        assertUnmodifiable(navCopy);

        SortedMap<Object, Object> sortedMap = Collections.unmodifiableSortedMap(new TreeMap<>(Map.of(2, "b", 1, "a")));
        SortedMap<Object, Object> mapCopy = roundTrip(sortedMap, c -> assertEquals(sortedMap, c));
        assertNull(mapCopy.comparator());
        assertEquals(List.of(1, 2), new ArrayList<>(mapCopy.keySet()));
        assertUnmodifiable(mapCopy);
        NavigableMap<Object, Object> navMap = Collections.unmodifiableNavigableMap(new TreeMap<>(Map.of(1, 1)));
        assertUnmodifiable(assertRoundTrips(navMap));
        assertEncoding("3e 00 01 07 02", Collections.unmodifiableSortedSet(new TreeSet<>(List.of(1))));
    }

    @Test
    void emptySortedCollectionsComeBackEmptyAndUnmodifiable() {
        SortedSet<Object> set = roundTrip(Collections.emptySortedSet(), c -> assertEquals(Set.of(), c));
        assertUnmodifiable(set);
        NavigableMap<Object, Object> map = roundTrip(Collections.emptyNavigableMap(), c -> assertEquals(Map.of(), c));
        assertUnmodifiable(map);
        assertEncoding("3e 00 00", Collections.emptyNavigableSet());
        assertEncoding("3f 00 00", Collections.emptySortedMap());
    }

    @Test
    void unmodifiableViewThatContainsItselfRoundTripsWithReferences() {
        List<Object> backing = new ArrayList<>();
        List<Object> view = Collections.unmodifiableList(backing);
        backing.add(view);
        List<?> copy = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(view));
        assertSame(copy, copy.get(0));
    }

    @Test
    void arraysAsListStaysFixedSize() {
        List<Object> list = Arrays.asList("a", null, 3);
        List<Object> copy = assertRoundTrips(list);
        assertThrows(UnsupportedOperationException.class, () -> copy.add("x"));
        copy.set(0, "changed");
        assertEquals("changed", copy.get(0));
        assertEncoding("3c 01 07 02", Arrays.asList(1));
    }

    @Test
    void arraysAsListThatContainsItselfRoundTripsWithReferences() {
        Object[] array = new Object[1];
        List<Object> list = Arrays.asList(array);
        array[0] = list;
        List<?> copy = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(list));
        assertSame(copy, copy.get(0));
    }

    @Test
    void largeArraysAsListFromAStreamGrowsAsElementsArrive() {
        List<Object> big = Arrays.asList(new Object[5000]);
        for (int i = 0; i < big.size(); i++) {
            big.set(i, i);
        }
        List<?> copy = (List<?>) PLAIN.read(new ByteArrayInputStream(PLAIN.toBytes(big)));
        assertEquals(big, copy);
        assertEquals(big.getClass(), copy.getClass());
        List<Object> immutable = List.copyOf(big);
        assertEquals(immutable, PLAIN.read(new ByteArrayInputStream(PLAIN.toBytes(immutable))));
    }

    @Test
    void mutatedEncodingsFailOnlyWithBlitException() {
        RoundTrip.assertMutationsFailOnlyWithBlitException(PLAIN.toBytes(new ArrayList<>(List.of(
                List.of(1, 2), Set.of(3), Map.of(4, 5), Collections.emptyList(), Collections.singletonList(6),
                Collections.singleton(7), Collections.singletonMap(8, 9), Collections.unmodifiableList(new ArrayList<>(List.of(10))),
                Collections.unmodifiableSet(new LinkedHashSet<>(List.of(11))), Arrays.asList(12, 13),
                Collections.unmodifiableSortedSet(new TreeSet<>(List.of(14))),
                Collections.unmodifiableSortedMap(new TreeMap<>(Map.of(15, 16)))))), 6);
    }
}
