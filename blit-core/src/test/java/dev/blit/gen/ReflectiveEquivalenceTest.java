package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.RoundTrip;
import dev.blit.gen.Fixtures.Bag;
import dev.blit.gen.Fixtures.Circle;
import dev.blit.gen.Fixtures.Derived;
import dev.blit.gen.Fixtures.Dog;
import dev.blit.gen.Fixtures.Drawing;
import dev.blit.gen.Fixtures.Finals;
import dev.blit.gen.Fixtures.Node;
import dev.blit.gen.Fixtures.Order;
import dev.blit.gen.Fixtures.OrderLine;
import dev.blit.gen.Fixtures.Pixel;
import dev.blit.gen.Fixtures.Point;
import dev.blit.gen.Fixtures.Primitives;
import dev.blit.gen.Fixtures.Quote;
import dev.blit.gen.Fixtures.Range;
import dev.blit.gen.Fixtures.Segment;
import dev.blit.gen.Fixtures.Square;
import dev.blit.gen.Fixtures.VenueQuote;
import dev.blit.gen.Fixtures.Visibility;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Generated code must write exactly what the straightforward reflective serializer writes, and read its bytes. */
class ReflectiveEquivalenceTest {

    static List<Object> samples() {
        List<Object> out = new ArrayList<>();
        out.add(new Visibility(1, -2, "three", 4.5));
        out.add(new Derived(9, "l", 3, 4, "o"));
        Primitives p = new Primitives();
        p.i = 12345;
        p.j = -1L << 40;
        p.c = 'x';
        out.add(p);
        out.add(new Quote(7, new double[]{1, 2, 3}));
        out.add(new Quote(7, null));
        out.add(new Range(2, 3));
        out.add(new VenueQuote(8, 9));
        out.add(new Segment(new Point(1, 2), null, "seg"));
        out.add(new Pixel(new Point(0, 0), Fixtures.Color.BLUE));
        Map<String, List<Point>> groups = new HashMap<>();
        groups.put("g", new ArrayList<>(List.of(new Point(5, 5))));
        out.add(new Bag(new ArrayList<>(List.of("a")), groups));
        Drawing d = new Drawing();
        d.main = new Square(3);
        Dog dog = new Dog();
        dog.name = "d";
        d.pet = dog;
        d.anything = new Circle(1);
        d.number = 3;
        d.shapes = new ArrayList<>(List.of(new Circle(2), new Square(1)));
        out.add(d);
        Order o = new Order(5);
        o.customer = new Fixtures.Customer("c");
        out.add(o);
        out.add(new Node(1, new Node(2, null)));
        out.add(Finals.sample());
        out.add(new Finals());
        out.addAll(rosters());
        Fixtures.Account account = new Fixtures.Account(12);
        out.add(account); // owner "nobody", no tags
        account = new Fixtures.Account(Long.MAX_VALUE);
        account.owner = null;
        account.balance = -1.5;
        account.tags = new ArrayList<>(List.of("vip", "eu"));
        out.add(account);
        out.add(Fixtures.Savings.sample());
        return out;
    }

    /** Typed lists (see {@link Fixtures.Roster}) in every shape the generated fast path must match the general one on. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static List<Object> rosters() {
        List<Object> out = new ArrayList<>();
        out.add(new Fixtures.Roster());
        Fixtures.Roster r = new Fixtures.Roster();
        Point shared = new Point(1, 1);
        r.points = new ArrayList<>(java.util.Arrays.asList(shared, null, new Point(2, -3), shared));
        r.tags = new ArrayList<>(List.of("a", "bc", "", "d")); // a run (FORMAT.md "Runs")
        r.more = new ArrayList<>();
        OrderLine line = new OrderLine();
        line.sku = "p";
        line.quantity = 1;
        r.lines = new ArrayList<>(List.of(line, line));
        r.shapes = new ArrayList<>(List.of(new Circle(1), new Square(2)));
        out.add(r);
        Fixtures.Roster other = new Fixtures.Roster();
        other.points = new java.util.LinkedList<>(List.of(new Point(5, 6))); // not an ArrayList: general path
        other.tags = List.of("x"); // an immutable list
        List polluted = new ArrayList<>(List.of(new Point(7, 8)));
        polluted.add("not a point");
        other.more = (ArrayList<Point>) (ArrayList) polluted;
        other.lines = new ArrayList<>();
        out.add(other);
        return out;
    }

    @Test
    void typedListsRoundTripWithSharingNullsAndForeignElements() {
        for (boolean refs : new boolean[]{false, true}) {
            Blit generated = TestBlits.generated().references(refs).build();
            List<Object> rosters = rosters();
            Fixtures.Roster r = (Fixtures.Roster) generated.fromBytes(generated.toBytes(rosters.get(1)));
            assertEquals(List.of(new Point(1, 1)), r.points.subList(0, 1));
            assertEquals(null, r.points.get(1));
            assertEquals(refs, r.points.get(0) == r.points.get(3), "shared element kept shared only with references on");
            assertEquals(List.of("a", "bc", "", "d"), r.tags);
            assertEquals(ArrayList.class, r.more.getClass());
            java.util.Iterator<OrderLine> lines = r.lines.iterator();
            assertEquals(refs, lines.next() == lines.next(), "a registered class's instance kept shared with references on");
            if (refs) {
                // An element pointing back at the object that holds the list: a cycle through the typed path.
                Order cyclic = new Order(4);
                cyclic.add("p", 1);
                cyclic.add("q", 2);
                Fixtures.Roster holder = new Fixtures.Roster();
                holder.lines = cyclic.lines;
                Fixtures.Roster back = (Fixtures.Roster) generated.fromBytes(generated.toBytes(holder));
                OrderLine first = back.lines.iterator().next();
                assertEquals(true, first.order.lines == back.lines, "the list read is the one its elements' order holds");
                assertEquals("q", first.order.lines.get(1).sku);
            }
            Fixtures.Roster o = (Fixtures.Roster) generated.fromBytes(generated.toBytes(rosters.get(2)));
            assertEquals(java.util.LinkedList.class, o.points.getClass());
            assertEquals(List.of(new Point(7, 8), "not a point"), (List<?>) o.more);
        }
    }

    @Test
    void generatedAndReflectiveSerializersWriteIdenticalBytes() {
        for (boolean refs : new boolean[]{false, true}) {
            Blit generated = TestBlits.generated().references(refs).build();
            Blit reflective = TestBlits.reflective().references(refs).build();
            for (Object v : samples()) {
                assertArrayEquals(reflective.toBytes(v), generated.toBytes(v),
                        () -> v.getClass().getSimpleName() + " references " + refs);
            }
            Order cyclic = new Order(3);
            cyclic.add("x", 1);
            cyclic.add("y", 2);
            if (refs) {
                assertArrayEquals(reflective.toBytes(cyclic), generated.toBytes(cyclic));
            }
        }
    }

    /** A user's serializer for a built-in class: a header of its own, then the elements, so its bytes are not the built-in's. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static final class OwnList implements dev.blit.Serializer<ArrayList> {
        @Override
        public void write(dev.blit.buffer.WriteBuffer out, ArrayList list) {
            out.writeString("own");
            out.writeVarInt(list.size());
            for (Object e : list) {
                out.writeObject(e);
            }
        }

        @Override
        public ArrayList read(dev.blit.buffer.ReadBuffer in) {
            assertEquals("own", in.readString(), "the user's serializer reads what it wrote");
            int n = in.readVarInt();
            ArrayList list = new ArrayList();
            for (int i = 0; i < n; i++) {
                list.add(in.readObject());
            }
            return list;
        }
    }

    /** The same for BigDecimal, which generated code otherwise writes inline. */
    static final class OwnDecimal implements dev.blit.Serializer<java.math.BigDecimal> {
        @Override
        public void write(dev.blit.buffer.WriteBuffer out, java.math.BigDecimal value) {
            out.writeString("d" + value);
        }

        @Override
        public java.math.BigDecimal read(dev.blit.buffer.ReadBuffer in) {
            return new java.math.BigDecimal(in.readString().substring(1));
        }
    }

    static final class Overridden {
        java.math.BigDecimal price = new java.math.BigDecimal("1.25");
        java.util.UUID id = new java.util.UUID(1, 2);
        ArrayList<Object> anything = new ArrayList<>(List.of("x"));
        Fixtures.Color color = Fixtures.Color.GREEN;
        java.time.LocalDate day = java.time.LocalDate.of(2020, 1, 2); // a built-in that has a writeReplace
        java.util.HashMap<String, Object> map = new java.util.HashMap<>(java.util.Map.of("k", new ArrayList<>(List.of(1))));
    }

    /** LocalDate as its ISO text, under the user's id. */
    static final class OwnDate implements dev.blit.Serializer<java.time.LocalDate> {
        @Override
        public void write(dev.blit.buffer.WriteBuffer out, java.time.LocalDate value) {
            out.writeString(value.toString());
        }

        @Override
        public java.time.LocalDate read(dev.blit.buffer.ReadBuffer in) {
            return java.time.LocalDate.parse(in.readString());
        }
    }

    private static Blit overriding(boolean compatible, boolean refs) {
        return TestBlits.generated().register(ArrayList.class, 300, new OwnList())
                .register(java.math.BigDecimal.class, 301, new OwnDecimal()).register(Overridden.class, 302)
                .register(java.time.LocalDate.class, 303, new OwnDate())
                .compatible(compatible).references(refs).build();
    }

    /**
     * A user's serializer for a built-in (ArrayList, BigDecimal) takes the class over everywhere, typed-list fields
     * and declared-type fast paths included: generated code writes what the reflective path writes (the user's id
     * and bytes, and in compatible mode its marker table), and a reader whose fields are Object reads it.
     */
    @Test
    void aUserSerializerOfABuiltInWritesItInGeneratedCodeToo() {
        for (boolean compatible : new boolean[]{false, true}) {
            for (boolean refs : new boolean[]{false, true}) {
                Blit generated = overriding(compatible, refs);
                Blit reflective;
                System.setProperty("blit.gen", "reflective"); // every class through ReflectiveSerializer, as Blit's own
                try {
                    reflective = overriding(compatible, refs);
                } finally {
                    System.clearProperty("blit.gen");
                }
                List<Object> values = new ArrayList<>(samples());
                values.add(new Overridden());
                for (Object v : values) {
                    String what = v.getClass().getSimpleName() + " compatible " + compatible + " references " + refs;
                    byte[] bytes = generated.toBytes(v);
                    assertArrayEquals(reflective.toBytes(v), bytes, what);
                    assertArrayEquals(bytes, reflective.toBytes(reflective.fromBytes(bytes)), what);
                    assertArrayEquals(bytes, generated.toBytes(generated.fromBytes(bytes)), what);
                }
                Fixtures.Roster roster = (Fixtures.Roster) rosters().get(1);
                Fixtures.Roster back = (Fixtures.Roster) generated.fromBytes(generated.toBytes(roster));
                assertEquals(roster.tags, back.tags);
                assertEquals(ArrayList.class, back.more.getClass());
            }
        }
    }

    @Test
    void eachReadsTheOthersBytes() {
        Blit generated = TestBlits.generated().build();
        Blit reflective = TestBlits.reflective().build();
        for (Object v : samples()) {
            byte[] bytes = generated.toBytes(v);
            Object viaReflective = reflective.fromBytes(bytes);
            assertArrayEquals(bytes, generated.toBytes(viaReflective), () -> v.getClass().getSimpleName());
            Object viaGenerated = generated.fromBytes(reflective.toBytes(v));
            assertArrayEquals(bytes, reflective.toBytes(viaGenerated), () -> v.getClass().getSimpleName());
            assertEquals(v.getClass(), viaGenerated.getClass());
        }
    }

    @Test
    void reflectiveSerializerRoundTripsThroughEveryBackend() {
        Blit reflective = TestBlits.reflective().build();
        RoundTrip.roundTrip(reflective, new Point(3, -2), 3);
        RoundTrip.roundTrip(reflective, new Quote(1010L, new double[]{1.5, 2.25}), 21);
        RoundTrip.roundTrip(reflective, new Visibility(1, 2, "c", 0.5), 13);
    }
}
