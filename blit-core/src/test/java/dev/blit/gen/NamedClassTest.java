package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import dev.blit.gen.named.Model;
import dev.blit.gen.named.Model.Circle;
import dev.blit.gen.named.Model.Color;
import dev.blit.gen.named.Model.Order;
import dev.blit.gen.named.Model.Point;
import dev.blit.gen.named.deep.Inner;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static dev.blit.RoundTrip.bytes;
import static dev.blit.RoundTrip.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Classes written by name ({@link Blit.Builder#allowClassNames}): the bytes FORMAT.md gives, round trips of
 * records, enums, plain classes, polymorphic fields, typed arrays, enum sets and graphs through every backend
 * (references off and on, compatible mode), and the allowlist: a name is checked before any class is loaded,
 * and everything the patterns do not cover is refused with its offset.
 */
class NamedClassTest {
    private static final String MODEL = "dev.blit.gen.named.*";

    private static Blit named(String... patterns) {
        return Blit.builder().allowClassNames(patterns).build();
    }

    /** {@code str} of a Latin-1 name, as hex. */
    private static String str(String s) {
        StringBuilder b = new StringBuilder();
        int h = (s.length() << 1) + 1;
        while (h >= 0x80) {
            b.append(String.format("%02x ", (h & 0x7f) | 0x80));
            h >>>= 7;
        }
        b.append(String.format("%02x", h));
        for (byte c : s.getBytes(StandardCharsets.ISO_8859_1)) {
            b.append(String.format(" %02x", c));
        }
        return b.toString();
    }

    /**
     * A new class name whose package is new too: {@code 00} (a new package), the package, the name in it (the
     * class reference's own {@code 00} before it is the caller's).
     */
    private static String name(String binaryName) {
        int dot = binaryName.lastIndexOf('.');
        return "00 " + packed(dot < 0 ? "" : binaryName.substring(0, dot), true) + " " + packed(binaryName.substring(dot + 1), false);
    }

    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";

    /**
     * FORMAT.md's {@code name}, as hex: {@code uvar (n + 1)} and six bits a character when every one has a code
     * ({@code a..z A..Z 0..9 _}, then {@code .} in a package, {@code $} in a class's name), else {@code 00 str}.
     */
    private static String packed(String s, boolean pkg) {
        String alphabet = LETTERS + (pkg ? "." : "$");
        java.math.BigInteger bits = java.math.BigInteger.ZERO;
        for (int i = 0; i < s.length(); i++) {
            int code = alphabet.indexOf(s.charAt(i));
            if (code < 0) {
                return "00 " + str(s);
            }
            bits = bits.or(java.math.BigInteger.valueOf(code).shiftLeft(6 * i));
        }
        StringBuilder b = new StringBuilder(uvar(s.length() + 1));
        for (int i = 0; i < (6 * s.length() + 7) / 8; i++) {
            b.append(String.format(" %02x", bits.shiftRight(8 * i).intValue() & 0xff));
        }
        return b.toString();
    }

    private static String uvar(int v) {
        StringBuilder b = new StringBuilder();
        while (v >= 0x80) {
            b.append(String.format("%02x ", (v & 0x7f) | 0x80));
            v >>>= 7;
        }
        return b.append(String.format("%02x", v)).toString();
    }

    @Test
    void aValueIsItsNameOnceAMessageThenItsIndex() {
        Blit blit = named(MODEL);
        String point = name(Point.class.getName());
        // FORMAT.md's bytes: 00 (a new package), "dev.blit.gen.named" in 18 six-bit codes (19 = 18 + 1, 14 bytes),
        // "Model$Point" in 11 (0c, 9 bytes), against 21 and 12 bytes as strings
        assertEquals("00 13 03 51 fd c1 82 4c bf 41 34 7f 03 30 c4 00 0c a6 33 10 cb 9f 3a 48 33 01", point);
        // 99, extended id 43, 00 (a new name), its package (00: new, "dev.blit.gen.named"), its name in the package
        // ("Model$Point"), then Point's flat block
        assertEquals("63 2b 00 " + point + " 03 00 00 00 fe ff ff ff", hex(blit.toBytes(new Point(3, -2))).trim());
        // an immutable list (48) of two: the second Point refers to the message's class #0 (01)
        byte[] two = blit.toBytes(List.of(new Point(1, 2), new Point(3, 4)));
        assertArrayEquals(bytes("30 02 63 2b 00 " + point + " 01 00 00 00 02 00 00 00 63 2b 01 03 00 00 00 04 00 00 00"), two);
        assertEquals(List.of(new Point(1, 2), new Point(3, 4)), blit.fromBytes(two));
        // every message names its classes again: nothing depends on what was written before
        assertArrayEquals(two, blit.toBytes(List.of(new Point(1, 2), new Point(3, 4))));
        // a second class of the package: 00 (a new name), 01 (the message's package #0), its name in the package
        byte[] mixed = blit.toBytes(List.of(new Point(1, 2), new Circle(5)));
        assertEquals("30 02 63 2b 00 " + point + " 01 00 00 00 02 00 00 00 63 2b 00 01 " + packed("Model$Circle", false) + " 00 00 00 00 00 00 14 40",
                hex(mixed).trim());
        assertEquals(List.of(new Point(1, 2), new Circle(5)), blit.fromBytes(mixed));
        // an enum: its ordinal; a constant with a body is written as its enum
        assertEquals("63 2b 00 " + name(Color.class.getName()) + " 01", hex(blit.toBytes(Color.GREEN)).trim());
        assertSame(Color.GREEN, blit.fromBytes(blit.toBytes(Color.GREEN)));
        // an enum whose constants implement its abstract method: the enum class is abstract, and still has a name
        assertEquals("63 2b 00 " + name(Model.Op.class.getName()) + " 01", hex(blit.toBytes(Model.Op.MINUS)).trim());
        assertSame(Model.Op.MINUS, blit.copy(Model.Op.MINUS));
        assertEquals(EnumSet.allOf(Model.Op.class), blit.copy(EnumSet.allOf(Model.Op.class)));
        // the class's serializer alone writes its content, as a registered class's does
        @SuppressWarnings("unchecked")
        dev.blit.Serializer<Point> alone = (dev.blit.Serializer<Point>) blit.serializerOf(Point.class);
        dev.blit.buffer.WriteBuffer w = new dev.blit.buffer.WriteBuffer(16);
        alone.write(w, new Point(3, -2));
        assertEquals("03 00 00 00 fe ff ff ff", hex(Arrays.copyOf(w.array(), (int) w.position())));
    }

    /** Outside the patterns' package. */
    record Outside(int x) {
    }

    /**
     * An unregistered class is refused showing the registration, and the patterns too where one could allow it:
     * not for the JDK's classes, which no pattern may name.
     */
    @Test
    void aClassNoPatternAllowsIsRefusedNamingTheWaysOutThatExist() {
        Blit blit = named(MODEL);
        String mine = assertThrows(BlitException.class, () -> blit.toBytes(new Outside(1))).getMessage();
        assertTrue(mine.contains("register(" + Outside.class.getName().replace('$', '.') + ".class, id)")
                && mine.contains("or let its name match one of allowClassNames [" + MODEL + "]"), mine);
        for (Object jdk : new Object[] {new java.util.Random(1), new Object(), new java.util.DoubleSummaryStatistics()}) {
            String m = assertThrows(BlitException.class, () -> blit.toBytes(jdk)).getMessage();
            assertTrue(m.contains("register(" + jdk.getClass().getName() + ".class, id)") && !m.contains("allowClassNames"), m);
        }
    }

    @Test
    void recordsEnumsPlainClassesAndPolymorphicFieldsRoundTrip() {
        for (boolean references : new boolean[] {false, true}) {
            for (boolean compatible : new boolean[] {false, true}) {
                Blit blit = Blit.builder().allowClassNames(MODEL).references(references).compatible(compatible).build();
                RoundTrip.roundTrip(blit, new Point(3, -2), blit.toBytes(new Point(3, -2)).length);
                RoundTrip.roundTrip(blit, Color.GREEN, blit.toBytes(Color.GREEN).length, (a, b) -> a == b);
                List<Object> mixed = new ArrayList<>(List.of(new Circle(2), new Model.Square(1, Color.RED), "text",
                        new Point(1, 1), new Point(2, 2), new Point(3, 3), new Point(4, 4)));
                RoundTrip.roundTrip(blit, mixed, blit.toBytes(mixed).length);
                Model.Derived d = new Model.Derived(9);
                Model.Derived back = RoundTrip.roundTrip(blit, d, blit.toBytes(d).length, (a, b) -> b instanceof Model.Derived);
                assertEquals(9L, fieldOf(back, "id"));
                if (references) {
                    Order o = Order.sample();
                    Order copy = RoundTrip.roundTrip(blit, o, blit.toBytes(o).length, (a, b) -> a.same(b));
                    assertTrue(o.same(copy));
                }
            }
        }
    }

    @Test
    void shadowedFieldsAndTypedArraysAndEnumSetsKeepTheirValues() throws ReflectiveOperationException {
        Blit blit = named(MODEL);
        Model.Derived d = new Model.Derived(42);
        java.lang.reflect.Field baseA = Model.Base.class.getDeclaredField("a");
        java.lang.reflect.Field ownA = Model.Derived.class.getDeclaredField("a");
        baseA.setAccessible(true);
        ownA.setAccessible(true);
        baseA.setInt(d, 1);
        ownA.setInt(d, 2);
        Model.Derived back = blit.copy(d);
        assertEquals(1, baseA.getInt(back));
        assertEquals(2, ownA.getInt(back));
        assertEquals(42L, fieldOf(back, "id"));

        Point[] points = {new Point(1, 2), null, new Point(5, 6)};
        Object read = RoundTrip.roundTrip(blit, points, blit.toBytes(points).length);
        assertEquals(Point[].class, read.getClass());
        EnumSet<Color> colors = EnumSet.of(Color.GREEN, Color.BLUE);
        assertEquals(colors, RoundTrip.roundTrip(blit, colors, blit.toBytes(colors).length));
        assertEquals(EnumSet.noneOf(Color.class), blit.copy(EnumSet.noneOf(Color.class)));
        Map<Color, Point> byColor = new java.util.EnumMap<>(Color.class);
        assertEquals(byColor, RoundTrip.roundTrip(blit, byColor, blit.toBytes(byColor).length)); // empty: see below
        byColor.put(Color.RED, new Point(0, 1));
        assertEquals(byColor, RoundTrip.roundTrip(blit, byColor, blit.toBytes(byColor).length));
    }

    @Test
    void aGraphWithBackReferencesAndCyclesComesBackAsAGraph() {
        Blit blit = Blit.builder().allowClassNames(MODEL).references(true).build();
        Order o = Order.sample();
        Order copy = blit.copy(o);
        assertTrue(o.same(copy));
        Model.Node deep = Model.Node.chain(1000);
        assertEquals(1000, blit.copy(deep).length());
        Blit noRefs = named(MODEL);
        assertEquals(1000, noRefs.copy(deep).length());
        assertThrows(BlitException.class, () -> noRefs.toBytes(o), "a cycle without references hits maxDepth");
    }

    @Test
    void registeredClassesAreStillWrittenByTheirIds() {
        Blit blit = Blit.builder().register(Point.class, 100).allowClassNames(MODEL).build();
        assertEquals("64 03 00 00 00 fe ff ff ff", hex(blit.toBytes(new Point(3, -2))).trim());
        byte[] byName = named(MODEL).toBytes(new Point(3, -2));
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(byName));
        assertTrue(e.getMessage().contains("registered with this Blit instance (id 100)") && e.getMessage().contains("offset 3"),
                e.getMessage());
    }

    @Test
    void patternsMatchAClassAPackageOrAPackageTree() {
        Inner inner = new Inner("x");
        assertEquals(inner, named("dev.blit.gen.named.**").copy(inner));
        assertEquals(inner, named("dev.blit.gen.named.deep.Inner").copy(inner));
        BlitException e = assertThrows(BlitException.class, () -> named(MODEL).toBytes(inner));
        assertTrue(e.getMessage().contains("is not registered") && e.getMessage().contains("allowClassNames [" + MODEL + "]"),
                e.getMessage());
        // a name the writer's patterns allowed and the reader's do not
        byte[] bytes = named("dev.blit.gen.named.**").toBytes(inner);
        e = assertThrows(BlitException.class, () -> named(MODEL).fromBytes(bytes));
        assertTrue(e.getMessage().contains("is not allowed") && e.getMessage().contains("offset 3"), e.getMessage());
        // nested classes belong to their outer class's package
        assertEquals(new Point(1, 1), named("dev.blit.gen.named.Model$Point").copy(new Point(1, 1)));
        assertThrows(BlitException.class, () -> named("dev.blit.gen.named.Model$Point").toBytes(new Circle(1)));
    }

    @Test
    void badPatternsAreRefusedWhenBuilding() {
        for (String p : new String[] {"*", "**", "java.util.*", "java.**", "javax.naming.**", "sun.nio.ch.*",
                "com.sun.**", "jdk.internal.*", "com..acme", "com.acme.*.x", "", "com/acme/X", "[Lcom.acme.X;"}) {
            BlitException e = assertThrows(BlitException.class, () -> Blit.builder().allowClassNames(p), p);
            assertTrue(e.getMessage().startsWith("allowClassNames: "), e.getMessage());
        }
        Blit.builder().allowClassNames("javafx.**", "javalin.App", "com.sunny.*"); // only the JDK's own names are refused
    }

    /** A loader that records every name asked of it: the allowlist must be checked before it is asked. */
    private static final class Spy extends ClassLoader {
        final List<String> asked = new ArrayList<>();

        Spy() {
            super(NamedClassTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            synchronized (asked) {
                asked.add(name);
            }
            return super.loadClass(name, resolve);
        }
    }

    @Test
    void aNameIsCheckedBeforeAnyClassIsLoaded() {
        Spy spy = new Spy();
        Blit reader = Blit.builder().allowClassNames(MODEL).classLoader(spy).build();
        for (String name : new String[] {"java.util.HashMap", "javax.management.BadAttributeValueExpException",
                "org.apache.commons.collections.functors.InvokerTransformer", "dev.blit.gen.NamedClassTest",
                "dev.blit.gen.named.deep.Inner", "dev.blit.gen.named.Model$Point[]", "dev.blit.gen.named.", ""}) {
            byte[] bytes = bytes("63 2b 00 " + name(name) + " 00");
            BlitException e = assertThrows(BlitException.class, () -> reader.fromBytes(bytes), name);
            assertTrue(e.getMessage().contains("is not allowed") && e.getMessage().contains("at offset 3"), e.getMessage());
        }
        assertEquals(List.of(), spy.asked);
        assertEquals(new Point(7, 8), reader.fromBytes(named(MODEL).toBytes(new Point(7, 8))));
        assertEquals(List.of(Point.class.getName()), spy.asked);
    }

    @Test
    void namesThatAreAllowedButCannotBeReadAreRefusedWithTheirOffset() {
        Blit blit = named(MODEL);
        String[][] cases = {
                {"dev.blit.gen.named.Missing", "names no class"},
                {"dev.blit.gen.named.Model$Shape", "not written by name"},
                {"dev.blit.gen.named.Model$Abstract", "not written by name"},
                {"dev.blit.gen.named.Model$Color$1", "not written by name"},
        };
        for (String[] c : cases) {
            byte[] bytes = bytes("63 2b 00 " + name(c[0]) + " 00");
            BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
        }
        // a class the name allows that cannot be serialized: refused as registering it is, the same way every time
        byte[] unbuildable = bytes("63 2b 00 " + name(Model.Unbuildable.class.getName()) + " 02 04");
        String first = assertThrows(BlitException.class, () -> blit.fromBytes(unbuildable)).getMessage();
        assertEquals(first, assertThrows(BlitException.class, () -> blit.fromBytes(unbuildable)).getMessage());
        assertTrue(first.contains("Unbuildable") && first.contains("at offset 3: "), first);
        String written = assertThrows(BlitException.class, () -> blit.toBytes(new Model.Unbuildable(1))).getMessage();
        assertTrue(first.endsWith(written), written);
        // an index this message has not given, a null name, an over-long name
        assertMessage(blit, "63 2b 01 00", "class reference 1 at offset 2: this message named 0 classes");
        assertMessage(blit, "30 02 63 2b 00 " + name(Point.class.getName()) + " 01 00 00 00 02 00 00 00 63 2b 02",
                "class reference 2 at offset");
        // a package this message has not given, a null package, a null name, a name with a dot in it
        assertMessage(blit, "63 2b 00 01 " + packed("Point", false), "package reference 1 at offset 3: this message named 0 packages");
        assertMessage(blit, "30 02 63 2b 00 " + name(Point.class.getName()) + " 01 00 00 00 02 00 00 00 63 2b 00 02 "
                + packed("Model$Circle", false), "package reference 2 at offset");
        // the string form (00 str) of a name: its null, a dot in a class's name in its package
        assertMessage(blit, "63 2b 00 00 00 00", "null package name at offset 4");
        assertMessage(blit, "63 2b 00 00 " + packed("dev.blit.gen.named", true) + " 00 00", "null class name at offset 19");
        assertMessage(blit, "63 2b 00 00 00 " + str("dev.blit.gen") + " 00 " + str("named.Model$Point"),
                "class name \"named.Model$Point\", which holds a dot, at offset 18");
        // over-long names: the whole name, a package or a name in it alone, packed or not, refused before its bytes
        assertMessage(blit, "63 2b 00 00 " + packed("p".repeat(600), true) + " " + packed("Q".repeat(600), false),
                "class name of 1201 chars at offset 3: at most 1024 are read");
        assertMessage(blit, "63 2b 00 00 " + packed("dev.blit.gen.named", true) + " " + uvar(1101), "class name of 1100 chars at offset 19: at most 1024 are read");
        assertMessage(blit, "63 2b 00 00 00 " + str("x".repeat(1025)), "package name of 1025 chars at offset 4: at most 1024");
        assertMessage(blit, "63 2b 00 00 " + uvar(1026), "package name of 1025 chars at offset 4: at most 1024");
        assertMessage(blit, "63 2b 00 00 " + uvar(0x7fffffff), "package name of 2147483646 chars at offset 4: at most 1024");
        // a packed name whose bits after its last code are not zero ("a" is 00; 40 sets a padding bit), a truncated one
        assertMessage(blit, "63 2b 00 00 02 40", "packed package name at offset 4: the bits after its 1 characters are not zero");
        assertMessage(blit, "63 2b 00 00 02 00 02 c0", "packed class name at offset 6: the bits after its 1 characters are not zero");
        assertMessage(blit, "63 2b 00 00 0b 00 00", "truncated input at offset 7");
        // a Blit without patterns reads no class by name
        assertMessage(Blit.builder().build(), "63 2b 00 " + name(Point.class.getName()) + " 01 00 00 00 02 00 00 00",
                "reads no class by name");
    }

    /**
     * A loader that defines {@code Model$Line} itself and cannot find {@code Model$Order}, the type of one of its
     * fields: what an allowed name whose class is missing a dependency looks like.
     */
    private static final class Missing extends ClassLoader {
        Missing() {
            super(NamedClassTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (name.equals(Order.class.getName())) {
                throw new ClassNotFoundException(name);
            }
            if (!name.equals(Model.Line.class.getName())) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) {
                    return c;
                }
                try (java.io.InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    byte[] b = in.readAllBytes();
                    return defineClass(name, b, 0, b.length);
                } catch (java.io.IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
        }
    }

    @Test
    void anAllowedClassMissingADependencyIsABlitException() {
        Blit reader = Blit.builder().allowClassNames(MODEL).classLoader(new Missing()).build();
        byte[] bytes = bytes("63 2b 00 " + name(Model.Line.class.getName()) + " 00 02 00");
        for (int i = 0; i < 2; i++) {
            BlitException e = assertThrows(BlitException.class, () -> reader.fromBytes(bytes));
            assertTrue(e.getMessage().contains("at offset 3") && e.getMessage().contains("NoClassDefFoundError")
                    && e.getMessage().contains("Model$Order"), e.getMessage());
        }
    }

    private static void assertMessage(Blit blit, String hex, String expected) {
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes(hex)), hex);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void classesWithoutANameAreNotWrittenByName() {
        Blit blit = named(MODEL, "dev.blit.gen.**");
        Runnable anonymous = new Runnable() {
            @Override
            public void run() {
            }
        };
        assertThrows(BlitException.class, () -> blit.toBytes(anonymous));
        record Local(int x) {
        }
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(new Local(1)));
        assertTrue(e.getMessage().contains("local class"), e.getMessage());
    }

    @Test
    void streamsNameTheirClassesInEveryMessage() {
        Blit blit = named(MODEL);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        dev.blit.buffer.WriteBuffer w = dev.blit.buffer.WriteBuffer.to(out);
        for (int i = 0; i < 3; i++) {
            blit.write(new Point(i, i), w);
        }
        w.flush();
        byte[] one = blit.toBytes(new Point(0, 0));
        assertEquals(3 * one.length, out.size());
        dev.blit.buffer.ReadBuffer in = dev.blit.buffer.ReadBuffer.of(new ByteArrayInputStream(out.toByteArray()));
        for (int i = 0; i < 3; i++) {
            assertEquals(new Point(i, i), blit.read(in));
        }
    }

    /**
     * A session compares each new name with the one the last message gave at that index (a stream's messages
     * usually name their classes in the same order) before it decodes it: names in another order, a name that
     * shares all but its last byte with the remembered one, and a name longer than what is buffered, all still
     * read as what they say.
     */
    @Test
    void aSessionRecognisesTheNamesItsLastMessagesGave() {
        Blit blit = named(MODEL, "dev.blit.gen.named.deep.*");
        Object[] values = {new Point(1, 1), new Circle(2), new Point(3, 3), List.of(new Circle(1), new Point(1, 2)),
                List.of(new Point(5, 5), new Circle(5)), new Inner("a"), List.of(new Circle(3), new Inner("b"), new Point(0, 0))};
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        dev.blit.buffer.WriteBuffer w = dev.blit.buffer.WriteBuffer.to(out);
        for (Object v : values) {
            blit.write(v, w);
        }
        w.flush();
        for (dev.blit.buffer.ReadBuffer in : new dev.blit.buffer.ReadBuffer[] {dev.blit.buffer.ReadBuffer.of(out.toByteArray()),
                dev.blit.buffer.ReadBuffer.of(RoundTrip.trickle(out.toByteArray(), out.size()))}) { // one byte a read
            for (Object v : values) {
                assertEquals(v, blit.read(in));
            }
        }
        // Model$Point, then a name one char off (Model$Poinu, as many bytes): not taken for the remembered one
        byte[] point = blit.toBytes(new Point(1, 2));
        byte[] other = bytes(hex(point).trim().replace(packed("Model$Point", false), packed("Model$Poinu", false)));
        assertEquals(point.length, other.length);
        dev.blit.buffer.ReadBuffer in = dev.blit.buffer.ReadBuffer.of(concat(point, other));
        assertEquals(new Point(1, 2), blit.read(in));
        BlitException e = assertThrows(BlitException.class, () -> blit.read(in));
        assertTrue(e.getMessage().contains("Model$Poinu") && e.getMessage().contains("names no class"), e.getMessage());
    }

    /** A writer finds a class's index by looking through the first eight, then through a map: both give the same bytes. */
    @Test
    void aMessageOfManyNamedClassesNamesEachOnce() {
        Blit blit = Blit.builder().allowClassNames(MODEL, "dev.blit.gen.named.deep.*").references(true).build();
        Model.Node node = Model.Node.chain(2);
        List<Object> ten = List.of(new Point(1, 2), new Circle(1), new Model.Square(2, Color.RED), Model.Op.PLUS,
                new Model.Derived(3), new Model.Line(null, 1, "x"), Order.sample(), node, new Inner("i"), Color.BLUE);
        List<Object> twice = new ArrayList<>(ten);
        twice.addAll(List.of(new Point(3, 4), new Circle(2), new Model.Square(3, Color.GREEN), Model.Op.MINUS,
                new Model.Derived(4), new Model.Line(null, 2, "y"), Order.sample(), Model.Node.chain(1), new Inner("j"), Color.RED));
        byte[] bytes = blit.toBytes(twice);
        // each class's name in its package once, and each of the two packages once
        List<String> parts = new ArrayList<>(List.of(packed("dev.blit.gen.named", true), packed("dev.blit.gen.named.deep", true)));
        for (Class<?> c : new Class<?>[] {Point.class, Circle.class, Model.Op.class, Model.Node.class, Inner.class, Color.class}) {
            parts.add(packed(c.getName().substring(c.getName().lastIndexOf('.') + 1), false));
        }
        for (String part : parts) {
            byte[] str = bytes(part);
            int times = 0;
            for (int i = 0; i + str.length <= bytes.length; i++) {
                if (Arrays.equals(bytes, i, i + str.length, str, 0, str.length)) {
                    times++;
                }
            }
            assertEquals(1, times, part + " named once in " + bytes.length + " bytes");
        }
        Object back = blit.fromBytes(bytes);
        assertEquals(blit.toBytes(back).length, bytes.length);
        assertArrayEquals(bytes, blit.toBytes(twice), "the same bytes again: nothing depends on the message before");
    }

    /**
     * A {@code Class} value (98) of a class written by name is its descriptor, 99, 43 and its class reference, so
     * it shares the message's names with the class's values; an array of one is 21 and that. An interface or an
     * abstract class has no name to write.
     */
    @Test
    void aClassValueOfAClassWrittenByNameIsItsClassReference() {
        Blit blit = named(MODEL);
        byte[] bytes = blit.toBytes(List.of(Point.class, new Point(1, 2), Point[].class));
        assertEquals("30 03 62 63 2b 00 " + name(Point.class.getName()) + " 63 2b 01 01 00 00 00 02 00 00 00 62 15 63 2b 01",
                hex(bytes).trim());
        assertEquals(List.of(Point.class, new Point(1, 2), Point[].class), blit.fromBytes(bytes));
        record Holder(Class<?> type) {
        }
        Blit holding = Blit.builder().allowClassNames(MODEL).register(Holder.class, 100).build();
        assertEquals(new Holder(Circle.class), holding.copy(new Holder(Circle.class)));
        RoundTrip.roundTrip(blit, Point[][].class, blit.toBytes(Point[][].class).length);
        for (Class<?> c : List.of(Model.Shape.class, Model.Abstract.class, Color.GREEN.getClass())) {
            BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(c), c::getName);
            assertTrue(e.getMessage().contains("cannot write Class " + c.getName()), e.getMessage());
        }
        // a reader reads such a class only as any name: behind its own patterns
        assertMessage(Blit.builder().build(), hex(blit.toBytes(Point.class)), "reads no class by name");
        assertMessage(named("dev.blit.gen.named.deep.*"), hex(blit.toBytes(Point.class)), "is not allowed");
    }

    /** An empty EnumMap's key type is private to it: an enum written by name is found as Java serialization finds it. */
    @Test
    void anEmptyEnumMapOfAnEnumWrittenByNameRoundTrips() {
        Blit blit = named(MODEL);
        java.util.EnumMap<Color, Object> empty = new java.util.EnumMap<>(Color.class);
        assertEquals("2f 63 2b 00 " + name(Color.class.getName()) + " 00", hex(blit.toBytes(empty)).trim());
        java.util.EnumMap<?, ?> copy = (java.util.EnumMap<?, ?>) blit.fromBytes(blit.toBytes(empty));
        assertTrue(copy.isEmpty());
        @SuppressWarnings({"unchecked", "rawtypes"})
        java.util.EnumMap<Color, Object> typed = (java.util.EnumMap) copy;
        typed.put(Color.RED, 1); // keyed by Color
        assertEquals(Map.of(Color.RED, 1), typed);
    }

    /** {@code readInto} fills a mutable class written by name in place, as it does a registered one. */
    @Test
    void readIntoFillsAMutableClassWrittenByName() {
        Blit blit = named(MODEL);
        Model.Line target = new Model.Line(null, 0, "old");
        byte[] bytes = blit.toBytes(new Model.Line(null, 7, "new"));
        Model.Line filled = blit.readInto(dev.blit.buffer.ReadBuffer.of(bytes), target);
        assertSame(target, filled);
        assertEquals(7, (int) (Integer) fieldOf(target, "number"));
        assertEquals("new", fieldOf(target, "text"));
        // bytes of another class, or of another extended value, read as they are; a record comes back new
        assertThrows(BlitException.class, () -> blit.readInto(dev.blit.buffer.ReadBuffer.of(blit.toBytes(new Point(1, 2))), target));
        assertThrows(BlitException.class, () -> blit.readInto(dev.blit.buffer.ReadBuffer.of(blit.toBytes(
                java.util.concurrent.TimeUnit.DAYS)), target));
        Point p = new Point(0, 0);
        assertEquals(new Point(1, 2), blit.readInto(dev.blit.buffer.ReadBuffer.of(blit.toBytes(new Point(1, 2))), p));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void eightThreadsMeetingANewClassShareOneSerializer() throws Exception {
        for (int round = 0; round < 5; round++) {
            Blit blit = Blit.builder().allowClassNames(MODEL).references(true).build();
            ExecutorService pool = Executors.newFixedThreadPool(8);
            try {
                CountDownLatch start = new CountDownLatch(1);
                List<Future<Object>> results = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int k = t;
                    Callable<Object> task = () -> {
                        start.await();
                        Order o = Order.sample();
                        for (int i = 0; i < 200; i++) {
                            Order copy = blit.copy(o);
                            if (!o.same(copy) || !new Point(k, i).equals(blit.copy(new Point(k, i)))) {
                                return "thread " + k + " read another value";
                            }
                        }
                        return blit.serializerOf(Point.class);
                    };
                    results.add(pool.submit(task));
                }
                start.countDown();
                Object first = results.get(0).get();
                for (Future<Object> f : results) {
                    assertSame(first, f.get());
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void mutatedAndTruncatedNamedBytesFailOnlyWithBlitException() {
        Blit blit = Blit.builder().allowClassNames(MODEL).references(true).build();
        byte[] bytes = blit.toBytes(Order.sample());
        RoundTrip.assertMutationsFailOnlyWithBlitException(blit, bytes, 7);
        assertFalse(Arrays.equals(bytes, named(MODEL).toBytes(new Point(0, 0))));
        assertInstanceOf(Order.class, blit.fromBytes(bytes));
    }

    private static Object fieldOf(Object o, String name) {
        try {
            java.lang.reflect.Field f = o.getClass().getDeclaredField(name);
            f.setAccessible(true);
            return f.get(o);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Two loaders with a class of the same name (a plugin host, a redeployed web app): a Blit reading names through
     * loader A read them as B's class once it had written a value of B's, since it kept the last class written under
     * each name. What is read by name is now always what the instance's loader gives for it.
     */
    @Test
    void aNameReadIsLoadedThroughTheInstancesLoaderWhateverSameNamedClassItWroteBefore() throws Exception {
        java.net.URL classes = Point.class.getProtectionDomain().getCodeSource().getLocation();
        ClassLoader a = new java.net.URLClassLoader(new java.net.URL[]{classes}, ClassLoader.getPlatformClassLoader());
        ClassLoader b = new java.net.URLClassLoader(new java.net.URL[]{classes}, ClassLoader.getPlatformClassLoader());
        Class<?> pointA = a.loadClass(Point.class.getName());
        Class<?> pointB = b.loadClass(Point.class.getName());
        assertTrue(pointA != pointB);
        Blit blit = Blit.builder().allowClassNames(MODEL).classLoader(a).build();
        byte[] bytes = blit.toBytes(pointB.getConstructor(int.class, int.class).newInstance(1, 2));
        Object back = blit.fromBytes(bytes);
        assertSame(pointA, back.getClass());
        assertEquals("Point[x=1, y=2]", back.toString());
        assertSame(pointA, blit.fromBytes(blit.toBytes(pointA.getConstructor(int.class, int.class).newInstance(3, 4))).getClass());
    }

    /** An enum whose static initializer runs {@link InitHook#run}: data made with the application's Blit, say. */
    public enum InitUsesBlit {
        A, B;

        static {
            InitHook.run.run();
        }
    }

    /** What {@link InitUsesBlit}'s initializer runs (public: a copy of the enum in another loader calls it). */
    public static final class InitHook {
        public static volatile Runnable run = () -> { };
    }

    /** A loader that defines one class of the tests' itself, a copy not yet initialized; the rest is its parent's. */
    private static final class OwnCopy extends ClassLoader {
        private final String own;

        OwnCopy(String own) {
            super(NamedClassTest.class.getClassLoader());
            this.own = own;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(own)) {
                return super.loadClass(name, resolve);
            }
            synchronized (getClassLoadingLock(name)) {
                Class<?> c = findLoadedClass(name);
                if (c != null) {
                    return c;
                }
                try (java.io.InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                    byte[] b = in.readAllBytes();
                    return defineClass(name, b, 0, b.length);
                } catch (java.io.IOException e) {
                    throw new ClassNotFoundException(name, e);
                }
            }
        }
    }

    /**
     * @return whether {@code t} is stopped (waiting, blocked, or in a native method: waiting for another thread's
     *         class initialization shows as RUNNABLE there) with a frame of {@code className} on its stack
     */
    private static boolean stoppedIn(Thread t, String className) {
        StackTraceElement[] stack = t.getStackTrace();
        if (t.getState() == Thread.State.NEW || stack.length == 0
                || t.getState() == Thread.State.RUNNABLE && !stack[0].isNativeMethod()) {
            return false;
        }
        for (StackTraceElement e : stack) {
            if (e.getClassName().equals(className)) {
                return true;
            }
        }
        return false;
    }

    /**
     * A thread reading an enum by name made its serializer holding the instance's lock for classes written by name,
     * and the serializer asks for the constants, which waits for the enum's initialization; that initialization,
     * on another thread, used the same Blit on another class written by name and waited for the lock: neither ever
     * went on. The class is now initialized before the lock is taken. Forced: the initializer uses the Blit only
     * once the reader is stopped inside NamedClasses.
     */
    @Test
    void anEnumWhoseInitializerUsesTheBlitWhileAnotherThreadReadsItByNameDoesNotDeadlock() throws Exception {
        String enumName = InitUsesBlit.class.getName();
        byte[] bytes = named(MODEL, enumName).toBytes(InitUsesBlit.B); // this loader's copy, initialized doing nothing
        ClassLoader fresh = new OwnCopy(enumName);
        Blit blit = Blit.builder().allowClassNames(MODEL, enumName).classLoader(fresh).build();
        CountDownLatch initializing = new CountDownLatch(1);
        Object[] results = new Object[2];
        Thread reader = new Thread(() -> {
            try {
                initializing.await();
                results[0] = blit.fromBytes(bytes);
            } catch (Throwable e) {
                results[0] = e;
            }
        }, "reader");
        InitHook.run = () -> {
            initializing.countDown();
            long end = System.nanoTime() + 10_000_000_000L;
            while (!stoppedIn(reader, "dev.blit.internal.NamedClasses") && System.nanoTime() < end) {
                Thread.onSpinWait();
            }
            results[1] = blit.copy(new Point(1, 2));
        };
        Thread init = new Thread(() -> {
            try {
                Class.forName(enumName, true, fresh);
            } catch (Throwable e) {
                results[1] = e;
            }
        }, "initializer");
        reader.setDaemon(true);
        init.setDaemon(true);
        try {
            reader.start();
            init.start();
            init.join(10_000);
            reader.join(5_000);
            assertFalse(init.isAlive() || reader.isAlive(), "deadlock: " + reader.getState() + " "
                    + Arrays.toString(reader.getStackTrace()) + "; " + init.getState() + " " + Arrays.toString(init.getStackTrace()));
        } finally {
            InitHook.run = () -> { };
        }
        assertEquals(new Point(1, 2), results[1]);
        assertEquals("B", String.valueOf(results[0]));
        assertSame(fresh.loadClass(enumName), results[0].getClass());
    }
}
