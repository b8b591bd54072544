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
        return read(in, null);
    }

    /**
     * @param layout compatible mode: how the writer's classes and fields go into this class's, when the writer's
     *               table is not this class's own; null when it is (or in schema-consistent mode)
     */
    Object read(ReadBuffer in, WrittenLayout layout) {
        if (writeReplace != null && Replacement.read(in, type)) {
            return in.readObject();
        }
        Object obj;
        try {
            obj = constructor.newInstance();
        } catch (InvocationTargetException e) {
            throw failure("constructing", in.offset(), e.getCause());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // LinkageError: the constructor Java serialization would call is one the JVM refuses to run here
            throw failure("constructing", in.offset(), e);
        }
        in.reference(obj);
        try {
            BlitObjectInput stream = needsStream || layout != null ? new BlitObjectInput(in) : null;
            if (externalizable) {
                stream.begin(null, obj, true);
                ((Externalizable) obj).readExternal(stream);
                stream.end();
            } else if (layout == null) {
                for (SerialSlot s : slots) {
                    // The writer decides the layout: a section when the class has writeObject, bare fields otherwise.
                    readPart(in, stream, obj, s, s.writeObject != null, null);
                }
            } else {
                for (WrittenLayout.Part p : layout.parts) {
                    if (p.reader == null) {
                        WrittenLayout.drop(in, p.written, type);
                    } else if (p.written == null) {
                        if (p.reader.readObjectNoData != null) {
                            p.reader.readObjectNoData.invokeExact(obj);
                        }
                    } else {
                        readPart(in, stream, obj, p.reader, p.written.section(), p.fields);
                    }
                }
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

    /**
     * Reads one class's part of the content into {@code obj}.
     *
     * @param framed the writer's layout: a section (its class had writeObject), else bare fields
     * @param fields compatible mode: the writer's fields where they differ from the class's own, else null
     */
    private static void readPart(ReadBuffer in, BlitObjectInput stream, Object obj, SerialSlot s, boolean framed,
                                 WrittenLayout.Fields fields) throws Throwable {
        if (s.readObject != null) {
            stream.begin(s, obj, framed, fields);
            s.readObject.invokeExact(obj, (ObjectInputStream) stream);
            stream.end();
        } else if (framed || !s.directRead) {
            // A section without readObject: its fields as defaultReadObject reads them, the rest skipped (as the JDK)
            stream.begin(s, obj, framed, fields);
            stream.defaultReadObject();
            stream.end();
        } else if (fields != null) {
            fields.readInto(in, obj);
        } else {
            s.readFields(in, obj);
        }
    }

    /**
     * @return whether compatible mode gives the class a table of its classes and fields (FORMAT.md, "Compatible
     *         mode"): a Serializable class without writeReplace, whose content is its classes' parts alone; an
     *         Externalizable's is its own code's, and a writeReplace puts a byte first that the table cannot describe
     */
    boolean evolvable() {
        return !externalizable && writeReplace == null;
    }

    /** @return the table that lists this class's serializable classes and their fields, topmost first */
    dev.blit.gen.HookTable table() {
        java.util.List<dev.blit.gen.HookTable.Slot> list = new java.util.ArrayList<>();
        for (SerialSlot s : slots) {
            String[] names = new String[s.fields.length];
            Class<?>[] types = new Class<?>[s.fields.length];
            for (int i = 0; i < names.length; i++) {
                names[i] = s.fields[i].name;
                types[i] = s.fields[i].type;
            }
            list.add(dev.blit.gen.HookTable.slot(s.type.getName(), s.writeObject != null, names, types));
        }
        return new dev.blit.gen.HookTable(type.getName(), list);
    }

    /**
     * @param written the writer's classes, from its table
     * @param at      the table's offset
     * @return how to read that writer's content into this class
     */
    WrittenLayout layout(dev.blit.gen.HookTable.Slot[] written, long at) {
        return WrittenLayout.of(type, slots, written, at);
    }

    private BlitException failure(String what, long offset, Throwable e) {
        BlitException as = asIs(e);
        if (as != null) {
            return as;
        }
        String kind = e instanceof IOException || e instanceof ClassNotFoundException ? "" : " (" + e.getClass().getName() + ")";
        return new BlitException(what + " " + type.getName() + " through its Serializable hooks failed at offset "
                + offset + ": " + message(e) + kind, e);
    }

    /**
     * An exception's message, or what it means where it has none: the {@code OptionalDataException} a hook's
     * {@code readObject} gets where the writer put primitive data or nothing more is JDK serialization's own,
     * with only its fields to say which.
     */
    private static String message(Throwable e) {
        if (e instanceof java.io.OptionalDataException) {
            java.io.OptionalDataException o = (java.io.OptionalDataException) e;
            return "readObject found " + (o.eof ? "no more data written by this class's writeObject"
                    : "primitive data where an object was written") + " (OptionalDataException)";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getName();
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
