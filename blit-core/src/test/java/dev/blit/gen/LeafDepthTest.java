package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.internal.RegistryBuilder;
import dev.blit.types.BuiltinTypes;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Generated code writes and reads a leaf field (a box, a primitive array, a BigInteger, a
 * BigDecimal, a UUID, an enum that Blit's own serializer writes, and the elements of a typed list of strings or
 * enums) without entering a level of its own ({@code enterLeaf}); the reflective serializer
 * enters and leaves one as for any value. These tests pin down that the two agree: a leaf still counts one
 * level below its object for {@code maxDepth}, on write and on read, and a primitive array with references
 * on gets the same number as before, so back references after it still find their objects, while a shared
 * String is still written twice, as the reflective serializer writes it. A field declared String is no
 * leaf: it has no tag and is its object's content, like a primitive.
 */
class LeafDepthTest {
    static final class Link {
        Link next;
        String name;
        long[] data;
        Integer boxed;
        List<String> tags;
        BigDecimal price;
        BigInteger big;
        UUID id;
    }

    static final class Two {
        long[] a;
        long[] b;
    }

    /** A chain of {@code length} links; only the last one has leaves (so they are the deepest values). */
    private static Link chain(int length) {
        Link head = null;
        for (int i = 0; i < length; i++) {
            Link l = new Link();
            l.next = head;
            head = l;
        }
        Link last = head;
        while (last.next != null) {
            last = last.next;
        }
        last.name = "leaf";
        last.data = new long[]{1, 2, 3};
        last.boxed = 42;
        last.tags = new ArrayList<>(List.of("a", "b"));
        last.price = new BigDecimal("19.99");
        last.big = BigInteger.TWO.pow(100).negate(); // more bytes than a long
        last.id = new UUID(0x0123456789abcdefL, -2L);
        return head;
    }

    private static Blit generated(int maxDepth, boolean references) {
        return Blit.builder().register(Link.class, 100).maxDepth(maxDepth).references(references).build();
    }

    @SuppressWarnings("unchecked")
    private static Blit reflective(int maxDepth, boolean references) {
        Serializer<Link> s = (Serializer<Link>) (Serializer<?>) new ReflectiveSerializer(ClassModel.of(Link.class, null), false);
        return Blit.builder().register(Link.class, 100, s).maxDepth(maxDepth).references(references).build();
    }

    private static boolean writes(Blit blit, Object value) {
        try {
            blit.toBytes(value);
            return true;
        } catch (BlitException e) {
            return false;
        }
    }

    private static boolean reads(Blit blit, byte[] bytes) {
        try {
            blit.fromBytes(bytes);
            return true;
        } catch (BlitException e) {
            return false;
        }
    }

    @Test
    void theGeneratedSideOfTheseTestsIsGeneratedCode() {
        // A VerifyError in the generated code would fall back to ReflectiveSerializer, and every comparison
        // below would compare the reflective serializer with itself.
        RegistryBuilder rb = new RegistryBuilder();
        BuiltinTypes.install(rb);
        rb.add(100, Link.class, null);
        Serializer<?> s = ClassSerializers.create(Link.class, rb, null, new ClassSerializers.Options(false, false));
        assertTrue(ClassSerializers.isGenerated(s, false), s.getClass().getName());
    }

    @Test
    void leavesCountOneLevelBelowTheirObjectInGeneratedCodeAsInTheReflectiveSerializer() {
        int length = 4; // links at depths 1..4; the last one's leaves at 5, the strings in its list at 6
        Link value = chain(length);
        for (boolean references : new boolean[]{false, true}) {
            byte[] bytes = generated(1000, references).toBytes(value);
            assertArrayEquals(reflective(1000, references).toBytes(value), bytes);
            for (int maxDepth = 1; maxDepth <= 8; maxDepth++) {
                boolean expected = maxDepth >= length + 2;
                assertEquals(expected, writes(generated(maxDepth, references), value), "write, maxDepth " + maxDepth);
                assertEquals(expected, writes(reflective(maxDepth, references), value), "reflective write, maxDepth " + maxDepth);
                assertEquals(expected, reads(generated(maxDepth, references), bytes), "read, maxDepth " + maxDepth);
                assertEquals(expected, reads(reflective(maxDepth, references), bytes), "reflective read, maxDepth " + maxDepth);
            }
        }
    }

    /** Links whose only value below them is one leaf: a box, a BigInteger, a BigDecimal (small and large), a UUID. */
    private static List<Link> oneLeafEach() {
        List<Link> links = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            links.add(new Link());
        }
        links.get(0).boxed = 7;
        links.get(1).big = BigInteger.valueOf(-5);
        links.get(2).price = new BigDecimal("-1.25E+7");
        links.get(3).price = new BigDecimal(BigInteger.TEN.pow(30), 4); // an unscaled value past a long: the escape
        links.get(4).id = UUID.nameUUIDFromBytes(new byte[]{1});
        return links;
    }

    @Test
    void aLeafOneLevelTooDeepIsRejectedWhereItsObjectIsNot() {
        for (Link leafOnly : oneLeafEach()) { // the link at depth 1, its leaf at 2
            for (Blit blit : new Blit[]{generated(1, false), reflective(1, false)}) {
                BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(leafOnly));
                assertEquals(true, e.getMessage().contains("maxDepth 1"), e.getMessage());
            }
            byte[] bytes = generated(2, false).toBytes(leafOnly);
            assertArrayEquals(reflective(2, false).toBytes(leafOnly), bytes);
            for (Blit blit : new Blit[]{generated(1, false), reflective(1, false)}) {
                BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
                assertEquals(true, e.getMessage().contains("offset"), e.getMessage());
            }
            Link copy = (Link) generated(2, false).fromBytes(bytes);
            assertEquals(leafOnly.boxed, copy.boxed);
            assertEquals(leafOnly.big, copy.big);
            assertEquals(leafOnly.price, copy.price);
            assertEquals(leafOnly.id, copy.id);
        }
    }

    @Test
    void aStringFieldIsNoLevelOfDepthButAStringInAListIs() {
        // A field declared String is its string alone, untagged (FORMAT.md, "User classes"): part of its
        // object's content, like a primitive, in generated code and in the reflective serializer alike.
        Link named = new Link();
        named.name = "x";
        byte[] bytes = generated(1, false).toBytes(named);
        assertArrayEquals(new byte[]{100, 0, 0, 0, 0, 3, 'x', 0, 0, 0}, bytes); // by name: big, boxed, data, id, name, next, price, tags
        assertArrayEquals(reflective(1, false).toBytes(named), bytes);
        for (Blit blit : new Blit[]{generated(1, false), reflective(1, false)}) {
            assertEquals("x", ((Link) blit.fromBytes(bytes)).name);
        }
        named.name = null;
        named.tags = new ArrayList<>(List.of("x")); // a tagged String, one level below the list
        for (Blit blit : new Blit[]{generated(2, false), reflective(2, false)}) {
            BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(named));
            assertTrue(e.getMessage().contains("maxDepth 2"), e.getMessage());
        }
    }

    @Test
    void aSharedValueLeafIsWrittenTwiceAndLaterBackReferencesStillFindTheirObjects() {
        Link a = new Link();
        Link b = new Link();
        a.price = new BigDecimal("2.50");
        b.price = a.price; // BigDecimal is a value, never tracked: written twice
        a.id = UUID.randomUUID();
        b.id = a.id;
        a.next = b;
        b.next = a; // a back reference numbered after the leaves
        Blit generated = generated(100, true);
        byte[] bytes = generated.toBytes(a);
        assertArrayEquals(reflective(100, true).toBytes(a), bytes);
        Link copy = (Link) generated.fromBytes(bytes);
        assertSame(copy, copy.next.next);
        assertEquals(a.price, copy.next.price);
        assertEquals(a.id, copy.next.id);
    }

    @Test
    void aSharedPrimitiveArrayKeepsItsNumberSoLaterBackReferencesFindTheirObjects() {
        long[] shared = {7, 8, 9};
        Link a = new Link();
        Link b = new Link();
        a.data = shared;
        a.next = b;
        b.data = shared; // a back reference to the array
        b.next = a;      // and one to the first link, numbered before the array
        a.name = "shared";
        b.name = a.name; // strings are never tracked: written twice
        Blit generated = generated(100, true);
        byte[] bytes = generated.toBytes(a);
        assertArrayEquals(reflective(100, true).toBytes(a), bytes);
        for (Blit blit : new Blit[]{generated, reflective(100, true)}) {
            Link copy = (Link) blit.fromBytes(bytes);
            assertSame(copy, copy.next.next);
            assertSame(copy.data, copy.next.data);
            assertArrayEquals(shared, copy.data);
            assertEquals("shared", copy.next.name);
        }
    }

    @Test
    void aNullHeaderInsideATaggedArrayIsRefusedByGeneratedAndReflectiveAlike() {
        // Two (id 100); field a: tag 17 (long[]) with the null length header, which for a long[] starts the
        // compact form (FORMAT.md, "Primitive arrays"): width 1, then an empty length header, which no writer
        // produces; field b is never reached. Both paths refuse the array at offset 2.
        byte[] bytes = {100, 17, 0, 1, 1};
        @SuppressWarnings("unchecked")
        Serializer<Two> reflective = (Serializer<Two>) (Serializer<?>) new ReflectiveSerializer(ClassModel.of(Two.class, null), false);
        for (Blit blit : new Blit[]{Blit.builder().register(Two.class, 100).references(true).build(),
                Blit.builder().register(Two.class, 100, reflective).references(true).build()}) {
            BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes, Two.class));
            assertTrue(e.getMessage().contains("a compact long[] at offset 2 must have at least one element"), e.getMessage());
        }
    }

    /** Twenty arrays after their object: the 17th tracked value of a message is an array. */
    static final class Arrays20 {
        long[] a00, a01, a02, a03, a04, a05, a06, a07, a08, a09, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19;
    }

    @Test
    void trackedArraysPastTheFirstReferenceTableAreNumberedInTheGrownTable() throws ReflectiveOperationException {
        // A session starts with 16 reference slots; the object is #0, its arrays #1..#20, so the table grows
        // when an array is numbered.
        Arrays20 value = new Arrays20();
        java.lang.reflect.Field[] fields = Arrays20.class.getDeclaredFields();
        for (int i = 0; i < fields.length; i++) {
            fields[i].set(value, new long[]{i});
        }
        @SuppressWarnings("unchecked")
        Serializer<Arrays20> reflective = (Serializer<Arrays20>) (Serializer<?>) new ReflectiveSerializer(ClassModel.of(Arrays20.class, null), false);
        Blit generated = Blit.builder().register(Arrays20.class, 100).references(true).build();
        byte[] bytes = generated.toBytes(value);
        for (Blit blit : new Blit[]{generated, Blit.builder().register(Arrays20.class, 100, reflective).references(true).build()}) {
            Arrays20 copy = blit.fromBytes(bytes, Arrays20.class);
            for (int i = 0; i < fields.length; i++) {
                assertArrayEquals(new long[]{i}, (long[]) fields[i].get(copy), fields[i].getName());
            }
        }
    }

    /** Typed lists of value leaves: four or more elements of one class are a run, each element its content only. */
    static final class Ledger {
        List<BigDecimal> amounts;
        List<UUID> ids;
        List<BigInteger> totals;
    }

    @Test
    void typedListsOfValueLeavesAreWrittenAsTheReflectiveSerializerWritesThem() {
        Ledger l = new Ledger();
        l.amounts = new ArrayList<>();
        l.ids = new ArrayList<>();
        l.totals = new ArrayList<>(List.of(BigInteger.ONE, BigInteger.TEN.pow(40))); // fewer than four: tagged
        for (int i = 0; i < 6; i++) {
            l.amounts.add(BigDecimal.valueOf(1999 + 100L * i, 2));
            l.ids.add(new UUID(i, -i));
        }
        l.amounts.add(new BigDecimal(BigInteger.TEN.pow(25), 3)); // the long form's escape inside a run
        @SuppressWarnings("unchecked")
        Serializer<Ledger> reflective = (Serializer<Ledger>) (Serializer<?>) new ReflectiveSerializer(ClassModel.of(Ledger.class, null), false);
        for (boolean references : new boolean[]{false, true}) {
            Blit generated = Blit.builder().register(Ledger.class, 100).references(references).build();
            byte[] bytes = generated.toBytes(l);
            assertArrayEquals(Blit.builder().register(Ledger.class, 100, reflective).references(references).build().toBytes(l), bytes);
            Ledger copy = generated.fromBytes(bytes, Ledger.class);
            assertEquals(l.amounts, copy.amounts);
            assertEquals(l.ids, copy.ids);
            assertEquals(l.totals, copy.totals);
        }
    }

    enum Shade { LIGHT, DARK }

    /** An enum field and a typed list of enums (a run from four elements), one level below a chain of links. */
    static final class Painted {
        Painted next;
        Shade shade;
        List<Shade> shades;
    }

    /** A chain of {@code length} links, built from its last one, which alone has a shade and a list of them. */
    private static Painted painted(int length, int shades) {
        Painted head = new Painted();
        head.shade = Shade.DARK;
        head.shades = new ArrayList<>();
        for (int i = 0; i < shades; i++) {
            head.shades.add(Shade.values()[i % 2]);
        }
        for (int i = 1; i < length; i++) {
            Painted p = new Painted();
            p.next = head;
            head = p;
        }
        return head;
    }

    private static Blit painting(int maxDepth, boolean references, Serializer<Painted> serializer, Serializer<Shade> shade) {
        Blit.Builder b = Blit.builder().maxDepth(maxDepth).references(references);
        if (serializer == null) {
            b.register(Painted.class, 100);
        } else {
            b.register(Painted.class, 100, serializer);
        }
        if (shade == null) {
            b.register(Shade.class, 101);
        } else {
            b.register(Shade.class, 101, shade);
        }
        return b.build();
    }

    @Test
    void anEnumIsALeafOfGeneratedCodeWithTheBytesAndDepthOfTheReflectiveSerializer() {
        RegistryBuilder rb = new RegistryBuilder();
        BuiltinTypes.install(rb);
        rb.add(100, Painted.class, null);
        rb.add(101, Shade.class, null);
        assertTrue(ClassSerializers.isGenerated(ClassSerializers.create(Painted.class, rb, null,
                new ClassSerializers.Options(false, false)), false));
        @SuppressWarnings("unchecked")
        Serializer<Painted> reflective = (Serializer<Painted>) (Serializer<?>) new ReflectiveSerializer(ClassModel.of(Painted.class, null), false);
        int length = 3; // links at depths 1..3; the last one's shade and list at 4, the listed shades at 5
        for (int shades : new int[]{2, 6}) { // tagged elements, then a run
            Painted value = painted(length, shades);
            for (boolean references : new boolean[]{false, true}) {
                byte[] bytes = painting(1000, references, null, null).toBytes(value);
                assertArrayEquals(painting(1000, references, reflective, null).toBytes(value), bytes);
                Painted copy = (Painted) painting(1000, references, null, null).fromBytes(bytes);
                while (copy.next != null) {
                    copy = copy.next;
                }
                assertSame(Shade.DARK, copy.shade);
                assertEquals(painted(1, shades).shades, copy.shades);
                for (int maxDepth = 1; maxDepth <= 6; maxDepth++) {
                    boolean expected = maxDepth >= length + 2;
                    String at = shades + " shades, maxDepth " + maxDepth + ", references " + references;
                    assertEquals(expected, writes(painting(maxDepth, references, null, null), value), "write, " + at);
                    assertEquals(expected, writes(painting(maxDepth, references, reflective, null), value), "reflective write, " + at);
                    assertEquals(expected, reads(painting(maxDepth, references, null, null), bytes), "read, " + at);
                    assertEquals(expected, reads(painting(maxDepth, references, reflective, null), bytes), "reflective read, " + at);
                }
                // Only the shade field below the last link: one level too deep for it alone is refused too.
                Painted one = painted(length, 0);
                one.next.next.shades = null;
                assertEquals(false, writes(painting(length, references, null, null), one), "a shade one level too deep");
                assertEquals(true, writes(painting(length + 1, references, null, null), one), "a shade at maxDepth");
                byte[] oneBytes = painting(length + 1, references, null, null).toBytes(one);
                assertEquals(false, reads(painting(length, references, null, null), oneBytes), "a shade read one level too deep");
            }
        }
    }

    @Test
    void anEnumWithASerializerOfTheUsersGoesThroughIt() {
        // A user's serializer for the enum (by name here) is no leaf of Blit's: generated code calls it.
        Serializer<Shade> byName = new Serializer<>() {
            @Override
            public void write(dev.blit.buffer.WriteBuffer out, Shade value) {
                out.writeString(value.name());
            }

            @Override
            public Shade read(dev.blit.buffer.ReadBuffer in) {
                return Shade.valueOf(in.readString());
            }
        };
        Painted value = painted(1, 5);
        Blit blit = painting(100, false, null, byName);
        byte[] bytes = blit.toBytes(value);
        assertTrue(new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).contains("DARK"));
        Painted copy = (Painted) blit.fromBytes(bytes);
        assertSame(Shade.DARK, copy.shade);
        assertEquals(value.shades, copy.shades);
    }
}
