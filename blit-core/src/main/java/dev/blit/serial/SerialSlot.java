package dev.blit.serial;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectStreamClass;
import java.io.ObjectStreamField;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One serializable class of a hierarchy: its own writeObject/readObject hooks and its serializable fields
 * (sorted by name, as FORMAT.md's canonical order), with the way Blit reaches those fields.
 *
 * <p>Fields are read and set through method handles from a private lookup when Blit has one (the user's
 * classes). For classes Blit cannot open (the JDK's own), JDK 22 and later hand out
 * {@code defaultReadObject}/{@code defaultWriteObject} method handles that go through
 * {@code readFields}/{@code putFields} of Blit's streams instead; both paths write the same bytes.
 */
final class SerialSlot {
    final Class<?> type;
    final SerialField[] fields;
    final MethodHandle writeObject;
    final MethodHandle readObject;
    /**
     * {@code (Object)void}: the class's private readObjectNoData, or null. Called in compatible mode when the
     * writer's hierarchy lacked the class (FORMAT.md, "Compatible mode"), as JDK serialization calls it.
     */
    final MethodHandle readObjectNoData;
    /** Every field has a getter. */
    final boolean directWrite;
    /** Every field has a setter. */
    final boolean directRead;
    /** JDK 22+: writes the fields through putFields/writeFields; used when not {@link #directWrite}. */
    final MethodHandle defaultWrite;
    /** JDK 22+: sets the fields from readFields; used when not {@link #directRead}. */
    final MethodHandle defaultRead;

    private SerialSlot(Class<?> type, SerialField[] fields, MethodHandle writeObject, MethodHandle readObject,
                       MethodHandle readObjectNoData, MethodHandle defaultWrite, MethodHandle defaultRead) {
        this.type = type;
        this.fields = fields;
        this.writeObject = writeObject;
        this.readObject = readObject;
        this.readObjectNoData = readObjectNoData;
        boolean w = true;
        boolean r = true;
        for (SerialField f : fields) {
            w &= f.getter != null;
            r &= f.setter != null;
        }
        this.directWrite = w;
        this.directRead = r;
        this.defaultWrite = w ? null : defaultWrite;
        this.defaultRead = r ? null : defaultRead;
    }

    /**
     * @param type  a Serializable class of the hierarchy
     * @param given the user's lookup, or null
     * @return its slot
     * @throws BlitException if its fields cannot be reached on this JDK and its hooks (or their absence)
     *                       need them
     */
    static SerialSlot of(Class<?> type, MethodHandles.Lookup given) {
        MethodHandles.Lookup lookup = privateLookup(type, given);
        ObjectStreamField[] declared = ObjectStreamClass.lookup(type).getFields();
        declared = declared.clone();
        Arrays.sort(declared, Comparator.comparing(ObjectStreamField::getName));
        List<SerialField> fields = new ArrayList<>();
        boolean finalFields = false;
        for (ObjectStreamField d : declared) {
            Field f = field(type, d.getName());
            Class<?> t = d.getType();
            if (f != null && f.getType() != t && !(t == Object.class && !f.getType().isPrimitive())) {
                // Another type than the field's (java.util.Random: a long seed, kept in an AtomicLong): as for
                // the JDK, the entry has no field behind it; the hooks put and get it through PutField/GetField.
                f = null;
            }
            MethodHandle getter = null;
            MethodHandle setter = null;
            if (f == null) {
                // A serialPersistentFields entry without a field: written as its zero, read and dropped (as the JDK does).
                getter = MethodHandles.empty(MethodType.methodType(t, Object.class));
                setter = MethodHandles.empty(MethodType.methodType(void.class, Object.class, t));
            } else if (lookup != null) {
                try {
                    getter = lookup.unreflectGetter(f);
                    if (!Modifier.isFinal(f.getModifiers())) {
                        setter = lookup.unreflectSetter(f);
                    } else {
                        finalFields = true;
                    }
                } catch (IllegalAccessException e) {
                    getter = null;
                }
            }
            fields.add(new SerialField(type, d.getName(), t, getter, setter));
        }
        MethodHandle defaultRead = SerialReflection.defaultReadObject(type);
        if (finalFields && defaultRead == null && lookup != null) {
            // Before JDK 22 the only way to set a final field outside the JDK is deep reflection on the user's
            // own class (never a java.* one: lookup is null for those).
            for (int i = 0; i < fields.size(); i++) {
                SerialField sf = fields.get(i);
                if (sf.setter == null) {
                    Field f = field(type, sf.name);
                    try {
                        f.setAccessible(true);
                        fields.set(i, new SerialField(type, sf.name, sf.type, sf.getter, lookup.unreflectSetter(f)));
                    } catch (RuntimeException | IllegalAccessException e) {
                        throw new BlitException("cannot set final field " + sf + ": " + e.getMessage(), e);
                    }
                }
            }
        }
        SerialSlot slot = new SerialSlot(type, fields.toArray(new SerialField[0]), SerialReflection.writeObject(type),
                SerialReflection.readObject(type), readObjectNoData(type, lookup), SerialReflection.defaultWriteObject(type),
                defaultRead);
        slot.checkReachable();
        return slot;
    }

    /**
     * The class's readObjectNoData as JDK serialization finds it (private, not static, no parameters, void):
     * through ReflectionFactory, or through the class's lookup where ReflectionFactory misses it (Java 17).
     */
    private static MethodHandle readObjectNoData(Class<?> type, MethodHandles.Lookup lookup) {
        MethodHandle h = SerialReflection.readObjectNoData(type);
        if (h != null || lookup == null) {
            return h;
        }
        try {
            java.lang.reflect.Method m = type.getDeclaredMethod("readObjectNoData");
            int mod = m.getModifiers();
            if (!Modifier.isPrivate(mod) || Modifier.isStatic(mod) || m.getReturnType() != void.class) {
                return null;
            }
            return lookup.unreflect(m).asType(MethodType.methodType(void.class, Object.class));
        } catch (NoSuchMethodException | IllegalAccessException | RuntimeException e) {
            return null;
        }
    }

    private void checkReachable() {
        boolean write = directWrite || defaultWrite != null;
        boolean read = directRead || defaultRead != null;
        if (write && read) {
            return;
        }
        // Hooks that only use putFields/readFields (java.util.Vector) need no access; the others do.
        boolean needs = writeObject == null || readObject == null
                || callsDefault(type, "writeObject", "defaultWriteObject")
                || callsDefault(type, "readObject", "defaultReadObject");
        if (needs) {
            throw new BlitException("cannot serialize " + type.getName() + " through its Serializable hooks on Java "
                    + Runtime.version().feature() + ": its serializable fields " + Arrays.toString(fields)
                    + " are private to module " + type.getModule().getName() + ", which does not open "
                    + type.getPackageName() + " to Blit. Java 22 and later reach them through "
                    + "sun.reflect.ReflectionFactory.defaultReadObjectForSerialization; on this JDK, register a "
                    + "Serializer of your own for it, or (for your own class) open its package or pass a lookup");
        }
    }

    /**
     * @return whether the class's own hook {@code method}, or a method of the same class it calls (Hashtable's
     *         writeObject delegates to writeHashtable), calls {@code ObjectXxxStream.target}; true if unknown
     */
    private static boolean callsDefault(Class<?> type, String method, String target) {
        String internal = type.getName().replace('.', '/');
        Map<String, Set<String>> calls = new HashMap<>();
        Set<String> direct = new HashSet<>();
        try (InputStream in = type.getResourceAsStream("/" + internal + ".class")) {
            if (in == null) {
                return true;
            }
            new ClassReader(in).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String desc, String sig, String[] ex) {
                    String self = name + desc;
                    Set<String> callees = calls.computeIfAbsent(self, k -> new HashSet<>());
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitMethodInsn(int op, String owner, String m, String d, boolean itf) {
                            if (m.equals(target)) {
                                direct.add(self);
                            } else if (owner.equals(internal)) {
                                callees.add(m + d);
                            }
                        }
                    };
                }
            }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
        } catch (IOException | RuntimeException e) {
            return true;
        }
        Deque<String> todo = new ArrayDeque<>();
        Set<String> seen = new HashSet<>();
        for (String m : calls.keySet()) {
            if (m.startsWith(method + "(")) {
                todo.add(m);
            }
        }
        while (!todo.isEmpty()) {
            String m = todo.poll();
            if (seen.add(m)) {
                if (direct.contains(m)) {
                    return true;
                }
                todo.addAll(calls.getOrDefault(m, Set.of()));
            }
        }
        return false;
    }

    private static Field field(Class<?> type, String name) {
        try {
            Field f = type.getDeclaredField(name);
            return Modifier.isStatic(f.getModifiers()) ? null : f;
        } catch (NoSuchFieldException e) {
            return null;
        }
    }

    /** A private lookup on {@code type}, or null where Blit may not have one (the JDK's own packages). */
    private static MethodHandles.Lookup privateLookup(Class<?> type, MethodHandles.Lookup given) {
        if (given != null) {
            try {
                return MethodHandles.privateLookupIn(type, given);
            } catch (IllegalAccessException | RuntimeException e) {
                // fall back to Blit's own access
            }
        }
        if (!type.getModule().isOpen(type.getPackageName(), SerialSlot.class.getModule())) {
            return null;
        }
        try {
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        } catch (IllegalAccessException | RuntimeException e) {
            return null;
        }
    }

    /** @return the index of the field {@code name} that a value of {@code t} may be put into or got from */
    int indexOf(String name, Class<?> t) {
        for (int i = 0; i < fields.length; i++) {
            SerialField f = fields[i];
            if (f.name.equals(name) && (f.type == t || (t == Object.class && !f.type.isPrimitive()))) {
                return i;
            }
        }
        throw new IllegalArgumentException("no such field " + name + " with type " + t + " in " + type.getName());
    }

    /** Writes every field of {@code obj} through the getters. */
    void writeFields(WriteBuffer out, Object obj) throws Throwable {
        for (SerialField f : fields) {
            f.write(out, obj);
        }
    }

    /** Reads every field into {@code obj} through the setters. */
    void readFields(ReadBuffer in, Object obj) throws Throwable {
        for (SerialField f : fields) {
            f.read(in, obj);
        }
    }

    /** @return every field's value, boxed, in field order */
    Object[] readValues(ReadBuffer in) {
        Object[] values = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            values[i] = fields[i].readValue(in);
        }
        return values;
    }
}
