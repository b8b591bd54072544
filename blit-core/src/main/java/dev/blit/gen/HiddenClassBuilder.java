package dev.blit.gen;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;

/**
 * The part every generated serializer shares: a hidden class whose constants (the user's class, field
 * getters and setters, constructors, VarHandles, registrations) arrive as class data and are copied into
 * {@code static final} fields {@code c0, c1, …} in {@code <clinit>}. The JIT treats those fields as
 * constants, which is what lets generated code inline through method handles.
 *
 * <p>Where it may ({@link Access#nestHost}), the class is defined in the user's package as a nestmate of the
 * user's class and reaches its fields directly ({@link FieldAccess}); otherwise it lives in
 * {@code dev.blit.gen} and names no user type, so private classes and named modules need no extra access.
 */
final class HiddenClassBuilder {
    private static final String OBJECT = "java/lang/Object";

    private final String name;
    private final MethodHandles.Lookup host;
    private final String[] interfaces;
    private final List<Object> data = new ArrayList<>();
    private final List<String> descs = new ArrayList<>();

    /**
     * @param kind       the start of the class's simple name, such as {@code BlitSerializer}
     * @param type       the class it serializes, whose name ends its own
     * @param host       a full-privilege lookup on {@code type} to define the class as its nestmate, or null
     * @param interfaces internal names of the interfaces it implements
     */
    HiddenClassBuilder(String kind, Class<?> type, MethodHandles.Lookup host, String... interfaces) {
        String simple = ClassSerializers.simpleName(type);
        String pkg = host == null ? "dev/blit/gen" : host.lookupClass().getPackageName().replace('.', '/');
        this.name = (pkg.isEmpty() ? "" : pkg + "/") + kind + "$" + (simple.isEmpty() ? "Anonymous" : simple);
        this.host = host;
        this.interfaces = interfaces;
    }

    String name() {
        return name;
    }

    /**
     * @param value a constant the generated code needs
     * @param desc  the descriptor of the static field that will hold it
     * @return the name of that field
     */
    String constant(Object value, String desc) {
        data.add(value);
        descs.add(desc);
        return "c" + (data.size() - 1);
    }

    /**
     * Starts the class file: its header, a {@code static final} field per constant, {@code <clinit>} that fills
     * them from the class data, and a public no-argument constructor. Call after the last {@link #constant}.
     *
     * @return the writer, ready for the class's own methods
     */
    ClassWriter open() {
        // Version 49 (Java 5), without stack map frames: the JVM verifies such a class by inferring the types
        // itself (the type-inferencing verifier, still in JDK 25), so ASM need not compute frames. That was a
        // quarter of generating the serializer of a 350-field class in a fresh JVM (about 50 -> 27 ms once
        // Blit is loaded); the JIT does not care about the version. Nothing here needs a newer one: class
        // literals, invokeExact and the class data call are all fine in a version 49 hidden class.
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V1_5, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, name, null, OBJECT, interfaces);
        for (int i = 0; i < data.size(); i++) {
            cw.visitField(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "c" + i, descs.get(i), null, null)
                    .visitEnd();
        }
        classInit(cw);
        init(cw);
        return cw;
    }

    private void classInit(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "<clinit>", "()V", null, null);
        mv.visitCode();
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/invoke/MethodHandles", "lookup",
                "()Ljava/lang/invoke/MethodHandles$Lookup;", false);
        mv.visitLdcInsn("_");
        mv.visitLdcInsn(Type.getType(Object[].class));
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/invoke/MethodHandles", "classData",
                "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/Class;)Ljava/lang/Object;", false);
        mv.visitTypeInsn(Opcodes.CHECKCAST, "[Ljava/lang/Object;");
        mv.visitVarInsn(Opcodes.ASTORE, 0);
        for (int i = 0; i < data.size(); i++) {
            mv.visitVarInsn(Opcodes.ALOAD, 0);
            push(mv, i);
            mv.visitInsn(Opcodes.AALOAD);
            String desc = descs.get(i);
            mv.visitTypeInsn(Opcodes.CHECKCAST, desc.substring(1, desc.length() - 1));
            mv.visitFieldInsn(Opcodes.PUTSTATIC, name, "c" + i, desc);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static void init(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, OBJECT, "<init>", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Defines the class, as a nestmate of the user's class or in Blit's package, with the constants as its
     * class data, and creates an instance.
     *
     * @param bytes the finished class file
     * @return the new instance
     * @throws ReflectiveOperationException if the class cannot be defined or instantiated
     */
    Object define(byte[] bytes) throws ReflectiveOperationException {
        MethodHandles.Lookup hidden = host != null
                ? host.defineHiddenClassWithClassData(bytes, data.toArray(), true, MethodHandles.Lookup.ClassOption.NESTMATE)
                : MethodHandles.lookup().defineHiddenClassWithClassData(bytes, data.toArray(), true);
        MethodHandle ctor = hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class));
        try {
            return ctor.invoke();
        } catch (ReflectiveOperationException | RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /** Pushes an int constant with the shortest instruction. */
    static void push(MethodVisitor mv, int v) {
        if (v >= -1 && v <= 5) {
            mv.visitInsn(Opcodes.ICONST_0 + v);
        } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.BIPUSH, v);
        } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
            mv.visitIntInsn(Opcodes.SIPUSH, v);
        } else {
            mv.visitLdcInsn(v);
        }
    }
}
