package dev.blit.gen;

import dev.blit.Serializer;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.List;

/**
 * Generates the serializer of a flat class ({@link FlatLayout}): {@code write} reserves the whole block
 * with one {@code WriteBuffer.claim}, then stores each field with a little-endian {@link VarHandle} view at
 * a constant offset from that one index; {@code read} consumes the block with one {@code ReadBuffer.take}
 * and loads the fields the same way. No per-field bounds check, cursor update or varint: for MarketData
 * (2 longs, 16 doubles) it is 18 loads and 18 stores around two capacity checks.
 *
 * <p>The fields are reached as {@link FieldAccess} decides: directly from a nestmate of the class, or
 * through getters and setters passed as class data with the {@code VarHandle}s, copied into
 * {@code static final} fields the JIT treats as constants. The field stores of a read are in static methods,
 * one up to {@value #INLINE} fields and one per {@value #CHUNK} past that, to stay under the JIT's limit on
 * the size of a method it inlines; so are the loads of a write past {@value #INLINE} fields.
 */
final class FlatGenerator {
    /**
     * Fields per chunk method: 16 stores or loads are about 300 bytes of bytecode, under the JIT's 325-byte
     * limit for inlining a hot method. With 64 a chunk was "too big" to inline and the 100-field struct
     * swung between 70 and 450 ns per round trip from one JVM to the next; with 16 it measured 85 ns in three.
     */
    private static final int CHUNK = 16;
    /** Classes with at most this many fields are written inline and read through one method (MarketData: 18). */
    private static final int INLINE = 24;

    /*
     * The little-endian views the generated code stores and loads with (FlatLayout's reflective twin uses them
     * too). Here, not in FlatLayout, which the generation of every class consults: making them initializes a
     * JDK class and spins a lambda per view, work in a fresh JVM's first Blit that a class which is not flat
     * never needs.
     */
    static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    /** Float and double views store raw bits (NaN payloads kept), saving the generated code the conversion. */
    static final VarHandle FLOAT = MethodHandles.byteArrayViewVarHandle(float[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

    private static final String OBJECT = "java/lang/Object";
    private static final String VH = Type.getInternalName(VarHandle.class);
    private static final String WRITE_BUFFER = "dev/blit/buffer/WriteBuffer";
    private static final String READ_BUFFER = "dev/blit/buffer/ReadBuffer";
    private static final String D_WB = "L" + WRITE_BUFFER + ";";
    private static final String D_RB = "L" + READ_BUFFER + ";";
    private static final String D_VH = "L" + VH + ";";
    private static final String D_CLASS = "Ljava/lang/Class;";
    private static final String SUPPORT = Type.getInternalName(Support.class);

    private final ClassModel model;
    private final FlatLayout layout;
    private final List<ClassModel.Property> properties;
    private final HiddenClassBuilder shell;
    private final String name;
    private FieldAccess access;
    private String typeField;
    private String shortVh;
    private String intVh;
    private String longVh;
    private String floatVh;
    private String doubleVh;

    private FlatGenerator(ClassModel model, FlatLayout layout) {
        this.model = model;
        this.layout = layout;
        this.properties = model.properties();
        this.shell = new HiddenClassBuilder(ClassSerializers.GENERATED_FLAT, model.type(), model.host(), "dev/blit/Serializer");
        this.name = shell.name();
    }

    /**
     * @param model  a flat class
     * @param layout its layout
     * @return an instance of the generated serializer
     * @throws ReflectiveOperationException if the hidden class cannot be defined or instantiated
     */
    static Serializer<?> generate(ClassModel model, FlatLayout layout) throws ReflectiveOperationException {
        FlatGenerator g = new FlatGenerator(model, layout);
        return (Serializer<?>) g.shell.define(g.classFile());
    }

    private String constant(Object value, String desc) {
        return shell.constant(value, desc);
    }

    private byte[] classFile() {
        typeField = constant(model.type(), D_CLASS);
        shortVh = constant(SHORT, D_VH);
        intVh = constant(INT, D_VH);
        longVh = constant(LONG, D_VH);
        floatVh = constant(FLOAT, D_VH);
        doubleVh = constant(DOUBLE, D_VH);
        access = new FieldAccess(model, shell);

        ClassWriter cw = shell.open();
        write(cw);
        read(cw);
        if (model.strategy() == ClassModel.Strategy.FIELDS) {
            readChunks(cw);
            if (noFinalField()) {
                readInto(cw);
            }
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    // ---------------------------------------------------------------- write

    private static final String WRITE_CHUNK_DESC = "([BILjava/lang/Object;)V";

    /** {@code int p = out.claim(SIZE); byte[] a = out.array();} then the stores; locals 3 p, 4 a. */
    private void write(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "write", "(" + D_WB + "Ljava/lang/Object;)V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        HiddenClassBuilder.push(mv, layout.size);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_BUFFER, "claim", "(I)I", false);
        mv.visitVarInsn(Opcodes.ISTORE, 3);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_BUFFER, "array", "()[B", false);
        mv.visitVarInsn(Opcodes.ASTORE, 4);
        if (properties.size() <= INLINE) {
            access.cast(mv, 2);
            stores(mv, 0, properties.size(), 4, 3, 2);
        } else {
            for (int from = 0; from < properties.size(); from += CHUNK) {
                mv.visitVarInsn(Opcodes.ALOAD, 4);
                mv.visitVarInsn(Opcodes.ILOAD, 3);
                mv.visitVarInsn(Opcodes.ALOAD, 2);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "w" + from / CHUNK, WRITE_CHUNK_DESC, false);
                MethodVisitor chunk = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "w" + from / CHUNK,
                        WRITE_CHUNK_DESC, null, null);
                chunk.visitCode();
                access.cast(chunk, 2);
                stores(chunk, from, Math.min(properties.size(), from + CHUNK), 0, 1, 2);
                chunk.visitInsn(Opcodes.RETURN);
                chunk.visitMaxs(0, 0);
                chunk.visitEnd();
            }
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private void stores(MethodVisitor mv, int from, int to, int array, int base, int value) {
        for (int i = from; i < to; i++) {
            ClassModel.Property p = properties.get(i);
            ClassModel.Kind k = p.kind;
            if (k == ClassModel.Kind.BOOLEAN || k == ClassModel.Kind.BYTE) {
                mv.visitVarInsn(Opcodes.ALOAD, array);
                index(mv, base, layout.offsets[i]);
                get(mv, i, value);
                mv.visitInsn(Opcodes.BASTORE); // a boolean is 0 or 1 on the stack
                continue;
            }
            mv.visitFieldInsn(Opcodes.GETSTATIC, name, handleFor(k), D_VH);
            mv.visitVarInsn(Opcodes.ALOAD, array);
            index(mv, base, layout.offsets[i]);
            get(mv, i, value);
            String slot;
            switch (k) {
                case SHORT:
                    slot = "S";
                    break;
                case CHAR:
                    mv.visitInsn(Opcodes.I2S);
                    slot = "S";
                    break;
                case INT:
                    slot = "I";
                    break;
                case FLOAT:
                    slot = "F";
                    break;
                case LONG:
                    slot = "J";
                    break;
                default:
                    slot = "D";
            }
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, VH, "set", "([BI" + slot + ")V", false);
        }
    }

    private String handleFor(ClassModel.Kind k) {
        switch (k) {
            case SHORT:
            case CHAR:
                return shortVh;
            case INT:
                return intVh;
            case FLOAT:
                return floatVh;
            case LONG:
                return longVh;
            default:
                return doubleVh;
        }
    }

    private static void index(MethodVisitor mv, int base, int offset) {
        mv.visitVarInsn(Opcodes.ILOAD, base);
        if (offset != 0) {
            HiddenClassBuilder.push(mv, offset);
            mv.visitInsn(Opcodes.IADD);
        }
    }

    private void get(MethodVisitor mv, int i, int objectSlot) {
        access.get(mv, i, objectSlot);
    }

    // ---------------------------------------------------------------- read

    private static final String READ_CHUNK_DESC = "([BILjava/lang/Object;" + D_RB + ")V";

    /**
     * Locals: 1 in, 2 p, 3 a, 4 the new object (fields set one by one, or after a partial constructor), 5 a
     * throwable.
     */
    private void read(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "read", "(" + D_RB + ")Ljava/lang/Object;", null, null);
        mv.visitCode();
        takeBlock(mv, 2, 3);
        Label start = new Label();
        Label end = new Label();
        Label handler = new Label();
        mv.visitTryCatchBlock(start, end, handler, "java/lang/Throwable");
        if (model.strategy() == ClassModel.Strategy.FIELDS) {
            mv.visitLabel(start);
            access.beforeConstruct(mv);
            access.construct(mv, "");
            mv.visitVarInsn(Opcodes.ASTORE, 4);
            mv.visitLabel(end);
            // No reference() call: a flat object has no field that could point back at it.
            setAll(mv, 3, 2, 4, 1);
            mv.visitVarInsn(Opcodes.ALOAD, 4);
            mv.visitInsn(Opcodes.ARETURN);
        } else {
            // The values go straight from the block onto the stack, in parameter order.
            int[] arguments = model.arguments();
            StringBuilder desc = new StringBuilder();
            // A bad boolean byte throws a BlitException inside the try block; constructionFailed passes it on as is.
            mv.visitLabel(start);
            access.beforeConstruct(mv);
            for (int k = 0; k < arguments.length; k++) {
                load(mv, arguments[k], 3, 2, 1);
                access.argument(mv, k);
                desc.append(Type.getDescriptor(properties.get(arguments[k]).erased));
            }
            access.construct(mv, desc.toString());
            int[] rest = access.storeForRest(mv, 4); // partial construction: the fields set after it
            for (int i : rest) {
                access.beforeSet(mv, i, 4);
                load(mv, i, 3, 2, 1);
                access.set(mv, i);
            }
            if (rest.length > 0) {
                mv.visitVarInsn(Opcodes.ALOAD, 4);
            }
            mv.visitLabel(end);
            mv.visitInsn(Opcodes.ARETURN);
        }
        mv.visitLabel(handler);
        mv.visitVarInsn(Opcodes.ASTORE, 5);
        mv.visitFieldInsn(Opcodes.GETSTATIC, name, typeField, D_CLASS);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "offset", "()J", false);
        HiddenClassBuilder.push(mv, layout.size);
        mv.visitInsn(Opcodes.I2L);
        mv.visitInsn(Opcodes.LSUB);
        mv.visitVarInsn(Opcodes.ALOAD, 5);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "constructionFailed",
                "(" + D_CLASS + "JLjava/lang/Throwable;)Ldev/blit/BlitException;", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** A final field set through deep reflection (ClassModel's last resort) is not overwritten in place. */
    private boolean noFinalField() {
        return noFinalField(properties);
    }

    /** @return whether none of {@code properties} is a final field: the condition for filling an object in place */
    static boolean noFinalField(java.util.List<ClassModel.Property> properties) {
        for (ClassModel.Property p : properties) {
            if (java.lang.reflect.Modifier.isFinal(p.field.getModifiers())) {
                return false;
            }
        }
        return true;
    }

    /**
     * {@code readInto(in, target)}: the field-by-field half of {@link #read} on the caller's object, with
     * no constructor call (Serializer.readInto). Only for the FIELDS strategy with no final field; a class
     * built through its constructor keeps the interface's default, a new object.
     * Locals: 1 in, 2 target, 3 p, 4 a.
     */
    private void readInto(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "readInto",
                "(" + D_RB + "Ljava/lang/Object;)Ljava/lang/Object;", null, null);
        mv.visitCode();
        takeBlock(mv, 3, 4);
        // The block is checked whole before the target changes (Serializer.readInto): its length by take, and each
        // boolean byte here, which the stores would otherwise check one by one, after the fields stored before it.
        for (int i = 0; i < properties.size(); i++) {
            if (properties.get(i).kind == ClassModel.Kind.BOOLEAN) {
                load(mv, i, 4, 3, 1);
                mv.visitInsn(Opcodes.POP);
            }
        }
        setAll(mv, 4, 3, 2, 1);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** {@code int p = in.take(SIZE); byte[] a = in.array();} into locals {@code base} and {@code array}; local 1 is in. */
    private void takeBlock(MethodVisitor mv, int base, int array) {
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        HiddenClassBuilder.push(mv, layout.size);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "take", "(I)I", false);
        mv.visitVarInsn(Opcodes.ISTORE, base);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "array", "()[B", false);
        mv.visitVarInsn(Opcodes.ASTORE, array);
    }

    /**
     * Sets every field of the object in local {@code object} from the block, through the static methods
     * {@link #readChunks} defines (shared by read and readInto): one up to {@value #INLINE} fields, else one
     * per {@value #CHUNK}. Not inline even for MarketData: read and readInto stay small, and the method
     * with the 18 stores stays under the JIT's 325-byte limit for inlining a hot method, so each inlines
     * into its caller; with the stores inline, read (constructor call and handler included) went over it,
     * was called instead of inlined, and its ReadBuffer could no longer be scalar-replaced.
     */
    private void setAll(MethodVisitor mv, int array, int base, int object, int in) {
        int chunk = readChunk();
        for (int from = 0; from < properties.size(); from += chunk) {
            mv.visitVarInsn(Opcodes.ALOAD, array);
            mv.visitVarInsn(Opcodes.ILOAD, base);
            mv.visitVarInsn(Opcodes.ALOAD, object);
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "r" + from / chunk, READ_CHUNK_DESC, false);
        }
    }

    /** @return the fields per read chunk method: all of them up to {@value #INLINE}, else {@value #CHUNK} */
    private int readChunk() {
        return properties.size() <= INLINE ? properties.size() : CHUNK;
    }

    /** The static methods {@code r0, r1, ...} that {@link #setAll} calls. */
    private void readChunks(ClassWriter cw) {
        int size = readChunk();
        for (int from = 0; from < properties.size(); from += size) {
            MethodVisitor chunk = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "r" + from / size,
                    READ_CHUNK_DESC, null, null);
            chunk.visitCode();
            access.cast(chunk, 2);
            sets(chunk, from, Math.min(properties.size(), from + size), 0, 1, 2, 3);
            chunk.visitInsn(Opcodes.RETURN);
            chunk.visitMaxs(0, 0);
            chunk.visitEnd();
        }
    }

    private void sets(MethodVisitor mv, int from, int to, int array, int base, int object, int in) {
        for (int i = from; i < to; i++) {
            access.beforeSet(mv, i, object);
            load(mv, i, array, base, in);
            access.set(mv, i);
        }
    }

    /** Pushes the value of property i from the block. */
    private void load(MethodVisitor mv, int i, int array, int base, int in) {
        ClassModel.Kind k = properties.get(i).kind;
        int offset = layout.offsets[i];
        if (k == ClassModel.Kind.BOOLEAN || k == ClassModel.Kind.BYTE) {
            mv.visitVarInsn(Opcodes.ALOAD, array);
            index(mv, base, offset);
            mv.visitInsn(Opcodes.BALOAD);
            if (k == ClassModel.Kind.BOOLEAN) {
                mv.visitVarInsn(Opcodes.ALOAD, in);
                HiddenClassBuilder.push(mv, layout.size - offset);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "bool", "(B" + D_RB + "I)Z", false);
            }
            return;
        }
        mv.visitFieldInsn(Opcodes.GETSTATIC, name, handleFor(k), D_VH);
        mv.visitVarInsn(Opcodes.ALOAD, array);
        index(mv, base, offset);
        switch (k) {
            case SHORT:
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, VH, "get", "([BI)S", false);
                break;
            case CHAR:
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, VH, "get", "([BI)S", false);
                mv.visitInsn(Opcodes.I2C);
                break;
            case INT:
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, VH, "get", "([BI)I", false);
                break;
            case FLOAT:
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, VH, "get", "([BI)F", false);
                break;
            case LONG:
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, VH, "get", "([BI)J", false);
                break;
            default:
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, VH, "get", "([BI)D", false);
        }
    }
}
