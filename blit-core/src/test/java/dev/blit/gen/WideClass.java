package dev.blit.gen;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * A class with hundreds of package-private fields, defined at run time in this package as javac would compile
 * it ({@code final class Wide350 { int f000; long f001; ... }} with a no-argument constructor and the generic
 * signature of its {@code List<String>} fields), so that the tests need no 700-line source file: the benchmark
 * module keeps the one real source of such a class ({@code dev.blit.bench.gen.Wide350}) for the generation
 * benchmark. The field types cycle through {@link #TYPES}.
 */
final class WideClass {
    private static final String[][] TYPES = {
            {"I", null}, {"J", null}, {"D", null}, {"Ljava/lang/String;", null}, {"Z", null}, {"F", null},
            {"S", null}, {"B", null}, {"C", null}, {"Ljava/lang/Integer;", null}, {"[I", null},
            {"Ljava/util/List;", "Ljava/util/List<Ljava/lang/String;>;"},
    };

    /** The 350-field class, defined once. */
    static final Class<?> WIDE_350 = define("Wide350", 350);

    private WideClass() {
    }

    static Class<?> define(String simpleName, int fields) {
        return define(simpleName, false, fields, i -> TYPES[i % TYPES.length]);
    }

    /**
     * @param simpleName the class's name in this package
     * @param isPublic   a public class with public fields and constructor, else a final class with package-private ones
     * @param fields     how many fields, named as {@link #name} gives
     * @param type       field {@code i}'s descriptor and generic signature (or null)
     * @return the class, defined in this package
     */
    static Class<?> define(String simpleName, boolean isPublic, int fields, IntFunction<String[]> type) {
        int access = isPublic ? Opcodes.ACC_PUBLIC : 0;
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, (isPublic ? Opcodes.ACC_PUBLIC : Opcodes.ACC_FINAL) | Opcodes.ACC_SUPER,
                "dev/blit/gen/" + simpleName, null, "java/lang/Object", null);
        for (int i = 0; i < fields; i++) {
            String[] t = type.apply(i);
            cw.visitField(access, name(i), t[0], t[1], null).visitEnd();
        }
        MethodVisitor mv = cw.visitMethod(access, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        try {
            return MethodHandles.lookup().defineClass(cw.toByteArray());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    static String name(int i) {
        return String.format("f%03d", i);
    }

    /** An instance whose every field holds a value that depends on its index, none of them default. */
    static Object sample(Class<?> type) {
        try {
            var c = type.getDeclaredConstructor();
            Object o = c.newInstance();
            int n = type.getDeclaredFields().length;
            for (int i = 0; i < n; i++) {
                type.getDeclaredField(name(i)).set(o, value(i));
            }
            return o;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** The value {@link #sample} puts in field {@code i}. */
    static Object value(int i) {
        switch (i % TYPES.length) {
            case 0: return i * 7919 - 100_000;
            case 1: return (long) i << (i % 50);
            case 2: return i / 3.0;
            case 3: return "s" + i;
            case 4: return i % 24 != 4;
            case 5: return i + 0.5f;
            case 6: return (short) (i * 97);
            case 7: return (byte) i;
            case 8: return (char) (256 + i);
            case 9: return i;
            case 10: return new int[] {i, -i};
            default: return new ArrayList<>(List.of("e" + i));
        }
    }

    /** Field {@code i} of {@code o}. */
    static Object get(Object o, int i) {
        try {
            return o.getClass().getDeclaredField(name(i)).get(o);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
