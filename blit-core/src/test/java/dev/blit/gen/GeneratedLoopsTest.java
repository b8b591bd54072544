package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.RoundTrip;
import dev.blit.internal.RegistryBuilder;
import dev.blit.types.BuiltinTypes;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every loop of a generated serializer (a typed list's) is entered with an empty operand stack. HotSpot
 * cannot compile a loop entered with values on the stack on its own ("stack not empty at OSR entry point"),
 * which once left a whole generated read method in C1's code; and a method handle held on the stack across
 * a loop reaches its call as a loop phi, which C2 does not take for a constant, so it does not inline it.
 */
class GeneratedLoopsTest {
    /** More components than one chunk, so its values are read by chunk methods into arrays. */
    record WideRoster(int f0, int f1, int f2, int f3, int f4, int f5, int f6, int f7, int f8, int f9, int f10, int f11, int f12, int f13, int f14, int f15, int f16, int f17, int f18, int f19, int f20, int f21, int f22, int f23, int f24, int f25, int f26, int f27, int f28, int f29, int f30, int f31, int f32, int f33, int f34, int f35, int f36, int f37, int f38, int f39, int f40, int f41, int f42, int f43, int f44, int f45, int f46, int f47, List<Fixtures.Point> points, String name) {
    }

    @Test
    void everyLoopOfAGeneratedSerializerStartsWithAnEmptyOperandStack() {
        for (Class<?> type : List.of(Fixtures.Roster.class, WideRoster.class)) {
            RegistryBuilder rb = new RegistryBuilder();
            BuiltinTypes.install(rb);
            rb.add(100, Fixtures.Point.class, ReflectiveSerializer.of(Fixtures.Point.class, null));
            rb.add(101, Fixtures.OrderLine.class, ReflectiveSerializer.of(Fixtures.OrderLine.class, null));
            byte[] bytes = SerializerGenerator.bytes(ClassModel.of(type, null), rb);
            List<String> problems = new ArrayList<>();
            int loops = loops(withFrames(bytes), problems);
            assertTrue(loops >= 2, type.getSimpleName() + ": expected the typed lists' read and write loops, found " + loops);
            assertEquals(List.of(), problems, type.getSimpleName());
        }
    }

    @Test
    void aWideRecordWithATypedListRoundTrips() {
        Blit blit = Blit.builder().flat(false).register(Fixtures.Point.class, 100).register(WideRoster.class, 101).build();
        Object[] args = new Object[50];
        Class<?>[] types = new Class<?>[50];
        for (int i = 0; i < 48; i++) {
            args[i] = i * 7 - 100;
            types[i] = int.class;
        }
        Fixtures.Point p = new Fixtures.Point(1, 2);
        args[48] = new ArrayList<>(Arrays.asList(p, null, new Fixtures.Point(3, 4), p));
        types[48] = List.class;
        args[49] = "wide";
        types[49] = String.class;
        WideRoster r;
        try {
            r = WideRoster.class.getDeclaredConstructor(types).newInstance(args);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
        byte[] bytes = blit.toBytes(r);
        WideRoster back = blit.fromBytes(bytes, WideRoster.class);
        assertEquals(r, back);
        assertEquals(ArrayList.class, back.points().getClass());
        RoundTrip.assertTruncationsRejected(bytes, blit::fromBytes, blit::read);
    }

    /**
     * Generated classes carry no stack map frames (HiddenClassBuilder: the JVM infers the types itself);
     * ASM computes them here, with the class file version raised to one that has them, so that the stack at
     * each loop's entry can be read.
     */
    private static byte[] withFrames(byte[] classFile) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            @Override
            protected String getCommonSuperClass(String type1, String type2) {
                return type1.equals(type2) ? type1 : "java/lang/Object";
            }
        };
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, cw) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                super.visit(Opcodes.V17, access, name, signature, superName, interfaces);
            }
        }, 0);
        return cw.toByteArray();
    }

    /** @return the number of backward jumps; each one whose target's frame has stack items adds a problem */
    private static int loops(byte[] classFile, List<String> problems) {
        int[] count = {0};
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                return new MethodVisitor(Opcodes.ASM9) {
                    private final Set<Label> seen = new HashSet<>();
                    private final Map<Label, Integer> stackAt = new HashMap<>();
                    private Label last;

                    @Override
                    public void visitLabel(Label label) {
                        seen.add(label);
                        last = label;
                    }

                    @Override
                    public void visitFrame(int type, int numLocal, Object[] local, int numStack, Object[] stack) {
                        if (last != null) {
                            stackAt.put(last, numStack);
                        }
                    }

                    @Override
                    public void visitJumpInsn(int opcode, Label label) {
                        if (seen.contains(label)) {
                            count[0]++;
                            Integer depth = stackAt.get(label);
                            if (depth == null || depth != 0) {
                                problems.add(name + ": a loop entered with " + depth + " stack item(s)");
                            }
                        }
                    }
                };
            }
        }, ClassReader.EXPAND_FRAMES);
        return count[0];
    }
}
