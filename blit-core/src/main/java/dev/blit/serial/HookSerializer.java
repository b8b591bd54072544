package dev.blit.serial;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;

/**
 * Writes and reads a class through its {@code java.io.Serializable} or {@code Externalizable} hooks, in
 * Blit's own bytes (FORMAT.md ("Classes serialized through their java.io hooks")). Immutable and thread-safe: every value gets its own pair of stream
 * objects, which is cheap (their protected constructors set a few fields) and keeps nested hook calls apart.
 */
final class HookSerializer implements Serializer<Object> {
    private final Class<?> type;
    private final boolean externalizable;
    /** Topmost serializable class first; empty for an Externalizable. */
    private final SerialSlot[] slots;
    private final boolean needsStream;
    private final Constructor<?> constructor;
    private final MethodHandle writeReplace;
    private final MethodHandle readResolve;

    HookSerializer(Class<?> type, SerialSlot[] slots, Constructor<?> constructor, MethodHandle writeReplace,
                   MethodHandle readResolve) {
        this.type = type;
        this.externalizable = Externalizable.class.isAssignableFrom(type);
        this.slots = slots;
        this.constructor = constructor;
        this.writeReplace = writeReplace;
        this.readResolve = readResolve;
        boolean stream = externalizable;
        for (SerialSlot s : slots) {
            stream |= s.writeObject != null || s.readObject != null || !s.directWrite || !s.directRead;
        }
        this.needsStream = stream;
    }

    @Override
    public void write(WriteBuffer out, Object value) {
        if (writeReplace != null) {
            Object replacement;
            try {
                replacement = writeReplace.invokeExact(value);
            } catch (Throwable e) {
                throw failure("writeReplace of", out.position(), e);
            }
            value = Replacement.write(out, value, replacement, type);
            if (value == Replacement.WRITTEN) {
                return;
            }
        }
        try {
            BlitObjectOutput stream = needsStream ? new BlitObjectOutput(out) : null;
            if (externalizable) {
                stream.begin(null, value, true);
                ((Externalizable) value).writeExternal(stream);
                stream.end();
                return;
            }
            for (SerialSlot s : slots) {
                if (s.writeObject != null) {
                    stream.begin(s, value, true);
                    s.writeObject.invokeExact(value, (ObjectOutputStream) stream);
                    stream.end();
                } else if (s.directWrite) {
                    s.writeFields(out, value);
                } else {
                    stream.begin(s, value, false);
                    stream.defaultWriteObject();
                    stream.end();
                }
            }
        } catch (BlitException e) {
            throw e;
        } catch (Throwable e) {
            throw failure("writing", out.position(), e);
        }
    }

    @Override
    public Object read(ReadBuffer in) {
        if (writeReplace != null && Replacement.read(in, type)) {
            return in.readObject();
        }
        Object obj;
        try {
            obj = constructor.newInstance();
        } catch (InvocationTargetException e) {
            throw failure("constructing", in.offset(), e.getCause());
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw failure("constructing", in.offset(), e);
        }
        in.reference(obj);
        try {
            BlitObjectInput stream = needsStream ? new BlitObjectInput(in) : null;
            if (externalizable) {
                stream.begin(null, obj, true);
                ((Externalizable) obj).readExternal(stream);
                stream.end();
            } else {
                for (SerialSlot s : slots) {
                    // The writer decides the layout: a section when the class has writeObject, bare fields otherwise.
                    boolean framed = s.writeObject != null;
                    if (s.readObject != null) {
                        stream.begin(s, obj, framed);
                        s.readObject.invokeExact(obj, (ObjectInputStream) stream);
                        stream.end();
                    } else if (framed || !s.directRead) {
                        stream.begin(s, obj, framed);
                        stream.defaultReadObject();
                        stream.end();
                    } else {
                        s.readFields(in, obj);
                    }
                }
            }
            if (stream != null) {
                stream.validate();
            }
        } catch (BlitException e) {
            throw e;
        } catch (Throwable e) {
            throw failure("reading", in.offset(), e);
        }
        if (readResolve != null) {
            try {
                obj = readResolve.invokeExact(obj);
            } catch (Throwable e) {
                throw failure("readResolve of", in.offset(), e);
            }
        }
        return obj;
    }

    private BlitException failure(String what, long offset, Throwable e) {
        BlitException as = asIs(e);
        if (as != null) {
            return as;
        }
        String kind = e instanceof IOException || e instanceof ClassNotFoundException ? "" : " (" + e.getClass().getName() + ")";
        return new BlitException(what + " " + type.getName() + " through its Serializable hooks failed at offset "
                + offset + ": " + e.getMessage() + kind, e);
    }

    /**
     * What a hook threw, when it is to reach the caller as it is: a {@code BlitException} is returned; an
     * {@code Error} that is not the input's fault (out of memory, a stack overflow: a {@code LinkageError} or an
     * {@code AssertionError} of the class's own code is) is rethrown; anything else gives null, to be wrapped
     * with the offset.
     */
    static BlitException asIs(Throwable e) {
        if (e instanceof BlitException) {
            return (BlitException) e;
        }
        if (e instanceof Error && !(e instanceof LinkageError) && !(e instanceof AssertionError)) {
            throw (Error) e;
        }
        return null;
    }
}
