package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import dev.blit.Serializer;
import org.junit.jupiter.api.Test;

import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Serializer.collection} and {@code Serializer.map} with {@code registerHierarchy}: a library's
 * immutable collections, whose classes are many and private (as Guava's {@code ImmutableList} has one per
 * size), written as a built-in collection's content and rebuilt by the library's own factory.
 */
class BuiltFromElementsTest {

    /** Like Guava's ImmutableList: an abstract public type, private classes per size, a factory that refuses null. */
    abstract static class FrozenList<E> extends AbstractList<E> {
        static <E> FrozenList<E> copyOf(Collection<? extends E> elements) {
            for (Object e : elements) {
                if (e == null) {
                    throw new NullPointerException("null element");
                }
            }
            return elements.isEmpty() ? new Empty<>() : new Regular<>(new ArrayList<>(elements));
        }

        private static final class Empty<E> extends FrozenList<E> {
            @Override
            public E get(int index) {
                throw new IndexOutOfBoundsException(index);
            }

            @Override
            public int size() {
                return 0;
            }
        }

        private static final class Regular<E> extends FrozenList<E> {
            private final List<E> items;

            Regular(List<E> items) {
                this.items = items;
            }

            @Override
            public E get(int index) {
                return items.get(index);
            }

            @Override
            public int size() {
                return items.size();
            }
        }
    }

    /** Like Guava's ImmutableMap. */
    abstract static class FrozenMap<K, V> extends AbstractMap<K, V> {
        static <K, V> FrozenMap<K, V> copyOf(Map<? extends K, ? extends V> m) {
            Map<K, V> copy = new LinkedHashMap<>(m);
            return new FrozenMap<>() {
                @Override
                public Set<Entry<K, V>> entrySet() {
                    return new LinkedHashSet<>(copy.entrySet());
                }
            };
        }
    }

    record Point(int x, int y) {
    }

    private static Blit blit(boolean references) {
        return Blit.builder().references(references)
                .registerHierarchy(FrozenList.class, 120, Serializer.collection(FrozenList::copyOf))
                .registerHierarchy(FrozenMap.class, 121, Serializer.map(FrozenMap::copyOf))
                .register(Point.class, 122).build();
    }

    @Test
    void aLibrarysImmutableCollectionsAreWrittenAsABuiltInsContentAndRebuiltByItsFactory() {
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = blit(references);
            FrozenList<Object> list = FrozenList.copyOf(List.of("a", 2, List.of(3)));
            byte[] bytes = blit.toBytes(list);
            // id 120, 3 elements: String "a", Integer 2, List.of(3) (48, 1 element, Integer 3)
            assertArrayEquals(new byte[] {120, 3, 11, 3, 'a', 7, 4, 48, 1, 7, 6}, bytes, RoundTrip.hex(bytes));
            Object back = RoundTrip.roundTrip(blit, list, bytes.length);
            assertInstanceOf(FrozenList.class, back);
            assertEquals(FrozenList.copyOf(List.of()), RoundTrip.roundTrip(blit, FrozenList.copyOf(List.of()), 2));

            List<Point> points = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                points.add(new Point(i, i));
            }
            FrozenList<Point> run = FrozenList.copyOf(points);
            assertEquals(run, RoundTrip.roundTrip(blit, run, blit.toBytes(run).length));

            FrozenMap<String, Object> map = FrozenMap.copyOf(Map.of("k", list));
            Object m = RoundTrip.roundTrip(blit, map, blit.toBytes(map).length);
            assertInstanceOf(FrozenMap.class, m);
            assertInstanceOf(FrozenList.class, ((Map<?, ?>) m).get("k"));
        }
    }

    @Test
    void sharedOnesComeBackSharedAndOneCannotHoldItself() {
        Blit blit = blit(true);
        FrozenList<Object> inner = FrozenList.copyOf(List.of("x"));
        List<?> pair = blit.fromBytes(blit.toBytes(new ArrayList<>(List.of(inner, inner))), List.class);
        assertSame(pair.get(0), pair.get(1));
        // id 120, 1 element: a back reference to object 0, itself, which does not exist until its elements do
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(new byte[] {120, 1, 1, 0}));
        assertTrue(e.getMessage().contains("offset 2"), e.getMessage());
    }

    /** A mutable list of a library's, which can hold itself; its serializer builds an immutable one from the elements. */
    static final class Bag extends AbstractList<Object> {
        final List<Object> items = new ArrayList<>();

        @Override
        public Object get(int i) {
            return items.get(i);
        }

        @Override
        public int size() {
            return items.size();
        }
    }

    /** A mutable map of a library's. */
    static final class Book extends java.util.HashMap<Object, Object> {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void oneThatHoldsItselfIsRefusedOnWritingNotSavedToBeRefusedOnReading() {
        Blit blit = Blit.builder().references(true)
                .registerHierarchy(Bag.class, 120, Serializer.collection(java.util.Collections::unmodifiableList))
                .registerHierarchy(FrozenMap.class, 121, Serializer.map(FrozenMap::copyOf)).build();
        Bag bag = new Bag();
        bag.items.add("x");
        bag.items.add(List.of(bag));
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(bag));
        assertTrue(e.getMessage().contains("cannot write a back reference to the " + Bag.class.getName() + " being written")
                && e.getMessage().contains("a value of Serializer.collection only once its content is read"), e.getMessage());
        Blit maps = Blit.builder().references(true)
                .registerHierarchy(Book.class, 121, Serializer.map(java.util.Collections::unmodifiableMap)).build();
        Book book = new Book();
        book.put("self", book);
        BlitException m = assertThrows(BlitException.class, () -> maps.toBytes(book));
        assertTrue(m.getMessage().contains("a value of Serializer.map only"), m.getMessage());
        Bag shared = new Bag(); // shared, not a cycle: still written and read back shared
        shared.items.add("y");
        List<?> pair = blit.fromBytes(blit.toBytes(new ArrayList<>(List.of(shared, shared))), List.class);
        assertSame(pair.get(0), pair.get(1));
    }

    @Test
    void whatTheFactoryRefusesIsABlitExceptionNamingTheOffset() {
        Blit blit = blit(false);
        // id 120, 2 elements: Integer 1, null, which copyOf refuses
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(new byte[] {120, 2, 7, 2, 0}));
        assertTrue(e.getMessage().contains("cannot build a value from the 2 elements at offset 1")
                && e.getMessage().contains("NullPointerException"), e.getMessage());
        Blit nulls = Blit.builder().registerHierarchy(FrozenList.class, 120, Serializer.collection(l -> null)).build();
        BlitException n = assertThrows(BlitException.class, () -> nulls.fromBytes(new byte[] {120, 0}));
        assertTrue(n.getMessage().contains("returned null"), n.getMessage());
        assertThrows(NullPointerException.class, () -> Serializer.collection(null));
    }
}
