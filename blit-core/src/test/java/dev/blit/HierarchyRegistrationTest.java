package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Blit.Builder#registerHierarchy}: one serializer for a type and all its subtypes, for implementation
 * classes that are many, private or not the user's (a library's immutable collections, {@code Path}).
 */
class HierarchyRegistrationTest {
    /** Like a library's immutable list: a public abstract type, a private class per size, made by a factory. */
    abstract static class Seq implements Iterable<Object> {
        static Seq of(Object... items) {
            return items.length == 0 ? Empty.INSTANCE : items.length == 1 ? new One(items[0]) : new Many(items.clone());
        }

        abstract Object[] items();

        @Override
        public Iterator<Object> iterator() {
            return Arrays.asList(items()).iterator();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Seq && Arrays.equals(items(), ((Seq) o).items());
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(items());
        }

        private static final class Empty extends Seq {
            static final Empty INSTANCE = new Empty();

            @Override
            Object[] items() {
                return new Object[0];
            }
        }

        private static final class One extends Seq {
            private final Object item;

            One(Object item) {
                this.item = item;
            }

            @Override
            Object[] items() {
                return new Object[]{item};
            }
        }

        private static final class Many extends Seq {
            private final Object[] items;

            Many(Object[] items) {
                this.items = items;
            }

            @Override
            Object[] items() {
                return items.clone();
            }
        }
    }

    /** Writes any Seq as its count and tagged elements; reads through the factory. */
    static final class SeqSerializer implements Serializer<Seq> {
        @Override
        public void write(WriteBuffer out, Seq value) {
            Object[] items = value.items();
            out.writeUnsignedVarInt(items.length);
            for (Object o : items) {
                out.writeObject(o);
            }
        }

        @Override
        public Seq read(ReadBuffer in) {
            Object[] items = new Object[in.readCount(1)];
            for (int i = 0; i < items.length; i++) {
                items[i] = in.readObject();
            }
            return Seq.of(items);
        }
    }

    /** A subclass with a registration of its own. */
    static final class Special extends Seq {
        @Override
        Object[] items() {
            return new Object[]{"special"};
        }
    }

    record Holder(Seq items, List<Seq> more, Object any) {
    }

    private static Blit.Builder builder() {
        return Blit.builder().registerHierarchy(Seq.class, 120, new SeqSerializer()).register(Holder.class, 121);
    }

    private static final Blit BLIT = builder().build();

    @Test
    void everyImplementationIsWrittenUnderTheOneIdAndReadBackByTheSerializer() {
        for (Seq s : List.of(Seq.of(), Seq.of(1), Seq.of(1, "a", null), Seq.of(Seq.of(2), Seq.of()))) {
            byte[] bytes = BLIT.toBytes(s);
            assertEquals(120, bytes[0], "one id, the tag, for every implementation");
            assertEquals(s, RoundTrip.roundTrip(BLIT, s, bytes.length));
        }
        assertSame(Seq.of(), BLIT.copy(Seq.of()), "what comes back is what the serializer builds");
    }

    /** Another implementation, as a library's reversed view: its serializer reads it back as the factory's. */
    static final class Reversed extends Seq {
        private final Seq of;

        Reversed(Seq of) {
            this.of = of;
        }

        @Override
        Object[] items() {
            List<Object> items = Arrays.asList(of.items());
            java.util.Collections.reverse(items);
            return items.toArray();
        }
    }

    @Test
    void aCopyIsWhatTheHierarchysSerializerBuildsAsFromBytesReadsIt() {
        Seq reversed = new Reversed(Seq.of(1, 2));
        Seq copy = BLIT.copy(reversed); // was refused: "expected a ...Reversed but the bytes ... hold a ...Many"
        assertEquals(BLIT.fromBytes(BLIT.toBytes(reversed)), copy);
        assertEquals(Seq.of(2, 1), copy);
    }

    @Test
    void fieldsElementsAndObjectsOfTheTypeUseIt() {
        Holder h = new Holder(Seq.of("x"), new ArrayList<>(List.of(Seq.of(), Seq.of(1, 2))), Seq.of(3.5));
        assertEquals(h, BLIT.copy(h));
    }

    @Test
    void aClassRegisteredByItselfKeepsItsOwnRegistration() {
        Blit blit = builder().register(Special.class, 122, new Serializer<Special>() {
            @Override
            public void write(WriteBuffer out, Special value) {
            }

            @Override
            public Special read(ReadBuffer in) {
                return new Special();
            }
        }).build();
        byte[] bytes = blit.toBytes(new Special());
        assertEquals("[122]", Arrays.toString(bytes), "its own id, and its serializer's (empty) content");
        assertEquals(Special.class, blit.copy(new Special()).getClass());
        Blit without = builder().build();
        assertEquals(Seq.of("special"), without.fromBytes(without.toBytes(new Special())),
                "without it, the hierarchy's serializer");
        Seq copy = without.copy(new Special()); // as fromBytes reads it: declared as the registered class, no cast fails
        assertEquals(Seq.class.getName() + "$One", copy.getClass().getName());
    }

    interface Shape {
    }

    interface Named {
    }

    static final class Square implements Shape, Named {
    }

    /** Writes nothing and reads back a fixed value, to tell which registration wrote a value. */
    static <T> Serializer<T> constant(T value) {
        return new Serializer<>() {
            @Override
            public void write(WriteBuffer out, T v) {
            }

            @Override
            public T read(ReadBuffer in) {
                return value;
            }
        };
    }

    @Test
    void whereAClassFitsTwoHierarchiesTheFirstRegisteredWins() {
        Blit shapesFirst = Blit.builder().registerHierarchy(Shape.class, 130, constant((Object) "shape"))
                .registerHierarchy(Named.class, 131, constant((Object) "named")).build();
        Blit namedFirst = Blit.builder().registerHierarchy(Named.class, 131, constant((Object) "named"))
                .registerHierarchy(Shape.class, 130, constant((Object) "shape")).build();
        assertEquals("shape", shapesFirst.fromBytes(shapesFirst.toBytes(new Square())));
        assertEquals("named", namedFirst.fromBytes(namedFirst.toBytes(new Square())));
    }

    @Test
    void aJdkInterfaceWithPrivateImplementations() {
        Blit blit = Blit.builder().registerHierarchy(Path.class, 140, new Serializer<Path>() {
            @Override
            public void write(WriteBuffer out, Path value) {
                out.writeString(value.toString());
            }

            @Override
            public Path read(ReadBuffer in) {
                return Path.of(in.readString());
            }
        }).build();
        Path p = Path.of("some", "dir", "file.txt");
        assertNotEquals(Path.class, p.getClass());
        assertEquals(p, blit.copy(p));
        assertEquals(List.of(p, p.getParent()), blit.copy(List.of(p, p.getParent())));
    }

    @Test
    void otherClassesAreStillRefused() {
        BlitException e = assertThrows(BlitException.class, () -> BLIT.toBytes(new Square()));
        assertTrue(e.getMessage().contains(Square.class.getName()) && e.getMessage().contains("not registered"),
                e.getMessage());
        assertThrows(BlitException.class, () -> Blit.builder().registerHierarchy(Seq.class, 20, new SeqSerializer()).build());
        assertThrows(NullPointerException.class, () -> Blit.builder().registerHierarchy(Seq.class, 120, null));
        assertTrue(Objects.nonNull(BLIT.registrations().get(120)));
    }
}
