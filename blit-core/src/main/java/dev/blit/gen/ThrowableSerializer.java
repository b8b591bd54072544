package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;
import dev.blit.types.StackFrames;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A registered {@link Throwable} class (FORMAT.md, "Throwables"): its message, cause, stack trace and
 * suppressed exceptions through {@code Throwable}'s public methods, then the fields its own classes declare,
 * as a plain class's. {@code Throwable}'s fields are private to {@code java.base}, which Java 17 gives no
 * access to (not even through its {@code java.io} hooks, which Java 22 reaches), and its cause field points at
 * the exception itself until a cause is set, which the hooks would write as a cycle. The public methods give
 * the same state on every JDK, in bytes that do not depend on the JDK's private fields.
 *
 * <p>An exception is made the way its own code would make one, by a constructor, chosen once for the class:
 * one that takes exactly its own fields when some are final (JEP 500), else one that takes them and the
 * message ({@code (String message, int code)}) when some are final, else {@code (String message, Throwable
 * cause)}, {@code (String message)}, one that takes its own fields, one that takes them and the message,
 * {@code ()} or {@code (Throwable cause)}, in that order (the cause parameter may be any {@code Throwable} type); the fields a constructor
 * did not take are then set, the cause given to {@code initCause} if the constructor did not take it, and the
 * stack trace and the suppressed exceptions restored. The rebuilt exception must then say what the bytes
 * say: a constructor that makes another message or another cause is a {@link BlitException}, never a
 * silently different exception.
 *
 * <p>Some exceptions cannot be given their cause after the constructor that takes the message, or their
 * message by the one that takes the cause: {@code ExceptionInInitializerError(String)} fixes the cause at null,
 * so {@code initCause} refuses it, and {@code InvocationTargetException} takes a message only as
 * {@code (Throwable target, String s)}. Where the constructor chosen for the class rebuilds another message or
 * cause than the bytes hold, a {@code (Throwable cause, String message)} constructor, else a
 * {@code (Throwable cause)} one, is tried once more for that exception before it is refused.
 *
 * <p>In compatible mode the own fields carry a {@link FieldTable}, as a plain class's do, at the class's first
 * occurrence in a message: an error type that gains or loses a field between releases (an RPC error that
 * gets a detail) still reads, matched by name.
 */
final class ThrowableSerializer implements Serializer<Throwable> {

    /**
     * What a decoded exception keeps of the reading thread, per frame: its constructor records the thread's stack
     * (the JVM's backtrace, up to {@link #MAX_FRAMES} frames), which {@code setStackTrace} does not drop, about
     * 21 bytes a frame measured on JDK 17 (a list of 15,000 exceptions 500 levels deep kept 21.9 KB each).
     */
    private static final int FRAME_BYTES = 22;
    /** The JVM's default {@code -XX:MaxJavaStackTraceDepth}: no backtrace holds more frames. */
    private static final int MAX_FRAMES = 1024;
    /** Frames of the reading thread per level of the read's nesting: 8 measured through nested lists. */
    private static final int FRAMES_PER_LEVEL = 8;
    /** Frames assumed below the read: the caller's, and Blit's entry into the read. */
    private static final int FRAMES_BELOW = 64;
    /** The exception object itself, its suppressed list and its stack trace array. */
    private static final int EXCEPTION_BYTES = 256;

    /** How an instance is made; see the class comment for the order they are preferred in. */
    private enum Make { FIELDS, MESSAGE_FIELDS, MESSAGE_CAUSE, MESSAGE, NONE, CAUSE }

    private final Class<?> type;
    /** What the read's budget is charged for when one is made, for the message. */
    private final String charged;
    /** Its own fields; settable unless the constructor takes them all (FIELDS). */
    private final OwnFields own;
    private final Make make;
    /**
     * FIELDS: {@code (Object[] values in canonical order)Object}; MESSAGE_FIELDS: the same after the message and the cause;
     * otherwise the constructor, as {@code (Object...)Object}.
     */
    private final MethodHandle constructor;
    /** MESSAGE_CAUSE, CAUSE and MESSAGE_FIELDS with a cause: the cause parameter's type. */
    private final Class<?> causeType;
    /**
     * A constructor taking the cause, {@code (Throwable, String)} or else {@code (Throwable)}, as
     * {@code (Object[] {cause, message})Object}, tried when the chosen one rebuilds another cause or message than
     * the bytes hold (see the class comment); null if there is none, or the own fields are not settable after it.
     */
    private final MethodHandle fallback;
    /** The fallback's cause parameter type. */
    private final Class<?> fallbackCauseType;

    private ThrowableSerializer(Class<?> type, List<ClassModel.Property> own, Make make, MethodHandle constructor,
                                Class<?> causeType, MethodHandle fallback, Class<?> fallbackCauseType, int slot) {
        this.type = type;
        this.own = new OwnFields(type, own, make != Make.FIELDS && make != Make.MESSAGE_FIELDS, slot, FieldTable.THROWABLE);
        this.make = make;
        this.constructor = constructor;
        this.causeType = causeType;
        this.fallback = fallback;
        this.fallbackCauseType = fallbackCauseType;
        this.charged = "the " + type.getName() + " (an exception keeps the reading thread's stack trace)";
    }

    /**
     * @param type   a concrete {@link Throwable} class
     * @param lookup a lookup the user handed over for its package, or null
     * @param slot   compatible mode: the class's slot among the classes a message describes; -1 otherwise
     * @return its serializer
     * @throws BlitException if its own fields cannot be reached or it has no constructor to rebuild it with
     */
    static ThrowableSerializer of(Class<?> type, MethodHandles.Lookup lookup, int slot) {
        List<Field> fields = ClassModel.serializedFields(type);
        for (Field f : fields) {
            if (f.getDeclaringClass().getModule() != type.getModule() && !f.getDeclaringClass().getModule()
                    .isOpen(f.getDeclaringClass().getPackageName(), ThrowableSerializer.class.getModule())) {
                throw new BlitException("cannot serialize " + type.getName() + ": its superclass "
                        + f.getDeclaringClass().getName() + " has fields (" + f.getName() + ") private to module "
                        + f.getDeclaringClass().getModule().getName() + "; register a Serializer of your own for it");
            }
        }
        List<ClassModel.Property> own = ClassModel.properties(fields, lookup);
        MethodHandles.Lookup l;
        boolean publicOnly = false;
        try {
            l = Access.lookupFor(type, lookup);
        } catch (BlitException e) {
            if (!fields.isEmpty() || !Modifier.isPublic(type.getModifiers())) {
                throw e;
            }
            // a JDK exception (IllegalStateException, IOException): its public constructors are enough
            l = MethodHandles.publicLookup();
            publicOnly = true;
        }
        Constructor<?>[] ctors = type.getDeclaredConstructors();
        Arrays.sort(ctors, ClassModel.BY_DESCRIPTOR); // deterministic whatever order reflection returns them in
        Constructor<?> messageCause = null;
        Constructor<?> message = null;
        Constructor<?> none = null;
        Constructor<?> cause = null;
        Constructor<?> causeMessage = null;
        Constructor<?> byFields = null;
        int[] arguments = null;
        Constructor<?> withMessage = null;
        int[] messageArguments = null;
        ConstructorMatcher matcher = fields.isEmpty() ? null : new ConstructorMatcher(type, fields);
        for (Constructor<?> c : ctors) {
            Class<?>[] p = c.getParameterTypes();
            if (c.isSynthetic() || (publicOnly && !Modifier.isPublic(c.getModifiers()))) {
                continue;
            }
            if (p.length == 2 && p[0] == String.class && Throwable.class.isAssignableFrom(p[1]) && messageCause == null) {
                messageCause = c;
            } else if (p.length == 1 && p[0] == String.class) {
                message = c;
            } else if (p.length == 0) {
                none = c;
            } else if (p.length == 1 && Throwable.class.isAssignableFrom(p[0]) && cause == null) {
                cause = c;
            } else if (p.length == 2 && Throwable.class.isAssignableFrom(p[0]) && p[1] == String.class
                    && causeMessage == null) {
                causeMessage = c;
            }
            if (matcher != null && byFields == null) {
                arguments = matcher.match(c);
                byFields = arguments == null ? null : c;
            }
            if (matcher != null && withMessage == null) {
                messageArguments = matcher.matchWithMessage(c);
                withMessage = messageArguments == null ? null : c;
            }
        }
        boolean anyFinal = false;
        for (Field f : fields) {
            anyFinal |= Modifier.isFinal(f.getModifiers());
        }
        Make make;
        Constructor<?> chosen;
        if (byFields != null && anyFinal) {
            make = Make.FIELDS;
            chosen = byFields;
        } else if (withMessage != null && anyFinal) {
            make = Make.MESSAGE_FIELDS;
            chosen = withMessage;
        } else if (messageCause != null) {
            make = Make.MESSAGE_CAUSE;
            chosen = messageCause;
        } else if (message != null) {
            make = Make.MESSAGE;
            chosen = message;
        } else if (byFields != null) {
            make = Make.FIELDS;
            chosen = byFields;
        } else if (withMessage != null) {
            make = Make.MESSAGE_FIELDS;
            chosen = withMessage;
        } else if (none != null) {
            make = Make.NONE;
            chosen = none;
        } else if (cause != null) {
            make = Make.CAUSE;
            chosen = cause;
        } else {
            throw new BlitException("cannot rebuild exception " + type.getName() + ": it needs a constructor (String "
                    + "message, Throwable cause), (String message), (), (Throwable cause), or one whose parameters are "
                    + "exactly its own fields, or its own fields and a String message; or register a Serializer of your "
                    + "own for it");
        }
        if (make != Make.FIELDS && make != Make.MESSAGE_FIELDS) {
            ClassModel.makeSettable(type, own, "its constructor " + chosen);
        }
        MethodHandle ctor;
        try {
            ctor = l.unreflectConstructor(chosen);
        } catch (IllegalAccessException e) {
            throw new BlitException("cannot reach constructor " + chosen + ": " + e.getMessage(), e);
        }
        if (make == Make.FIELDS) {
            // values arrive in canonical order; the constructor wants them in its parameter order
            MethodHandle c = ctor.asType(ctor.type().generic());
            ctor = MethodHandles.permuteArguments(c, MethodType.genericMethodType(fields.size()), arguments);
        } else if (make == Make.MESSAGE_FIELDS) {
            // the message, the cause, then the values in canonical order; the constructor wants them in its
            // parameter order (and perhaps no cause)
            int[] order = new int[messageArguments.length];
            for (int i = 0; i < order.length; i++) {
                int a = messageArguments[i];
                order[i] = a == ConstructorMatcher.MESSAGE ? 0 : a == ConstructorMatcher.CAUSE ? 1 : 2 + a;
            }
            MethodHandle c = ctor.asType(ctor.type().generic());
            ctor = MethodHandles.permuteArguments(c, MethodType.genericMethodType(fields.size() + 2), order);
        }
        ctor = ctor.asType(ctor.type().generic()).asSpreader(Object[].class, ctor.type().parameterCount())
                .asType(MethodType.methodType(Object.class, Object[].class));
        Class<?>[] p = chosen.getParameterTypes();
        Class<?> causeType = make == Make.MESSAGE_CAUSE ? p[1] : make == Make.CAUSE ? p[0] : null;
        for (int i = 0; make == Make.MESSAGE_FIELDS && i < p.length; i++) {
            if (messageArguments[i] == ConstructorMatcher.CAUSE) {
                causeType = p[i];
            }
        }
        // only where the own fields are set after the constructor, as they would be after the chosen one
        Constructor<?> second = make == Make.MESSAGE || make == Make.NONE || make == Make.CAUSE
                ? (causeMessage != null ? causeMessage : make != Make.CAUSE ? cause : null) : null;
        MethodHandle fallback = null;
        if (second != null) {
            try {
                MethodHandle f = l.unreflectConstructor(second);
                // (cause, message) as the bytes give them; a (Throwable) constructor ignores the message
                f = f.asType(f.type().generic());
                f = second.getParameterCount() == 2 ? f : MethodHandles.dropArguments(f, 1, Object.class);
                fallback = f.asSpreader(Object[].class, 2).asType(MethodType.methodType(Object.class, Object[].class));
            } catch (IllegalAccessException e) {
                second = null; // not reachable: refused as before when the chosen constructor cannot rebuild it
            }
        }
        return new ThrowableSerializer(type, own, make, ctor, causeType, fallback,
                second == null ? null : second.getParameterTypes()[0], slot);
    }

    @Override
    public void write(WriteBuffer out, Throwable value) {
        WriteSession session = WriteSession.of(out);
        own.writeTable(out, session);
        out.writeString(value.getMessage());
        session.writeObject(out, value.getCause());
        StackTraceElement[] trace = value.getStackTrace();
        out.writeUnsignedVarInt(trace.length);
        StackTraceElement previous = null;
        for (StackTraceElement e : trace) {
            StackFrames.write(out, e, previous);
            previous = e;
        }
        Throwable[] suppressed = value.getSuppressed();
        out.writeUnsignedVarInt(suppressed.length);
        for (Throwable s : suppressed) {
            session.writeObject(out, s);
        }
        own.write(out, session, value);
    }

    @Override
    public Throwable read(ReadBuffer in) {
        long start = in.offset();
        ReadSession session = ReflectiveSerializer.sessionOf(in);
        FieldTable.Mapping mapping = own.readTable(in, session);
        String message = in.readString();
        long causeAt = in.offset();
        Throwable cause = throwable(readObject(in, session), "cause", causeAt);
        int frames = in.readCount(StackFrames.MIN_BYTES);
        List<StackTraceElement> trace = new ArrayList<>(in.initialCapacity(frames));
        StackTraceElement previous = null;
        for (int i = 0; i < frames; i++) {
            previous = StackFrames.read(in, "stack frame " + i + " of " + type.getName(), previous);
            trace.add(previous);
        }
        int n = in.readCount(1);
        List<Throwable> suppressed = new ArrayList<>(in.initialCapacity(n));
        for (int i = 0; i < n; i++) {
            long at = in.offset();
            Throwable s = throwable(readObject(in, session), "suppressed exception " + i, at);
            if (s == null) {
                throw new BlitException("suppressed exception " + i + " of " + type.getName() + " at offset " + at
                        + " is null");
            }
            suppressed.add(s);
        }
        Object[] values = own.read(in, session, mapping);
        in.charge(retained(session.depth()), start, charged);
        Throwable t = construct(message, cause, values, mapping, start);
        t.setStackTrace(trace.toArray(new StackTraceElement[0]));
        for (Throwable s : suppressed) {
            t.addSuppressed(s); // never t itself: it did not exist while they were read
        }
        return t;
    }

    /**
     * @param depth the read's nesting where the exception is made
     * @return about what the exception made there keeps of the reading thread's stack, charged to the read's
     *         budget before it is made: many exceptions read deep in a value each keep up to about 22 KB
     */
    static long retained(int depth) {
        return EXCEPTION_BYTES + (long) FRAME_BYTES * Math.min(MAX_FRAMES, FRAMES_BELOW + (long) FRAMES_PER_LEVEL * depth);
    }

    /** @param mapping the writer's own fields when its table differs from this class's (compatible mode), or null */
    private Throwable construct(String message, Throwable cause, Object[] values, FieldTable.Mapping mapping, long start) {
        Object[] args;
        switch (make) {
            case FIELDS: args = values; break;
            case MESSAGE_FIELDS:
                args = new Object[values.length + 2];
                args[0] = message;
                args[1] = causeType == null ? null : causeOf(cause, start); // no cause parameter: initCause below
                System.arraycopy(values, 0, args, 2, values.length);
                break;
            case MESSAGE_CAUSE: args = new Object[] {message, causeOf(cause, start)}; break;
            case MESSAGE: args = new Object[] {message}; break;
            case CAUSE: args = new Object[] {causeOf(cause, start)}; break;
            default: args = new Object[0];
        }
        Throwable t = made(constructor, args, values, mapping, start);
        BlitException differs = differs(t, message, cause, start);
        if (differs != null && fallback != null && (cause == null || fallbackCauseType.isInstance(cause))) {
            t = made(fallback, new Object[] {cause, message}, values, mapping, start);
            if (differs(t, message, cause, start) == null) {
                return t;
            }
        }
        if (differs != null) {
            throw differs; // what the chosen constructor made, the one the advice is about
        }
        return t;
    }

    private Throwable made(MethodHandle c, Object[] args, Object[] values, FieldTable.Mapping mapping, long start) {
        try {
            Throwable t = (Throwable) (Object) c.invokeExact(args);
            if (own.settable()) {
                own.set(t, values, mapping); // a field the writer lacked keeps what the constructor set
            }
            return t;
        } catch (Throwable e) {
            throw Support.constructionFailed(type, start, e);
        }
    }

    /** Gives {@code t} the cause if it has none yet; @return why it cannot say what the bytes say, or null */
    private BlitException differs(Throwable t, String message, Throwable cause, long start) {
        if (t.getCause() != cause) {
            if (t.getCause() != null) {
                return differs("cause", t.getCause(), cause, start);
            }
            try {
                t.initCause(cause);
            } catch (IllegalStateException | IllegalArgumentException e) {
                return differs("cause", null, cause, start);
            }
        }
        if (!Objects.equals(t.getMessage(), message)) {
            return differs("message", t.getMessage(), message, start);
        }
        return null;
    }

    private Throwable causeOf(Throwable cause, long start) {
        if (cause != null && !causeType.isInstance(cause)) {
            throw new BlitException("the cause of " + type.getName() + " at offset " + start + " is a "
                    + cause.getClass().getName() + ", which its constructor, taking a " + causeType.getName()
                    + ", cannot be given");
        }
        return cause;
    }

    private BlitException differs(String what, Object made, Object held, long start) {
        return new BlitException("the constructor of " + type.getName() + " rebuilt it with " + what + " " + show(made)
                + " where the bytes at offset " + start + " hold " + show(held) + "; give it a (String message, "
                + "Throwable cause) constructor, or register a Serializer of your own for it");
    }

    private static String show(Object o) {
        return o instanceof String ? '"' + (String) o + '"' : String.valueOf(o);
    }

    private static Object readObject(ReadBuffer in, ReadSession session) {
        return session != null ? session.readObject(in) : in.readObject();
    }

    private Throwable throwable(Object v, String what, long at) {
        if (v == null || v instanceof Throwable) {
            return (Throwable) v;
        }
        throw new BlitException("the " + what + " of " + type.getName() + " at offset " + at + " is a "
                + v.getClass().getName() + ", not a Throwable");
    }
}
