package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.gen.ClassLayout;
import dev.blit.types.TypeIds;

/**
 * The content of a registered {@link Throwable} (FORMAT.md, "Throwables"), for {@link Decoder}: what
 * {@code Throwable}'s public methods return (message, cause, stack trace, suppressed exceptions), then the
 * fields its own classes declare, as a plain class's. In compatible mode the content starts with the class's
 * field table where a plain class's would (its first occurrence in the message; {@code 03 01 01 0b}, the
 * exception marker alone, for an exception with no fields of its own), which the decoder reads; the marker, the
 * table's first entry, says that this content follows, and the own fields follow it in the table's order: the
 * writer's, whatever the reader's class declares, so that an exception may gain or lose fields. With the marker
 * an exception reads without its class too. Which reading
 * applies, and how it is guessed without {@code --compatible} or {@code --schema}, is decided here too
 * ({@link #exception}), with the decoder's per-message state (its tables, its evidence of the writer's mode, and
 * a {@link Decoder.Snapshot} to rewind a wrong guess).
 *
 * <p>It refuses what the library's {@code ThrowableSerializer.read} refuses from the bytes alone, in its
 * words: a cause or suppressed exception that is no {@code Throwable}, a null suppressed exception, a frame
 * without a class or method name, counts the input cannot hold; a back reference to the exception from
 * inside it is refused by the decoder, which numbers it as the library does, as an object that exists only
 * once its content is read. What needs the rebuilt exception (its constructor's message and cause, the type
 * of its constructor's cause parameter, the types of its own reference fields) is the library's alone.
 * Kept apart so that the decoder stays readable.
 */
final class ThrowableValues {
    /** The fewest bytes a stack frame takes: flags, a method name, a line (the library's MIN_FRAME_BYTES). */
    private static final int MIN_FRAME_BYTES = 3;
    /** Frame flags (FORMAT.md "Throwables"): origin as the frame before, class as the frame before, file named after the class. */
    private static final int SAME_ORIGIN = 1;
    private static final int SAME_CLASS = 2;
    private static final int SOURCE_FILE = 4;

    private final Decoder decoder;
    private final Input in;
    private final FieldTables fieldTables;
    private final UserTypes types;

    ThrowableValues(Decoder decoder, Input in, FieldTables fieldTables, UserTypes types) {
        this.decoder = decoder;
        this.in = in;
        this.fieldTables = fieldTables;
        this.types = types;
    }

    /**
     * A registered exception's content (FORMAT.md, "Throwables"). Schema-consistent: message, cause, frames,
     * suppressed exceptions, own fields in canonical order. Compatible: the same, with the class's field table
     * first (at its first occurrence in the message, as for a plain class, the bookkeeping shared with them) and
     * the own fields in the table's order, the table's first entry the exception marker (an exception with no
     * fields of its own has the table {@code 03 01 01 0b}).
     *
     * <p>Guessing ({@link Decoder.Mode#AUTO}) is harder than for a plain class: a guessed table cannot be required to name
     * a field the class knows (it has none, or the writer's version has others), only to start with the marker,
     * which schema-consistent content (a message, then a cause) can still spell by chance. So: when an earlier user object of the message told the mode
     * ({@code Decoder.evidence}: a field table read, or a first occurrence of a class with fields that had none),
     * the exception is read in that mode, as {@code --compatible} or {@code --schema} would read it, since one
     * Blit instance writes a whole message in one mode. Otherwise, when no table parses here it is read
     * schema-consistent; when one does, the whole content is read as compatible, and if that finds damage the
     * decoder rewinds (its numbering, tables and tree included) and reads it schema-consistent. If both readings
     * find damage, the one that got further is shown: its error is the likelier one. Each reading fixes the
     * evidence before it starts, so the exceptions inside it do not guess again, and the guess costs at most
     * three reads of this one value.
     */
    void exception(Node n, UserTypes.UserType t, int depth) {
        long key = t.id();
        if (decoder.tables.containsKey(key)) {
            FieldTables.Table table = decoder.tables.get(key);
            if (table != null) {
                n.note = "no field table: it came earlier in this message";
            }
            value(n, t, table, depth);
            return;
        }
        Decoder.Mode reading = decoder.mode == Decoder.Mode.AUTO ? decoder.evidence : decoder.mode;
        if (reading != null) {
            exception(n, t, reading, depth);
            return;
        }
        Decoder.Snapshot before = decoder.new Snapshot(n);
        FieldTables.Table guessed = fieldTables.table(n, t, Decoder.Mode.AUTO);
        if (guessed == null) {
            exception(n, t, Decoder.Mode.SCHEMA, depth);
            return;
        }
        try {
            decoder.tables.put(key, guessed);
            decoder.evidence = Decoder.Mode.COMPATIBLE;
            value(n, t, guessed, depth);
            return;
        } catch (Decoder.Undecodable e) {
            throw e; // stopped for a missing class, not damage: nothing tells the other reading is better
        } catch (BlitException e) {
            long compatibleReached = in.pos;
            before.restore(n);
            try {
                exception(n, t, Decoder.Mode.SCHEMA, depth);
                return;
            } catch (Decoder.Undecodable u) {
                throw u;
            } catch (BlitException s) {
                if (in.pos >= compatibleReached) {
                    throw s;
                }
                before.restore(n);
                exception(n, t, Decoder.Mode.COMPATIBLE, depth); // fails again, as before
                throw s;
            }
        }
    }

    /** An exception's first occurrence in the message, read in {@code reading} (COMPATIBLE or SCHEMA). */
    private void exception(Node n, UserTypes.UserType t, Decoder.Mode reading, int depth) {
        decoder.evidence = reading;
        FieldTables.Table table = reading == Decoder.Mode.COMPATIBLE ? fieldTables.table(n, t, Decoder.Mode.COMPATIBLE) : null;
        decoder.tables.put(t.id(), table);
        value(n, t, table, depth);
    }

    /**
     * The content of exception {@code n}, whose tag (a user id the classes say is a {@code Throwable}) was read
     * and which is numbered, after its field table if it has one: its message, cause, frames and suppressed
     * exceptions as children, then its own fields as a plain class's.
     *
     * @param table the writer's field table (compatible mode, read here or at the class's first occurrence in
     *              the message), whose names and codes give the own fields; null for schema-consistent content,
     *              whose own fields are the class's in canonical order
     */
    void value(Node n, UserTypes.UserType t, FieldTables.Table table, int depth) {
        if (table != null) { // its marker, the table's first entry, says where the content below comes
            fieldTables.compatibleFields(n, table, t, depth);
            return;
        }
        content(n, t, depth);
        fieldTables.schemaFields(n, t, depth);
    }

    /**
     * What {@code Throwable}'s public methods return: message, cause, stack trace, suppressed exceptions.
     *
     * @param t the exception's class, or null when the dump does not have it (a compatible-mode table's marker
     *          said the content is an exception's)
     */
    void content(Node n, UserTypes.UserType t, int depth) {
        Node message = n.add(new Node(in.pos, "message"));
        try {
            message.type = "String";
            String s = in.quotedStr();
            message.value = s == null ? "null" : s;
        } catch (BlitException e) {
            decoder.mark(message, e);
            throw e;
        } finally {
            message.end = in.pos;
        }
        long causeAt = in.pos;
        decoder.value(n, "cause", depth + 1);
        throwable(n, n.children.get(n.children.size() - 1), "cause", causeAt);
        String owner = t != null ? t.name() : n.type; // for messages
        frames(n, owner);
        suppressed(n, owner, depth);
    }

    /** The stack trace: a count, counted like a collection's elements, then one line per frame. */
    private void frames(Node n, String owner) {
        Node trace = n.add(new Node(in.pos, "stackTrace"));
        trace.type = "StackTraceElement[]";
        try {
            int count = in.count(MIN_FRAME_BYTES, "stack frame count");
            trace.value = count + (count == 1 ? " frame" : " frames");
            StackTraceElement previous = null;
            for (int i = 0; i < count; i++) {
                previous = frame(trace, owner, i, previous);
            }
        } finally {
            trace.end = in.pos;
        }
    }

    /**
     * One frame, as the library reads it: its flags, then what they do not say, then the check that the class
     * and method are named (a frame cut short is truncated, whatever its names). Shown as
     * {@code StackTraceElement.toString()} shows the element the library rebuilds ({@code app//} for an
     * application class loader's frame, where the JDK's own trace hides it):
     * {@code loader/module@version/class.method(file:line)}.
     *
     * @return the frame, which the next one's flags refer to
     */
    private StackTraceElement frame(Node trace, String owner, int i, StackTraceElement previous) {
        Node f = trace.add(new Node(in.pos, "[" + i + "]"));
        f.type = "frame";
        try {
            StackTraceElement e = frame(in, "stack frame " + i + " of " + owner, previous);
            f.value = shown(e);
            return e;
        } catch (BlitException e) {
            decoder.mark(f, e);
            throw e;
        } finally {
            f.end = in.pos;
        }
    }

    /**
     * One frame's bytes, as the library's {@code StackFrames.read} reads them: also a {@code StackTraceElement}
     * on its own (extended id 37), which has no frame before it.
     *
     * @param what     the frame, for messages
     * @param previous the frame before it, or null
     */
    static StackTraceElement frame(Input in, String what, StackTraceElement previous) {
        long at = in.pos;
        int flags = in.u8();
        if ((flags & ~(SAME_ORIGIN | SAME_CLASS | SOURCE_FILE)) != 0
                || (previous == null && (flags & (SAME_ORIGIN | SAME_CLASS)) != 0)) {
            throw new BlitException(what + " at offset " + at + " has invalid flags 0x" + Integer.toHexString(flags));
        }
        boolean sameOrigin = (flags & SAME_ORIGIN) != 0;
        String loader = sameOrigin ? previous.getClassLoaderName() : in.str();
        String module = sameOrigin ? previous.getModuleName() : in.str();
        String version = sameOrigin ? previous.getModuleVersion() : in.str();
        String declaring = (flags & SAME_CLASS) != 0 ? previous.getClassName() : in.str();
        String method = in.str();
        if (declaring == null || method == null) {
            throw new BlitException(what + " at offset " + at + " has no " + (declaring == null ? "class" : "method") + " name");
        }
        String file = (flags & SOURCE_FILE) != 0 ? ClassLayout.sourceFile(declaring) : in.str();
        int line = (int) in.svar(32);
        return new StackTraceElement(loader, module, version, declaring, method, file, line);
    }

    /**
     * @return the frame as {@code StackTraceElement.toString()} shows it, quoted when a hostile name holds line
     *         breaks or control characters
     */
    static String shown(StackTraceElement e) {
        String text = e.toString();
        String quoted = Names.quote(text);
        return quoted.equals('"' + text + '"') ? text : quoted;
    }

    /** The suppressed exceptions: a count, then tagged values, each one a {@code Throwable}, never null. */
    private void suppressed(Node n, String owner, int depth) {
        Node all = n.add(new Node(in.pos, "suppressed"));
        all.type = "Throwable[]";
        try {
            int count = in.count(1, "suppressed count");
            all.value = count + (count == 1 ? " exception" : " exceptions");
            for (int i = 0; i < count; i++) {
                long at = in.pos;
                decoder.value(all, "[" + i + "]", depth + 1);
                Node s = all.children.get(all.children.size() - 1);
                throwable(n, s, "suppressed exception " + i, at);
                if (s.id == TypeIds.NULL) {
                    throw new BlitException("suppressed exception " + i + " of " + owner + " at offset " + at
                            + " is null");
                }
            }
        } finally {
            all.end = in.pos;
        }
    }

    /**
     * Refuses, as the library does, a cause or suppressed exception that cannot be a {@code Throwable}: a
     * built-in value (none is one), or an object of a user class (by id or by name) the dump knows as an enum or a
     * plain class, itself or through a back reference. A user class the dump knows nothing of, or whose own code writes it
     * (which may read back as anything), may be one.
     */
    private void throwable(Node n, Node child, String what, long at) {
        Node target = decoder.target(child);
        if (target.id == TypeIds.NULL) {
            return;
        }
        String name;
        if (!UserTypes.isUser(target)) {
            name = target.type;
        } else {
            UserTypes.UserType u = types.of(target);
            if (u == null || u.shape() == UserTypes.Shape.THROWABLE || u.shape() == UserTypes.Shape.OPAQUE) {
                return;
            }
            name = u.name();
        }
        throw new BlitException("the " + what + " of " + n.type + " at offset " + at + " is a "
                + (target != child ? "back reference to object #" + target.ref + ", a " : "") + name
                + ", not a Throwable");
    }
}
