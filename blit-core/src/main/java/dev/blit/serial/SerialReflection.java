package dev.blit.serial;

import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OptionalDataException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;

/**
 * The public methods of {@code sun.reflect.ReflectionFactory} (module {@code jdk.unsupported}, exported to
 * everyone): the supported way for a serialization library to find a class's private serialization hooks
 * and to make instances the way JDK serialization does, without deep reflection into the JDK.
 *
 * <p>It is reached through {@link MethodHandles#publicLookup()} rather than linked directly, so that Blit
 * compiles without internal-API warnings, runs on runtime images without {@code jdk.unsupported} (every
 * handle is then null and {@link JavaSerialization#create} says so), and picks up the methods JDK 22 added
 * ({@code defaultReadObjectForSerialization}, {@code defaultWriteObjectForSerialization}) where they exist.
 */
final class SerialReflection {
    private static final MethodHandle NEW_SERIAL_CONSTRUCTOR;
    private static final MethodHandle NEW_EXTERNAL_CONSTRUCTOR;
    private static final MethodHandle READ_OBJECT;
    private static final MethodHandle READ_OBJECT_NO_DATA;
    private static final MethodHandle WRITE_OBJECT;
    private static final MethodHandle READ_RESOLVE;
    private static final MethodHandle WRITE_REPLACE;
    private static final MethodHandle DEFAULT_READ;
    private static final MethodHandle DEFAULT_WRITE;
    private static final MethodHandle OPTIONAL_DATA;

    static {
        Object factory = null;
        Class<?> rf = null;
        try {
            rf = Class.forName("sun.reflect.ReflectionFactory");
            factory = MethodHandles.publicLookup()
                    .findStatic(rf, "getReflectionFactory", MethodType.methodType(rf)).invoke();
        } catch (Throwable e) {
            rf = null;
        }
        MethodType handleOfClass = MethodType.methodType(MethodHandle.class, Class.class);
        NEW_SERIAL_CONSTRUCTOR = find(rf, factory, "newConstructorForSerialization",
                MethodType.methodType(Constructor.class, Class.class));
        NEW_EXTERNAL_CONSTRUCTOR = find(rf, factory, "newConstructorForExternalization",
                MethodType.methodType(Constructor.class, Class.class));
        READ_OBJECT = find(rf, factory, "readObjectForSerialization", handleOfClass);
        READ_OBJECT_NO_DATA = find(rf, factory, "readObjectNoDataForSerialization", handleOfClass);
        WRITE_OBJECT = find(rf, factory, "writeObjectForSerialization", handleOfClass);
        READ_RESOLVE = find(rf, factory, "readResolveForSerialization", handleOfClass);
        WRITE_REPLACE = find(rf, factory, "writeReplaceForSerialization", handleOfClass);
        DEFAULT_READ = find(rf, factory, "defaultReadObjectForSerialization", handleOfClass);
        DEFAULT_WRITE = find(rf, factory, "defaultWriteObjectForSerialization", handleOfClass);
        OPTIONAL_DATA = find(rf, factory, "newOptionalDataExceptionForSerialization",
                MethodType.methodType(OptionalDataException.class, boolean.class));
    }

    private SerialReflection() {
    }

    private static MethodHandle find(Class<?> rf, Object factory, String name, MethodType type) {
        if (rf == null) {
            return null;
        }
        try {
            return MethodHandles.publicLookup().findVirtual(rf, name, type).bindTo(factory);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** @return whether {@code sun.reflect.ReflectionFactory} is there at all */
    static boolean available() {
        return NEW_SERIAL_CONSTRUCTOR != null;
    }

    /** @return whether this JDK can read and write the default fields of classes Blit has no access to (22+) */
    static boolean hasDefaultFieldAccess() {
        return DEFAULT_READ != null && DEFAULT_WRITE != null;
    }

    /**
     * @param type a Serializable class
     * @return a constructor that allocates {@code type} and runs the no-arg constructor of its first
     *         non-serializable superclass, or null if that constructor is missing or inaccessible
     */
    static Constructor<?> serialConstructor(Class<?> type) {
        return (Constructor<?>) call(NEW_SERIAL_CONSTRUCTOR, type);
    }

    /** @return the public no-arg constructor of an Externalizable class, made accessible, or null */
    static Constructor<?> externalConstructor(Class<?> type) {
        return (Constructor<?>) call(NEW_EXTERNAL_CONSTRUCTOR, type);
    }

    /** @return {@code (Object, ObjectInputStream)void} for the class's own private readObject, or null */
    static MethodHandle readObject(Class<?> type) {
        return adapt(call(READ_OBJECT, type), ObjectInputStream.class);
    }

    /**
     * @return {@code (Object)void} for the class's own private readObjectNoData, or null; also null on Java 17
     *         whatever the class declares: its ReflectionFactory looks for the method with an ObjectInputStream
     *         parameter, which it has not ({@link SerialSlot} then finds it through the class's lookup)
     */
    static MethodHandle readObjectNoData(Class<?> type) {
        Object h = call(READ_OBJECT_NO_DATA, type);
        return h == null ? null : ((MethodHandle) h).asType(MethodType.methodType(void.class, Object.class));
    }

    /** @return {@code (Object, ObjectOutputStream)void} for the class's own private writeObject, or null */
    static MethodHandle writeObject(Class<?> type) {
        return adapt(call(WRITE_OBJECT, type), ObjectOutputStream.class);
    }

    /** @return {@code (Object, ObjectInputStream)void} setting the default fields through readFields (22+), or null */
    static MethodHandle defaultReadObject(Class<?> type) {
        return adapt(call(DEFAULT_READ, type), ObjectInputStream.class);
    }

    /** @return {@code (Object, ObjectOutputStream)void} writing the default fields through putFields (22+), or null */
    static MethodHandle defaultWriteObject(Class<?> type) {
        return adapt(call(DEFAULT_WRITE, type), ObjectOutputStream.class);
    }

    /** @return {@code (Object)Object}: the readResolve JDK serialization would call on {@code type}, or null */
    static MethodHandle readResolve(Class<?> type) {
        MethodHandle h = (MethodHandle) call(READ_RESOLVE, type);
        return h == null ? null : h.asType(MethodType.methodType(Object.class, Object.class));
    }

    /** @return {@code (Object)Object}: the writeReplace JDK serialization would call on {@code type}, or null */
    static MethodHandle writeReplace(Class<?> type) {
        MethodHandle h = (MethodHandle) call(WRITE_REPLACE, type);
        return h == null ? null : h.asType(MethodType.methodType(Object.class, Object.class));
    }

    /**
     * @param eof true at the end of a section's data, false when primitive data comes first
     * @return what ObjectInputStream.readObject throws in that case (its constructor is package-private)
     */
    static java.io.IOException optionalData(boolean eof) {
        if (OPTIONAL_DATA != null) {
            try {
                return (OptionalDataException) OPTIONAL_DATA.invokeExact(eof);
            } catch (Throwable e) {
                // fall through
            }
        }
        return new java.io.EOFException(eof ? "end of the section's data" : "primitive data comes before the next object");
    }

    private static Object call(MethodHandle h, Class<?> type) {
        if (h == null) {
            return null;
        }
        try {
            return h.invoke(type);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    private static MethodHandle adapt(Object handle, Class<?> stream) {
        return handle == null ? null
                : ((MethodHandle) handle).asType(MethodType.methodType(void.class, Object.class, stream));
    }
}
