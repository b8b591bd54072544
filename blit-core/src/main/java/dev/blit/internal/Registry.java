package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.types.BuiltinTypes;
import dev.blit.types.TypeIds;

import java.lang.invoke.MethodHandles;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Maps classes to wire ids and back for one Blit instance. Immutable once built; class lookups are cached
 * in a {@link ClassValue}, so the hot path is one identity-hash probe, and array classes, enum constant
 * bodies, the JDK's private subclasses of a family root ({@code Charset}) and the built-ins whose classes
 * are loaded only when needed ({@link BuiltinTypes#lazy}) are resolved on first sight.
 */
public final class Registry {
    private static final Registration UNREGISTERED = new Registration(-1, Void.class);
    private static final int DENSE_IDS = 4096;

    private final Map<Class<?>, Registration> byClass;
    private final Registration[] dense = new Registration[DENSE_IDS];
    private final Map<Integer, Registration> sparse = new HashMap<>();
    private final Registration objectArray;
    private final Registration typedArray;
    private final Registration extended;
    private final Set<Class<?>> families;
    /** The user's registrations whose serializer also writes their type's subtypes, in registration order. */
    private final List<Registration> hierarchies;
    private final List<MethodHandles.Lookup> lookups;
    /** The user's classes by binary name, for the capturing class a serializable lambda names. */
    private final Map<String, Registration> byName = new HashMap<>();
    /** The classes written by name ({@code Blit.Builder.allowClassNames}), or null when every class needs an id. */
    private final NamedClasses named;

    private final ClassValue<Registration> lookup = new ClassValue<>() {
        @Override
        protected Registration computeValue(Class<?> type) {
            Registration r = resolve(type);
            return r == null ? UNREGISTERED : r;
        }
    };

    /**
     * @param byClass every class Blit may write, mapped to its registration (aliases share one)
     * @param byId    every registration by id, for reading
     * @param families classes whose JDK subclasses are written as they are ({@link RegistryBuilder#family})
     * @param hierarchies registrations that also write their type's subtypes ({@link RegistryBuilder#hierarchy})
     * @param lookups  the user's lookups, for classes in packages not open to Blit
     * @param named    the classes written by name, or null
     */
    public Registry(Map<Class<?>, Registration> byClass, Map<Integer, Registration> byId, Set<Class<?>> families,
                    List<Registration> hierarchies, List<MethodHandles.Lookup> lookups, NamedClasses named) {
        this.named = named;
        this.lookups = List.copyOf(lookups);
        this.byClass = Map.copyOf(byClass);
        this.families = Set.copyOf(families);
        this.hierarchies = List.copyOf(hierarchies);
        for (Registration r : byId.values()) {
            if (r.id < DENSE_IDS) {
                dense[r.id] = r;
            } else {
                sparse.put(r.id, r);
            }
        }
        this.objectArray = forId(TypeIds.OBJECT_ARRAY);
        this.typedArray = forId(TypeIds.TYPED_ARRAY);
        this.extended = forId(TypeIds.EXTENDED);
        for (Registration r : byId.values()) {
            if (r.id >= TypeIds.FIRST_USER_ID && this.byClass.get(r.type) == r) {
                byName.put(r.type.getName(), r);
            }
        }
    }

    private Registration resolve(Class<?> type) {
        Registration r = byClass.get(type);
        if (r != null) {
            return r;
        }
        if (type.isArray() && !type.getComponentType().isPrimitive()) {
            return type == Object[].class ? objectArray : typedArray;
        }
        Class<?> parent = type.getSuperclass();
        if (parent != null && parent.isEnum() && !type.isEnum()) {
            Registration e = lookup.get(parent); // a constant with a body is written as its enum, however that is
            return e == UNREGISTERED ? null : e;
        }
        if (BuiltinTypes.isSerializableLambda(type)) {
            return extended; // its capturing class must be registered: checked per value, where the lambda names it
        }
        r = family(type, byClass, families);
        if (r != null) {
            return r;
        }
        for (Registration h : hierarchies) {
            if (h.type.isAssignableFrom(type)) {
                return h;
            }
        }
        // Built in for JDK classes that had none before: where the user's registerHierarchy covers one, it still wins.
        return shape(type, byClass, extended);
    }

    /**
     * A JDK class built in through a family: a subclass of a family root ({@code Charset}), an implementation of an
     * interface family ({@code Path}: a private class per platform and file system), or one of those built in when
     * first met ({@code BuiltinTypes.lazy}).
     *
     * @return its built-in registration, or null
     */
    static Registration family(Class<?> type, Map<Class<?>, Registration> byClass, Set<Class<?>> families) {
        ClassLoader loader = type.getClassLoader();
        if (loader != null && loader != ClassLoader.getPlatformClassLoader()) {
            return null;
        }
        for (Class<?> c = type.getSuperclass(); c != null; c = c.getSuperclass()) {
            if (families.contains(c)) {
                return byClass.get(c);
            }
        }
        for (Class<?> root : families) {
            if (root.isInterface() && root.isAssignableFrom(type)) {
                return byClass.get(root);
            }
        }
        return BuiltinTypes.lazy(type);
    }

    /**
     * A JDK class built in by its shape: an extended collection (ids 5..36 under 99: a sublist, a synchronized
     * wrapper, {@code Stack}, ...), or a view or checked wrapper written as the class it behaves like.
     *
     * @return its built-in registration, or null
     */
    static Registration shape(Class<?> type, Map<Class<?>, Registration> byClass, Registration extended) {
        if (type.getClassLoader() != null) {
            return null;
        }
        if (BuiltinTypes.isExtendedCollection(type)) {
            return extended;
        }
        Class<?> shape = BuiltinTypes.byShape(type);
        Registration r = shape == null ? null : byClass.get(shape);
        return r == null ? null : BuiltinTypes.shaped(type, r);
    }

    /**
     * @param type the runtime class of a value to write
     * @return its registration
     * @throws BlitException if the class is not registered, with the call that would register it
     */
    public Registration forClass(Class<?> type) {
        Registration r = lookup.get(type);
        if (r == UNREGISTERED) {
            r = named == null ? null : named.forClass(type);
            if (r == null) {
                BlitException e = unregisteredHere(type);
                // the patterns as a way out only for a class they could allow: not the JDK's, an interface, a lambda's
                throw named == null || !NamedClasses.nameable(type) ? e : new BlitException(e.getMessage()
                        + ", or let its name match one of allowClassNames " + named.patterns());
            }
        }
        return r;
    }

    /**
     * {@link #unregistered}, told what this instance has: an enum constant with a body is named as its enum (the
     * class to register), and a class whose name is registered from another class loader is said to be one.
     */
    private BlitException unregisteredHere(Class<?> type) {
        Class<?> parent = type.getSuperclass();
        if (parent != null && parent.isEnum() && !type.isEnum()) {
            type = parent;
        }
        Registration twin = byName.get(type.getName());
        if (twin != null && twin.type != type) {
            return new BlitException("class " + type.getName() + " of class loader " + type.getClassLoader() + " is not"
                    + " registered: the class of that name registered (id " + twin.id + ") is another one, loaded by "
                    + twin.type.getClassLoader() + "; write values of the registered class, or register this one too");
        }
        BlitException e = unregistered(type);
        Registration owner = abstractWithSerializer(type);
        return owner == null ? e : new BlitException(e.getMessage() + "; or, for " + sourceName(owner.type) + "'s serializer"
                + " (id " + owner.id + ") to write it, registerHierarchy(" + sourceName(owner.type) + ".class, " + owner.id
                + ", serializer) instead of register, which gives the serializer " + (owner.type.isInterface() ? "the interface"
                : "the abstract class") + " alone: no value is of it, and its id is only read");
    }

    /**
     * An interface or abstract class among {@code type}'s supertypes registered with a serializer of the user's (never
     * used on writing, no value being of that class itself: {@code registerHierarchy} was likely meant), or null.
     */
    private Registration abstractWithSerializer(Class<?> type) {
        java.util.ArrayDeque<Class<?>> todo = new java.util.ArrayDeque<>();
        todo.add(type);
        java.util.Set<Class<?>> seen = new java.util.HashSet<>();
        while (!todo.isEmpty()) {
            Class<?> c = todo.poll();
            if (!seen.add(c)) {
                continue;
            }
            Registration r = c == type ? null : byClass.get(c);
            if (r != null && r.type == c && r.id >= TypeIds.FIRST_USER_ID && r.serializer != null
                    && (c.isInterface() || java.lang.reflect.Modifier.isAbstract(c.getModifiers()))) {
                return r;
            }
            if (c.getSuperclass() != null) {
                todo.add(c.getSuperclass());
            }
            todo.addAll(List.of(c.getInterfaces()));
        }
        return null;
    }

    /**
     * @param type a class
     * @return its registration, or null if Blit may not write it
     */
    public Registration find(Class<?> type) {
        Registration r = lookup.get(type);
        return r != UNREGISTERED ? r : named == null ? null : named.forClass(type);
    }

    /**
     * @param type a class
     * @return whether this instance writes it by its name ({@code Blit.Builder.allowClassNames})
     */
    boolean writtenByName(Class<?> type) {
        if (named == null || lookup.get(type) != UNREGISTERED) {
            return false;
        }
        return named.forClass(type) != null;
    }

    /**
     * @param type a class
     * @return the registration it has by id (its own, a built-in, or a hierarchy's it falls under), or null;
     *         never one by name
     */
    Registration registered(Class<?> type) {
        Registration r = lookup.get(type);
        return r == UNREGISTERED ? null : r;
    }

    /**
     * @param name a class name read, at {@code at}
     * @param at   its offset, for errors
     * @return the registration of the class written by that name
     * @throws BlitException if this instance reads no class by that name
     */
    Registration forName(String name, long at) {
        if (named == null) {
            throw new BlitException("class name " + NamedClasses.quoted(name) + " at offset " + at
                    + ": this Blit instance reads no class by name (Blit.builder().allowClassNames)");
        }
        return named.forName(name, at, this);
    }

    /**
     * @param id a wire id
     * @return its registration, or null for an id nobody registered
     */
    public Registration forId(int id) {
        if (id >= 0 && id < DENSE_IDS) {
            Registration r = dense[id];
            return r != null ? r : BuiltinTypes.lazy(id);
        }
        return sparse.get(id);
    }

    /** @return the patterns of {@code allowClassNames}, as a list's text, or null when names are not allowed */
    public String namePatterns() {
        return named == null ? null : named.patterns();
    }

    /** @return the user's registrations (ids from {@link TypeIds#FIRST_USER_ID} on), id to class */
    public java.util.SortedMap<Integer, Class<?>> userTypes() {
        java.util.TreeMap<Integer, Class<?>> m = new java.util.TreeMap<>();
        for (int id = TypeIds.FIRST_USER_ID; id < DENSE_IDS; id++) {
            if (dense[id] != null) {
                m.put(id, dense[id].type);
            }
        }
        for (Registration r : sparse.values()) {
            m.put(r.id, r.type);
        }
        return java.util.Collections.unmodifiableSortedMap(m);
    }

    /**
     * @param type a class of the user's
     * @return a lookup the user handed over ({@code Blit.Builder.lookup}) for {@code type}'s package, or null
     */
    public MethodHandles.Lookup lookupFor(Class<?> type) {
        return RegistryBuilder.lookupFor(lookups, type);
    }

    /**
     * @param internalName the capturing class a serializable lambda names ({@code SerializedLambda.getCapturingClass()},
     *                     with slashes)
     * @param lambdaClass  the lambda's class
     * @return the registration of that class, which is then the lambda's allowlist entry and its id on the wire
     * @throws BlitException if this instance has no such class registered, with the call that would register it
     */
    public Registration capturingClass(String internalName, Class<?> lambdaClass) {
        String name = internalName.replace('/', '.');
        Registration r = byName.get(name);
        if (r == null || r.type.getNestHost() != lambdaClass.getNestHost()) {
            throw new BlitException("lambda " + lambdaClass.getName() + " was created in class " + name + ", which is not"
                    + " registered: a serializable lambda is written only for a registered class that creates it; add"
                    + " Blit.builder().register(" + name.replace('$', '.') + ".class, id) with an id >= "
                    + TypeIds.FIRST_USER_ID);
        }
        return r;
    }

    static BlitException unregistered(Class<?> type) {
        if (type.isPrimitive()) { // asked of serializerOf: no value's class is a primitive type
            Class<?> box = java.lang.invoke.MethodType.methodType(type).wrap().returnType();
            return new BlitException("primitive type " + type + " cannot be registered and has no serializer: a value of it"
                    + " is written as its box, a " + box.getName() + " (serializerOf(" + box.getSimpleName() + ".class))");
        }
        if (type.isSynthetic() && type.isHidden() && type.getName().contains("$$Lambda")) {
            return new BlitException("lambda " + type.getName() + " is not Serializable, so it cannot be written: give it a"
                    + " serializable target type, e.g. (Runnable & Serializable) () -> ..., and register the class that"
                    + " creates it");
        }
        if (type.getClassLoader() == null && !java.lang.reflect.Modifier.isPublic(type.getModifiers())
                && java.util.Comparator.class.isAssignableFrom(type)) {
            // Most often a sorted collection's: copying it into an ArrayList or HashMap, as below, would lose the order.
            // (The reversed comparators, Collections.reverseOrder(cmp) and cmp.reversed(), are built in.)
            return new BlitException("class " + type.getName() + " is a comparator private to the JDK and not built in"
                    + (type.getName().contains("NullComparator") ? " (Comparator.nullsFirst and nullsLast make one)" : "")
                    + ". Built in are Comparator.naturalOrder(), Collections.reverseOrder(), String.CASE_INSENSITIVE_ORDER,"
                    + " the reverse (Collections.reverseOrder(cmp), cmp.reversed()) of any comparator Blit writes, and"
                    + " serializable lambdas: give the sorted collection a comparator class of your own, registered, or a"
                    + " serializable lambda such as (Comparator<T> & Serializable) (a, b) -> ... created in a registered"
                    + " class; or copy"
                    + " the elements into a list (new ArrayList<>(...)), which keeps their order");
        }
        if (type.getClassLoader() == null && !java.lang.reflect.Modifier.isPublic(type.getModifiers())) {
            // A JDK class no user can name (a HashMap's key set view, a TreeMap's submap): registering it is no answer.
            return new BlitException("class " + type.getName() + " is private to the JDK and not built in (FORMAT.md lists"
                    + " the JDK types Blit writes): copy the value into one that is (new ArrayList<>(...), new"
                    + " HashMap<>(...)), or write it with Blit.builder().registerHierarchy(aPublicSupertype.class, id,"
                    + " serializer)");
        }
        if (type.isAnonymousClass()) {
            // No class literal names it; most are double-brace initializations. An instance's getClass() can register it.
            Class<?> named = type.getSuperclass() != Object.class ? type.getSuperclass()
                    : type.getInterfaces().length > 0 ? type.getInterfaces()[0] : Object.class;
            return new BlitException("anonymous class " + type.getName() + " (a " + named.getName() + ") is not "
                    + "registered, and no class literal can name it: make it a named class and register that, or"
                    + " register it through an instance of it, register(instance.getClass(), id)" + (java.util.Collection.class.isAssignableFrom(type) || java.util.Map.class.isAssignableFrom(type)
                    ? "; double-brace initialization (new " + named.getSimpleName() + "<>() {{ ... }}) makes such a class: "
                    + "fill a plain new " + named.getSimpleName() + "<>() instead" : ""));
        }
        String kind = type.isLocalClass() ? "local class " : type.isSynthetic() || type.isHidden()
                ? "synthetic class (a lambda?) " : "class ";
        return new BlitException(kind + type.getName() + " is not registered; add Blit.builder().register("
                + sourceName(type) + ".class, id) with an id >= " + TypeIds.FIRST_USER_ID);
    }

    /**
     * How source code names {@code type} where it can be named: its canonical name, or for a local class (binary
     * name {@code Outer$1Local}) and a class nested in one, the name from the local class on, as where it is declared.
     * Not its binary name with each {@code $} made a dot: a {@code $} may be part of a class's own name.
     */
    public static String sourceName(Class<?> type) {
        String canonical = type.getCanonicalName();
        if (canonical != null) {
            return canonical;
        }
        Class<?> outer = type.getDeclaringClass();
        return type.isLocalClass() || outer == null ? type.getSimpleName() : sourceName(outer) + "." + type.getSimpleName();
    }
}
