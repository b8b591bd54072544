package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;

import java.lang.reflect.Modifier;
import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.Stack;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.WeakHashMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

/**
 * Extended ids 5..36, 44..46 and 48 (FORMAT.md): JDK collections, entries, comparators and holders that users
 * meet in their data and that the first id space had no room for. Most of their classes are private to {@code java.util}, so a user could
 * not register them and Blit cannot reach their fields: each is written as the content of the built-in it
 * resembles (a list's, a map's, a sorted set's, a key and a value) and read back through the JDK's public
 * factories. A wrapper's or view's own class does not survive (a synchronized {@code HashMap} comes back as a
 * synchronized {@code LinkedHashMap}), as for the unmodifiable views.
 */
final class ExtendedCollections {
    private ExtendedCollections() {
    }

    /**
     * The extended id each class is written under; the classes found from instances, as the JDK keeps them
     * private. A holder of its own, built on the first write of a JDK class the registry does not know, not when
     * a {@code Blit} is built: making these instances loads and initializes some twenty JDK classes.
     */
    private static final class Ids {
        static final Map<Class<?>, Integer> MAP = ids();
    }

    private static Map<Class<?>, Integer> ids() {
        Map<Class<?>, Integer> m = new IdentityHashMap<>();
        m.put(AbstractMap.SimpleEntry.class, TypeIds.EXT_SIMPLE_ENTRY);
        m.put(AbstractMap.SimpleImmutableEntry.class, TypeIds.EXT_SIMPLE_IMMUTABLE_ENTRY);
        m.put(Map.entry(1, 1).getClass(), TypeIds.EXT_MAP_ENTRY);
        m.put(new ArrayList<>().subList(0, 0).getClass(), TypeIds.EXT_SUB_LIST);
        m.put(new LinkedList<>().subList(0, 0).getClass(), TypeIds.EXT_SUB_LIST);
        m.put(Arrays.asList(1).subList(0, 1).getClass(), TypeIds.EXT_SUB_LIST); // a RandomAccess AbstractList's
        m.put(Collections.synchronizedCollection(new ArrayList<>()).getClass(), TypeIds.EXT_SYNCHRONIZED_COLLECTION);
        m.put(Collections.synchronizedList(new ArrayList<>()).getClass(), TypeIds.EXT_SYNCHRONIZED_LIST);
        m.put(Collections.synchronizedList(new LinkedList<>()).getClass(), TypeIds.EXT_SYNCHRONIZED_LIST);
        m.put(Collections.synchronizedSet(new LinkedHashSet<>()).getClass(), TypeIds.EXT_SYNCHRONIZED_SET);
        m.put(Collections.synchronizedSortedSet(new TreeSet<>()).getClass(), TypeIds.EXT_SYNCHRONIZED_SORTED_SET);
        m.put(Collections.synchronizedNavigableSet(new TreeSet<>()).getClass(), TypeIds.EXT_SYNCHRONIZED_SORTED_SET);
        m.put(Collections.synchronizedMap(new LinkedHashMap<>()).getClass(), TypeIds.EXT_SYNCHRONIZED_MAP);
        m.put(Collections.synchronizedSortedMap(new TreeMap<>()).getClass(), TypeIds.EXT_SYNCHRONIZED_SORTED_MAP);
        m.put(Collections.synchronizedNavigableMap(new TreeMap<>()).getClass(), TypeIds.EXT_SYNCHRONIZED_SORTED_MAP);
        m.put(Stack.class, TypeIds.EXT_STACK);
        m.put(IdentityHashMap.class, TypeIds.EXT_IDENTITY_HASH_MAP);
        m.put(CopyOnWriteArraySet.class, TypeIds.EXT_COPY_ON_WRITE_ARRAY_SET);
        m.put(ConcurrentLinkedQueue.class, TypeIds.EXT_CONCURRENT_LINKED_QUEUE);
        m.put(ConcurrentLinkedDeque.class, TypeIds.EXT_CONCURRENT_LINKED_DEQUE);
        m.put(ConcurrentHashMap.KeySetView.class, TypeIds.EXT_CONCURRENT_KEY_SET);
        m.put(Collections.nCopies(1, 1).getClass(), TypeIds.EXT_N_COPIES);
        m.put(Comparator.naturalOrder().getClass(), TypeIds.EXT_NATURAL_ORDER);
        m.put(AtomicReference.class, TypeIds.EXT_ATOMIC_REFERENCE);
        m.put(String.CASE_INSENSITIVE_ORDER.getClass(), TypeIds.EXT_CASE_INSENSITIVE_ORDER);
        m.put(Properties.class, TypeIds.EXT_PROPERTIES);
        m.put(LinkedBlockingQueue.class, TypeIds.EXT_LINKED_BLOCKING_QUEUE);
        m.put(LinkedBlockingDeque.class, TypeIds.EXT_LINKED_BLOCKING_DEQUE);
        m.put(ArrayBlockingQueue.class, TypeIds.EXT_ARRAY_BLOCKING_QUEUE);
        m.put(PriorityBlockingQueue.class, TypeIds.EXT_PRIORITY_BLOCKING_QUEUE);
        m.put(LinkedTransferQueue.class, TypeIds.EXT_LINKED_TRANSFER_QUEUE);
        m.put(AtomicIntegerArray.class, TypeIds.EXT_ATOMIC_INTEGER_ARRAY);
        m.put(AtomicLongArray.class, TypeIds.EXT_ATOMIC_LONG_ARRAY);
        m.put(AtomicReferenceArray.class, TypeIds.EXT_ATOMIC_REFERENCE_ARRAY);
        m.put(LongAdder.class, TypeIds.EXT_LONG_ADDER);
        m.put(DoubleAdder.class, TypeIds.EXT_DOUBLE_ADDER);
        m.put(WeakHashMap.class, TypeIds.EXT_WEAK_HASH_MAP);
        m.put(REVERSED, TypeIds.EXT_REVERSED_COMPARATOR);
        SequencedViews.addIds(m); // Java 21 and later
        return m;
    }

    /**
     * The class of {@code Collections.reverseOrder(cmp)} for a {@code cmp} other than the natural order and
     * {@code reverseOrder()} ({@code Collections$ReverseComparator2}), which {@code cmp.reversed()} and a sorted
     * collection's {@code descendingSet()} and {@code descendingMap()} make too.
     */
    private static final Class<?> REVERSED = Collections.reverseOrder(String.CASE_INSENSITIVE_ORDER).getClass();

    /** @return whether {@code type}, a JDK class the registry does not know, is written under one of these ids */
    static boolean covers(Class<?> type) {
        return Ids.MAP.containsKey(type) || isMapsOwnEntry(type);
    }

    /** @return the extended id {@code v} is written under here, or -1 if it is none of these */
    static int idOf(Object v) {
        Integer ext = Ids.MAP.get(v.getClass());
        return ext != null ? ext : isMapsOwnEntry(v.getClass()) ? TypeIds.EXT_SIMPLE_ENTRY : -1;
    }

    /**
     * Whether {@code type} is the entry class of one of the JDK's maps ({@code HashMap}'s node, {@code TreeMap}'s
     * entry, ...): what {@code new ArrayList<>(map.entrySet())} holds, to sort a map by value. Private to
     * {@code java.util}, so written as a {@code SimpleEntry} (5), which is what comes back: a key, a value and a
     * {@code setValue} that no longer writes through to a map. Also a public class of a package its module does not
     * export to everyone, which no program can name either: from Java 21 {@code LinkedHashMap.firstEntry()},
     * {@code lastEntry()}, {@code pollFirstEntry()} and {@code pollLastEntry()} return a
     * {@code jdk.internal.util.NullableKeyValueHolder}, which was refused as unregistered, with advice to
     * register it that {@code build()} then refused.
     */
    private static boolean isMapsOwnEntry(Class<?> type) {
        return type.getClassLoader() == null && Map.Entry.class.isAssignableFrom(type)
                && (!Modifier.isPublic(type.getModifiers()) || !type.getModule().isExported(type.getPackageName()));
    }

    /**
     * What a {@link CopyOnWriteArraySet} costs to build, per pair of elements it compares: one {@code equals},
     * about the time it takes to allocate and clear 16 bytes (a key visit, which may walk a collection, is 64).
     */
    private static final int COMPARISON_BYTES = 16;

    /** Writes the content of {@code v}, whose extended id {@link #idOf} gave, after that id. */
    @SuppressWarnings("unchecked")
    static void write(WriteBuffer out, int ext, Object v) {
        switch (ext) {
            case TypeIds.EXT_SIMPLE_ENTRY:
            case TypeIds.EXT_SIMPLE_IMMUTABLE_ENTRY:
            case TypeIds.EXT_MAP_ENTRY: {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) v;
                WriteSession.of(out).contentBuiltAfter(e); // read as a key and a value, then made: no cycle through it
                out.writeObject(e.getKey());
                out.writeObject(e.getValue());
                return;
            }
            // A synchronized wrapper, or a view one hands out (synchronizedMap(m).keySet(), values(), entrySet(), a
            // synchronizedSortedMap's headMap, Hashtable's keySet() and entrySet()), locks its mutex: itself for a
            // wrapper, the map or collection it views for a view, which no public API names (the field is out of
            // reach). Its own toArray() and forEach take that lock: the count and the elements are one snapshot made
            // under it, written after, so its elements' write code runs holding no lock of the user's.
            case TypeIds.EXT_SYNCHRONIZED_COLLECTION:
            case TypeIds.EXT_SYNCHRONIZED_LIST:
            case TypeIds.EXT_SYNCHRONIZED_SET: {
                List<Object> elements = Arrays.asList(((Collection<?>) v).toArray());
                if (ext == TypeIds.EXT_SYNCHRONIZED_SET) { // of any set, an identity one too: read over a LinkedHashSet
                    DistinctKeys.check(v, elements, "Collections.synchronizedSet of a LinkedHashSet", out);
                }
                Elements.writeCollection(out, elements);
                return;
            }
            case TypeIds.EXT_SYNCHRONIZED_SORTED_SET: {
                List<Object> elements = Arrays.asList(((Collection<?>) v).toArray());
                Elements.writeComparator(out, ((SortedSet<?>) v).comparator(), v);
                Elements.writeCollection(out, elements);
                return;
            }
            case TypeIds.EXT_SYNCHRONIZED_MAP: {
                List<Map.Entry<?, ?>> entries = Containers.entries((Map<?, ?>) v);
                // of any map, an IdentityHashMap too
                List<Object> keys = new ArrayList<>(entries.size());
                for (Map.Entry<?, ?> e : entries) {
                    keys.add(e.getKey());
                }
                DistinctKeys.check(v, keys, "Collections.synchronizedMap of a LinkedHashMap", out);
                Elements.writeEntries(out, entries, v);
                return;
            }
            case TypeIds.EXT_PROPERTIES: // whose writers hold its monitor too
                synchronized (v) {
                    Elements.writeMap(out, (Map<?, ?>) v);
                }
                return;
            case TypeIds.EXT_SYNCHRONIZED_SORTED_MAP: {
                List<Map.Entry<?, ?>> entries = Containers.entries((Map<?, ?>) v);
                Elements.writeComparator(out, ((SortedMap<?, ?>) v).comparator(), v);
                Elements.writeEntries(out, entries, v);
                return;
            }
            case TypeIds.EXT_IDENTITY_HASH_MAP:
            case TypeIds.EXT_UNMODIFIABLE_SEQUENCED_MAP:
                Elements.writeMap(out, (Map<?, ?>) v);
                return;
            case TypeIds.EXT_UNMODIFIABLE_SEQUENCED_COLLECTION:
            case TypeIds.EXT_UNMODIFIABLE_SEQUENCED_SET:
                Elements.writeCollection(out, (Collection<?>) v);
                return;
            case TypeIds.EXT_COPY_ON_WRITE_ARRAY_SET:
            case TypeIds.EXT_CONCURRENT_LINKED_QUEUE:
            case TypeIds.EXT_CONCURRENT_LINKED_DEQUE:
            case TypeIds.EXT_CONCURRENT_KEY_SET:
                // Other threads may change them while they are written: one snapshot gives a count that agrees.
                Elements.writeCollection(out, Arrays.asList(((Collection<?>) v).toArray()));
                return;
            case TypeIds.EXT_N_COPIES: {
                List<?> copies = (List<?>) v;
                WriteSession.of(out).contentBuiltAfter(copies); // made from its element once read, like an entry
                out.writeUnsignedVarInt(copies.size());
                out.writeObject(copies.isEmpty() ? null : copies.get(0));
                return;
            }
            case TypeIds.EXT_NATURAL_ORDER:
            case TypeIds.EXT_CASE_INSENSITIVE_ORDER:
                return;
            case TypeIds.EXT_REVERSED_COMPARATOR:
                WriteSession.of(out).contentBuiltAfter(v); // made from the comparator it reverses, once read
                // Public API, no reflection: the reverse of a reversed comparator is the comparator it reverses.
                out.writeObject(Collections.reverseOrder((Comparator<?>) v));
                return;
            case TypeIds.EXT_ATOMIC_REFERENCE:
                out.writeObject(((AtomicReference<?>) v).get());
                return;
            case TypeIds.EXT_LINKED_BLOCKING_QUEUE:
            case TypeIds.EXT_LINKED_BLOCKING_DEQUE:
            case TypeIds.EXT_ARRAY_BLOCKING_QUEUE:
                writeBounded(out, (BlockingQueue<?>) v);
                return;
            case TypeIds.EXT_PRIORITY_BLOCKING_QUEUE:
                Elements.writeComparator(out, ((PriorityBlockingQueue<?>) v).comparator(), v);
                Elements.writeCollection(out, Arrays.asList(((Collection<?>) v).toArray()));
                return;
            case TypeIds.EXT_LINKED_TRANSFER_QUEUE:
                Elements.writeCollection(out, Arrays.asList(((Collection<?>) v).toArray()));
                return;
            case TypeIds.EXT_ATOMIC_INTEGER_ARRAY: {
                AtomicIntegerArray a = (AtomicIntegerArray) v;
                int n = a.length();
                out.writeUnsignedVarInt(n);
                for (int i = 0; i < n; i++) {
                    out.writeVarInt(a.get(i));
                }
                return;
            }
            case TypeIds.EXT_ATOMIC_LONG_ARRAY: {
                AtomicLongArray a = (AtomicLongArray) v;
                int n = a.length();
                out.writeUnsignedVarInt(n);
                for (int i = 0; i < n; i++) {
                    out.writeVarLong(a.get(i));
                }
                return;
            }
            case TypeIds.EXT_ATOMIC_REFERENCE_ARRAY: {
                AtomicReferenceArray<?> a = (AtomicReferenceArray<?>) v;
                Object[] elements = new Object[a.length()];
                for (int i = 0; i < elements.length; i++) {
                    elements[i] = a.get(i);
                }
                Elements.writeCollection(out, Arrays.asList(elements));
                return;
            }
            case TypeIds.EXT_LONG_ADDER:
                out.writeVarLong(((LongAdder) v).sum());
                return;
            case TypeIds.EXT_DOUBLE_ADDER:
                out.writeDouble(((DoubleAdder) v).sum());
                return;
            case TypeIds.EXT_WEAK_HASH_MAP:
                Elements.writeEntries(out, liveEntries((WeakHashMap<?, ?>) v), v);
                return;
            case TypeIds.EXT_STACK: // a Vector: from one toArray() snapshot, taken holding its monitor, as a Vector's
                Containers.write(out, v, true);
                return;
            default: // the sublists
                Elements.writeCollection(out, (Collection<?>) v);
        }
    }

    /**
     * Reads the content of extended id {@code ext} (5..36, 44..46, 48), after the id.
     *
     * @param at the offset of the extended id, for messages
     */
    static Object read(ReadBuffer in, int ext, long at) {
        ReadSession session = ReadSession.of(in);
        switch (ext) {
            case TypeIds.EXT_SIMPLE_ENTRY:
            case TypeIds.EXT_SIMPLE_IMMUTABLE_ENTRY:
            case TypeIds.EXT_MAP_ENTRY: {
                Object k = session.readObject(in);
                Object v = session.readObject(in);
                if (ext == TypeIds.EXT_SIMPLE_ENTRY) {
                    return new AbstractMap.SimpleEntry<>(k, v);
                }
                if (ext == TypeIds.EXT_SIMPLE_IMMUTABLE_ENTRY) {
                    return new AbstractMap.SimpleImmutableEntry<>(k, v);
                }
                if (k == null || v == null) {
                    throw new BlitException("Map.entry at offset " + at + " has a null " + (k == null ? "key" : "value")
                            + ", which Map.entry refuses");
                }
                return Map.entry(k, v);
            }
            case TypeIds.EXT_SUB_LIST: {
                int n = in.readCount(1);
                List<Object> sub = new ArrayList<>(in.initialCapacity(n)).subList(0, 0);
                return Elements.published(in, n, sub, sub);
            }
            case TypeIds.EXT_SYNCHRONIZED_COLLECTION:
            case TypeIds.EXT_SYNCHRONIZED_LIST: {
                int n = in.readCount(1);
                ArrayList<Object> inner = new ArrayList<>(in.initialCapacity(n));
                return Elements.published(in, n, inner, ext == TypeIds.EXT_SYNCHRONIZED_LIST ? Collections.synchronizedList(inner)
                        : Collections.synchronizedCollection(inner));
            }
            case TypeIds.EXT_SYNCHRONIZED_SET: {
                int n = in.readCount(1);
                LinkedHashSet<Object> inner = new LinkedHashSet<>(Elements.hashCapacity(in.initialCapacity(n)));
                return Elements.published(in, n, inner, Collections.synchronizedSet(inner));
            }
            case TypeIds.EXT_SYNCHRONIZED_SORTED_SET: {
                TreeSet<Object> inner = new TreeSet<>(Elements.readComparator(in));
                return Elements.published(in, in.readCount(1), inner, Collections.synchronizedNavigableSet(inner));
            }
            case TypeIds.EXT_SYNCHRONIZED_MAP: {
                int n = in.readCount(2);
                Map<Object, Object> inner = new LinkedHashMap<>(Elements.hashCapacity(in.initialCapacity(n)));
                return Elements.published(in, n, inner, Collections.synchronizedMap(inner));
            }
            case TypeIds.EXT_SYNCHRONIZED_SORTED_MAP: {
                TreeMap<Object, Object> inner = new TreeMap<>(Elements.readComparator(in));
                return Elements.published(in, in.readCount(2), inner, Collections.synchronizedNavigableMap(inner));
            }
            case TypeIds.EXT_UNMODIFIABLE_SEQUENCED_COLLECTION: { // as 61, 58 and 59
                int n = in.readCount(1);
                ArrayList<Object> inner = new ArrayList<>(in.initialCapacity(n));
                return Elements.published(in, n, inner, SequencedViews.view(0, inner));
            }
            case TypeIds.EXT_UNMODIFIABLE_SEQUENCED_SET: {
                int n = in.readCount(1);
                LinkedHashSet<Object> inner = new LinkedHashSet<>(Elements.hashCapacity(in.initialCapacity(n)));
                return Elements.published(in, n, inner, SequencedViews.view(1, inner));
            }
            case TypeIds.EXT_UNMODIFIABLE_SEQUENCED_MAP: {
                int n = in.readCount(2);
                Map<Object, Object> inner = new LinkedHashMap<>(Elements.hashCapacity(in.initialCapacity(n)));
                return Elements.published(in, n, inner, SequencedViews.view(2, inner));
            }
            case TypeIds.EXT_STACK: {
                int n = in.readCount(1);
                Stack<Object> stack = new Stack<>();
                stack.ensureCapacity(in.initialCapacity(n));
                return Elements.published(in, n, stack, stack);
            }
            case TypeIds.EXT_IDENTITY_HASH_MAP: {
                int n = in.readCount(2);
                IdentityHashMap<Object, Object> map = new IdentityHashMap<>(in.initialCapacity(n));
                return Elements.published(in, n, map, map);
            }
            case TypeIds.EXT_COPY_ON_WRITE_ARRAY_SET:
                return copyOnWriteSet(in, at);
            case TypeIds.EXT_PROPERTIES: {
                Properties p = new Properties();
                return Elements.published(in, in.readCount(2), p, p);
            }
            case TypeIds.EXT_CONCURRENT_LINKED_QUEUE: {
                ConcurrentLinkedQueue<Object> queue = new ConcurrentLinkedQueue<>();
                return Elements.published(in, in.readCount(1), queue, queue);
            }
            case TypeIds.EXT_CONCURRENT_LINKED_DEQUE: {
                ConcurrentLinkedDeque<Object> deque = new ConcurrentLinkedDeque<>();
                return Elements.published(in, in.readCount(1), deque, deque);
            }
            case TypeIds.EXT_CONCURRENT_KEY_SET: {
                int n = in.readCount(1);
                Set<Object> keys = ConcurrentHashMap.newKeySet(in.initialCapacity(n));
                return Elements.published(in, n, keys, keys);
            }
            case TypeIds.EXT_N_COPIES: {
                long countAt = in.offset();
                int n = in.readUnsignedVarInt();
                if (n < 0) {
                    throw new BlitException("nCopies count " + Integer.toUnsignedString(n) + " at offset " + countAt
                            + " is over " + Integer.MAX_VALUE);
                }
                // Nothing is allocated per copy, but the count is a collection's length like any other: bounded alike.
                dev.blit.buffer.ReadLimits limits = in.limits();
                if (limits != null && n > limits.maxLength()) {
                    throw new BlitException("nCopies count " + n + " at offset " + countAt + " exceeds maxLength "
                            + limits.maxLength() + "; raise it with Blit.builder().maxLength(n)");
                }
                long elementAt = in.offset();
                Object e = session.readObject(in);
                if (n == 0 && e != null) {
                    throw new BlitException("nCopies of 0 at offset " + at + " has an element at offset " + elementAt
                            + "; it must be null");
                }
                return Collections.nCopies(n, e);
            }
            case TypeIds.EXT_NATURAL_ORDER:
                return Comparator.naturalOrder();
            case TypeIds.EXT_CASE_INSENSITIVE_ORDER:
                return String.CASE_INSENSITIVE_ORDER;
            case TypeIds.EXT_REVERSED_COMPARATOR:
                return reversed(in, session, at);
            case TypeIds.EXT_ATOMIC_REFERENCE: {
                AtomicReference<Object> ref = new AtomicReference<>();
                in.reference(ref);
                ref.set(session.readObject(in));
                return ref;
            }
            case TypeIds.EXT_LINKED_BLOCKING_QUEUE: {
                int capacity = capacity(in, Integer.MAX_VALUE);
                LinkedBlockingQueue<Object> queue = new LinkedBlockingQueue<>(capacity);
                return Elements.published(in, count(in, capacity), queue, queue);
            }
            case TypeIds.EXT_LINKED_BLOCKING_DEQUE: {
                int capacity = capacity(in, Integer.MAX_VALUE);
                LinkedBlockingDeque<Object> deque = new LinkedBlockingDeque<>(capacity);
                return Elements.published(in, count(in, capacity), deque, deque);
            }
            case TypeIds.EXT_ARRAY_BLOCKING_QUEUE: {
                long capacityAt = in.offset();
                int capacity = capacity(in, Integer.MAX_VALUE - 8);
                // its array is allocated whole, whatever the count: charged as a reference array of that length
                in.charge(16 + 8L * capacity, capacityAt, "an ArrayBlockingQueue of capacity " + capacity);
                ArrayBlockingQueue<Object> queue = new ArrayBlockingQueue<>(capacity);
                return Elements.published(in, count(in, capacity), queue, queue);
            }
            case TypeIds.EXT_PRIORITY_BLOCKING_QUEUE: {
                Comparator<Object> c = Elements.readComparator(in);
                int n = in.readCount(1);
                PriorityBlockingQueue<Object> queue = new PriorityBlockingQueue<>(Math.max(1, in.initialCapacity(n)), c);
                return Elements.published(in, n, queue, queue);
            }
            case TypeIds.EXT_LINKED_TRANSFER_QUEUE: {
                LinkedTransferQueue<Object> queue = new LinkedTransferQueue<>();
                return Elements.published(in, in.readCount(1), queue, queue);
            }
            case TypeIds.EXT_ATOMIC_INTEGER_ARRAY: {
                // from a stream the count is not yet backed by bytes: grow as the values arrive, as collections do
                int n = in.readCount(1);
                int[] values = new int[in.initialCapacity(n)];
                for (int i = 0; i < n; i++) {
                    if (i == values.length) {
                        values = Arrays.copyOf(values, (int) Math.min(n, 2L * i));
                    }
                    values[i] = in.readVarInt();
                }
                return new AtomicIntegerArray(values);
            }
            case TypeIds.EXT_ATOMIC_LONG_ARRAY: {
                int n = in.readCount(1);
                long[] values = new long[in.initialCapacity(n)];
                for (int i = 0; i < n; i++) {
                    if (i == values.length) {
                        values = Arrays.copyOf(values, (int) Math.min(n, 2L * i));
                    }
                    values[i] = in.readVarLong();
                }
                return new AtomicLongArray(values);
            }
            case TypeIds.EXT_ATOMIC_REFERENCE_ARRAY: {
                int n = in.readCount(1);
                if (in.initialCapacity(n) == n) {
                    // Made first (its count checked against the input), so that an element may refer back to it,
                    // as to an Object[]; from a stream, a long one is made once its elements are in, as an Object[] is.
                    AtomicReferenceArray<Object> a = new AtomicReferenceArray<>(n);
                    return Elements.published(in, n, new AbstractCollection<>() {
                        private int size;

                        @Override
                        public boolean add(Object e) {
                            a.set(size++, e);
                            return true;
                        }

                        @Override
                        public Iterator<Object> iterator() {
                            throw new UnsupportedOperationException();
                        }

                        @Override
                        public int size() {
                            return size;
                        }
                    }, a);
                }
                ArrayList<Object> elements = new ArrayList<>(in.initialCapacity(n));
                Elements.readInto(in, n, elements);
                return new AtomicReferenceArray<>(elements.toArray());
            }
            case TypeIds.EXT_LONG_ADDER: {
                LongAdder adder = new LongAdder();
                adder.add(in.readVarLong());
                return adder;
            }
            case TypeIds.EXT_DOUBLE_ADDER: {
                long sumAt = in.offset();
                long bits = in.readLong();
                if (bits == Long.MIN_VALUE) { // adding to 0.0 never gives -0.0, which would read back as 0.0
                    throw new BlitException("a DoubleAdder's sum at offset " + sumAt
                            + " is -0.0, which no DoubleAdder holds: a second encoding of 0.0");
                }
                DoubleAdder adder = new DoubleAdder();
                adder.add(Double.longBitsToDouble(bits));
                return adder;
            }
            case TypeIds.EXT_WEAK_HASH_MAP: {
                int n = in.readCount(2);
                WeakHashMap<Object, Object> map = new WeakHashMap<>(Elements.hashCapacity(in.initialCapacity(n)));
                return Elements.published(in, n, map, map);
            }
            default:
                throw new BlitException("unknown extended built-in id " + ext + " at offset " + at);
        }
    }

    /**
     * A reversed comparator (48): {@code Collections.reverseOrder} of the comparator read. That must be a
     * comparator whose reverse is a reversed comparator again: not null, {@code Comparator.naturalOrder()},
     * {@code Collections.reverseOrder()} or a reversed comparator, whose reverses ({@code reverseOrder()}, the
     * natural order, the comparator reversed) are written as themselves; no writer makes those bytes.
     */
    @SuppressWarnings("unchecked")
    private static Object reversed(ReadBuffer in, ReadSession session, long at) {
        long innerAt = in.offset();
        Object inner = session.readObject(in);
        if (!(inner instanceof Comparator)) {
            if (inner == ReadSession.SKIPPED && session.discarding()) {
                return ReadSession.SKIPPED; // a comparator of a class this reader lacks, in a value it drops
            }
            throw new BlitException("expected a Comparator at offset " + innerAt + " but found "
                    + (inner == null ? "null" : inner.getClass().getTypeName()));
        }
        Comparator<Object> c = Collections.reverseOrder((Comparator<Object>) inner);
        if (c.getClass() != REVERSED) {
            throw new BlitException("reversed comparator at offset " + at + " reverses " + comparatorName(inner)
                    + " at offset " + innerAt + ", whose reverse is written as itself, not as a reversed comparator: a"
                    + " second encoding of it");
        }
        return c;
    }

    /** The comparators a reversed comparator may not reverse, by the names the dump gives them too. */
    private static String comparatorName(Object c) {
        return c == Comparator.naturalOrder() ? "Comparator.naturalOrder()"
                : c == Collections.reverseOrder() ? "Collections.reverseOrder()" : "a reversed comparator";
    }

    /**
     * A bounded blocking queue (26..28): its capacity, then its elements from one snapshot. Its lock is private,
     * so the capacity is {@code size() + remainingCapacity()} read again until the size agrees with the snapshot
     * and with itself (another thread may take or put in between); never less than the snapshot holds.
     */
    private static void writeBounded(WriteBuffer out, BlockingQueue<?> q) {
        Object[] snapshot;
        long capacity;
        int tries = 0;
        while (true) {
            int before = q.size();
            snapshot = q.toArray();
            int remaining = q.remainingCapacity();
            int after = q.size();
            capacity = (long) after + remaining;
            if ((before == after && after == snapshot.length) || ++tries == 16) {
                break;
            }
        }
        out.writeUnsignedVarInt((int) Math.min(Integer.MAX_VALUE, Math.max(capacity, Math.max(1, snapshot.length))));
        Elements.writeCollection(out, Arrays.asList(snapshot));
    }

    /** Reads a bounded queue's capacity: 1 to {@code max}. */
    private static int capacity(ReadBuffer in, int max) {
        long at = in.offset();
        int capacity = in.readUnsignedVarInt();
        if (capacity < 1 || capacity > max) {
            throw new BlitException("queue capacity " + Integer.toUnsignedString(capacity) + " at offset " + at
                    + " is not between 1 and " + max);
        }
        return capacity;
    }

    /** Reads a bounded queue's element count, at most its capacity. */
    private static int count(ReadBuffer in, int capacity) {
        long at = in.offset();
        int n = in.readCount(1);
        if (n > capacity) {
            throw new BlitException("queue of capacity " + capacity + " has " + n + " elements at offset " + at);
        }
        return n;
    }

    /**
     * A {@code WeakHashMap}'s entries whose keys are still alive, held strongly while they are written: the
     * collector may clear a key at any time, which would make the count disagree with the entries. The copy
     * hashes nothing: a key may hold the map itself (a list that holds the map), whose hash code never ends.
     */
    private static List<Map.Entry<?, ?>> liveEntries(WeakHashMap<?, ?> m) {
        // toArray copies each live entry (a key the collector cleared is skipped), its key held strongly
        return Arrays.asList(m.entrySet().toArray(new Map.Entry<?, ?>[0]));
    }

    /**
     * The CopyOnWriteArraySet's elements are read into an ordered hash set (which drops duplicates and charges
     * the hashing of collection elements), then added at once; the JDK's only public way to build one compares
     * every pair of elements, so that work is charged to the read's budget first, as key hashing is: a few
     * bytes declaring a million elements must not buy a trillion comparisons.
     */
    private static CopyOnWriteArraySet<Object> copyOnWriteSet(ReadBuffer in, long at) {
        CopyOnWriteArraySet<Object> set = new CopyOnWriteArraySet<>();
        in.reference(set);
        int n = in.readCount(1);
        long pairs = (long) n * (n - 1) / 2;
        in.charge(pairs > Long.MAX_VALUE / COMPARISON_BYTES ? Long.MAX_VALUE : pairs * COMPARISON_BYTES, at,
                "building a CopyOnWriteArraySet of " + n + " elements (it compares every pair)");
        LinkedHashSet<Object> elements = new LinkedHashSet<>(Elements.hashCapacity(in.initialCapacity(n)));
        Elements.readInto(in, n, elements);
        set.addAll(elements);
        return set;
    }
}
