package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Marshallable;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/** Calls the class's own {@code writeMarshallable}/{@code readMarshallable} on a no-argument-constructed instance. */
final class MarshallableSerializer implements Serializer<Marshallable> {
    private final Class<?> type;
    private final MethodHandle constructor;

    MarshallableSerializer(Class<?> type, MethodHandles.Lookup lookup) {
        this.type = type;
        try {
            this.constructor = lookup.findConstructor(type, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Marshallable.class));
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new BlitException(type.getName() + " is Marshallable but has no usable no-argument constructor", e);
        }
    }

    @Override
    public void write(WriteBuffer out, Marshallable value) {
        value.writeMarshallable(out);
    }

    @Override
    public Marshallable read(ReadBuffer in) {
        Marshallable m;
        try {
            m = (Marshallable) constructor.invokeExact();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            // a checked exception from the constructor: where in the input, as generated code says it; the
            // constructor consumed nothing, so the offset is still that of the value's content
            throw Support.constructionFailed(type, in.offset(), t);
        }
        in.reference(m);
        m.readMarshallable(in);
        return m;
    }

    /** A Marshallable fills itself by contract: {@code readMarshallable} on the caller's instance. */
    @Override
    public Marshallable readInto(ReadBuffer in, Marshallable target) {
        in.reference(target);
        target.readMarshallable(in);
        return target;
    }
}
