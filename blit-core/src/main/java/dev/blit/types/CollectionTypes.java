package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.Registration;
import dev.blit.internal.Registry;
import dev.blit.internal.RegistryBuilder;
import dev.blit.internal.WriteSession;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.PriorityQueue;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.Vector;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The JDK's mutable collections: {@code uvar count} then tagged elements (sorted sets put their comparator
 * first; {@code EnumSet} is a bit set). Each comes back as the same class, and is published with
 * {@link ReadBuffer#reference} before its elements are read, so a collection that contains itself
 * round-trips with {@code references(true)}.
 */
final class CollectionTypes {
    private CollectionTypes() {
    }

    static void install(RegistryBuilder rb) {
        rb.add(TypeIds.ARRAY_LIST, ArrayList.class, new MutableCollection(TypeIds.ARRAY_LIST));
        rb.add(TypeIds.LINKED_LIST, LinkedList.class, new MutableCollection(TypeIds.LINKED_LIST));
        rb.add(TypeIds.ARRAY_DEQUE, ArrayDeque.class, new MutableCollection(TypeIds.ARRAY_DEQUE));
        rb.add(TypeIds.TREE_SET, TreeSet.class, new SortedCollection(TypeIds.TREE_SET));
        rb.add(TypeIds.VECTOR, Vector.class, new MutableCollection(TypeIds.VECTOR));
        rb.add(TypeIds.COPY_ON_WRITE_ARRAY_LIST, CopyOnWriteArrayList.class, new CopyOnWriteList());
        rb.add(TypeIds.PRIORITY_QUEUE, PriorityQueue.class, new SortedCollection(TypeIds.PRIORITY_QUEUE));
        rb.add(TypeIds.CONCURRENT_SKIP_LIST_SET, ConcurrentSkipListSet.class,
                new SortedCollection(TypeIds.CONCURRENT_SKIP_LIST_SET));
        rb.add(TypeIds.HASH_SET, HashSet.class, new MutableCollection(TypeIds.HASH_SET));
        rb.add(TypeIds.LINKED_HASH_SET, LinkedHashSet.class, new MutableCollection(TypeIds.LINKED_HASH_SET));
        // RegularEnumSet (up to 64 constants) and JumboEnumSet: Character.UnicodeScript has well over 64.
        Class<?> regular = enumSetClass("java.util.RegularEnumSet", Thread.State.class);
        Class<?> jumbo = enumSetClass("java.util.JumboEnumSet", Character.UnicodeScript.class);
        rb.alias(jumbo, rb.add(TypeIds.ENUM_SET, regular, new EnumSetSerializer()));
        rb.add(TypeIds.REVERSE_ORDER, Collections.reverseOrder().getClass(), new ReverseOrder());
    }

    /**
     * A collection built empty (sized for its count), published, then filled. A class of its own that switches
     * on the wire id, rather than a pair of lambdas or a factory lambda: writing calls
     * {@link Elements#writeCollection} directly, reading makes the collection with a plain {@code new}, so a
     * value read through a registration costs one megamorphic dispatch, not two, and start-up links no lambda.
     */
    private static final class MutableCollection implements Serializer<Collection<Object>> {
        private final int id;

        MutableCollection(int id) {
            this.id = id;
        }

        @Override
        public void write(WriteBuffer out, Collection<Object> value) {
            if (id == TypeIds.VECTOR) {
                // Its methods are synchronized: one toArray() snapshot, taken holding its monitor, so that other
                // threads may change it meanwhile, as for a class of the user's built on it (Containers.shared)
                Containers.write(out, value, true);
            } else {
                Elements.writeCollection(out, value);
            }
        }

        @Override
        public Collection<Object> read(ReadBuffer in) {
            int n = in.readCount(1);
            int capacity = in.initialCapacity(n);
            Collection<Object> c;
            switch (id) {
                case TypeIds.ARRAY_LIST:
                    c = new ArrayList<>(capacity);
                    break;
                case TypeIds.LINKED_LIST:
                    c = new LinkedList<>();
                    break;
                case TypeIds.ARRAY_DEQUE:
                    c = new ArrayDeque<>(capacity);
                    break;
                case TypeIds.HASH_SET:
                    c = new HashSet<>(Elements.hashCapacity(capacity));
                    break;
                case TypeIds.LINKED_HASH_SET:
                    c = new LinkedHashSet<>(Elements.hashCapacity(capacity));
                    break;
                case TypeIds.VECTOR:
                    c = new Vector<>(capacity);
                    break;
                default:
                    throw new IllegalStateException("no built-in mutable collection has id " + id);
            }
            in.reference(c);
            Elements.readInto(in, n, c);
            return c;
        }
    }

    /** {@code Collections.reverseOrder()}: a constant, no content. */
    private static final class ReverseOrder implements Serializer<Object> {
        @Override
        public void write(WriteBuffer out, Object value) {
        }

        @Override
        public Object read(ReadBuffer in) {
            return Collections.reverseOrder();
        }

        @Override
        public boolean tracksReferences() {
            return false;
        }
    }

    /**
     * {@code bool} has-comparator [tagged comparator], {@code uvar count}, tagged elements in iteration order:
     * a {@code TreeSet} or {@code ConcurrentSkipListSet} (sorted), a {@code PriorityQueue} (heap order; read back
     * by adding each, which rebuilds the same heap: no element added in heap order is less than its parent). The concurrent set
     * is written from a snapshot, so that other threads cannot make the count disagree with the elements.
     */
    private static final class SortedCollection implements Serializer<Collection<Object>> {
        private final int id;

        SortedCollection(int id) {
            this.id = id;
        }

        @Override
        public void write(WriteBuffer out, Collection<Object> value) {
            Elements.writeComparator(out, value instanceof SortedSet ? ((SortedSet<Object>) value).comparator()
                    : ((PriorityQueue<Object>) value).comparator(), value);
            Elements.writeCollection(out, id == TypeIds.CONCURRENT_SKIP_LIST_SET ? Arrays.asList(value.toArray()) : value);
        }

        @Override
        public Collection<Object> read(ReadBuffer in) {
            Comparator<Object> c = Elements.readComparator(in);
            int n = in.readCount(1);
            Collection<Object> result;
            switch (id) {
                case TypeIds.TREE_SET:
                    result = new TreeSet<>(c);
                    break;
                case TypeIds.CONCURRENT_SKIP_LIST_SET:
                    result = new ConcurrentSkipListSet<>(c);
                    break;
                default:
                    result = new PriorityQueue<>(Math.max(1, in.initialCapacity(n)), c);
            }
            in.reference(result);
            Elements.readInto(in, n, result);
            return result;
        }
    }

    /**
     * As an ArrayList, written from the list's snapshot. Read into an ArrayList first and then added in one
     * step: a copy-on-write list copies its whole array on every {@code add}, so filling it element by
     * element would take time quadratic in the count.
     */
    private static final class CopyOnWriteList implements Serializer<CopyOnWriteArrayList<Object>> {
        @Override
        public void write(WriteBuffer out, CopyOnWriteArrayList<Object> value) {
            Elements.writeCollection(out, Arrays.asList(value.toArray()));
        }

        @Override
        public CopyOnWriteArrayList<Object> read(ReadBuffer in) {
            CopyOnWriteArrayList<Object> list = new CopyOnWriteArrayList<>();
            in.reference(list);
            int n = in.readCount(1);
            ArrayList<Object> elements = new ArrayList<>(in.initialCapacity(n));
            Elements.readInto(in, n, elements);
            list.addAll(elements);
            return list;
        }
    }

    /**
     * The JDK's {@code EnumSet} class for enums like {@code sample}. By name first: asking {@code noneOf} makes
     * the JDK read the enum's constants through reflection, and initializing {@code Character.UnicodeScript}
     * builds its tables, all in a fresh JVM's first Blit. The JDK's own answer is the fallback
     * should a release rename its classes.
     */
    private static Class<?> enumSetClass(String name, Class<? extends Enum<?>> sample) {
        try {
            Class<?> c = Class.forName(name, false, null);
            if (EnumSet.class.isAssignableFrom(c)) {
                return c;
            }
        } catch (ClassNotFoundException | LinkageError e) {
            // renamed: ask the JDK below
        }
        @SuppressWarnings({"unchecked", "rawtypes"})
        Class<?> c = EnumSet.noneOf((Class) sample).getClass();
        return c;
    }

    /**
     * The element enum's type descriptor, then the set as a bit set: {@code uvar n} and {@code n} bytes,
     * bit {@code o & 7} of byte {@code o >> 3} set for ordinal {@code o}. {@code n} is as small as it can
     * be (the last byte is non-zero), so each set has exactly one encoding.
     */
    private static final class EnumSetSerializer implements Serializer<EnumSet<?>> {
        @Override
        public void write(WriteBuffer out, EnumSet<?> value) {
            writeEnumType(WriteSession.of(out), out, elementType(value), "EnumSet");
            int highest = -1;
            for (Enum<?> e : value) {
                highest = e.ordinal(); // iteration is in ordinal order
            }
            byte[] bits = new byte[(highest >> 3) + 1];
            for (Enum<?> e : value) {
                bits[e.ordinal() >> 3] |= (byte) (1 << (e.ordinal() & 7));
            }
            out.writeUnsignedVarInt(bits.length);
            out.writeBytes(bits, 0, bits.length);
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        @Override
        public EnumSet<?> read(ReadBuffer in) {
            Class<?> type = readEnumType(in, "EnumSet");
            if (type == null) { // an enum this reader lacks, in a field it drops: the bits are read past, checked alike
                in.reference(ReadSession.SKIPPED);
                int n = in.readCount(1);
                for (int i = 0; i < n; i++) {
                    bitSetByte(in, i == n - 1);
                }
                return null;
            }
            Object[] constants = type.getEnumConstants();
            EnumSet set = EnumSet.noneOf((Class) type);
            in.reference(set);
            long at = in.offset();
            int n = in.readCount(1);
            if (n > (constants.length + 7) >>> 3) {
                throw new BlitException("EnumSet bit set of " + n + " bytes at offset " + at + " is longer than "
                        + type.getName() + " with " + constants.length + " constants needs");
            }
            for (int i = 0; i < n; i++) {
                int b = bitSetByte(in, i == n - 1);
                for (int bit = 0; b != 0; bit++, b >>>= 1) {
                    if ((b & 1) != 0) {
                        int ordinal = (i << 3) + bit;
                        if (ordinal >= constants.length) {
                            throw new BlitException("EnumSet bit " + ordinal + " at offset " + (in.offset() - 1)
                                    + " is not a constant of " + type.getName());
                        }
                        set.add(constants[ordinal]);
                    }
                }
            }
            return set;
        }
    }

    /** One byte of an EnumSet's bit set; the last one is not zero (the shortest encoding). */
    private static int bitSetByte(ReadBuffer in, boolean last) {
        int b = in.readByte() & 0xFF;
        if (b == 0 && last) {
            throw in.malformed("EnumSet bit set ends with a zero byte (not the shortest encoding)");
        }
        return b;
    }

    /** The enum of a set; only an empty set of an enum without constants has none that can be found. */
    private static Class<?> elementType(EnumSet<?> set) {
        EnumSet<?> probe = set.isEmpty() ? EnumSet.complementOf(set) : set;
        if (probe.isEmpty()) { // an enum with no constants: its class only as Java serialization finds it
            return MapTypes.enumTypeAsSerialized(set, "EnumSet");
        }
        return probe.iterator().next().getDeclaringClass();
    }

    /**
     * Writes the element type of an {@code EnumSet} or the key type of an {@code EnumMap}: the session's
     * {@code writeType}, for an enum that has an id of its own, not one it shares under {@code registerHierarchy},
     * which names no enum a reader could make the set or map of; nor for an enum registered with a serializer of the
     * user's: the set's or map's form holds its constants' ordinals (FORMAT.md, ids 46 and 47), not what that
     * serializer writes, so a reordering of the constants, which the user's serializer may be there to survive,
     * would silently read back other constants.
     *
     * @param what "EnumSet" or "EnumMap", for the message
     */
    static void writeEnumType(WriteSession session, WriteBuffer out, Class<?> type, String what) {
        Registration r = session.registry().forClass(type);
        if (r.id >= TypeIds.FIRST_USER_ID) { // (the JDK's enums built in share extended id 99)
            if (r.type != type) {
                throw new BlitException("cannot write an " + what + " of " + type.getName() + ": its constants are written"
                        + " under id " + r.id + ", registerHierarchy(" + r.type.getName() + ")'s, which names no enum a reader"
                        + " could make the " + what + " of; register " + Registry.sourceName(type) + " itself");
            }
            if (!dev.blit.gen.ClassSerializers.writesOrdinals(r.serializer)) {
                throw new BlitException("cannot write an " + what + " of " + type.getName() + ": the enum is registered"
                        + " with a Serializer of yours (id " + r.id + "), and an " + what + " holds its constants' ordinals"
                        + " (FORMAT.md), which would not go through it (reordered constants would read back as others);"
                        + " write a " + (what.equals("EnumSet") ? "HashSet" : "HashMap") + " of them instead, whose "
                        + (what.equals("EnumSet") ? "elements" : "keys") + " your serializer writes");
            }
        }
        session.writeType(out, type);
    }

    /**
     * A type descriptor that must name a registered enum; null for one this reader lacks, in a field it drops
     * (compatible mode), whose value the caller reads past.
     */
    static Class<?> readEnumType(ReadBuffer in, String what) {
        long at = in.offset();
        ReadSession session = ReadSession.of(in);
        Class<?> type = session.readType(in);
        if (session.readsPast(type)) {
            return null;
        }
        if (!type.isEnum()) {
            throw new BlitException(what + " type at offset " + at + " is " + type.getTypeName() + ", not an enum");
        }
        return type;
    }
}
