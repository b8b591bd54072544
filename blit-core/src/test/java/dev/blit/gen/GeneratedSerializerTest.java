package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.gen.Fixtures.Bag;
import dev.blit.gen.Fixtures.Circle;
import dev.blit.gen.Fixtures.Color;
import dev.blit.gen.Fixtures.Derived;
import dev.blit.gen.Fixtures.Dog;
import dev.blit.gen.Fixtures.Drawing;
import dev.blit.gen.Fixtures.Finals;
import dev.blit.gen.Fixtures.Legacy;
import dev.blit.gen.Fixtures.Named;
import dev.blit.gen.Fixtures.Pixel;
import dev.blit.gen.Fixtures.Point;
import dev.blit.gen.Fixtures.Primitives;
import dev.blit.gen.Fixtures.Quote;
import dev.blit.gen.Fixtures.Range;
import dev.blit.gen.Fixtures.Segment;
import dev.blit.gen.Fixtures.Shape;
import dev.blit.gen.Fixtures.Square;
import dev.blit.gen.Fixtures.VenueQuote;
import dev.blit.gen.Fixtures.Visibility;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GeneratedSerializerTest {
    private static final Blit BLIT = TestBlits.generated().build();

    @Test
    void recordIsWrittenAsTagThenComponentsInNameOrder() {
        // Point id 107 = 0x6b; x=3 -> svar 06, y=-2 -> svar 03
        byte[] bytes = BLIT.toBytes(new Point(3, -2));
        assertEquals("6b 06 03", RoundTrip.hex(bytes));
        RoundTrip.roundTrip(BLIT, new Point(3, -2), 3);
    }

    @Test
    void smallClassHasTheLengthComputedFromTheFormat() {
        // Named id 123 = 0x7b: 1 byte; its String field, untagged: header 05 (length 2, Latin-1), 'h' 'i'
        assertEquals("7b 05 68 69", RoundTrip.hex(BLIT.toBytes(new Named("hi"))));
        // Visibility fields a, b, c, d: svar 1, svar 2, "c" (03 63), f64 0.5
        Visibility v = new Visibility(1, 2, "c", 0.5);
        assertEquals("64 02 04 03 63 00 00 00 00 00 00 e0 3f", RoundTrip.hex(BLIT.toBytes(v)));
        RoundTrip.roundTrip(BLIT, v, 13);
        // a null String field is the null string header 00
        assertEquals("7b 00", RoundTrip.hex(BLIT.toBytes(new Named(null))));
        RoundTrip.roundTrip(BLIT, new Named(null), 2, (a, b) -> b instanceof Named && ((Named) b).name == null);
    }

    @Test
    void privatePackageProtectedAndPublicFieldsRoundTrip() {
        // tag, svar -7 (1), svar MAX_VALUE (5), "€uro" (header, 4 UTF-16 chars), f64
        RoundTrip.roundTrip(BLIT, new Visibility(-7, Integer.MAX_VALUE, "€uro", Double.NaN), 1 + 1 + 5 + 9 + 8);
    }

    @Test
    void everyPrimitiveRoundTripsAndStaticAndTransientFieldsAreSkipped() {
        Primitives p = new Primitives();
        p.z = true;
        p.b = -1;
        p.s = Short.MIN_VALUE;
        p.c = '\uFFFF';
        p.i = Integer.MIN_VALUE;
        p.j = Long.MIN_VALUE;
        p.f = Float.intBitsToFloat(0x7fc00001);
        p.d = -0.0;
        p.ignoredTransient = 42;
        // tag + bool 1 + byte 1 + i16 2 + u16 2 + svar int 5 + svar long 10 + f32 4 + f64 8
        Primitives back = RoundTrip.roundTrip(BLIT, p, 1 + 1 + 1 + 2 + 2 + 5 + 10 + 4 + 8);
        assertEquals(9, back.ignoredTransient, "transient fields are not written: the constructor's value stays");
        assertEquals(List.of("b", "c", "d", "f", "i", "j", "s", "z"), fieldNames(Primitives.class));
    }

    @Test
    void inheritedFieldsFromAnotherPackageAndAShadowedFieldAreBothRestored() {
        Derived d = new Derived(77L, "base", 1, 2, "own");
        Derived back = BLIT.fromBytes(BLIT.toBytes(d), Derived.class);
        assertEquals(77L, back.baseId());
        assertEquals("base", back.label());
        assertEquals(1, back.superX());
        assertEquals(2, back.x());
        assertEquals("own", back.own());
        assertEquals(List.of("baseId", "label", "x", "own", "x"), fieldNames(Derived.class),
                "topmost superclass first, then by name; the shadowed x is a field of its own");
    }

    @Test
    void finalFieldsAreSetThroughAConstructorFoundInTheBytecode() {
        Quote q = new Quote(1010L, new double[]{1.5, 2.25});
        // tag, svar 1010 (2 bytes), double[] tag 13 + uvar 3 + 2 * 8
        RoundTrip.roundTrip(BLIT, q, 1 + 2 + 1 + 1 + 16);
        Range r = BLIT.fromBytes(BLIT.toBytes(new Range(-3, 9)), Range.class);
        assertEquals(-3, r.lo());
        assertEquals(9, r.hi());
        VenueQuote vq = BLIT.fromBytes(BLIT.toBytes(new VenueQuote(5, 6)), VenueQuote.class);
        assertEquals(5, vq.sourceId());
        assertEquals(6, vq.venue());
    }

    @Test
    void aConstructorThatRejectsTheDecodedFieldsFailsWithABlitExceptionAndTheOffset() {
        byte[] bytes = BLIT.toBytes(new Range(1, 2));
        // fields hi, lo: swap them so that lo > hi
        byte[] swapped = {bytes[0], bytes[2], bytes[1]};
        BlitException e = assertThrows(BlitException.class, () -> BLIT.fromBytes(swapped));
        assertTrue(e.getMessage().contains("offset 1"), e.getMessage());
        assertTrue(e.getMessage().contains("lo > hi"), e.getMessage());
    }

    @Test
    void finalFieldsOfAClassWithOnlyANoArgumentConstructorAreSetAfterIt() throws Exception {
        Legacy l = new Legacy();
        java.lang.reflect.Field code = Legacy.class.getDeclaredField("code");
        code.setAccessible(true);
        code.setInt(l, 31);
        java.lang.reflect.Field name = Legacy.class.getDeclaredField("name");
        name.setAccessible(true);
        name.set(l, "old");
        Legacy back = BLIT.fromBytes(BLIT.toBytes(l), Legacy.class);
        assertEquals(31, back.code());
        assertEquals("old", back.name());
    }

    @Test
    void nestedRecordsAndRecordsHoldingListsAndMapsRoundTrip() {
        RoundTrip.roundTrip(BLIT, new Segment(new Point(1, 2), new Point(3, 4), "s"), 1 + 3 + 3 + 2);
        Map<String, List<Point>> groups = new LinkedHashMap<>();
        groups.put("a", new ArrayList<>(List.of(new Point(1, 1))));
        groups.put("b", new ArrayList<>());
        Bag bag = new Bag(new ArrayList<>(List.of("x", "y")), groups);
        assertEquals(bag, BLIT.fromBytes(BLIT.toBytes(bag)));
        RoundTrip.roundTrip(BLIT, new Segment(null, new Point(0, 0), null), 1 + 1 + 3 + 1);
    }

    @Test
    void registeredEnumsAsFieldsRoundTrip() {
        for (Color c : Color.values()) {
            // Pixel tag, Point (tag + 2), Color tag + ordinal
            RoundTrip.roundTrip(BLIT, new Pixel(new Point(1, 2), c), 1 + 3 + 2);
        }
        RoundTrip.roundTrip(BLIT, new Pixel(null, null), 3);
    }

    @Test
    void boxesStringsAndArraysAsDeclaredFinalTypesRoundTripWithTheirTags() {
        Finals f = Finals.sample();
        Finals back = BLIT.fromBytes(BLIT.toBytes(f), Finals.class);
        assertEquals(f.flag, back.flag);
        assertEquals(f.count, back.count);
        assertEquals(f.big, back.big);
        assertEquals(f.ratio, back.ratio);
        assertEquals(f.letter, back.letter);
        assertEquals(f.text, back.text);
        assertArrayEquals(f.ints, back.ints);
        assertArrayEquals(f.longs, back.longs);
        assertArrayEquals(f.doubles, back.doubles);
        assertArrayEquals(f.bytes, back.bytes);
        assertArrayEquals(f.bools, back.bools);
        assertArrayEquals(f.texts, back.texts);
        assertArrayEquals(f.objects, back.objects);
        assertSame(Color.GREEN, back.color);
        assertEquals(f.point, back.point);
        Finals empty = BLIT.fromBytes(BLIT.toBytes(new Finals()), Finals.class);
        assertNull(empty.text);
        assertNull(empty.doubles);
        Finals t = new Finals();
        t.flag = Boolean.TRUE;
        assertEquals(Boolean.TRUE, BLIT.fromBytes(BLIT.toBytes(t), Finals.class).flag);
    }

    @Test
    void interfaceAbstractAndObjectFieldsHoldAnyRegisteredOrBuiltInValue() {
        Drawing d = new Drawing();
        d.main = new Circle(2);
        Dog dog = new Dog();
        dog.name = "rex";
        dog.barks = 3;
        d.pet = dog;
        d.anything = new int[]{4, 5};
        d.number = 12L;
        d.shapes = new ArrayList<>(List.of(new Circle(1), new Square(2), new Circle(3)));
        Map<String, List<Point>> layers = new HashMap<>();
        layers.put("top", new ArrayList<>(List.of(new Point(1, 2), new Point(3, 4))));
        d.layers = layers;
        assertEquals(d, BLIT.fromBytes(BLIT.toBytes(d)));
        d.anything = "text";
        d.number = 1.5;
        assertEquals(d, BLIT.fromBytes(BLIT.toBytes(d)));
        assertEquals(new Drawing(), BLIT.fromBytes(BLIT.toBytes(new Drawing())));
    }

    @Test
    void aValueOfTheWrongTypeForAFieldIsABlitExceptionNamingTheFieldAndOffset() {
        int named = TestBlits.idOf(Named.class);
        // Named's String field has no tag, so it cannot hold another type: a header whose string is missing
        // (04: one Latin-1 byte) is reported at its offset
        BlitException e = assertThrows(BlitException.class, () -> BLIT.fromBytes(new byte[]{(byte) named, 4}));
        assertTrue(e.getMessage().contains("offset 1"), e.getMessage());
        // Drawing's fields by name: anything, layers, main, number, pet, shapes; main (a Shape) holds "x"
        int drawing = TestBlits.idOf(Drawing.class);
        byte[] wrong = {(byte) drawing, 0, 0, 0x0b, 0x03, 'x', 0, 0, 0};
        BlitException e2 = assertThrows(BlitException.class, () -> BLIT.fromBytes(wrong));
        assertTrue(e2.getMessage().contains("Drawing.main"), e2.getMessage());
        assertTrue(e2.getMessage().contains("offset 3"), e2.getMessage());
        // Quote's fields by name: prices, sourceId; prices (a double[]) holds an int[]: not the expected tag
        int quote = TestBlits.idOf(Quote.class);
        byte[] ints = {(byte) quote, 0x10, 0x02, 1, 0, 0, 0, 0x02};
        BlitException e3 = assertThrows(BlitException.class, () -> BLIT.fromBytes(ints));
        assertTrue(e3.getMessage().contains("Quote.prices"), e3.getMessage());
        assertTrue(e3.getMessage().contains("offset 1"), e3.getMessage());
    }

    @Test
    void everyTruncationOfAClassValueIsABlitException() {
        RoundTrip.assertTruncationsRejected(BLIT.toBytes(Finals.sample()), BLIT::fromBytes, BLIT::read);
        Quote q = new Quote(3, new double[]{1});
        RoundTrip.assertTruncationsRejected(BLIT.toBytes(q), BLIT::fromBytes, BLIT::read);
    }

    @Test
    void anAnonymousClassValueIsRefusedNamingTheClass() {
        Shape anonymous = new Shape() {
            @Override
            public double area() {
                return 0;
            }
        };
        Drawing d = new Drawing();
        d.main = anonymous;
        BlitException e = assertThrows(BlitException.class, () -> BLIT.toBytes(d));
        assertTrue(e.getMessage().contains(anonymous.getClass().getName()), e.getMessage());
        assertTrue(e.getMessage().contains("anonymous"), e.getMessage());
    }

    @Test
    void aLocalClassCanBeRegisteredAndRoundTrips() {
        localClassRoundTrip();
    }

    /** Static, so the local class has no enclosing instance. */
    private static void localClassRoundTrip() {
        final class Local {
            int v;
        }
        Blit blit = Blit.builder().register(Local.class, 100).build();
        Local l = new Local();
        l.v = 9;
        assertEquals(9, blit.fromBytes(blit.toBytes(l), Local.class).v);
    }

    @Test
    void aCustomSerializerOverridesGeneratedCode() {
        Serializer<Point> custom = new Serializer<>() {
            @Override
            public void write(WriteBuffer out, Point value) {
                out.writeInt(value.x() * 1000 + value.y());
            }

            @Override
            public Point read(ReadBuffer in) {
                int v = in.readInt();
                return new Point(v / 1000, v % 1000);
            }
        };
        Blit blit = Blit.builder().register(Point.class, 100, custom).register(Segment.class, 101).build();
        byte[] bytes = blit.toBytes(new Point(1, 2));
        assertEquals("64 ea 03 00 00", RoundTrip.hex(bytes));
        Segment s = new Segment(new Point(1, 2), new Point(3, 4), "n");
        assertEquals(s, blit.fromBytes(blit.toBytes(s)));
        assertEquals(1 + 5 + 5 + 2, blit.toBytes(s).length); // the name: header and one byte, no tag
    }

    @Test
    void eightThreadsShareOneBlit() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> results = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int seed = t;
                results.add(pool.submit(() -> {
                    for (int i = 0; i < 2_000; i++) {
                        Segment s = new Segment(new Point(seed, i), new Point(-i, seed), "t" + seed);
                        assertEquals(s, BLIT.fromBytes(BLIT.toBytes(s)));
                        Quote q = new Quote(i, new double[]{seed, i});
                        assertEquals(q, BLIT.fromBytes(BLIT.toBytes(q)));
                    }
                    return null;
                }));
            }
            for (Future<?> f : results) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aClassWithNoWayToInstantiateItFailsAtBuild() {
        BlitException e = assertThrows(BlitException.class,
                () -> Blit.builder().register(Fixtures.Unbuildable.class, 100).build());
        assertTrue(e.getMessage().contains("no-argument constructor"), e.getMessage());
        assertTrue(e.getMessage().contains("record"), e.getMessage());
        assertTrue(e.getMessage().contains(Fixtures.Unbuildable.class.getName()), e.getMessage());
    }

    @Test
    void anArrayClassIsNotRegisteredItsComponentIs() {
        BlitException e = assertThrows(BlitException.class,
                () -> Blit.builder().register(Fixtures.Shape[].class, 100).build());
        assertTrue(e.getMessage().contains("register(dev.blit.gen.Fixtures.Shape.class, id)"), e.getMessage());
        e = assertThrows(BlitException.class, () -> Blit.builder().register(int[][].class, 100).build());
        assertFalse(e.getMessage().contains("register("), e.getMessage());
        e = assertThrows(BlitException.class, () -> Blit.builder().register(String[].class, 100).build());
        assertFalse(e.getMessage().contains("register("), e.getMessage()); // String has an id already
        Blit blit = Blit.builder().register(Fixtures.Shape.class, 100).register(Fixtures.Circle.class, 101).build();
        Fixtures.Shape[] shapes = {new Fixtures.Circle(1), null};
        assertArrayEquals(shapes, (Object[]) blit.fromBytes(blit.toBytes(shapes)));
        // Every element's class registered but not the interface: the message says why the interface is asked for.
        Blit elementsOnly = Blit.builder().register(Fixtures.Circle.class, 101).build();
        for (Object array : new Object[]{shapes, new Fixtures.Shape[][]{shapes}}) {
            e = assertThrows(BlitException.class, () -> elementsOnly.toBytes(array));
            assertTrue(e.getMessage().startsWith("class dev.blit.gen.Fixtures$Shape is not registered; add Blit.builder()"
                    + ".register(dev.blit.gen.Fixtures.Shape.class, id)") && e.getMessage().contains("(it is the component type"
                    + " of a " + array.getClass().getTypeName() + ", which an array carries"), e.getMessage());
        }
    }

    @Test
    void generatedSerializersAreHiddenClassesNotTheReflectiveFallback() {
        Serializer<?> s = ClassSerializers.create(Point.class, new dev.blit.internal.RegistryBuilder(), null);
        assertTrue(s.getClass().isHidden(), s.getClass().getName());
        assertFalse(s instanceof ReflectiveSerializer);
        assertNotEquals(s.getClass(), ClassSerializers.create(Point.class, new dev.blit.internal.RegistryBuilder(), null).getClass());
    }

    @Test
    void theReflectiveFallbackCanBeForcedWithASystemProperty() {
        System.setProperty("blit.gen", "reflective");
        try {
            Serializer<?> s = ClassSerializers.create(Point.class, new dev.blit.internal.RegistryBuilder(), null);
            assertTrue(s instanceof ReflectiveSerializer, s.getClass().getName());
        } finally {
            System.clearProperty("blit.gen");
        }
    }

    static final class Empty {
    }

    record Unit() {
    }

    enum Op {
        PLUS {
            int apply(int a, int b) {
                return a + b;
            }
        },
        MINUS {
            int apply(int a, int b) {
                return a - b;
            }
        };

        abstract int apply(int a, int b);
    }

    static class Box<T> {
        T value;
    }

    static final class Calculation extends Box<Integer> {
        Op op;
        Point[] points;
    }

    @Test
    void emptyClassesEnumsWithBodiesGenericSuperclassesAndArraysOfRecordsRoundTrip() {
        Blit blit = Blit.builder().flat(false).register(Empty.class, 100).register(Unit.class, 101).register(Op.class, 102)
                .register(Calculation.class, 103).register(Point.class, 104).build();
        RoundTrip.roundTrip(blit, new Empty(), 1, (a, b) -> b instanceof Empty);
        RoundTrip.roundTrip(blit, new Unit(), 1);
        Calculation c = new Calculation();
        c.value = 7;
        c.op = Op.MINUS;
        c.points = new Point[]{new Point(1, 2), null};
        // tag; value: Integer (07 0e); op: tag + ordinal; points: 15, component 104 (0x68), length 2, Point (3), null
        Calculation back = RoundTrip.roundTrip(blit, c, 1 + 2 + 2 + (1 + 1 + 1 + 3 + 1),
                (a, b) -> java.util.Arrays.equals(blit.toBytes(a), blit.toBytes(b)));
        assertEquals(7, back.value);
        assertSame(Op.MINUS, back.op);
        assertEquals(Point[].class, back.points.getClass());
        assertEquals(new Point(1, 2), back.points[0]);
    }

    static List<String> fieldNames(Class<?> type) {
        List<String> names = new ArrayList<>();
        for (ClassModel.Property p : ClassModel.of(type, null).properties()) {
            names.add(p.field().getName());
        }
        return names;
    }
}
