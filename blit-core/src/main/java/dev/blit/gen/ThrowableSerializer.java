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
 * <p>An exception is made the way its own code would make one, by a constructor, chosen once for the class. When
 * some of its own fields are final (JEP 500): one that takes them all and the message, and perhaps the cause
 * ({@code (String message, int code)}), else one that takes exactly its own fields, else one that takes the
 * message (and perhaps the cause) and the final fields, the others set after it. Otherwise, and when none of
 * these exists: {@code (String message, Throwable cause)}, {@code (String message)}, one that takes its own fields,
 * one that takes them and the message, {@code ()} or {@code (Throwable cause)}, in that order. A {@code String} or
 * {@code Throwable} parameter is paired with a field only when the constructor's code stores it there (where the
 * code can be read): by type alone, the message passed to {@code super(message)} would be taken for a
 * {@code String} field. The cause parameter may be any {@code Throwable} type; where overloads take several
 * ({@code (String, IOException)} and {@code (String, Throwable)}), each exception is made by the most specific one
 * its cause fits, else by {@code (String message)} and {@code initCause}, and a cause none of them can be given is
 * refused on writing. The fields a constructor did not take are then set, the cause given to {@code initCause} if
 * the constructor did not take it, and the stack trace and the suppressed exceptions restored (those the
 * constructor added itself stand for the bytes' first ones when they hold the same but for their stack trace,
 * which is then set to the bytes'; otherwise the exception is refused). The rebuilt exception must then say what the
 * bytes say: a constructor that makes another message or another cause is a {@link BlitException}, never a
 * silently different exception. A cause that holds what the bytes' cause holds is the same (an own field that is
 * the cause too, {@code super(message, root); this.root = root}, read as a copy of its own without references).
 *
 * <p>Some exceptions cannot be given their cause after the constructor that takes the message, or their
 * message by the one that takes the cause: {@code ExceptionInInitializerError(String)} fixes the cause at null,
 * so {@code initCause} refuses it, and {@code UndeclaredThrowableException} takes a message only as
 * {@code (Throwable, String)}. Where the constructor chosen for the class rebuilds another message or
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
    /**
     * MESSAGE_FIELDS by a constructor taking the message and the final fields only: for each own field it does not
     * take, {@code (Object, Object)void} setting it after; null entries for those it takes. Null otherwise.
     */
    private final MethodHandle[] late;
    /** MESSAGE_CAUSE and CAUSE: what makes an exception whose cause the chosen constructor cannot take; or null. */
    private final Alternatives others;
    /** The types a written cause must be of to be read back, checked on writing; null where any cause can be. */
    private final Class<?>[] causeTypes;
    /** What a message refusing a rebuilt exception advises. */
    private final String advice;
    /** Whether its constructors may add suppressed exceptions: the user's may, the JDK's do not. */
    private final boolean userCode;

    private ThrowableSerializer(Class<?> type, List<ClassModel.Property> own, Make make, MethodHandle constructor,
                                Class<?> causeType, MethodHandle fallback, Class<?> fallbackCauseType, int slot,
                                MethodHandle[] late, Alternatives others, Class<?>[] causeTypes, String advice) {
        this.type = type;
        this.own = new OwnFields(type, own, make != Make.FIELDS && make != Make.MESSAGE_FIELDS, slot, FieldTable.THROWABLE);
        this.make = make;
        this.constructor = constructor;
        this.causeType = causeType;
        this.fallback = fallback;
        this.fallbackCauseType = fallbackCauseType;
        this.late = late;
        this.others = others;
        this.causeTypes = causeTypes;
        this.advice = advice;
        ClassLoader loader = type.getClassLoader();
        this.userCode = loader != null && loader != ClassLoader.getPlatformClassLoader();
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
        List<Constructor<?>> messageCauses = new ArrayList<>();
        Constructor<?> message = null;
        Constructor<?> none = null;
        List<Constructor<?>> causes = new ArrayList<>();
        Constructor<?> causeMessage = null;
        Constructor<?> byFields = null;
        int[] arguments = null;
        Constructor<?> withMessage = null;
        int[] messageArguments = null;
        List<Field> finals = new ArrayList<>();
        for (Field f : fields) {
            if (Modifier.isFinal(f.getModifiers())) {
                finals.add(f);
            }
        }
        boolean anyFinal = !finals.isEmpty();
        ConstructorMatcher matcher = fields.isEmpty() ? null : new ConstructorMatcher(type, fields);
        boolean code = matcher != null && matcher.classFile(type) != null;
        // the message (and cause) and the final fields, the others set after it: Mixed(String message, int code)
        ConstructorMatcher finalsMatcher = anyFinal && finals.size() < fields.size()
                ? new ConstructorMatcher(type, finals) : null;
        Constructor<?> part = null;
        int[] partArguments = null;
        for (Constructor<?> c : ctors) {
            Class<?>[] p = c.getParameterTypes();
            if (c.isSynthetic() || (publicOnly && !Modifier.isPublic(c.getModifiers()))) {
                continue;
            }
            if (p.length == 2 && p[0] == String.class && Throwable.class.isAssignableFrom(p[1])) {
                messageCauses.add(c);
            } else if (p.length == 1 && p[0] == String.class) {
                message = c;
            } else if (p.length == 0) {
                none = c;
            } else if (p.length == 1 && Throwable.class.isAssignableFrom(p[0])) {
                causes.add(c);
            } else if (p.length == 2 && Throwable.class.isAssignableFrom(p[0]) && p[1] == String.class
                    && causeMessage == null) {
                causeMessage = c;
            }
            if (matcher != null && byFields == null) {
                arguments = matcher.match(c);
                byFields = arguments != null && stored(matcher, c, arguments, code) ? c : null;
            }
            if (matcher != null && withMessage == null) {
                messageArguments = matcher.matchWithMessage(c);
                withMessage = messageArguments != null && stored(matcher, c, messageArguments, code) ? c : null;
            }
            if (finalsMatcher != null && part == null) {
                partArguments = finalsMatcher.matchWithMessage(c);
                part = partArguments != null && stored(finalsMatcher, c, partArguments, code) ? c : null;
            }
        }
        Make make;
        Constructor<?> chosen;
        boolean partial = false;
        if (withMessage != null && anyFinal) {
            // before one taking only the fields, which makes its message of them (Rejected(int code)) and so could
            // not rebuild another one (Rejected(String message, int code))
            make = Make.MESSAGE_FIELDS;
            chosen = withMessage;
        } else if (byFields != null && anyFinal) {
            make = Make.FIELDS;
            chosen = byFields;
        } else if (part != null) {
            make = Make.MESSAGE_FIELDS;
            chosen = part;
            partial = true;
            messageArguments = new int[partArguments.length];
            for (int i = 0; i < partArguments.length; i++) {
                int a = partArguments[i];
                messageArguments[i] = a < 0 ? a : fields.indexOf(finals.get(a)); // an index among all the fields
            }
        } else if (!messageCauses.isEmpty()) {
            make = Make.MESSAGE_CAUSE;
            chosen = mostSpecificFirst(messageCauses, 1).get(0);
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
        } else if (!causes.isEmpty()) {
            make = Make.CAUSE;
            chosen = mostSpecificFirst(causes, 0).get(0);
        } else {
            throw new BlitException("cannot rebuild exception " + type.getName() + ": it needs a constructor (String "
                    + "message, Throwable cause), (String message), (), (Throwable cause), or one whose parameters are "
                    + "exactly its own fields, or its own fields and a String message" + computed(matcher, finals)
                    + "; or register a Serializer of your own for it");
        }
        if (make != Make.FIELDS && make != Make.MESSAGE_FIELDS) {
            ClassModel.makeSettable(type, own, "its constructor " + chosen);
        }
        MethodHandle[] late = null;
        if (partial) {
            // the non-final fields the constructor does not take, set after it
            boolean[] taken = new boolean[fields.size()];
            for (int a : messageArguments) {
                if (a >= 0) {
                    taken[a] = true;
                }
            }
            late = new MethodHandle[fields.size()];
            for (int i = 0; i < late.length; i++) {
                if (!taken[i]) {
                    ClassModel.makeSettable(type, List.of(own.get(i)), "its constructor " + chosen);
                    late[i] = own.get(i).setter().asType(MethodType.methodType(void.class, Object.class, Object.class));
                }
            }
        }
        MethodHandle ctor = unreflect(l, chosen);
        if (make == Make.FIELDS) {
            // values arrive in canonical order; the constructor wants them in its parameter order
            MethodHandle c = ctor.asType(ctor.type().generic());
            ctor = MethodHandles.permuteArguments(c, MethodType.genericMethodType(fields.size()), arguments);
        } else if (make == Make.MESSAGE_FIELDS) {
            // the message, the cause, then the values in canonical order; the constructor wants them in its
            // parameter order (and perhaps no cause, nor the fields set after it)
            int[] order = new int[messageArguments.length];
            for (int i = 0; i < order.length; i++) {
                int a = messageArguments[i];
                order[i] = a == ConstructorMatcher.MESSAGE ? 0 : a == ConstructorMatcher.CAUSE ? 1 : 2 + a;
            }
            MethodHandle c = ctor.asType(ctor.type().generic());
            ctor = MethodHandles.permuteArguments(c, MethodType.genericMethodType(fields.size() + 2), order);
        }
        ctor = spread(ctor);
        Class<?>[] p = chosen.getParameterTypes();
        Class<?> causeType = make == Make.MESSAGE_CAUSE ? p[1] : make == Make.CAUSE ? p[0] : null;
        for (int i = 0; make == Make.MESSAGE_FIELDS && i < p.length; i++) {
            if (messageArguments[i] == ConstructorMatcher.CAUSE) {
                causeType = p[i];
            }
        }
        // only where the own fields are set after the constructor, as they would be after the chosen one
        Constructor<?> second = make == Make.MESSAGE || make == Make.NONE || make == Make.CAUSE
                ? (causeMessage != null ? causeMessage : make != Make.CAUSE && !causes.isEmpty() ? causes.get(0) : null)
                : null;
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
        // overloads taking other cause types ((String, IOException) and (String, Throwable)), for a cause the
        // chosen one cannot take; and (String) for one none of them can, given to initCause after it
        List<Constructor<?>> overloads = make == Make.MESSAGE_CAUSE ? mostSpecificFirst(messageCauses, 1)
                : make == Make.CAUSE ? mostSpecificFirst(causes, 0) : List.of();
        Alternatives others = null;
        if (overloads.size() > 1 || make == Make.MESSAGE_CAUSE && message != null && causeType != Throwable.class) {
            int n = overloads.size() - 1;
            MethodHandle[] handles = new MethodHandle[n];
            Class<?>[] types = new Class<?>[n];
            for (int i = 0; i < n; i++) {
                Constructor<?> o = overloads.get(i + 1);
                handles[i] = spread(unreflect(l, o));
                types[i] = o.getParameterTypes()[make == Make.MESSAGE_CAUSE ? 1 : 0];
            }
            others = new Alternatives(handles, types, make == Make.MESSAGE_CAUSE && message != null
                    ? spread(unreflect(l, message)) : null);
        }
        // what a written cause must be to be read back; null where any can be
        Class<?>[] causeTypes = null;
        if (causeType != null && causeType != Throwable.class && (others == null || others.messageOnly == null)) {
            List<Class<?>> accepted = new ArrayList<>();
            for (Constructor<?> o : overloads.isEmpty() ? List.<Constructor<?>>of(chosen) : overloads) {
                accepted.add(o == chosen ? causeType : o.getParameterTypes()[make == Make.MESSAGE_CAUSE ? 1 : 0]);
            }
            if (second != null) {
                accepted.add(second.getParameterTypes()[0]);
            }
            causeTypes = accepted.contains(Throwable.class) ? null : accepted.toArray(new Class<?>[0]);
        }
        String advice = make == Make.FIELDS || make == Make.MESSAGE_FIELDS
                ? "give it a constructor that takes the message and its final fields (String message" + typed(finals)
                    + ") and passes the message (and a cause it takes) to super(...) unchanged, or register a "
                    + "Serializer of your own for it"
                : "give it a (String message, Throwable cause) constructor, or register a Serializer of your own for it";
        return new ThrowableSerializer(type, own, make, ctor, causeType, fallback,
                second == null ? null : second.getParameterTypes()[0], slot, late, others, causeTypes, advice);
    }

    /**
     * Whether each {@code String} or {@code Throwable} parameter the matcher pairs with a field is stored into it,
     * where the constructor's code can be read: by type alone such a parameter may be the message or the cause,
     * passed to {@code super(...)} ({@code Mixed(String message, int code)} of a class with a {@code String detail}
     * field), and pairing it with the field would rebuild the field from the message.
     */
    private static boolean stored(ConstructorMatcher matcher, Constructor<?> c, int[] map, boolean code) {
        if (!code) {
            return true;
        }
        Class<?>[] p = c.getParameterTypes();
        for (int i = 0; i < map.length; i++) {
            if (map[i] >= 0 && (p[i] == String.class || Throwable.class.isAssignableFrom(p[i]))) {
                int[] one = new int[map.length];
                Arrays.fill(one, -1);
                one[i] = map[i];
                if (!matcher.confirms(c, one)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** @return the constructors, one whose cause parameter (at {@code index}) is a subclass of another's first */
    private static List<Constructor<?>> mostSpecificFirst(List<Constructor<?>> ctors, int index) {
        List<Constructor<?>> sorted = new ArrayList<>(ctors);
        sorted.sort(java.util.Comparator.comparingInt(c -> -depth(c.getParameterTypes()[index]))); // stable
        return sorted;
    }

    private static int depth(Class<?> c) {
        int d = 0;
        for (; c != null; c = c.getSuperclass()) {
            d++;
        }
        return d;
    }

    private static String typed(List<Field> fields) {
        StringBuilder s = new StringBuilder();
        for (Field f : fields) {
            s.append(", ").append(f.getType().getSimpleName()).append(' ').append(f.getName());
        }
        return s.toString();
    }

    /** For the refusal: the final fields its constructors compute, so that none can take them (a timestamp). */
    private static String computed(ConstructorMatcher matcher, List<Field> finals) {
        if (matcher == null) {
            return "";
        }
        List<String> names = new ArrayList<>();
        for (String name : matcher.computedFields()) {
            for (Field f : finals) {
                if (f.getName().equals(name)) {
                    names.add(name);
                }
            }
        }
        if (names.isEmpty()) {
            return "";
        }
        String them = names.size() == 1 ? "it" : "them";
        return "; its constructors compute its final field" + (names.size() == 1 ? " " : "s ") + String.join(", ", names)
                + " (from a constant, a method call, arithmetic, a string concatenation, a condition or a conversion),"
                + " so no argument is surely the field's value: make " + them + " not final (set after the "
                + "constructor then) or transient";
    }

    private static MethodHandle unreflect(MethodHandles.Lookup l, Constructor<?> c) {
        try {
            return l.unreflectConstructor(c);
        } catch (IllegalAccessException e) {
            throw new BlitException("cannot reach constructor " + c + ": " + e.getMessage(), e);
        }
    }

    /** @return {@code c} as {@code (Object[])Object} */
    private static MethodHandle spread(MethodHandle c) {
        return c.asType(c.type().generic()).asSpreader(Object[].class, c.type().parameterCount())
                .asType(MethodType.methodType(Object.class, Object[].class));
    }

    /** MESSAGE_CAUSE and CAUSE: the constructors for a cause the chosen one's parameter cannot take. */
    private static final class Alternatives {
        /** Overloads of the chosen constructor taking other cause types, most specific first, as (Object[])Object. */
        final MethodHandle[] handles;
        final Class<?>[] causeTypes;
        /** MESSAGE_CAUSE: {@code (String message)}, the cause then given to initCause; or null. */
        final MethodHandle messageOnly;

        Alternatives(MethodHandle[] handles, Class<?>[] causeTypes, MethodHandle messageOnly) {
            this.handles = handles;
            this.causeTypes = causeTypes;
            this.messageOnly = messageOnly;
        }
    }

    @Override
    public void write(WriteBuffer out, Throwable value) {
        Throwable cause = value.getCause();
        if (causeTypes != null && cause != null) {
            checkCause(value, cause);
        }
        WriteSession session = WriteSession.of(out);
        own.writeTable(out, session);
        out.writeString(value.getMessage());
        session.writeObject(out, cause);
        StackTraceElement[] trace = value.getStackTrace();
        if (trace == null) {
            throw new BlitException("cannot write " + value.getClass().getName() + ": its getStackTrace() returned "
                    + "null (Blit writes what it returns); return an empty array for no frames, or register a "
                    + "Serializer of your own for it");
        }
        out.writeUnsignedVarInt(trace.length);
        StackTraceElement previous = null;
        try {
            for (StackTraceElement e : trace) {
                StackFrames.write(out, e, previous);
                previous = e;
            }
        } catch (NullPointerException e) {
            throw nullFrame(value, trace, e);
        }
        Throwable[] suppressed = value.getSuppressed();
        out.writeUnsignedVarInt(suppressed.length);
        for (Throwable s : suppressed) {
            session.writeObject(out, s);
        }
        own.write(out, session, value);
    }

    /** Refuses on writing a cause that none of the class's constructors could be given on reading. */
    private void checkCause(Throwable value, Throwable cause) {
        for (Class<?> c : causeTypes) {
            if (c.isInstance(cause)) {
                return;
            }
        }
        List<String> names = new ArrayList<>();
        for (Class<?> c : causeTypes) {
            names.add(c.getName());
        }
        throw new BlitException("cannot write " + value.getClass().getName() + ": its cause is a "
                + cause.getClass().getName() + ", which none of its constructors can be given on reading (they take "
                + String.join(", ", names) + "); give it a (String message, Throwable cause) or (String message) "
                + "constructor, or register a Serializer of your own for it");
    }

    private static RuntimeException nullFrame(Throwable value, StackTraceElement[] trace, NullPointerException e) {
        for (int i = 0; i < trace.length; i++) {
            if (trace[i] == null) {
                return new BlitException("cannot write " + value.getClass().getName() + ": element " + i + " of "
                        + "what its getStackTrace() returned is null (Blit writes what it returns); leave the null "
                        + "frames out, or register a Serializer of your own for it", e);
            }
        }
        return e;
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
        Throwable[] made = userCode ? t.getSuppressed() : null;
        for (int i = made == null || made.length == 0 ? 0 : madeSuppressed(made, suppressed, start); i < n; i++) {
            t.addSuppressed(suppressed.get(i)); // never t itself: it did not exist while they were read
        }
        return t;
    }

    /**
     * A constructor that adds suppressed exceptions of its own ({@code addSuppressed(new Note(...))}): the bytes hold
     * them too, first, since the writer's exception was made by it as well, and {@code Throwable} cannot drop one. The
     * ones it made stand for them when they say the same but for their stack trace, which is then set to the bytes'.
     *
     * @return how many of the bytes' suppressed exceptions the constructor made
     */
    private int madeSuppressed(Throwable[] made, List<Throwable> suppressed, long start) {
        for (int i = 0; i < made.length; i++) {
            if (i >= suppressed.size() || !sameContent(made[i], suppressed.get(i), false, new int[] {MAX_COMPARED})) {
                throw new BlitException("the constructor of " + type.getName() + " added suppressed exception "
                        + made[i] + ", which the bytes at offset " + start + " do not hold as suppressed exception " + i
                        + "; register a Serializer of your own for it");
            }
        }
        for (int i = 0; i < made.length; i++) {
            made[i].setStackTrace(suppressed.get(i).getStackTrace());
        }
        return made.length;
    }

    /** How many exceptions {@link #sameContent} compares at most before it answers no. */
    private static final int MAX_COMPARED = 1000;

    /**
     * Whether two exceptions hold the same (both read from bytes or made by a constructor from them): class,
     * message, stack trace (unless {@code trace} is false), suppressed exceptions, cause and own fields, these
     * compared with {@code equals} (an object without one is the same only as itself).
     *
     * @param budget how many more exceptions may be compared, counted down
     */
    private static boolean sameContent(Throwable a, Throwable b, boolean trace, int[] budget) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null || a.getClass() != b.getClass() || --budget[0] < 0
                || !Objects.equals(a.getMessage(), b.getMessage())
                || trace && !Arrays.equals(a.getStackTrace(), b.getStackTrace())) {
            return false;
        }
        Throwable[] x = a.getSuppressed();
        Throwable[] y = b.getSuppressed();
        if (x.length != y.length) {
            return false;
        }
        for (int i = 0; i < x.length; i++) {
            if (!sameContent(x[i], y[i], true, budget)) {
                return false;
            }
        }
        Throwable ca = a.getCause();
        Throwable cb = b.getCause();
        if (ca == a || cb == b ? ca != a || cb != b : !sameContent(ca, cb, true, budget)) {
            return false;
        }
        try {
            for (Field f : ClassModel.serializedFields(a.getClass())) {
                if (!f.trySetAccessible()) {
                    return false;
                }
                Object u = f.get(a);
                Object v = f.get(b);
                if (u instanceof Throwable && v instanceof Throwable
                        ? !sameContent((Throwable) u, (Throwable) v, true, budget) : !Objects.deepEquals(u, v)) {
                    return false;
                }
            }
        } catch (RuntimeException | IllegalAccessException e) {
            return false;
        }
        return true;
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
        MethodHandle c = constructor;
        switch (make) {
            case FIELDS: args = values; break;
            case MESSAGE_FIELDS:
                args = new Object[values.length + 2];
                args[0] = message;
                args[1] = causeType == null ? null : causeOf(cause, start); // no cause parameter: initCause below
                System.arraycopy(values, 0, args, 2, values.length);
                break;
            case MESSAGE_CAUSE:
                args = new Object[] {message, cause};
                if (cause != null && !causeType.isInstance(cause)) {
                    c = other(cause, start);
                    args = c == others.messageOnly ? new Object[] {message} : args; // then initCause
                }
                break;
            case MESSAGE: args = new Object[] {message}; break;
            case CAUSE:
                args = new Object[] {cause};
                if (cause != null && !causeType.isInstance(cause)) {
                    c = other(cause, start);
                }
                break;
            default: args = new Object[0];
        }
        Throwable t = made(c, args, values, mapping, start);
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
            } else if (late != null) {
                for (int i = 0; i < late.length; i++) {
                    if (late[i] != null && (mapping == null || mapping.written(i))) {
                        late[i].invokeExact((Object) t, values[i]);
                    }
                }
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
                // an own field that is the cause too (super(message, root); this.root = root), read as a copy of
                // its own where the writer did not track references: the same if it holds the same
                if (!sameContent(t.getCause(), cause, true, new int[] {MAX_COMPARED})) {
                    return differs("cause", t.getCause(), cause, start);
                }
            } else {
                try {
                    t.initCause(cause);
                } catch (IllegalStateException | IllegalArgumentException e) {
                    return differs("cause", null, cause, start);
                }
            }
        }
        if (!Objects.equals(t.getMessage(), message)) {
            return differs("message", t.getMessage(), message, start);
        }
        return null;
    }

    /**
     * MESSAGE_CAUSE and CAUSE, a cause the chosen constructor's parameter cannot take: the most specific overload
     * that can ({@code (String, Throwable)} beside {@code (String, IOException)}), else {@code (String)}.
     */
    private Throwable causeOf(Throwable cause, long start) {
        if (cause != null && !causeType.isInstance(cause)) {
            other(cause, start); // throws: MESSAGE_FIELDS has no others
        }
        return cause;
    }

    private MethodHandle other(Throwable cause, long start) {
        if (others != null) {
            for (int i = 0; i < others.handles.length; i++) {
                if (others.causeTypes[i].isInstance(cause)) {
                    return others.handles[i];
                }
            }
            if (others.messageOnly != null) {
                return others.messageOnly;
            }
        }
        throw new BlitException("the cause of " + type.getName() + " at offset " + start + " is a "
                + cause.getClass().getTypeName() + ", which its constructor, taking a " + causeType.getTypeName()
                + ", cannot be given");
    }

    private BlitException differs(String what, Object made, Object held, long start) {
        return new BlitException("the constructor of " + type.getName() + " rebuilt it with " + what + " " + show(made)
                + " where the bytes at offset " + start + " hold " + show(held) + "; " + advice);
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
                + v.getClass().getTypeName() + ", not a Throwable");
    }
}
