package dev.blit.gen;

import dev.blit.Blit;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

/**
 * A field declared as a concrete class that is not final (OrderLine.order, any BigDecimal) takes the
 * generated fast path only for a value of exactly that class; a subclass in it still comes back as the
 * subclass, and the bytes are those of the reflective serializer either way.
 */
class DeclaredClassFastPathTest {
    static class Vehicle {
        int wheels;

        Vehicle() {
        }

        Vehicle(int wheels) {
            this.wheels = wheels;
        }
    }

    static final class Truck extends Vehicle {
        long load;

        Truck() {
        }

        Truck(int wheels, long load) {
            super(wheels);
            this.load = load;
        }
    }

    /** A BigDecimal subclass: legal, if odd; it must not be written as a plain BigDecimal. */
    static final class Money extends BigDecimal {
        Money(String v) {
            super(v);
        }
    }

    static final class Garage {
        Vehicle first;
        Vehicle second;
        BigDecimal price;
    }

    private static Blit.Builder registered(boolean references) {
        return Blit.builder().references(references).flat(false)
                .register(Vehicle.class, 100).register(Truck.class, 101).register(Garage.class, 102);
    }

    @Test
    void aSubclassInAFieldDeclaredAsItsConcreteSuperclassComesBackAsTheSubclass() {
        Garage g = new Garage();
        g.first = new Vehicle(2);
        g.second = new Truck(6, 12_000);
        g.price = new BigDecimal("12.50");
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = registered(references).build();
            Garage back = blit.fromBytes(blit.toBytes(g), Garage.class);
            assertEquals(Vehicle.class, back.first.getClass());
            assertEquals(2, back.first.wheels);
            assertEquals(Truck.class, back.second.getClass());
            assertEquals(6, back.second.wheels);
            assertEquals(12_000, ((Truck) back.second).load);
            assertEquals(new BigDecimal("12.50"), back.price);
        }
    }

    @Test
    void theFastPathWritesWhatTheReflectiveSerializerWrites() {
        Garage g = new Garage();
        g.first = new Vehicle(4);
        g.second = new Truck(8, 1);
        g.price = new BigDecimal("-0.001");
        Blit generated = registered(true).build();
        Blit reflective = Blit.builder().references(true).flat(false)
                .register(Vehicle.class, 100, reflective(Vehicle.class))
                .register(Truck.class, 101, reflective(Truck.class))
                .register(Garage.class, 102, reflective(Garage.class)).build();
        assertArrayEquals(reflective.toBytes(g), generated.toBytes(g));
        Garage back = generated.fromBytes(reflective.toBytes(g), Garage.class);
        assertEquals(Truck.class, back.second.getClass());
    }

    @Test
    void aSharedValueOnTheFastPathStaysShared() {
        Garage g = new Garage();
        g.first = new Vehicle(3);
        g.second = g.first;
        Blit blit = registered(true).build();
        Garage back = blit.fromBytes(blit.toBytes(g), Garage.class);
        assertSame(back.first, back.second);
    }

    @Test
    void anUnregisteredSubclassOfARegisteredDeclaredClassIsStillRefused() {
        Garage g = new Garage();
        g.price = new Money("1");
        Blit blit = registered(false).build();
        dev.blit.BlitException e = org.junit.jupiter.api.Assertions.assertThrows(dev.blit.BlitException.class, () -> blit.toBytes(g));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(Money.class.getName()), e.getMessage());
    }

    @SuppressWarnings("unchecked")
    private static <T> dev.blit.Serializer<T> reflective(Class<T> type) {
        return (dev.blit.Serializer<T>) (dev.blit.Serializer<?>) new ReflectiveSerializer(ClassModel.of(type, null), false);
    }
}
