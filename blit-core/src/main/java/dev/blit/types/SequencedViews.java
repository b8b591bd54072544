package dev.blit.types;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Java 21's {@code Collections.unmodifiableSequencedCollection}, {@code ...Set} and {@code ...Map}, extended ids
 * 44..46 (FORMAT.md). Before they had ids they took the shape of the public class they behave like (an
 * {@code ArrayList}, a {@code LinkedHashSet}, a {@code LinkedHashMap}) and came back modifiable. Their content is
 * that of the unmodifiable views they extend (61, 58, 59); a reader on Java 21 or later makes the sequenced view
 * again, one on Java 17 (which has no such views) the plain unmodifiable one, in the same order. Blit is
 * compiled for Java 17, so the methods are found by name, once.
 */
final class SequencedViews {
    private SequencedViews() {
    }

    /** The three factories, taking and giving {@code Object}; empty before Java 21. */
    private static final MethodHandle[] VIEWS = views();

    private static MethodHandle[] views() {
        String[] names = {"unmodifiableSequencedCollection", "unmodifiableSequencedSet", "unmodifiableSequencedMap"};
        String[] types = {"java.util.SequencedCollection", "java.util.SequencedSet", "java.util.SequencedMap"};
        MethodHandle[] handles = new MethodHandle[3];
        try {
            for (int i = 0; i < 3; i++) {
                Class<?> t = Class.forName(types[i]);
                handles[i] = MethodHandles.publicLookup().findStatic(Collections.class, names[i], MethodType.methodType(t, t))
                        .asType(MethodType.methodType(Object.class, Object.class));
            }
        } catch (ReflectiveOperationException e) {
            return new MethodHandle[0]; // before Java 21
        }
        return handles;
    }

    /**
     * @param which 0 a collection (over an {@code ArrayList}), 1 a set (a {@code LinkedHashSet}), 2 a map (a
     *              {@code LinkedHashMap})
     * @param inner what it views
     * @return the sequenced unmodifiable view of {@code inner}, or the plain one before Java 21
     */
    static Object view(int which, Object inner) {
        if (VIEWS.length == 3) {
            try {
                return VIEWS[which].invokeExact(inner);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException(e); // none of the three declares a checked exception
            }
        }
        return which == 0 ? Collections.unmodifiableCollection((Collection<?>) inner)
                : which == 1 ? Collections.unmodifiableSet((Set<?>) inner) : Collections.unmodifiableMap((Map<?, ?>) inner);
    }

    /** Adds the views' classes with their extended ids to {@code ids}, where the JDK has them. */
    static void addIds(Map<Class<?>, Integer> ids) {
        if (VIEWS.length == 3) {
            ids.put(view(0, new ArrayList<>()).getClass(), TypeIds.EXT_UNMODIFIABLE_SEQUENCED_COLLECTION);
            ids.put(view(1, new LinkedHashSet<>()).getClass(), TypeIds.EXT_UNMODIFIABLE_SEQUENCED_SET);
            ids.put(view(2, new LinkedHashMap<>()).getClass(), TypeIds.EXT_UNMODIFIABLE_SEQUENCED_MAP);
        }
    }
}
