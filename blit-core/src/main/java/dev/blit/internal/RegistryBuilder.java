package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.types.TypeIds;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Collects registrations (built-in and the user's) while a Blit instance is built. */
public final class RegistryBuilder {
    private final Map<Class<?>, Registration> byClass = new HashMap<>();
    private final Map<Integer, Registration> byId = new HashMap<>();
    private final Set<Class<?>> families = new HashSet<>();
    private final List<Registration> hierarchies = new ArrayList<>();
    private final List<MethodHandles.Lookup> lookups;
    private boolean compactArrays;

    /** @param lookups the user's lookups ({@code Blit.Builder.lookup}), for classes in packages not open to Blit */
    public RegistryBuilder(List<MethodHandles.Lookup> lookups) {
        this.lookups = List.copyOf(lookups);
    }

    /** A builder with no lookups of the user's. */
    public RegistryBuilder() {
        this(List.of());
    }

    /**
     * @param compact whether {@code int[]} and {@code long[]} are written in their compact form
     *                ({@code Blit.Builder.compactArrays}); set before the built-in types are installed
     * @return this
     */
    public RegistryBuilder compactArrays(boolean compact) {
        this.compactArrays = compact;
        return this;
    }

    /** @return whether {@code int[]} and {@code long[]} are written in their compact form (read either way) */
    public boolean compactArrays() {
        return compactArrays;
    }

    /**
     * @param type a class of the user's
     * @return a lookup the user handed over for {@code type}'s package and module, or null
     */
    public MethodHandles.Lookup lookupFor(Class<?> type) {
        return lookupFor(lookups, type);
    }

    static MethodHandles.Lookup lookupFor(List<MethodHandles.Lookup> lookups, Class<?> type) {
        for (MethodHandles.Lookup l : lookups) {
            if (l.lookupClass().getModule() == type.getModule()
                    && l.lookupClass().getPackageName().equals(type.getPackageName())) {
                return l;
            }
        }
        return null;
    }

    /**
     * @param id   the wire id
     * @param type the class written under it
     * @param s    its serializer, or null to bind one later
     * @return the new registration
     */
    public Registration add(int id, Class<?> type, Serializer<?> s) {
        Registration existing = byId.get(id);
        if (existing != null) {
            throw new BlitException(existing.type == type
                    ? type.getName() + " is registered twice under id " + id + ", with different serializers"
                    : "id " + id + " is taken by " + existing.type.getName() + "; cannot register " + type.getName()
                    + " under it too");
        }
        if (Enum.class.isAssignableFrom(type) && !type.isEnum() && type != Enum.class && s == null) {
            // What a Kryo user registers (Op.PLUS.getClass()): Blit writes such a constant as its enum, and this
            // registration would have taken it over through Enum's java.io hooks, which refuse to read it back.
            throw new BlitException(type.getName() + " is the class of a constant of " + type.getSuperclass().getName()
                    + " that has a body: register the enum, " + type.getSuperclass().getName() + ", and remove the"
                    + " register call (id " + id + ") for this class; Blit writes every constant as its enum");
        }
        Registration prior = byClass.get(type);
        boolean builtIn = prior != null && prior.id < TypeIds.FIRST_USER_ID && id >= TypeIds.FIRST_USER_ID;
        if (prior != null && !(builtIn && prior.id >= TypeIds.BIG_INTEGER)) {
            if (builtIn) {
                throw new BlitException(Registry.sourceName(type) + " is built in (id " + prior.id + ", FORMAT.md) and Blit's own"
                        + " code reads and writes it inline; remove register(" + Registry.sourceName(type) + ".class, " + id + ")");
            }
            throw new BlitException(type.getName() + " is registered twice (ids " + prior.id + " and " + id + ")");
        }
        if (prior == null && s == null && !type.isEnum() && id >= TypeIds.FIRST_USER_ID) {
            prior = Registry.family(type, byClass, families); // built in through a family, or as it is first met
            if (prior == null) {
                prior = Registry.shape(type, byClass, byId.get(TypeIds.EXTENDED));
            }
            builtIn = prior != null;
        }
        if (builtIn && s == null && !type.isEnum()) {
            // What Kryo users write (kryo.register(ArrayList.class)) would otherwise take the class over through
            // its java.io hooks: bigger and slower than the built-in, and on Java 17 refused, the JDK's fields
            // being closed to Blit, with a message about modules rather than this. A JDK enum registered before
            // it was built in (TimeUnit) keeps writing its ordinal under the user's id, as it always did.
            throw new BlitException(type.getName() + " is built in (id " + prior.id + (prior.id == TypeIds.EXTENDED
                    ? ", an extended one" : "") + ", FORMAT.md): Blit writes it with no registration; " + (nameable(type)
                    ? "remove register(" + type.getCanonicalName() + ".class, " + id + "), or pass a Serializer of your"
                    + " own" + ownSerializer(type, id) : "remove the register call (id " + id + ") that names it through"
                    + " a value's getClass(): the class is private to the JDK"));
        }
        if (s == null && id >= TypeIds.FIRST_USER_ID && !type.isEnum() && isJdk(type)) {
            Class<?> replacing = jdkWriteReplace(type);
            if (replacing != null) {
                // Its java.io hooks would be taken (ClassSerializers): writing then fails at the first value, on the
                // replacement's class, with a message about copying collections. Refused here, saying why.
                throw new BlitException("cannot register " + type.getName() + " (id " + id + ") without a serializer:"
                        + " it replaces itself on writing, its writeReplace (" + replacing.getName() + "'s) putting in its"
                        + " place an object of a class private to the JDK (java.time's classes put a java.time.Ser, others"
                        + " a SerializationProxy), which Blit can neither reach nor write; pass a Serializer of your own:"
                        + " register(" + type.getCanonicalName() + ".class, " + id + ", serializer)");
            }
        }
        // A user's registration of a built-in JDK type (ids 22 and up) with a serializer of the user's takes the
        // class over for writing: that serializer writes it under the user's id, and bytes written under the
        // built-in id still read.
        Registration r = new Registration(id, type);
        r.bind(s);
        r.runs = s != null && id < TypeIds.FIRST_USER_ID && hasContent(id);
        byId.put(id, r);
        byClass.put(type, r);
        return r;
    }

    /**
     * The advice after "pass a Serializer of your own" for a built-in JDK class: {@code JavaSerialization.create}
     * only where it can write the class (a concrete {@code Serializable} class whose hooks Blit reaches on this JDK
     * and that does not replace itself with a class private to the JDK); called only to build a message.
     */
    private static String ownSerializer(Class<?> type, int id) {
        String name = type.getCanonicalName();
        String why;
        if (!java.io.Serializable.class.isAssignableFrom(type)) {
            why = "it is not Serializable";
        } else if (type.isInterface() || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
            why = "it is " + (type.isInterface() ? "an interface" : "abstract");
        } else if (jdkWriteReplace(type) != null) {
            why = "its writeReplace puts an object of a class private to the JDK in its place";
        } else if (type == Class.class) {
            why = "Java serialization writes a Class as a class descriptor, never through fields or hooks";
        } else {
            try {
                dev.blit.serial.JavaSerialization.create(type, null);
                Class<?> hidden = jdkPrivateSerialField(type);
                if (hidden == null) {
                    return " (JavaSerialization.create(" + name + ".class, null) writes it through its java.io hooks)";
                }
                why = "its java.io hooks write a " + hidden.getName() + ", a class private to the JDK";
            } catch (BlitException e) {
                why = "on this JDK they need fields private to the JDK";
            }
        }
        return ", register(" + name + ".class, " + id + ", serializer)" + (type.isInterface()
                || java.lang.reflect.Modifier.isAbstract(type.getModifiers()) ? " or registerHierarchy(" + name + ".class, "
                + id + ", serializer) for its subclasses too" : "") + " (JavaSerialization.create cannot write it: "
                + why + ")";
    }

    /**
     * A class private to the JDK among the fields Java serialization writes for {@code type} (its
     * {@code serialPersistentFields}: {@code ConcurrentHashMap} writes {@code Segment}s), which Blit could not write;
     * null if none.
     */
    private static Class<?> jdkPrivateSerialField(Class<?> type) {
        java.io.ObjectStreamClass desc = java.io.ObjectStreamClass.lookupAny(type);
        for (java.io.ObjectStreamField f : desc.getFields()) {
            Class<?> c = f.getType();
            while (c.isArray()) {
                c = c.getComponentType();
            }
            if (!c.isPrimitive() && isJdk(c) && !java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
                return c;
            }
        }
        return null;
    }

    /** Whether {@code type} is the JDK's: loaded by the boot or the platform class loader. */
    private static boolean isJdk(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return loader == null || loader == ClassLoader.getPlatformClassLoader();
    }

    /**
     * The class whose {@code writeReplace} Java serialization would call on {@code type}, a JDK class, or null if
     * none. The JDK's classes replace themselves with a class private to the JDK ({@code java.time.Ser}, {@code
     * EnumSet}'s and {@code LongAdder}'s {@code SerializationProxy}, {@code CertificateRep}); not AWT's, whose
     * {@code SystemColor} writes a {@code SystemColor}, so those are left to their hooks.
     */
    private static Class<?> jdkWriteReplace(Class<?> type) {
        if (!java.io.Serializable.class.isAssignableFrom(type)) {
            return null;
        }
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                if (m.getName().equals("writeReplace") && m.getParameterCount() == 0 && m.getReturnType() == Object.class
                        && (c == type || !java.lang.reflect.Modifier.isPrivate(m.getModifiers()))) {
                    return c.getPackageName().startsWith("java.awt") ? null : c;
                }
            }
        }
        return null;
    }

    /**
     * Whether source code can name the class ({@code X.class}): it and every class enclosing it are public (a local
     * or anonymous class never is).
     */
    private static boolean nameable(Class<?> type) {
        for (Class<?> c = type; c != null; c = c.getEnclosingClass()) {
            if (!java.lang.reflect.Modifier.isPublic(c.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    /** Whether a built-in's content is never empty: all but the tags that are their own value and the constants. */
    private static boolean hasContent(int id) {
        switch (id) {
            case TypeIds.NULL:
            case TypeIds.REFERENCE:
            case TypeIds.FALSE:
            case TypeIds.TRUE:
            case TypeIds.EMPTY_LIST:
            case TypeIds.EMPTY_SET:
            case TypeIds.EMPTY_MAP:
            case TypeIds.REVERSE_ORDER:
            case TypeIds.RUN:
                return false;
            default:
                return true;
        }
    }

    /**
     * Another class written under an existing registration (e.g. the JDK's several immutable list classes).
     *
     * @param type the extra class
     * @param r    the registration it shares
     */
    public void alias(Class<?> type, Registration r) {
        byClass.putIfAbsent(type, r);
    }

    /**
     * Makes every JDK subclass of {@code root}, or implementation if it is an interface (one loaded by the boot
     * or platform class loader), be written as {@code root} is registered, resolved when a value of it is first
     * written: for a JDK type the JDK implements with classes of its own, many and private (a {@code Charset} is
     * one class per charset, a {@code Path} one per platform and file system).
     *
     * @param root a class already registered
     */
    public void family(Class<?> root) {
        families.add(root);
    }

    /**
     * Makes every class that extends or implements {@code r}'s type, and has no registration of its own, be
     * written as {@code r} (the user's {@code registerHierarchy}); the first such registration a class fits wins.
     *
     * @param r a user's registration with a serializer of the user's
     */
    public void hierarchy(Registration r) {
        hierarchies.add(r);
    }

    /** A registration that is only read (an id whose values decode to a type written under another id). */
    public Registration addReadOnly(int id, Class<?> type, Serializer<?> s) {
        Registration r = new Registration(id, type);
        r.bind(s);
        if (byId.putIfAbsent(id, r) != null) {
            throw new BlitException("id " + id + " is taken");
        }
        return r;
    }

    public Registration get(Class<?> type) {
        return byClass.get(type);
    }

    public Iterable<Registration> all() {
        return byId.values();
    }

    public Registry build() {
        return build(null);
    }

    /** @param named the classes written by name ({@code Blit.Builder.allowClassNames}), or null for none */
    public Registry build(NamedClasses named) {
        return new Registry(byClass, byId, families, hierarchies, lookups, named);
    }
}
