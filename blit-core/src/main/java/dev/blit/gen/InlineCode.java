package dev.blit.gen;

import dev.blit.internal.Registration;
import dev.blit.internal.RegistryBuilder;
import dev.blit.internal.WriteSession;
import dev.blit.types.TypeIds;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;

import static dev.blit.gen.SerializerGenerator.D_CLASS;
import static dev.blit.gen.SerializerGenerator.D_RB;
import static dev.blit.gen.SerializerGenerator.D_REG;
import static dev.blit.gen.SerializerGenerator.D_WB;
import static dev.blit.gen.SerializerGenerator.OBJECT;
import static dev.blit.gen.SerializerGenerator.READ_BUFFER;
import static dev.blit.gen.SerializerGenerator.READ_SESSION;
import static dev.blit.gen.SerializerGenerator.REGISTRATION;
import static dev.blit.gen.SerializerGenerator.SUPPORT;
import static dev.blit.gen.SerializerGenerator.WRITE_BUFFER;
import static dev.blit.gen.SerializerGenerator.WRITE_SESSION;

/**
 * The bytecode a generated serializer emits inline for values whose shape it knows, apart from
 * {@link SerializerGenerator}, which lays out the class, its chunks and its fields: the content of the
 * built-in leaf types (String, the boxes, primitive arrays, BigInteger, BigDecimal, UUID), written exactly as
 * FORMAT.md defines it, and typed {@code ArrayList}s, whose elements of one declared concrete class go
 * straight to that class's serializer from the generated class's own call site. Constants (registrations,
 * classes) are static fields of the generated class, named by the generator; this class only emits the code
 * that reads them.
 */
final class InlineCode {
    /** The generated class's internal name: the owner of the constants the code reads. */
    private final String owner;
    /** Whether int[] and long[] leaves are written in their compact form ({@code Blit.Builder.compactArrays}). */
    private final boolean compact;
    /** The constant holding ArrayList's registration, and its id, once a typed-list property exists. */
    private String listRegistration;
    private int listId;
    /** The constants holding registrations of enums that Blit's own serializer writes: leaves (see {@link #note}). */
    private final Set<String> enumLeaves = new HashSet<>();

    InlineCode(String owner, boolean compact) {
        this.owner = owner;
        this.compact = compact;
    }

    /**
     * Notes that constant {@code reg} holds registration {@code r}. An enum that Blit's own serializer writes
     * (its ordinal; a user's serializer for it is bound before any class is generated) is a leaf like the
     * built-ins: it contains no other value and is never tracked, so its tag and depth check are
     * {@code enterLeaf}'s, with no level to enter and leave, which spares two calls per enum field; the bytes
     * and the errors are those of {@code enter}/{@code exit}.
     *
     * @return {@code reg}
     */
    String note(Registration r, String reg) {
        if (r.type.isEnum() && (r.serializer == null || r.serializer instanceof EnumSerializer)) {
            enumLeaves.add(reg);
        }
        return reg;
    }

    /** Whether a value of final type {@code t}, id {@code id}, registration in constant {@code reg}, is a leaf. */
    private boolean leaf(Class<?> t, int id, String reg) {
        return Leaf.of(t, id) != null || enumLeaves.contains(reg);
    }

    /**
     * @param constant the static field of the generated class that holds ArrayList's registration
     * @param id       ArrayList's type id
     */
    void listRegistration(String constant, int id) {
        this.listRegistration = constant;
        this.listId = id;
    }

    /**
     * The registration of {@code E} when property {@code p} is declared {@code List<E>}, {@code Collection<E>},
     * {@code Iterable<E>} or {@code ArrayList<E>} and {@code E} is a concrete registered class (a record, a
     * class, String, a box): generated code then writes and reads an {@code ArrayList} value's elements
     * itself; an element whose class is exactly {@code E} (on write) or whose tag is E's id (on read) goes
     * straight to E's serializer from a call site of this class's own, skipping the class look-up, the id
     * look-up and the megamorphic call of the general path; any other element (null, a back reference, a
     * subclass) takes the general path. The bytes are the general path's (FORMAT.md, "Declared types"):
     * every element keeps its tag, which is also what says null or back reference, so E need not be final.
     * Only while ArrayList is the built-in ({@link TypeIds#ARRAY_LIST}): a user's
     * {@code register(ArrayList.class, id, serializer)} takes the class over, and its values then go through
     * that serializer (and, in compatible mode, its marker), as the general path sends them.
     */
    static Registration listElement(ClassModel.Property p, RegistryBuilder registry) {
        Class<?> t = p.type();
        Registration list = registry.get(ArrayList.class);
        if (!t.isAssignableFrom(ArrayList.class) || t == Object.class || list == null || list.id != TypeIds.ARRAY_LIST) {
            return null;
        }
        java.lang.reflect.Type g = p.field.getGenericType();
        if (!(g instanceof ParameterizedType) || ((ParameterizedType) g).getActualTypeArguments().length != 1) {
            return null;
        }
        java.lang.reflect.Type a = ((ParameterizedType) g).getActualTypeArguments()[0];
        if (!(a instanceof Class) || ((Class<?>) a).isArray() || ((Class<?>) a).isPrimitive() || ((Class<?>) a).isInterface()
                || Modifier.isAbstract(((Class<?>) a).getModifiers())) {
            return null;
        }
        Registration r = registry.get((Class<?>) a);
        return r != null && r.type == a ? r : null;
    }

    /**
     * The value of a typed-list property, in local {@code value} and not null: an {@code ArrayList} gets its
     * tag, count and elements written here; any other collection goes the general way.
     * Locals 4 iterator, 5 element, 6 elements seen, 7 size, 8 what {@link WriteSession#startRun} returned.
     */
    void writeList(MethodVisitor mv, Registration e, String eRegistration, String eType, int out, int value, int session) {
        Label general = new Label();
        Label done = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OBJECT, "getClass", "()Ljava/lang/Class;", false);
        mv.visitLdcInsn(Type.getType(ArrayList.class));
        mv.visitJumpInsn(Opcodes.IF_ACMPNE, general);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitFieldInsn(Opcodes.GETSTATIC, owner, listRegistration, D_REG);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "enter", "(" + D_WB + "Ljava/lang/Object;" + D_REG + ")Z", false);
        mv.visitJumpInsn(Opcodes.IFEQ, done);
        // int size = list.size(); out.writeUnsignedVarInt(size); n = 0; for (Object e : list) { ... }
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitTypeInsn(Opcodes.CHECKCAST, "java/util/ArrayList");
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/ArrayList", "size", "()I", false);
        mv.visitVarInsn(Opcodes.ISTORE, 7);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitVarInsn(Opcodes.ILOAD, 7);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_BUFFER, "writeUnsignedVarInt", "(I)V", false);
        // run = session.startRun(out, list, size, E): a run's header as the general path writes it; a run of
        // another class is written there entirely, one of E's elements go through the loop below, untagged
        Label exit = new Label();
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitTypeInsn(Opcodes.CHECKCAST, "java/util/Collection");
        mv.visitVarInsn(Opcodes.ILOAD, 7);
        mv.visitFieldInsn(Opcodes.GETSTATIC, owner, eRegistration, D_REG);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "startRun", "(" + D_WB + "Ljava/util/Collection;I" + D_REG + ")I", false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ISTORE, 8);
        HiddenClassBuilder.push(mv, WriteSession.RUN_WRITTEN);
        mv.visitJumpInsn(Opcodes.IF_ICMPEQ, exit);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, 6);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitTypeInsn(Opcodes.CHECKCAST, "java/util/ArrayList");
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/ArrayList", "iterator", "()Ljava/util/Iterator;", false);
        mv.visitVarInsn(Opcodes.ASTORE, 4);
        Label loop = new Label();
        Label end = new Label();
        Label other = new Label();
        // the iterator's own calls only: its ConcurrentModificationException (the list changed while it was
        // written, by the write of one of its elements) becomes Support.changed's BlitException
        Label iterating = new Label();
        Label iterated = new Label();
        Label changed = new Label();
        mv.visitTryCatchBlock(iterating, iterated, changed, "java/util/ConcurrentModificationException");
        mv.visitLabel(loop);
        mv.visitLabel(iterating);
        mv.visitVarInsn(Opcodes.ALOAD, 4);
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/Iterator", "hasNext", "()Z", true);
        mv.visitJumpInsn(Opcodes.IFEQ, end);
        mv.visitVarInsn(Opcodes.ALOAD, 4);
        mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, "java/util/Iterator", "next", "()Ljava/lang/Object;", true);
        mv.visitLabel(iterated);
        mv.visitVarInsn(Opcodes.ASTORE, 5);
        // Support.count(n++, size, list, out): a list that grows while it is written is a BlitException
        mv.visitVarInsn(Opcodes.ILOAD, 6);
        mv.visitVarInsn(Opcodes.ILOAD, 7);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "counted", "(IILjava/lang/Object;" + D_WB + ")I", false);
        mv.visitVarInsn(Opcodes.ISTORE, 6);
        mv.visitVarInsn(Opcodes.ALOAD, 5);
        mv.visitJumpInsn(Opcodes.IFNULL, other);
        mv.visitVarInsn(Opcodes.ALOAD, 5);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, OBJECT, "getClass", "()Ljava/lang/Class;", false);
        mv.visitFieldInsn(Opcodes.GETSTATIC, owner, eType, D_CLASS);
        mv.visitJumpInsn(Opcodes.IF_ACMPNE, other);
        Label tagged = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, 8);
        mv.visitJumpInsn(Opcodes.IFEQ, tagged);
        writeRunElement(mv, e.type, e.id, eRegistration, out, 5, session);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(tagged);
        writeTagged(mv, e.type, e.id, eRegistration, out, 5, session, loop);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(other);
        // in a run, an element of another class (or null) means the list changed since startRun looked at it
        Label untyped = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, 8);
        mv.visitJumpInsn(Opcodes.IFEQ, untyped);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, WRITE_SESSION, "changed", "(Ljava/lang/Object;" + D_WB + ")Ldev/blit/BlitException;", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitLabel(untyped);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitVarInsn(Opcodes.ALOAD, 5);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "writeObject", "(" + D_WB + "Ljava/lang/Object;)V", false);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(changed); // the exception on the stack
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "changed",
                "(Ljava/util/ConcurrentModificationException;Ljava/lang/Object;" + D_WB + ")Ldev/blit/BlitException;", false);
        mv.visitInsn(Opcodes.ATHROW);
        mv.visitLabel(end);
        mv.visitVarInsn(Opcodes.ILOAD, 6);
        mv.visitVarInsn(Opcodes.ILOAD, 7);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "complete", "(IILjava/lang/Object;" + D_WB + ")V", false);
        mv.visitLabel(exit);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "exit", "()V", false);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(general);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "writeObject", "(" + D_WB + "Ljava/lang/Object;)V", false);
        mv.visitLabel(done);
        mv.visitInsn(Opcodes.NOP); // a label must be followed by an instruction for its frame
    }

    /** Scratch locals of {@link #readList}, above any slot the read methods use for fields (9 + 2 per field of a chunk). */
    static final int LIST_LOCALS = 12 + 2 * SerializerGenerator.CHUNK;

    /**
     * Pushes a typed-list property's value, its tag already in local {@code tag} and its offset in {@code at}:
     * an {@code ArrayList} tag is read here (the same checks and budget charges as the general path), any
     * other tag the general way. Locals from {@link #LIST_LOCALS}: list, count, index, an element's offset
     * (two), tag, saved state, whether the elements are a run of {@code e}.
     */
    void readList(MethodVisitor mv, Registration e, String eRegistration, String declared, String displayName,
                  int in, int session, int at, int tag, int saved) {
        int list = LIST_LOCALS;
        int count = list + 1;
        int k = list + 2;
        int eAt = list + 3;
        int eTag = list + 5;
        int eSaved = list + 6;
        int run = list + 7;
        Label general = new Label();
        Label done = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, tag);
        HiddenClassBuilder.push(mv, listId);
        mv.visitJumpInsn(Opcodes.IF_ICMPNE, general);
        enter(mv, listRegistration, session, at, saved);
        // n = in.readCount(1); list = new ArrayList(in.initialCapacity(n)); in.reference(list);
        mv.visitVarInsn(Opcodes.ALOAD, in);
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "readCount", "(I)I", false);
        mv.visitVarInsn(Opcodes.ISTORE, count);
        mv.visitTypeInsn(Opcodes.NEW, "java/util/ArrayList");
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ALOAD, in);
        mv.visitVarInsn(Opcodes.ILOAD, count);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "initialCapacity", "(I)I", false);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/util/ArrayList", "<init>", "(I)V", false);
        mv.visitVarInsn(Opcodes.ASTORE, list);
        mv.visitVarInsn(Opcodes.ALOAD, in);
        mv.visitVarInsn(Opcodes.ALOAD, list);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "reference", "(Ljava/lang/Object;)V", false);
        Label end = new Label();
        // run = Support.run(session, in, n, list, E): a run of another type is read there entirely; the
        // elements of a run of E go through the loop below, which then reads no tags
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, in);
        mv.visitVarInsn(Opcodes.ILOAD, count);
        mv.visitVarInsn(Opcodes.ALOAD, list);
        mv.visitFieldInsn(Opcodes.GETSTATIC, owner, eRegistration, D_REG);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "run", "(L" + READ_SESSION + ";" + D_RB + "ILjava/util/ArrayList;" + D_REG + ")I", false);
        mv.visitInsn(Opcodes.DUP);
        mv.visitVarInsn(Opcodes.ISTORE, run);
        HiddenClassBuilder.push(mv, Support.RUN_READ);
        mv.visitJumpInsn(Opcodes.IF_ICMPEQ, end);
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, k);
        Label loop = new Label();
        Label other = new Label();
        Label add = new Label();
        mv.visitLabel(loop);
        mv.visitVarInsn(Opcodes.ILOAD, k);
        mv.visitVarInsn(Opcodes.ILOAD, count);
        mv.visitJumpInsn(Opcodes.IF_ICMPGE, end);
        mv.visitVarInsn(Opcodes.ALOAD, list); // for the add below
        mv.visitVarInsn(Opcodes.ALOAD, in);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "offset", "()J", false);
        mv.visitVarInsn(Opcodes.LSTORE, eAt);
        Label typed = new Label();
        mv.visitVarInsn(Opcodes.ILOAD, run);
        mv.visitJumpInsn(Opcodes.IFNE, typed);
        mv.visitVarInsn(Opcodes.ALOAD, in);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, "readUnsignedVarInt", "()I", false);
        mv.visitVarInsn(Opcodes.ISTORE, eTag);
        mv.visitVarInsn(Opcodes.ILOAD, eTag);
        HiddenClassBuilder.push(mv, e.id);
        mv.visitJumpInsn(Opcodes.IF_ICMPNE, other);
        mv.visitLabel(typed);
        readTagged(mv, e.type, e.id, eRegistration, in, session, eAt, eSaved);
        mv.visitJumpInsn(Opcodes.GOTO, add);
        mv.visitLabel(other);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, in);
        mv.visitVarInsn(Opcodes.ILOAD, eTag);
        mv.visitVarInsn(Opcodes.LLOAD, eAt);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "readObject", "(" + D_RB + "IJ)Ljava/lang/Object;", false);
        mv.visitLabel(add);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/ArrayList", "add", "(Ljava/lang/Object;)Z", false);
        mv.visitInsn(Opcodes.POP);
        mv.visitIincInsn(k, 1);
        mv.visitJumpInsn(Opcodes.GOTO, loop);
        mv.visitLabel(end);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, list);
        mv.visitVarInsn(Opcodes.ILOAD, saved);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "exit", "(Ljava/lang/Object;I)Ljava/lang/Object;", false);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(general);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, in);
        mv.visitVarInsn(Opcodes.ILOAD, tag);
        mv.visitVarInsn(Opcodes.LLOAD, at);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "readObject", "(" + D_RB + "IJ)Ljava/lang/Object;", false);
        mv.visitFieldInsn(Opcodes.GETSTATIC, owner, declared, D_CLASS);
        mv.visitLdcInsn(displayName);
        mv.visitVarInsn(Opcodes.LLOAD, at);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, SUPPORT, "check",
                "(Ljava/lang/Object;" + D_CLASS + "Ljava/lang/String;J)Ljava/lang/Object;", false);
        mv.visitLabel(done);
    }

    /**
     * A non-null value of final type {@code t} (in local {@code value}) as a tagged value, its registration in
     * constant {@code reg}: {@code if (s.enter(out, x, R)) { content; s.exit(); }}; for a leaf (a built-in
     * whose content is written here, which contains no other value) {@code s.enterLeaf(out, x, id); content;},
     * or {@code if (s.enterTrackedLeaf(out, x, id)) content;} for a primitive array (see
     * {@link dev.blit.internal.WriteSession#enterLeaf}). Jumps to {@code done} after a back reference.
     */
    void writeTagged(MethodVisitor mv, Class<?> t, int id, String reg, int out, int value, int session, Label done) {
        boolean leaf = leaf(t, id, reg);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        if (leaf) {
            HiddenClassBuilder.push(mv, id);
            if (t.isArray()) {
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "enterTrackedLeaf", "(" + D_WB + "Ljava/lang/Object;I)Z", false);
                mv.visitJumpInsn(Opcodes.IFEQ, done);
            } else {
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "enterLeaf", "(" + D_WB + "Ljava/lang/Object;I)V", false);
            }
            writeContent(mv, t, id, reg, out, value);
            return;
        }
        mv.visitFieldInsn(Opcodes.GETSTATIC, owner, reg, D_REG);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "enter", "(" + D_WB + "Ljava/lang/Object;" + D_REG + ")Z", false);
        mv.visitJumpInsn(Opcodes.IFEQ, done);
        writeContent(mv, t, id, reg, out, value);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "exit", "()V", false);
    }

    /**
     * A non-null element of final type {@code t} (in local {@code value}) in a run of that type: its content
     * only, {@code s.enterRun(out, x); content; s.exit();}, or {@code s.runLeaf(out, x); content;} for a leaf.
     * No reference check: a run is never written for a tracked type with references on.
     */
    private void writeRunElement(MethodVisitor mv, Class<?> t, int id, String reg, int out, int value, int session) {
        boolean leaf = leaf(t, id, reg);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, leaf ? "runLeaf" : "enterRun", "(" + D_WB + "Ljava/lang/Object;)V", false);
        writeContent(mv, t, id, reg, out, value);
        if (!leaf) {
            mv.visitVarInsn(Opcodes.ALOAD, session);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_SESSION, "exit", "()V", false);
        }
    }

    /**
     * Pushes the content of a value of final type {@code t} whose tag (offset in local {@code at}) matched
     * its id: {@code s.exit(content, s.enter(R, at))} (local {@code saved} in between), or for a leaf
     * {@code s.enterLeaf(at); content}, numbered by {@code s.trackedLeaf(content)} if it is a primitive array.
     */
    void readTagged(MethodVisitor mv, Class<?> t, int id, String reg, int in, int session, int at, int saved) {
        if (leaf(t, id, reg)) {
            mv.visitVarInsn(Opcodes.ALOAD, session);
            mv.visitVarInsn(Opcodes.LLOAD, at);
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "enterLeaf", "(J)V", false);
            if (t.isArray()) {
                mv.visitVarInsn(Opcodes.ALOAD, session);
                readContent(mv, t, id, reg, in);
                mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "trackedLeaf", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
            } else {
                readContent(mv, t, id, reg, in);
            }
            return;
        }
        enter(mv, reg, session, at, saved);
        mv.visitVarInsn(Opcodes.ALOAD, session);
        readContent(mv, t, id, reg, in);
        mv.visitVarInsn(Opcodes.ILOAD, saved);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "exit", "(Ljava/lang/Object;I)Ljava/lang/Object;", false);
    }

    /** {@code saved = s.enter(R, at)}, R in constant {@code reg}. */
    private void enter(MethodVisitor mv, String reg, int session, int at, int saved) {
        mv.visitVarInsn(Opcodes.ALOAD, session);
        mv.visitFieldInsn(Opcodes.GETSTATIC, owner, reg, D_REG);
        mv.visitVarInsn(Opcodes.LLOAD, at);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_SESSION, "enter", "(" + D_REG + "J)I", false);
        mv.visitVarInsn(Opcodes.ISTORE, saved);
    }

    /**
     * The content of a value of final type {@code t}, registered as {@code id} in constant {@code reg}: a
     * built-in leaf inline, as FORMAT.md defines it; any other type's through its registration's serializer,
     * from a call site of the generated class's own (so it stays monomorphic and inlinable).
     */
    private void writeContent(MethodVisitor mv, Class<?> t, int id, String reg, int out, int value) {
        Leaf leaf = Leaf.of(t, id);
        if (leaf == null) {
            mv.visitFieldInsn(Opcodes.GETSTATIC, owner, reg, D_REG);
            mv.visitFieldInsn(Opcodes.GETFIELD, REGISTRATION, "serializer", "Ldev/blit/Serializer;");
            mv.visitVarInsn(Opcodes.ALOAD, out);
            mv.visitVarInsn(Opcodes.ALOAD, value);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, "dev/blit/Serializer", "write",
                    "(" + D_WB + "Ljava/lang/Object;)V", true);
            return;
        }
        mv.visitVarInsn(Opcodes.ALOAD, out);
        mv.visitVarInsn(Opcodes.ALOAD, value);
        mv.visitTypeInsn(Opcodes.CHECKCAST, Type.getInternalName(t));
        if (leaf.unbox != null) {
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, Type.getInternalName(t), leaf.unbox, "()" + leaf.primitive, false);
        }
        if (leaf.ownWrite) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, LEAF_CONTENT, leaf.write, "(" + D_WB + Type.getDescriptor(t) + ")V", false);
        } else {
            String write = compact && leaf.compact() ? compactName(leaf.write) : leaf.write;
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, WRITE_BUFFER, write, leaf.writeDesc, false);
        }
    }

    /** Pushes the content of a value of final type {@code t}, registered as {@code id} in constant {@code reg}. */
    private void readContent(MethodVisitor mv, Class<?> t, int id, String reg, int in) {
        Leaf leaf = Leaf.of(t, id);
        if (leaf == null) {
            mv.visitFieldInsn(Opcodes.GETSTATIC, owner, reg, D_REG);
            mv.visitFieldInsn(Opcodes.GETFIELD, REGISTRATION, "serializer", "Ldev/blit/Serializer;");
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitMethodInsn(Opcodes.INVOKEINTERFACE, "dev/blit/Serializer", "read",
                    "(" + D_RB + ")Ljava/lang/Object;", true);
            return;
        }
        mv.visitVarInsn(Opcodes.ALOAD, in);
        String read = "read" + leaf.write.substring("write".length());
        if (leaf.compact()) {
            // Either form (FORMAT.md, "Primitive arrays"), whatever this instance writes; never null
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, compactName(read), "()" + Type.getDescriptor(t), false);
            return;
        }
        if (leaf.ownRead) {
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, LEAF_CONTENT, read, "(" + D_RB + ")" + Type.getDescriptor(t), false);
            return;
        }
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, READ_BUFFER, read, "()" + (leaf.unbox != null ? leaf.primitive : Type.getDescriptor(t)), false);
        if (t.isArray()) {
            // After the tag, the null header is malformed (LeafContent.array), as the built-in serializer has it:
            // dup; ifnonnull ok; throw LeafContent.nullArray(in); ok:
            Label ok = new Label();
            mv.visitInsn(Opcodes.DUP);
            mv.visitJumpInsn(Opcodes.IFNONNULL, ok);
            mv.visitVarInsn(Opcodes.ALOAD, in);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, LEAF_CONTENT, "nullArray", "(" + D_RB + ")Ldev/blit/BlitException;", false);
            mv.visitInsn(Opcodes.ATHROW);
            mv.visitLabel(ok);
        }
        if (leaf.unbox != null) {
            String box = Type.getInternalName(t);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, box, "valueOf", "(" + leaf.primitive + ")L" + box + ";", false);
        }
    }

    /** {@code writeIntArray} to {@code writeCompactIntArray}, {@code readLongArray} to {@code readCompactLongArray}. */
    private static String compactName(String method) {
        int verb = method.startsWith("write") ? 5 : 4;
        return method.substring(0, verb) + "Compact" + method.substring(verb);
    }

    /** Where the content of the leaves that are more than one buffer call is written and read. */
    private static final String LEAF_CONTENT = "dev/blit/types/LeafContent";

    /**
     * The built-in types whose content generated code writes and reads itself: FORMAT.md's table, by id. None
     * contains another value. The boxes, String, BigInteger, BigDecimal and UUID are never tracked, the
     * primitive arrays always are (FORMAT.md, "References"), which is what {@link #writeTagged} and
     * {@link #readTagged} build on. Each is written by {@code WriteBuffer.<write>} (or, {@code ownWrite},
     * {@code LeafContent.<write>}) and read by the {@code read...} method of the same suffix on
     * {@code ReadBuffer} (or, {@code ownRead}, on {@code LeafContent}).
     */
    private enum Leaf {
        BYTE(Byte.class, TypeIds.BYTE, "byteValue", "B", "writeByte", "(I)V"),
        SHORT(Short.class, TypeIds.SHORT, "shortValue", "S", "writeShort", "(I)V"),
        CHAR(Character.class, TypeIds.CHAR, "charValue", "C", "writeChar", "(C)V"),
        INT(Integer.class, TypeIds.INT, "intValue", "I", "writeVarInt", "(I)V"),
        LONG(Long.class, TypeIds.LONG, "longValue", "J", "writeVarLong", "(J)V"),
        FLOAT(Float.class, TypeIds.FLOAT, "floatValue", "F", "writeFloat", "(F)V"),
        DOUBLE(Double.class, TypeIds.DOUBLE, "doubleValue", "D", "writeDouble", "(D)V"),
        /** Written by the buffer, read by {@code LeafContent.readString}, which refuses a null string header. */
        STRING(String.class, TypeIds.STRING, "writeString", false, true),
        BOOLEANS(boolean[].class, TypeIds.BOOLEAN_ARRAY, null, null, "writeBooleanArray", "([Z)V"),
        BYTES(byte[].class, TypeIds.BYTE_ARRAY, null, null, "writeByteArray", "([B)V"),
        SHORTS(short[].class, TypeIds.SHORT_ARRAY, null, null, "writeShortArray", "([S)V"),
        CHARS(char[].class, TypeIds.CHAR_ARRAY, null, null, "writeCharArray", "([C)V"),
        INTS(int[].class, TypeIds.INT_ARRAY, null, null, "writeIntArray", "([I)V"),
        LONGS(long[].class, TypeIds.LONG_ARRAY, null, null, "writeLongArray", "([J)V"),
        FLOATS(float[].class, TypeIds.FLOAT_ARRAY, null, null, "writeFloatArray", "([F)V"),
        DOUBLES(double[].class, TypeIds.DOUBLE_ARRAY, null, null, "writeDoubleArray", "([D)V"),
        BIG_INTEGER(java.math.BigInteger.class, TypeIds.BIG_INTEGER, "writeBigInteger", true, true),
        BIG_DECIMAL(java.math.BigDecimal.class, TypeIds.BIG_DECIMAL, "writeBigDecimal", true, true),
        UUID(java.util.UUID.class, TypeIds.UUID, "writeUuid", true, true);

        private static final Leaf[] ALL = values();

        final Class<?> type;
        final int id;
        final String unbox;
        final String primitive;
        final String write;
        final String writeDesc;
        final boolean ownWrite;
        final boolean ownRead;

        Leaf(Class<?> type, int id, String unbox, String primitive, String write, String writeDesc) {
            this(type, id, unbox, primitive, write, writeDesc, false, false);
        }

        /** A leaf with a reference type's content, written {@code (String)V}-style or by {@code LeafContent}. */
        Leaf(Class<?> type, int id, String write, boolean ownWrite, boolean ownRead) {
            this(type, id, null, null, write, "(" + Type.getDescriptor(type) + ")V", ownWrite, ownRead);
        }

        Leaf(Class<?> type, int id, String unbox, String primitive, String write, String writeDesc,
             boolean ownWrite, boolean ownRead) {
            this.type = type;
            this.id = id;
            this.unbox = unbox;
            this.primitive = primitive;
            this.write = write;
            this.writeDesc = writeDesc;
            this.ownWrite = ownWrite;
            this.ownRead = ownRead;
        }

        /** @return whether this leaf has a compact form: int[] and long[] (FORMAT.md, "Primitive arrays") */
        boolean compact() {
            return this == INTS || this == LONGS;
        }

        static Leaf of(Class<?> t, int id) {
            for (Leaf l : ALL) {
                if (l.type == t && l.id == id) {
                    return l;
                }
            }
            return null;
        }
    }
}
