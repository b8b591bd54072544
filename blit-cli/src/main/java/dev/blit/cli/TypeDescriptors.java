package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.types.TypeIds;

/**
 * Type descriptors (FORMAT.md: a typed array's component, an {@code EnumSet}'s or {@code EnumMap}'s enum) and the
 * enum constants they lead to, for {@link Decoder}: the values whose content depends on a type the bytes name
 * first. Kept apart so that the decoder stays readable.
 */
final class TypeDescriptors {
    /** Array dimensions a type descriptor may nest, as the library's {@code ReadSession} allows. */
    private static final int MAX_TYPE_NESTING = 200;

    /** The primitive types by their code after extended id 47 in a {@code Class} value. */
    private static final String[] PRIMITIVES = {"boolean", "byte", "short", "char", "int", "long", "float", "double", "void"};

    private final Decoder decoder;
    private final Input in;
    private final UserTypes types;
    /** The class id the last type descriptor ended with (an EnumSet's or EnumMap's enum). */
    private long lastDescriptor;
    /** How many array dimensions the last descriptor put around {@link #lastDescriptor}. */
    private int lastDims;
    /** The extended id after a descriptor of 99. */
    private long lastExtended;

    TypeDescriptors(Decoder decoder, Input in, UserTypes types) {
        this.decoder = decoder;
        this.in = in;
        this.types = types;
    }

    /** @return the class id the last descriptor read ended with */
    long id() {
        return lastDescriptor;
    }

    /** @return how many array dimensions the last descriptor put around {@link #id} */
    int dims() {
        return lastDims;
    }

    /** @return what the elements of a typed array of the last descriptor are ({@link BuiltinIds#arrayElements}) */
    long elements() {
        return lastDescriptor == TypeIds.EXTENDED && lastDims == 0
                ? BuiltinIds.extendedElements(lastExtended) : BuiltinIds.arrayElements(lastDescriptor, lastDims);
    }

    /**
     * A type descriptor of {@code n}: a class id, and for a typed array its component's descriptor; for a class
     * written by name (99, 43), its key ({@link ClassesByName#descriptor}).
     *
     * @return the type's name
     */
    String read(Node n) {
        StringBuilder dims = new StringBuilder();
        for (int i = 0; ; i++) {
            long at = in.pos;
            long id = in.uvar(32) & 0xffffffffL;
            lastDescriptor = id;
            lastDims = i;
            if (id == TypeIds.EXTENDED) { // Path[], File[], ...: 99, then the extended id
                lastExtended = in.uvar(32) & 0xffffffffL;
                if (lastExtended == TypeIds.EXT_NAMED_CLASS) {
                    lastDescriptor = decoder.named.descriptor(n);
                    return types.typeName(lastDescriptor) + dims;
                }
                String name = BuiltinIds.extendedName(lastExtended);
                if (name == null) {
                    throw new BlitException("unknown type id 99, extended id " + lastExtended + ", at offset " + at);
                }
                return name + dims;
            }
            if (id != TypeIds.TYPED_ARRAY) {
                if (id < TypeIds.FIRST_USER_ID && !Names.isType((int) id)) {
                    // null, a reference, a run and the unassigned ids below 100 name no type
                    throw new BlitException("unknown type id " + id + " at offset " + at);
                }
                return types.typeName(id) + dims;
            }
            if (i >= MAX_TYPE_NESTING) {
                throw new BlitException("array type nested more than " + MAX_TYPE_NESTING + " levels at offset " + at);
            }
            dims.append("[]");
        }
    }

    /**
     * Id 98's content, a {@code Class} value: a type descriptor restricted to what names one class (FORMAT.md), as
     * the library reads it: an id a class is written under ({@link Leaves#classValue}); 21 and a component's
     * descriptor, at most 200 deep; 99 and an extended id that can be an array's component; 99, 43 and a class
     * reference; 99, 47 and a primitive type's code.
     */
    String classValue(Node n, Leaves leaves) {
        StringBuilder dims = new StringBuilder();
        for (int i = 0; ; i++) {
            long at = in.pos;
            long id = in.uvar(32) & 0xffffffffL;
            if (id == TypeIds.TYPED_ARRAY) {
                if (i >= MAX_TYPE_NESTING) {
                    throw new BlitException("Class value at offset " + at + ": an array type nested more than "
                            + MAX_TYPE_NESTING + " levels");
                }
                dims.append("[]");
                continue;
            }
            if (id == TypeIds.EXTENDED) {
                long ext = in.uvar(32) & 0xffffffffL;
                if (ext == TypeIds.EXT_NAMED_CLASS) {
                    return types.typeName(decoder.named.descriptor(n)) + dims + " (by name)";
                }
                if (ext == TypeIds.EXT_PRIMITIVE_CLASS) {
                    long codeAt = in.pos;
                    int code = in.u8();
                    if (dims.length() > 0 || code >= PRIMITIVES.length) {
                        throw new BlitException("Class value at offset " + (dims.length() > 0 ? at + ": a primitive type as"
                                + " an array's component (the primitive arrays have ids of their own)" : codeAt
                                + ": primitive type " + code + " (0..8 are boolean, byte, short, char, int, long, float,"
                                + " double, void)"));
                    }
                    return PRIMITIVES[code] + " (99, 47, " + code + ")";
                }
                String name = BuiltinIds.extendedName(ext);
                if (name == null) {
                    throw new BlitException("Class value at offset " + at + " names extended id " + ext
                            + ", under which no Class is written");
                }
                return name + dims + " (99, " + ext + ")";
            }
            String base = leaves.classValue(types, id, at);
            int paren = base.lastIndexOf(" (");
            return dims.length() == 0 ? base : base.startsWith("the class of") || paren < 0
                    ? "an array" + dims + " of " + base : base.substring(0, paren) + dims + base.substring(paren);
        }
    }

    /**
     * The type descriptor of an EnumSet's or EnumMap's enum: a user id (an enum, if the classes say so), or one
     * of the built-in enums ({@code DayOfWeek}, {@code Month}, and after id 99 {@code TimeUnit}, {@code ChronoUnit},
     * {@code RoundingMode}: {@link #lastDescriptor} is then {@link BuiltinIds#extendedElements} of it); no other id
     * of Blit's is an enum.
     */
    private String readEnum(Node n, String what) {
        long at = in.pos;
        String name = read(n);
        if (lastDescriptor == TypeIds.EXTENDED && lastDims == 0) {
            lastDescriptor = BuiltinIds.extendedElements(lastExtended);
        }
        UserTypes.UserType t = UserTypes.isUser(lastDescriptor) ? types.get(lastDescriptor) : null;
        if (lastDims > 0 || !UserTypes.isUser(lastDescriptor) && BuiltinIds.enumConstants(lastDescriptor) == null
                || t != null && t.shape() != UserTypes.Shape.ENUM) {
            throw new BlitException(what + " type at offset " + at + " is " + name + ", not an enum");
        }
        return name;
    }

    /** Id 46's content: the enum's descriptor, then the bit set of its constants. */
    void enumSet(Node n) {
        n.type = "EnumSet<" + readEnum(n, "EnumSet") + ">";
        long enumId = lastDescriptor;
        int bytes = in.count(1, "bit set length");
        StringBuilder sb = new StringBuilder("{");
        int shown = 0;
        for (int i = 0; i < bytes; i++) {
            int b = in.u8();
            if (b == 0 && i == bytes - 1) {
                throw new BlitException("EnumSet bit set ends with a zero byte (not the shortest encoding) at offset "
                        + in.pos);
            }
            for (int bit = 0; bit < 8; bit++) {
                if ((b & (1 << bit)) != 0) {
                    String c = constant(enumId, i * 8L + bit, "EnumSet bit", in.pos - 1);
                    if (shown++ < 64) {
                        sb.append(shown > 1 ? ", " : "").append(c);
                    }
                }
            }
        }
        n.value = sb.append(shown > 64 ? ", ...}" : "}").toString();
    }

    /** Id 47's content: the enum's descriptor, then its entries, each a key's ordinal and a tagged value. */
    void enumMap(Node n, int depth) {
        String name = readEnum(n, "EnumMap");
        n.type = "EnumMap<" + name + ">";
        long enumId = lastDescriptor;
        long countAt = in.pos;
        int count = in.count(2, "count");
        Object[] constants = constants(enumId);
        if (constants != null && count > constants.length) { // FORMAT.md: at most one entry per constant
            throw new BlitException("EnumMap of " + count + " entries at offset " + countAt + " but " + name
                    + " has only " + constants.length + " constants");
        }
        n.value = count + (count == 1 ? " entry" : " entries");
        long previous = -1;
        for (int i = 0; i < count; i++) {
            Node k = n.add(new Node(in.pos, "[" + i + "].key"));
            k.type = "ordinal";
            try {
                long keyAt = in.pos;
                long ordinal = in.uvar(32) & 0xffffffffL;
                if (ordinal <= previous) {
                    throw new BlitException("EnumMap key ordinal " + ordinal + " at offset " + keyAt
                            + " is not above the previous key's");
                }
                previous = ordinal;
                k.value = constant(enumId, ordinal, "EnumMap key ordinal", keyAt);
            } catch (BlitException e) {
                decoder.mark(k, e);
                throw e;
            } finally {
                k.end = in.pos;
            }
            decoder.value(n, "[" + i + "].value", depth + 1);
        }
    }

    /**
     * An enum constant's name where the classes (or, for the built-in enums, the JDK) give it. An ordinal past a
     * built-in enum's constants, or a registered one's, is refused, as the library refuses it; an enum not given
     * needs its class.
     *
     * @param enumId a user id (or a named class's key), a built-in enum's id, or for an extended one
     *               {@link BuiltinIds#extendedElements} of it
     * @return "RED (ordinal 0)" when the enum is known, else "ordinal 0"
     */
    String constant(long enumId, long ordinal, String what, long at) {
        Object[] constants = constants(enumId);
        if (constants != null && ordinal >= constants.length) {
            throw new BlitException(what + " " + ordinal + " at offset " + at + " is not a constant of "
                    + (UserTypes.isUser(enumId) ? types.typeName(enumId) : constants[0].getClass().getName())
                    + " (it has " + constants.length + ")");
        }
        if (constants != null) {
            return UserTypes.constantName(constants[(int) ordinal]) + " (ordinal " + ordinal + ")";
        }
        return "ordinal " + ordinal;
    }

    /** @return the constants of enum {@code enumId}, a built-in or a registered one; null if not given */
    private Object[] constants(long enumId) {
        Object[] builtin = BuiltinIds.enumConstants(enumId);
        UserTypes.UserType t = UserTypes.isUser(enumId) ? types.get(enumId) : null;
        return builtin != null ? builtin : t != null && t.shape() == UserTypes.Shape.ENUM ? t.constants() : null;
    }
}
