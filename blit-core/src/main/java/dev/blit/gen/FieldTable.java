package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The field table of compatible mode (FORMAT.md, "Compatible mode") for one class's fields: the bytes a writer
 * puts after the class's first tag in a message, and on read the comparison of a writer's table with this one
 * and the {@link Mapping} from the writer's fields to these, built once per distinct table and cached keyed by
 * the table's exact bytes (a few short tables per class: {@link #remember}). Used for records and plain classes ({@link CompatibleSerializer}) and for an
 * exception's own fields ({@link ThrowableSerializer}).
 */
final class FieldTable {
    private static final ClassModel.Kind[] KINDS = ClassModel.Kind.values();
    /** The layout stored in the read session when the writer's table equals this class's own. */
    static final Object EXACT = new Object();
    /** Distinct foreign tables remembered per class; more (hostile input, many versions) are mapped each time. */
    static final int MAX_CACHED = 64;
    /**
     * The longest foreign table remembered (about 350 fields of 20-character names): a longer one is mapped each
     * time it is read. A cache entry keeps the table's bytes and a mapping about as large, so without this bound
     * hostile tables of up to {@link #MAX_TABLE} bytes each kept about 2 MB per message, 64 per class.
     */
    static final int MAX_CACHED_TABLE = 8 << 10;
    /** The table bytes all of one class's remembered tables may take together. */
    static final int MAX_CACHED_BYTES = 64 << 10;
    /** Longer tables are rejected before they are buffered (FORMAT.md): no real class comes near. */
    static final int MAX_TABLE = 1 << 20;

    /** The marker codes ({@link ClassLayout#MARKER_THROWABLE}), by shorter names. */
    static final int THROWABLE = ClassLayout.MARKER_THROWABLE;
    static final int ELEMENTS = ClassLayout.MARKER_ELEMENTS;
    static final int ENTRIES = ClassLayout.MARKER_ENTRIES;

    private final Class<?> type;
    /** 0 (none), {@link #THROWABLE}, {@link #ELEMENTS} or {@link #ENTRIES}. */
    private final int marker;
    /** {@code uvar length} and the table: what the writer writes after the first tag of this class. */
    final byte[] description;
    /** The table alone. */
    private final byte[] table;
    private final ClassModel.Property[] properties;
    private final Map<Key, Mapping> mappings = new ConcurrentHashMap<>();
    /** The table bytes {@link #mappings} holds (approximately, under concurrent reads: never under the truth). */
    private final AtomicInteger cachedBytes = new AtomicInteger();

    /**
     * @param type the class, for messages
     * @param ps   its serialized fields in canonical order
     */
    FieldTable(Class<?> type, List<ClassModel.Property> ps) {
        this(type, ps, 0);
    }

    /**
     * @param type   the class, for messages
     * @param ps     its serialized fields in canonical order
     * @param marker its table's marker entry: 0 for none, {@link #THROWABLE}, {@link #ELEMENTS} or {@link #ENTRIES}
     */
    FieldTable(Class<?> type, List<ClassModel.Property> ps, int marker) {
        this.type = type;
        this.marker = marker;
        this.properties = ps.toArray(new ClassModel.Property[0]);
        WriteBuffer t = new WriteBuffer(64);
        t.writeUnsignedVarInt(properties.length + (marker != 0 ? 1 : 0));
        if (marker == THROWABLE) {
            t.writeString("");
            t.writeByte(marker);
        }
        for (int i = 0; i < properties.length; i++) {
            String name = wireName(ps, i);
            t.writeString(name);
            t.writeByte(properties[i].kind.ordinal() + 1);
        }
        if (marker == ELEMENTS || marker == ENTRIES) {
            t.writeString("");
            t.writeByte(marker);
        }
        this.table = t.toByteArray();
        fits(type.getName(), table.length, "its " + properties.length + " fields");
        WriteBuffer d = new WriteBuffer(table.length + 5);
        d.writeUnsignedVarInt(table.length);
        d.writeBytes(table, 0, table.length);
        this.description = d.toByteArray();
    }

    /**
     * Refuses, when the serializer is made, a table longer than {@link #MAX_TABLE}, which every reader
     * ({@link #tableLength}) would refuse: the class's values are never written rather than written unreadable.
     *
     * @param type   the class's name
     * @param length the table's length in bytes
     * @param what   what the table lists, for the message
     * @throws BlitException if it is too long
     */
    static void fits(String type, int length, String what) {
        if (length > MAX_TABLE) {
            throw new BlitException("cannot serialize " + type + " in compatible mode: its field table (the names and"
                    + " kinds of " + what + ") would be " + length + " bytes, longer than the " + MAX_TABLE + " a reader"
                    + " takes (FORMAT.md, \"Compatible mode\"); shorten the names, or build without compatible(true)");
        }
    }

    /**
     * A field's name; one that a subclass field of the same name shadows is qualified by its declaring class's
     * simple name, or by its binary name when another class declaring a field of that name has the same simple
     * name ({@code a.Base.x} shadowed by {@code b.Base.x}): each name in a table is unique.
     */
    private static String wireName(List<ClassModel.Property> ps, int i) {
        java.lang.reflect.Field field = ps.get(i).field;
        String name = field.getName();
        boolean shadowed = false;
        boolean sameSimpleName = false;
        for (int j = 0; j < ps.size(); j++) {
            java.lang.reflect.Field other = ps.get(j).field;
            if (j != i && other.getName().equals(name)) {
                shadowed |= j > i;
                sameSimpleName |= other.getDeclaringClass().getSimpleName().equals(field.getDeclaringClass().getSimpleName());
            }
        }
        if (!shadowed) {
            return name;
        }
        Class<?> owner = field.getDeclaringClass();
        return (sameSimpleName ? owner.getName() : owner.getSimpleName()) + "." + name;
    }

    /**
     * Reads a table's {@code uvar length}, refused past {@link #MAX_TABLE}: every kind of table (a class's fields, a
     * hook class's classes and fields, one read past without its class) is bounded alike.
     *
     * @param at the offset of the length, for the message
     */
    static int tableLength(ReadBuffer in, long at) {
        int length = in.readCount(1);
        if (length > MAX_TABLE) {
            throw new BlitException("field table of " + length + " bytes at offset " + at + " is longer than the "
                    + MAX_TABLE + " allowed");
        }
        return length;
    }

    /**
     * Reads the field table at the cursor.
     *
     * @param in the buffer, just after the tag of the class's first occurrence in the message
     * @return {@link #EXACT} when the table is this class's own, otherwise the cached or new mapping
     */
    Object readTable(ReadBuffer in) {
        long at = in.offset();
        int length = tableLength(in, at);
        long start = in.offset();
        int p = in.take(length);
        byte[] a = in.array();
        if (Arrays.equals(a, p, p + length, table, 0, table.length)) {
            return EXACT;
        }
        Key key = new Key(Arrays.copyOfRange(a, p, p + length));
        Mapping m = mappings.get(key);
        if (m == null) {
            m = map(key.bytes, at, start);
            remember(mappings, cachedBytes, key, m);
        }
        return m;
    }

    /**
     * Keeps {@code mapping} of the foreign table {@code key} in {@code cache} if the table is short enough and the
     * cache has room, in entries ({@link #MAX_CACHED}) and in bytes ({@link #MAX_CACHED_BYTES}, counted in
     * {@code cachedBytes}): what a class's cache holds stays a small constant whatever tables the input has.
     */
    static <V> void remember(Map<Key, V> cache, AtomicInteger cachedBytes, Key key, V mapping) {
        int n = key.bytes.length;
        if (n > MAX_CACHED_TABLE || cache.size() >= MAX_CACHED) {
            return;
        }
        if (cachedBytes.addAndGet(n) > MAX_CACHED_BYTES || cache.putIfAbsent(key, mapping) != null) {
            cachedBytes.addAndGet(-n);
        }
    }

    /** @return how many foreign tables this class's cache holds (tests) */
    int cachedTables() {
        return mappings.size();
    }

    /** @return the bytes of the foreign tables this class's cache holds (tests) */
    int cachedBytes() {
        return cachedBytes.get();
    }

    /** Parses a writer's field table and maps it onto this class's fields. */
    private Mapping map(byte[] bytes, long at, long start) {
        if (HookTable.listsSlots(bytes)) {
            throw new BlitException("compatible mode cannot read " + type.getName() + " at offset " + at + ": the "
                    + "writer's class was serialized through its java.io hooks (its field table lists the classes of a "
                    + "hierarchy) and the reader's is written field by field, which compatible mode does not convert "
                    + "between: the class lost its writeObject, readObject, readResolve and the like since");
        }
        String[] names;
        int[] codes;
        try {
            ReadBuffer r = ReadBuffer.of(bytes);
            int n = r.readCount(2);
            names = new String[n];
            codes = new int[n];
            java.util.Set<String> seen = new java.util.HashSet<>();
            int markerAt = -1;
            for (int i = 0; i < n; i++) {
                long fieldAt = r.offset();
                names[i] = r.readString();
                codes[i] = r.readByte() & 0xFF;
                if ("".equals(names[i]) && codes[i] > KINDS.length && codes[i] <= ClassLayout.MARKER_OPAQUE) {
                    // the marker: this class's own, where this class's table has it
                    int expectedAt = marker == THROWABLE ? 0 : n - 1;
                    if (codes[i] != marker || i != expectedAt) {
                        throw new BlitException(ClassLayout.markerName(codes[i]) + " marker at offset " + fieldAt + " (entry " + i
                                + "), where this class's table has " + (marker == 0 ? "none" : ClassLayout.markerName(marker)
                                + " as entry " + expectedAt));
                    }
                    markerAt = i;
                    continue;
                }
                if (names[i] == null || names[i].isEmpty() || codes[i] < 1 || codes[i] > KINDS.length) {
                    throw new BlitException("invalid field entry at offset " + fieldAt);
                }
                if (!seen.add(names[i])) {
                    throw new BlitException("field " + names[i] + " named twice at offset " + fieldAt);
                }
            }
            if (!r.isExhausted()) {
                throw new BlitException("trailing bytes at offset " + r.offset());
            }
            if (marker != 0 && markerAt < 0) {
                throw new BlitException("no " + ClassLayout.markerName(marker) + " marker, which this class's table has");
            }
            if (markerAt >= 0) { // the fields alone, in the writer's order: the marker is the first entry or the last
                int from = markerAt == 0 ? 1 : 0;
                names = Arrays.copyOfRange(names, from, from + n - 1);
                codes = Arrays.copyOfRange(codes, from, from + n - 1);
            }
        } catch (BlitException e) {
            throw new BlitException("malformed field table of " + type.getName() + " at offset " + at
                    + " (offsets below count from " + start + "): " + e.getMessage() + ReadSession.SETTINGS_HINT, e);
        }
        int[] targets = new int[names.length];
        boolean any = false;
        for (int i = 0; i < names.length; i++) {
            int own = target(names, i, at);
            targets[i] = own;
            if (own >= 0) {
                check(KINDS[codes[i] - 1], properties[own], at);
                any = true;
            }
        }
        if (!any && names.length > 0 && properties.length > 0) {
            throw unrelated(names, at);
        }
        return new Mapping(codes, targets, properties.length, names, type);
    }

    /**
     * The refusal of a writer's table with fields none of which this class (which has fields) has: read, it would
     * make a value with every field at its default and no error. Made where a table is first mapped, never per value.
     */
    private BlitException unrelated(String[] names, long at) {
        String[] own = new String[properties.length];
        for (int j = 0; j < own.length; j++) {
            own[j] = properties[j].field.getName();
        }
        return new BlitException("compatible mode cannot read " + type.getName() + " at offset " + at + ": the writer's"
                + " field table lists " + few(names) + " and this class has " + few(own) + ", no field of the same"
                + " name; the writer's and this Blit's ids may be registered differently (this id naming another class"
                + " on the writer's side), or the class renamed all its fields, which compatible mode cannot map");
    }

    /** Up to 6 names, then how many more, for a message. */
    private static String few(String[] names) {
        int shown = Math.min(names.length, 6);
        return names.length + " field" + (names.length == 1 ? "" : "s") + " (" + String.join(", ",
                Arrays.copyOf(names, shown)) + (names.length > shown ? ", and " + (names.length - shown) + " more" : "")
                + ")";
    }

    /**
     * Which of this class's fields the writer's field {@code names[i]} is, or -1. A name qualified by its declaring
     * class ({@code Base.x}: the writer's class shadowed it) is the field of that name declared there, whatever this
     * class calls it. A bare name is the writer's own lowest field of that name: of this class's fields of that
     * name, the one no qualified name of the writer's claims. Adding a field that shadows a superclass field
     * renames the superclass field on the wire, so the names alone cannot always tell: where the writer's bare
     * field could be either of two of this class's, that is an error rather than a guess.
     */
    private int target(String[] names, int i, long at) {
        String name = names[i];
        int dot = name.lastIndexOf('.');
        if (dot >= 0) {
            String owner = name.substring(0, dot);
            String field = name.substring(dot + 1);
            int found = -1;
            for (int j = 0; j < properties.length; j++) {
                if (field.equals(properties[j].field.getName()) && declaredIn(properties[j], owner)) {
                    if (found >= 0) { // two of this class's hierarchy share that simple name (a.Base, b.Base)
                        throw new BlitException("field table of " + type.getName() + " at offset " + at + ": the"
                                + " writer's field " + name + " may be either of this class's fields " + field + " declared"
                                + " in " + properties[found].field.getDeclaringClass().getName() + " and "
                                + properties[j].field.getDeclaringClass().getName() + "; compatible mode cannot tell which");
                    }
                    found = j;
                }
            }
            return found;
        }
        int found = -1;
        int candidates = 0;
        for (int j = 0; j < properties.length; j++) {
            if (name.equals(properties[j].field.getName()) && !claimed(names, properties[j])) {
                found = j;
                candidates++;
            }
        }
        if (candidates > 1) {
            throw new BlitException("field table of " + type.getName() + " at offset " + at + ": the writer's field "
                    + name + " may be any of this class's fields of that name (a field shadowing another was added"
                    + " or removed since it was written, which renames the shadowed one on the wire); compatible mode"
                    + " cannot tell which, so rename the shadowing field");
        }
        return found;
    }

    /** Whether a qualified name of the writer's ({@code Owner.name}) is {@code p}'s. */
    private static boolean claimed(String[] names, ClassModel.Property p) {
        String suffix = "." + p.field.getName();
        for (String n : names) {
            if (n.endsWith(suffix) && declaredIn(p, n.substring(0, n.length() - suffix.length()))) {
                return true;
            }
        }
        return false;
    }

    private static boolean declaredIn(ClassModel.Property p, String owner) {
        Class<?> c = p.field.getDeclaringClass();
        return owner.equals(c.getSimpleName()) || owner.equals(c.getName());
    }

    /** A writer's field kind that this class's field cannot take is an error when the table is read. */
    private void check(ClassModel.Kind written, ClassModel.Property own, long at) {
        check(written, own.kind, own.type(), own.displayName(), at);
    }

    /**
     * The table-time half of compatible mode's rules: whether a field of type {@code type} (of kind {@code k}) may
     * take what the writer's table says its field holds; a reference is checked value by value ({@link #convert}).
     *
     * @param name the field, "Class.field", for the message
     * @param at   the offset of the writer's table
     * @throws BlitException if it may not
     */
    static void check(ClassModel.Kind written, ClassModel.Kind k, Class<?> type, String name, long at) {
        if (written == k || widens(written, k) || written == ClassModel.Kind.REFERENCE) {
            return; // a reference is checked value by value: a box may still fit a primitive field
        }
        if (k == ClassModel.Kind.REFERENCE && type.isAssignableFrom(box(written))) {
            return;
        }
        throw new BlitException("field " + name + " is a " + type.getTypeName() + " but the writer's "
                + "field table at offset " + at + " says " + written.name().toLowerCase(java.util.Locale.ROOT)
                + "; only lossless widening (byte to short; byte, short or char to int, long, float or double; int to long"
                + " or double; float to double) is compatible");
    }

    /** The lossless primitive widenings of compatible mode. */
    static boolean widens(ClassModel.Kind from, ClassModel.Kind to) {
        switch (from) {
            case BYTE:
                return to == ClassModel.Kind.SHORT || to == ClassModel.Kind.INT || to == ClassModel.Kind.LONG
                        || to == ClassModel.Kind.FLOAT || to == ClassModel.Kind.DOUBLE;
            case SHORT:
            case CHAR:
                return to == ClassModel.Kind.INT || to == ClassModel.Kind.LONG || to == ClassModel.Kind.FLOAT
                        || to == ClassModel.Kind.DOUBLE;
            case INT:
                return to == ClassModel.Kind.LONG || to == ClassModel.Kind.DOUBLE;
            case FLOAT:
                return to == ClassModel.Kind.DOUBLE;
            default:
                return false;
        }
    }

    private static Class<?> box(ClassModel.Kind k) {
        switch (k) {
            case BOOLEAN: return Boolean.class;
            case BYTE: return Byte.class;
            case SHORT: return Short.class;
            case CHAR: return Character.class;
            case INT: return Integer.class;
            case LONG: return Long.class;
            case FLOAT: return Float.class;
            case DOUBLE: return Double.class;
            case STRING: return String.class;
            default: return Object.class;
        }
    }

    private static ClassModel.Kind kindOfBox(Object v) {
        if (v instanceof Integer) {
            return ClassModel.Kind.INT;
        } else if (v instanceof Long) {
            return ClassModel.Kind.LONG;
        } else if (v instanceof Double) {
            return ClassModel.Kind.DOUBLE;
        } else if (v instanceof Boolean) {
            return ClassModel.Kind.BOOLEAN;
        } else if (v instanceof Float) {
            return ClassModel.Kind.FLOAT;
        } else if (v instanceof Short) {
            return ClassModel.Kind.SHORT;
        } else if (v instanceof Byte) {
            return ClassModel.Kind.BYTE;
        } else if (v instanceof Character) {
            return ClassModel.Kind.CHAR;
        }
        return ClassModel.Kind.REFERENCE;
    }

    /**
     * @param v   a value read for field {@code own}, boxed
     * @param own the field
     * @param at  where the value started
     * @return the value as the field's type takes it (the exact box of a primitive field)
     */
    static Object convert(Object v, ClassModel.Property own, long at) {
        return convert(v, own.kind, own.type(), own.displayName(), at);
    }

    /**
     * {@link #convert(Object, ClassModel.Property, long)} for a field known by its kind, type and name (a field of
     * a class serialized through its java.io hooks, which may be a serialPersistentFields entry without a field).
     */
    static Object convert(Object v, ClassModel.Kind to, Class<?> type, String name, long at) {
        if (!to.primitive()) {
            return type == Object.class ? v : Support.check(v, type, name, at);
        }
        ClassModel.Kind from = kindOfBox(v);
        if (from == to) {
            return v;
        }
        if (!widens(from, to)) {
            throw new BlitException("field " + name + " is a " + type.getTypeName() + " but the value at offset "
                    + at + " is " + (v == null ? "null" : "a " + v.getClass().getTypeName()));
        }
        double d;
        long l;
        if (v instanceof Character) {
            l = (Character) v;
            d = l;
        } else {
            l = ((Number) v).longValue();
            d = ((Number) v).doubleValue();
        }
        switch (to) {
            case SHORT: return (short) l;
            case INT: return (int) l;
            case LONG: return l;
            case FLOAT: return (float) d;
            default: return d;
        }
    }

    static Object defaultOf(ClassModel.Kind k) {
        switch (k) {
            case BOOLEAN: return Boolean.FALSE;
            case BYTE: return (byte) 0;
            case SHORT: return (short) 0;
            case CHAR: return (char) 0;
            case INT: return 0;
            case LONG: return 0L;
            case FLOAT: return 0f;
            case DOUBLE: return 0d;
            default: return null;
        }
    }

    static Object readValue(ReadBuffer in, ReadSession session, ClassModel.Kind k) {
        return k == ClassModel.Kind.REFERENCE ? session.readObject(in) : k.readBoxed(in);
    }

    /**
     * Reads the value of a writer's field that the reader drops: {@link #readValue}, where a value this reader cannot
     * decode (a class it has no registration for, typically: a field added with a new class) says which field it was
     * read for and why it is decoded at all.
     *
     * @param name   the writer's field, for the message
     * @param reader the reader's class, which lacks it
     */
    static Object readDropped(ReadBuffer in, ReadSession session, ClassModel.Kind k, String name, Class<?> reader) {
        if (k != ClassModel.Kind.REFERENCE) {
            return k.readBoxed(in);
        }
        session.dropping();
        try {
            return session.readObject(in);
        } catch (BlitException e) {
            String m = e.getMessage();
            if (m.endsWith(ReadSession.SETTINGS_HINT)) { // here the cause is known: the writer's field the reader lacks
                m = m.substring(0, m.length() - ReadSession.SETTINGS_HINT.length());
            }
            boolean unknown = m.startsWith("unknown type id") || m.contains("read past");
            throw new BlitException(m + "; it is the value of the writer's field " + name + ", which "
                    + reader.getName() + " lacks: compatible mode drops that field" + (unknown
                    ? ", reading past a value of a class it lacks only where that class's field table says how"
                    : " but decodes its value all the same, so bytes it cannot decode fail the read"), e);
        } finally {
            session.dropped();
        }
    }

    /**
     * How to read one writer's layout: per writer field, its kind and the field of this table it sets (or -1,
     * read and dropped).
     */
    static final class Mapping {
        final ClassModel.Kind[] kinds;
        final int[] targets;
        /** Per field of this table: whether the writer's table has it. */
        private final boolean[] written;
        /** The writer's field names, for the message of a dropped field's value that cannot be read. */
        private final String[] names;
        private final Class<?> reader;

        Mapping(int[] codes, int[] targets, int fields, String[] names, Class<?> reader) {
            this.names = names;
            this.reader = reader;
            this.kinds = new ClassModel.Kind[codes.length];
            this.written = new boolean[fields];
            for (int i = 0; i < codes.length; i++) {
                kinds[i] = KINDS[codes[i] - 1];
                if (targets[i] >= 0) {
                    written[targets[i]] = true;
                }
            }
            this.targets = targets;
        }

        /**
         * Reads the value of writer field {@code i}: {@link FieldTable#readValue}, where a value this reader cannot
         * decode and drops (a class it has no registration for, typically: a field added with a new class) says
         * which field it was read for and why it is decoded at all.
         */
        Object read(ReadBuffer in, ReadSession session, int i) {
            if (targets[i] >= 0) {
                return readValue(in, session, kinds[i]);
            }
            return readDropped(in, session, kinds[i], names[i], reader);
        }

        /** @return whether the writer's table has field {@code own} of this table */
        boolean written(int own) {
            return written[own];
        }

        /**
         * Reads the writer's fields into the values of this table's fields, in canonical order: converted
         * where the writer's kind widens, the zero value of its type for a field the writer lacked.
         */
        Object[] readValues(ReadBuffer in, ReadSession session, ClassModel.Property[] properties) {
            Object[] values = new Object[properties.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = defaultOf(properties[i].kind);
            }
            for (int i = 0; i < kinds.length; i++) {
                long at = in.offset();
                Object v = read(in, session, i);
                int t = targets[i];
                if (t >= 0) {
                    values[t] = convert(v, properties[t], at);
                }
            }
            return values;
        }
    }

    /** The exact bytes of a field table, as a map key (also {@link HookTable}'s). */
    static final class Key {
        final byte[] bytes;
        private final int hash;

        Key(byte[] bytes) {
            this.bytes = bytes;
            this.hash = Arrays.hashCode(bytes);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key && Arrays.equals(bytes, ((Key) o).bytes);
        }

        @Override
        public int hashCode() {
            return hash;
        }
    }
}
