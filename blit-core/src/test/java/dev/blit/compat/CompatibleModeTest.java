package dev.blit.compat;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import dev.blit.compat.Versions.BoxedField;
import dev.blit.compat.Versions.C1;
import dev.blit.compat.Versions.C2;
import dev.blit.compat.Versions.Color;
import dev.blit.compat.Versions.Everything;
import dev.blit.compat.Versions.HolderV1;
import dev.blit.compat.Versions.HolderV2;
import dev.blit.compat.Versions.IntField;
import dev.blit.compat.Versions.Leaf;
import dev.blit.compat.Versions.LineV1;
import dev.blit.compat.Versions.LineV2;
import dev.blit.compat.Versions.LongBoxField;
import dev.blit.compat.Versions.LongField;
import dev.blit.compat.Versions.NumberField;
import dev.blit.compat.Versions.OrderV1;
import dev.blit.compat.Versions.OrderV2;
import dev.blit.compat.Versions.R1;
import dev.blit.compat.Versions.R2;
import dev.blit.compat.Versions.StringField;
import dev.blit.compat.Versions.V1;
import dev.blit.compat.Versions.V2;
import dev.blit.compat.Versions.Widths1;
import dev.blit.compat.Versions.Widths2;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Compatible mode (FORMAT.md, "Compatible mode"): readers and writers with different versions of a class. */
class CompatibleModeTest {

    private static Blit.Builder compatible() {
        return Blit.builder().compatible(true);
    }

    private static <T> T evolve(Blit writer, Object value, Blit reader, Class<T> type) {
        byte[] bytes = writer.toBytes(value);
        T result = reader.fromBytes(bytes, type);
        everyDamageFailsWithABlitException(reader, bytes);
        RoundTrip.decode(bytes, reader::read, v -> assertTrue(type.isInstance(v)));
        return result;
    }

    /** Every truncation, and every single-bit flip, of a payload decodes to something or fails with a BlitException. */
    static void everyDamageFailsWithABlitException(Blit reader, byte[] bytes) {
        RoundTrip.assertTruncationsRejected(bytes, reader::fromBytes, reader::read);
        for (int k = 0; k < bytes.length; k++) {
            byte[] prefix = java.util.Arrays.copyOf(bytes, k);
            BlitException e = assertThrows(BlitException.class, () -> reader.fromBytes(prefix));
            assertTrue(e.getMessage().contains("offset"), () -> "no offset in: " + e.getMessage());
        }
        for (int i = 0; i < bytes.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] b = bytes.clone();
                b[i] ^= (byte) (1 << bit);
                try {
                    reader.fromBytes(b);
                } catch (BlitException e) {
                    assertTrue(e.getMessage().contains("offset"), () -> "no offset in: " + e.getMessage());
                } catch (Throwable t) {
                    throw new AssertionError("flipping bit " + bit + " of byte " + i + " of " + RoundTrip.hex(bytes)
                            + " threw " + t, t);
                }
            }
        }
        RoundTrip.assertMutationsFailOnlyWithBlitException(reader, bytes, bytes.length);
    }

    @Test
    void theFieldTableFollowsTheFirstTagOfAClassOnly() {
        Blit blit = compatible().register(V1.class, 100).build();
        // 64 | 07: 7 bytes of table | 02 fields | 03 'a' 05 (int) | 03 'b' 0a (String) | 02 (a=1) | 03 'x'
        assertArrayEquals(RoundTrip.bytes("64 07 02 03 61 05 03 62 0a 02 03 78"), blit.toBytes(new V1(1, "x")));
        RoundTrip.roundTrip(blit, new V1(1, "x"), 12);
        List<Object> three = new ArrayList<>(List.of(new V1(1, "x"), new V1(2, "y"), new V1(3, "z")));
        // 24 03 | first V1 with its table | two more of 4 bytes each
        RoundTrip.roundTrip(blit, three, 2 + 12 + 4 + 4);
    }

    @Test
    void fieldsAreMatchedByNameReorderedWidenedAndNewOnesKeepTheirInitializer() {
        Blit writer = compatible().register(V1.class, 100).build();
        Blit reader = compatible().register(V2.class, 100).build();
        V2 v = evolve(writer, new V1(-5, "hello"), reader, V2.class);
        assertEquals(-5L, v.a);
        assertEquals("hello", v.b);
        assertEquals(7.5, v.c);

        V2 newer = new V2();
        newer.a = 42;
        newer.b = "back";
        newer.c = 1;
        // Back again: the old reader drops c; a (long) does not narrow to int.
        BlitException e = assertThrows(BlitException.class, () -> writer.fromBytes(reader.toBytes(newer)));
        assertTrue(e.getMessage().contains("V1.a") && e.getMessage().contains("offset"), e.getMessage());
    }

    record Text(String b) {
    }

    record AnyText(Object b) {
    }

    record SomeChars(CharSequence b) {
    }

    record Number1(int b) {
    }

    @Test
    void aStringFieldBecomesAnObjectOrCharSequenceFieldAndBack() {
        // The writer's String field is untagged (type code 10); a reader whose field is declared Object or
        // CharSequence reads the string into it. The way back: a tagged value whose class fits String.
        Blit text = compatible().register(Text.class, 100).build();
        Blit any = compatible().register(AnyText.class, 100).build();
        Blit chars = compatible().register(SomeChars.class, 100).build();
        assertEquals(new AnyText("x"), evolve(text, new Text("x"), any, AnyText.class));
        assertEquals(new SomeChars("x"), evolve(text, new Text("x"), chars, SomeChars.class));
        assertEquals(new AnyText(null), evolve(text, new Text(null), any, AnyText.class));
        assertEquals(new Text("y"), evolve(any, new AnyText("y"), text, Text.class));
        assertEquals(new Text(null), evolve(any, new AnyText(null), text, Text.class));
        BlitException e = assertThrows(BlitException.class, () -> text.fromBytes(any.toBytes(new AnyText(7))));
        assertTrue(e.getMessage().contains("Text.b") && e.getMessage().contains("offset"), e.getMessage());
        // nor does a String field become an int, or an int a String: refused when the table is read
        Blit number = compatible().register(Number1.class, 100).build();
        BlitException toInt = assertThrows(BlitException.class, () -> number.fromBytes(text.toBytes(new Text("1"))));
        assertTrue(toInt.getMessage().contains("says string"), toInt.getMessage());
        BlitException toText = assertThrows(BlitException.class, () -> text.fromBytes(number.toBytes(new Number1(1))));
        assertTrue(toText.getMessage().contains("says int"), toText.getMessage());
    }

    @Test
    void recordsGainAndLoseComponents() {
        Blit one = compatible().register(R1.class, 100).build();
        Blit two = compatible().register(R2.class, 100).build();
        assertEquals(new R2(3, "y", 0L), evolve(one, new R1(3, "y"), two, R2.class));
        assertEquals(new R1(3, "y"), evolve(two, new R2(3, "y", 99L), one, R1.class));
    }

    @Test
    void constructorBuiltClassesGetTheTypeDefaultForAMissingParameter() {
        Blit one = compatible().register(C1.class, 100).build();
        Blit two = compatible().register(C2.class, 100).build();
        C2 c = evolve(one, new C1(3, "y"), two, C2.class);
        assertEquals(3, c.x);
        assertEquals("y", c.y);
        assertEquals(0L, c.z);
        C1 back = evolve(two, new C2(4, null, 7), one, C1.class);
        assertEquals(4, back.x);
        assertNull(back.y);
    }

    @Test
    void aRemovedFieldHoldingAnObjectIsSkippedAndKeepsItsReferenceSlot() {
        Blit writer = compatible().references(true).register(Leaf.class, 101).register(HolderV1.class, 102).build();
        Blit reader = compatible().references(true).register(Leaf.class, 101).register(HolderV2.class, 102).build();
        HolderV1 h = new HolderV1();
        h.extra = new Leaf("shared");
        h.kept = h.extra; // written as a back reference to the object inside the skipped field
        h.n = 9;
        HolderV2 v = evolve(writer, h, reader, HolderV2.class);
        assertEquals("shared", v.kept.name);
        assertEquals(9, v.n);

        // The class's table came inside the skipped field; the next Leaf in the message has none.
        Blit plainWriter = compatible().register(Leaf.class, 101).register(HolderV1.class, 102).build();
        Blit plainReader = compatible().register(Leaf.class, 101).register(HolderV2.class, 102).build();
        HolderV1 distinct = new HolderV1();
        distinct.extra = new Leaf("dropped");
        distinct.kept = new Leaf("second");
        assertEquals("second", evolve(plainWriter, distinct, plainReader, HolderV2.class).kept.name);

        Object[] pair = {h, h.extra};
        Object[] back = (Object[]) reader.fromBytes(writer.toBytes(pair));
        assertSame(((HolderV2) back[0]).kept, back[1]);
    }

    @Test
    void aValueOfATypeTheReaderDoesNotKnowIsReadPastInADroppedFieldOnly() {
        Blit writer = compatible().register(Leaf.class, 101).register(HolderV1.class, 102).build();
        Blit reader = compatible().register(HolderV2.class, 102).build();
        HolderV1 h = new HolderV1();
        h.extra = new Leaf("x"); // dropped: read past by its field table (UnknownClassTest)
        h.n = 3;
        assertEquals(3, ((HolderV2) reader.fromBytes(writer.toBytes(h))).n);
        h.kept = new Leaf("y"); // kept: the reader must make a Leaf and has no registration for it
        BlitException e = assertThrows(BlitException.class, () -> reader.fromBytes(writer.toBytes(h)));
        assertTrue(e.getMessage().startsWith("unknown type id 101") && !e.getMessage().contains("drops"), e.getMessage());
        // a record's component the reader's record lacks, the same way
        Blit records = compatible().register(Versions.R1.class, 102).build();
        assertEquals(1, ((Versions.R1) records.fromBytes(compatible().register(Leaf.class, 101)
                .register(LeafHolderRecord.class, 102).build().toBytes(new LeafHolderRecord(1, new Leaf("y"))))).x());
    }

    /** {@link Versions.R1} with a component holding a registered class. */
    record LeafHolderRecord(int x, Leaf leaf) {
    }

    @Test
    void losslessPrimitiveWideningIsAccepted() {
        Blit writer = compatible().register(Widths1.class, 100).build();
        Blit reader = compatible().register(Widths2.class, 100).build();
        Widths1 w = new Widths1();
        w.b = -7;
        w.s = -300;
        w.c = '€';
        w.i = Integer.MIN_VALUE;
        w.i2 = 123_456_789;
        w.f = 0.1f;
        w.same = 5;
        Widths2 v = evolve(writer, w, reader, Widths2.class);
        assertEquals(-7, v.b);
        assertEquals(-300L, v.s);
        assertEquals('€', v.c);
        assertEquals(Integer.MIN_VALUE, v.i);
        assertEquals(123_456_789.0, v.i2);
        assertEquals((double) 0.1f, v.f);
        assertEquals(5, v.same);
    }

    @Test
    void otherTypeChangesAreRejectedNamingTheField() {
        Blit ints = compatible().register(IntField.class, 100).build();
        Blit longs = compatible().register(LongField.class, 100).build();
        Blit strings = compatible().register(StringField.class, 100).build();
        IntField i = new IntField();
        i.v = 1;
        BlitException toString = assertThrows(BlitException.class, () -> strings.fromBytes(ints.toBytes(i)));
        assertTrue(toString.getMessage().contains("StringField.v"), toString.getMessage());
        LongField l = new LongField();
        BlitException narrowing = assertThrows(BlitException.class, () -> ints.fromBytes(longs.toBytes(l)));
        assertTrue(narrowing.getMessage().contains("IntField.v"), narrowing.getMessage());
        StringField s = new StringField();
        s.v = "1";
        BlitException fromString = assertThrows(BlitException.class, () -> ints.fromBytes(strings.toBytes(s)));
        assertTrue(fromString.getMessage().contains("IntField.v") && fromString.getMessage().contains("offset"),
                fromString.getMessage());
    }

    @Test
    void anArrayTypeIsNamedAsSourceCodeNamesIt() {
        Blit ints = compatible().register(IntField.class, 100).build();
        Blit longArrays = compatible().register(Versions.LongArrayField.class, 100).build();
        Blit objects = compatible().register(Versions.ObjectField.class, 100).build();
        IntField i = new IntField();
        BlitException table = assertThrows(BlitException.class, () -> longArrays.fromBytes(ints.toBytes(i)));
        assertTrue(table.getMessage().startsWith("field LongArrayField.v is a long[] but the writer's field table at"),
                table.getMessage());
        Versions.ObjectField o = new Versions.ObjectField();
        o.v = new int[]{1};
        BlitException value = assertThrows(BlitException.class, () -> ints.fromBytes(objects.toBytes(o)));
        assertTrue(value.getMessage().matches("field IntField.v is a int but the value at offset \\d+ is a int\\[\\]"),
                value.getMessage());
    }

    @Test
    void boxesAndPrimitivesConvertWhenTheValueFits() {
        Blit boxed = compatible().register(BoxedField.class, 100).build();
        Blit longs = compatible().register(LongField.class, 100).build();
        Blit ints = compatible().register(IntField.class, 100).build();
        Blit numbers = compatible().register(NumberField.class, 100).build();
        Blit longBoxes = compatible().register(LongBoxField.class, 100).build();
        BoxedField b = new BoxedField();
        b.v = 12;
        assertEquals(12L, evolve(boxed, b, longs, LongField.class).v);
        IntField i = new IntField();
        i.v = 3;
        assertEquals(3, evolve(ints, i, boxed, BoxedField.class).v);
        assertEquals(3, evolve(ints, i, numbers, NumberField.class).v);
        assertThrows(BlitException.class, () -> longBoxes.fromBytes(ints.toBytes(i)));
        BlitException nullIntoLong = assertThrows(BlitException.class, () -> longs.fromBytes(boxed.toBytes(new BoxedField())));
        assertTrue(nullIntoLong.getMessage().contains("LongField.v"), nullIntoLong.getMessage());
    }

    @Test
    void cyclesSurviveAnEvolvedClass() {
        Blit writer = compatible().references(true).register(OrderV1.class, 100).register(LineV1.class, 101).build();
        Blit reader = compatible().references(true).register(OrderV2.class, 100).register(LineV2.class, 101).build();
        OrderV1 o = new OrderV1();
        o.id = 77;
        o.lines = new ArrayList<>();
        for (int n = 1; n <= 3; n++) {
            LineV1 line = new LineV1();
            line.order = o;
            line.number = n;
            o.lines.add(line);
        }
        OrderV2 v = evolve(writer, o, reader, OrderV2.class);
        assertEquals(77, v.id);
        assertEquals("?", v.extra);
        assertEquals(3, v.lines.size());
        for (int n = 1; n <= 3; n++) {
            LineV2 line = (LineV2) v.lines.get(n - 1);
            assertSame(v, line.order);
            assertEquals(n, line.number);
            assertEquals("none", line.note);
        }
    }

    @Test
    void whatAnInstanceWritesNeverDependsOnWhatItRead() {
        Blit old = compatible().register(V1.class, 100).register(R1.class, 101).build();
        Blit current = compatible().register(V2.class, 100).register(R2.class, 101).build();
        V2 v = new V2();
        v.a = 1;
        v.b = "b";
        v.c = 2.5;
        Object[] value = {v, new R2(1, "y", 3), v};
        byte[] before = current.toBytes(value);
        current.fromBytes(old.toBytes(new Object[] {new V1(5, "old"), new R1(2, "old")}));
        byte[] after = current.toBytes(value);
        assertArrayEquals(before, after);
        Object[] back = (Object[]) current.fromBytes(after);
        assertEquals(2.5, ((V2) back[0]).c);
        assertEquals(new R2(1, "y", 3), back[1]);
    }

    @Test
    void theSameVersionRoundTripsThroughEveryBackend() {
        Blit blit = compatible().register(Everything.class, 100).register(R1.class, 101).register(Color.class, 102)
                .register(V1.class, 103).build();
        Everything e = new Everything();
        e.z = true;
        e.b = 1;
        e.s = -2;
        e.c = 'c';
        e.i = 1 << 20;
        e.j = -1L << 40;
        e.f = 1.5f;
        e.d = Math.E;
        e.text = "text";
        e.ints = new int[] {1, 2};
        e.color = Color.GREEN;
        e.record = new R1(1, "r");
        e.list = new ArrayList<>(List.of(new R1(2, "s"), new V1(3, "t"), "u"));
        e.any = new V1(4, null);
        byte[] bytes = blit.toBytes(e);
        RoundTrip.roundTrip(blit, e, bytes.length);
        everyDamageFailsWithABlitException(blit, bytes);
        Blit refs = compatible().references(true).register(Everything.class, 100).register(R1.class, 101)
                .register(Color.class, 102).register(V1.class, 103).build();
        RoundTrip.roundTrip(refs, e, refs.toBytes(e).length);
    }

    @Test
    void aFlatClassIsWrittenFieldByFieldInCompatibleMode() {
        Blit blit = compatible().register(Widths1.class, 100).build();
        Widths1 w = new Widths1();
        w.i = 1;
        byte[] bytes = blit.toBytes(w);
        // 64 | table | b 00 | c 00 00 | f 00 00 00 00 | i 02 (svar) | i2 00 | s 00 00 | same 00
        assertEquals(1 + 1 + bytes[1] + 1 + 2 + 4 + 1 + 1 + 2 + 1, bytes.length);
        Widths1 back = blit.fromBytes(bytes, Widths1.class);
        assertEquals(1, back.i);
    }

    @Test
    void eachCompatibleClassHasAHotPathOfItsOwn() {
        dev.blit.gen.ClassSerializers.Options options = new dev.blit.gen.ClassSerializers.Options(true, true);
        dev.blit.internal.RegistryBuilder rb = new dev.blit.internal.RegistryBuilder();
        Class<?> one = dev.blit.gen.ClassSerializers.create(V1.class, rb, null, options).getClass();
        Class<?> two = dev.blit.gen.ClassSerializers.create(R1.class, rb, null, options).getClass();
        assertTrue(one.isHidden() && two.isHidden(), one + ", " + two);
        assertTrue(one != two);
    }

    /**
     * A public class {@code dev.blit.compat.<name>} with a no-argument constructor and 17 int fields of 62,000-char
     * names (more than a class file's 65,535 bytes per name would allow for fewer): 1 MiB of names and more.
     */
    static Class<?> longNamed(String name, boolean serializable) throws IllegalAccessException {
        org.objectweb.asm.ClassWriter cw = new org.objectweb.asm.ClassWriter(org.objectweb.asm.ClassWriter.COMPUTE_FRAMES
                | org.objectweb.asm.ClassWriter.COMPUTE_MAXS);
        String internal = "dev/blit/compat/" + name;
        cw.visit(org.objectweb.asm.Opcodes.V17, org.objectweb.asm.Opcodes.ACC_PUBLIC | org.objectweb.asm.Opcodes.ACC_SUPER,
                internal, null, "java/lang/Object", serializable ? new String[]{"java/io/Serializable"} : null);
        for (int i = 0; i < 17; i++) {
            cw.visitField(org.objectweb.asm.Opcodes.ACC_PUBLIC, (char) ('a' + i) + "x".repeat(62_000), "I", null, null)
                    .visitEnd();
        }
        org.objectweb.asm.MethodVisitor mv = cw.visitMethod(org.objectweb.asm.Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
        mv.visitCode();
        mv.visitVarInsn(org.objectweb.asm.Opcodes.ALOAD, 0);
        mv.visitMethodInsn(org.objectweb.asm.Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        mv.visitInsn(org.objectweb.asm.Opcodes.RETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
        if (serializable) { // a hook, so that it is serialized through its hooks, behind their table
            mv = cw.visitMethod(org.objectweb.asm.Opcodes.ACC_PRIVATE, "readResolve", "()Ljava/lang/Object;", null, null);
            mv.visitCode();
            mv.visitVarInsn(org.objectweb.asm.Opcodes.ALOAD, 0);
            mv.visitInsn(org.objectweb.asm.Opcodes.ARETURN);
            mv.visitMaxs(0, 0);
            mv.visitEnd();
        }
        cw.visitEnd();
        return java.lang.invoke.MethodHandles.lookup().defineClass(cw.toByteArray());
    }

    @Test
    void aFieldTableLongerThanAReaderTakesIsRefusedWhenTheSerializerIsMadeNotWrittenUnreadable() throws Exception {
        for (boolean hooks : new boolean[]{false, true}) {
            Class<?> type = longNamed(hooks ? "LongNamedHooks" : "LongNamed", hooks);
            BlitException e = assertThrows(BlitException.class, () -> compatible().register(type, 100).build());
            assertTrue(e.getMessage().startsWith("cannot serialize " + type.getName() + " in compatible mode: its field"
                    + " table (the names and kinds of "), e.getMessage());
            assertTrue(e.getMessage().contains(" bytes, longer than the 1048576 a reader takes"), e.getMessage());
            // Schema-consistent mode writes no table: the class is written and read as any other
            Blit plain = Blit.builder().register(type, 100).build();
            Object value = type.getConstructor().newInstance();
            java.lang.reflect.Field d = type.getField("d" + "x".repeat(62_000));
            d.setInt(value, 7);
            assertEquals(7, d.getInt(plain.fromBytes(plain.toBytes(value))));
        }
    }

    @Test
    void aMalformedFieldTableIsRejectedWithItsOffset() {
        Blit blit = compatible().register(V1.class, 100).build();
        // Wrong type code 0x0a for b
        BlitException code = assertThrows(BlitException.class,
                () -> blit.fromBytes(RoundTrip.bytes("64 07 02 03 61 05 03 62 0a 02 0b 03 78")));
        assertTrue(code.getMessage().contains("at offset 1"), code.getMessage());
        // a field named twice
        BlitException twice = assertThrows(BlitException.class,
                () -> blit.fromBytes(RoundTrip.bytes("64 07 02 03 61 05 03 61 05 02 02")));
        assertTrue(twice.getMessage().contains("twice"), twice.getMessage());
        // a table longer than the input
        assertThrows(BlitException.class, () -> blit.fromBytes(RoundTrip.bytes("64 7f 02")));
        // a table longer than any class needs, from a stream (whose length is unknown): refused before buffering
        BlitException huge = assertThrows(BlitException.class,
                () -> blit.read(new java.io.ByteArrayInputStream(RoundTrip.bytes("64 80 80 80 01 02"))));
        assertTrue(huge.getMessage().contains("longer than"), huge.getMessage());
        // a table whose field count promises more fields than its bytes hold
        assertThrows(BlitException.class, () -> blit.fromBytes(RoundTrip.bytes("64 02 7f 00")));
    }

    record Order(long id, String customer) {
    }

    record Payment(String iban, double amount) {
    }

    record Empty() {
    }

    record Gained(int count) {
    }

    /**
     * A writer's table with fields none of which the reader's class (which has fields) has read as a value with
     * every field at its default and no error: here ids registered the other way round on the two sides read an
     * Order as Payment[iban=null, amount=0.0]. It is refused at the table's offset, naming both sides' fields. A
     * table with no field (a class that gained its first fields since) is still read.
     */
    @Test
    void aFieldTableSharingNoNameWithTheReadersClassIsRefused() {
        Blit writer = compatible().register(Order.class, 100).register(Payment.class, 101).build();
        Blit reader = compatible().register(Payment.class, 100).register(Order.class, 101).build();
        BlitException e = assertThrows(BlitException.class, () -> reader.fromBytes(writer.toBytes(new Order(7, "acme"))));
        assertTrue(e.getMessage().contains("compatible mode cannot read " + Payment.class.getName() + " at offset 1: the"
                + " writer's field table lists 2 fields (customer, id) and this class has 2 fields (amount, iban), no"
                + " field of the same name; the writer's and this Blit's ids may be registered differently"),
                e.getMessage());
        assertThrows(BlitException.class, () -> reader.fromBytes(writer.toBytes(List.of(new Payment("DE00", 9.5)))));
        Blit emptyWriter = compatible().register(Empty.class, 100).build();
        Blit gainedReader = compatible().register(Gained.class, 100).build();
        assertEquals(new Gained(0), gainedReader.fromBytes(emptyWriter.toBytes(new Empty())));
        Blit gainedWriter = compatible().register(Gained.class, 100).build();
        Blit emptyReader = compatible().register(Empty.class, 100).build();
        assertEquals(new Empty(), emptyReader.fromBytes(gainedWriter.toBytes(new Gained(3))));
    }

    enum Before { A, B, C, D }

    enum After { A, B, C }

    static final class WithLegacy {
        int n;
        Before legacy;
    }

    static final class WithoutLegacy {
        int n;
    }

    interface Shape {
    }

    static final class Square implements Shape {
        int side;
    }

    /**
     * A value in a dropped field that the reader cannot decode for another reason than a class it lacks (here a
     * constant removed from an enum it has): the message said the reader lacked the value's class. And a tag
     * whose registration is an interface (the writer's class under that id was concrete) was "not registered".
     */
    @Test
    void readFailuresSayWhatTheyAreInADroppedFieldAndForAnInterfacesId() {
        WithLegacy w = new WithLegacy();
        w.n = 1;
        w.legacy = Before.D;
        Blit writer = compatible().register(Before.class, 101).register(WithLegacy.class, 102).build();
        Blit reader = compatible().register(After.class, 101).register(WithoutLegacy.class, 102).build();
        BlitException e = assertThrows(BlitException.class, () -> reader.fromBytes(writer.toBytes(w)));
        assertTrue(e.getMessage().contains("legacy") && e.getMessage().contains("decodes its value all the same")
                && !e.getMessage().contains("class it lacks"), e.getMessage());

        Square sq = new Square();
        Blit concrete = compatible().register(Square.class, 103).build();
        Blit abstractReader = compatible().register(Shape.class, 103).build();
        e = assertThrows(BlitException.class, () -> abstractReader.fromBytes(concrete.toBytes(sq)));
        assertTrue(e.getMessage().contains("is " + Shape.class.getName() + ", registered with this Blit instance as an"
                + " interface or abstract class"), e.getMessage());
    }
}
