package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.Registration;
import dev.blit.internal.RegistryBuilder;
import dev.blit.internal.WriteSession;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The JDK's mutable maps: {@code uvar count} then key and value of each entry as tagged values (a
 * {@code TreeMap} puts its comparator first; an {@code EnumMap} writes its key enum once and keys as
 * ordinals). Each comes back as the same class, published before its entries are read.
 */
final class MapTypes {
    private MapTypes() {
    }

    static void install(RegistryBuilder rb) {
        rb.add(TypeIds.HASH_MAP, HashMap.class, new MutableMap(TypeIds.HASH_MAP));
        rb.add(TypeIds.LINKED_HASH_MAP, LinkedHashMap.class, new MutableMap(TypeIds.LINKED_HASH_MAP));
        rb.add(TypeIds.TREE_MAP, TreeMap.class, new TreeMapSerializer());
        rb.add(TypeIds.CONCURRENT_HASH_MAP, ConcurrentHashMap.class, new ConcurrentMapSerializer(TypeIds.CONCURRENT_HASH_MAP));
        rb.add(TypeIds.CONCURRENT_SKIP_LIST_MAP, ConcurrentSkipListMap.class,
                new ConcurrentMapSerializer(TypeIds.CONCURRENT_SKIP_LIST_MAP));
        rb.add(TypeIds.HASHTABLE, Hashtable.class, new MutableMap(TypeIds.HASHTABLE));
        rb.add(TypeIds.ENUM_MAP, EnumMap.class, new EnumMapSerializer(rb));
    }

    /** A map built empty, published, then filled; a class of its own for the reasons of {@code MutableCollection}. */
    private static final class MutableMap implements Serializer<Map<Object, Object>> {
        private final int id;

        MutableMap(int id) {
            this.id = id;
        }

        @Override
        public void write(WriteBuffer out, Map<Object, Object> value) {
            if (id == TypeIds.HASHTABLE) {
                // Its methods are synchronized: one snapshot of its entries by its forEach, which holds its monitor,
                // so that other threads may change it meanwhile, as for a class of the user's built on it
                Containers.write(out, value, true);
            } else {
                Elements.writeMap(out, value);
            }
        }

        @Override
        public Map<Object, Object> read(ReadBuffer in) {
            int n = in.readCount(2);
            int capacity = Elements.hashCapacity(in.initialCapacity(n));
            Map<Object, Object> m = id == TypeIds.LINKED_HASH_MAP ? new LinkedHashMap<>(capacity)
                    : id == TypeIds.HASHTABLE ? new Hashtable<>(capacity) : new HashMap<>(capacity);
            in.reference(m);
            Elements.readInto(in, n, m);
            return m;
        }
    }

    /** {@code bool} has-comparator [tagged comparator], {@code uvar count}, entries in key order. */
    private static final class TreeMapSerializer implements Serializer<SortedMap<Object, Object>> {
        /** Also the JDK's private sorted maps (a {@code TreeMap}'s submaps and views): see {@link BuiltinTypes#byShape}. */
        @Override
        public void write(WriteBuffer out, SortedMap<Object, Object> value) {
            Elements.writeComparator(out, value.comparator(), value);
            Elements.writeMap(out, value);
        }

        @Override
        public TreeMap<Object, Object> read(ReadBuffer in) {
            Comparator<Object> c = Elements.readComparator(in);
            TreeMap<Object, Object> map = new TreeMap<>(c);
            in.reference(map);
            Elements.readInto(in, in.readCount(2), map);
            return map;
        }
    }

    /**
     * A {@code ConcurrentHashMap} (same bytes as a HashMap) or a {@code ConcurrentSkipListMap} (same bytes as a
     * TreeMap). Written from a snapshot of the entries, so that other threads updating the map meanwhile cannot
     * make the count disagree with the entries that follow it.
     */
    private static final class ConcurrentMapSerializer implements Serializer<Map<Object, Object>> {
        private final int id;

        ConcurrentMapSerializer(int id) {
            this.id = id;
        }

        @Override
        public void write(WriteBuffer out, Map<Object, Object> value) {
            if (id == TypeIds.CONCURRENT_SKIP_LIST_MAP) {
                // also a ConcurrentSkipListMap's views (BuiltinTypes.byShape), which are no ConcurrentSkipListMap
                Elements.writeComparator(out, ((SortedMap<Object, Object>) value).comparator(), value);
            }
            // A skip list counts its entries by walking them: size() would be a second pass.
            List<Map.Entry<Object, Object>> snapshot =
                    new ArrayList<>(id == TypeIds.CONCURRENT_HASH_MAP ? value.size() + 16 : 16);
            value.forEach((k, v) -> snapshot.add(Map.entry(k, v)));
            out.writeUnsignedVarInt(snapshot.size());
            WriteSession.of(out).writeEntries(out, snapshot, snapshot.size(), value);
        }

        @Override
        public Map<Object, Object> read(ReadBuffer in) {
            Map<Object, Object> map;
            int n;
            if (id == TypeIds.CONCURRENT_SKIP_LIST_MAP) {
                map = new ConcurrentSkipListMap<>(Elements.readComparator(in));
                n = in.readCount(2);
            } else {
                n = in.readCount(2);
                map = new ConcurrentHashMap<>(in.initialCapacity(n)); // sizes for n itself
            }
            in.reference(map);
            Elements.readInto(in, n, map);
            return map;
        }
    }

    /**
     * The key enum's type descriptor, {@code uvar count}, then per entry {@code uvar ordinal} (strictly
     * increasing, as an EnumMap iterates) and the value as a tagged value.
     */
    private static final class EnumMapSerializer implements Serializer<EnumMap<?, ?>> {
        /** The registry under construction; by the time anything is written it holds the user's enums. */
        private final RegistryBuilder rb;
        private volatile List<Class<?>> enums;

        EnumMapSerializer(RegistryBuilder rb) {
            this.rb = rb;
        }

        @Override
        public void write(WriteBuffer out, EnumMap<?, ?> value) {
            WriteSession session = WriteSession.of(out);
            CollectionTypes.writeEnumType(session, out, keyType(value), "EnumMap");
            int size = value.size();
            out.writeUnsignedVarInt(size);
            // Counted: an EnumMap's iterator never fails fast, so an entry a value's write adds would be written
            // past the count (and one it removes left out), bytes that read back as something else.
            int seen = 0;
            for (Map.Entry<? extends Enum<?>, ?> e : value.entrySet()) {
                if (seen++ == size) {
                    throw WriteSession.changed(value, out);
                }
                out.writeUnsignedVarInt(e.getKey().ordinal());
                session.writeObject(out, e.getValue());
            }
            if (seen != size) {
                throw WriteSession.changed(value, out);
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        @Override
        public EnumMap<?, ?> read(ReadBuffer in) {
            Class<?> type = CollectionTypes.readEnumType(in, "EnumMap key");
            // null: a key enum this reader lacks, in a field it drops; the entries are read past, checked alike
            Object[] constants = type == null ? null : type.getEnumConstants();
            EnumMap map = type == null ? null : new EnumMap((Class) type);
            in.reference(type == null ? ReadSession.SKIPPED : map);
            long at = in.offset();
            int n = in.readCount(2);
            long count = constants == null ? 1L << 32 : constants.length;
            if (n > count) {
                throw new BlitException("EnumMap of " + n + " entries at offset " + at + " but " + type.getName()
                        + " has only " + count + " constants");
            }
            ReadSession session = ReadSession.of(in);
            long previous = -1;
            for (int i = 0; i < n; i++) {
                long keyAt = in.offset();
                long ordinal = Integer.toUnsignedLong(in.readUnsignedVarInt());
                if (ordinal <= previous || ordinal >= count) {
                    throw new BlitException("EnumMap key ordinal " + ordinal + " at offset " + keyAt + " is "
                            + (ordinal >= count ? "not a constant of " + type.getName() : "not above the previous key's"));
                }
                previous = ordinal;
                Object value = session.readObject(in);
                if (map != null) {
                    map.put(constants[(int) ordinal], value);
                }
            }
            return map;
        }

        /**
         * The key enum of a map. EnumMap has no getter for it, so an empty map is probed with the first
         * constant of each registered or built-in enum: {@code put} on a copy accepts only its own key type. An
         * enum of another kind (one written by name, one of the JDK's that is not built in, one without
         * constants) is found as Java serialization finds it ({@link #enumTypeAsSerialized}).
         */
        @SuppressWarnings({"unchecked", "rawtypes"})
        private Class<?> keyType(EnumMap<?, ?> map) {
            if (!map.isEmpty()) {
                return map.keySet().iterator().next().getDeclaringClass();
            }
            EnumMap copy = map.clone();
            for (Class<?> e : registeredEnums()) {
                try {
                    copy.put((Enum) e.getEnumConstants()[0], null);
                    return e;
                } catch (ClassCastException wrongType) {
                    // not this enum
                }
            }
            return enumTypeAsSerialized(map, "EnumMap");
        }

        private List<Class<?>> registeredEnums() {
            List<Class<?>> list = enums;
            if (list == null) {
                list = new ArrayList<>();
                for (Registration r : rb.all()) {
                    if (r.type.isEnum() && r.type.getEnumConstants().length > 0) {
                        list.add(r.type);
                    }
                }
                list.addAll(ExtendedTypes.jdkEnums()); // built in under id 99, not as registrations of their own
                enums = list;
            }
            return list;
        }
    }

    /**
     * An empty {@code EnumMap}'s key type or an {@code EnumSet}'s element type as Java serialization writes it
     * ({@code EnumMap.writeObject} and {@code EnumSet}'s serialization proxy write it, a {@code Class}), since it
     * is a private field: {@code ObjectOutputStream} hands every class it describes to {@code annotateClass},
     * that type first among enums (no {@code --add-opens}: the field stays private). A few microseconds, to a
     * stream that discards the bytes, so only where the elements cannot tell.
     *
     * @param what "EnumMap" or "EnumSet", for the message
     */
    static Class<?> enumTypeAsSerialized(Object value, String what) {
        Class<?>[] found = new Class<?>[1];
        try (java.io.ObjectOutputStream s = new java.io.ObjectOutputStream(java.io.OutputStream.nullOutputStream()) {
            @Override
            protected void annotateClass(Class<?> c) {
                if (found[0] == null && c.isEnum()) {
                    found[0] = c;
                }
            }
        }) {
            s.writeObject(value);
        } catch (java.io.IOException | RuntimeException e) {
            throw new BlitException("cannot write an empty " + what + ": its enum type could not be found (" + e + ")", e);
        }
        if (found[0] == null) {
            throw new BlitException("cannot write an empty " + what + ": Java serialization did not name its enum type");
        }
        return found[0];
    }
}
