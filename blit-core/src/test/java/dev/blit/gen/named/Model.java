package dev.blit.gen.named;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;

/**
 * Classes no test registers, for {@code Blit.Builder.allowClassNames}: in a package of their own, so that
 * package patterns ({@code dev.blit.gen.named.*}, {@code dev.blit.gen.named.**}) can be told apart.
 */
public final class Model {
    private Model() {
    }

    public record Point(int x, int y) {
    }

    public enum Color {
        RED, GREEN {
            @Override
            public String toString() {
                return "green";
            }
        }, BLUE
    }

    /** Abstract: each constant implements {@link #apply}. */
    public enum Op {
        PLUS {
            @Override
            public int apply(int a, int b) {
                return a + b;
            }
        },
        MINUS {
            @Override
            public int apply(int a, int b) {
                return a - b;
            }
        };

        public abstract int apply(int a, int b);
    }

    public interface Shape {
    }

    public record Circle(double radius) implements Shape {
    }

    public record Square(double side, Color color) implements Shape {
    }

    public abstract static class Abstract {
    }

    public static class Base {
        int a;
        String label;
    }

    /** Shadows {@code Base.a}. */
    public static final class Derived extends Base {
        int a;
        final long id;

        public Derived(long id) {
            this.id = id;
        }
    }

    public static final class Line {
        Order order;
        int number;
        String text;

        public Line() {
        }

        public Line(Order order, int number, String text) {
            this.order = order;
            this.number = number;
            this.text = text;
        }
    }

    public static final class Order {
        long id;
        List<Line> lines = new ArrayList<>();
        Shape shape;
        Object extra;
        Color color;
        Point[] points;
        EnumSet<Color> colors;
        EnumMap<Color, Point> byColor;

        public static Order sample() {
            Order o = new Order();
            o.id = 77;
            for (int i = 0; i < 5; i++) {
                o.lines.add(new Line(o, i, "line " + i));
            }
            o.shape = new Square(2.5, Color.GREEN);
            o.extra = new Circle(1.0);
            o.color = Color.BLUE;
            o.points = new Point[] {new Point(1, 2), new Point(3, 4)};
            o.colors = EnumSet.of(Color.RED, Color.GREEN);
            o.byColor = new EnumMap<>(Color.class);
            o.byColor.put(Color.BLUE, new Point(5, 6));
            return o;
        }

        /** Compared field by field, the lines' back references by identity. */
        public boolean same(Object other) {
            if (!(other instanceof Order)) {
                return false;
            }
            Order o = (Order) other;
            if (o.lines.size() != lines.size()) {
                return false;
            }
            for (int i = 0; i < lines.size(); i++) {
                Line a = lines.get(i);
                Line b = o.lines.get(i);
                if (a.number != b.number || !a.text.equals(b.text) || (a.order == this) != (b.order == o)) {
                    return false;
                }
            }
            return id == o.id && Objects.equals(shape, o.shape) && Objects.equals(extra, o.extra) && color == o.color
                    && java.util.Arrays.equals(points, o.points) && Objects.equals(colors, o.colors)
                    && Objects.equals(byColor, o.byColor);
        }
    }

    /** No constructor sets {@code y}, and none is without arguments: refused, as registering it would be. */
    public static final class Unbuildable {
        final int x;
        final int y;

        public Unbuildable(int x) {
            this.x = x;
            this.y = x + 1;
        }
    }

    public static final class Node {
        Node next;
        int value;

        public static Node chain(int n) {
            Node head = null;
            for (int i = 0; i < n; i++) {
                Node x = new Node();
                x.value = i;
                x.next = head;
                head = x;
            }
            return head;
        }

        public int length() {
            int n = 0;
            for (Node x = this; x != null; x = x.next) {
                n++;
            }
            return n;
        }
    }
}
