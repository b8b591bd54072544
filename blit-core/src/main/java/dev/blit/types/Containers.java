package dev.blit.types;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.util.Collection;
import java.util.Map;

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
     */
    public static void write(WriteBuffer out, Object container) {
        if (container instanceof Map) {
            Elements.writeMap(out, (Map<?, ?>) container);
        } else {
            Elements.writeCollection(out, (Collection<?>) container);
        }
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
