package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * A record or plain class in compatible mode (FORMAT.md, "Compatible mode"): the first time the class
 * appears in a message its field table (names and type codes) follows the tag; the content is then the
 * writer's fields in the writer's canonical order, each in its usual encoding.
 *
 * <p>Writing is the schema-consistent serializer behind a per-message "already described?" bit: nothing is
 * cached across messages, so what an instance writes never depends on what it read or wrote before.
 *
 * <p>Reading compares the table with this class's own, byte for byte: when they are equal (the writer had
 * the same class, the common case) the content is read by the schema-consistent serializer at full speed.
 * Otherwise a {@link FieldTable.Mapping} from the writer's fields to this class's, built once per distinct table and
 * cached keyed by the table's exact bytes, drives an interpreter: fields the reader lacks are read and
 * dropped (a reference value still takes its reference slot, so back references stay aligned), fields the
 * writer lacked keep their default, lossless widenings convert, anything else is a {@link BlitException}
 * naming the field.
 *
 * <p>What Blit registers is {@link #shell()}: the same read and write paths in a hidden class of their own per
 * compatible class ({@link CompatibleShell}), so the call into the schema-consistent serializer stays
 * monomorphic and inlinable.
 */
final class CompatibleSerializer implements Serializer<Object> {
    private final ClassModel model;
    private final Serializer<Object> exact;
    private final int slot;
    private final FieldTable fields;
    private final ClassModel.Property[] properties;
    /** FIELDS: (Object, Object)void per property, unboxing. */
    private final MethodHandle[] setters;
    /** Builds records and constructor-made classes from values in canonical order. */
    private final ReflectiveSerializer builder;

    @SuppressWarnings("unchecked")
    CompatibleSerializer(ClassModel model, Serializer<?> exact, int slot) {
        this.model = model;
        this.exact = (Serializer<Object>) exact;
        this.slot = slot;
        List<ClassModel.Property> ps = model.properties();
        this.fields = new FieldTable(model.type(), ps);
        this.properties = ps.toArray(new ClassModel.Property[0]);
        this.setters = new MethodHandle[properties.length];
        boolean fieldByField = model.strategy() == ClassModel.Strategy.FIELDS;
        for (int i = 0; i < properties.length; i++) {
            if (fieldByField && properties[i].settable) { // else the builder sets what a partial constructor left
                setters[i] = properties[i].setter().asType(MethodType.methodType(void.class, Object.class, Object.class));
            }
        }
        this.builder = fieldByField ? null : new ReflectiveSerializer(model, false);
    }

    @Override
    public void write(WriteBuffer out, Object value) {
        if (WriteSession.of(out).describe(slot)) {
            out.writeBytes(fields.description, 0, fields.description.length);
        }
        exact.write(out, value);
    }

    @Override
    public Object read(ReadBuffer in) {
        ReadSession session = ReadSession.of(in);
        Object layout = session.layout(slot);
        if (layout == null) {
            layout = fields.readTable(in);
            session.layout(slot, layout);
        }
        if (layout == FieldTable.EXACT) {
            return exact.read(in);
        }
        return readMapped(layout, in, session);
    }

    /**
     * @param layout  a layout {@link #readTable} returned other than {@link FieldTable#EXACT}
     * @param in      the buffer, at the content
     * @param session the read session
     * @return the value, read through the layout's mapping
     */
    Object readMapped(Object layout, ReadBuffer in, ReadSession session) {
        FieldTable.Mapping m = (FieldTable.Mapping) layout;
        long start = in.offset();
        if (builder != null) {
            return builder.construct(m.readValues(in, session, properties), m, start);
        }
        Object o;
        try {
            o = (Object) model.constructor().invokeExact();
        } catch (Throwable t) {
            throw Support.constructionFailed(model.type(), start, t);
        }
        in.reference(o); // before the fields: a cycle through this object resolves
        for (int i = 0; i < m.kinds.length; i++) {
            long at = in.offset();
            Object v = m.read(in, session, i);
            int t = m.targets[i];
            if (t >= 0) {
                Object value = FieldTable.convert(v, properties[t], at);
                try {
                    setters[t].invokeExact(o, value);
                } catch (Throwable e) {
                    throw Support.constructionFailed(model.type(), start, e);
                }
            }
        }
        return o;
    }

    /**
     * @return a serializer with this one's behaviour whose hot path is a class of its own (see
     *         {@link CompatibleShell}), or this one where a hidden class cannot be defined
     */
    Serializer<Object> shell() {
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClass(ShellBytes.BYTES, true);
            MethodHandle ctor = hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class,
                    Serializer.class, CompatibleSerializer.class, int.class, byte[].class));
            @SuppressWarnings("unchecked")
            Serializer<Object> s = (Serializer<Object>) ctor.invoke(exact, this, slot, fields.description);
            return s;
        } catch (Throwable t) {
            if (t instanceof VirtualMachineError) {
                throw (VirtualMachineError) t;
            }
            return this;
        }
    }

    /** The class file of {@link CompatibleShell}, read once. */
    private static final class ShellBytes {
        static final byte[] BYTES = read();

        private static byte[] read() {
            try (java.io.InputStream in = CompatibleShell.class.getResourceAsStream("CompatibleShell.class")) {
                if (in == null) {
                    throw new IllegalStateException("CompatibleShell.class is not readable as a resource");
                }
                return in.readAllBytes();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /** See {@link FieldTable#readTable}. */
    Object readTable(ReadBuffer in) {
        return fields.readTable(in);
    }
}
