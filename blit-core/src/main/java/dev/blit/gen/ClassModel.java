package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;

import java.io.Externalizable;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What Blit writes for a record or plain class, and how it makes one again: the serialized fields in the
 * canonical order of FORMAT.md ("User classes"), a getter for each, and one of three ways to instantiate.
 *
 * <ol>
 *   <li>{@link Strategy#RECORD}: the canonical constructor.</li>
 *   <li>{@link Strategy#FIELDS} when every field is non-final and there is a no-argument constructor: the
 *       instance exists before its fields are read, so cycles through it resolve.</li>
 *   <li>{@link Strategy#CONSTRUCTOR}: a constructor whose parameters set exactly the serialized fields
 *       (see {@link ConstructorMatcher}); else one that sets every final field and some others, the rest
 *       set after it (partial construction).</li>
 *   <li>{@link Strategy#FIELDS} with final fields set through deep reflection, when a no-argument constructor
 *       is all there is (JDK 26+ warns about this, JEP 500).</li>
 * </ol>
 *
 * Every handle is adapted to erased types ({@code Object} for the instance and for reference fields), so
 * generated code that goes through them never names the user's classes: they may be private, or in a module
 * Blit cannot read. A serializer defined as a nestmate of the class ({@link #host()}) reaches most fields
 * and the constructor directly instead, and the handles it does not need are never made.
 */
public final class ClassModel {
    // Comparators as classes, not lambdas: building a Blit links no lambda call site (cold start-up).
    private static final Comparator<Field> BY_NAME = new Comparator<>() {
        @Override
        public int compare(Field a, Field b) {
            return a.getName().compareTo(b.getName());
        }
    };
    static final Comparator<Constructor<?>> BY_DESCRIPTOR = new Comparator<>() {
        @Override
        public int compare(Constructor<?> a, Constructor<?> b) {
            return org.objectweb.asm.Type.getConstructorDescriptor(a).compareTo(org.objectweb.asm.Type.getConstructorDescriptor(b));
        }
    };

    /** How an instance is made on read. */
    public enum Strategy {
        /** The canonical constructor of a record, after reading every component. */
        RECORD,
        /**
         * A constructor that takes the serialized fields, after reading them: all of them, or (partial
         * construction) every final one and perhaps others, the rest ({@link Property#settable}) set after it.
         */
        CONSTRUCTOR,
        /** A no-argument constructor, then the fields are set one by one as they are read. */
        FIELDS
    }

    /**
     * How one field is encoded: primitives by their fixed or varint encodings, a field declared
     * {@code String} as a string alone (its header says null), the rest as tagged values.
     */
    enum Kind {
        BOOLEAN("writeBoolean", "(Z)V", "readBoolean", "()Z"),
        BYTE("writeByte", "(I)V", "readByte", "()B"),
        SHORT("writeShort", "(I)V", "readShort", "()S"),
        CHAR("writeChar", "(C)V", "readChar", "()C"),
        INT("writeVarInt", "(I)V", "readVarInt", "()I"),
        LONG("writeVarLong", "(J)V", "readVarLong", "()J"),
        FLOAT("writeFloat", "(F)V", "readFloat", "()F"),
        DOUBLE("writeDouble", "(D)V", "readDouble", "()D"),
        REFERENCE(null, null, null, null),
        /**
         * A field declared {@code String}: {@code str}, whose header 0 is null, without a tag (FORMAT.md, "User
         * classes"). A String is final and never tracked, so a tag could only say "String" or "null". After
         * REFERENCE: compatible mode's type code is the ordinal + 1.
         */
        STRING("writeString", "(Ljava/lang/String;)V", "readString", "()Ljava/lang/String;");

        final String writeMethod;
        final String writeDesc;
        final String readMethod;
        final String readDesc;

        Kind(String writeMethod, String writeDesc, String readMethod, String readDesc) {
            this.writeMethod = writeMethod;
            this.writeDesc = writeDesc;
            this.readMethod = readMethod;
            this.readDesc = readDesc;
        }

        /**
         * Reads a field of this primitive kind in its FORMAT.md encoding, boxed: the reflective serializer's and
         * compatible mode's reads of primitives (generated code calls {@link #readMethod} itself).
         *
         * @param in the buffer
         * @return the value, boxed
         * @throws IllegalStateException for {@link #REFERENCE}, whose reading depends on the caller
         */
        Object readBoxed(ReadBuffer in) {
            switch (this) {
                case BOOLEAN: return in.readBoolean();
                case BYTE: return in.readByte();
                case SHORT: return in.readShort();
                case CHAR: return in.readChar();
                case INT: return in.readVarInt();
                case LONG: return in.readVarLong();
                case FLOAT: return in.readFloat();
                case DOUBLE: return in.readDouble();
                case STRING: return in.readString();
                default: throw new IllegalStateException("a reference is read by the caller");
            }
        }

        /** @return whether fields of this kind are primitives (a flat class has nothing else) */
        boolean primitive() {
            return this != REFERENCE && this != STRING;
        }

        static Kind of(Class<?> t) {
            if (t == String.class) {
                return STRING;
            }
            if (!t.isPrimitive()) {
                return REFERENCE;
            }
            if (t == boolean.class) {
                return BOOLEAN;
            }
            if (t == byte.class) {
                return BYTE;
            }
            if (t == short.class) {
                return SHORT;
            }
            if (t == char.class) {
                return CHAR;
            }
            if (t == int.class) {
                return INT;
            }
            if (t == long.class) {
                return LONG;
            }
            if (t == float.class) {
                return FLOAT;
            }
            return DOUBLE;
        }
    }

    /** One serialized field. */
    public static final class Property {
        final Field field;
        final Kind kind;
        /** The field's type with references erased to Object: what the handles take and return. */
        final Class<?> erased;
        /** A lookup with private access to the declaring class, for the handles. */
        private final MethodHandles.Lookup lookup;
        /**
         * Set after construction (every field of {@link Strategy#FIELDS}, the fields a partial constructor
         * does not take): there is a {@link #setter()}.
         */
        boolean settable;
        private MethodHandle getter;
        private MethodHandle setter;

        Property(Field field, MethodHandles.Lookup lookup) {
            this.field = field;
            this.kind = Kind.of(field.getType());
            this.erased = field.getType().isPrimitive() ? field.getType() : Object.class;
            this.lookup = lookup;
        }

        /**
         * Made on first use, at build time: a serializer that is a nestmate of the class reads most fields
         * directly and never asks, and for a class of 350 fields making and adapting 700 handles was a
         * fifth of the generation time.
         *
         * @return {@code (Object)erased}
         */
        MethodHandle getter() {
            if (getter == null) {
                try {
                    getter = lookup.unreflectGetter(field).asType(MethodType.methodType(erased, Object.class));
                } catch (IllegalAccessException e) {
                    throw new BlitException("Blit cannot read field " + displayName() + ": " + e.getMessage(), e);
                }
            }
            return getter;
        }

        /** @return {@code (Object, erased)void}, made on first use; only when {@link #settable} */
        MethodHandle setter() {
            if (setter == null) {
                try {
                    setter = lookup.unreflectSetter(field).asType(MethodType.methodType(void.class, Object.class, erased));
                } catch (IllegalAccessException e) {
                    throw new BlitException("Blit cannot set field " + displayName() + ": " + e.getMessage(), e);
                }
            }
            return setter;
        }

        /** @return the declared type */
        public Class<?> type() {
            return field.getType();
        }

        /** @return "DeclaringClass.name", for messages */
        public String displayName() {
            return field.getDeclaringClass().getSimpleName() + "." + field.getName();
        }

        /** @return the field */
        public Field field() {
            return field;
        }
    }

    private final Class<?> type;
    private final List<Property> properties;
    private final Strategy strategy;
    /** FIELDS: ()Object; otherwise (erased types of the parameters)Object. */
    private final MethodHandle constructor;
    /** RECORD/CONSTRUCTOR: for each constructor parameter, the index of its property. */
    private final int[] arguments;
    /** The constructor {@link #constructor} calls. */
    private final Constructor<?> creator;
    /** Where a serializer may be defined as a nestmate of the class ({@link Access#nestHost}), or null. */
    private MethodHandles.Lookup host;

    private ClassModel(Class<?> type, List<Property> properties, Strategy strategy, MethodHandle constructor, int[] arguments,
                       Constructor<?> creator) {
        this.type = type;
        this.properties = properties;
        this.strategy = strategy;
        this.constructor = constructor;
        this.arguments = arguments;
        this.creator = creator;
    }

    /**
     * @param type  a concrete record or plain class (not an enum, interface or abstract class)
     * @param given a full-privilege lookup the user handed over for its package, or null
     * @return its model
     * @throws BlitException if Blit cannot reach its fields or cannot instantiate it
     */
    public static ClassModel of(Class<?> type, MethodHandles.Lookup given) {
        ClassModel model = build(type, given);
        model.host = Access.nestHost(type, given);
        return model;
    }

    private static ClassModel build(Class<?> type, MethodHandles.Lookup given) {
        if (type.isInterface() || type.isArray() || type.isPrimitive() || type.isEnum()
                || Modifier.isAbstract(type.getModifiers())) {
            throw new BlitException(type.getName() + " cannot be serialized field by field");
        }
        List<Field> fields = serializedFields(type);
        List<Property> properties = properties(fields, given);
        // A bare Object (a lock, a sentinel) has no fields and a public constructor: no private access needed,
        // and none is to be had, java.lang being closed to Blit.
        MethodHandles.Lookup lookup = type == Object.class ? MethodHandles.publicLookup() : Access.lookupFor(type, given);
        if (type.isRecord()) {
            return forRecord(type, properties, lookup);
        }
        Constructor<?> noArg = null;
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (c.getParameterCount() == 0) {
                noArg = c;
            }
        }
        boolean anyFinal = false;
        for (Field f : fields) {
            anyFinal |= Modifier.isFinal(f.getModifiers());
        }
        if (noArg != null && !anyFinal) {
            return forFields(type, properties, lookup, noArg);
        }
        ClassModel viaConstructor = forMatchingConstructor(type, fields, properties, lookup);
        if (viaConstructor == null) {
            viaConstructor = forPartConstructor(type, fields, properties, lookup);
        }
        if (viaConstructor != null) {
            return viaConstructor;
        }
        if (noArg != null) {
            return forFields(type, properties, lookup, noArg);
        }
        long enclosing = fields.stream().filter(f -> isEnclosingInstance(f.getDeclaringClass(), f)).count();
        if (enclosing > 1) {
            throw new BlitException("cannot instantiate " + type.getName() + ": it is an inner class that extends another"
                    + " inner class, and each keeps the enclosing instance, which its constructor sets through one"
                    + " parameter; make them static nested classes");
        }
        if (type.isMemberClass() && !Modifier.isStatic(type.getModifiers()) && enclosing == 0) {
            // javac 18 and later keep no this$0 in an inner class that never uses its enclosing instance, yet its
            // constructors still take one: nothing in the bytes could give it.
            throw new BlitException("cannot instantiate " + type.getName() + ": it is an inner class whose constructors"
                    + " take an enclosing instance it does not keep (it never uses it, and javac 18 or later drops the"
                    + " field); make it a static nested class");
        }
        if ((type.isLocalClass() || type.isAnonymousClass()) && enclosing == 0 && takesOuterInstance(type)) {
            // The same for a local or anonymous class declared in an instance method, constructor or initializer.
            throw new BlitException("cannot instantiate " + type.getName() + ": it is " + (type.isAnonymousClass()
                    ? "an anonymous" : "a local") + " class declared where this is in scope (an instance method, constructor or initializer), and its constructor takes"
                    + " an enclosing instance it does not keep (it never uses it, and javac 18 or later drops the"
                    + " field), which nothing in the bytes could give; make it a static nested class, or declare it"
                    + " in a static method");
        }
        throw new BlitException("cannot instantiate " + type.getName() + ": it needs a no-argument constructor (any "
                + "visibility), a constructor whose parameters set its serialized fields " + names(properties)
                + " or at least its final ones" + finals(properties) + " (the others are then set after it), "
                + "or to be a record" + computedNote(new ConstructorMatcher(type, fields).computedFields())
                + typeVariableNote(fields));
    }

    /** Whether every constructor of a local or anonymous class takes an instance of its enclosing class first. */
    private static boolean takesOuterInstance(Class<?> type) {
        java.lang.reflect.Method in = type.getEnclosingMethod();
        Class<?> outer = type.getEnclosingClass();
        if (outer == null || in != null && Modifier.isStatic(in.getModifiers())) {
            return false;
        }
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (c.getParameterCount() == 0 || c.getParameterTypes()[0] != outer) {
                return false;
            }
        }
        return true;
    }

    private static String computedNote(List<String> computed) {
        return computed.isEmpty() ? "" : "; its constructors compute " + String.join(", ", computed) + " from their"
                + " arguments (arithmetic, a string concatenation, a condition, a conversion, a constant) or call a"
                + " method of the object that may set it afterwards, so no argument is surely the field's value and a"
                + " round trip through them could change it";
    }

    /**
     * For the message when no constructor is used: a field declared as a type variable ({@code final ID id} in
     * {@code Entity<ID>}) is of its erasure, which a parameter must have exactly; {@code User(Long id, String name)
     * { super(id); ... }} is not used for it.
     */
    private static String typeVariableNote(List<Field> fields) {
        List<String> named = new ArrayList<>();
        for (Field f : fields) {
            if (f.getGenericType() instanceof java.lang.reflect.TypeVariable) {
                named.add(f.getName() + " (" + f.getType().getSimpleName() + ")");
            }
        }
        return named.isEmpty() ? "" : "; each parameter must be of exactly its field's type, and " + String.join(", ", named)
                + (named.size() == 1 ? " is" : " are") + " declared as a type variable of a generic class, so of its"
                + " erasure: a parameter of a narrower type (Long for a field declared ID) is not paired with it";
    }

    /**
     * The serialized fields in canonical order: topmost superclass first, each class's own fields by name,
     * static and transient fields left out, or, for a {@code Serializable} class that declares
     * {@code serialPersistentFields}, the fields it lists (see {@link #persistentFields}). For a
     * {@link Throwable}, only the fields below {@code Throwable}: its own state is written through its public
     * methods ({@link ThrowableSerializer}).
     *
     * @param type the class
     * @return its serialized fields
     * @throws BlitException if a class of it has a field the compiler added, or lists in its
     *                       {@code serialPersistentFields} what is no field of it
     */
    static List<Field> serializedFields(Class<?> type) {
        List<Class<?>> chain = new ArrayList<>();
        Class<?> container = containerBase(type);
        for (Class<?> c = type; c != null && c != Object.class && c != Record.class && c != Throwable.class
                && c != container; c = c.getSuperclass()) {
            chain.add(0, c);
        }
        List<Field> out = new ArrayList<>();
        for (Class<?> c : chain) {
            Field[] declared = c.getDeclaredFields();
            Arrays.sort(declared, BY_NAME);
            Set<String> persistent = persistentFields(c, declared);
            for (Field f : declared) {
                int m = f.getModifiers();
                if (persistent != null ? !persistent.contains(f.getName())
                        : Modifier.isStatic(m) || Modifier.isTransient(m)) {
                    continue;
                }
                if (f.isSynthetic() && !isEnclosingInstance(c, f)) {
                    throw new BlitException(type.getName() + " has a field the compiler added (" + f.getName()
                            + ": the enclosing instance of an inner class, or a variable a local or anonymous class "
                            + "captured); make it a static nested class or a record");
                }
                out.add(f);
            }
        }
        return out;
    }

    /**
     * The fields a {@code Serializable} class's {@code private static final ObjectStreamField[]
     * serialPersistentFields} lists, which are then its serialized fields, as for JDK serialization: a field
     * it leaves out is not written even if it is not transient (a cache, a {@code Thread}), a transient one it
     * lists is. Read through {@link ObjectStreamClass}, so the JDK's own rules decide when the declaration
     * counts (records, enums and an array of another type or modifiers are ignored, a null array means the
     * default fields). An entry must name a non-static field of the class with exactly its type: anything
     * else has no field behind it, which only {@code writeObject}/{@code readObject} hooks can put and get
     * ({@code PutField}), and which {@code ObjectOutputStream} refuses in a class without them ("unmatched
     * serializable field(s) declared"); Blit refuses it at build, with the entry named.
     *
     * @param c        a class of the hierarchy being serialized
     * @param declared its declared fields
     * @return the listed fields' names, or null when the class declares none JDK serialization honours
     */
    private static Set<String> persistentFields(Class<?> c, Field[] declared) {
        Field spf = null;
        for (Field f : declared) {
            if (f.getName().equals("serialPersistentFields")) {
                spf = f;
            }
        }
        int required = Modifier.PRIVATE | Modifier.STATIC | Modifier.FINAL;
        if (spf == null || (spf.getModifiers() & required) != required || spf.getType() != ObjectStreamField[].class
                || !Serializable.class.isAssignableFrom(c) || Externalizable.class.isAssignableFrom(c)
                || c.isRecord() || c.isEnum() || hasStreamHook(c)) {
            return null;
        }
        ObjectStreamField[] listed = ObjectStreamClass.lookup(c).getFields();
        if (listed.length == 0 && spf.trySetAccessible()) {
            // The JDK makes an invalid array (two entries of one name, a null entry) no fields, and refuses to
            // write the class: so does Blit, rather than write nothing.
            try {
                Object[] value = (Object[]) spf.get(null);
                if (value != null && value.length > 0) {
                    throw new BlitException("the serialPersistentFields of " + c.getName() + " is invalid (two"
                            + " entries of one name, or a null entry): JDK serialization refuses the class too");
                }
            } catch (IllegalAccessException e) {
                // Not readable after all: take the JDK's reading of it.
            }
        }
        Set<String> fields = new HashSet<>();
        for (ObjectStreamField entry : listed) {
            Class<?> t = entry.getType();
            Field f = null;
            for (Field d : declared) {
                if (d.getName().equals(entry.getName())) {
                    f = d;
                }
            }
            if (f == null || f.getType() != t || Modifier.isStatic(f.getModifiers())) {
                throw new BlitException("the serialPersistentFields of " + c.getName() + " lists " + entry.getName()
                        + " (" + t.getTypeName() + "), which is " + (f == null ? "no field of it"
                        : Modifier.isStatic(f.getModifiers()) ? "a static field"
                        : "a field of type " + f.getType().getTypeName())
                        + ": only writeObject/readObject hooks can write and read such an entry (PutField/GetField), and"
                        + " JDK serialization refuses it in a class without them, as Blit does; list the field with its"
                        + " own type, or drop the entry");
            }
            fields.add(f.getName());
        }
        return fields;
    }

    /**
     * Whether {@code c} declares a {@code writeObject} or {@code readObject} hook: its
     * {@code serialPersistentFields} are then the hooks' business ({@code PutField}/{@code GetField} entries with
     * no field behind them, as {@code ExceptionInInitializerError}'s {@code exception}), not a list of fields.
     * Such a class is written through its hooks; only an exception, whose serializer writes its fields and state
     * itself and runs no hooks, reaches {@link #serializedFields} with one.
     */
    private static boolean hasStreamHook(Class<?> c) {
        for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
            Class<?>[] p = m.getParameterTypes();
            if (p.length == 1 && Modifier.isPrivate(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())
                    && (m.getName().equals("writeObject") && p[0] == java.io.ObjectOutputStream.class
                    || m.getName().equals("readObject") && p[0] == java.io.ObjectInputStream.class)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code f} is the reference an inner (non-static member) class keeps to its enclosing instance
     * ({@code this$0}, {@code this$1} for a class nested two deep): written as a field of the outer class's type,
     * as Kryo and Fory write it, and taken by the constructor, whose first parameter it is.
     */
    static boolean isEnclosingInstance(Class<?> c, Field f) {
        return c.isMemberClass() && !Modifier.isStatic(c.getModifiers()) && f.getName().startsWith("this$")
                && f.getType() == c.getEnclosingClass();
    }

    /**
     * The JDK collection or map a class of the user's extends ({@code class Tags extends ArrayList<String>}),
     * whose state Blit takes through its public methods (FORMAT.md, "Collections and maps the user extends"):
     * its private fields are out of reach on Java 17, and its own hooks write them.
     *
     * @param type a class
     * @return the nearest superclass of {@code type} that the JDK defines, when it is a serializable
     *         {@link Collection} or {@link Map} and {@code type} is not the JDK's own; else null
     */
    static Class<?> containerBase(Class<?> type) {
        if (jdk(type)) {
            return null;
        }
        for (Class<?> c = type.getSuperclass(); c != null; c = c.getSuperclass()) {
            if (jdk(c)) {
                return Serializable.class.isAssignableFrom(c)
                        && (Collection.class.isAssignableFrom(c) || Map.class.isAssignableFrom(c)) ? c : null;
            }
        }
        return null;
    }

    private static boolean jdk(Class<?> c) {
        ClassLoader loader = c.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }

    private static ClassModel forRecord(Class<?> type, List<Property> properties, MethodHandles.Lookup lookup) {
        RecordComponent[] components = type.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        int[] arguments = new int[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            arguments[i] = indexOf(properties, components[i].getName());
        }
        try {
            Constructor<?> canonical = type.getDeclaredConstructor(types);
            return new ClassModel(type, properties, Strategy.RECORD,
                    adapt(unreflect(lookup, canonical), properties, arguments), arguments, canonical);
        } catch (NoSuchMethodException | IllegalAccessException e) {
            throw new BlitException("cannot reach the canonical constructor of record " + type.getName(), e);
        }
    }

    private static ClassModel forMatchingConstructor(Class<?> type, List<Field> fields, List<Property> properties,
                                                     MethodHandles.Lookup lookup) {
        Constructor<?>[] ctors = type.getDeclaredConstructors();
        // Deterministic whatever order reflection returns them in.
        Arrays.sort(ctors, BY_DESCRIPTOR);
        ConstructorMatcher matcher = new ConstructorMatcher(type, fields);
        Constructor<?> chosen = null;
        int[] chosenArguments = null;
        int candidates = 0;
        for (Constructor<?> c : ctors) {
            int[] arguments = matcher.match(c);
            if (arguments == null) {
                continue;
            }
            candidates++;
            if (matcher.confirms(c, arguments)) {
                chosen = c; // its bytecode stores each parameter in its field: preferred to one paired by names or types
                chosenArguments = arguments;
                break;
            }
            if (chosen == null) {
                chosen = c;
                chosenArguments = arguments;
            }
        }
        if (chosen == null) {
            return null;
        }
        if (candidates > 1 && !matcher.confirms(chosen, chosenArguments)) {
            throw new BlitException("cannot instantiate " + type.getName() + ": several of its constructors take its"
                    + " serialized fields " + names(properties) + ", and the bytecode of none of them stores each"
                    + " parameter unchanged in its field, so which one gives the values back is a guess; give it one"
                    + " constructor that does (this.f = f), a no-argument constructor (any visibility) with non-final"
                    + " fields, or make it a record");
        }
        try {
            return new ClassModel(type, properties, Strategy.CONSTRUCTOR,
                    adapt(unreflect(lookup, chosen), properties, chosenArguments), chosenArguments, chosen);
        } catch (IllegalAccessException e) {
            throw new BlitException("cannot reach constructor " + chosen + ": " + e.getMessage(), e);
        }
    }

    /**
     * Partial construction: the constructor with the most parameters among those that set every final field
     * (and other fields, or none), each parameter a different field; the fields it does not take are non-final
     * and set after it ran ({@link Property#settable}), as a no-argument constructor's fields are. Kryo and Fory
     * would allocate such a class without running a constructor; Blit runs one, so the class's own checks
     * run, and no final field is written reflectively (JEP 500).
     */
    private static ClassModel forPartConstructor(Class<?> type, List<Field> fields, List<Property> properties,
                                                 MethodHandles.Lookup lookup) {
        Constructor<?>[] ctors = type.getDeclaredConstructors();
        Arrays.sort(ctors, BY_DESCRIPTOR);
        ConstructorMatcher matcher = new ConstructorMatcher(type, fields);
        Constructor<?> best = null;
        int[] bestArguments = null;
        boolean bestConfirmed = false;
        for (Constructor<?> c : ctors) {
            int[] arguments = matcher.matchPart(c);
            if (arguments == null) {
                continue;
            }
            boolean confirmed = matcher.confirms(c, arguments);
            // The most parameters; of as many, one whose bytecode confirms every pairing, then the first by descriptor.
            if (best == null || arguments.length > bestArguments.length
                    || arguments.length == bestArguments.length && confirmed && !bestConfirmed) {
                best = c;
                bestArguments = arguments;
                bestConfirmed = confirmed;
            }
        }
        if (best == null) {
            return null;
        }
        boolean[] taken = new boolean[properties.size()];
        for (int a : bestArguments) {
            taken[a] = true;
        }
        for (int i = 0; i < taken.length; i++) {
            properties.get(i).settable = !taken[i]; // non-final: matchPart took every final field
        }
        try {
            return new ClassModel(type, properties, Strategy.CONSTRUCTOR,
                    adapt(unreflect(lookup, best), properties, bestArguments), bestArguments, best);
        } catch (IllegalAccessException e) {
            throw new BlitException("cannot reach constructor " + best + ": " + e.getMessage(), e);
        }
    }

    private static ClassModel forFields(Class<?> type, List<Property> properties, MethodHandles.Lookup lookup,
                                        Constructor<?> noArg) {
        try {
            makeSettable(type, properties, "its no-argument constructor");
            MethodHandle ctor = lookup.unreflectConstructor(noArg).asType(MethodType.methodType(Object.class));
            return new ClassModel(type, properties, Strategy.FIELDS, ctor, null, noArg);
        } catch (IllegalAccessException e) {
            throw new BlitException("cannot instantiate " + type.getName() + " through its no-argument constructor: "
                    + e.getMessage(), e);
        }
    }

    /**
     * @param fields serialized fields in canonical order
     * @param given  a full-privilege lookup the user handed over, or null
     * @return a property for each, with a lookup on its declaring class
     * @throws BlitException if Blit cannot reach a declaring class
     */
    static List<Property> properties(List<Field> fields, MethodHandles.Lookup given) {
        List<Property> properties = new ArrayList<>(fields.size());
        Map<Class<?>, MethodHandles.Lookup> lookups = new HashMap<>(); // one per class declaring fields
        for (Field f : fields) {
            MethodHandles.Lookup l = lookups.get(f.getDeclaringClass());
            if (l == null) {
                l = Access.lookupFor(f.getDeclaringClass(), given);
                lookups.put(f.getDeclaringClass(), l);
            }
            properties.add(new Property(f, l));
        }
        return properties;
    }

    /**
     * Lets every property be set after construction: final fields through deep reflection (FORMAT.md,
     * "Construction", 5: JDK 26 warns about it).
     *
     * @param type       the class, for the message
     * @param properties its properties
     * @param after      what makes the instance, for the message ("its no-argument constructor")
     * @throws BlitException if a final field cannot be made writable
     */
    static void makeSettable(Class<?> type, List<Property> properties, String after) {
        for (Property p : properties) {
            Field f = p.field;
            if (Modifier.isFinal(f.getModifiers())) {
                try {
                    f.setAccessible(true);
                } catch (RuntimeException e) {
                    throw new BlitException("cannot set final field " + p.displayName() + " of " + type.getName()
                            + " after " + after + ": give it a constructor that takes its fields, "
                            + "or open its package to dev.blit", e);
                }
            }
            p.settable = true;
        }
    }

    /**
     * A method handle cannot have more than 253 parameter slots (a {@code long} or {@code double} takes two), one
     * fewer than a constructor may: such a constructor (a record of 254 {@code int} components) is refused here,
     * as a {@link BlitException}, not with the JDK's {@code IllegalArgumentException} out of {@code build()}.
     */
    private static MethodHandle unreflect(MethodHandles.Lookup lookup, Constructor<?> c) throws IllegalAccessException {
        try {
            return lookup.unreflectConstructor(c);
        } catch (IllegalArgumentException e) {
            int slots = 0;
            for (Class<?> p : c.getParameterTypes()) {
                slots += p == long.class || p == double.class ? 2 : 1;
            }
            throw new BlitException("cannot call the constructor of " + c.getDeclaringClass().getName() + " with "
                    + c.getParameterCount() + " parameters: they take " + slots + " slots, and a method handle takes at"
                    + " most 253 (" + e.getMessage() + "); register a Serializer of your own for it", e);
        }
    }

    private static MethodHandle adapt(MethodHandle ctor, List<Property> properties, int[] arguments) {
        Class<?>[] erased = new Class<?>[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            erased[i] = properties.get(arguments[i]).erased;
        }
        return ctor.asType(MethodType.methodType(Object.class, erased));
    }

    private static int indexOf(List<Property> properties, String name) {
        for (int i = 0; i < properties.size(); i++) {
            if (properties.get(i).field.getName().equals(name)) {
                return i;
            }
        }
        throw new BlitException("record component " + name + " has no field");
    }

    private static String finals(List<Property> properties) {
        List<Property> finals = new ArrayList<>();
        for (Property p : properties) {
            if (Modifier.isFinal(p.field.getModifiers())) {
                finals.add(p);
            }
        }
        return finals.isEmpty() || finals.size() == properties.size() ? "" : " " + names(finals);
    }

    private static String names(List<Property> properties) {
        StringBuilder sb = new StringBuilder("(");
        for (Property p : properties) {
            sb.append(sb.length() > 1 ? ", " : "").append(p.type().getSimpleName()).append(' ').append(p.field.getName());
        }
        return sb.append(')').toString();
    }

    /** @return the class */
    public Class<?> type() {
        return type;
    }

    /** @return the serialized fields in canonical order */
    public List<Property> properties() {
        return properties;
    }

    /** @return how instances are made */
    public Strategy strategy() {
        return strategy;
    }

    /** @return FIELDS: {@code ()Object}; otherwise {@code (erased parameter types)Object} */
    MethodHandle constructor() {
        return constructor;
    }

    /** @return the constructor that makes instances (FIELDS: the no-argument one) */
    Constructor<?> creator() {
        return creator;
    }

    /** @return a full-privilege lookup on the class, to define its serializer as a nestmate; null when it must not be */
    MethodHandles.Lookup host() {
        return host;
    }

    /** @return for each constructor parameter the index of its property; null for FIELDS */
    int[] arguments() {
        return arguments == null ? null : arguments.clone();
    }
}
