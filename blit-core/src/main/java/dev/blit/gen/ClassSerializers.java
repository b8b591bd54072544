package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Marshallable;
import dev.blit.Serializer;
import dev.blit.internal.Registration;
import dev.blit.internal.Registry;
import dev.blit.internal.RegistryBuilder;
import dev.blit.serial.JavaSerialization;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Modifier;

/**
 * Chooses the serializer for a class registered without one: enums by ordinal, {@link Marshallable}s
 * through their own methods, classes with Java serialization hooks through {@link JavaSerialization}, records and plain classes through generated code ({@link SerializerGenerator},
 * or {@link FlatGenerator} for a class whose fields are all primitives), or, where a hidden class cannot be
 * defined, through {@link ReflectiveSerializer}, which writes the same bytes more slowly.
 * {@code -Dblit.gen=reflective} forces the fallback (to rule the generator out when chasing a problem); a
 * fallback forced by a failed generation is logged, or with {@code -Dblit.gen=strict} is an error. In
 * compatible mode a record or plain class gets a {@link CompatibleSerializer} around the field-by-field
 * serializer.
 */
public final class ClassSerializers {
    private ClassSerializers() {
    }

    /** The choices of one Blit instance that change how classes are written. Not thread-safe: used while building. */
    public static final class Options {
        final boolean flat;
        final boolean compatible;
        /** Compatible mode: how many classes have a slot in the per-message table of described classes. */
        int slots;

        /**
         * @param flat       whether classes whose fields are all primitives are written as one fixed-layout block
         * @param compatible whether records and plain classes carry a field table (compatible mode); implies no flat blocks
         */
        public Options(boolean flat, boolean compatible) {
            this.flat = flat;
            this.compatible = compatible;
        }
    }

    /**
     * The serializer with the default options: flat blocks on, schema-consistent.
     *
     * @param type   the registered class
     * @param rb     the registry under construction (every registration already exists)
     * @param lookup a lookup the user handed over for the class's package, or null
     * @return its serializer, or null for an interface or abstract class (registered only to name it)
     */
    public static Serializer<?> create(Class<?> type, RegistryBuilder rb, MethodHandles.Lookup lookup) {
        return create(type, rb, lookup, new Options(true, false));
    }

    /**
     * @param type    the registered class
     * @param rb      the registry under construction (every registration already exists)
     * @param lookup  a lookup the user handed over for the class's package, or null
     * @param options the Blit instance's choices, shared by all its classes
     * @return its serializer, or null for an interface or abstract class (registered only to name it)
     * @throws BlitException if the class cannot be serialized (no way to instantiate it, no access)
     */
    public static Serializer<?> create(Class<?> type, RegistryBuilder rb, MethodHandles.Lookup lookup, Options options) {
        return linked(type, () -> create(type, rb, lookup, options, new boolean[TRAITS]));
    }

    /**
     * Binds a registered class's serializer, as {@link #create(Class, RegistryBuilder, MethodHandles.Lookup, Options)}
     * makes it, to its registration, and says whether a collection of it may be written as a run (FORMAT.md
     * "Runs"): for enums and for classes serialized field by field with at least one field (schema-consistent),
     * whose content is never empty, whichever serializer (generated or reflective) does it.
     *
     * @param r       the registration
     * @param rb      the registry under construction (every registration already exists)
     * @param lookup  a lookup the user handed over for the class's package, or null
     * @param options the Blit instance's choices, shared by all its classes
     */
    public static void bind(Registration r, RegistryBuilder rb, MethodHandles.Lookup lookup, Options options) {
        boolean[] traits = new boolean[TRAITS];
        r.bind(linked(r.type, () -> create(r.type, rb, lookup, options, traits)));
        r.runs = traits[RUNS];
        r.late = traits[LATE];
    }

    /**
     * Runs {@code make}, turning a class the JVM cannot link (a field's type missing from the class path: a
     * {@code NoClassDefFoundError} out of reflection) into a {@link BlitException} that names the class.
     */
    private static Serializer<?> linked(Class<?> type, java.util.function.Supplier<Serializer<?>> make) {
        try {
            return make.get();
        } catch (LinkageError e) {
            throw new BlitException("cannot serialize " + type.getName() + ": the JVM cannot link what it refers to ("
                    + e + "); is a class it uses missing from the class path?", e);
        }
    }

    /**
     * The serializer of a class written by name ({@code Blit.Builder.allowClassNames}), made on its first use
     * as {@link #bind} makes a registered class's; its values are never runs (each is tagged).
     *
     * @param type    the class, concrete
     * @param rb      the registry the Blit instance was built from (read only by now)
     * @param lookup  a lookup the user handed over for the class's package, or null
     * @param options the Blit instance's choices; the caller makes sure one class at a time uses them
     * @return its content's serializer
     * @throws BlitException if the class cannot be serialized
     */
    public static Serializer<?> content(Class<?> type, RegistryBuilder rb, MethodHandles.Lookup lookup, Options options,
                                        boolean[] late) {
        boolean[] traits = new boolean[TRAITS];
        Serializer<?> s = create(type, rb, lookup, options, traits);
        late[0] = traits[LATE];
        return s;
    }

    /** What {@link #create} says of the serializer it made, besides making it: indexes into its {@code traits}. */
    private static final int RUNS = 0;
    /** {@link Registration#late}. */
    private static final int LATE = 1;
    private static final int TRAITS = 2;

    /**
     * A serializer the user registered ({@code register(type, id, serializer)}, {@code registerHierarchy}) as this
     * instance writes it: in compatible mode behind a table of the marker that says its content is the
     * serializer's own ({@link MarkedSerializer}), so that a reader without the class knows it cannot skip it.
     *
     * @param s       the user's serializer
     * @param type    the class it is registered for
     * @param options the instance's options
     * @return the serializer to bind
     */
    @SuppressWarnings("unchecked")
    public static Serializer<?> users(Serializer<?> s, Class<?> type, Options options) {
        if (options.compatible && JavaSerialization.evolvable(s)) {
            // JavaSerialization.create's serializer, handed over (a JDK class): the table Blit's own choice would have
            return JavaSerialization.compatible((Serializer<Object>) s, options.slots++);
        }
        return MarkedSerializer.of(s, type, options);
    }

    /**
     * The serializer that writes a class's content, for tools that describe bytes ({@code blit dump}): in compatible
     * mode an enum's, a {@code Marshallable}'s, a user serializer's and java.io hooks' stand behind a table of their
     * marker alone, which is not theirs ({@link MarkedSerializer}), or a Serializable class's hooks behind the table
     * of its classes and fields ({@link JavaSerialization#withoutTable}); a record's {@code writeReplace}/{@code readResolve}
     * are called around its own serializer ({@link JavaSerialization#recordComponents}).
     *
     * @param s a serializer this library bound to a registration
     * @return the one that writes what follows that table, or {@code s} itself
     */
    public static Serializer<?> unmarked(Serializer<?> s) {
        s = JavaSerialization.withoutTable(JavaSerialization.recordComponents(s));
        return s instanceof MarkedSerializer ? ((MarkedSerializer) s).content() : s;
    }

    /**
     * Whether the serializer bound to an enum's registration is Blit's own, which writes a constant as its ordinal,
     * as an {@code EnumSet}'s bit set and an {@code EnumMap}'s keys do (FORMAT.md, ids 46 and 47); not a
     * serializer of the user's ({@code register(E.class, id, serializer)}), which writes its constants some other
     * way (by name, to survive a reordering) that an ordinal would silently ignore.
     *
     * @param s the serializer bound to an enum's registration
     * @return whether it writes the enum's constants as their ordinals
     */
    public static boolean writesOrdinals(Serializer<?> s) {
        return s instanceof EnumSerializer || s instanceof MarkedSerializer && ((MarkedSerializer) s).content() instanceof EnumSerializer;
    }

    /**
     * Whether a serializer the user registered himself writes content that is never empty, so that a
     * collection of its class may be a run, as it may when Blit makes the serializer ({@link #bind}). Only for
     * Blit's own {@link ReflectiveSerializer} of a class with fields (handed over by a user, or by tests that
     * compare it with generated code): the same class gets the same bytes whichever serializer writes it.
     * Any other serializer's content is the user's business, so its collections stay tagged.
     *
     * @param s a serializer registered with {@code register(type, id, s)}
     * @return whether collections of its class may be runs
     */
    public static boolean runs(Serializer<?> s) {
        return s instanceof ReflectiveSerializer && ((ReflectiveSerializer) s).hasFields();
    }

    /**
     * {@link Registration#late} for a serializer the user registered: known only of Blit's own
     * {@link ReflectiveSerializer}, as {@link #runs} is. Another serializer of the user's may well build its value
     * after reading what it holds; a cycle through it then fails on reading, as it always did.
     *
     * @param s a serializer registered with {@code register(type, id, s)}
     * @return whether a back reference to its value from inside its content is refused on writing
     */
    public static boolean late(Serializer<?> s) {
        return s instanceof ReflectiveSerializer && ((ReflectiveSerializer) s).late();
    }

    private static Serializer<?> create(Class<?> type, RegistryBuilder rb, MethodHandles.Lookup lookup, Options options,
                                        boolean[] traits) {
        if (type.isEnum()) {
            traits[RUNS] = true;
            return MarkedSerializer.of(new EnumSerializer<>(type), type, options);
        }
        if (type.isArray()) { // before the abstract classes: an array class is abstract too
            Class<?> c = type;
            while (c.isArray()) {
                c = c.getComponentType();
            }
            // Kryo registers array classes; here a typed array needs only its component class to have an id.
            throw new BlitException("cannot register array class " + type.getTypeName() + ": arrays are built in"
                    + (c.isPrimitive() || rb.get(c) != null ? "" : "; register its component class instead (register("
                    + Registry.sourceName(c) + ".class, id)), which is all a typed array of it needs"));
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            return null; // registered only to name it (array components, declared types); never instantiated
        }
        if (Marshallable.class.isAssignableFrom(type)) {
            // after the interfaces and abstract classes: an interface extending Marshallable is registered for its
            // arrays and declared types as any other, and its id read from bytes is refused as theirs is
            return MarkedSerializer.of(new MarshallableSerializer(type, Access.lookupFor(type, lookup)), type, options);
        }
        if (Throwable.class.isAssignableFrom(type)) {
            // before the hooks: Throwable's own are unusable on Java 17, and write its self-cause as a cycle
            traits[LATE] = true; // made by its constructor once its cause, stack and suppressed ones are read
            return ThrowableSerializer.of(type, lookup, options.compatible ? options.slots++ : -1);
        }
        Class<?> container = ClassModel.containerBase(type);
        if (container != null && !JavaSerialization.declaresHooks(type, container)) {
            // before the hooks: the JDK collection's own need its private fields, out of reach on Java 17
            return ContainerSerializer.of(type, lookup, options.compatible ? options.slots++ : -1);
        }
        if (JavaSerialization.hasHooks(type)) {
            // Externalizable, or Serializable with writeObject/readObject/writeReplace/readResolve: the class's
            // own code decides what its state is, so honour it (in Blit's bytes) rather than copy fields.
            Serializer<Object> hooks = JavaSerialization.create(type, lookup);
            if (options.compatible && JavaSerialization.evolvable(hooks)) {
                // a table of its classes and fields, so that it evolves as JDK serialization lets it
                return JavaSerialization.compatible(hooks, options.slots++);
            }
            return MarkedSerializer.of(hooks, type, options);
        }
        ClassModel model = ClassModel.of(type, lookup);
        // Built by a constructor after its fields are read: nothing inside can refer back to it (flat classes hold no
        // references at all).
        traits[LATE] = model.strategy() != ClassModel.Strategy.FIELDS;
        if (type.isRecord() && JavaSerialization.hasRecordHooks(type)) {
            return recordWithHooks(model, rb, options, traits);
        }
        Serializer<?> fields = fieldByField(model, rb, options.flat && !options.compatible);
        if (options.compatible) {
            return new CompatibleSerializer(model, fields, options.slots++).shell();
        }
        traits[RUNS] = !model.properties().isEmpty();
        return fields;
    }

    /**
     * A Serializable record with a writeReplace or readResolve, which JDK serialization calls on records too: the
     * record's own serializer, with the hooks around it. A readResolve alone changes no byte, so the record keeps
     * its table in compatible mode; a writeReplace puts its {@code replaced} byte first, content only the record's
     * own code can read, which compatible mode marks as it marks other classes' hooks.
     */
    private static Serializer<?> recordWithHooks(ClassModel model, RegistryBuilder rb, Options options, boolean[] traits) {
        Class<?> type = model.type();
        if (options.compatible && JavaSerialization.replacesRecord(type)) {
            return MarkedSerializer.of(JavaSerialization.forRecord(type, fieldByField(model, rb, false)), type, options);
        }
        Serializer<?> components = fieldByField(model, rb, options.flat && !options.compatible);
        if (options.compatible) {
            return JavaSerialization.forRecord(type, new CompatibleSerializer(model, components, options.slots++).shell());
        }
        traits[RUNS] = !model.properties().isEmpty();
        return JavaSerialization.forRecord(type, components);
    }

    private static Serializer<?> fieldByField(ClassModel model, RegistryBuilder rb, boolean flat) {
        FlatLayout layout = flat ? FlatLayout.of(model) : null;
        if ("reflective".equals(System.getProperty("blit.gen"))) {
            return new ReflectiveSerializer(model, flat);
        }
        try {
            return layout != null ? FlatGenerator.generate(model, layout) : SerializerGenerator.generate(model, rb);
        } catch (ReflectiveOperationException | LinkageError | IllegalStateException | UnsupportedOperationException
                 | IndexOutOfBoundsException e) {
            // IndexOutOfBounds: ASM's Method/ClassTooLargeException, for classes with many thousands of fields.
            return fallBack(model, flat, e);
        }
    }

    /**
     * The generator failed: the class still works, through the reflective serializer (the same bytes), but
     * several times slower, so this is never silent. It is logged as a warning on the {@code dev.blit}
     * {@link System.Logger} (java.util.logging's console by default), and {@code -Dblit.gen=strict} makes it a
     * {@link BlitException} instead, for builds and tests that must not lose speed unnoticed.
     */
    private static Serializer<?> fallBack(ClassModel model, boolean flat, Throwable cause) {
        String what = "no generated serializer for " + model.type().getName() + " (" + cause + ")";
        if (STRICT.equals(System.getProperty("blit.gen"))) {
            throw new BlitException(what + "; -Dblit.gen=strict forbids the reflective fallback", cause);
        }
        System.getLogger("dev.blit").log(System.Logger.Level.WARNING, what + "; it is serialized through the reflective "
                + "serializer instead: the same bytes, several times slower. -Dblit.gen=strict makes this an error");
        return new ReflectiveSerializer(model, flat);
    }

    /** The value of {@code -Dblit.gen} that turns a failed generation into an error rather than a fallback. */
    static final String STRICT = "strict";

    /** The start of the simple name of generated serializers, field by field and flat (HiddenClassBuilder). */
    static final String GENERATED = "BlitSerializer";
    static final String GENERATED_FLAT = "BlitFlatSerializer";

    /**
     * Whether a serializer is one Blit generated, and which kind, for tools that describe bytes
     * ({@code blit dump}). Not by package: a generated serializer is defined in the user's package when it
     * is a nestmate of the user's class.
     *
     * @param serializer a serializer
     * @param flat       true to ask for a flat one (FlatGenerator), false for a field-by-field one
     * @return whether {@code serializer} is a generated serializer of that kind
     */
    public static boolean isGenerated(Serializer<?> serializer, boolean flat) {
        Class<?> k = serializer.getClass();
        if (!k.isHidden()) {
            return false;
        }
        String name = k.getName();
        int slash = name.indexOf('/');
        String simple = name.substring(name.lastIndexOf('.', slash < 0 ? name.length() : slash) + 1);
        return simple.startsWith((flat ? GENERATED_FLAT : GENERATED) + "$");
    }

    /**
     * The class's simple name with only {@code [A-Za-z0-9_]} kept, for naming generated classes; a loop rather
     * than {@code replaceAll}, which would compile a regular expression on first use, at start-up.
     */
    static String simpleName(Class<?> type) {
        String name = type.getSimpleName();
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_') {
                b.append(c);
            }
        }
        return b.toString();
    }
}
