package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.Registration;
import dev.blit.internal.RegistryBuilder;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The collections the JDK hands out as views or immutable values: {@code List.of}/{@code Set.of}/
 * {@code Map.of} (and {@code copyOf}, {@code Stream.toList}), {@code Collections.empty*},
 * {@code singleton*}, {@code unmodifiable*} and {@code Arrays.asList}. Their classes are JDK-private, so
 * they are found as {@code getClass()} of instances made here. Content is the same as a mutable
 * collection's; a decoded value is unmodifiable (or fixed-size) wherever the original was.
 */
final class UnmodifiableTypes {
    private UnmodifiableTypes() {
    }

    static void install(RegistryBuilder rb) {
        Registration list = rb.add(TypeIds.IMMUTABLE_LIST, List.of().getClass(), new Codec(TypeIds.IMMUTABLE_LIST));
        List<Integer> three = List.of(1, 2, 3);
        // Stream.toList (with or without nulls) makes the same classes as List.of on Java 17 to 25 (tests check
        // it); not making a stream here keeps the stream machinery and its lambdas out of start-up.
        aliases(rb, list, List.of(1), List.of(1, 2), three, three.subList(0, 1), three.subList(0, 2));
        Registration set = rb.add(TypeIds.IMMUTABLE_SET, Set.of().getClass(), new Codec(TypeIds.IMMUTABLE_SET));
        aliases(rb, set, Set.of(1), Set.of(1, 2), Set.of(1, 2, 3));
        Registration map = rb.add(TypeIds.IMMUTABLE_MAP, Map.of().getClass(), new Codec(TypeIds.IMMUTABLE_MAP));
        aliases(rb, map, Map.of(1, 1), Map.of(1, 1, 2, 2), Map.of(1, 1, 2, 2, 3, 3));
        // Made from their elements once read: nothing inside may refer back to them (Registration.late).
        list.late = true;
        set.late = true;
        map.late = true;

        rb.add(TypeIds.EMPTY_LIST, Collections.emptyList().getClass(), new Codec(TypeIds.EMPTY_LIST));
        rb.add(TypeIds.EMPTY_SET, Collections.emptySet().getClass(), new Codec(TypeIds.EMPTY_SET));
        rb.add(TypeIds.EMPTY_MAP, Collections.emptyMap().getClass(), new Codec(TypeIds.EMPTY_MAP));

        rb.add(TypeIds.SINGLETON_LIST, Collections.singletonList(1).getClass(), new Codec(TypeIds.SINGLETON_LIST)).late = true;
        rb.add(TypeIds.SINGLETON_SET, Collections.singleton(1).getClass(), new Codec(TypeIds.SINGLETON_SET)).late = true;
        rb.add(TypeIds.SINGLETON_MAP, Collections.singletonMap(1, 1).getClass(), new Codec(TypeIds.SINGLETON_MAP)).late = true;

        // A wrapper of a LinkedList and of an ArrayList are different classes; both decode to an ArrayList.
        Registration ul = rb.add(TypeIds.UNMODIFIABLE_LIST, Collections.unmodifiableList(new ArrayList<>()).getClass(),
                new Codec(TypeIds.UNMODIFIABLE_LIST));
        rb.alias(Collections.unmodifiableList(new LinkedList<>()).getClass(), ul);
        // Sets and maps keep the iteration order of the original through a Linked* copy.
        rb.add(TypeIds.UNMODIFIABLE_SET, Collections.unmodifiableSet(new LinkedHashSet<>()).getClass(),
                new Codec(TypeIds.UNMODIFIABLE_SET));
        rb.add(TypeIds.UNMODIFIABLE_COLLECTION, Collections.unmodifiableCollection(new ArrayList<>()).getClass(),
                new Codec(TypeIds.UNMODIFIABLE_COLLECTION));
        rb.add(TypeIds.UNMODIFIABLE_MAP, Collections.unmodifiableMap(new LinkedHashMap<>()).getClass(),
                new Codec(TypeIds.UNMODIFIABLE_MAP));
        // Sorted views decode to the navigable view (a subclass), so a navigable original stays navigable.
        Registration sortedSet = rb.add(TypeIds.UNMODIFIABLE_SORTED_SET,
                Collections.unmodifiableSortedSet(new TreeSet<>()).getClass(), new Codec(TypeIds.UNMODIFIABLE_SORTED_SET));
        rb.alias(Collections.unmodifiableNavigableSet(new TreeSet<>()).getClass(), sortedSet);
        rb.alias(Collections.emptyNavigableSet().getClass(), sortedSet); // also emptySortedSet()
        Registration sortedMap = rb.add(TypeIds.UNMODIFIABLE_SORTED_MAP,
                Collections.unmodifiableSortedMap(new TreeMap<>()).getClass(), new Codec(TypeIds.UNMODIFIABLE_SORTED_MAP));
        rb.alias(Collections.unmodifiableNavigableMap(new TreeMap<>()).getClass(), sortedMap);
        rb.alias(Collections.emptyNavigableMap().getClass(), sortedMap); // also emptySortedMap()

        rb.add(TypeIds.ARRAYS_AS_LIST, Arrays.asList(1).getClass(), new Codec(TypeIds.ARRAYS_AS_LIST));
    }

    private static void aliases(RegistryBuilder rb, Registration r, Object... instances) {
        for (Object o : instances) {
            rb.alias(o.getClass(), r);
        }
    }

    /**
     * One class for all of them, switching on the wire id, rather than a pair of lambdas per type: see
     * {@link BuiltinTypes.ById} for why (one dispatch per value, no lambda call sites linked at start-up).
     * All but the empty collections (constants, nothing to share) are reference-tracked.
     */
    private static final class Codec extends BuiltinTypes.ById {
        Codec(int id) {
            super(id, id != TypeIds.EMPTY_LIST && id != TypeIds.EMPTY_SET && id != TypeIds.EMPTY_MAP);
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            switch (id) {
                case TypeIds.EMPTY_LIST:
                case TypeIds.EMPTY_SET:
                case TypeIds.EMPTY_MAP:
                    return;
                case TypeIds.SINGLETON_LIST:
                    out.writeObject(((List<?>) v).get(0));
                    return;
                case TypeIds.SINGLETON_SET:
                    out.writeObject(((Set<?>) v).iterator().next());
                    return;
                case TypeIds.SINGLETON_MAP: {
                    Map.Entry<?, ?> e = ((Map<?, ?>) v).entrySet().iterator().next();
                    out.writeObject(e.getKey());
                    out.writeObject(e.getValue());
                    return;
                }
                case TypeIds.IMMUTABLE_MAP:
                    Elements.writeMap(out, (Map<?, ?>) v);
                    return;
                case TypeIds.UNMODIFIABLE_MAP: // of any map, an IdentityHashMap too: read back over a LinkedHashMap
                    DistinctKeys.check(v, ((Map<?, ?>) v).keySet(), "Collections.unmodifiableMap of a LinkedHashMap", out);
                    Elements.writeMap(out, (Map<?, ?>) v);
                    return;
                case TypeIds.UNMODIFIABLE_SET:
                    DistinctKeys.check(v, (Set<?>) v, "Collections.unmodifiableSet of a LinkedHashSet", out);
                    Elements.writeCollection(out, (Collection<?>) v);
                    return;
                case TypeIds.UNMODIFIABLE_SORTED_SET:
                    Elements.writeComparator(out, ((java.util.SortedSet<?>) v).comparator(), v);
                    Elements.writeCollection(out, (Collection<?>) v);
                    return;
                case TypeIds.UNMODIFIABLE_SORTED_MAP:
                    Elements.writeComparator(out, ((java.util.SortedMap<?, ?>) v).comparator(), v);
                    Elements.writeMap(out, (Map<?, ?>) v);
                    return;
                default: // the immutable list and set, the unmodifiable lists, sets and collections, Arrays.asList
                    Elements.writeCollection(out, (Collection<?>) v);
            }
        }

        @Override
        public Object read(ReadBuffer in) {
            switch (id) {
                case TypeIds.IMMUTABLE_LIST:
                    return immutable(in, 1, false);
                case TypeIds.IMMUTABLE_SET:
                    return immutable(in, 1, true);
                case TypeIds.IMMUTABLE_MAP:
                    return immutable(in, 2, true);
                case TypeIds.EMPTY_LIST:
                    return Collections.emptyList();
                case TypeIds.EMPTY_SET:
                    return Collections.emptySet();
                case TypeIds.EMPTY_MAP:
                    return Collections.emptyMap();
                case TypeIds.SINGLETON_LIST:
                    return Collections.singletonList(ReadSession.of(in).readObject(in));
                case TypeIds.SINGLETON_SET:
                    return Collections.singleton(ReadSession.of(in).readObject(in));
                case TypeIds.SINGLETON_MAP: {
                    ReadSession session = ReadSession.of(in);
                    Object k = session.readObject(in);
                    return Collections.singletonMap(k, session.readObject(in));
                }
                case TypeIds.UNMODIFIABLE_LIST: {
                    int n = in.readCount(1);
                    ArrayList<Object> inner = new ArrayList<>(in.initialCapacity(n));
                    return Elements.published(in, n, inner, Collections.unmodifiableList(inner));
                }
                case TypeIds.UNMODIFIABLE_SET: {
                    int n = in.readCount(1);
                    LinkedHashSet<Object> inner = new LinkedHashSet<>(Elements.hashCapacity(in.initialCapacity(n)));
                    return Elements.published(in, n, inner, Collections.unmodifiableSet(inner));
                }
                case TypeIds.UNMODIFIABLE_COLLECTION: {
                    int n = in.readCount(1);
                    ArrayList<Object> inner = new ArrayList<>(in.initialCapacity(n));
                    return Elements.published(in, n, inner, Collections.unmodifiableCollection(inner));
                }
                case TypeIds.UNMODIFIABLE_MAP: {
                    int n = in.readCount(2);
                    Map<Object, Object> inner = new LinkedHashMap<>(Elements.hashCapacity(in.initialCapacity(n)));
                    return Elements.published(in, n, inner, Collections.unmodifiableMap(inner));
                }
                case TypeIds.UNMODIFIABLE_SORTED_SET: {
                    Comparator<Object> c = Elements.readComparator(in);
                    TreeSet<Object> inner = new TreeSet<>(c);
                    return Elements.published(in, in.readCount(1), inner, Collections.unmodifiableNavigableSet(inner));
                }
                case TypeIds.UNMODIFIABLE_SORTED_MAP: {
                    Comparator<Object> c = Elements.readComparator(in);
                    TreeMap<Object, Object> inner = new TreeMap<>(c);
                    return Elements.published(in, in.readCount(2), inner, Collections.unmodifiableNavigableMap(inner));
                }
                case TypeIds.ARRAYS_AS_LIST:
                    return asList(in);
                default:
                    throw new IllegalStateException("no built-in unmodifiable type has id " + id);
            }
        }
    }

    /**
     * Content like a mutable collection's, built from all its elements at the end (these collections
     * cannot exist before their elements, so they cannot contain themselves either).
     */
    private static Object immutable(ReadBuffer in, int slots, boolean hashed) {
        long at = in.offset();
        int n = in.readCount(slots);
        if ((long) n * slots > Integer.MAX_VALUE - 8) {
            throw new BlitException("count " + n + " at offset " + at + " is too large");
        }
        Object[] items = Elements.readArray(in, n * slots, slots);
        if (hashed) {
            // Set.of/Map.of hash their elements (or keys): bound that work before the JDK starts it.
            for (int i = 0; i < items.length; i += slots) {
                Elements.chargeKey(in, items[i], at);
            }
            Elements.chargeProbes(in, items, slots, at);
        }
        try {
            return slots == 2 ? mapOf(items) : hashed ? Set.of(items) : listOf(items);
        } catch (RuntimeException x) {
            if (ReadSession.of(in).discarding()) {
                return ReadSession.SKIPPED; // duplicates of what stands for values read past, in a dropped field
            }
            throw new BlitException("invalid immutable collection at offset " + at + ": " + x, x);
        }
    }

    /** {@code List.of} when it can (no nulls); otherwise the null-tolerant list {@code Stream.toList} makes. */
    private static Object listOf(Object[] items) {
        for (Object o : items) {
            if (o == null) {
                return Stream.of(items).toList();
            }
        }
        return List.of(items);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object mapOf(Object[] kv) {
        Map.Entry<Object, Object>[] entries = new Map.Entry[kv.length >> 1];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = Map.entry(kv[2 * i], kv[2 * i + 1]);
        }
        return Map.ofEntries(entries);
    }

    /**
     * Fixed-size like the original. From memory the array is made at its final size and the list published
     * before its elements, so it may contain itself; from a stream, only after they arrived.
     */
    private static List<Object> asList(ReadBuffer in) {
        int n = in.readCount(1);
        if (in.initialCapacity(n) < n) {
            return Arrays.asList(Elements.readArray(in, n, 1));
        }
        Object[] a = new Object[n];
        List<Object> list = Arrays.asList(a);
        in.reference(list);
        ReadSession session = ReadSession.of(in);
        Registration run = session.run(in, n);
        for (int i = 0; i < n; i++) {
            a[i] = session.element(in, run);
        }
        return list;
    }
}
