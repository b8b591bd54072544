package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.WriteSession;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Vector;
import java.util.function.Function;

/**
 * The elements of a collection or map whose class is the user's or a library's: for the serializer of a
 * user's class that extends a JDK collection (FORMAT.md, "Collections and maps the user extends"), and for
 * {@code Serializer.collection}/{@code Serializer.map}: the same {@code uvar count} and elements (runs
 * included) as the built-in collections and maps, so all share one decoder.
 */
public final class Containers {
    private Containers() {
    }

    /**
     * Writes {@code uvar count} and the elements of a {@link Map}'s entries or a {@link Collection}.
     *
     * @param out       where to write
     * @param container a {@link Map} or a {@link Collection}
     * @param snapshot  whether other threads may change it while it is written (see {@link #shared}): then its
     *                  elements are copied first, in one call that the collection makes consistent, as the
     *                  built-in concurrent collections are, so that count and elements agree
     */
    public static void write(WriteBuffer out, Object container, boolean snapshot) {
        if (container instanceof Map) {
            Map<?, ?> m = (Map<?, ?>) container;
            if (snapshot) {
                Elements.writeEntries(out, entries(m), m);
            } else {
                Elements.writeMap(out, m);
            }
        } else {
            Collection<?> c = (Collection<?>) container;
            Elements.writeCollection(out, snapshot ? Arrays.asList(c.toArray()) : c);
        }
    }

    /**
     * A map's entries, copied by its own {@code forEach}, which a synchronized map (or a view a synchronized map
     * hands out) runs holding its lock throughout: one consistent snapshot, whichever lock that is. Null keys and
     * values are kept.
     */
    static List<Map.Entry<?, ?>> entries(Map<?, ?> m) {
        List<Map.Entry<?, ?>> entries = new ArrayList<>(m.size() + 16);
        m.forEach((k, v) -> entries.add(new java.util.AbstractMap.SimpleImmutableEntry<>(k, v)));
        return entries;
    }

    /** See {@code Serializer.collection}. */
    public static <C extends Collection<?>> Serializer<C> collection(Function<? super List<Object>, ? extends C> build) {
        return new BuiltCollection<>(Objects.requireNonNull(build, "build"));
    }

    /** See {@code Serializer.map}. */
    public static <M extends Map<?, ?>> Serializer<M> map(Function<? super Map<Object, Object>, ? extends M> build) {
        return new BuiltMap<>(Objects.requireNonNull(build, "build"));
    }

    /**
     * For tools that describe bytes ({@code blit dump --blit}): whose content is a built-in collection's or map's.
     *
     * @param s a serializer
     * @return 1 if {@code s} came from {@code Serializer.collection}, 2 from {@code Serializer.map}, else 0
     */
    public static int builtFromElements(Serializer<?> s) {
        return s instanceof BuiltCollection ? 1 : s instanceof BuiltMap ? 2 : 0;
    }

    private static final class BuiltCollection<C extends Collection<?>> implements Serializer<C> {
        private final Function<? super List<Object>, ? extends C> build;

        BuiltCollection(Function<? super List<Object>, ? extends C> build) {
            this.build = build;
        }

        @Override
        public void write(WriteBuffer out, C value) {
            WriteSession.of(out).contentBuiltAfter(value); // built from its elements: it cannot hold itself
            Elements.writeCollection(out, value);
        }

        @Override
        public C read(ReadBuffer in) {
            long at = in.offset();
            int n = in.readCount(1);
            List<Object> elements = new ArrayList<>(in.initialCapacity(n));
            Elements.readInto(in, n, elements);
            return built(build, elements, n + (n == 1 ? " element" : " elements"), at);
        }
    }

    private static final class BuiltMap<M extends Map<?, ?>> implements Serializer<M> {
        private final Function<? super Map<Object, Object>, ? extends M> build;

        BuiltMap(Function<? super Map<Object, Object>, ? extends M> build) {
            this.build = build;
        }

        @Override
        public void write(WriteBuffer out, M value) {
            WriteSession.of(out).contentBuiltAfter(value);
            Elements.writeMap(out, value);
        }

        @Override
        public M read(ReadBuffer in) {
            long at = in.offset();
            int n = in.readCount(2);
            Map<Object, Object> entries = new LinkedHashMap<>(Elements.hashCapacity(in.initialCapacity(n)));
            Elements.readInto(in, n, entries);
            return built(build, entries, n + (n == 1 ? " entry" : " entries"), at);
        }
    }

    /** What the user's function builds from what was read; whatever it throws names the offset. */
    private static <A, T> T built(Function<? super A, ? extends T> build, A content, String what, long at) {
        T value;
        try {
            value = build.apply(content);
        } catch (BlitException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new BlitException("cannot build a value from the " + what + " at offset " + at + ": " + e, e);
        }
        if (value == null) {
            throw new BlitException("the function given to build a value from the " + what + " at offset " + at
                    + " returned null");
        }
        return value;
    }

    /**
     * @param base the JDK collection or map class a user's class extends
     * @return whether it is made to be changed by other threads while it is read: the concurrent collections,
     *         and the synchronized {@code Vector} and {@code Hashtable} (with {@code Stack}, {@code Properties})
     */
    public static boolean shared(Class<?> base) {
        return "java.util.concurrent".equals(base.getPackageName()) || Vector.class.isAssignableFrom(base)
                || Hashtable.class.isAssignableFrom(base);
    }

    /**
     * Reads what {@link #write} wrote into {@code container}, with its own {@code put} or {@code add}.
     *
     * @param in        where to read
     * @param container a {@link Map} or a {@link Collection}, already published for back references
     */
    @SuppressWarnings("unchecked")
    public static void read(ReadBuffer in, Object container) {
        if (container instanceof Map) {
            Elements.readInto(in, in.readCount(2), (Map<Object, Object>) container);
        } else {
            Elements.readInto(in, in.readCount(1), (Collection<Object>) container);
        }
    }
}
