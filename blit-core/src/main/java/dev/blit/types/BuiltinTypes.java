package dev.blit.types;

import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.Registration;
import dev.blit.internal.RegistryBuilder;


/**
 * Installs the JDK types every Blit instance knows without registration, under the ids of
 * {@link TypeIds}. The content encodings are in FORMAT.md.
 */
public final class BuiltinTypes {
    private BuiltinTypes() {
    }

    /**
     * The base of the built-in codecs: one class per group of types, whose methods switch on the wire id,
     * rather than a pair of lambdas per type. Two reasons: a call through a registration (an element of a
     * {@code List<String>}, a value in an {@code Object} field) then costs one megamorphic dispatch instead of
     * two (the serializer, then the lambda inside it; a profile of MediaContent showed those itable stubs),
     * and start-up links no lambda call sites for these types (part of what {@code GenerationBenchmark}'s cold
     * build measures).
     */
    abstract static class ById implements Serializer<Object> {
        /** The wire id the codec reads and writes. */
        final int id;
        private final boolean tracked;

        ById(int id, boolean tracked) {
            this.id = id;
            this.tracked = tracked;
        }

        @Override
        public final boolean tracksReferences() {
            return tracked;
        }
    }

    /** Booleans, the boxes, {@code String} and the primitive arrays; arrays are mutable, so their identity is kept. */
    static final class Scalar extends ById {
        /** For int[] and long[]: write the compact form (FORMAT.md, "Primitive arrays"). Both forms are read. */
        private final boolean compact;

        Scalar(int id) {
            this(id, false);
        }

        Scalar(int id, boolean compact) {
            super(id, id >= TypeIds.BOOLEAN_ARRAY);
            this.compact = compact;
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            switch (id) {
                case TypeIds.TRUE:
                case TypeIds.FALSE:
                    return; // the tag is the value
                case TypeIds.BYTE: out.writeByte((Byte) v); return;
                case TypeIds.SHORT: out.writeShort((Short) v); return;
                case TypeIds.CHAR: out.writeChar((Character) v); return;
                case TypeIds.INT: out.writeVarInt((Integer) v); return;
                case TypeIds.LONG: out.writeVarLong((Long) v); return;
                case TypeIds.FLOAT: out.writeFloat((Float) v); return;
                case TypeIds.DOUBLE: out.writeDouble((Double) v); return;
                case TypeIds.STRING: out.writeString((String) v); return;
                case TypeIds.BOOLEAN_ARRAY: out.writeBooleanArray((boolean[]) v); return;
                case TypeIds.BYTE_ARRAY: out.writeByteArray((byte[]) v); return;
                case TypeIds.SHORT_ARRAY: out.writeShortArray((short[]) v); return;
                case TypeIds.CHAR_ARRAY: out.writeCharArray((char[]) v); return;
                case TypeIds.INT_ARRAY:
                    if (compact) {
                        out.writeCompactIntArray((int[]) v);
                    } else {
                        out.writeIntArray((int[]) v);
                    }
                    return;
                case TypeIds.LONG_ARRAY:
                    if (compact) {
                        out.writeCompactLongArray((long[]) v);
                    } else {
                        out.writeLongArray((long[]) v);
                    }
                    return;
                case TypeIds.FLOAT_ARRAY: out.writeFloatArray((float[]) v); return;
                case TypeIds.DOUBLE_ARRAY: out.writeDoubleArray((double[]) v); return;
                default: throw new IllegalStateException("no built-in scalar has id " + id);
            }
        }

        @Override
        public Object read(ReadBuffer in) {
            switch (id) {
                case TypeIds.TRUE: return Boolean.TRUE;
                case TypeIds.FALSE: return Boolean.FALSE;
                case TypeIds.BYTE: return in.readByte();
                case TypeIds.SHORT: return in.readShort();
                case TypeIds.CHAR: return in.readChar();
                case TypeIds.INT: return in.readVarInt();
                case TypeIds.LONG: return in.readVarLong();
                case TypeIds.FLOAT: return in.readFloat();
                case TypeIds.DOUBLE: return in.readDouble();
                case TypeIds.STRING: return LeafContent.readString(in);
                case TypeIds.BOOLEAN_ARRAY: return LeafContent.array(in.readBooleanArray(), in);
                case TypeIds.BYTE_ARRAY: return LeafContent.array(in.readByteArray(), in);
                case TypeIds.SHORT_ARRAY: return LeafContent.array(in.readShortArray(), in);
                case TypeIds.CHAR_ARRAY: return LeafContent.array(in.readCharArray(), in);
                case TypeIds.INT_ARRAY: return in.readCompactIntArray(); // either form, never null
                case TypeIds.LONG_ARRAY: return in.readCompactLongArray();
                case TypeIds.FLOAT_ARRAY: return LeafContent.array(in.readFloatArray(), in);
                case TypeIds.DOUBLE_ARRAY: return LeafContent.array(in.readDoubleArray(), in);
                default: throw new IllegalStateException("no built-in scalar has id " + id);
            }
        }
    }

    /**
     * Registers every built-in type.
     *
     * @param rb the registry under construction
     */
    public static void install(RegistryBuilder rb) {
        Registration bool = rb.add(TypeIds.TRUE, Boolean.class, new Scalar(TypeIds.TRUE));
        rb.addReadOnly(TypeIds.FALSE, Boolean.class, new Scalar(TypeIds.FALSE));
        assert bool.id == TypeIds.TRUE;
        rb.add(TypeIds.BYTE, Byte.class, new Scalar(TypeIds.BYTE));
        rb.add(TypeIds.SHORT, Short.class, new Scalar(TypeIds.SHORT));
        rb.add(TypeIds.CHAR, Character.class, new Scalar(TypeIds.CHAR));
        rb.add(TypeIds.INT, Integer.class, new Scalar(TypeIds.INT));
        rb.add(TypeIds.LONG, Long.class, new Scalar(TypeIds.LONG));
        rb.add(TypeIds.FLOAT, Float.class, new Scalar(TypeIds.FLOAT));
        rb.add(TypeIds.DOUBLE, Double.class, new Scalar(TypeIds.DOUBLE));
        rb.add(TypeIds.STRING, String.class, new Scalar(TypeIds.STRING));

        rb.add(TypeIds.BOOLEAN_ARRAY, boolean[].class, new Scalar(TypeIds.BOOLEAN_ARRAY));
        rb.add(TypeIds.BYTE_ARRAY, byte[].class, new Scalar(TypeIds.BYTE_ARRAY));
        rb.add(TypeIds.SHORT_ARRAY, short[].class, new Scalar(TypeIds.SHORT_ARRAY));
        rb.add(TypeIds.CHAR_ARRAY, char[].class, new Scalar(TypeIds.CHAR_ARRAY));
        rb.add(TypeIds.INT_ARRAY, int[].class, new Scalar(TypeIds.INT_ARRAY, rb.compactArrays()));
        rb.add(TypeIds.LONG_ARRAY, long[].class, new Scalar(TypeIds.LONG_ARRAY, rb.compactArrays()));
        rb.add(TypeIds.FLOAT_ARRAY, float[].class, new Scalar(TypeIds.FLOAT_ARRAY));
        rb.add(TypeIds.DOUBLE_ARRAY, double[].class, new Scalar(TypeIds.DOUBLE_ARRAY));
        rb.add(TypeIds.OBJECT_ARRAY, Object[].class, new ObjectArraySerializer(false));
        rb.addReadOnly(TypeIds.TYPED_ARRAY, Object[].class, new ObjectArraySerializer(true));
        ValueTypes.install(rb);
        TimeTypes.install(rb);
        CollectionTypes.install(rb);
        MapTypes.install(rb);
        UnmodifiableTypes.install(rb);
        UtilTypes.install(rb);
        CalendarTypes.install(rb);
        ExtendedTypes.install(rb);
    }

    /**
     * @param type a class no registration names
     * @return whether it is the JVM's class of a serializable lambda or method reference, which Blit writes
     *         under {@link TypeIds#EXTENDED} (see {@code ExtendedTypes})
     */
    public static boolean isSerializableLambda(Class<?> type) {
        return ExtendedTypes.isSerializableLambda(type);
    }

    /**
     * @param type a class written under {@link TypeIds#EXTENDED}
     * @return its extended id as an array's component type (a {@code Path[]}, {@code File[]}, ...), or -1 for
     *         a lambda's class, which no array is declared with
     */
    public static int extendedIdOf(Class<?> type) {
        return ExtendedTypes.idOf(type);
    }

    /**
     * @param ext an extended id read as an array's component type
     * @return its class, or null if it names none
     */
    public static Class<?> extendedClass(int ext) {
        return ExtendedTypes.classOf(ext);
    }

    /**
     * {@code TimeZone.getTimeZone(id)} as the built-in {@code TimeZone} reads it: a three-letter ID is asked of the
     * JDK once per JVM, since Java 25 prints a deprecation warning at each such call (for tools that describe bytes).
     *
     * @param id a zone ID
     * @return a zone of the caller's own
     */
    public static java.util.TimeZone timeZone(String id) {
        return CalendarTypes.zone(id);
    }

    /**
     * A built-in the registry does not hold because its classes are loaded only when first needed: ids 95..97
     * ({@code java.sql}, see {@code SqlTypes} for why). Called only for an id the registry does not know.
     *
     * @param id a wire id
     * @return its registration, or null if it is not such a built-in (or the java.sql module is absent)
     */
    public static Registration lazy(int id) {
        return id >= TypeIds.SQL_DATE && id <= TypeIds.SQL_TIMESTAMP ? SqlTypes.forId(id) : null;
    }

    /**
     * @param type a class of the JDK's the registry does not know
     * @return the registration of a built-in loaded when first needed, or null
     */
    public static Registration lazy(Class<?> type) {
        return SqlTypes.forClass(type);
    }

    /**
     * @param type a class of the JDK's the registry does not know
     * @return whether it is written as one of the extended ids 5..36 (FORMAT.md), under the extended registration
     */
    public static boolean isExtendedCollection(Class<?> type) {
        return ExtendedCollections.covers(type);
    }

    /**
     * The public class a JDK-private collection or map is written as, when nothing else covers it (FORMAT.md,
     * "Built-in JDK types"): views such as a map's {@code keySet()}, {@code values()} and {@code entrySet()} or a
     * {@code TreeMap}'s {@code headMap}, checked wrappers, {@code Collections.newSetFromMap}. No user can
     * register such a class, and Blit cannot reach its fields; what the value holds is what its interfaces show,
     * so it is written, and read back, as the mutable class with the same interface and iteration order: a
     * sorted map as a {@code TreeMap} (a {@code ConcurrentNavigableMap}, a {@code ConcurrentSkipListMap}'s view, as a
     * {@code ConcurrentSkipListMap}), another map as a {@code LinkedHashMap}, a sorted set as a {@code TreeSet},
     * another set as a {@code LinkedHashSet}, a queue as a {@code LinkedList}, any other collection as an
     * {@code ArrayList}. What it viewed or checked is not kept.
     *
     * @param type a class of the JDK's
     * @return that public class, or null if {@code type} is public or not a collection or map
     */
    public static Class<?> byShape(Class<?> type) {
        return shapeOf(type);
    }

    /**
     * The registration a JDK-private class is written under by its shape ({@link #byShape}): {@code shape} itself,
     * or for the JDK's views and wrappers that may view an {@code IdentityHashMap} and are read back as a
     * {@code LinkedHashSet} or {@code LinkedHashMap}, one that refuses two keys equal but distinct (see
     * {@code DistinctKeys}).
     *
     * @param type  a class {@link #byShape} gave a class for
     * @param shape the registration of that class
     * @return the registration to write {@code type} under
     */
    public static Registration shaped(Class<?> type, Registration shape) {
        return DistinctKeys.shaped(type, shape);
    }

    private static Class<?> shapeOf(Class<?> type) {
        if (type.getClassLoader() != null || java.lang.reflect.Modifier.isPublic(type.getModifiers())) {
            return null;
        }
        if (java.util.Map.class.isAssignableFrom(type)) {
            // a ConcurrentSkipListMap's views (headMap, descendingMap) are ConcurrentNavigableMaps, which a TreeMap is not
            return java.util.concurrent.ConcurrentNavigableMap.class.isAssignableFrom(type)
                    ? java.util.concurrent.ConcurrentSkipListMap.class
                    : java.util.SortedMap.class.isAssignableFrom(type) ? java.util.TreeMap.class : java.util.LinkedHashMap.class;
        }
        if (!java.util.Collection.class.isAssignableFrom(type)) {
            return null;
        }
        return java.util.SortedSet.class.isAssignableFrom(type) ? java.util.TreeSet.class
                : java.util.Set.class.isAssignableFrom(type) ? java.util.LinkedHashSet.class
                : java.util.Queue.class.isAssignableFrom(type) ? java.util.LinkedList.class : java.util.ArrayList.class;
    }
}
