package dev.blit.gen;

import dev.blit.gen.other.Base;
import dev.blit.gen.other.BaseQuote;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The classes the gen tests serialize. blit-core compiles without -parameters: constructors are matched by bytecode. */
final class Fixtures {
    private Fixtures() {
    }

    /** One field of every visibility. */
    static final class Visibility {
        private int a;
        int b;
        protected String c;
        public double d;

        Visibility() {
        }

        Visibility(int a, int b, String c, double d) {
            this.a = a;
            this.b = b;
            this.c = c;
            this.d = d;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Visibility && ((Visibility) o).a == a && ((Visibility) o).b == b
                    && Objects.equals(((Visibility) o).c, c) && Double.compare(((Visibility) o).d, d) == 0;
        }

        @Override
        public int hashCode() {
            return a;
        }

        @Override
        public String toString() {
            return "Visibility[" + a + ", " + b + ", " + c + ", " + d + "]";
        }
    }

    /** Inherits private, protected and public fields from a class in another package, and shadows one of them. */
    static final class Derived extends Base {
        private int x; // shadows Base.x
        private String own;

        Derived() {
        }

        Derived(long baseId, String label, int superX, int x, String own) {
            super(baseId, label, superX);
            this.x = x;
            this.own = own;
        }

        int x() {
            return x;
        }

        int superX() {
            return ((Base) this).x;
        }

        String own() {
            return own;
        }
    }

    /** Every primitive, plus fields that must be skipped. */
    static final class Primitives {
        static int ignoredStatic = 7;
        transient int ignoredTransient = 9;
        boolean z;
        byte b;
        short s;
        char c;
        int i;
        long j;
        float f;
        double d;

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Primitives)) {
                return false;
            }
            Primitives p = (Primitives) o;
            return z == p.z && b == p.b && s == p.s && c == p.c && i == p.i && j == p.j
                    && Float.floatToRawIntBits(f) == Float.floatToRawIntBits(p.f)
                    && Double.doubleToRawLongBits(d) == Double.doubleToRawLongBits(p.d);
        }

        @Override
        public int hashCode() {
            return i;
        }
    }

    /** Final fields, no no-argument constructor: built through its constructor, matched by bytecode. */
    static final class Quote {
        final long sourceId;
        final double[] prices;

        Quote(long sourceId, double[] prices) {
            this.sourceId = sourceId;
            this.prices = prices;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Quote && ((Quote) o).sourceId == sourceId && Arrays.equals(((Quote) o).prices, prices);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(sourceId);
        }
    }

    /** Two parameters of the same type, in another order than the fields: only bytecode can tell them apart. */
    static final class Range {
        private final int lo;
        private final int hi;

        Range(int lo, int hi) {
            if (lo > hi) {
                throw new IllegalArgumentException("lo > hi");
            }
            this.lo = lo;
            this.hi = hi;
        }

        int lo() {
            return lo;
        }

        int hi() {
            return hi;
        }
    }

    /** Its superclass's field arrives through super(sourceId); both are longs, so types alone cannot match them. */
    static final class VenueQuote extends BaseQuote {
        private final long venue;

        VenueQuote(long sourceId, long venue) {
            super(sourceId);
            this.venue = venue;
        }

        VenueQuote(long venue) {
            this(0, venue);
        }

        long venue() {
            return venue;
        }
    }

    /** A final field and a no-argument constructor only: the fields are set after construction. */
    static final class Legacy {
        private final int code;
        private String name;

        Legacy() {
            this.code = 0;
        }

        int code() {
            return code;
        }

        String name() {
            return name;
        }
    }

    /**
     * Partial construction: its only constructor takes the final field and checks it; the other fields are set
     * after it, so the owner read replaces the one the constructor gives.
     */
    static final class Account {
        private final long id;
        String owner;
        double balance;
        List<String> tags;

        Account(long id) {
            if (id < 0) {
                throw new IllegalArgumentException("negative id " + id);
            }
            this.id = id;
            this.owner = "nobody";
        }

        long id() {
            return id;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Account)) {
                return false;
            }
            Account a = (Account) o;
            return a.id == id && Objects.equals(a.owner, owner) && Double.compare(a.balance, balance) == 0
                    && Objects.equals(a.tags, tags);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }

        @Override
        public String toString() {
            return "Account[" + id + ", " + owner + ", " + balance + ", " + tags + "]";
        }
    }

    /**
     * Partial construction down a hierarchy: the fields of a superclass in another package (private, protected,
     * public, one shadowed here) are set after the constructor with the most parameters that takes every final
     * field; the one-parameter constructor does not take {@code rate}, so it is not a candidate.
     */
    static final class Savings extends Base {
        private int x; // shadows Base.x
        private final String iban;
        private final double rate;

        Savings(String iban) {
            this(iban, 0.01);
        }

        Savings(String iban, double rate) {
            this.iban = iban;
            this.rate = rate;
        }

        static Savings sample() {
            Savings s = new Savings("DE00", 0.025);
            s.x = 7;
            s.label = "pocket";
            ((Base) s).x = -3;
            return s;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Savings)) {
                return false;
            }
            Savings s = (Savings) o;
            return s.x == x && ((Base) s).x == ((Base) this).x && s.baseId() == baseId() && Objects.equals(s.label, label)
                    && Objects.equals(s.iban, iban) && Double.compare(s.rate, rate) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hashCode(iban);
        }

        @Override
        public String toString() {
            return "Savings[" + baseId() + ", " + label + ", " + ((Base) this).x + ", " + iban + ", " + rate + ", " + x + "]";
        }
    }

    /** Nothing Blit can construct it with. */
    static final class Unbuildable {
        private final int a;
        private final int b;

        Unbuildable(int a, int b, int c) {
            this.a = a + c;
            this.b = b;
        }
    }

    record Point(int x, int y) {
    }

    record Segment(Point from, Point to, String name) {
    }

    record Bag(List<String> names, Map<String, List<Point>> groups) {
    }

    enum Color { RED, GREEN, BLUE }

    record Pixel(Point at, Color color) {
    }

    interface Shape {
        double area();
    }

    record Circle(double r) implements Shape {
        public double area() {
            return Math.PI * r * r;
        }
    }

    static final class Square implements Shape {
        double side;

        Square() {
        }

        Square(double side) {
            this.side = side;
        }

        public double area() {
            return side * side;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Square && ((Square) o).side == side;
        }

        @Override
        public int hashCode() {
            return Double.hashCode(side);
        }
    }

    abstract static class Animal {
        String name;
    }

    static final class Dog extends Animal {
        int barks;

        @Override
        public boolean equals(Object o) {
            return o instanceof Dog && Objects.equals(((Dog) o).name, name) && ((Dog) o).barks == barks;
        }

        @Override
        public int hashCode() {
            return barks;
        }
    }

    /** Declared types that are interfaces, abstract classes, Object and generics. */
    static final class Drawing {
        Shape main;
        Animal pet;
        Object anything;
        Number number;
        List<Shape> shapes;
        Map<String, List<Point>> layers;

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Drawing)) {
                return false;
            }
            Drawing d = (Drawing) o;
            return Objects.equals(main, d.main) && Objects.equals(pet, d.pet) && Objects.deepEquals(anything, d.anything)
                    && Objects.equals(number, d.number) && Objects.equals(shapes, d.shapes) && Objects.equals(layers, d.layers);
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    static final class Order {
        long id;
        List<OrderLine> lines = new ArrayList<>();
        Customer customer;

        Order() {
        }

        Order(long id) {
            this.id = id;
        }

        OrderLine add(String sku, int quantity) {
            OrderLine line = new OrderLine();
            line.order = this;
            line.sku = sku;
            line.quantity = quantity;
            lines.add(line);
            return line;
        }
    }

    static final class OrderLine {
        Order order;
        String sku;
        int quantity;
    }

    /**
     * Lists whose elements are declared as one final registered type (the generated typed-list path), beside
     * declared types it does not apply to; the same field may hold other lists, nulls, shared elements, and,
     * through an unchecked cast, elements of another type.
     */
    static final class Roster {
        List<Point> points;
        Collection<String> tags;
        ArrayList<Point> more;
        Iterable<OrderLine> lines;
        List<Shape> shapes; // not final: the general path
    }

    static final class Customer {
        String name;

        Customer() {
        }

        Customer(String name) {
            this.name = name;
        }
    }

    static final class Node {
        int value;
        Node next;

        Node() {
        }

        Node(int value, Node next) {
            this.value = value;
            this.next = next;
        }
    }

    /** A record in a cycle: it can only be created from its content, so the cycle cannot be restored. */
    record Holder(Object[] items) {
    }

    /**
     * A writer refuses a cycle through a record or a constructor-built object; a reader must refuse one all the
     * same, in bytes from elsewhere. This makes such bytes from those of the same value without the cycle.
     *
     * @param bytes a message whose last byte is a null value (a field or element left null)
     * @return the message with a back reference to object #0, the outermost value, in place of that null
     */
    static byte[] backReferenceToTheFirstInPlaceOfTheLastNull(byte[] bytes) {
        if (bytes[bytes.length - 1] != 0) {
            throw new IllegalArgumentException("the message does not end with a null");
        }
        byte[] b = Arrays.copyOf(bytes, bytes.length + 1);
        b[bytes.length - 1] = 1; // TypeIds.REFERENCE
        b[bytes.length] = 0; // object #0
        return b;
    }

    /** One String field, for hand-computed lengths and type mismatches. */
    static final class Named {
        String name;

        Named() {
        }

        Named(String name) {
            this.name = name;
        }
    }

    /** Boxes, strings and primitive arrays: every declared-final type the generated code handles directly. */
    static final class Finals {
        Boolean flag;
        Integer count;
        Long big;
        Double ratio;
        Character letter;
        String text;
        int[] ints;
        long[] longs;
        double[] doubles;
        byte[] bytes;
        boolean[] bools;
        String[] texts;
        Object[] objects;
        Color color;
        Point point;

        static Finals sample() {
            Finals f = new Finals();
            f.flag = Boolean.FALSE;
            f.count = -5;
            f.big = Long.MIN_VALUE;
            f.ratio = -0.0;
            f.letter = '€';
            f.text = "h€llo";
            f.ints = new int[]{1, -2, 3};
            f.longs = new long[]{Long.MAX_VALUE};
            f.doubles = new double[]{Double.NaN, 1.5};
            f.bytes = new byte[]{1, 2};
            f.bools = new boolean[]{true, false};
            f.texts = new String[]{"a", null};
            f.objects = new Object[]{1, "two", new Point(3, 4)};
            f.color = Color.GREEN;
            f.point = new Point(-1, 1);
            return f;
        }
    }
}
