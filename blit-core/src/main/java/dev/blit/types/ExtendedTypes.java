package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.NamedClasses;
import dev.blit.internal.ReadSession;
import dev.blit.internal.Registration;
import dev.blit.internal.Registry;
import dev.blit.internal.RegistryBuilder;
import dev.blit.internal.WriteSession;

import java.io.File;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.SerializedLambda;
import java.lang.reflect.Method;
import java.math.RoundingMode;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.file.FileSystems;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;

/**
 * The built-ins of the second id space, after {@link TypeIds#EXTENDED} (99) and an extended id: serializable
 * lambdas (0), {@code java.nio.file.Path} (1), {@code java.io.File} (2), {@code InetAddress} (3) and
 * {@code InetSocketAddress} (4; both in {@link NetTypes}), and the collections, entries, comparators and holders
 * 5..36 ({@link ExtendedCollections}), {@code StackTraceElement} (37), {@code java.net.URL} (38), the JDK's
 * enums {@code TimeUnit}, {@code ChronoUnit} and {@code RoundingMode} (39..41, by ordinal, as a registered
 * enum is), {@code java.nio.ByteBuffer} (42, {@link BufferTypes}) and a reversed comparator (48,
 * {@link ExtendedCollections}). They share one registration, so all of
 * them are tracked (a lambda's identity matters; a path's or an enum constant's costs nothing to keep: a
 * repeated one is a back reference of two bytes).
 *
 * <p><b>Lambdas.</b> Serializable lambdas and method references ({@code (Runnable & Serializable) () -> ...},
 * {@code (Function<Order, Long> & Serializable) Order::id}). A lambda's class is spun by the JVM at run time,
 * with a name that changes from run to run, so it cannot be registered. What Java serialization writes for it
 * instead is a {@link SerializedLambda}: the class that created the lambda (the <em>capturing class</em>), the
 * method that implements it, the interface it implements, and the values it captured. Blit writes the same,
 * with one difference that keeps registration the allowlist it is everywhere else: the capturing class is
 * written as its registration id, never as a name, so only lambdas created by the code of a registered class
 * can be read, and reading one never resolves a class name. The lambda is rebuilt the way Java serialization
 * rebuilds it: by the capturing class's own {@code $deserializeLambda$}, which javac generates for every class
 * with serializable lambdas and which rebuilds only those the class itself defines (anything else is an
 * {@code IllegalArgumentException}, here a {@link BlitException}). Kryo's {@code ClosureSerializer} and Fory
 * work the same way, with class names. Both halves use deep reflection on the user's classes
 * ({@code writeReplace} of the lambda's class, {@code $deserializeLambda$} of the capturing class): on the class
 * path that is always allowed; in a named module, the package must be open to Blit, or the user must hand Blit a
 * lookup from it ({@code Blit.Builder.lookup}), as for generated serializers (the lookup path finds the methods
 * again on every value: slower, and only for that case).
 *
 * <p><b>Paths and files.</b> A {@code Path} of the default file system (the JDK implements it with a private
 * class per platform) and a {@code java.io.File}, each as its string, read back with {@code Path.of} and
 * {@code new File}: names only, no file is touched. A path of another file system (a zip file's) is refused on
 * write: it would come back as a path of the reader's default one.
 */
final class ExtendedTypes {
    private ExtendedTypes() {
    }

    static void install(RegistryBuilder rb) {
        // Lambda classes reach this registration through Registry.resolve; Path's implementations through the
        // family of Path; File by its class.
        Registration r = rb.addReadOnly(TypeIds.EXTENDED, SerializedLambda.class, new Codec());
        rb.alias(Path.class, r);
        rb.family(Path.class);
        rb.alias(File.class, r);
        rb.alias(InetAddress.class, r);
        rb.family(InetAddress.class); // Inet4Address, Inet6Address
        rb.alias(InetSocketAddress.class, r);
        rb.alias(StackTraceElement.class, r);
        rb.alias(URL.class, r);
        rb.alias(ByteBuffer.class, r);
        rb.family(ByteBuffer.class); // heap, direct, read-only and mapped: all the JDK's own classes
        for (Class<?> e : JDK_ENUMS) {
            rb.alias(e, r);
        }
        // The collections, comparators and holders of ids 5..36, 44..46 and 48 are found when first written (Registry.resolve).
    }

    /** The component type of an array of an extended built-in: the class its descriptor's extended id names. */
    static int idOf(Class<?> type) {
        return Path.class.isAssignableFrom(type) ? TypeIds.EXT_PATH : type == File.class ? TypeIds.EXT_FILE
                : InetAddress.class.isAssignableFrom(type) ? TypeIds.EXT_INET_ADDRESS
                : type == InetSocketAddress.class ? TypeIds.EXT_INET_SOCKET_ADDRESS
                : type == StackTraceElement.class ? TypeIds.EXT_STACK_TRACE_ELEMENT
                : type == URL.class ? TypeIds.EXT_URL
                : ByteBuffer.class.isAssignableFrom(type) ? TypeIds.EXT_BYTE_BUFFER : jdkEnumId(type);
    }

    /**
     * The JDK's enums with an extended id, in extended-id order from {@link TypeIds#EXT_TIME_UNIT}: the ones
     * messages and configurations hold most (a timeout's unit, a period's, a price's rounding), which would
     * otherwise each need a registration. None has constant bodies, so each constant's class is the enum.
     */
    private static final Class<?>[] JDK_ENUMS = {TimeUnit.class, ChronoUnit.class, RoundingMode.class};

    /** Their constants, by ordinal: the order of each enum's declaration, fixed by the Java SE API. */
    private static final Object[][] JDK_ENUM_CONSTANTS = {TimeUnit.values(), ChronoUnit.values(), RoundingMode.values()};

    /** @return the JDK enums built in under id 99: what an empty {@code EnumMap}'s key type may be besides the registered ones */
    static java.util.List<Class<?>> jdkEnums() {
        return java.util.List.of(JDK_ENUMS);
    }

    private static int jdkEnumId(Class<?> type) {
        for (int i = 0; i < JDK_ENUMS.length; i++) {
            if (JDK_ENUMS[i] == type) {
                return TypeIds.EXT_TIME_UNIT + i;
            }
        }
        return -1;
    }

    static Class<?> classOf(int ext) {
        switch (ext) {
            case TypeIds.EXT_PATH: return Path.class;
            case TypeIds.EXT_FILE: return File.class;
            case TypeIds.EXT_INET_ADDRESS: return InetAddress.class;
            case TypeIds.EXT_INET_SOCKET_ADDRESS: return InetSocketAddress.class;
            case TypeIds.EXT_STACK_TRACE_ELEMENT: return StackTraceElement.class;
            case TypeIds.EXT_URL: return URL.class;
            case TypeIds.EXT_BYTE_BUFFER: return ByteBuffer.class;
            default:
                return ext >= TypeIds.EXT_TIME_UNIT && ext <= TypeIds.EXT_ROUNDING_MODE ? JDK_ENUMS[ext - TypeIds.EXT_TIME_UNIT] : null;
        }
    }

    /**
     * @param type a class
     * @return whether it is the class the JVM spun for a serializable lambda or method reference
     */
    static boolean isSerializableLambda(Class<?> type) {
        return type.isSynthetic() && type.isHidden() && Serializable.class.isAssignableFrom(type)
                && type.getName().contains("$$Lambda");
    }

    /** A method that exists but that deep reflection may not reach: its package is not open to Blit. */
    private static final Object INACCESSIBLE = new Object();

    /** {@code writeReplace} of each lambda class, as a handle: looked up once where its package is open. */
    private static final ClassValue<Object> WRITE_REPLACE = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            return reflect(type, "writeReplace");
        }
    };

    /** {@code $deserializeLambda$} of each capturing class; null where the class has none. */
    private static final ClassValue<Object> DESERIALIZE = new ClassValue<>() {
        @Override
        protected Object computeValue(Class<?> type) {
            return reflect(type, "$deserializeLambda$", SerializedLambda.class);
        }
    };

    /** @return a handle on the method; null if there is none; {@link #INACCESSIBLE} if its package is closed to Blit */
    private static Object reflect(Class<?> type, String name, Class<?>... parameters) {
        try {
            Method m = type.getDeclaredMethod(name, parameters);
            m.setAccessible(true);
            return MethodHandles.lookup().unreflect(m);
        } catch (NoSuchMethodException e) {
            return null;
        } catch (IllegalAccessException | RuntimeException e) { // InaccessibleObjectException: a package not opened
            return INACCESSIBLE;
        }
    }

    /**
     * @param reflected what {@link #reflect} gave (cached)
     * @return a handle on the method: the cached one, or, for a package not open to Blit, one found through the
     *         lookup the user handed over for it ({@code Blit.Builder.lookup}), each time (the slow path); null if
     *         the method does not exist
     */
    private static MethodHandle reach(Object reflected, Class<?> type, Registry registry, String name, MethodType mt,
                                      boolean isStatic) {
        if (reflected != INACCESSIBLE) {
            return (MethodHandle) reflected;
        }
        MethodHandles.Lookup lookup = registry.lookupFor(type);
        if (lookup == null && (type.getClassLoader() == null || type.getClassLoader() == ClassLoader.getPlatformClassLoader())) {
            throw new BlitException("cannot write " + type.getName() + ": a lambda the JDK's own code created (as"
                    + " Comparator.comparing and Map.Entry.comparingByKey make theirs), which Blit cannot reach; a"
                    + " serializable lambda is written only when a class of yours created it (register that class): write"
                    + " the lambda in your code, or use a class of yours that implements the interface");
        }
        if (lookup == null) {
            throw new BlitException("cannot reach " + name + " of " + type.getName() + ": its package is not open to Blit;"
                    + " open the package to dev.blit, or hand Blit a lookup from it (Blit.builder().lookup(MethodHandles.lookup()))");
        }
        try {
            MethodHandles.Lookup in = MethodHandles.privateLookupIn(type, lookup);
            return isStatic ? in.findStatic(type, name, mt) : in.findVirtual(type, name, mt);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new BlitException("cannot reach " + name + " of " + type.getName() + " through the lookup given for its"
                    + " package: " + e, e);
        }
    }

    private static final class Codec extends BuiltinTypes.ById {
        Codec() {
            // Tracked: a lambda held twice comes back as one lambda, as with Java serialization and Kryo.
            super(TypeIds.EXTENDED, true);
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            int ext = ExtendedCollections.idOf(v);
            if (ext >= 0) {
                out.writeUnsignedVarInt(ext);
                ExtendedCollections.write(out, ext, v);
            } else if (v instanceof Path) {
                Path p = (Path) v;
                if (p.getFileSystem() != FileSystems.getDefault()) {
                    throw new BlitException("cannot write path " + UtilTypes.quoted(p.toString()) + " of the file system of "
                            + p.getFileSystem().provider().getScheme() + ": only paths of the default file system are built"
                            + " in (register a Serializer for yours)");
                }
                out.writeUnsignedVarInt(TypeIds.EXT_PATH);
                out.writeString(p.toString());
            } else if (v instanceof File) {
                out.writeUnsignedVarInt(TypeIds.EXT_FILE);
                out.writeString(((File) v).getPath());
            } else if (v instanceof InetAddress) {
                out.writeUnsignedVarInt(TypeIds.EXT_INET_ADDRESS);
                NetTypes.writeAddress(out, (InetAddress) v);
            } else if (v instanceof InetSocketAddress) {
                out.writeUnsignedVarInt(TypeIds.EXT_INET_SOCKET_ADDRESS);
                NetTypes.writeSocketAddress(out, (InetSocketAddress) v);
            } else if (v instanceof StackTraceElement) {
                out.writeUnsignedVarInt(TypeIds.EXT_STACK_TRACE_ELEMENT);
                StackFrames.write(out, (StackTraceElement) v, null);
            } else if (v instanceof URL) {
                out.writeUnsignedVarInt(TypeIds.EXT_URL);
                out.writeString(NetTypes.urlForm((URL) v));
            } else if (v instanceof ByteBuffer) {
                out.writeUnsignedVarInt(TypeIds.EXT_BYTE_BUFFER);
                BufferTypes.write(out, (ByteBuffer) v);
            } else if (v instanceof Enum && jdkEnumId(((Enum<?>) v).getDeclaringClass()) >= 0) {
                out.writeUnsignedVarInt(jdkEnumId(((Enum<?>) v).getDeclaringClass()));
                out.writeUnsignedVarInt(((Enum<?>) v).ordinal());
            } else {
                writeLambda(out, v);
            }
        }

        private static void writeLambda(WriteBuffer out, Object v) {
            WriteSession session = WriteSession.of(out);
            session.contentBuiltAfter(v); // rebuilt from its captured values: none of them may lead back to it
            SerializedLambda sl = serialized(v, session.registry());
            Registration host = session.registry().capturingClass(sl.getCapturingClass(), v.getClass());
            out.writeUnsignedVarInt(TypeIds.EXT_SERIALIZABLE_LAMBDA);
            out.writeUnsignedVarInt(host.id);
            out.writeString(sl.getFunctionalInterfaceClass());
            out.writeString(sl.getFunctionalInterfaceMethodName());
            out.writeString(sl.getFunctionalInterfaceMethodSignature());
            out.writeUnsignedVarInt(sl.getImplMethodKind());
            out.writeString(sl.getImplClass());
            out.writeString(sl.getImplMethodName());
            out.writeString(sl.getImplMethodSignature());
            out.writeString(sl.getInstantiatedMethodType());
            int n = sl.getCapturedArgCount();
            out.writeUnsignedVarInt(n);
            for (int i = 0; i < n; i++) {
                session.writeObject(out, sl.getCapturedArg(i));
            }
        }

        private static SerializedLambda serialized(Object v, Registry registry) {
            Class<?> type = v.getClass();
            MethodHandle writeReplace = reach(WRITE_REPLACE.get(type), type, registry, "writeReplace",
                    MethodType.methodType(Object.class), false);
            if (writeReplace == null) {
                throw new BlitException("cannot write lambda " + type.getName() + ": it has no writeReplace");
            }
            Object replaced;
            try {
                replaced = writeReplace.invoke(v);
            } catch (Error e) {
                throw e;
            } catch (Throwable e) {
                throw new BlitException("cannot write lambda " + type.getName() + ": " + e, e);
            }
            if (!(replaced instanceof SerializedLambda)) {
                throw new BlitException("cannot write " + type.getName() + ": its writeReplace gives a "
                        + (replaced == null ? "null" : replaced.getClass().getName()) + ", not a SerializedLambda");
            }
            return (SerializedLambda) replaced;
        }

        @Override
        public Object read(ReadBuffer in) {
            long at = in.offset();
            int ext = in.readUnsignedVarInt();
            switch (ext) {
                case TypeIds.EXT_SERIALIZABLE_LAMBDA:
                    return readLambda(in, at);
                case TypeIds.EXT_PATH: {
                    String s = LeafContent.text(in, "Path");
                    try {
                        return Path.of(s);
                    } catch (InvalidPathException e) {
                        throw new BlitException("invalid Path at offset " + at + ": " + UtilTypes.quoted(s) + " (" + e.getReason() + ")", e);
                    }
                }
                case TypeIds.EXT_FILE:
                    return new File(LeafContent.text(in, "File"));
                case TypeIds.EXT_INET_ADDRESS:
                    return NetTypes.readAddress(in);
                case TypeIds.EXT_INET_SOCKET_ADDRESS:
                    return NetTypes.readSocketAddress(in);
                case TypeIds.EXT_STACK_TRACE_ELEMENT:
                    return StackFrames.read(in, "StackTraceElement", null);
                case TypeIds.EXT_URL:
                    return NetTypes.url(LeafContent.text(in, "URL"), at);
                case TypeIds.EXT_TIME_UNIT:
                case TypeIds.EXT_CHRONO_UNIT:
                case TypeIds.EXT_ROUNDING_MODE:
                    return constant(in, ext - TypeIds.EXT_TIME_UNIT);
                case TypeIds.EXT_BYTE_BUFFER:
                    return BufferTypes.read(in, at);
                case TypeIds.EXT_NAMED_CLASS:
                    return NamedClasses.read(in);
                default:
                    if (ext >= TypeIds.EXT_SIMPLE_ENTRY && ext <= TypeIds.EXT_WEAK_HASH_MAP
                            || ext >= TypeIds.EXT_UNMODIFIABLE_SEQUENCED_COLLECTION && ext <= TypeIds.EXT_UNMODIFIABLE_SEQUENCED_MAP
                            || ext == TypeIds.EXT_REVERSED_COMPARATOR) {
                        return ExtendedCollections.read(in, ext, at);
                    }
                    throw new BlitException("unknown extended built-in id " + Integer.toUnsignedString(ext) + " at offset " + at
                            + ReadSession.SETTINGS_HINT);
            }
        }

        /**
         * {@code new URL(spec)}: the constructor that takes back every URL's external form (what JDK 20, which
         * deprecates it, recommends instead, {@code new URI(spec).toURL()}, refuses a URL that is not also a URI,
         * a space in a path, say), with the JDK's handler for its protocol. It touches no network (only a URL's
         * {@code equals} and {@code hashCode} do).
         */
        @SuppressWarnings("deprecation")
        private static Object constant(ReadBuffer in, int which) {
            long at = in.offset();
            int ordinal = in.readUnsignedVarInt();
            Object[] constants = JDK_ENUM_CONSTANTS[which];
            if (ordinal < 0 || ordinal >= constants.length) {
                throw new BlitException("ordinal " + Integer.toUnsignedString(ordinal) + " at offset " + at + " is not a constant of "
                        + JDK_ENUMS[which].getName() + " (it has " + constants.length + ")");
            }
            return constants[ordinal];
        }

        private static Object readLambda(ReadBuffer in, long at) {
            ReadSession session = ReadSession.of(in);
            Registry registry = session.registry();
            long hostAt = in.offset();
            int hostId = in.readUnsignedVarInt();
            Registration host = registry.forId(hostId);
            if (host == null || hostId < TypeIds.FIRST_USER_ID || registry.find(host.type) != host) {
                throw new BlitException("lambda at offset " + at + ": its capturing class id " + Integer.toUnsignedString(hostId)
                        + " at offset " + hostAt + " is not a class registered with this Blit instance");
            }
            String fiClass = name(in, "functional interface");
            String fiName = name(in, "functional interface method");
            String fiSignature = name(in, "functional interface method signature");
            long kindAt = in.offset();
            int kind = in.readUnsignedVarInt();
            if (kind < MethodHandleInfo.REF_getField || kind > MethodHandleInfo.REF_invokeInterface) {
                throw new BlitException("lambda at offset " + at + ": method handle kind " + Integer.toUnsignedString(kind)
                        + " at offset " + kindAt + " is not one of 1..9");
            }
            String implClass = name(in, "implementation class");
            String implName = name(in, "implementation method");
            String implSignature = name(in, "implementation method signature");
            String instantiated = name(in, "instantiated method type");
            int n = in.readCount(1);
            // In growing steps, as Elements.readArray: from a stream, the count is not yet backed by bytes.
            Object[] captured = new Object[in.initialCapacity(n)];
            for (int i = 0; i < n; i++) {
                if (i == captured.length) {
                    captured = java.util.Arrays.copyOf(captured, (int) Math.min(n, 2L * captured.length));
                }
                captured[i] = session.readObject(in);
            }
            MethodHandle deserialize = reach(DESERIALIZE.get(host.type), host.type, registry, "$deserializeLambda$",
                    MethodType.methodType(Object.class, SerializedLambda.class), true);
            if (deserialize == null) {
                throw new BlitException("lambda at offset " + at + ": its capturing class " + host.type.getName()
                        + " has no serializable lambdas (no $deserializeLambda$)");
            }
            SerializedLambda sl = new SerializedLambda(host.type, fiClass, fiName, fiSignature, kind, implClass,
                    implName, implSignature, instantiated, captured);
            try {
                return deserialize.invoke(sl);
            } catch (RuntimeException e) {
                // IllegalArgumentException("Invalid lambda deserialization") for a lambda the class does not define;
                // ClassCastException, NullPointerException or IndexOutOfBoundsException for captured values of the
                // wrong types or number.
                throw new BlitException("lambda at offset " + at + " is not one " + host.type.getName() + " defines as "
                        + UtilTypes.quoted(implName) + " with these captured values (" + e + ")", e);
            } catch (LinkageError e) { // ExceptionInInitializerError: the class's initializer
                throw new BlitException("lambda at offset " + at + " cannot be rebuilt by " + host.type.getName() + ": " + e, e);
            } catch (Error e) {
                throw e;
            } catch (Throwable e) { // no checked exception can come from it: the compiler does not know that
                throw new BlitException("lambda at offset " + at + " cannot be rebuilt by " + host.type.getName() + ": " + e, e);
            }
        }

        private static String name(ReadBuffer in, String what) {
            long at = in.offset();
            String s = in.readString();
            if (s == null || s.isEmpty()) {
                throw new BlitException("lambda's " + what + " at offset " + at + " is " + (s == null ? "null" : "empty"));
            }
            return s;
        }
    }
}
