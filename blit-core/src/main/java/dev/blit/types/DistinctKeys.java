package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.Registration;

import java.lang.reflect.Modifier;
import java.util.AbstractMap;
import java.util.Collection;
import java.util.HashSet;
import java.util.Map;

/**
 * A view or wrapper whose class is the JDK's own is read back as an equals-based hash set or map (a
 * {@code LinkedHashSet}, a {@code LinkedHashMap}, inside the wrapper where one is rebuilt), since what it views
 * is out of Blit's reach. When it views an {@code IdentityHashMap} ({@code Collections.newSetFromMap(new
 * IdentityHashMap<>())}, {@code Collections.unmodifiableMap(identityMap)}, {@code identityMap.keySet()}), two of
 * its keys may be equal but distinct objects, which the rebuilt set or map would silently make one: such a value
 * is refused on write instead. The check hashes every key once, so it is made only for those views and wrappers,
 * never for a {@code HashMap}, {@code HashSet}, {@code LinkedHashMap} or {@code TreeMap} of the user's.
 */
final class DistinctKeys {
    private DistinctKeys() {
    }

    /**
     * @param value  the set or map being written
     * @param keys   its elements or its keys
     * @param readAs what it is read back as, for the message
     * @param out    the buffer it is written to, for the offset if another thread changes it meanwhile
     * @throws BlitException if two of {@code keys} are equal but not the same object
     */
    static void check(Object value, Collection<?> keys, String readAs, WriteBuffer out) {
        if (keys.size() < 2) {
            return;
        }
        HashSet<Object> seen = new HashSet<>(Elements.hashCapacity(keys.size()));
        Object twice = null;
        boolean found = false;
        try {
            java.util.Iterator<?> it = keys.iterator();
            while (true) {
                Object k;
                try { // only the iterator's own calls: a key's hashCode or equals is the user's code
                    if (!it.hasNext()) {
                        break;
                    }
                    k = it.next();
                } catch (java.util.ConcurrentModificationException x) {
                    throw dev.blit.internal.WriteSession.changed(value, out, x);
                }
                // an IdentityHashMap's own entries compare by identity; they are read back as SimpleEntry (extended id 5)
                Object key = k instanceof Map.Entry && isJdkPrivate(k.getClass())
                        ? new AbstractMap.SimpleImmutableEntry<>((Map.Entry<?, ?>) k) : k;
                if (!seen.add(key)) {
                    twice = key;
                    found = true;
                    break;
                }
            }
        } catch (StackOverflowError e) {
            // a key whose hash code never ends (a list holding this set, changed after it went in): such keys
            // cannot be told apart here; the reader hashes them before they hold anything, as it always did
            return;
        }
        if (found) {
            boolean map = value instanceof Map;
            String what = map ? "keys" : "elements";
            throw new BlitException("cannot write this " + value.getClass().getName() + ": two of its " + what + " (of "
                    + (twice == null ? "null" : twice.getClass().getName()) + ") are equal but distinct objects, as an"
                    + " IdentityHashMap's view or wrapper holds, and it is read back as " + readAs + ", which compares"
                    + " with equals() and would keep one of them. " + (map
                    ? "Write the IdentityHashMap itself, which is built in and read back as an IdentityHashMap, or a copy"
                    + " into one (new IdentityHashMap<>(map))"
                    : "Write the IdentityHashMap it views, which is built in and read back as an IdentityHashMap, or copy"
                    + " the " + what + " into a list (new ArrayList<>(set))"));
        }
    }

    private static boolean isJdkPrivate(Class<?> type) {
        return type.getClassLoader() == null && !Modifier.isPublic(type.getModifiers());
    }

    /**
     * @param type  a JDK-private class written as {@code shape}'s class ({@link BuiltinTypes#byShape})
     * @param shape that class's registration
     * @return {@code shape}, or one like it that first checks the keys, for the JDK's views and wrappers that may
     *         view an {@code IdentityHashMap} (its own views, {@code newSetFromMap}, the checked wrappers) where
     *         they are read back as a {@code LinkedHashSet} or {@code LinkedHashMap}; a {@code HashMap}'s
     *         {@code keySet()} (equals-based already) is not checked
     */
    static Registration shaped(Class<?> type, Registration shape) {
        boolean hashed = shape.id == TypeIds.LINKED_HASH_SET || shape.id == TypeIds.LINKED_HASH_MAP;
        String name = type.getName();
        if (!hashed || shape.serializer == null
                || !(name.startsWith("java.util.IdentityHashMap$") || name.startsWith("java.util.Collections$"))) {
            return shape;
        }
        Registration r = new Registration(shape.id, shape.type);
        r.bind(new Checked(shape.serializer, shape.id == TypeIds.LINKED_HASH_MAP));
        r.runs = shape.runs;
        r.late = shape.late;
        return r;
    }

    /** The serializer of a {@code LinkedHashSet} or {@code LinkedHashMap}, writing after {@link #check}. */
    private static final class Checked implements Serializer<Object> {
        private final Serializer<Object> content;
        private final boolean map;

        Checked(Serializer<Object> content, boolean map) {
            this.content = content;
            this.map = map;
        }

        @Override
        public void write(WriteBuffer out, Object value) {
            if (map) {
                check(value, ((Map<?, ?>) value).keySet(), "a LinkedHashMap", out);
            } else {
                check(value, (Collection<?>) value, "a LinkedHashSet", out);
            }
            content.write(out, value);
        }

        @Override
        public Object read(ReadBuffer in) {
            return content.read(in);
        }

        @Override
        public Object readInto(ReadBuffer in, Object target) {
            return content.readInto(in, target);
        }

        @Override
        public boolean tracksReferences() {
            return content.tracksReferences();
        }
    }
}
