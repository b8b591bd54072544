package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.gen.ClassLayout;

/**
 * Compatible mode's field tables (FORMAT.md, "Compatible mode"), for {@link Decoder}: the table that starts a
 * user class's content at its first occurrence in a message, read when the mode is known and guessed at in
 * {@link Decoder.Mode#AUTO}, and the fields that follow it, in the table's order, whatever the reader's class
 * declares. Which tables a message has read, and what they tell of the writer's mode, stay the decoder's, so
 * that it can rewind them with the rest of its state when a guess fails ({@code Decoder.exception}). Kept
 * apart so that the decoder stays readable.
 */
final class FieldTables {
    /** The largest field table FORMAT.md allows. */
    static final int MAX_TABLE = 1 << 20;

    /** The marker codes of compatible mode's tables ({@link ClassLayout#MARKER_THROWABLE}). */
    private static final int THROWABLE = ClassLayout.MARKER_THROWABLE;
    private static final int ELEMENTS = ClassLayout.MARKER_ELEMENTS;
    private static final int ENTRIES = ClassLayout.MARKER_ENTRIES;
    private static final int ENUM = ClassLayout.MARKER_ENUM;
    private static final int OPAQUE = ClassLayout.MARKER_OPAQUE;
    /** The entries of a class of a hook class's hierarchy: its fields bare, or a section. */
    private static final int BARE = ClassLayout.SLOT_BARE;
    private static final int SECTION = ClassLayout.SLOT_SECTION;

    /**
     * A field table as read: the writer's field names and their type codes, in its order; its marker's code, or 0.
     * A hook class's ({@link #hooks}) has its classes' entries (codes 16 and 17) among them.
     */
    record Table(String[] names, int[] codes, int marker) {
        /** @return whether it is a Serializable hook class's table, which lists its classes before their fields */
        boolean hooks() {
            return codes.length > 0 && (codes[0] == BARE || codes[0] == SECTION);
        }
    }

    private final Decoder decoder;
    private final Input in;
    /** Whether flat classes were written as one block (not {@code Blit.builder().flat(false)}). */
    private final boolean flat;

    FieldTables(Decoder decoder, Input in, boolean flat) {
        this.decoder = decoder;
        this.in = in;
        this.flat = flat;
    }

    /**
     * Reads a field table if one is here (compatible mode); in AUTO mode, rewinds and returns null if not.
     *
     * @param reading {@link Decoder.Mode#COMPATIBLE} to insist on a table (a malformed one is damage),
     *                {@link Decoder.Mode#AUTO} to guess
     */
    Table table(Node n, UserTypes.UserType t, Decoder.Mode reading) {
        long start = in.pos;
        Node node = new Node(start, null);
        node.type = "field table";
        try {
            long length = in.uvar(32) & 0xffffffffL;
            if (length > MAX_TABLE || length > in.remaining()) {
                throw new BlitException("field table length " + length + " at offset " + start + (length > MAX_TABLE
                        ? " is over the " + MAX_TABLE + " bytes allowed" : " runs past the input: " + in.remaining() + " bytes remain"));
            }
            long end = in.pos + length;
            long saved = in.limit;
            in.limit = end;
            String[] names;
            int[] codes;
            int marker = 0;
            try {
                int count = in.count(2, "field count");
                // Guessing (AUTO), schema-consistent content can look like a table by chance: a flat Point(1, 0)
                // starts 01 00, "1 byte: 0 fields". So a guessed table needs a field, and one the class knows;
                // only an exception's, or a class's that has no fields, may be empty (Decoder.emptyTableFits).
                if (count == 0 && reading == Decoder.Mode.AUTO && !decoder.emptyTableFits(t)) {
                    throw new BlitException("empty table");
                }
                names = new String[count];
                codes = new int[count];
                StringBuilder sb = new StringBuilder();
                java.util.Set<String> seen = new java.util.HashSet<>();
                java.util.Set<String> classes = new java.util.HashSet<>();
                boolean hooks = false;
                for (int i = 0; i < count; i++) {
                    long at = in.pos;
                    names[i] = in.str();
                    if (names[i] == null) {
                        throw new BlitException("null field name in the field table at offset " + at);
                    }
                    long codeAt = in.pos;
                    codes[i] = in.u8();
                    if ((codes[i] == BARE || codes[i] == SECTION) && !names[i].isEmpty()) {
                        // a class of a hook class's hierarchy (the library's HookTable): its fields follow
                        if (i > 0 && !hooks) {
                            throw new BlitException("class " + names[i] + " at offset " + at + " after fields of no class");
                        }
                        if (!classes.add(names[i])) {
                            throw new BlitException("class " + names[i] + " named twice in the field table at offset " + at);
                        }
                        hooks = true;
                        seen.clear();
                        sb.append(i > 0 ? "; " : "").append(names[i]).append(codes[i] == SECTION ? " (section): " : ": ");
                        continue;
                    }
                    if (hooks && names[i].isEmpty() && codes[i] == OPAQUE && i == count - 1) {
                        marker = OPAQUE; // a hook class's table ends with the marker
                        continue;
                    }
                    if (names[i].isEmpty() && codes[i] >= THROWABLE && codes[i] <= OPAQUE) {
                        int expectedAt = codes[i] == THROWABLE ? 0 : count - 1; // the library's rule
                        if (i != expectedAt || marker != 0 || codes[i] >= ENUM && count != 1) {
                            throw new BlitException(ClassLayout.markerName(codes[i]) + " marker at offset " + at + " is entry " + i
                                    + " of the field table" + (codes[i] >= ENUM ? " of " + count + "; it can only be a table's one"
                                    + " entry" : "; it can only be entry " + expectedAt));
                        }
                        marker = codes[i];
                        sb.append(i > 0 ? ", " : "").append('(').append(ClassLayout.markerName(marker)).append(')');
                        continue;
                    }
                    if (names[i].isEmpty()) {
                        throw new BlitException("empty field name in the field table at offset " + at);
                    }
                    if (!seen.add(names[i])) { // as the library: a name says which field a value is for
                        throw new BlitException("field " + names[i] + " named twice in the field table at offset " + at);
                    }
                    if (codes[i] < 1 || codes[i] > 10) {
                        throw new BlitException("type code " + codes[i] + " of field " + names[i] + " at offset " + codeAt
                                + " is not 1..10");
                    }
                    sb.append(i > 0 && codes[i - 1] != BARE && codes[i - 1] != SECTION ? ", " : "").append(names[i]).append(' ')
                            .append(Names.code(codes[i]));
                }
                if (hooks && marker != OPAQUE) {
                    throw new BlitException("the field table at offset " + start + " lists classes but does not end with the"
                            + " own-serializer marker");
                }
                if (in.pos != end) {
                    throw new BlitException("field table at offset " + start + " declares " + length + " bytes but its "
                            + count + " fields take " + (in.pos - start) + " with the length");
                }
                int expected = hooks && t != null && t.shape() == UserTypes.Shape.OPAQUE ? OPAQUE : expectedMarker(t);
                if (t != null && marker != expected) { // the library's class has its kind of table, or refuses it
                    throw new BlitException("the field table at offset " + start + " of " + t.name() + " has "
                            + (marker == 0 ? "no marker" : "the " + ClassLayout.markerName(marker) + " marker") + " where its class's has "
                            + (expected == 0 ? "none" : "the " + ClassLayout.markerName(expected) + " marker"));
                }
                if (reading == Decoder.Mode.AUTO && t != null && t.fieldsFirst() && count > 0
                        && !sharesAField(t, names)) {
                    throw new BlitException("no field of " + t.name() + " in what looks like a table");
                }
                int fields = count - (marker != 0 ? 1 : 0) - classes.size();
                node.value = (hooks ? classes.size() + (classes.size() == 1 ? " class, " : " classes, ") : "") + fields
                        + (fields == 1 ? " field" : " fields") + (count > 0 ? ": " + sb : "")
                        + (hooks ? "; (" + ClassLayout.markerName(OPAQUE) + ")" : "");
            } finally {
                in.limit = saved;
            }
            node.end = in.pos;
            n.add(node);
            return new Table(names, codes, marker);
        } catch (BlitException e) {
            if (reading == Decoder.Mode.COMPATIBLE) {
                node.end = in.pos;
                n.add(node);
                throw e;
            }
            in.pos = start;
            return null;
        }
    }

    /** @return whether a table listing a hook class's classes ({@link dev.blit.gen.HookTable}) is at the cursor; not consumed */
    boolean hookTableHere() {
        long start = in.pos;
        try {
            long length = in.uvar(32) & 0xffffffffL;
            if (length > MAX_TABLE || length > in.remaining()) {
                return false;
            }
            byte[] bytes = new byte[(int) length];
            in.slice(in.pos, length).get(bytes);
            return dev.blit.gen.HookTable.listsSlots(bytes);
        } catch (BlitException e) {
            return false;
        } finally {
            in.pos = start;
        }
    }

    /** @return the marker the library's class has in its table: by its shape; 0 for a plain class */
    private static int expectedMarker(UserTypes.UserType t) {
        if (t == null) {
            return 0;
        }
        if (t.shape() == UserTypes.Shape.THROWABLE) {
            return THROWABLE;
        }
        if (t.shape() == UserTypes.Shape.CONTAINER) {
            return java.util.Map.class.isAssignableFrom(t.type()) ? ENTRIES : ELEMENTS;
        }
        return 0;
    }

    private static boolean sharesAField(UserTypes.UserType t, String[] names) {
        for (String name : names) {
            String plain = name.substring(name.lastIndexOf('.') + 1); // "Base.x" for a shadowed field
            for (UserTypes.FieldInfo f : t.fields()) {
                if (f.name().equals(plain)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The fields of compatible-mode content in the table's order; at the table's marker, an exception's own content
     * or a collection's elements (a map's entries), so that such a class reads without the class.
     *
     * @param t the class, or null when the dump does not have it
     */
    void compatibleFields(Node n, Table table, UserTypes.UserType t, int depth) {
        if (table.hooks()) {
            hookContent(n, table, depth);
            return;
        }
        for (int i = 0; i < table.names.length; i++) {
            int code = table.codes[i];
            if (code >= THROWABLE && table.names[i].isEmpty()) {
                if (code == ENUM) { // without the class: the ordinal alone
                    Node o = n.add(new Node(in.pos, "ordinal"));
                    o.type = "uvar";
                    o.value = Long.toString(in.uvar(32) & 0xffffffffL);
                    o.end = in.pos;
                    n.value = "an enum constant, ordinal " + o.value;
                } else if (code == OPAQUE) {
                    Opaque.content(in, n, "content of its class's own serializer (its field table says so), which only that"
                            + " class's code can read (--blit can)");
                } else if (code == THROWABLE) {
                    decoder.building(n, true); // like a record: the exception exists once its content is read
                    decoder.throwableContent(n, t, depth);
                } else {
                    decoder.containerContent(n, t, code == ENTRIES, depth);
                }
            } else {
                field(n, table.names[i], code, depth);
            }
        }
    }

    /**
     * The content of a class serialized through its java.io hooks, by its table (FORMAT.md, "Compatible mode"): per
     * class of its hierarchy, its fields bare, or its section: items up to its end, {@code 01} a tagged value,
     * {@code 02} that class's fields by the table's codes, {@code uvar n+2} n bytes of primitive data.
     */
    private void hookContent(Node n, Table table, int depth) {
        int i = 0;
        while (i < table.names.length && table.codes[i] != OPAQUE) {
            int from = i + 1;
            int to = from;
            while (to < table.names.length && table.codes[to] <= 10) {
                to++;
            }
            Node part = n.add(new Node(in.pos, table.names[i]));
            part.type = table.codes[i] == SECTION ? "section" : "fields";
            try {
                if (table.codes[i] == BARE) {
                    fields(part, table, from, to, depth);
                } else {
                    section(part, table, from, to, depth);
                }
            } catch (BlitException e) {
                decoder.mark(part, e);
                throw e;
            } finally {
                part.end = in.pos;
            }
            i = to;
        }
    }

    private void fields(Node n, Table table, int from, int to, int depth) {
        for (int k = from; k < to; k++) {
            field(n, table.names[k], table.codes[k], depth);
        }
    }

    private void section(Node part, Table table, int from, int to, int depth) {
        int items = 0;
        while (true) {
            long at = in.pos;
            long h = in.uvar(32) & 0xffffffffL;
            if (h == 0) {
                part.value = items + (items == 1 ? " item" : " items");
                return;
            }
            items++;
            if (h == 1) {
                decoder.value(part, "object", depth + 1);
            } else if (h == 2) {
                Node f = part.add(new Node(at, "fields"));
                f.type = "defaultWriteObject";
                try {
                    fields(f, table, from, to, depth);
                } finally {
                    f.end = in.pos;
                }
            } else {
                long length = h - 2;
                if (length > in.remaining()) {
                    throw new BlitException("primitive data of " + length + " bytes at offset " + at + " runs past the input: "
                            + in.remaining() + " bytes remain");
                }
                Node d = part.add(new Node(at, "data"));
                d.type = "bytes";
                StringBuilder hex = new StringBuilder();
                for (long b = in.pos; b < in.pos + Math.min(length, 32); b++) {
                    hex.append(hex.length() > 0 ? " " : "").append(String.format("%02x", in.byteAt(b)));
                }
                d.value = length + (length == 1 ? " byte" : " bytes");
                d.preview = hex + (length > 32 ? " ..." : "");
                in.pos += length;
                d.end = in.pos;
            }
        }
    }

    /** One field's value by its type code: a tagged value for 9, else its encoding. */
    private void field(Node n, String name, int code, int depth) {
        if (code == 9) {
            decoder.value(n, name, depth + 1);
            return;
        }
        Node f = n.add(new Node(in.pos, name));
        try {
            f.type = Names.code(code);
            f.value = switch (code) {
                case 1 -> Boolean.toString(in.bool());
                case 2 -> Byte.toString((byte) in.u8());
                case 3 -> Short.toString(in.i16());
                case 4 -> Names.quote(Character.toString((char) in.i16()));
                case 5 -> Long.toString(in.svar(32));
                case 6 -> Long.toString(in.svar(64));
                case 7 -> Names.f32(in.i32());
                case 8 -> Names.f64(in.i64());
                default -> stringField(in.quotedStr());
            };
        } catch (BlitException e) {
            decoder.mark(f, e);
            throw e;
        } finally {
            f.end = in.pos;
        }
    }

    /**
     * A user object's fields in schema-consistent content: the class's, in canonical order, each as its declared
     * type says (FORMAT.md, "User classes"); a flat class's primitives as one fixed-width block unless the writer
     * chose {@code flat(false)}.
     */
    void schemaFields(Node n, UserTypes.UserType t, int depth) {
        boolean block = flat && t.flat();
        if (block) {
            n.note = "flat: one fixed-width block";
        }
        java.util.List<UserTypes.FieldInfo> fields = t.fields();
        for (UserTypes.FieldInfo field : fields) {
            Class<?> p = field.type();
            if (p == null) {
                decoder.value(n, field.name(), depth + 1);
                continue;
            }
            Node f = n.add(new Node(in.pos, field.name()));
            try {
                f.type = p == String.class ? "String" : p.getName();
                if (p == String.class) {
                    f.value = stringField(in.quotedStr());
                } else if (p == boolean.class) {
                    f.value = Boolean.toString(in.bool());
                } else if (p == byte.class) {
                    f.value = Byte.toString((byte) in.u8());
                } else if (p == short.class) {
                    f.value = Short.toString(in.i16());
                } else if (p == char.class) {
                    f.value = Names.quote(Character.toString((char) in.i16()));
                } else if (p == int.class) {
                    f.value = block ? Integer.toString(in.i32()) : Long.toString(in.svar(32));
                } else if (p == long.class) {
                    f.value = block ? Long.toString(in.i64()) : Long.toString(in.svar(64));
                } else if (p == float.class) {
                    f.value = Names.f32(in.i32());
                } else {
                    f.value = Names.f64(in.i64());
                }
            } catch (BlitException e) {
                decoder.mark(f, e);
                throw e;
            } finally {
                f.end = in.pos;
            }
        }
    }

    /**
     * A field declared String: its str alone, whose null header is null (FORMAT.md, "User classes").
     *
     * @param s the str as {@link Input#quotedStr} gives it
     */
    static String stringField(String s) {
        return s == null ? "null" : s;
    }
}
