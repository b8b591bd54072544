package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
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
import java.util.function.Function;
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
        Registration list = rb.add(TypeIds.IMMUTABLE_LIST, List.of().getClass(), immutable(1, false, UnmodifiableTypes::listOf));
        List<Integer> three = List.of(1, 2, 3);
        aliases(rb, list, List.of(1), List.of(1, 2), three, Stream.of(1).toList(), Stream.of().toList(),
                Stream.of(1, null).toList(), three.subList(0, 1), three.subList(0, 2));
        Registration set = rb.add(TypeIds.IMMUTABLE_SET, Set.of().getClass(), immutable(1, true, UnmodifiableTypes::setOf));
        aliases(rb, set, Set.of(1), Set.of(1, 2), Set.of(1, 2, 3));
        Registration map = rb.add(TypeIds.IMMUTABLE_MAP, Map.of().getClass(), immutable(2, true, UnmodifiableTypes::mapOf));
        aliases(rb, map, Map.of(1, 1), Map.of(1, 1, 2, 2), Map.of(1, 1, 2, 2, 3, 3));

        rb.add(TypeIds.EMPTY_LIST, Collections.emptyList().getClass(),
                BuiltinTypes.value((out, v) -> { }, in -> Collections.emptyList()));
        rb.add(TypeIds.EMPTY_SET, Collections.emptySet().getClass(),
                BuiltinTypes.value((out, v) -> { }, in -> Collections.emptySet()));
        rb.add(TypeIds.EMPTY_MAP, Collections.emptyMap().getClass(),
                BuiltinTypes.value((out, v) -> { }, in -> Collections.emptyMap()));

        rb.add(TypeIds.SINGLETON_LIST, Collections.singletonList(1).getClass(), BuiltinTypes.tracked(
                (out, v) -> out.writeObject(((List<?>) v).get(0)),
                in -> Collections.singletonList(ReadSession.of(in).readObject(in))));
        rb.add(TypeIds.SINGLETON_SET, Collections.singleton(1).getClass(), BuiltinTypes.tracked(
                (out, v) -> out.writeObject(((Set<?>) v).iterator().next()),
                in -> Collections.singleton(ReadSession.of(in).readObject(in))));
        rb.add(TypeIds.SINGLETON_MAP, Collections.singletonMap(1, 1).getClass(), BuiltinTypes.tracked(
                (out, v) -> {
                    Map.Entry<?, ?> e = ((Map<?, ?>) v).entrySet().iterator().next();
                    out.writeObject(e.getKey());
                    out.writeObject(e.getValue());
                },
                in -> {
                    ReadSession session = ReadSession.of(in);
                    Object k = session.readObject(in);
                    return Collections.singletonMap(k, session.readObject(in));
                }));

        // A wrapper of a LinkedList and of an ArrayList are different classes; both decode to an ArrayList.
        Registration ul = rb.add(TypeIds.UNMODIFIABLE_LIST, Collections.unmodifiableList(new ArrayList<>()).getClass(),
                wrapper(n -> new ArrayList<>(n), Collections::unmodifiableList));
        rb.alias(Collections.unmodifiableList(new LinkedList<>()).getClass(), ul);
        // Sets and maps keep the iteration order of the original through a Linked* copy.
        rb.add(TypeIds.UNMODIFIABLE_SET, Collections.unmodifiableSet(new LinkedHashSet<>()).getClass(),
                wrapper(n -> new LinkedHashSet<>(Elements.hashCapacity(n)), Collections::unmodifiableSet));
        rb.add(TypeIds.UNMODIFIABLE_COLLECTION, Collections.unmodifiableCollection(new ArrayList<>()).getClass(),
                wrapper(n -> new ArrayList<>(n), Collections::unmodifiableCollection));
        rb.add(TypeIds.UNMODIFIABLE_MAP, Collections.unmodifiableMap(new LinkedHashMap<>()).getClass(),
                BuiltinTypes.tracked(Elements::writeMap, in -> {
                    int n = in.readCount(2);
                    Map<Object, Object> inner = new LinkedHashMap<>(Elements.hashCapacity(in.initialCapacity(n)));
                    Map<Object, Object> view = Collections.unmodifiableMap(inner);
                    in.reference(view);
                    Elements.readInto(in, n, inner);
                    return view;
                }));
        // Sorted views decode to the navigable view (a subclass), so a navigable original stays navigable.
        Registration sortedSet = rb.add(TypeIds.UNMODIFIABLE_SORTED_SET,
                Collections.unmodifiableSortedSet(new TreeSet<>()).getClass(), BuiltinTypes.tracked(
                        (out, v) -> {
                            Elements.writeComparator(out, ((java.util.SortedSet<?>) v).comparator());
                            Elements.writeCollection(out, (Collection<?>) v);
                        },
                        in -> {
                            Comparator<Object> c = Elements.readComparator(in);
                            TreeSet<Object> inner = new TreeSet<>(c);
                            Set<Object> view = Collections.unmodifiableNavigableSet(inner);
                            in.reference(view);
                            Elements.readInto(in, in.readCount(1), inner);
                            return view;
                        }));
        rb.alias(Collections.unmodifiableNavigableSet(new TreeSet<>()).getClass(), sortedSet);
        rb.alias(Collections.emptyNavigableSet().getClass(), sortedSet); // also emptySortedSet()
        Registration sortedMap = rb.add(TypeIds.UNMODIFIABLE_SORTED_MAP,
                Collections.unmodifiableSortedMap(new TreeMap<>()).getClass(), BuiltinTypes.tracked(
                        (out, v) -> {
                            Elements.writeComparator(out, ((java.util.SortedMap<?, ?>) v).comparator());
                            Elements.writeMap(out, (Map<?, ?>) v);
                        },
                        in -> {
                            Comparator<Object> c = Elements.readComparator(in);
                            TreeMap<Object, Object> inner = new TreeMap<>(c);
                            Map<Object, Object> view = Collections.unmodifiableNavigableMap(inner);
                            in.reference(view);
                            Elements.readInto(in, in.readCount(2), inner);
                            return view;
                        }));
        rb.alias(Collections.unmodifiableNavigableMap(new TreeMap<>()).getClass(), sortedMap);
        rb.alias(Collections.emptyNavigableMap().getClass(), sortedMap); // also emptySortedMap()

        rb.add(TypeIds.ARRAYS_AS_LIST, Arrays.asList(1).getClass(), BuiltinTypes.tracked(
                Elements::writeCollection, UnmodifiableTypes::asList));
    }

    private static void aliases(RegistryBuilder rb, Registration r, Object... instances) {
        for (Object o : instances) {
            rb.alias(o.getClass(), r);
        }
    }

    /**
     * Content like a mutable collection's, built from all its elements at the end (these collections
     * cannot exist before their elements, so they cannot contain themselves either).
     */
    private static Serializer<Object> immutable(int slots, boolean hashed, Function<Object[], Object> create) {
        return BuiltinTypes.tracked(
                (out, v) -> {
                    if (slots == 1) {
                        Elements.writeCollection(out, (Collection<?>) v);
                    } else {
                        Elements.writeMap(out, (Map<?, ?>) v);
                    }
                },
                in -> {
                    long at = in.offset();
                    int n = in.readCount(slots);
                    if ((long) n * slots > Integer.MAX_VALUE - 8) {
                        throw new BlitException("count " + n + " at offset " + at + " is too large");
                    }
                    Object[] items = Elements.readArray(in, n * slots);
                    if (hashed) {
                        // Set.of/Map.of hash their elements (or keys): bound that work before the JDK starts it.
                        for (int i = 0; i < items.length; i += slots) {
                            Elements.chargeKey(in, items[i], at);
                        }
                    }
                    try {
                        return create.apply(items);
                    } catch (RuntimeException x) {
                        throw new BlitException("invalid immutable collection at offset " + at + ": " + x, x);
                    }
                });
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

    private static Object setOf(Object[] items) {
        return Set.of(items);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object mapOf(Object[] kv) {
        Map.Entry<Object, Object>[] entries = new Map.Entry[kv.length >> 1];
        for (int i = 0; i < entries.length; i++) {
            entries[i] = Map.entry(kv[2 * i], kv[2 * i + 1]);
        }
        return Map.ofEntries(entries);
    }

    /** A fresh mutable collection, wrapped and published, then filled through the wrapper's back. */
    private static <C extends Collection<Object>> Serializer<Collection<Object>> wrapper(
            java.util.function.IntFunction<C> create, Function<C, Collection<Object>> wrap) {
        return BuiltinTypes.tracked(Elements::writeCollection, in -> {
            int n = in.readCount(1);
            C inner = create.apply(in.initialCapacity(n));
            Collection<Object> view = wrap.apply(inner);
            in.reference(view);
            Elements.readInto(in, n, inner);
            return view;
        });
    }

    /**
     * Fixed-size like the original. From memory the array is made at its final size and the list published
     * before its elements, so it may contain itself; from a stream, only after they arrived.
     */
    private static List<Object> asList(ReadBuffer in) {
        int n = in.readCount(1);
        if (in.initialCapacity(n) < n) {
            return Arrays.asList(Elements.readArray(in, n));
        }
        Object[] a = new Object[n];
        List<Object> list = Arrays.asList(a);
        in.reference(list);
        ReadSession session = ReadSession.of(in);
        for (int i = 0; i < n; i++) {
            a[i] = session.readObject(in);
        }
        return list;
    }
}
