package dev.blit.cli;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Marshallable;
import dev.blit.Serializer;
import dev.blit.gen.ClassLayout;
import dev.blit.gen.ClassSerializers;
import dev.blit.serial.JavaSerialization;
import dev.blit.types.TypeIds;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the dump knows about user ids: the classes given with {@code --register} (loaded from
 * {@code --classpath}), and how each one's content is laid out; and the same of the classes the bytes write by
 * name (FORMAT.md, "Classes written by name"), which it loads by their names from {@code --classpath} (or where
 * {@code --blit}'s class is), without initializing them, and knows by a key of its own ({@link #named}).
 */
final class UserTypes {
    /** How a registered class's content is encoded. */
    enum Shape {
        /** uvar ordinal. */
        ENUM,
        /** Fields in canonical order (or a field table first, in compatible mode). */
        FIELDS,
        /**
         * A {@link Throwable} (FORMAT.md, "Throwables"): message, cause, stack trace, suppressed exceptions, then
         * its own fields (those declared below {@code Throwable}) as {@link #FIELDS}; in compatible mode after a
         * field table, as a plain class's, and in the table's order.
         */
        THROWABLE,
        /**
         * A class of the user's that extends a JDK collection or map (FORMAT.md, "Collections and maps the user
         * extends"): its own fields (those declared below the JDK's class) as {@link #FIELDS}, then its elements
         * or entries as a built-in collection's or map's.
         */
        CONTAINER,
        /**
         * Written by {@code Serializer.collection} or {@code Serializer.map} (known from {@code --blit}): a
         * built-in collection's or map's content, count then elements or entries, built after them.
         */
        ELEMENTS,
        /** Marshallable, java.io hooks, abstract: only the class's own code knows its content. */
        OPAQUE
    }

    /** One serialized field: its name and its type if primitive or String (or null for a tagged value). */
    record FieldInfo(String name, Class<?> type) {
    }

    /**
     * One registered class, or one written by name ({@code id} its key, {@link BuiltinIds#NAMED}). With a shape
     * other than {@link Shape#OPAQUE}, the library reads its values as instances of {@code type} itself (an enum's
     * constants, with or without bodies, implement what it does); an opaque one's code (a custom serializer,
     * {@code readResolve}) may hand back another class. An enum's {@code constants} are its constants, or for one
     * written by name their names ({@link #constantName}).
     */
    record UserType(long id, Class<?> type, Shape shape, List<FieldInfo> fields, boolean flat, Object[] constants,
                    String why) {
        String name() {
            return type.getName();
        }

        /** Whether its content starts with fields, in compatible mode with a field table before them. */
        boolean fieldsFirst() {
            return shape == Shape.FIELDS || shape == Shape.CONTAINER;
        }
    }

    private final Map<Integer, UserType> byId = new HashMap<>();
    /** The user's own configured instance ({@code --blit}), or null. */
    private Blit blit;
    /** Where classes written by name are loaded from: {@code --classpath}, or {@code --blit}'s; null without either. */
    private ClassLoader namedLoader;
    /** The classes written by name met so far, the one of key {@code NAMED - i} at {@code i} ({@link #named}). */
    private final List<Named> named = new ArrayList<>();
    private final Map<String, Long> namedKeys = new HashMap<>();

    /**
     * A class written by name, as the dump knows it: its type if loaded and readable by name; else why its content
     * cannot be read ({@code missing}), or what refuses the name, the same for every reader ({@code refused}).
     */
    private record Named(String name, UserType type, String missing, String refused) {
    }

    /**
     * @param id a user id, or the key of a class written by name
     * @return what the dump knows of that class, or null if it was not given (or not found)
     */
    UserType get(long id) {
        if (BuiltinIds.isNamed(id)) {
            return named(id).type();
        }
        UserType t = byId.get((int) id);
        if (t == null && blit != null && id >= 100 && id <= Integer.MAX_VALUE) {
            Class<?> type = blit.registrations().get((int) id);
            if (type != null) {
                t = describe((int) id, type, blit.serializerOf(type));
                byId.put((int) id, t);
            }
        }
        return t;
    }

    /** @return the name of type id {@code id}: a built-in's, a registered class's, or "#id"; a named class's name */
    String typeName(long id) {
        if (BuiltinIds.isNamed(id)) {
            return named(id).name();
        }
        if (id >= TypeIds.FIRST_USER_ID) {
            UserType t = get(id);
            return t != null ? t.name() : "#" + id;
        }
        return Names.builtin((int) id);
    }

    /**
     * The key of the class the bytes write by {@code name} (FORMAT.md, "Classes written by name"), which stands
     * for it wherever a type id does ({@link BuiltinIds#NAMED}); the same for a name in every message. The first
     * time a name is met, its class is loaded if the user gave where from ({@code --classpath}, or {@code --blit}'s
     * class's loader), never initialized: {@code Class.forName(name, false, loader)}, and, for an enum, the
     * constants' names are read from its fields rather than from {@code values()} (nothing of a class the bytes
     * chose runs). Its content is then laid out as a registered class's ({@link #describe}, given the serializer
     * {@code --blit}'s instance makes for it if that allows the name); a class that is not found is not known, as
     * a user id not given (the classpath may be another than the reader's).
     *
     * @param name a name that {@link ClassesByName} checked is a binary name outside the JDK's packages
     * @param at   its offset, for errors
     * @throws BlitException if the class of that name is one the library never reads by name (an interface, an
     *                       abstract class, an enum constant's body, one only its loader can name), as every reader
     *                       that loads it refuses it
     */
    long named(String name, long at) {
        Long key = namedKeys.get(name);
        if (key == null) {
            key = BuiltinIds.NAMED - named.size();
            named.add(resolve(name, key));
            namedKeys.put(name, key);
        }
        Named n = named(key);
        if (n.refused() != null) {
            throw new BlitException("class name " + Names.quote(name) + " at offset " + at + " names " + n.refused());
        }
        return key;
    }

    private Named resolve(String name, long key) {
        if (namedLoader == null) {
            return new Named(name, null, "give --classpath or --blit", null); // it loads nothing the user did not point at
        }
        try {
            Class<?> c = Class.forName(name, false, namedLoader);
            Class<?> parent = c.getSuperclass();
            ClassLoader l = c.getClassLoader();
            // as the library's NamedClasses: what it would neither write nor read by name
            if (!c.getName().equals(name) || l == null || l == ClassLoader.getPlatformClassLoader() || c.isArray()
                    || c.isPrimitive() || c.isAnonymousClass() || c.isLocalClass() || c.isHidden() || c.isSynthetic()
                    || c.isInterface() || Modifier.isAbstract(c.getModifiers()) || parent != null && parent.isEnum() && !c.isEnum()) {
                return new Named(name, null, null, c.getName() + ", which is not written by name (an interface, an"
                        + " abstract class, an enum constant's body, or a class only its loader can name)");
            }
            if (c.isEnum()) { // an enum written by name is its ordinal, whatever serializer it has
                return new Named(name, new UserType(key, c, Shape.ENUM, List.of(), false, constantNames(c), null), null, null);
            }
            Serializer<?> own = null;
            if (blit != null) {
                try {
                    own = blit.serializerOf(c);
                } catch (RuntimeException | LinkageError e) {
                    // its allowClassNames do not match the name: the content is laid out as --register would
                }
            }
            return new Named(name, describe(key, c, own), null, null);
        } catch (ClassNotFoundException | LinkageError | SecurityException e) {
            return new Named(name, null, "no class of that name where --classpath or --blit says", null);
        }
    }

    /**
     * The names of an enum's constants by ordinal, without initializing it: javac declares the constants' fields
     * first, in their order, and reflection lists a class's fields in the order of its class file.
     */
    private static String[] constantNames(Class<?> type) {
        List<String> names = new ArrayList<>();
        for (Field f : type.getDeclaredFields()) {
            if (f.isEnumConstant()) {
                names.add(f.getName());
            }
        }
        return names.toArray(new String[0]);
    }

    /** @return the name of {@code constant}, one of a {@link UserType}'s constants */
    static String constantName(Object constant) {
        return constant instanceof Enum<?> e ? e.name() : String.valueOf(constant);
    }

    /**
     * @param id a user id, or the key of a class written by name, whose class the dump does not know
     * @return what would let the dump read its content
     */
    String missing(long id) {
        return BuiltinIds.isNamed(id) ? named(id).missing() : "give --register and --classpath";
    }

    /** @return the class written by name of key {@code key} */
    private Named named(long key) {
        return named.get((int) (BuiltinIds.NAMED - key));
    }

    /** Whether {@code id} (a type id, a descriptor's, or what an array's elements must be) is a class of the user's. */
    static boolean isUser(long id) {
        return id >= TypeIds.FIRST_USER_ID || BuiltinIds.isNamed(id);
    }

    /** Whether {@code v}, a value read, is an object of a class of the user's: of a user id, or written by name. */
    static boolean isUser(Node v) {
        return v.id >= TypeIds.FIRST_USER_ID || v.id == TypeIds.EXTENDED && v.ext == TypeIds.EXT_NAMED_CLASS;
    }

    /** @return what the dump knows of the class of {@code v} ({@link #isUser(Node)}), or null */
    UserType of(Node v) {
        return v.id >= TypeIds.FIRST_USER_ID ? get(v.id) : v.named != 0 ? get(v.named) : null;
    }

    /**
     * Whether {@code c} (a value read, not a back reference) cannot be a sorted collection's comparator. Of Blit's
     * own types, {@link BuiltinIds#comparesNaturally those it names} are, and a lambda may be (its functional
     * interface tells, if it is the JDK's: {@link Node#notAComparator}). A value of a user id (or of a class written
     * by name) may be: it is not when its class is given, the library reads the value as an instance of exactly
     * that class (not {@link Shape#OPAQUE}), and the class is no {@code Comparator}.
     */
    boolean notAComparator(Node c) {
        if (isUser(c)) {
            UserType t = of(c);
            return t != null && t.shape() != Shape.OPAQUE && !Comparator.class.isAssignableFrom(t.type());
        }
        return !BuiltinIds.comparesNaturally(c) && (c.id != TypeIds.EXTENDED
                || c.ext != TypeIds.EXT_SERIALIZABLE_LAMBDA && c.ext != TypeIds.EXT_REVERSED_COMPARATOR || c.notAComparator);
    }

    /**
     * With {@code exact} what the elements of typed array {@code array} must be ({@link BuiltinIds#fits}): refuses
     * its element {@code i}, read (a back reference: the object it points at), if the classes given tell that it is
     * no instance of the component class ({@link #cannotHold}; when that is an array class, {@link #notAnArrayOf}),
     * as the library checks each element; and a value of id 99 whose extended id is not the component's
     * ({@link BuiltinIds#extendedFits}), in a run too.
     */
    void checkElement(Node array, int i, Node element, long exact, long at) {
        if (element.id > TypeIds.REFERENCE && (exact <= BuiltinIds.EXTENDED_ELEMENTS && element.id == TypeIds.EXTENDED
                && !BuiltinIds.extendedFits(element, exact) || (exact >= 0 || BuiltinIds.isNamed(exact)) && cannotHold(exact, element)
                || (exact == BuiltinIds.TYPED_ARRAYS || exact == BuiltinIds.REFERENCE_ARRAYS) && notAnArrayOf(array, element))) {
            throw notAnElement(array, i, element, at);
        }
    }

    BlitException notAnElement(Node array, int i, Node element, long at) {
        return new BlitException("element " + i + " of a " + array.type + " is a "
                + (element.id == TypeIds.EXTENDED || element.id == TypeIds.TYPED_ARRAY ? element.type : typeName(element.id))
                + " at offset " + at);
    }

    /**
     * Whether {@code element} (a value read, neither null nor a back reference) cannot be an element of typed array
     * {@code array}, whose component is itself an array class ({@code Point[]} for a {@code Point[][]},
     * {@code Object[]} for an {@code Object[][]}), where the classes given tell both: the array's component class
     * and the element's class ({@link #classOf}). The library checks each element with {@code isInstance}, which
     * for arrays follows their components' subtyping ({@code Integer[]} is a {@code Number[]}, a {@code Point[]}
     * an {@code Object[]}, not the reverse; an {@code int[][]} is an {@code Object[]}, an {@code int[]} none).
     */
    private boolean notAnArrayOf(Node array, Node element) {
        Class<?> type = classOf(array);
        Class<?> e = type == null ? null : classOf(element);
        return e != null && !type.getComponentType().isAssignableFrom(e);
    }

    /**
     * The class the library reads value {@code v} (neither null nor a back reference) as, where the classes given
     * tell: a primitive array's and an {@code Object[]}'s; a typed array's from its descriptor ({@link Node#descriptor}:
     * a registered class or one written by name, or one {@link BuiltinIds#typeClass} names, then its dimensions); a
     * registered (or named) class's value's, unless {@link Shape#OPAQUE} (its code may hand back anything).
     * Otherwise null: the dump does not tell.
     */
    Class<?> classOf(Node v) {
        if (v.id >= TypeIds.BOOLEAN_ARRAY && v.id <= TypeIds.OBJECT_ARRAY) {
            return BuiltinIds.typeClass(v.id);
        }
        if (isUser(v)) {
            UserType t = of(v);
            return t != null && t.shape() != Shape.OPAQUE ? t.type() : null;
        }
        if (v.id != TypeIds.TYPED_ARRAY || v.descriptor == -1) {
            return null;
        }
        UserType t = isUser(v.descriptor) ? get(v.descriptor) : null;
        Class<?> c = t != null ? t.type() : !isUser(v.descriptor) ? BuiltinIds.typeClass(v.descriptor) : null;
        for (int d = 0; c != null && d <= v.dims; d++) {
            c = c.arrayType();
        }
        return c;
    }

    /**
     * Whether an array whose component is {@code component} cannot hold {@code element} (a value read, neither
     * null nor a back reference), as the library checks each element against the component class, where the
     * classes given tell. A value of a user id (or of a class written by name) is an instance of exactly its class
     * unless that is {@link Shape#OPAQUE} (then it may be read as anything): it fits an array of a user class (by
     * id or by name) it extends or implements, and of a built-in one that is not final and that it extends
     * ({@link BuiltinIds#componentClass}); no final one. A built-in value is an instance of one of the JDK's classes, which extend or implement no
     * class of the user's (one not loaded by the JDK's own class loaders) and no {@code Throwable} (throwables
     * have no built-in id); a lambda implements its functional interface and perhaps others, so only an
     * interface's code tells whether one can be in an array of it. A JDK class registered as a user id other
     * than a {@code Throwable}: the dump does not know which built-ins extend it.
     */
    private boolean cannotHold(long component, Node element) {
        UserType c = isUser(component) ? get(component) : null;
        Class<?> type = c != null ? c.type() : !isUser(component) ? BuiltinIds.componentClass(component) : null;
        if (isUser(element)) {
            UserType e = of(element);
            return e != null && e.shape() != Shape.OPAQUE
                    && (type != null ? !type.isAssignableFrom(e.type()) : component >= 0 && BuiltinIds.isFinal(component));
        }
        if (type == null || !isUser(component)) {
            return false; // a built-in value in an array of a built-in class: BuiltinIds.fits
        }
        ClassLoader loader = type.getClassLoader();
        if ((loader == null || loader == ClassLoader.getPlatformClassLoader()) && !Throwable.class.isAssignableFrom(type)) {
            return false;
        }
        return !type.isInterface() || element.id != TypeIds.EXTENDED || element.ext != TypeIds.EXT_SERIALIZABLE_LAMBDA;
    }

    /** @return the user's Blit from {@code --blit}, which can read what only a class's own code knows; or null */
    Blit blit() {
        return blit;
    }

    /**
     * @param classpath     entries separated by the platform's path separator, or null
     * @param registrations "com.x.Order=100,com.x.Line=101"
     * @return the types
     * @throws BlitException for a malformed registration or a class that cannot be loaded
     */
    static UserTypes load(String classpath, List<String> registrations, String blitMember) {
        UserTypes types = new UserTypes();
        if (registrations.isEmpty() && blitMember == null && classpath == null) {
            return types;
        }
        ClassLoader loader = loader(classpath);
        if (blitMember != null) {
            types.blit = instance(loader, blitMember, classpath);
        }
        if (classpath != null || blitMember != null) {
            types.namedLoader = loader;
        }
        for (String list : registrations) {
            for (String entry : list.split(",")) {
                entry = entry.trim();
                if (entry.isEmpty()) {
                    continue;
                }
                int eq = entry.lastIndexOf('=');
                if (eq <= 0) {
                    throw new BlitException("--register wants CLASS=ID, got " + entry);
                }
                String name = entry.substring(0, eq).trim();
                int id;
                try {
                    id = Integer.parseInt(entry.substring(eq + 1).trim());
                } catch (NumberFormatException e) {
                    throw new BlitException("--register: " + entry.substring(eq + 1) + " is not an id");
                }
                if (id < 100) {
                    throw new BlitException("--register: id " + id + " for " + name + " is below 100, the first user id");
                }
                Class<?> type;
                try {
                    type = Class.forName(name, false, loader);
                } catch (ClassNotFoundException e) {
                    throw new BlitException("--register: class " + name + " not found on the classpath"
                            + (classpath == null ? " (give it with --classpath)" : " " + classpath));
                } catch (LinkageError e) {
                    throw new BlitException("--register: class " + name + " cannot be loaded: " + e);
                }
                UserType other = types.byId.get(id);
                if (other != null) {
                    throw new BlitException("--register: id " + id + " is given twice, to " + other.name() + " and "
                            + name + "; a Blit refuses that too");
                }
                refuseBuiltIn(type, id);
                types.byId.put(id, describe(id, type, null));
            }
        }
        return types;
    }

    /** A class Blit writes as a built-in (String, ArrayList) cannot be registered: as Blit itself says. */
    private static void refuseBuiltIn(Class<?> type, int id) {
        try {
            Blit.builder().register(type, id).build();
        } catch (BlitException e) {
            if (e.getMessage().contains("is built in")) {
                throw new BlitException("--register: " + e.getMessage(), e);
            }
            // anything else the dump shows as far as it can, class and all
        } catch (RuntimeException | LinkageError e) {
            // the same
        }
    }

    private static ClassLoader loader(String classpath) {
        ClassLoader parent = UserTypes.class.getClassLoader();
        if (classpath == null || classpath.isEmpty()) {
            return parent;
        }
        List<URL> urls = new ArrayList<>();
        for (String p : classpath.split(java.io.File.pathSeparator)) {
            if (p.isEmpty()) {
                continue;
            }
            try {
                urls.add(Path.of(p).toUri().toURL());
            } catch (MalformedURLException e) {
                throw new BlitException("--classpath: bad entry " + p);
            }
        }
        return new URLClassLoader(urls.toArray(new URL[0]), parent);
    }

    /** {@code com.x.MyConfig#blit}: a static field, or a static method without parameters, giving a Blit. */
    private static Blit instance(ClassLoader loader, String member, String classpath) {
        int hash = member.indexOf('#');
        if (hash <= 0 || hash == member.length() - 1) {
            throw new BlitException("--blit wants CLASS#MEMBER (a static field or no-argument static method), got " + member);
        }
        String className = member.substring(0, hash);
        String name = member.substring(hash + 1);
        Object value;
        // Initialized with the --classpath loader as the thread's context loader, as the user's program runs with
        // its own: a Blit built without classLoader(..) takes that as the loader of the classes it reads by name.
        Thread thread = Thread.currentThread();
        ClassLoader context = thread.getContextClassLoader();
        thread.setContextClassLoader(loader);
        try {
            Class<?> c = Class.forName(className, true, loader);
            Field f = null;
            try {
                f = c.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                // a method, then
            }
            if (f != null && Modifier.isStatic(f.getModifiers())) {
                f.setAccessible(true);
                value = f.get(null);
            } else {
                Method m = c.getDeclaredMethod(name);
                if (!Modifier.isStatic(m.getModifiers())) {
                    throw new BlitException("--blit: " + member + " is not static");
                }
                m.setAccessible(true);
                value = m.invoke(null);
            }
        } catch (ClassNotFoundException e) {
            throw new BlitException("--blit: class " + className + " not found on the classpath"
                    + (classpath == null ? " (give it with --classpath)" : " " + classpath));
        } catch (LinkageError e) {
            Throwable cause = e instanceof ExceptionInInitializerError && e.getCause() != null ? e.getCause() : e;
            throw new BlitException("--blit: class " + className + " cannot be loaded and initialized: " + cause);
        } catch (BlitException e) {
            throw e;
        } catch (NoSuchMethodException e) {
            throw new BlitException("--blit: " + className + " has no static field or no-argument static method " + name);
        } catch (ReflectiveOperationException | RuntimeException e) {
            Throwable cause = e instanceof java.lang.reflect.InvocationTargetException ite ? ite.getCause() : e;
            throw new BlitException("--blit: " + member + " failed: " + cause);
        } finally {
            thread.setContextClassLoader(context);
        }
        if (!(value instanceof Blit b)) {
            throw new BlitException("--blit: " + member + " gave " + (value == null ? "null" : "a " + value.getClass().getName())
                    + ", not a dev.blit.Blit");
        }
        return b;
    }

    /**
     * @param serializer the serializer the user's Blit made for it (--blit), or null (--register): tells a
     *                   custom serializer and whether generated code chose a flat block
     */
    static UserType describe(long id, Class<?> type, Serializer<?> marked) {
        Serializer<?> serializer = marked == null ? null : ClassSerializers.unmarked(marked); // compatible mode's table aside
        String made = serializer == null ? null : serializer.getClass().getName();
        if (serializer != null && dev.blit.types.Containers.builtFromElements(serializer) != 0) {
            return new UserType(id, type, Shape.ELEMENTS, List.of(), false, null, null);
        }
        boolean generated = serializer != null && ClassSerializers.isGenerated(serializer, false);
        if (made != null && !made.startsWith("dev.blit.gen.") && !made.startsWith("dev.blit.serial.")
                && !made.startsWith("dev.blit.types.") && !generated && !ClassSerializers.isGenerated(serializer, true)) {
            return opaque(id, type, "a custom Serializer (" + made + ") writes what it writes");
        }
        if (type.isEnum()) {
            return new UserType(id, type, Shape.ENUM, List.of(), false, type.getEnumConstants(), null);
        }
        if (Marshallable.class.isAssignableFrom(type)) {
            return opaque(id, type, "a Marshallable writes what its writeMarshallable writes");
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers()) || type.isArray() || type.isPrimitive()) {
            return opaque(id, type, "an interface or abstract class has no content of its own");
        }
        try {
            if (Throwable.class.isAssignableFrom(type)) {
                // before the hooks, which Throwable has: the library writes it through its public methods
                return throwable(id, type, serializer != null);
            }
            Class<?> container = ClassLayout.containerBase(type);
            if (container != null && !JavaSerialization.declaresHooks(type, container)) {
                // before the hooks, which the JDK's collections have: the library writes it through its public methods
                return new UserType(id, type, Shape.CONTAINER, fields(ClassLayout.serializedFields(type)), false, null, null);
            }
            if (JavaSerialization.hasHooks(type)) {
                return opaque(id, type, "a class with java.io hooks writes what its hooks write");
            }
            if (JavaSerialization.hasRecordHooks(type) && JavaSerialization.replacesRecord(type)) {
                return opaque(id, type, "a record with writeReplace writes a replaced byte, then its replacement or itself");
            }
            List<FieldInfo> fields = fields(ClassLayout.serializedFields(type));
            // Generated code says by its name whether the instance chose a flat block (flat(false) does not);
            // it may live in the user's package (a nestmate of the class), hence not a test of the package.
            boolean flat = ClassLayout.isFlat(type) && !generated;
            return new UserType(id, type, Shape.FIELDS, fields, flat, null, null);
        } catch (BlitException | LinkageError | SecurityException e) {
            return opaque(id, type, "its fields cannot be listed: " + e.getMessage());
        }
    }

    /** Primitives and String fields are decoded by their declared type; the rest are tagged values. */
    private static List<FieldInfo> fields(List<Field> serialized) {
        List<FieldInfo> fields = new ArrayList<>();
        for (Field f : serialized) {
            Class<?> t = f.getType();
            fields.add(new FieldInfo(f.getName(), t.isPrimitive() || t == String.class ? t : null));
        }
        return List.copyOf(fields);
    }

    /**
     * A concrete {@link Throwable} class: its own fields, those {@code ClassLayout.serializedFields} lists below
     * {@code Throwable}, never a flat block. A field declared in a module that does not open its package to Blit
     * ({@code SQLException}'s, for a user's subclass or for itself) the library cannot reach, so it refuses the
     * class when it makes its serializer: such bytes come from no Blit, and the dump calls them opaque. Given the
     * library's own serializer ({@code --blit}), the library made it, which is all that needs saying.
     */
    private static UserType throwable(long id, Class<?> type, boolean made) {
        List<Field> own = ClassLayout.serializedFields(type);
        Module blit = ClassLayout.class.getModule();
        for (Field f : own) {
            Class<?> c = f.getDeclaringClass();
            if (!made && !c.getModule().isOpen(c.getPackageName(), blit)) {
                return opaque(id, type, "the library refuses it: " + c.getName() + " declares fields ("
                        + f.getName() + ") private to module " + c.getModule().getName());
            }
        }
        return new UserType(id, type, Shape.THROWABLE, fields(own), false, null, null);
    }

    private static UserType opaque(long id, Class<?> type, String why) {
        return new UserType(id, type, Shape.OPAQUE, List.of(), false, null, why);
    }
}
