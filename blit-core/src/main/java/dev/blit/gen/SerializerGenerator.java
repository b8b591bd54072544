package dev.blit.gen;

import dev.blit.Serializer;
import dev.blit.internal.Registration;
import dev.blit.internal.RegistryBuilder;
import dev.blit.internal.WriteSession;
import dev.blit.serial.JavaSerialization;
import dev.blit.types.TypeIds;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Generates, with ASM, one hidden class per registered record or plain class that implements
 * {@link Serializer} with straight-line code: per field, in canonical order, a getter call and the buffer
 * method of its encoding. The fields and the constructor are reached as {@link FieldAccess} decides:
 * directly, when the class is defined as a nestmate of the user's class (the usual case on the class path),
 * or through method handles. Everything else the code needs from outside (those handles, the
 * registrations of declared field types, declared types for checks) arrives as the hidden class's class
 * data and is copied into {@code static final} fields in {@code <clinit>}: the JIT treats those as
 * constants and inlines through them, so the result runs like hand-written code.
 *
 * <p>Class data layout: one {@code Object[]}, element {@code i} copied into static field {@code c<i>}, in
 * the order the generator asks for them: the user's class (for messages); the handles {@link FieldAccess}
 * needs (getters {@code (Object)T} and setters {@code (Object,T)void} of the fields it cannot reach, then
 * the constructor handle, {@code ()Object} or the parameters erased to primitives and {@code Object},
 * unless it calls the constructor directly); then per property the {@link Registration} of its declared
 * type (only when that type is final and registered) and the declared type itself (unless {@code Object},
 * for the read-side type check).
 *
 * <p>Defined in Blit's package (no nest host), the generated code names no user class (only {@code Object},
 * primitives and Blit's own types), so it works for private classes and for classes in modules Blit cannot
 * read: all access goes through handles made with a lookup that has it.
 *
 * <p>A reference field whose declared type is final and registered (a String, a box, a record, a final
 * class, an enum without constant bodies, a primitive array) is written without a class lookup, and on
 * read its tag is compared with the expected id before anything else; any other tag (null, a back
 * reference, a mismatch) takes the general path followed by a type check. A field declared as a concrete
 * registered class that is not final gets the same fast path for a value of exactly that class, checked
 * on write with one {@code getClass()} comparison; a subclass takes the general path. A field whose declared
 * type may replace itself ({@code writeReplace}, {@code readResolve}) is written through
 * {@link WriteSession#writeField}, which refuses a replacement the field cannot hold, and what its fast path
 * reads is type-checked too. The bytes are those of {@link ReflectiveSerializer}.
 *
 * <p>Fields are processed in chunks of {@value #CHUNK}, one static method each, so that no method comes
 * near the JVM's 64 KB limit or the JIT's 8,000-byte limit on compiling a method.
 */
final class SerializerGenerator {
    static final int CHUNK = 48;

    static final String OBJECT = "java/lang/Object";
    static final String WRITE_BUFFER = "dev/blit/buffer/WriteBuffer";
    static final String READ_BUFFER = "dev/blit/buffer/ReadBuffer";
    static final String WRITE_SESSION = "dev/blit/internal/WriteSession";
    static final String READ_SESSION = "dev/blit/internal/ReadSession";
    static final String REGISTRATION = "dev/blit/internal/Registration";
    static final String SUPPORT = Type.getInternalName(Support.class);
    static final String D_WB = "L" + WRITE_BUFFER + ";";
    static final String D_RB = "L" + READ_BUFFER + ";";
    static final String D_WS = "L" + WRITE_SESSION + ";";
    static final String D_RS = "L" + READ_SESSION + ";";
    static final String D_REG = "L" + REGISTRATION + ";";
    static final String D_CLASS = "Ljava/lang/Class;";

    private final ClassModel model;
    private final RegistryBuilder registry;
    private final HiddenClassBuilder shell;
    private final String name;
    private final List<ClassModel.Property> properties;
    /** Per property: static field names of its registration (or null), declared type (or null). */
    private final String[] registration;
    /**
     * Per property with a registration: whether its declared type is not final, so the fast path (that
     * registration's tag and serializer, from this class's own call site) is taken only for a value of
     * exactly that class; any other value, a subclass, takes the general path. Same bytes either way.
     */
    private final boolean[] speculative;
    private final int[] registrationId;
    private final String[] declared;
    /**
     * Per property: whether its declared type may replace itself ({@code writeReplace}, {@code readResolve}:
     * {@link JavaSerialization#mayReplace}), so that its value is written through {@link WriteSession#writeField},
     * which refuses a replacement the field cannot hold, and what the fast path reads is checked as the general
     * path's is. Any other class's serializer reads a value of exactly its class, unchecked.
     */
    private final boolean[] replaces;
    /** Per property: for a list whose elements are declared as one concrete registered class E, E's registration. */
    private final Registration[] element;
    private final String[] elementRegistration;
    /** Per typed-list property, the constant holding E's class (the hidden class never names a user class). */
    private final String[] elementType;
    private boolean listUsed;
    private final InlineCode inline;
    private FieldAccess access;
    private String typeField;

    private SerializerGenerator(ClassModel model, RegistryBuilder registry) {
        this.model = model;
        this.registry = registry;
        this.properties = model.properties();
        int n = properties.size();
        registration = new String[n];
        registrationId = new int[n];
        speculative = new boolean[n];
        declared = new String[n];
        replaces = new boolean[n];
        element = new Registration[n];
        elementRegistration = new String[n];
        elementType = new String[n];
        this.shell = new HiddenClassBuilder(ClassSerializers.GENERATED, model.type(), model.host(), "dev/blit/Serializer");
        this.name = shell.name();
        this.inline = new InlineCode(name, registry.compactArrays());
    }

    /**
     * @param model    the class
     * @param registry the registrations of the Blit instance being built (for declared field types)
     * @return an instance of the generated serializer
     * @throws ReflectiveOperationException if the hidden class cannot be defined or instantiated
     */
    static Serializer<?> generate(ClassModel model, RegistryBuilder registry) throws ReflectiveOperationException {
        return new SerializerGenerator(model, registry).define();
    }

    /** @return the class file bytes alone, for tests that look at size and generation time */
    static byte[] bytes(ClassModel model, RegistryBuilder registry) {
        return new SerializerGenerator(model, registry).classFile();
    }

    private Serializer<?> define() throws ReflectiveOperationException {
        return (Serializer<?>) shell.define(classFile());
    }

    private String constant(Object value, String desc) {
        return shell.constant(value, desc);
    }

    private byte[] classFile() {
        typeField = constant(model.type(), D_CLASS);
        access = new FieldAccess(model, shell);
        for (int i = 0; i < properties.size(); i++) {
            ClassModel.Property p = properties.get(i);
            if (p.kind == ClassModel.Kind.REFERENCE) {
                Class<?> t = p.type();
                Registration r = registry.get(t);
                boolean exact = Modifier.isFinal(t.getModifiers()) && (!t.isArray() || t.getComponentType().isPrimitive());
                Registration e = InlineCode.listElement(p, registry);
                if (r != null && r.type == t && t != Object.class && (exact || e == null && speculable(t))) {
                    registration[i] = inline.note(r, constant(r, D_REG));
                    registrationId[i] = r.id;
                    speculative[i] = !exact;
                }
                if (t != Object.class) {
                    declared[i] = constant(t, D_CLASS);
                    // not a built-in's (a LocalDate's writeReplace): Blit's own code writes and reads those
                    replaces[i] = (r == null || r.id >= TypeIds.FIRST_USER_ID) && JavaSerialization.mayReplace(t);
                }
                if (e != null) {
                    element[i] = e;
                    elementRegistration[i] = inline.note(e, constant(e, D_REG));
                    elementType[i] = constant(e.type, D_CLASS);
                    if (!listUsed) {
                        Registration list = registry.get(ArrayList.class);
                        inline.listRegistration(constant(list, D_REG), list.id);
                        listUsed = true;
                    }
                }
            }
        }

        ClassWriter cw = shell.open();
        write(cw);
        read(cw);
        if (model.strategy() == ClassModel.Strategy.FIELDS && FlatGenerator.noFinalField(properties)) {
            readInto(cw);
        }
        cw.visitEnd();
        return cw.toByteArray();
    }

    /**
     * A declared type worth the exact-class fast path although it is not final: a concrete class (not an
     * interface, an abstract class, an array or an enum, whose constants may be subclasses). In the Order
     * workload, {@code OrderLine.order} (an {@code Order}) and every {@code BigDecimal} field.
     */
    private static boolean speculable(Class<?> t) {
        return !t.isInterface() && !t.isArray() && !t.isEnum() && !t.isPrimitive() && !Modifier.isAbstract(t.getModifiers());
    }

    private boolean anyReference() {
        for (ClassModel.Property p : properties) {
            if (p.kind == ClassModel.Kind.REFERENCE) {
                return true;
            }
        }
        return false;
    }

    // ---------------------------------------------------------------- write

    private static final String WRITE_CHUNK_DESC = "(" + D_WB + "Ljava/lang/Object;" + D_WS + ")V";

    private void write(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "write", "(" + D_WB + "Ljava/lang/Object;)V", null, null);
        mv.visitCode();
        sessionInto(mv, WRITE_SESSION, D_WB, D_WS, 3);
        for (int from = 0; from < properties.size(); from += CHUNK) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitVarInsn(Opcodes.ALOAD, 2);
            mv.visitVarInsn(Opcodes.ALOAD, 3);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "w" + from / CHUNK, WRITE_CHUNK_DESC, false);
            writeChunk(cw, from, Math.min(properties.size(), from + CHUNK));
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Stores {@code XSession.of(buffer)} (buffer in local 1), or null when no field needs it, into {@code slot}. */
    private void sessionInto(MethodVisitor mv, String session, String bufferDesc, String sessionDesc, int slot) {
        if (anyReference()) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, session, "of", "(" + bufferDesc + ")" + sessionDesc, false);
        } else {
            mv.visitInsn(Opcodes.ACONST_NULL);
        }
        mv.visitVarInsn(Opcodes.ASTORE, slot);
    }

    /**
     * In a write chunk: stores property i's value in local 3 and writes the null tag if it is null. The code
     * that follows handles a non-null value; the caller places the returned label after it.
     */
    private Label nullOrValue(MethodVisitor mv, int i) {
        Label notNull = new Label();
        Label done = new Label();
        get(mv, i, 1);
        mv.visitVarInsn(Opcodes.ASTORE, 3);
        mv.visitVarInsn(Opcodes.ALOAD, 3);
        mv.visitJumpInsn(Opcodes.IFNONNULL, notNull);
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_BUFFER, "writeByte", "(I)V", false);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(notNull);
        return done;
    }

    /** Locals: 0 out, 1 value, 2 session, 3 a field's value. */
    private void writeChunk(ClassWriter cw, int from, int to) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "w" + from / CHUNK, WRITE_CHUNK_DESC, null, null);
        mv.visitCode();
        access.cast(mv, 1);
        for (int i = from; i < to; i++) {
            ClassModel.Property p = properties.get(i);
            if (p.kind != ClassModel.Kind.REFERENCE) {
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                get(mv, i, 1);
                if (p.kind == ClassModel.Kind.STRING) {
                    mv.visitTypeInsn(Opcodes.CHECKCAST, "java/lang/String"); // a handle's value is an Object
                }
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_BUFFER, p.kind.writeMethod, p.kind.writeDesc, false);
            } else if (replaces[i]) {
                // s.writeField(out, x, declared, "Class.field"): refuses a writeReplace the field cannot hold
                mv.visitVarInsn(Opcodes.ALOAD, 2);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                get(mv, i, 1);
                mv.visitFieldInsn(Opcodes.GETSTATIC, name, declared[i], D_CLASS);
                mv.visitLdcInsn(p.displayName());
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "writeField",
                        "(" + D_WB + "Ljava/lang/Object;" + D_CLASS + "Ljava/lang/String;)V", false);
            } else if (registration[i] != null) {
                // if (x == null) out.writeByte(0); else if (s.enter(out, x, R)) { content; s.exit(); }
                // Declared type not final: only when x's class is exactly it, else s.writeObject(out, x).
                Label done = nullOrValue(mv, i);
                Label general = new Label();
                if (speculative[i]) {
                    mv.visitVarInsn(Opcodes.ALOAD, 3);
                    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OBJECT, "getClass", "()Ljava/lang/Class;", false);
                    mv.visitFieldInsn(Opcodes.GETSTATIC, name, declared[i], D_CLASS);
                    mv.visitJumpInsn(Opcodes.IF_ACMPNE, general);
                }
                inline.writeTagged(mv, p.type(), registrationId[i], registration[i], 0, 3, 2, done);
                if (speculative[i]) {
                    mv.visitJumpInsn(Opcodes.GOTO, done);
                    mv.visitLabel(general);
                    mv.visitVarInsn(Opcodes.ALOAD, 2);
                    mv.visitVarInsn(Opcodes.ALOAD, 0);
                    mv.visitVarInsn(Opcodes.ALOAD, 3);
                    mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "writeObject",
                            "(" + D_WB + "Ljava/lang/Object;)V", false);
                }
                mv.visitLabel(done);
            } else if (element[i] != null) {
                Label done = nullOrValue(mv, i);
                inline.writeList(mv, element[i], elementRegistration[i], elementType[i], 0, 3, 2);
                mv.visitLabel(done);
            } else {
                mv.visitVarInsn(Opcodes.ALOAD, 2);
                mv.visitVarInsn(Opcodes.ALOAD, 0);
                get(mv, i, 1);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "writeObject",
                        "(" + D_WB + "Ljava/lang/Object;)V", false);
            }
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Pushes the value of property i of the object in local {@code objectSlot}. */
    private void get(MethodVisitor mv, int i, int objectSlot) {
        access.get(mv, i, objectSlot);
    }

    // ---------------------------------------------------------------- read

    private static final String READ_CHUNK_DESC = "(" + D_RB + "Ljava/lang/Object;" + D_RS + ")V";

    /**
     * Locals of read: 0 this, 1 in, 2 session, 3-4 start offset, 5-6 a field's offset, 7 a tag, 8 saved state,
     * 9.. the fields (chunked: 9 long[], 10 Object[]; fields set one by one: 8 the new object; after a partial
     * constructor, the new object in the first local after the fields, 11 when chunked).
     */
    private void read(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "read", "(" + D_RB + ")Ljava/lang/Object;", null, null);
        mv.visitCode();
        sessionInto(mv, READ_SESSION, D_RB, D_RS, 2);
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "offset", "()J", false);
        mv.visitVarInsn(Opcodes.LSTORE, 3);
        if (model.strategy() == ClassModel.Strategy.FIELDS) {
            Label start = new Label();
            Label end = new Label();
            Label handler = new Label();
            mv.visitTryCatchBlock(start, end, handler, "java/lang/Throwable");
            mv.visitLabel(start);
            access.beforeConstruct(mv);
            access.construct(mv, "");
            mv.visitVarInsn(Opcodes.ASTORE, 8);
            mv.visitLabel(end);
            fill(mv, cw, 8, 2);
            mv.visitVarInsn(Opcodes.ALOAD, 8);
            mv.visitInsn(Opcodes.ARETURN);
            constructionFailed(mv, handler);
        } else {
            // Values are read into locals; past one chunk's worth, chunk methods read them into a long[]
            // (primitives, as raw bits) and an Object[], and this method only calls the constructor.
            boolean chunked = properties.size() > CHUNK;
            int[] slots = new int[properties.size()];
            int[] index = new int[properties.size()];
            int next = 11;
            if (chunked) {
                int primitives = 0;
                int references = 0;
                for (int i = 0; i < properties.size(); i++) {
                    index[i] = properties.get(i).kind.primitive() ? primitives++ : references++;
                }
                HiddenClassBuilder.push(mv, primitives);
                mv.visitIntInsn(Opcodes.NEWARRAY, Opcodes.T_LONG);
                mv.visitVarInsn(Opcodes.ASTORE, 9);
                HiddenClassBuilder.push(mv, references);
                mv.visitTypeInsn(Opcodes.ANEWARRAY, OBJECT);
                mv.visitVarInsn(Opcodes.ASTORE, 10);
                for (int from = 0; from < properties.size(); from += CHUNK) {
                    mv.visitVarInsn(Opcodes.ALOAD, 1);
                    mv.visitVarInsn(Opcodes.ALOAD, 2);
                    mv.visitVarInsn(Opcodes.ALOAD, 9);
                    mv.visitVarInsn(Opcodes.ALOAD, 10);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "r" + from / CHUNK, VALUES_CHUNK_DESC, false);
                    valuesChunk(cw, from, Math.min(properties.size(), from + CHUNK), index);
                }
            } else {
                next = 9;
                for (int i = 0; i < properties.size(); i++) {
                    ClassModel.Property p = properties.get(i);
                    readValue(mv, i, 1, 2, 5, 7, 8);
                    slots[i] = next;
                    mv.visitVarInsn(Type.getType(p.erased).getOpcode(Opcodes.ISTORE), next);
                    next += Type.getType(p.erased).getSize();
                }
            }
            Label start = new Label();
            Label end = new Label();
            Label handler = new Label();
            mv.visitTryCatchBlock(start, end, handler, "java/lang/Throwable");
            mv.visitLabel(start);
            access.beforeConstruct(mv);
            int[] arguments = model.arguments();
            StringBuilder desc = new StringBuilder();
            for (int k = 0; k < arguments.length; k++) {
                int a = arguments[k];
                loadValue(mv, a, chunked ? null : slots, index);
                access.argument(mv, k);
                desc.append(Type.getDescriptor(properties.get(a).erased));
            }
            access.construct(mv, desc.toString());
            int[] rest = access.storeForRest(mv, next); // partial construction: the fields set after it
            for (int i : rest) {
                access.beforeSet(mv, i, next);
                loadValue(mv, i, chunked ? null : slots, index);
                access.set(mv, i);
            }
            if (rest.length > 0) {
                mv.visitVarInsn(Opcodes.ALOAD, next);
            }
            mv.visitLabel(end);
            mv.visitInsn(Opcodes.ARETURN);
            constructionFailed(mv, handler);
        }
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Publishes the object in local {@code object} for back references, then calls every read chunk on it (in
     * local 1, the session in local {@code session}); defines the chunk methods too unless {@code cw} is null.
     */
    private void fill(MethodVisitor mv, ClassWriter cw, int object, int session) {
        mv.visitVarInsn(Opcodes.ALOAD, 1);
        mv.visitVarInsn(Opcodes.ALOAD, object);
        // Published before the fields are read, so a field may point back at this object (a cycle).
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "reference", "(Ljava/lang/Object;)V", false);
        for (int from = 0; from < properties.size(); from += CHUNK) {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitVarInsn(Opcodes.ALOAD, object);
            mv.visitVarInsn(Opcodes.ALOAD, session);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, name, "r" + from / CHUNK, READ_CHUNK_DESC, false);
            if (cw != null) {
                readChunk(cw, from, Math.min(properties.size(), from + CHUNK));
            }
        }
    }

    /**
     * {@code readInto(in, target)}: {@link #read}'s field-by-field half on the caller's object, with no
     * constructor call (Serializer.readInto): published for back references, then the same chunk methods fill
     * it. Only for the FIELDS strategy with no final field (a final field set through deep reflection, the
     * model's last resort, is not overwritten in place); other classes keep the interface's default, a new
     * object. Locals: 1 in, 2 target, 3 session.
     */
    private void readInto(ClassWriter cw) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC, "readInto",
                "(" + D_RB + "Ljava/lang/Object;)Ljava/lang/Object;", null, null);
        mv.visitCode();
        sessionInto(mv, READ_SESSION, D_RB, D_RS, 3);
        fill(mv, null, 2, 3);
        mv.visitVarInsn(Opcodes.ALOAD, 2);
        mv.visitInsn(Opcodes.ARETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /**
     * Pushes the value read for property {@code a}: from its local ({@code slots}), or, chunked (slots null),
     * from the long[] of primitives in local 9 or the Object[] of references in local 10.
     */
    private void loadValue(MethodVisitor mv, int a, int[] slots, int[] index) {
        ClassModel.Property p = properties.get(a);
        if (slots != null) {
            mv.visitVarInsn(Type.getType(p.erased).getOpcode(Opcodes.ILOAD), slots[a]);
        } else if (!p.kind.primitive()) {
            mv.visitVarInsn(Opcodes.ALOAD, 10);
            HiddenClassBuilder.push(mv, index[a]);
            mv.visitInsn(Opcodes.AALOAD);
        } else {
            mv.visitVarInsn(Opcodes.ALOAD, 9);
            HiddenClassBuilder.push(mv, index[a]);
            mv.visitInsn(Opcodes.LALOAD);
            fromBits(mv, p.kind);
        }
    }

    private static final String VALUES_CHUNK_DESC = "(" + D_RB + D_RS + "[J[Ljava/lang/Object;)V";

    /** Locals: 0 in, 1 session, 2 the long[] of primitives, 3 the Object[] of references, 4-5 a field's offset, 6 a tag, 7 saved state, 8 a value. */
    private void valuesChunk(ClassWriter cw, int from, int to, int[] index) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "r" + from / CHUNK, VALUES_CHUNK_DESC, null, null);
        mv.visitCode();
        for (int i = from; i < to; i++) {
            ClassModel.Property p = properties.get(i);
            if (!p.kind.primitive()) {
                // Read with an empty operand stack, as in readChunk: a typed list's loop may follow.
                readValue(mv, i, 0, 1, 4, 6, 7);
                mv.visitVarInsn(Opcodes.ASTORE, 8);
                mv.visitVarInsn(Opcodes.ALOAD, 3);
                HiddenClassBuilder.push(mv, index[i]);
                mv.visitVarInsn(Opcodes.ALOAD, 8);
                mv.visitInsn(Opcodes.AASTORE);
            } else {
                mv.visitVarInsn(Opcodes.ALOAD, 2);
                HiddenClassBuilder.push(mv, index[i]);
                readValue(mv, i, 0, 1, 4, 6, 7);
                toBits(mv, p.kind);
                mv.visitInsn(Opcodes.LASTORE);
            }
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** A primitive on the stack to a long holding its bits. */
    private static void toBits(MethodVisitor mv, ClassModel.Kind kind) {
        switch (kind) {
            case LONG:
                break;
            case FLOAT:
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Float", "floatToRawIntBits", "(F)I", false);
                mv.visitInsn(Opcodes.I2L);
                break;
            case DOUBLE:
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Double", "doubleToRawLongBits", "(D)J", false);
                break;
            default:
                mv.visitInsn(Opcodes.I2L);
        }
    }

    /** The inverse of {@link #toBits}. */
    private static void fromBits(MethodVisitor mv, ClassModel.Kind kind) {
        switch (kind) {
            case LONG:
                break;
            case DOUBLE:
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Double", "longBitsToDouble", "(J)D", false);
                break;
            case FLOAT:
                mv.visitInsn(Opcodes.L2I);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Float", "intBitsToFloat", "(I)F", false);
                break;
            case BYTE:
                mv.visitInsn(Opcodes.L2I);
                mv.visitInsn(Opcodes.I2B);
                break;
            case SHORT:
                mv.visitInsn(Opcodes.L2I);
                mv.visitInsn(Opcodes.I2S);
                break;
            case CHAR:
                mv.visitInsn(Opcodes.L2I);
                mv.visitInsn(Opcodes.I2C);
                break;
            default:
                mv.visitInsn(Opcodes.L2I);
        }
    }

    private void constructionFailed(MethodVisitor mv, Label handler) {
        mv.visitLabel(handler);
        mv.visitVarInsn(Opcodes.ASTORE, 5);
        mv.visitFieldInsn(Opcodes.GETSTATIC, name, typeField, D_CLASS);
        mv.visitVarInsn(Opcodes.LLOAD, 3);
        mv.visitVarInsn(Opcodes.ALOAD, 5);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "constructionFailed",
                "(" + D_CLASS + "JLjava/lang/Throwable;)Ldev/blit/BlitException;", false);
        mv.visitInsn(Opcodes.ATHROW);
    }

    /** Locals: 0 in, 1 the new object, 2 session, 3-4 a field's offset, 5 a tag, 6 saved state, 7 a value. */
    private void readChunk(ClassWriter cw, int from, int to) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC, "r" + from / CHUNK, READ_CHUNK_DESC, null, null);
        mv.visitCode();
        access.cast(mv, 1);
        for (int i = from; i < to; i++) {
            ClassModel.Property p = properties.get(i);
            if (p.kind == ClassModel.Kind.REFERENCE) {
                // The value is read with an empty operand stack, into local 7, and only then are the setter and
                // the object pushed: a typed list's loop must not start with anything on the stack. The JIT
                // cannot compile a loop entered with a non-empty stack on its own (OSR: "stack not empty"),
                // which left this whole method in C1's code; and a handle held across the loop reaches the call
                // as a loop phi, which C2 does not take for a constant, so it would not inline the setter.
                readValue(mv, i, 0, 2, 3, 5, 6);
                mv.visitVarInsn(Opcodes.ASTORE, 7);
                access.beforeSet(mv, i, 1);
                mv.visitVarInsn(Opcodes.ALOAD, 7);
            } else {
                access.beforeSet(mv, i, 1);
                readValue(mv, i, 0, 2, 3, 5, 6);
            }
            access.set(mv, i);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    /** Pushes the value of property i read from the buffer (primitive, or Object), checked against its declared type. */
    private void readValue(MethodVisitor mv, int i, int in, int session, int at, int tag, int saved) {
        ClassModel.Property p = properties.get(i);
        if (p.kind != ClassModel.Kind.REFERENCE) {
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, p.kind.readMethod, p.kind.readDesc, false);
            return;
        }
        if (declared[i] == null) { // declared Object: anything goes
            mv.visitVarInsn(Opcodes.ALOAD, session);
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "readObject", "(" + D_RB + ")Ljava/lang/Object;", false);
            return;
        }
        mv.visitVarInsn(Opcodes.ALOAD, in);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "offset", "()J", false);
        mv.visitVarInsn(Opcodes.LSTORE, at);
        Label done = new Label();
        Label check = new Label();
        if (element[i] != null) {
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "readUnsignedVarInt", "()I", false);
            mv.visitVarInsn(Opcodes.ISTORE, tag);
            inline.readList(mv, element[i], elementRegistration[i], declared[i], properties.get(i).displayName(),
                    in, session, at, tag, saved);
            return;
        }
        if (registration[i] != null) {
            Label other = new Label();
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "readUnsignedVarInt", "()I", false);
            mv.visitVarInsn(Opcodes.ISTORE, tag);
            mv.visitVarInsn(Opcodes.ILOAD, tag);
            HiddenClassBuilder.push(mv, registrationId[i]);
            mv.visitJumpInsn(Opcodes.IF_ICMPNE, other);
            inline.readTagged(mv, p.type(), registrationId[i], registration[i], in, session, at, saved);
            // A class that may replace itself can read as another class: checked as the general path is
            mv.visitJumpInsn(Opcodes.GOTO, replaces[i] ? check : done);
            mv.visitLabel(other);
            mv.visitVarInsn(Opcodes.ALOAD, session);
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitVarInsn(Opcodes.ILOAD, tag);
            mv.visitVarInsn(Opcodes.LLOAD, at);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "readObject", "(" + D_RB + "IJ)Ljava/lang/Object;", false);
        } else {
            mv.visitVarInsn(Opcodes.ALOAD, session);
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "readObject", "(" + D_RB + ")Ljava/lang/Object;", false);
        }
        mv.visitLabel(check);
        mv.visitFieldInsn(Opcodes.GETSTATIC, name, declared[i], D_CLASS);
        mv.visitLdcInsn(p.displayName());
        mv.visitVarInsn(Opcodes.LLOAD, at);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "check",
                "(Ljava/lang/Object;" + D_CLASS + "Ljava/lang/String;J)Ljava/lang/Object;", false);
        mv.visitLabel(done);
    }

}
