package dev.blit.gen;

import java.lang.reflect.Field;
import java.util.List;

/**
 * What a record or plain class looks like on the wire, for tools that read bytes without Blit's serializers
 * ({@code blit dump}): its serialized fields in canonical order (FORMAT.md, "User classes") and whether it
 * is flat. Reflection only; nothing is generated or instantiated.
 */
public final class ClassLayout {
    /**
     * The codes of a compatible-mode field table's marker entry, whose name is empty (FORMAT.md, "Compatible mode"):
     * where the content holds more than fields, so that a reader without the class can follow it. An exception's
     * table starts with {@code MARKER_THROWABLE} (its message, cause, stack trace and suppressed exceptions come
     * before its own fields); a collection's or a map's of the user's ends with {@code MARKER_ELEMENTS} or
     * {@code MARKER_ENTRIES} (they follow its fields). A plain class's table has none. Content that has no fields
     * to list has a table of its marker alone ({@code 03 01 01 0e}): an enum's, {@code MARKER_ENUM} (its ordinal
     * follows), and the content of a class's own serializer (a {@code Marshallable}, a {@code Serializer} of the
     * user's, an {@code Externalizable}'s or a {@code writeReplace}'s {@code java.io} hooks), {@code MARKER_OPAQUE},
     * which a reader without the class cannot skip. A {@code Serializable} class's hooks end a table of their own
     * with it ({@link #SLOT_BARE}).
     */
    public static final int MARKER_THROWABLE = 11;
    /** See {@link #MARKER_THROWABLE}. */
    public static final int MARKER_ELEMENTS = 12;
    /** See {@link #MARKER_THROWABLE}. */
    public static final int MARKER_ENTRIES = 13;
    /** See {@link #MARKER_THROWABLE}. */
    public static final int MARKER_ENUM = 14;
    /** See {@link #MARKER_THROWABLE}. */
    public static final int MARKER_OPAQUE = 15;
    /**
     * The entry codes of a class serialized through its {@code java.io} hooks as a {@code Serializable}
     * (FORMAT.md, "Compatible mode"): its table lists, per serializable class of its hierarchy (topmost first), an
     * entry named by the class's binary name, {@code SLOT_BARE} when that class has no {@code writeObject} (its
     * fields follow bare) or {@code SLOT_SECTION} when it has one (a section follows); then that class's serializable
     * fields as ordinary entries; then the marker {@link #MARKER_OPAQUE} last. So a reader matches the writer's
     * classes and fields by name, and a reader without the class can read past the content.
     */
    public static final int SLOT_BARE = 16;
    /** See {@link #SLOT_BARE}. */
    public static final int SLOT_SECTION = 17;

    private ClassLayout() {
    }

    /**
     * @param code a marker's code
     * @return what it marks, for messages: "exception", "elements", "entries", "enum" or "own serializer"
     */
    public static String markerName(int code) {
        return code == MARKER_THROWABLE ? "exception" : code == MARKER_ELEMENTS ? "elements" : code == MARKER_ENTRIES
                ? "entries" : code == MARKER_ENUM ? "enum" : "own serializer";
    }

    /**
     * @param marker {@link #MARKER_ENUM} or {@link #MARKER_OPAQUE}
     * @return the whole field table of content that has only that marker: {@code 03 01 01} and the marker
     */
    public static byte[] markerTable(int marker) {
        return new byte[] {3, 1, 1, (byte) marker};
    }

    /**
     * @param type   the class, by name
     * @param at     the offset of the table
     * @param marker the marker its table must have alone
     * @return the message for a table that is not {@link #markerTable}'s, where a reader with the class expects it
     */
    public static String notMarkerTable(String type, long at, int marker) {
        return "field table of " + type + " at offset " + at + " is not 03 01 01 " + String.format("%02x", marker)
                + ", the table of " + (marker == MARKER_ENUM ? "an enum" : "content written by a class's own serializer")
                + " in compatible mode";
    }

    /**
     * @param type a record or plain class
     * @return its serialized fields in canonical order: topmost superclass first, each class's own by name,
     *         static and transient fields left out (or those a Serializable class's serialPersistentFields lists)
     * @throws dev.blit.BlitException if the class has a field the compiler added (Blit refuses such classes), or
     *                                its serialPersistentFields lists what is no field of it
     */
    public static List<Field> serializedFields(Class<?> type) {
        return ClassModel.serializedFields(type);
    }

    /**
     * @param type a class
     * @return the JDK collection or map class {@code type} extends when it is a class of the user's serialized
     *         as one (FORMAT.md, "Collections and maps the user extends", unless its own classes declare
     *         {@code java.io} hooks), else null
     */
    public static Class<?> containerBase(Class<?> type) {
        return ClassModel.containerBase(type);
    }

    /**
     * @param className a stack frame's class name
     * @return the file name a frame flag stands for (FORMAT.md, "Throwables"): the name javac gives the class's
     *         source file, {@code a.b.Outer$Inner} -> {@code Outer.java}
     */
    public static String sourceFile(String className) {
        return dev.blit.types.StackFrames.sourceFile(className);
    }

    /**
     * @param type a record or plain class
     * @return whether a Blit built with {@code flat(true)} (the default) and not in compatible mode writes it
     *         as one fixed-layout block (FORMAT.md, "Flat classes")
     */
    public static boolean isFlat(Class<?> type) {
        List<Field> fields = ClassModel.serializedFields(type);
        if (fields.isEmpty()) {
            return false;
        }
        long size = 0;
        for (Field f : fields) {
            ClassModel.Kind k = ClassModel.Kind.of(f.getType());
            if (!k.primitive()) {
                return false;
            }
            size += FlatLayout.width(k);
        }
        return size <= (1 << 16);
    }
}
