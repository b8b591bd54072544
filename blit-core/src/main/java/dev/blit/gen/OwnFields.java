package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.util.List;

/**
 * The fields a class declares below a JDK superclass whose own state Blit takes through public methods (an
 * exception's below {@code Throwable}, a collection's below the JDK collection it extends), written and read
 * as a plain class's fields are: in canonical order, with a {@link FieldTable} at the class's first occurrence
 * in a message in compatible mode, matched by name on read.
 */
final class OwnFields {
    final ClassModel.Property[] properties;
    private final String[] names;
    /** {@code (Object)Object} for each field, primitives boxed. */
    private final MethodHandle[] getters;
    /** {@code (Object, Object)void} for each field; null when a constructor takes them all. */
    private final MethodHandle[] setters;
    /** Compatible mode: the fields' table; null in schema-consistent mode. */
    private final FieldTable table;
    /** Compatible mode: the class's slot in the per-message table of described classes. */
    private final int slot;

    /**
     * @param type       the class
     * @param properties its own fields, canonical order
     * @param settable   whether they are set after the object is made (else a constructor takes them all)
     * @param slot       compatible mode: the class's slot among the classes a message describes; -1 otherwise
     * @param marker     what its field table says the content holds besides the fields ({@link FieldTable#THROWABLE},
     *                   {@link FieldTable#ELEMENTS}, {@link FieldTable#ENTRIES})
     */
    OwnFields(Class<?> type, List<ClassModel.Property> properties, boolean settable, int slot, int marker) {
        this.properties = properties.toArray(new ClassModel.Property[0]);
        this.slot = slot;
        this.table = slot >= 0 ? new FieldTable(type, properties, marker) : null;
        int n = this.properties.length;
        this.names = new String[n];
        this.getters = new MethodHandle[n];
        this.setters = settable ? new MethodHandle[n] : null;
        for (int i = 0; i < n; i++) {
            names[i] = this.properties[i].displayName();
            getters[i] = this.properties[i].getter().asType(MethodType.methodType(Object.class, Object.class));
            if (setters != null) {
                setters[i] = this.properties[i].setter().asType(MethodType.methodType(void.class, Object.class, Object.class));
            }
        }
    }

    /** Compatible mode: the table, at the class's first occurrence in the message; nothing otherwise. */
    void writeTable(WriteBuffer out, WriteSession session) {
        if (table != null && session.describe(slot)) {
            out.writeBytes(table.description, 0, table.description.length);
        }
    }

    /** Writes {@code value}'s fields, canonical order. */
    void write(WriteBuffer out, WriteSession session, Object value) {
        for (int i = 0; i < properties.length; i++) {
            Object v;
            try {
                v = (Object) getters[i].invokeExact(value);
            } catch (Throwable t) {
                throw new BlitException("cannot read field " + names[i] + ": " + t, t);
            }
            session = ReflectiveSerializer.writeField(out, session, properties[i].kind, v);
        }
    }

    /**
     * Compatible mode: reads the writer's table at the class's first occurrence in the message, or recalls it.
     *
     * @return the writer's fields when they differ from the class's; null when they are the same, and in
     *         schema-consistent mode
     */
    FieldTable.Mapping readTable(ReadBuffer in, ReadSession session) {
        if (table == null) {
            return null;
        }
        ReadSession s = session != null ? session : ReadSession.of(in);
        Object layout = s.layout(slot);
        if (layout == null) {
            layout = table.readTable(in);
            s.layout(slot, layout);
        }
        return layout instanceof FieldTable.Mapping ? (FieldTable.Mapping) layout : null;
    }

    /**
     * @param mapping what {@link #readTable} returned
     * @return the values, one per own field, canonical order (a field the writer lacked: its type's zero)
     */
    Object[] read(ReadBuffer in, ReadSession session, FieldTable.Mapping mapping) {
        if (mapping != null) {
            return mapping.readValues(in, session, properties);
        }
        Object[] values = new Object[properties.length];
        for (int i = 0; i < properties.length; i++) {
            values[i] = ReflectiveSerializer.readField(in, session, properties[i], names[i]);
        }
        return values;
    }

    /**
     * Sets the fields of {@code target} (settable fields only); a field the writer lacked keeps what the
     * constructor gave it.
     *
     * @throws Throwable whatever a setter throws
     */
    void set(Object target, Object[] values, FieldTable.Mapping mapping) throws Throwable {
        for (int i = 0; i < properties.length; i++) {
            if (mapping == null || mapping.written(i)) {
                setters[i].invokeExact(target, values[i]);
            }
        }
    }

    /** @return whether the fields are set after the object is made */
    boolean settable() {
        return setters != null;
    }
}
