package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.types.BuiltinTypes;
import dev.blit.types.TypeIds;

import java.util.HashMap;
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
    private final Set<Class<?>> families;

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
     */
    public Registry(Map<Class<?>, Registration> byClass, Map<Integer, Registration> byId, Set<Class<?>> families) {
        this.byClass = Map.copyOf(byClass);
        this.families = Set.copyOf(families);
        for (Registration r : byId.values()) {
            if (r.id < DENSE_IDS) {
                dense[r.id] = r;
            } else {
                sparse.put(r.id, r);
            }
        }
        this.objectArray = forId(TypeIds.OBJECT_ARRAY);
        this.typedArray = forId(TypeIds.TYPED_ARRAY);
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
            return byClass.get(parent); // a constant with a body is written as its enum
        }
        ClassLoader loader = type.getClassLoader();
        if (loader == null || loader == ClassLoader.getPlatformClassLoader()) {
            for (Class<?> c = parent; c != null; c = c.getSuperclass()) {
                if (families.contains(c)) {
                    return byClass.get(c);
                }
            }
            return BuiltinTypes.lazy(type);
        }
        return null;
    }

    /**
     * @param type the runtime class of a value to write
     * @return its registration
     * @throws BlitException if the class is not registered, with the call that would register it
     */
    public Registration forClass(Class<?> type) {
        Registration r = lookup.get(type);
        if (r == UNREGISTERED) {
            throw unregistered(type);
        }
        return r;
    }

    /**
     * @param type a class
     * @return its registration, or null if Blit may not write it
     */
    public Registration find(Class<?> type) {
        Registration r = lookup.get(type);
        return r == UNREGISTERED ? null : r;
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

    static BlitException unregistered(Class<?> type) {
        String kind = type.isAnonymousClass() ? "anonymous class " : type.isLocalClass() ? "local class "
                : type.isSynthetic() || type.isHidden() ? "synthetic class (a lambda?) " : "class ";
        return new BlitException(kind + type.getName() + " is not registered; add Blit.builder().register("
                + type.getName().replace('$', '.') + ".class, id) with an id >= " + TypeIds.FIRST_USER_ID);
    }
}
