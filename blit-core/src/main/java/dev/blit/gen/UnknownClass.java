package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.Registration;
import dev.blit.types.StackFrames;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Compatible mode: reading past a value of a class this reader has no registration for, in a field its own
 * class lacks (the writer added a field of a new class: {@code Address address}, registered 105 by the writer
 * only). Every user class's first value in a compatible message starts with its field table (FORMAT.md,
 * "Compatible mode"), which says what its content is: fields, read by their codes and dropped; an exception's
 * message, cause, stack trace and suppressed exceptions before them; a collection's elements or a map's entries
 * after them; an enum's ordinal; a {@code Serializable} class's {@code java.io} hooks, by the classes and fields
 * its table lists ({@link HookTable}); or content of the class's own serializer otherwise, which cannot be read
 * without the class and is an error. The value read is {@link ReadSession#SKIPPED}.
 *
 * <p>One instance per unknown id or name per message: it keeps the table its first value carried for the values after.
 */
public final class UnknownClass implements Serializer<Object> {
    private static final ClassModel.Kind[] KINDS = ClassModel.Kind.values();

    /** What its messages call it: "type id 105", or a class written by name. */
    private final String what;
    /** A class written by name: numbered for back references whatever it is, as every id-99 value is. */
    private final boolean named;
    /** The kinds of the fields, in the table's order; null until this message's table is read. */
    private ClassModel.Kind[] kinds;
    /** The table's marker: 0 for none, else one of {@link ClassLayout}'s marker codes. */
    private int marker;
    /** A class serialized through its hooks: the classes its table lists, topmost first; else null. */
    private HookTable.Slot[] hooks;

    private UnknownClass(String what, boolean named) {
        this.what = what;
        this.named = named;
    }

    /**
     * @param id a type id this reader has no registration for
     * @return a registration that reads past its values, for one message
     */
    public static Registration registration(int id) {
        Registration r = new Registration(id, Object.class);
        r.bind(new UnknownClass("type id " + id, false));
        return r;
    }

    /**
     * @param name a class written by name that this reader does not read by that name (its patterns do not allow
     *             it, or it has no such class)
     * @return a registration that reads past its values, for one message
     */
    public static Registration named(String name) {
        Registration r = new Registration(dev.blit.types.TypeIds.EXTENDED, Object.class);
        r.bind(new UnknownClass("class " + name + " (written by name)", true));
        return r;
    }

    @Override
    public void write(WriteBuffer out, Object value) {
        throw new BlitException(what + " is not one this instance writes");
    }

    @Override
    public Object read(ReadBuffer in) {
        ReadSession session = ReadSession.of(in);
        long start = in.offset();
        if (kinds == null) {
            table(in, start);
        }
        if (marker == ClassLayout.MARKER_ENUM) {
            if (!named) {
                session.untrack(); // a registered enum's constants are never numbered
            }
            in.readUnsignedVarInt();
            return ReadSession.SKIPPED;
        }
        if (hooks != null) {
            in.reference(ReadSession.SKIPPED); // before the content, as the writer numbered it
            for (HookTable.Slot s : hooks) {
                HookTable.skip(in, session, s);
            }
            return ReadSession.SKIPPED;
        }
        if (marker == ClassLayout.MARKER_OPAQUE) {
            throw new BlitException("the value of " + what + " at offset " + start + " was written by its class's own"
                    + " serializer (its field table says so), which only that class's code can read");
        }
        in.reference(ReadSession.SKIPPED); // before the content: it may refer to itself
        if (marker == ClassLayout.MARKER_THROWABLE) {
            in.readString();
            session.readObject(in);
            int frames = in.readCount(StackFrames.MIN_BYTES);
            StackTraceElement previous = null;
            for (int i = 0; i < frames; i++) {
                previous = StackFrames.read(in, "stack frame " + i + " of an exception of " + what, previous);
            }
            int suppressed = in.readCount(1);
            for (int i = 0; i < suppressed; i++) {
                session.readObject(in);
            }
        }
        for (ClassModel.Kind k : kinds) {
            FieldTable.readValue(in, session, k);
        }
        if (marker == ClassLayout.MARKER_ELEMENTS) {
            int n = in.readCount(1);
            Registration run = session.run(in, n);
            for (int i = 0; i < n; i++) {
                session.element(in, run);
            }
        } else if (marker == ClassLayout.MARKER_ENTRIES) {
            int n = in.readCount(2);
            Registration[] runs = session.mapRun(in, n);
            for (int i = 0; i < n; i++) {
                session.element(in, runs == null ? null : runs[0]);
                session.element(in, runs == null ? null : runs[1]);
            }
        }
        return ReadSession.SKIPPED;
    }

    /** Reads the class's table, checked as a reader with the class checks one, but against no class. */
    private void table(ReadBuffer in, long at) {
        int length = FieldTable.tableLength(in, at);
        long start = in.offset();
        int p = in.take(length);
        byte[] bytes = java.util.Arrays.copyOfRange(in.array(), p, p + length);
        if (HookTable.listsSlots(bytes)) {
            hooks = HookTable.parse(bytes, what, at, start);
            marker = ClassLayout.MARKER_OPAQUE;
            kinds = new ClassModel.Kind[0];
            return;
        }
        ReadBuffer r = ReadBuffer.of(bytes);
        List<ClassModel.Kind> fields = new ArrayList<>();
        try {
            int n = r.readCount(2);
            Set<String> seen = new HashSet<>();
            for (int i = 0; i < n; i++) {
                long entryAt = r.offset();
                String name = r.readString();
                int code = r.readByte() & 0xFF;
                if ("".equals(name) && code >= ClassLayout.MARKER_THROWABLE && code <= ClassLayout.MARKER_OPAQUE) {
                    boolean placed = code == ClassLayout.MARKER_THROWABLE ? i == 0
                            : code == ClassLayout.MARKER_ELEMENTS || code == ClassLayout.MARKER_ENTRIES ? i == n - 1 : n == 1;
                    if (!placed || marker != 0) {
                        throw new BlitException(ClassLayout.markerName(code) + " marker at offset " + entryAt + " (entry " + i
                                + " of " + n + ") is not where a table has it");
                    }
                    marker = code;
                    continue;
                }
                if (name == null || name.isEmpty() || code < 1 || code > KINDS.length) {
                    throw new BlitException("invalid field entry at offset " + entryAt);
                }
                if (!seen.add(name)) {
                    throw new BlitException("field " + name + " named twice at offset " + entryAt);
                }
                fields.add(KINDS[code - 1]);
            }
            if (!r.isExhausted()) {
                throw new BlitException("trailing bytes at offset " + r.offset());
            }
        } catch (BlitException e) {
            throw new BlitException("malformed field table of " + what + " at offset " + at
                    + " (offsets below count from " + start + "): " + e.getMessage(), e);
        }
        kinds = fields.toArray(new ClassModel.Kind[0]);
    }
}
