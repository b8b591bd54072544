package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A registered class that refers to a class missing from the class path (compiled against a library that is not
 * there at run time) is refused at {@code build()} with a {@link BlitException} naming both, where the JVM's
 * {@code NoClassDefFoundError} used to come out of reflection on its fields.
 */
class MissingClassTest {

    /** {@code public class dev.blit.gen.Holds { public dev.blit.gen.Gone gone; public int n; }}, {@code Gone} nowhere. */
    private static byte[] holder() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER, "dev/blit/gen/Holds", null, "java/lang/Object", null);
        cw.visitField(Opcodes.ACC_PUBLIC, "gone", "Ldev/blit/gen/Gone;", null, null).visitEnd();
        cw.visitField(Opcodes.ACC_PUBLIC, "n", "I", null, null).visitEnd();
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static final class Loader extends ClassLoader {
        Loader() {
            super(MissingClassTest.class.getClassLoader());
        }

        Class<?> define(byte[] bytes) {
            return defineClass(null, bytes, 0, bytes.length);
        }
    }

    @Test
    void aClassWhoseFieldTypeIsMissingIsRefusedNamingIt() {
        Class<?> holds = new Loader().define(holder());
        for (boolean compatible : new boolean[]{false, true}) {
            BlitException e = assertThrows(BlitException.class,
                    () -> Blit.builder().compatible(compatible).register(holds, 100).build());
            assertTrue(e.getMessage().startsWith("cannot serialize dev.blit.gen.Holds: the JVM cannot link what it refers to")
                    && e.getMessage().contains("NoClassDefFoundError: dev/blit/gen/Gone"), e.getMessage());
            assertTrue(e.getCause() instanceof NoClassDefFoundError, String.valueOf(e.getCause()));
        }
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().allowClassNames("dev.blit.gen.Holds")
                .classLoader(holds.getClassLoader()).build().toBytes(newInstance(holds)));
        assertTrue(e.getMessage().contains("NoClassDefFoundError: dev/blit/gen/Gone"), e.getMessage());
    }

    private static Object newInstance(Class<?> c) {
        try {
            return c.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
