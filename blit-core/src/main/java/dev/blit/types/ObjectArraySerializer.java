package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.Registration;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;

import java.lang.reflect.Array;

/**
 * Reference arrays. {@code Object[]} (id 20): varint length, then each element as a tagged value, or the
 * elements as a run (FORMAT.md "Runs": four or more of one class, its id once, then each one's content).
 * Any other reference array (id 21, {@code String[]}, {@code int[][]}, {@code Point[]}): the component
 * type first (see {@link WriteSession#writeType}), then the same. Arrays are created before their
 * elements are read, so an array that contains itself comes back that way (except a long one read from
 * a stream, which grows as its elements arrive: a reference to it from inside is rejected).
 */
final class ObjectArraySerializer implements Serializer<Object[]> {
    private final boolean typed;

    ObjectArraySerializer(boolean typed) {
        this.typed = typed;
    }

    @Override
    public void write(WriteBuffer out, Object[] value) {
        WriteSession session = WriteSession.of(out);
        if (value.getClass() != Object[].class) {
            if (value.getClass().getComponentType().isArray()) {
                nesting(value.getClass());
            }
            try {
                session.writeType(out, value.getClass().getComponentType());
            } catch (BlitException e) {
                // "class Shape is not registered" alone puzzles whoever registered every class a Shape[] holds
                throw new BlitException(e.getMessage() + " (it is the component type of a " + value.getClass().getTypeName()
                        + ", which an array carries so that it reads back as the same array class; an interface or abstract"
                        + " class can be registered for that, or use an Object[] or a List)", e);
            }
        }
        out.writeUnsignedVarInt(value.length);
        if (session.writeRun(out, value)) {
            return;
        }
        for (Object o : value) {
            session.writeObject(out, o);
        }
    }

    /**
     * Refuses an array whose component's type descriptor would nest more {@code 21}s than a reader takes
     * ({@link ReadSession#MAX_TYPE_NESTING}): one per level of the component that is an array of references other
     * than {@code Object[]}, which has an id of its own, as the primitive arrays do.
     */
    private static void nesting(Class<?> type) {
        int arrays = 0;
        for (Class<?> c = type.getComponentType(); c.isArray() && c != Object[].class && !c.getComponentType().isPrimitive();
             c = c.getComponentType()) {
            arrays++;
        }
        if (arrays > ReadSession.MAX_TYPE_NESTING) {
            Class<?> base = type;
            int dimensions = 0;
            for (; base.isArray(); base = base.getComponentType()) {
                dimensions++;
            }
            throw new BlitException("cannot write a " + dimensions + "-dimensional array of " + base.getName() + ": the"
                    + " type descriptor of its component would nest " + arrays + " array types, more than the "
                    + ReadSession.MAX_TYPE_NESTING + " a reader takes (FORMAT.md, id 21)");
        }
    }

    @Override
    public Object[] read(ReadBuffer in) {
        ReadSession session = ReadSession.of(in);
        Class<?> component = typed ? session.readType(in) : Object.class;
        if (component.isPrimitive()) {
            throw in.malformed("array component type " + component + " is primitive");
        }
        int length = in.readCount(1);
        Object[] array = (Object[]) Array.newInstance(component, in.initialCapacity(length));
        // Published early only at its final size: an array that grows (a long one from a stream) is replaced,
        // and a back reference handed out before that would point at the discarded copy. Such an array is
        // published when complete, so a back reference to it from inside is refused instead.
        if (array.length == length) {
            in.reference(array);
        }
        Registration run = session.run(in, length);
        int entered = session.enterRun(run, in.offset());
        for (int i = 0; i < length; i++) {
            if (i == array.length) {
                Object[] bigger = (Object[]) Array.newInstance(component, (int) Math.min(length, 2L * array.length));
                System.arraycopy(array, 0, bigger, 0, array.length);
                array = bigger;
            }
            long at = in.offset();
            Object e = session.element(in, run, entered, at);
            if (e != null && !component.isInstance(e)) {
                throw new BlitException("element " + i + " of a " + component.getTypeName() + "[] is a "
                        + e.getClass().getTypeName() + " at offset " + at);
            }
            array[i] = e;
        }
        session.exitRun(entered);
        return array;
    }
}
