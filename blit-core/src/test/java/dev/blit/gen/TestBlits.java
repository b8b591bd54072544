package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.gen.Fixtures.Animal;
import dev.blit.gen.Fixtures.Bag;
import dev.blit.gen.Fixtures.Circle;
import dev.blit.gen.Fixtures.Color;
import dev.blit.gen.Fixtures.Customer;
import dev.blit.gen.Fixtures.Derived;
import dev.blit.gen.Fixtures.Dog;
import dev.blit.gen.Fixtures.Drawing;
import dev.blit.gen.Fixtures.Finals;
import dev.blit.gen.Fixtures.Holder;
import dev.blit.gen.Fixtures.Legacy;
import dev.blit.gen.Fixtures.Named;
import dev.blit.gen.Fixtures.Node;
import dev.blit.gen.Fixtures.Order;
import dev.blit.gen.Fixtures.OrderLine;
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

import java.util.List;

/** Blit instances with every fixture registered, generated or reflective. */
final class TestBlits {
    /** The registered classes in id order, from 100. */
    static final List<Class<?>> CLASSES = List.of(Visibility.class, Derived.class, Primitives.class, Quote.class,
            Range.class, VenueQuote.class, Legacy.class, Point.class, Segment.class, Bag.class, Color.class,
            Pixel.class, Shape.class, Circle.class, Square.class, Animal.class, Dog.class, Drawing.class,
            Order.class, OrderLine.class, Customer.class, Node.class, Holder.class, Named.class, Finals.class,
            Fixtures.Roster.class, Fixtures.Account.class, Fixtures.Savings.class);

    private TestBlits() {
    }

    static int idOf(Class<?> type) {
        return 100 + CLASSES.indexOf(type);
    }

    /** Field by field (flat blocks off: dev.blit.flat tests those), so these tests pin down the varint encodings. */
    static Blit.Builder generated() {
        Blit.Builder b = Blit.builder().flat(false);
        for (int i = 0; i < CLASSES.size(); i++) {
            b.register(CLASSES.get(i), 100 + i);
        }
        return b;
    }

    /** The same ids, every record and plain class through {@link ReflectiveSerializer}. */
    static Blit.Builder reflective() {
        Blit.Builder b = Blit.builder().flat(false);
        for (int i = 0; i < CLASSES.size(); i++) {
            Class<?> c = CLASSES.get(i);
            if (c.isEnum() || c.isInterface() || java.lang.reflect.Modifier.isAbstract(c.getModifiers())) {
                b.register(c, 100 + i);
            } else {
                register(b, c, 100 + i);
            }
        }
        return b;
    }

    @SuppressWarnings("unchecked")
    private static <T> void register(Blit.Builder b, Class<T> c, int id) {
        b.register(c, id, (dev.blit.Serializer<T>) (dev.blit.Serializer<?>) new ReflectiveSerializer(ClassModel.of(c, null), false));
    }
}
