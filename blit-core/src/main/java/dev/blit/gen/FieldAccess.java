package dev.blit.gen;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;

/**
 * How a generated serializer reaches the fields and the constructor of the class it serializes. When the
 * serializer is a nestmate of that class ({@link ClassModel#host()}), it uses {@code getfield},
 * {@code putfield} and {@code new}/{@code invokespecial}, the instructions hand-written code compiles to;
 * otherwise, and for what even a nestmate may not touch (a private field of a superclass, a final field
 * set after construction), it calls the model's method handles, which arrive as class data.
 *
 * <p>Why both: a constant method handle inlines, but measured on MarketData the generated read into an
 * existing object took about twice as long through 18 setter handles as the same code with
 * {@code putfield}, and building the handles is a fifth of the generation time of a large class.
 */
final class FieldAccess {
    private static final String MH = Type.getInternalName(MethodHandle.class);
    private static final String D_MH = "L" + MH + ";";

    private final List<ClassModel.Property> properties;
    private final String className;
    private final String owner;
    private final boolean nestmate;
    /** Per property: the static field holding its getter / setter handle, or null where the field is reached directly. */
    private final String[] getter;
    private final String[] setter;
    /** The static field holding the constructor handle, or null when the constructor is called directly. */
    private final String constructor;
    private final Constructor<?> direct;
    /** After a constructor (not FIELDS): the properties it does not take, set after it (partial construction). */
    private final int[] rest;

    /**
     * Registers the handles the generated code will need as constants of {@code shell}: call before
     * {@link HiddenClassBuilder#open()}.
     *
     * @param model the class
     * @param shell the class being generated
     */
    FieldAccess(ClassModel model, HiddenClassBuilder shell) {
        this.properties = model.properties();
        this.className = shell.name();
        this.owner = Type.getInternalName(model.type());
        this.nestmate = model.host() != null;
        getter = new String[properties.size()];
        setter = new String[properties.size()];
        for (int i = 0; i < properties.size(); i++) {
            ClassModel.Property p = properties.get(i);
            boolean reachable = nestmate && reachable(model.type(), p.field);
            if (!reachable) {
                getter[i] = shell.constant(p.getter(), D_MH);
            }
            if (p.settable && (!reachable || Modifier.isFinal(p.field.getModifiers()))) {
                setter[i] = shell.constant(p.setter(), D_MH);
            }
        }
        int n = 0;
        int[] rest = new int[properties.size()];
        for (int i = 0; model.strategy() != ClassModel.Strategy.FIELDS && i < properties.size(); i++) {
            if (properties.get(i).settable) {
                rest[n++] = i;
            }
        }
        this.rest = java.util.Arrays.copyOf(rest, n);
        Constructor<?> c = model.creator();
        this.direct = nestmate && c != null && c.getDeclaringClass() == model.type() ? c : null;
        this.constructor = direct == null ? shell.constant(model.constructor(), D_MH) : null;
    }

    /**
     * A nestmate of {@code type} may use a field of {@code type} itself, whatever its access, and a
     * non-private field that a superclass in the same runtime package declares.
     */
    static boolean reachable(Class<?> type, Field f) {
        Class<?> d = f.getDeclaringClass();
        return d == type || !Modifier.isPrivate(f.getModifiers()) && d.getClassLoader() == type.getClassLoader()
                && d.getPackageName().equals(type.getPackageName());
    }

    /**
     * Casts the object in local {@code objectSlot} to the class, in place, when fields are reached directly;
     * nothing otherwise. Call it once at the start of every method that gets or sets fields of that local,
     * before its first branch: one cast instead of one per field keeps a method of MarketData's 18 fields
     * under the JIT's 325-byte limit for inlining a hot method, which lets escape analysis see through it.
     */
    void cast(MethodVisitor mv, int objectSlot) {
        if (nestmate) {
            mv.visitVarInsn(Opcodes.ALOAD, objectSlot);
            mv.visitTypeInsn(Opcodes.CHECKCAST, owner);
            mv.visitVarInsn(Opcodes.ASTORE, objectSlot);
        }
    }

    /**
     * Pushes the value of property i (primitive, or erased to Object) of the object in local
     * {@code objectSlot}, which {@link #cast} has cast.
     */
    void get(MethodVisitor mv, int i, int objectSlot) {
        ClassModel.Property p = properties.get(i);
        if (getter[i] != null) {
            mv.visitFieldInsn(Opcodes.GETSTATIC, className, getter[i], D_MH);
            mv.visitVarInsn(Opcodes.ALOAD, objectSlot);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, MH, "invokeExact",
                    "(Ljava/lang/Object;)" + Type.getDescriptor(p.erased), false);
            return;
        }
        mv.visitVarInsn(Opcodes.ALOAD, objectSlot);
        Field f = p.field;
        mv.visitFieldInsn(Opcodes.GETFIELD, Type.getInternalName(f.getDeclaringClass()), f.getName(),
                Type.getDescriptor(f.getType()));
    }

    /**
     * The first half of setting property i: pushes what goes under the value (the handle and the object, or
     * the object alone, from local {@code objectSlot}, which {@link #cast} has cast). Push the value next,
     * then call {@link #set}. Keep the operand stack free of a typed list's loop: read such a value into a
     * local first.
     */
    void beforeSet(MethodVisitor mv, int i, int objectSlot) {
        if (setter[i] != null) {
            mv.visitFieldInsn(Opcodes.GETSTATIC, className, setter[i], D_MH);
            mv.visitVarInsn(Opcodes.ALOAD, objectSlot);
            return;
        }
        mv.visitVarInsn(Opcodes.ALOAD, objectSlot);
    }

    /** The second half: stores the value (primitive, or Object) on top of what {@link #beforeSet} pushed. */
    void set(MethodVisitor mv, int i) {
        ClassModel.Property p = properties.get(i);
        if (setter[i] != null) {
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, MH, "invokeExact",
                    "(Ljava/lang/Object;" + Type.getDescriptor(p.erased) + ")V", false);
            return;
        }
        Field f = p.field;
        if (!f.getType().isPrimitive() && f.getType() != Object.class) {
            mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getInternalName(f.getType()));
        }
        mv.visitFieldInsn(Opcodes.PUTFIELD, Type.getInternalName(f.getDeclaringClass()), f.getName(),
                Type.getDescriptor(f.getType()));
    }

    /**
     * After a partial constructor ({@link ClassModel.Strategy#CONSTRUCTOR} with fields it does not take): moves
     * the new object from the stack into local {@code objectSlot}, cast for {@link #beforeSet}, and returns those
     * fields, which the caller sets ({@link #beforeSet}, the value, {@link #set}) before it loads the object
     * again. When the constructor took every field: nothing, and an empty array.
     */
    int[] storeForRest(MethodVisitor mv, int objectSlot) {
        if (rest.length > 0) {
            mv.visitVarInsn(Opcodes.ASTORE, objectSlot);
            cast(mv, objectSlot);
        }
        return rest;
    }

    /**
     * The first half of a constructor call: pushes the handle, or a new uninitialized object twice. Push the
     * arguments next (primitives, or Object, in the order of {@link ClassModel#arguments()}), each followed
     * by {@link #argument}, then call {@link #construct}. No branch may come between the two halves when the
     * constructor is called directly: an uninitialized object must not sit on the stack across a jump.
     */
    void beforeConstruct(MethodVisitor mv) {
        if (constructor != null) {
            mv.visitFieldInsn(Opcodes.GETSTATIC, className, constructor, D_MH);
            return;
        }
        mv.visitTypeInsn(Opcodes.NEW, owner);
        mv.visitInsn(Opcodes.DUP);
    }

    /** Casts the reference argument just pushed for constructor parameter {@code k} to the parameter's type. */
    void argument(MethodVisitor mv, int k) {
        if (direct == null) {
            return;
        }
        Class<?> t = direct.getParameterTypes()[k];
        if (!t.isPrimitive() && t != Object.class) {
            mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getInternalName(t));
        }
    }

    /**
     * The second half: calls the constructor; the new object (as Object) is left on the stack.
     *
     * @param erasedArguments the descriptors of the pushed arguments, primitives or {@code Ljava/lang/Object;}
     */
    void construct(MethodVisitor mv, String erasedArguments) {
        if (constructor != null) {
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, MH, "invokeExact", "(" + erasedArguments + ")Ljava/lang/Object;", false);
            return;
        }
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, owner, "<init>", Type.getConstructorDescriptor(direct), false);
    }
}
