package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;
import dev.blit.types.Containers;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * A registered class of the user's that extends a JDK collection or map ({@code class Tags extends
 * ArrayList<String>}; FORMAT.md, "Collections and maps the user extends"): the fields its own classes declare,
 * as a plain class's, then its elements as a built-in collection's, taken through its public methods. The
 * JDK class's private fields are out of reach on Java 17, where its {@code java.io} hooks, which need them,
 * cannot run; its public methods give the same state on every JDK, in bytes that do not depend on the JDK's
 * internals (a capacity, a load factor).
 *
 * <p>An instance is made by the class's own no-argument constructor, which also chooses what the public
 * methods cannot give back: a {@code TreeMap}'s comparator, a {@code LinkedHashMap}'s access order, an
 * {@code EnumMap}'s key type. It is published for back references at once (a collection may contain itself,
 * as a built-in one may), its fields are set, anything its constructor added is cleared, and the elements are
 * added with its own {@code add} or {@code put}.
 *
 * <p>In compatible mode the own fields carry a {@link FieldTable}, as a plain class's do, at the class's first
 * occurrence in a message.
 */
final class ContainerSerializer implements Serializer<Object> {
    private final Class<?> type;
    private final OwnFields own;
    /** The no-argument constructor, as {@code ()Object}. */
    private final MethodHandle constructor;
    /** Whether the JDK class is made to be changed by other threads meanwhile: its elements are copied first. */
    private final boolean snapshot;

    private ContainerSerializer(Class<?> type, OwnFields own, MethodHandle constructor, boolean snapshot) {
        this.type = type;
        this.own = own;
        this.constructor = constructor;
        this.snapshot = snapshot;
    }

    /**
     * @param type   a concrete class of the user's whose {@link ClassModel#containerBase} is not null
     * @param lookup a lookup the user handed over for its package, or null
     * @param slot   compatible mode: the class's slot among the classes a message describes; -1 otherwise
     * @return its serializer
     * @throws BlitException if it has no no-argument constructor, or its fields cannot be reached
     */
    static ContainerSerializer of(Class<?> type, MethodHandles.Lookup lookup, int slot) {
        Class<?> base = ClassModel.containerBase(type);
        MethodHandle ctor;
        try {
            ctor = Access.lookupFor(type, lookup).findConstructor(type, MethodType.methodType(void.class));
        } catch (NoSuchMethodException e) {
            throw new BlitException("cannot serialize " + type.getName() + ", which extends " + base.getName()
                    + ": it needs a no-argument constructor (any visibility), which makes the "
                    + (Map.class.isAssignableFrom(type) ? "map its entries are put" : "collection its elements are added")
                    + " into; or register a Serializer of your own for it", e);
        } catch (IllegalAccessException e) {
            throw new BlitException("cannot reach the no-argument constructor of " + type.getName() + ": "
                    + e.getMessage(), e);
        }
        List<ClassModel.Property> own = ClassModel.properties(ClassModel.serializedFields(type), lookup);
        ClassModel.makeSettable(type, own, "its no-argument constructor");
        return new ContainerSerializer(type, new OwnFields(type, own, true, slot,
                        Map.class.isAssignableFrom(type) ? FieldTable.ENTRIES : FieldTable.ELEMENTS),
                ctor.asType(MethodType.methodType(Object.class)), Containers.shared(base));
    }

    @Override
    public void write(WriteBuffer out, Object value) {
        WriteSession session = WriteSession.of(out);
        own.writeTable(out, session);
        own.write(out, session, value);
        Containers.write(out, value, snapshot);
    }

    @Override
    public Object read(ReadBuffer in) {
        long start = in.offset();
        Object c;
        try {
            c = (Object) constructor.invokeExact();
        } catch (Throwable t) {
            throw Support.constructionFailed(type, start, t);
        }
        in.reference(c); // before the fields and elements: the container may hold itself
        ReadSession session = ReflectiveSerializer.sessionOf(in);
        FieldTable.Mapping mapping = own.readTable(in, session);
        Object[] values = own.read(in, session, mapping);
        try {
            own.set(c, values, mapping); // a field the writer lacked keeps what the constructor set
            // The bytes hold every element; what the constructor put in is among them or was removed since.
            // Only then: a class may refuse clear() (an append-only list) and still be read.
            if (c instanceof Map && !((Map<?, ?>) c).isEmpty()) {
                ((Map<?, ?>) c).clear();
            } else if (c instanceof Collection && !((Collection<?>) c).isEmpty()) {
                ((Collection<?>) c).clear();
            }
        } catch (Throwable t) {
            throw Support.constructionFailed(type, start, t);
        }
        Containers.read(in, c);
        return c;
    }
}
