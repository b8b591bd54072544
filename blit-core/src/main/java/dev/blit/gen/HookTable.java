package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;

import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Compatible mode's field table of a class serialized through its {@code java.io} hooks as a {@code Serializable}
 * (FORMAT.md, "Compatible mode"): per serializable class of its hierarchy, topmost first, an entry
 * {@code (binary name, 16)} when that class has no {@code writeObject} (its fields follow bare) or
 * {@code (binary name, 17)} when it has one (a section follows), then that class's serializable fields as ordinary
 * entries; the marker {@code ("", 15)} last. The content is what it is without the table.
 *
 * <p>The table is what makes such a class evolvable, as JDK serialization's class descriptors make it: a reader
 * matches the writer's classes and their fields by name ({@code dev.blit.serial}'s business, which knows the hooks),
 * and a reader without the class ({@link UnknownClass}, {@code blit dump}) reads past the content, since a bare
 * part is fields of known codes and a section is self-delimiting. The per-code reading and the widening rules are
 * {@link FieldTable}'s, shared here so that hook classes evolve by the same rules as plain ones.
 *
 * <p>Like {@link FieldTable}, a reader compares a writer's table with its class's own byte for byte (then the
 * content is read as in schema-consistent mode) and caches what it made of any other table keyed by the table's
 * exact bytes.
 */
public final class HookTable {
    /** What {@link #readTable} returns when the writer's table is the reader's class's own. */
    public static final Object EXACT = FieldTable.EXACT;
    private static final ClassModel.Kind[] KINDS = ClassModel.Kind.values();
    /** A field's codes in such a table: 1..9, the primitives and a tagged value; never 10, an untagged String. */
    private static final int FIELD_CODES = ClassModel.Kind.REFERENCE.ordinal() + 1;
    /** A section's item headers (FORMAT.md, "Classes serialized through their java.io hooks"). */
    private static final int END = 0;
    private static final int OBJECT = 1;
    private static final int FIELDS = 2;

    /** One serializable class of a hierarchy, as a table lists it. Immutable. */
    public static final class Slot {
        private final String name;
        private final boolean section;
        private final String[] fields;
        private final ClassModel.Kind[] kinds;

        Slot(String name, boolean section, String[] fields, ClassModel.Kind[] kinds) {
            this.name = name;
            this.section = section;
            this.fields = fields;
            this.kinds = kinds;
        }

        /** @return the class's binary name */
        public String name() {
            return name;
        }

        /** @return whether the class has writeObject: its part is a section, else its fields bare */
        public boolean section() {
            return section;
        }

        /** @return how many serializable fields the class has */
        public int fieldCount() {
            return fields.length;
        }

        /** @return the name of field {@code i} */
        public String field(int i) {
            return fields[i];
        }

        /** @return the type code (1..9) of field {@code i} */
        public int code(int i) {
            return kinds[i].ordinal() + 1;
        }

        /** @return the type of field {@code i}: its primitive type, or Object for a reference */
        public Class<?> type(int i) {
            switch (kinds[i]) {
                case BOOLEAN: return boolean.class;
                case BYTE: return byte.class;
                case SHORT: return short.class;
                case CHAR: return char.class;
                case INT: return int.class;
                case LONG: return long.class;
                case FLOAT: return float.class;
                case DOUBLE: return double.class;
                default: return Object.class;
            }
        }
    }

    /** What a reader makes of a writer's table that is not its own: called once per distinct table. */
    public interface Mapper {
        /**
         * @param written the writer's classes, topmost first
         * @param at      the offset of the table, for messages
         * @return what to read the content by; cached with the table's bytes
         * @throws BlitException if the writer's layout cannot be read into the reader's class
         */
        Object map(Slot[] written, long at);
    }

    private final String type;
    /** {@code uvar length} and the table: what the writer writes after the first tag of this class. */
    private final byte[] description;
    /** The table alone. */
    private final byte[] table;
    /** Foreign tables' mappings, as many and as large as {@link FieldTable#remember} keeps. */
    private final Map<FieldTable.Key, Object> mappings = new ConcurrentHashMap<>();
    private final AtomicInteger cachedBytes = new AtomicInteger();

    /**
     * @param type  the class, by name, for messages
     * @param slots its serializable classes, topmost first
     */
    public HookTable(String type, List<Slot> slots) {
        this.type = type;
        int entries = 1;
        for (Slot s : slots) {
            entries += 1 + s.fields.length;
        }
        WriteBuffer t = new WriteBuffer(64);
        t.writeUnsignedVarInt(entries);
        for (Slot s : slots) {
            t.writeString(s.name);
            t.writeByte(s.section ? ClassLayout.SLOT_SECTION : ClassLayout.SLOT_BARE);
            for (int i = 0; i < s.fields.length; i++) {
                t.writeString(s.fields[i]);
                t.writeByte(s.code(i));
            }
        }
        t.writeString("");
        t.writeByte(ClassLayout.MARKER_OPAQUE);
        this.table = t.toByteArray();
        FieldTable.fits(type, table.length, "its serializable classes and their fields");
        WriteBuffer d = new WriteBuffer(table.length + 5);
        d.writeUnsignedVarInt(table.length);
        d.writeBytes(table, 0, table.length);
        this.description = d.toByteArray();
    }

    /**
     * @param name    the class's binary name
     * @param section whether it has a writeObject
     * @param fields  its serializable fields' names, in canonical order (sorted by name)
     * @param types   their types: a primitive has its own code, any reference 9 (a tagged value: hooks deal in
     *                Objects, so they tag even a String)
     * @return the slot as the table lists it
     */
    public static Slot slot(String name, boolean section, String[] fields, Class<?>[] types) {
        ClassModel.Kind[] kinds = new ClassModel.Kind[types.length];
        for (int i = 0; i < types.length; i++) {
            kinds[i] = types[i].isPrimitive() ? ClassModel.Kind.of(types[i]) : ClassModel.Kind.REFERENCE;
        }
        return new Slot(name, section, fields.clone(), kinds);
    }

    /** Writes the table, with its length: after the class's first tag in a message. */
    public void write(WriteBuffer out) {
        out.writeBytes(description, 0, description.length);
    }

    /**
     * Reads the table at the cursor.
     *
     * @param in     the buffer, just after the tag of the class's first occurrence in the message
     * @param mapper what the reader makes of a table other than its own
     * @return {@link #EXACT} when the table is the class's own, otherwise the cached or new mapping
     */
    public Object readTable(ReadBuffer in, Mapper mapper) {
        long at = in.offset();
        int length = FieldTable.tableLength(in, at);
        long start = in.offset();
        int p = in.take(length);
        byte[] a = in.array();
        if (Arrays.equals(a, p, p + length, table, 0, table.length)) {
            return EXACT;
        }
        FieldTable.Key key = new FieldTable.Key(Arrays.copyOfRange(a, p, p + length));
        Object m = mappings.get(key);
        if (m == null) {
            if (listsFields(key.bytes)) {
                throw new BlitException("compatible mode cannot read " + type + " at offset " + at + ": the writer's "
                        + "class was written field by field (its field table lists fields, not the classes of a hierarchy)"
                        + " and the reader's is serialized through its java.io hooks, which compatible mode does not "
                        + "convert between: the class gained writeObject, readObject, readResolve or the like since");
            }
            m = mapper.map(parse(key.bytes, type, at, start), at);
            FieldTable.remember(mappings, cachedBytes, key, m);
        }
        return m;
    }

    /** @return how many foreign tables this class's cache holds (tests) */
    int cachedTables() {
        return mappings.size();
    }

    /** @return the bytes of the foreign tables this class's cache holds (tests) */
    int cachedBytes() {
        return cachedBytes.get();
    }

    /**
     * @param table a field table's bytes, without its length
     * @return whether it is a hook class's, listing slots (its first entry's code is 16 or 17); not yet whether it
     *         is well formed
     */
    public static boolean listsSlots(byte[] table) {
        try {
            ReadBuffer r = ReadBuffer.of(table);
            if (r.readCount(2) < 2) {
                return false;
            }
            r.readString();
            int code = r.readByte() & 0xFF;
            return code == ClassLayout.SLOT_BARE || code == ClassLayout.SLOT_SECTION;
        } catch (BlitException e) {
            return false;
        }
    }

    /**
     * @param table a field table's bytes, without its length
     * @return whether it is a plain class's, written field by field: well formed as far as entries go, none of them
     *         a class's (code 16 or 17), and either none at all or a first that is a field or a marker other than the
     *         own-serializer one
     */
    static boolean listsFields(byte[] table) {
        try {
            ReadBuffer r = ReadBuffer.of(table);
            int n = r.readCount(2);
            boolean plain = n == 0;
            for (int i = 0; i < n; i++) {
                String name = r.readString();
                int code = r.readByte() & 0xFF;
                if (name == null || code == ClassLayout.SLOT_BARE || code == ClassLayout.SLOT_SECTION) {
                    return false;
                }
                if (i == 0) {
                    plain = name.isEmpty() ? code > KINDS.length && code <= ClassLayout.MARKER_ENTRIES
                            : code >= 1 && code <= KINDS.length;
                }
            }
            return plain && r.isExhausted();
        } catch (BlitException e) {
            return false;
        }
    }

    /**
     * Parses a hook class's table, checked: every field after a slot, no class or field of a class named twice,
     * the marker last and only there, nothing after it.
     *
     * @param table the table's bytes, without its length
     * @param what  the class, for messages
     * @param at    the offset of the table (its length)
     * @param start the offset of {@code table}'s first byte, from which offsets inside it count
     * @return the writer's classes, topmost first
     * @throws BlitException naming the entry and its offset if the table is malformed
     */
    public static Slot[] parse(byte[] table, String what, long at, long start) {
        try {
            ReadBuffer r = ReadBuffer.of(table);
            int n = r.readCount(2);
            List<Slot> slots = new java.util.ArrayList<>();
            Set<String> classes = new HashSet<>();
            Set<String> names = new HashSet<>();
            List<String> fields = new java.util.ArrayList<>();
            List<ClassModel.Kind> kinds = new java.util.ArrayList<>();
            String slot = null;
            boolean section = false;
            boolean marker = false;
            for (int i = 0; i < n; i++) {
                long entryAt = r.offset();
                String name = r.readString();
                int code = r.readByte() & 0xFF;
                if (marker) {
                    throw new BlitException("entry at offset " + entryAt + " after the own-serializer marker, which ends the table");
                }
                if ("".equals(name) && code == ClassLayout.MARKER_OPAQUE) {
                    marker = true;
                } else if (name == null || name.isEmpty()) {
                    throw new BlitException("invalid entry (an empty name with code " + code + ") at offset " + entryAt);
                } else if (code == ClassLayout.SLOT_BARE || code == ClassLayout.SLOT_SECTION) {
                    if (!classes.add(name)) {
                        throw new BlitException("class " + name + " named twice at offset " + entryAt);
                    }
                } else if (code < 1 || code > FIELD_CODES) {
                    throw new BlitException("invalid type code " + code + " of entry " + name + " at offset " + entryAt
                            + (code == ClassModel.Kind.STRING.ordinal() + 1 ? " (a hook class's fields have codes 1.."
                            + FIELD_CODES + ": a String one is a tagged value, 9)" : ""));
                } else if (slot == null) {
                    throw new BlitException("field " + name + " at offset " + entryAt + " before any class's entry");
                } else if (!names.add(name)) {
                    throw new BlitException("field " + slot + "." + name + " named twice at offset " + entryAt);
                } else {
                    fields.add(name);
                    kinds.add(KINDS[code - 1]);
                    continue;
                }
                if (slot != null) { // a class's entry or the marker ends the class before it
                    slots.add(new Slot(slot, section, fields.toArray(new String[0]), kinds.toArray(new ClassModel.Kind[0])));
                    fields.clear();
                    kinds.clear();
                    names.clear();
                }
                slot = marker ? null : name;
                section = code == ClassLayout.SLOT_SECTION;
            }
            if (!r.isExhausted()) {
                throw new BlitException("trailing bytes at offset " + r.offset());
            }
            if (!marker || slots.isEmpty()) {
                throw new BlitException(marker ? "no class's entry: the table of content a class's own serializer wrote"
                        + " (an Externalizable, a writeReplace, a Serializer), not of a Serializable class's hooks"
                        : "no own-serializer marker at the end");
            }
            return slots.toArray(new Slot[0]);
        } catch (BlitException e) {
            throw new BlitException("malformed field table of " + what + " at offset " + at
                    + " (offsets below count from " + start + "): " + e.getMessage(), e);
        }
    }

    // ---------------------------------------------------------------- values, by compatible mode's rules

    /** @return a value of type code {@code code} (1..9), boxed; a tagged value for 9 */
    public static Object read(ReadBuffer in, ReadSession session, int code) {
        return FieldTable.readValue(in, session, KINDS[code - 1]);
    }

    /**
     * Reads the value of a writer's field the reader drops: as {@link #read}, a tagged value read as dropped, so
     * that a value of a class the reader lacks is read past by its table.
     *
     * @param name   the writer's field, for the message
     * @param reader the reader's class
     */
    public static Object readDropped(ReadBuffer in, ReadSession session, int code, String name, Class<?> reader) {
        return FieldTable.readDropped(in, session, KINDS[code - 1], name, reader);
    }

    /**
     * At mapping time: whether a field of type {@code type} can take what the writer's code says (the same kind, a
     * lossless widening, a box its type accepts, or a tagged value, which is checked value by value).
     *
     * @param name "Class.field", for the message
     * @param at   the offset of the writer's table
     * @throws BlitException if it cannot
     */
    public static void check(int code, Class<?> type, String name, long at) {
        FieldTable.check(KINDS[code - 1], ClassModel.Kind.of(type), type, name, at);
    }

    /**
     * @param v    a value read by the writer's code, boxed
     * @param type the reader's field's type
     * @param name "Class.field", for the message
     * @param at   where the value started
     * @return the value as the field takes it (the exact box of a primitive field)
     * @throws BlitException if the field cannot hold it
     */
    public static Object convert(Object v, Class<?> type, String name, long at) {
        return FieldTable.convert(v, ClassModel.Kind.of(type), type, name, at);
    }

    // ---------------------------------------------------------------- reading past

    /**
     * Reads past one class's part of the content, by the writer's table: its fields by their codes when bare; a
     * section's items up to its end item otherwise (objects decoded, so reference numbers stay in step).
     */
    public static void skip(ReadBuffer in, ReadSession session, Slot s) {
        session.dropping();
        try {
            skipPart(in, session, s);
        } finally {
            session.dropped();
        }
    }

    private static void skipPart(ReadBuffer in, ReadSession session, Slot s) {
        if (!s.section) {
            skipFields(in, session, s);
            return;
        }
        while (true) {
            long h = in.readUnsignedVarInt() & 0xFFFFFFFFL;
            if (h == END) {
                return;
            } else if (h == OBJECT) {
                session.readObject(in);
            } else if (h == FIELDS) {
                skipFields(in, session, s);
            } else {
                long n = h - FIELDS; // read in steps: input cut short fails at its end, naming the offset
                byte[] scratch = new byte[(int) Math.min(n, 4096)];
                while (n > 0) {
                    int step = (int) Math.min(n, scratch.length);
                    in.readBytes(scratch, 0, step);
                    n -= step;
                }
            }
        }
    }

    /**
     * Reads past a class's fields, by their codes: their values are read as dropped values are, so that one of a
     * class this reader lacks is read past by its table.
     */
    public static void skipFields(ReadBuffer in, ReadSession session, Slot s) {
        session.dropping();
        try {
            for (ClassModel.Kind k : s.kinds) {
                FieldTable.readValue(in, session, k);
            }
        } finally {
            session.dropped();
        }
    }
}
