package dev.blit.limits;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Collections used as set elements or map keys are hashed by the JDK once per path through them; the
 * decoder charges that work to {@code maxAllocationPerRead} before it happens, so a small input cannot
 * describe a key that takes 2^60 steps to hash or compare.
 */
class KeyHashingBudgetTest {
    /** A hang guard, not a timing assertion. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(30);
    private final Blit refs = Blit.builder().references(true).build();

    @Test
    void ordinaryCollectionKeysDecode() {
        Set<List<Integer>> set = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            set.add(List.of(i, i + 1, i + 2));
        }
        Map<Set<String>, Integer> map = new HashMap<>();
        map.put(Set.of("a", "b"), 1);
        map.put(Collections.singleton("c"), 2);
        Blit plain = Blit.builder().build();
        assertEquals(set, plain.fromBytes(plain.toBytes(set)));
        assertEquals(map, plain.fromBytes(plain.toBytes(map)));
        assertEquals(set, refs.fromBytes(refs.toBytes(set)));
    }

    @Test
    void aKeyOfTwoToTheSixtyPathsThroughSharedListsIsRejectedWithItsOffset() {
        List<Object> key = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            List<Object> outer = new ArrayList<>();
            outer.add(key);
            outer.add(key);
            key = outer;
        }
        // Written as a list (a real set would hash it on the way in), then retagged as a set.
        byte[] asSet = refs.toBytes(new ArrayList<>(List.of(key)));
        asSet[0] = 0x2c; // tag 44: the same content as a LinkedHashSet
        BlitException e = assertTimeoutPreemptively(HANG_GUARD,
                () -> assertThrows(BlitException.class, () -> refs.fromBytes(asSet)));
        assertTrue(e.getMessage().contains("hashing the key at offset 2"), e.getMessage());
        assertTrue(e.getMessage().contains("maxAllocationPerRead"), e.getMessage());
        assertTrue(asSet.length < 400, asSet.length + " bytes");
    }

    @Test
    void aSetThatHoldsItselfInsideAKeyIsRejectedNotWalkedForever() {
        // tag 43 HashSet, 2 elements: an empty list, then a singleton set (55) of a back reference to the set.
        byte[] bytes = {0x2b, 0x02, 0x24, 0x00, 0x37, 0x01, 0x00};
        Object decoded = assertTimeoutPreemptively(HANG_GUARD, () -> {
            try {
                return refs.fromBytes(bytes);
            } catch (BlitException e) {
                assertTrue(e.getMessage().contains("offset"), e.getMessage());
                return null;
            }
        });
        if (decoded != null) {
            assertTrue(decoded instanceof Set);
        }
    }

    public static final class OwnIdentityMap extends IdentityHashMap<Object, Object> {
        public OwnIdentityMap() {
        }
    }

    @Test
    void anIdentityHashMapsKeysAreNotWalkedForIt() {
        // IdentityHashMap uses identityHashCode and ==: a list that holds itself is a legal key there (it was
        // refused as nesting forever), and a chain of 22 maps, each the key of the next, cost it nothing (it
        // was refused as needing 33554432 bytes of hashing).
        List<Object> selfish = new ArrayList<>();
        selfish.add(selfish);
        IdentityHashMap<Object, String> m = new IdentityHashMap<>();
        m.put(selfish, "v");
        IdentityHashMap<?, ?> back = assertTimeoutPreemptively(HANG_GUARD, () -> refs.copy(m));
        List<?> key = (List<?>) back.keySet().iterator().next();
        assertSame(key, key.get(0));
        assertEquals("v", back.get(key));

        Object chain = "leaf";
        for (int d = 0; d < 22; d++) {
            Map<Object, Object> level = new HashMap<>();
            level.put(chain, d);
            chain = level;
        }
        IdentityHashMap<Object, String> m2 = new IdentityHashMap<>();
        m2.put(chain, "v");
        Blit plain = Blit.builder().build();
        assertEquals(chain, plain.copy(m2).keySet().iterator().next());
        // A registered subclass of it too (read by its own put, as a container).
        OwnIdentityMap own = new OwnIdentityMap();
        own.put(selfish, "v");
        Blit registered = Blit.builder().references(true).register(OwnIdentityMap.class, 100).build();
        OwnIdentityMap ownBack = registered.copy(own);
        List<?> ownKey = (List<?>) ownBack.keySet().iterator().next();
        assertSame(ownKey, ownKey.get(0));
        // A HashMap hashes its keys: the same bytes but for the map's tag (27, not 63 10) are refused.
        assertEquals("631001" + "24010101" + "0b0376", HexFormat.of().formatHex(refs.toBytes(m)));
        byte[] hashed = HexFormat.of().parseHex("2701" + "24010101" + "0b0376");
        BlitException e = assertThrows(BlitException.class, () -> refs.fromBytes(hashed));
        assertTrue(e.getMessage().contains("at offset 2"), e.getMessage());
    }

    @Test
    void nestedMapKeysAreChargedWhatTheJdkDoesNotTwiceAtEveryLevel() {
        // 30 HashMaps, each the key of the next with a non-null value: hashing one is a walk of its depth,
        // comparing two a quadratic one. Charging every map key twice refused 21 levels (111 bytes) as 33 MB.
        Object key = "leaf";
        for (int i = 0; i < 30; i++) {
            Map<Object, Object> m = new HashMap<>();
            m.put(key, "v");
            key = m;
        }
        Blit plain = Blit.builder().build();
        assertEquals(key, plain.fromBytes(plain.toBytes(key)));
        Set<Object> set = new HashSet<>(List.of(key, List.of(key), Optional.of(key)));
        assertEquals(set, plain.fromBytes(plain.toBytes(set)));
        // With null values AbstractMap.equals compares each key twice: 60 levels are still refused.
        rejectedByTheBudget(plain, "2b02" + chain(60) + chain(60));
        // And a chain of sets (a set's equals hashes each element again) stays linear per level.
        Object nested = "leaf";
        for (int i = 0; i < 60; i++) {
            nested = new HashSet<>(Set.of(nested));
        }
        assertEquals(nested, plain.fromBytes(plain.toBytes(nested)));
    }

    /** {@code singletonMap(singletonMap(... emptyMap() ..., null), null)}, {@code depth} maps deep. */
    private static String chain(int depth) {
        return "38".repeat(depth) + "35" + "00".repeat(depth);
    }

    private static void rejectedByTheBudget(Blit blit, String hex) {
        byte[] bytes = HexFormat.of().parseHex(hex);
        BlitException e = assertTimeoutPreemptively(HANG_GUARD,
                () -> assertThrows(BlitException.class, () -> blit.fromBytes(bytes)));
        assertTrue(e.getMessage().contains("hashing the key at offset 2"), e.getMessage());
        assertTrue(e.getMessage().contains("maxAllocationPerRead"), e.getMessage());
    }

    @Test
    void keysWhoseHashAndEqualsGoThroughAnOptionalOrAnEntryAreChargedAsCollections() {
        // Optional.equals and the entries' equals compare their contents: two equal chains 60 maps deep in
        // each took 2^60 steps to compare, with nothing charged.
        Blit plain = Blit.builder().build();
        String optional = "23" + chain(60);
        rejectedByTheBudget(plain, "2b02" + optional + optional); // HashSet of two Optionals
        rejectedByTheBudget(plain, "2702" + optional + "0700" + optional + "0702"); // HashMap keyed by them
        for (String ext : new String[] {"05", "06"}) { // SimpleEntry(chain, 1), SimpleImmutableEntry
            String entry = "63" + ext + chain(60) + "0702";
            rejectedByTheBudget(plain, "2b02" + entry + entry);
        }
        String listOfOptional = "2401" + optional; // as a list's element too
        rejectedByTheBudget(plain, "2b02" + listOfOptional + listOfOptional);
    }

    @Test
    void ordinaryOptionalAndEntryKeysDecode() {
        Blit plain = Blit.builder().build();
        Set<Object> set = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            set.add(Optional.of(List.of(i, i + 1)));
            set.add(Map.entry(Map.of("k", i), List.of(i)));
            set.add(new AbstractMap.SimpleEntry<>(Optional.of(i), Optional.empty()));
        }
        assertEquals(set, plain.fromBytes(plain.toBytes(set)));
    }

    /** {@code Set.of} (id 49) or {@code Map.of} (id 50, each value {@code true}) of n Longs of one hash code. */
    private static byte[] collidingLongs(int id, int n) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        b.write(id);
        writeUvar(b, n);
        b.write(0x45); // a run of
        b.write(0x08); // Longs, each an svar
        if (id == 50) {
            b.write(0x00); // values tagged
        }
        for (long i = 1; i <= n; i++) {
            long v = i << 32 | i; // hashCode (int) (v ^ v >>> 32) == 0 for every one
            writeUvar(b, v << 1 ^ v >> 63);
            if (id == 50) {
                b.write(0x03); // true
            }
        }
        return b.toByteArray();
    }

    private static void writeUvar(java.io.ByteArrayOutputStream b, long v) {
        while ((v & ~0x7FL) != 0) {
            b.write((int) (v & 0x7F | 0x80));
            v >>>= 7;
        }
        b.write((int) v);
    }

    @Test
    void setOfAndMapOfOfCollidingHashCodesAreChargedForTheirProbing() {
        // The JDK places Set.of's elements by linear probing: 20,000 Longs of one hash code are 200 million
        // comparisons, whatever their class (no tree bins); they used to be read, taking seconds more per doubling.
        Blit plain = Blit.builder().build();
        for (int id : new int[] {49, 50}) {
            byte[] bytes = collidingLongs(id, 20_000);
            BlitException e = assertTimeoutPreemptively(HANG_GUARD,
                    () -> assertThrows(BlitException.class, () -> plain.fromBytes(bytes)));
            assertTrue(e.getMessage().contains("placing the 20000 elements of a Set.of or Map.of"), e.getMessage());
            assertTrue(e.getMessage().contains("at offset 1"), e.getMessage());
            assertTrue(e.getMessage().contains("maxAllocationPerRead"), e.getMessage());
        }
        // Ordinary ones read: consecutive numbers, and strings.
        List<Long> longs = new ArrayList<>();
        List<String> strings = new ArrayList<>();
        for (long i = 0; i < 20_000; i++) {
            longs.add(i * 1_000_003);
            strings.add("key-" + i);
        }
        assertEquals(Set.copyOf(longs), plain.fromBytes(plain.toBytes(Set.copyOf(longs))));
        assertEquals(Set.copyOf(strings), plain.fromBytes(plain.toBytes(Set.copyOf(strings))));
        Map<String, Long> map = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            map.put(strings.get(i), longs.get(i));
        }
        assertEquals(Map.copyOf(map), plain.fromBytes(plain.toBytes(Map.copyOf(map))));
        byte[] fewColliding = collidingLongs(49, 1_000); // half a million comparisons: within the budget
        assertEquals(1_000, ((Set<?>) plain.fromBytes(fewColliding)).size());
    }
}
