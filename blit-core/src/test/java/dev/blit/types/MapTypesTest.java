package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.types.RoundTrip.ByLength;
import dev.blit.types.RoundTrip.Color;
import dev.blit.types.RoundTrip.Wide;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

import static dev.blit.types.RoundTrip.PLAIN;
import static dev.blit.types.RoundTrip.TRACKING;
import static dev.blit.types.RoundTrip.assertEncoding;
import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.assertRoundTrips;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MapTypesTest {

    @Test
    void hashMapsComeBackAsTheSameClass() {
        HashMap<Object, Object> map = new HashMap<>();
        map.put("a", 1);
        map.put(null, List.of(2));
        map.put(3, null);
        assertRoundTrips(map);
        assertRoundTrips(new HashMap<>());
        assertEncoding("27 01 07 02 0b 03 61", new HashMap<>(Map.of(1, "a")));
    }

    @Test
    void linkedHashMapKeepsInsertionOrder() {
        LinkedHashMap<Object, Object> map = new LinkedHashMap<>();
        for (String k : List.of("zebra", "apple", "mango", "kiwi")) {
            map.put(k, k.length());
        }
        LinkedHashMap<Object, Object> copy = assertRoundTrips(map);
        assertEquals(List.of("zebra", "apple", "mango", "kiwi"), new ArrayList<>(copy.keySet()));
    }

    @Test
    void treeMapKeepsNaturalOrder() {
        TreeMap<Object, Object> map = new TreeMap<>(Map.of(3, "c", 1, "a", 2, "b"));
        TreeMap<Object, Object> copy = assertRoundTrips(map);
        assertEquals(List.of(1, 2, 3), new ArrayList<>(copy.keySet()));
        assertEquals(null, copy.comparator());
        assertEncoding("29 00 01 07 02 0b 03 61", new TreeMap<>(Map.of(1, "a")));
    }

    @Test
    void treeMapKeepsItsComparator() {
        TreeMap<Object, Object> reversed = new TreeMap<>(Collections.reverseOrder());
        reversed.putAll(Map.of(1, "a", 2, "b"));
        TreeMap<Object, Object> copy = assertRoundTrips(reversed);
        assertEquals(List.of(2, 1), new ArrayList<>(copy.keySet()));
        assertSame(Collections.reverseOrder(), copy.comparator());
        TreeMap<Object, Object> byLength = new TreeMap<>(new ByLength());
        byLength.putAll(Map.of("ccc", 3, "a", 1));
        assertEquals(List.of("a", "ccc"), new ArrayList<>(assertRoundTrips(byLength).keySet()));
    }

    @Test
    void treeMapWithNullOrIncomparableKeysIsRejected() {
        assertRejected("29 00 01 00 00");          // null key, natural order
        assertRejected("29 00 02 07 02 00 0b 03 61 00"); // Integer and String keys
    }

    @Test
    void concurrentHashMapRoundTripsAndRejectsNulls() {
        ConcurrentHashMap<Object, Object> map = new ConcurrentHashMap<>(Map.of("x", 1, "y", List.of(2)));
        assertRoundTrips(map);
        assertRoundTrips(new ConcurrentHashMap<>());
        assertEncoding("2d 01 0b 03 78 07 02", new ConcurrentHashMap<>(Map.of("x", 1)));
        assertRejected("2d 01 00 07 02");
        assertRejected("2d 01 07 02 00");
    }

    @Test
    void enumMapsComeBackWithTheirKeyType() {
        EnumMap<Color, Object> map = new EnumMap<>(Color.class);
        map.put(Color.BLUE, "b");
        map.put(Color.RED, null);
        assertRoundTrips(map);
        EnumMap<Wide, Object> wide = new EnumMap<>(Wide.class);
        wide.put(Wide.W69, 69);
        assertRoundTrips(wide);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    @Test
    void emptyEnumMapKeepsItsKeyType() {
        EnumMap<Color, Object> copy = assertRoundTrips(new EnumMap<>(Color.class));
        assertEncoding("2f 64 00", new EnumMap<>(Color.class));
        assertEncoding("2f 65 00", new EnumMap<>(Wide.class));
        copy.put(Color.GREEN, 1);
        assertThrows(ClassCastException.class, () -> ((Map) copy).put(Wide.W00, 1));
    }

    @Test
    void enumMapIsTypeCountThenOrdinalsAndValues() {
        EnumMap<Color, Object> map = new EnumMap<>(Color.class);
        map.put(Color.BLUE, 1);
        map.put(Color.RED, "a");
        assertEncoding("2f 64 02 00 0b 03 61 02 07 02", map);
    }

    @Test
    void enumMapWithBadKeysIsRejected() {
        assertRejected("2f 64 01 03 00");             // ordinal 3 of 3 constants
        assertRejected("2f 64 02 01 00 01 00");       // repeated ordinal
        assertRejected("2f 64 02 02 00 01 00");       // decreasing ordinals
        assertRejected("2f 64 04 00 00 01 00 02 00 00 00"); // more entries than constants
        BlitException e = assertRejected("2f 07 00");  // Integer is not an enum
        assertTrue(e.getMessage().contains("not an enum"), e::getMessage);
    }

    /** No constants: nothing to probe an empty map with, so its key type is found as Java serialization writes it. */
    enum Nothing {
    }

    @Test
    void anEmptyEnumMapOfAnEnumWithoutConstantsRoundTrips() {
        Blit blit = Blit.builder().register(Nothing.class, 100).build();
        EnumMap<Nothing, Object> empty = new EnumMap<>(Nothing.class);
        assertEquals("2f 64 00", RoundTrip.hex(blit.toBytes(empty)));
        EnumMap<?, ?> copy = (EnumMap<?, ?>) blit.fromBytes(blit.toBytes(empty));
        assertTrue(copy.isEmpty());
        @SuppressWarnings({"unchecked", "rawtypes"})
        EnumMap<Color, Object> raw = (EnumMap) copy;
        assertThrows(ClassCastException.class, () -> raw.put(Color.RED, 1), "keyed by Nothing, not Color");
    }

    @Test
    void emptyEnumMapOfUnregisteredEnumCannotBeWritten() {
        BlitException refused = assertThrows(BlitException.class, () -> PLAIN.toBytes(new EnumMap<>(Thread.State.class)));
        assertTrue(refused.getMessage().contains("java.lang.Thread$State"), refused.getMessage()); // named, as it is found
        EnumMap<Thread.State, Object> one = new EnumMap<>(Thread.State.class);
        one.put(Thread.State.NEW, 1);
        assertThrows(BlitException.class, () -> PLAIN.toBytes(one));
    }

    @Test
    void mapThatContainsItselfRoundTripsWithReferences() {
        HashMap<Object, Object> map = new HashMap<>();
        map.put("self", map);
        HashMap<?, ?> copy = (HashMap<?, ?>) TRACKING.fromBytes(TRACKING.toBytes(map));
        assertSame(copy, copy.get("self"));
        TreeMap<Object, Object> tree = new TreeMap<>();
        tree.put("self", tree);
        TreeMap<?, ?> treeCopy = (TreeMap<?, ?>) TRACKING.fromBytes(TRACKING.toBytes(tree));
        assertSame(treeCopy, treeCopy.get("self"));
        EnumMap<Color, Object> enumMap = new EnumMap<>(Color.class);
        enumMap.put(Color.RED, enumMap);
        EnumMap<?, ?> enumCopy = (EnumMap<?, ?>) TRACKING.fromBytes(TRACKING.toBytes(enumMap));
        assertSame(enumCopy, enumCopy.get(Color.RED));
    }

    @Test
    void hostileEntryCountIsRejected() {
        assertRejected("27 03 07 02 07 02"); // 3 entries need at least 6 more bytes
        assertRejected("28 ff ff ff ff 07");
    }

    @Test
    void mutatedEncodingsFailOnlyWithBlitException() {
        EnumMap<Color, Object> enumMap = new EnumMap<>(Color.class);
        enumMap.put(Color.GREEN, "g");
        TreeMap<Object, Object> reversed = new TreeMap<>(Collections.reverseOrder());
        reversed.put(1, 2);
        RoundTrip.assertMutationsFailOnlyWithBlitException(PLAIN.toBytes(new ArrayList<>(List.of(
                new HashMap<>(Map.of(1, 2)), new LinkedHashMap<>(Map.of("a", "b")), new TreeMap<>(Map.of(3, 4)),
                reversed, new ConcurrentHashMap<>(Map.of(5, 6)), enumMap))), 5);
    }
}
