package dev.blit.gen;

import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * The fallback when code cannot be generated (a hidden class cannot be defined, or
 * {@code -Dblit.gen=reflective}): the same {@link ClassModel}, driven by a loop over method handles. It
 * writes every reference field with {@link WriteSession#writeObject} (a String field with
 * {@code writeString}, untagged), which makes it the reference the generated code is tested against: both
 * must produce identical bytes.
 */
public final class ReflectiveSerializer implements Serializer<Object> {
    private final ClassModel model;
    private final ClassModel.Property[] properties;
    private final ClassModel.Kind[] kinds;
    private final String[] names;
    /**
     * Per field: its declared type where that type may replace itself (written through
     * {@link WriteSession#writeField}, as generated code does), else null.
     */
    private final Class<?>[] replaces;
    /** (Object)Object, boxing primitives. */
    private final MethodHandle[] getters;
    /**
     * (Object, Object)void, unboxing; for the fields set after construction
     * ({@link ClassModel.Property#settable}), else null.
     */
    private final MethodHandle[] setters;
    /** FIELDS: ()Object; otherwise (Object[])Object in canonical field order. */
    private final MethodHandle constructor;
    /** Non-null when the class is written as one fixed-layout block. */
    private final FlatLayout flat;
    /** Whether {@link #readInto} fills an object in place: made by its no-argument constructor, no final field. */
    private final boolean fillable;

    /**
     * @param model the class to serialize; a class whose fields are all primitives is written as a flat block,
     *              as generated code writes it by default
     */
    public ReflectiveSerializer(ClassModel model) {
        this(model, true);
    }

    /** @return whether the class has a field to serialize, so that its content is never empty */
    boolean hasFields() {
        return properties.length > 0;
    }

    /** @return whether it builds its object through a constructor, after the fields ({@code Registration.late}) */
    boolean late() {
        return model.strategy() != ClassModel.Strategy.FIELDS;
    }

    /**
     * @param model the class to serialize
     * @param flat  whether a class whose fields are all primitives is written as a flat block (FORMAT.md
     *              "Flat classes"); false writes it field by field like any other class
     */
    public ReflectiveSerializer(ClassModel model, boolean flat) {
        this.model = model;
        this.flat = flat ? FlatLayout.of(model) : null;
        List<ClassModel.Property> ps = model.properties();
        int n = ps.size();
        properties = ps.toArray(new ClassModel.Property[0]);
        kinds = new ClassModel.Kind[n];
        names = new String[n];
        replaces = new Class<?>[n];
        getters = new MethodHandle[n];
        setters = new MethodHandle[n];
        for (int i = 0; i < n; i++) {
            ClassModel.Property p = properties[i];
            kinds[i] = p.kind;
            names[i] = p.displayName();
            if (p.kind == ClassModel.Kind.REFERENCE && dev.blit.serial.JavaSerialization.mayReplace(p.type())) {
                replaces[i] = p.type();
            }
            getters[i] = p.getter().asType(MethodType.methodType(Object.class, Object.class));
            if (p.settable) {
                setters[i] = p.setter().asType(MethodType.methodType(void.class, Object.class, Object.class));
            }
        }
        fillable = model.strategy() == ClassModel.Strategy.FIELDS && FlatGenerator.noFinalField(model.properties());
        if (model.strategy() == ClassModel.Strategy.FIELDS) {
            constructor = model.constructor();
        } else {
            // Values arrive in canonical order; the constructor wants them in parameter order.
            int[] args = model.arguments();
            MethodHandle c = model.constructor().asType(model.constructor().type().generic());
            int[] reorder = new int[args.length];
            System.arraycopy(args, 0, reorder, 0, args.length);
            MethodHandle permuted = java.lang.invoke.MethodHandles.permuteArguments(c,
                    MethodType.genericMethodType(n), reorder);
            constructor = permuted.asSpreader(Object[].class, n)
                    .asType(MethodType.methodType(Object.class, Object[].class));
        }
    }

    /**
     * @param type   a record or plain class
     * @param lookup a lookup with access to it, or null
     * @return its reflective serializer
     */
    public static ReflectiveSerializer of(Class<?> type, java.lang.invoke.MethodHandles.Lookup lookup) {
        return new ReflectiveSerializer(ClassModel.of(type, lookup));
    }

    @Override
    public void write(WriteBuffer out, Object value) {
        if (flat != null) {
            Object[] values = new Object[getters.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = get(i, value);
            }
            flat.write(out, kinds, values);
            return;
        }
        WriteSession session = null;
        for (int i = 0; i < getters.length; i++) {
            if (replaces[i] != null) {
                session = session != null ? session : WriteSession.of(out);
                session.writeField(out, get(i, value), replaces[i], names[i]);
            } else {
                session = writeField(out, session, kinds[i], get(i, value));
            }
        }
    }

    /**
     * Writes one field's value in its FORMAT.md encoding ("User classes").
     *
     * @param out     the buffer
     * @param session the write session, or null until a reference field needs it
     * @param kind    the field's encoding
     * @param v       its value, primitives boxed
     * @return the session, found when a reference field first needed it
     */
    static WriteSession writeField(WriteBuffer out, WriteSession session, ClassModel.Kind kind, Object v) {
        switch (kind) {
            case BOOLEAN: out.writeBoolean((Boolean) v); break;
            case BYTE: out.writeByte((Byte) v); break;
            case SHORT: out.writeShort((Short) v); break;
            case CHAR: out.writeChar((Character) v); break;
            case INT: out.writeVarInt((Integer) v); break;
            case LONG: out.writeVarLong((Long) v); break;
            case FLOAT: out.writeFloat((Float) v); break;
            case DOUBLE: out.writeDouble((Double) v); break;
            case STRING: out.writeString((String) v); break;
            default:
                WriteSession s = session != null ? session : WriteSession.of(out);
                s.writeObject(out, v);
                return s;
        }
        return session;
    }

    private Object get(int i, Object value) {
        try {
            return (Object) getters[i].invokeExact(value);
        } catch (Throwable t) {
            throw sneaky(t);
        }
    }

    @Override
    public Object read(ReadBuffer in) {
        long start = in.offset();
        if (flat != null) {
            return construct(flat.read(in, kinds), null, start);
        }
        ReadSession session = properties.length == 0 ? null : sessionOf(in);
        if (model.strategy() == ClassModel.Strategy.FIELDS) {
            Object o;
            try {
                o = (Object) constructor.invokeExact();
            } catch (Throwable t) {
                throw Support.constructionFailed(model.type(), start, t);
            }
            return fill(in, session, o);
        }
        Object[] values = new Object[properties.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = readValue(in, session, i);
        }
        return construct(values, null, start);
    }

    /**
     * Fills {@code target} in place, as generated code does ({@code Serializer.readInto}), where the class is
     * made by its no-argument constructor and has no final field; otherwise a new object, as {@link #read}.
     */
    @Override
    public Object readInto(ReadBuffer in, Object target) {
        if (!fillable) {
            return read(in);
        }
        if (flat != null) {
            return set(target, flat.read(in, kinds));
        }
        return fill(in, properties.length == 0 ? null : sessionOf(in), target);
    }

    /** Publishes {@code o} for back references (a field may point back at it), then reads its fields into it. */
    private Object fill(ReadBuffer in, ReadSession session, Object o) {
        in.reference(o);
        for (int i = 0; i < setters.length; i++) {
            Object v = readValue(in, session, i);
            try {
                setters[i].invokeExact(o, v);
            } catch (Throwable t) {
                throw sneaky(t);
            }
        }
        return o;
    }

    /** Sets every field of {@code o} (FIELDS strategy) from its value in canonical order. */
    private Object set(Object o, Object[] values) {
        for (int i = 0; i < setters.length; i++) {
            try {
                setters[i].invokeExact(o, values[i]);
            } catch (Throwable t) {
                throw sneaky(t);
            }
        }
        return o;
    }

    /**
     * Makes an instance from every field's value in canonical order (primitives boxed).
     *
     * @param values  the values
     * @param written which fields the bytes had (compatible mode): a field set after a partial constructor that
     *                they lacked keeps what the constructor gave it; null when they had every field
     * @param start   the offset the content started at, for errors
     * @return the instance
     */
    Object construct(Object[] values, FieldTable.Mapping written, long start) {
        if (model.strategy() == ClassModel.Strategy.FIELDS) {
            Object o;
            try {
                o = (Object) constructor.invokeExact();
            } catch (Throwable t) {
                throw Support.constructionFailed(model.type(), start, t);
            }
            return set(o, values);
        }
        try {
            Object o = (Object) constructor.invokeExact(values);
            for (int i = 0; i < setters.length; i++) {
                if (setters[i] != null && (written == null || written.written(i))) {
                    setters[i].invokeExact(o, values[i]);
                }
            }
            return o;
        } catch (Throwable t) {
            throw Support.constructionFailed(model.type(), start, t);
        }
    }

    static ReadSession sessionOf(ReadBuffer in) {
        return in.objects() instanceof ReadSession ? (ReadSession) in.objects() : null;
    }

    private Object readValue(ReadBuffer in, ReadSession session, int i) {
        return readField(in, session, properties[i], names[i]);
    }

    /**
     * Reads one field's value in its FORMAT.md encoding ("User classes").
     *
     * @param in       the buffer
     * @param session  the read session, or null (then the buffer's own)
     * @param property the field
     * @param name     its display name, for messages
     * @return the value, primitives boxed
     * @throws dev.blit.BlitException if the field cannot hold the value read
     */
    static Object readField(ReadBuffer in, ReadSession session, ClassModel.Property property, String name) {
        if (property.kind != ClassModel.Kind.REFERENCE) {
            return property.kind.readBoxed(in);
        }
        long at = in.offset();
        Object v = session != null ? session.readObject(in) : in.readObject();
        return Support.check(v, property.type(), name, at);
    }

    private static RuntimeException sneaky(Throwable t) {
        if (t instanceof RuntimeException) {
            return (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        return new dev.blit.BlitException(t.toString(), t);
    }
}
