package dev.blit.types;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Vector;

/**
 * The elements of a collection or map whose class is the user's, for the serializer of a user's class that
 * extends a JDK collection (FORMAT.md, "Collections and maps the user extends"): the same {@code uvar count}
 * and elements (runs included) as the built-in collections and maps, so both share one decoder.
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
                List<Map.Entry<?, ?>> entries = new ArrayList<>(m.size() + 16);
                m.forEach((k, v) -> entries.add(Map.entry(k, v))); // neither kind of map holds null
                Elements.writeEntries(out, entries, m);
            } else {
                Elements.writeMap(out, m);
            }
        } else {
            Collection<?> c = (Collection<?>) container;
            Elements.writeCollection(out, snapshot ? Arrays.asList(c.toArray()) : c);
        }
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
