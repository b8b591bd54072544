package dev.blit.serial;

import dev.blit.BlitException;
import dev.blit.Serializer;

import java.io.Externalizable;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Serializers for classes that define how they are serialized through {@code java.io}: an
 * {@link Externalizable}, or a {@link Serializable} class (or superclass) with a private
 * {@code writeObject}/{@code readObject}, a {@code writeReplace} or a {@code readResolve}; and, around a
 * record's own serializer, a {@code Serializable} record's {@code writeReplace} and {@code readResolve}.
 *
 * <p>The hooks run as under {@code ObjectOutputStream}/{@code ObjectInputStream}: each serializable class of
 * the hierarchy, topmost first, either runs its {@code writeObject} against a stream Blit provides, or has
 * its fields written; on read the instance is made the way JDK serialization makes it (the no-arg
 * constructor of the first non-serializable superclass, or an Externalizable's public one), published for
 * back references, filled by {@code readObject}s, then passed through {@code readResolve}. The bytes are
 * Blit's (FORMAT.md ("Classes serialized through their java.io hooks")): no class descriptors, no stream handles, nested objects as tagged values.
 *
 * <p>Hooks and constructors are found through {@code sun.reflect.ReflectionFactory}, the JDK's supported
 * door for serialization libraries, so the JDK's own classes work where their fields allow: on Java 17 a
 * JDK class whose hooks need its private fields ({@code ConcurrentSkipListMap}) is refused when the
 * serializer is made; Java 22 and later reach those fields as well.
 */
public final class JavaSerialization {
    private JavaSerialization() {
    }

    /**
     * @param type a class
     * @return whether it is an Externalizable, or a Serializable class that it or a serializable superclass
     *         gives a private writeObject/readObject, or that has a writeReplace or readResolve
     */
    public static boolean hasHooks(Class<?> type) {
        if (!Serializable.class.isAssignableFrom(type) || type.isEnum() || type.isRecord() || type.isArray()
                || type.isInterface()) {
            return false;
        }
        // By name and signature first: whatever ReflectionFactory finds below is declared in the class or a
        // superclass under one of these names, so a class without any (most classes) is settled here, without
        // ReflectionFactory, whose method handles cost a fresh JVM about 15 ms (the first Blit of a JVM that
        // registers any Serializable class paid that before).
        if (!declaresHooks(type)) {
            return false;
        }
        if (!SerialReflection.available()) {
            // Found by name, so that create() refuses the class with the reason rather than a field-by-field
            // serializer silently losing what its hooks write.
            return true;
        }
        if (Externalizable.class.isAssignableFrom(type)) {
            return true;
        }
        if (SerialReflection.writeReplace(type) != null || SerialReflection.readResolve(type) != null) {
            return true;
        }
        for (Class<?> c = type; c != null && Serializable.class.isAssignableFrom(c); c = c.getSuperclass()) {
            if (SerialReflection.writeObject(c) != null || SerialReflection.readObject(c) != null) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether the class or a superclass declares a serialization hook, by name and signature only: what
     * {@link #hasHooks} falls back on where {@code sun.reflect.ReflectionFactory} is missing. It may say yes
     * for a hook JDK serialization would not call (a {@code writeReplace} private to a superclass); the
     * class is then refused with the reason, which is still better than losing data.
     */
    private static boolean declaresHooks(Class<?> type) {
        return declaresHooks(type, Object.class);
    }

    /**
     * Whether {@code type} is {@link Externalizable}, or one of its classes below {@code base} declares a
     * serialization hook, by name and signature: a class of the user's that extends a JDK collection is
     * serialized through its hooks when it has its own, and through the collection's public methods when only
     * the JDK's classes have them.
     *
     * @param type a class
     * @param base a superclass of {@code type}, whose hooks and those of its superclasses are not looked at
     * @return whether {@code type} or a superclass below {@code base} declares a hook
     */
    public static boolean declaresHooks(Class<?> type, Class<?> base) {
        if (Externalizable.class.isAssignableFrom(type)) {
            return true;
        }
        for (Class<?> c = type; c != null && c != base; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                Class<?>[] p = m.getParameterTypes();
                switch (m.getName()) {
                    case "writeObject":
                        if (p.length == 1 && p[0] == ObjectOutputStream.class) {
                            return true;
                        }
                        break;
                    case "readObject":
                        if (p.length == 1 && p[0] == ObjectInputStream.class) {
                            return true;
                        }
                        break;
                    case "writeReplace":
                    case "readResolve":
                        if (isReplaceHook(m)) {
                            return true;
                        }
                        break;
                    default:
                        break;
                }
            }
        }
        return false;
    }

    /**
     * Whether a value of this class may be read back as an object of another class: it is {@code Serializable}
     * (not an enum, whose constants JDK serialization never replaces) and it or a superclass declares a
     * {@code writeReplace} or {@code readResolve}, by name and signature (over-approximated: one JDK serialization
     * would not call, a private one of a superclass, counts too). Generated code checks what such a class's
     * serializer reads against the field's declared type, and a field's writing what its {@code writeReplace}
     * gives; every other class's serializer returns a value of exactly its class, and is not checked.
     *
     * @param type a class
     * @return whether its serializer may read, or its writeReplace write, an object of another class
     */
    public static boolean mayReplace(Class<?> type) {
        return MAY_REPLACE.get(type);
    }

    /** {@link #mayReplace}, once per class: asked on writing each replacement of another class (a proxy). */
    private static final ClassValue<Boolean> MAY_REPLACE = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            if (!Serializable.class.isAssignableFrom(type) || type.isEnum() || type.isArray() || type.isInterface()) {
                return false;
            }
            for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
                for (Method m : c.getDeclaredMethods()) {
                    if (isReplaceHook(m)) {
                        return true;
                    }
                }
            }
            return false;
        }
    };

    /** Whether {@code m} is a {@code writeReplace} or {@code readResolve} by name and signature: {@code Object m()}. */
    private static boolean isReplaceHook(Method m) {
        String name = m.getName();
        return (name.equals("writeReplace") || name.equals("readResolve")) && m.getParameterCount() == 0
                && m.getReturnType() == Object.class;
    }

    /**
     * Whether a record is {@code Serializable} with a {@code writeReplace} or a {@code readResolve}: the hooks
     * JDK serialization calls on a record, which Blit then calls around the record's own serializer
     * ({@link #forRecord}). A record's {@code writeObject} and {@code readObject} are ignored, as by the JDK.
     * Found by name first, so that a record without either (nearly every one) costs no ReflectionFactory call.
     *
     * @param type a class
     * @return whether {@code type} is a record whose writeReplace or readResolve JDK serialization would call
     */
    public static boolean hasRecordHooks(Class<?> type) {
        if (!type.isRecord() || !Serializable.class.isAssignableFrom(type)) {
            return false;
        }
        boolean declared = false;
        for (Method m : type.getDeclaredMethods()) {
            declared |= isReplaceHook(m);
        }
        if (!declared || !SerialReflection.available()) {
            return declared; // without ReflectionFactory, forRecord refuses it with the reason
        }
        return SerialReflection.writeReplace(type) != null || SerialReflection.readResolve(type) != null;
    }

    /**
     * @param type       a record for which {@link #hasRecordHooks} is true
     * @param components the serializer Blit made for its components
     * @return a serializer that calls the record's writeReplace and readResolve around {@code components}
     * @throws BlitException if the hooks cannot be called on the running JDK, with the reason
     */
    @SuppressWarnings("unchecked")
    public static Serializer<Object> forRecord(Class<?> type, Serializer<?> components) {
        if (!SerialReflection.available()) {
            throw unavailable(type);
        }
        return new RecordHookSerializer(type, (Serializer<Object>) components, SerialReflection.writeReplace(type),
                SerialReflection.readResolve(type));
    }

    /**
     * @param type a record for which {@link #hasRecordHooks} is true
     * @return whether it has a writeReplace, which puts the {@code replaced} byte before its components
     */
    public static boolean replacesRecord(Class<?> type) {
        return SerialReflection.writeReplace(type) != null;
    }

    /**
     * For tools that describe bytes: what writes a record's content behind the hooks {@link #forRecord} calls.
     *
     * @param s a serializer Blit bound to a registration
     * @return the serializer of the record's components if {@code s} calls a record's hooks around it, else {@code s}
     */
    public static Serializer<?> recordComponents(Serializer<?> s) {
        return s instanceof RecordHookSerializer ? ((RecordHookSerializer) s).components() : s;
    }

    /**
     * Compatible mode: what writes and reads a class through its hooks.
     *
     * @param hooks what {@link #create} made
     * @param slot  a compatible class slot of the instance, for its once-a-message table
     * @return for a Serializable class without writeReplace, a serializer that puts the table of its classes and
     *         their fields before the first value of a message (FORMAT.md, "Compatible mode") and reads a writer's
     *         other version by it; null for any other (an Externalizable, a writeReplace), whose table is the marker
     *         alone
     */
    public static Serializer<Object> compatible(Serializer<Object> hooks, int slot) {
        if (!(hooks instanceof HookSerializer) || !((HookSerializer) hooks).evolvable()) {
            return null;
        }
        return new CompatibleHooks((HookSerializer) hooks, slot);
    }

    /**
     * @param hooks a serializer
     * @return whether {@link #compatible} gives it a table of its classes and fields
     */
    public static boolean evolvable(Serializer<?> hooks) {
        return hooks instanceof HookSerializer && ((HookSerializer) hooks).evolvable();
    }

    /**
     * For tools that describe bytes: what writes a class's content behind the table {@link #compatible} adds.
     *
     * @param s a serializer Blit bound to a registration
     * @return the hooks' serializer if {@code s} is {@link #compatible}'s, else {@code s}
     */
    public static Serializer<?> withoutTable(Serializer<?> s) {
        return s instanceof CompatibleHooks ? ((CompatibleHooks) s).content() : s;
    }

    private static BlitException unavailable(Class<?> type) {
        return new BlitException("cannot serialize " + type.getName() + " through its Serializable hooks: "
                + "Blit calls them through sun.reflect.ReflectionFactory, in module jdk.unsupported, which is not "
                + "in this JVM's module graph (an application launched as a named module resolves only what it "
                + "requires): add 'requires jdk.unsupported;' to your module-info.java or run with "
                + "--add-modules jdk.unsupported");
    }

    /**
     * @param type   a Serializable or Externalizable class (a Serializable one without hooks works too: its
     *               serializable fields are written, as JDK serialization would)
     * @param lookup a full-privilege lookup in {@code type}'s package for a named module that does not open
     *               it to Blit, or null
     * @return a serializer for {@code type}'s content, to register under the class's id
     * @throws BlitException if the class cannot be serialized this way on the running JDK, with the reason
     */
    @SuppressWarnings("unchecked")
    public static Serializer<Object> create(Class<?> type, MethodHandles.Lookup lookup) {
        if (!Serializable.class.isAssignableFrom(type)) {
            throw new BlitException(type.getName() + " is not Serializable");
        }
        if (type.isEnum() || type.isRecord() || type.isArray() || type.isInterface()
                || Modifier.isAbstract(type.getModifiers())) {
            throw new BlitException(type.getName() + " is an enum, record, array, interface or abstract class: "
                    + "register it without a serializer");
        }
        if (type == Class.class || type == String.class || type == java.io.ObjectStreamClass.class) {
            // ObjectOutputStream writes these itself (a class descriptor, a string), never through fields or hooks:
            // there is nothing to write them with, and no constructor Java serialization would call.
            throw new BlitException(type.getName() + " is written by Java serialization as a special case, not"
                    + " through its fields or hooks, so JavaSerialization cannot write it");
        }
        if (!SerialReflection.available()) {
            throw unavailable(type);
        }
        boolean external = Externalizable.class.isAssignableFrom(type);
        Constructor<?> constructor = external ? SerialReflection.externalConstructor(type)
                : SerialReflection.serialConstructor(type);
        if (constructor == null) {
            throw new BlitException(external
                    ? "Externalizable " + type.getName() + " has no public no-arg constructor"
                    : "cannot instantiate " + type.getName() + " as JDK serialization does: its first "
                    + "non-serializable superclass has no no-arg constructor accessible to it");
        }
        List<SerialSlot> slots = new ArrayList<>();
        if (!external) {
            List<Class<?>> chain = new ArrayList<>();
            for (Class<?> c = type; c != null && Serializable.class.isAssignableFrom(c); c = c.getSuperclass()) {
                chain.add(0, c);
            }
            for (Class<?> c : chain) {
                slots.add(SerialSlot.of(c, lookup));
            }
        }
        return new HookSerializer(type, slots.toArray(new SerialSlot[0]), constructor,
                SerialReflection.writeReplace(type), SerialReflection.readResolve(type));
    }
}
