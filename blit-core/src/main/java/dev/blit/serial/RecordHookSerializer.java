package dev.blit.serial;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.lang.invoke.MethodHandle;

/**
 * A {@code Serializable} record's {@code writeReplace} and {@code readResolve} around the serializer of its
 * components: the two hooks JDK serialization calls on a record (it ignores a record's {@code writeObject},
 * {@code readObject} and {@code serialPersistentFields}, and so does Blit). The record itself is still
 * written and built as any record is, by its generated serializer and its canonical constructor; only a
 * {@code writeReplace} changes the bytes, by the {@code replaced} byte before the components
 * (FORMAT.md, "Classes serialized through their java.io hooks").
 */
final class RecordHookSerializer implements Serializer<Object> {
    private final Class<?> type;
    private final Serializer<Object> components;
    private final MethodHandle writeReplace;
    private final MethodHandle readResolve;

    RecordHookSerializer(Class<?> type, Serializer<Object> components, MethodHandle writeReplace,
                         MethodHandle readResolve) {
        this.type = type;
        this.components = components;
        this.writeReplace = writeReplace;
        this.readResolve = readResolve;
    }

    /** @return the serializer of the components, which writes the whole content when there is no writeReplace */
    Serializer<Object> components() {
        return components;
    }

    @Override
    public void write(WriteBuffer out, Object value) {
        if (writeReplace != null) {
            Object replacement;
            try {
                replacement = writeReplace.invokeExact(value);
            } catch (Throwable e) {
                throw failure("writeReplace", out.position(), e);
            }
            value = Replacement.write(out, value, replacement, type);
            if (value == Replacement.WRITTEN) {
                return;
            }
        }
        components.write(out, value);
    }

    @Override
    public Object read(ReadBuffer in) {
        if (writeReplace != null && Replacement.read(in, type)) {
            return in.readObject();
        }
        Object value = components.read(in);
        if (readResolve != null) {
            try {
                value = readResolve.invokeExact(value);
            } catch (Throwable e) {
                throw failure("readResolve", in.offset(), e);
            }
        }
        return value;
    }

    private BlitException failure(String hook, long offset, Throwable e) {
        BlitException as = HookSerializer.asIs(e);
        return as != null ? as : new BlitException(hook + " of record " + type.getName() + " failed at offset " + offset + ": " + e, e);
    }
}
