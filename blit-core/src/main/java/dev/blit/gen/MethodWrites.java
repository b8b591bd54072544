package dev.blit.gen;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What an instance method of the object being built may write: for {@link ConstructorMatcher}, whose constructor
 * pairing no longer holds for a field such a method, called after the field was stored, may set. Found in the
 * methods' bytecode, following the object's own methods they call on; "any" as soon as one hands the object to
 * other code. Kept apart from {@code ConstructorMatcher}, which reads constructors, as the one question it asks
 * about other methods; it shares that class's hierarchy, class files and field lookup.
 */
final class MethodWrites {
    private final ConstructorMatcher matcher;
    /** The class being built: where a virtual call is resolved from, as it dispatches. */
    private final Class<?> type;
    /** {@link ConstructorMatcher}'s: internal name -> class, for the class and its superclasses. */
    private final Map<String, Class<?>> hierarchy;

    MethodWrites(ConstructorMatcher matcher, Class<?> type, Map<String, Class<?>> hierarchy) {
        this.matcher = matcher;
        this.type = type;
        this.hierarchy = hierarchy;
    }

    /** Internal names of the interfaces the class and its superclasses implement (owners of its instance methods too). */
    private Set<String> interfaces;

    /** Whether a method named with this owner is one of the object's own (the class, a superclass or an interface of them). */
    boolean ownMethodOwner(String internalName) {
        if (hierarchy.containsKey(internalName)) {
            return true;
        }
        if (interfaces == null) {
            interfaces = new HashSet<>();
            List<Class<?>> todo = new ArrayList<>(hierarchy.values());
            while (!todo.isEmpty()) {
                for (Class<?> i : todo.remove(todo.size() - 1).getInterfaces()) {
                    if (interfaces.add(Type.getInternalName(i))) {
                        todo.add(i);
                    }
                }
            }
        }
        return interfaces.contains(internalName);
    }

    /** Whether a call consumes more stack values than the loads after the last {@code ALOAD 0}: it takes {@code this}. */
    static boolean takesThis(int opcode, String descriptor, List<Integer> run) {
        int consumed = Type.getArgumentTypes(descriptor).length + (opcode == Opcodes.INVOKESTATIC ? 0 : 1);
        return run != null && consumed > run.size();
    }

    /**
     * The serialized-hierarchy fields an instance method of the object may write, with the methods of it that it
     * calls on, found in their bytecode (a virtual call resolved from the class being built, as it dispatches); null
     * for "any": a method not found or without code, one that passes the object out to other code, or too deep.
     */
    Set<Field> writesOf(String methodOwner, String name, String desc, boolean special, Set<String> visiting, int depth) {
        if (depth > ConstructorMatcher.MAX_DELEGATION) {
            return null;
        }
        Class<?> start = special ? hierarchy.get(methodOwner) : type;
        for (Class<?> c = start; c != null && hierarchy.containsValue(c); c = c.getSuperclass()) {
            byte[] bytes = matcher.classFile(c);
            if (bytes == null) {
                return null;
            }
            WriteScanner scanner = new WriteScanner();
            boolean[] declared = new boolean[1];
            try {
                new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
                    @Override
                    public MethodVisitor visitMethod(int access, String n, String d, String signature, String[] exceptions) {
                        if (n.equals(name) && d.equals(desc) && (access & Opcodes.ACC_STATIC) == 0) {
                            declared[0] = true;
                            return scanner;
                        }
                        return null;
                    }
                }, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES);
            } catch (RuntimeException e) {
                return null;
            }
            if (!declared[0]) {
                continue;
            }
            if (!scanner.seen || scanner.any) {
                return null;
            }
            String key = Type.getInternalName(c) + "." + name + desc;
            if (!visiting.add(key)) {
                return scanner.writes; // recursion: its writes are counted where it was entered
            }
            Set<Field> all = new HashSet<>(scanner.writes);
            for (String[] call : scanner.calls) {
                Set<Field> more = writesOf(call[0], call[1], call[2], call[3] != null, visiting, depth + 1);
                if (more == null) {
                    return null;
                }
                all.addAll(more);
            }
            return all;
        }
        return null;
    }

    /** Collects what a method of the object writes: PUTFIELDs, the object's methods it calls, whether it passes the object out. */
    private final class WriteScanner extends MethodVisitor {
        final Set<Field> writes = new HashSet<>();
        /** owner, name, descriptor, non-null for INVOKESPECIAL. */
        final List<String[]> calls = new ArrayList<>();
        boolean any;
        boolean seen;
        private List<Integer> run;

        WriteScanner() {
            super(Opcodes.ASM9);
        }

        @Override
        public void visitCode() {
            seen = true;
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            if (opcode == Opcodes.ALOAD && var == 0) {
                run = new ArrayList<>();
            } else if (opcode >= Opcodes.ILOAD && opcode <= Opcodes.ALOAD && run != null) {
                run.add(var);
            } else {
                run = null;
            }
        }

        @Override
        public void visitFieldInsn(int opcode, String fieldOwner, String name, String descriptor) {
            if (opcode == Opcodes.PUTFIELD) {
                Field f = matcher.resolve(fieldOwner, name);
                if (f != null) {
                    writes.add(f);
                }
            }
            run = null;
        }

        @Override
        public void visitMethodInsn(int opcode, String methodOwner, String name, String descriptor, boolean isInterface) {
            if (opcode != Opcodes.INVOKESTATIC && !name.equals("<init>") && ownMethodOwner(methodOwner)) {
                calls.add(new String[]{methodOwner, name, descriptor, opcode == Opcodes.INVOKESPECIAL ? "" : null});
            } else if (takesThis(opcode, descriptor, run) && !methodOwner.equals("java/lang/Object")) {
                any = true; // the object handed to other code, which may set its fields
            }
            run = null;
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, org.objectweb.asm.Handle bsm, Object... args) {
            run = null;
        }

        @Override
        public void visitInsn(int opcode) {
            run = null;
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            run = null;
        }

        @Override
        public void visitTypeInsn(int opcode, String t) {
            run = null;
        }

        @Override
        public void visitJumpInsn(int opcode, org.objectweb.asm.Label label) {
            run = null;
        }

        @Override
        public void visitLdcInsn(Object value) {
            run = null;
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            run = null;
        }
    }
}
