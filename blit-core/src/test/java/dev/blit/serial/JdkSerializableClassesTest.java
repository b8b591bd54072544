package dev.blit.serial;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Stack;
import java.util.Vector;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JDK classes Blit has no built-in serializer for, serialized through their own hooks. Whether one works
 * depends on the JDK: Java 17 gives no way to reach the private fields of {@code java.base} classes, so a
 * class whose hooks (or lack of them) need those fields is refused when its serializer is made; Java 22 and
 * later reach them through {@code ReflectionFactory.defaultReadObjectForSerialization}.
 */
class JdkSerializableClassesTest {
    private static final boolean JAVA_22 = Runtime.version().feature() >= 22;

    static Stream<Arguments> classes() {
        return Stream.of(
                // works everywhere: no serializable fields, or hooks that only use putFields/readFields
                works(CopyOnWriteArrayList.class, () -> new CopyOnWriteArrayList<>(List.of(1, "two", 3))),
                works(ConcurrentLinkedQueue.class, () -> new ConcurrentLinkedQueue<>(List.of("a", "b"))),
                works(ConcurrentLinkedDeque.class, () -> new ConcurrentLinkedDeque<>(List.of("a", "b"))),
                works(Vector.class, () -> new Vector<>(List.of(1, 2, 3))),
                // serialPersistentFields says long seed, the field is an AtomicLong: as for the JDK, no field backs
                // that entry, and the hooks put and get it through PutField/GetField (refused at build() before)
                works(Random.class, () -> {
                    Random r = new Random(42);
                    r.nextGaussian(); // leaves the second Gaussian of the pair in nextNextGaussian
                    return r;
                }),
                works(Stack.class, () -> {
                    Stack<Object> s = new Stack<>();
                    s.push("x");
                    s.push(2);
                    return s;
                }),
                // need the fields of a java.base class: Java 22+
                since22(ConcurrentSkipListMap.class, () -> new ConcurrentSkipListMap<>(Map.of(1, "a", 2, "b"))),
                since22(ConcurrentSkipListMap.class, () -> {
                    ConcurrentSkipListMap<Object, Object> m = new ConcurrentSkipListMap<>(Collections.reverseOrder());
                    m.put("a", 1);
                    m.put("b", 2);
                    return m;
                }),
                // a set over a map (or list) field: that class is registered too
                since22(ConcurrentSkipListSet.class, () -> new ConcurrentSkipListSet<>(List.of(3, 1, 2)),
                        ConcurrentSkipListMap.class),
                since22(CopyOnWriteArraySet.class, () -> new CopyOnWriteArraySet<>(List.of("x", "y")),
                        CopyOnWriteArrayList.class),
                since22(Hashtable.class, () -> new Hashtable<>(Map.of("k", 1, "l", 2))),
                since22(PriorityQueue.class, () -> new PriorityQueue<>(List.of(5, 1, 3))),
                // blocking queues serialize their locks and conditions: those classes are registered too
                since22(LinkedBlockingQueue.class, () -> new LinkedBlockingQueue<>(List.of(1, 2)), LOCKS),
                since22(LinkedBlockingDeque.class, () -> new LinkedBlockingDeque<>(List.of(1, 2)), LOCKS),
                since22(ArrayBlockingQueue.class, () -> new ArrayBlockingQueue<>(4, false, List.of(1, 2)), LOCKS));
    }

    private static final Class<?>[] LOCKS = {
            java.util.concurrent.atomic.AtomicInteger.class,
            java.util.concurrent.locks.ReentrantLock.class,
            named("java.util.concurrent.locks.ReentrantLock$NonfairSync"),
            named("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject"),
    };

    private static Class<?> named(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    private static Arguments works(Class<?> type, Supplier<Object> value, Class<?>... also) {
        return Arguments.of(type.getSimpleName(), type, value, false, also);
    }

    private static Arguments since22(Class<?> type, Supplier<Object> value, Class<?>... also) {
        return Arguments.of(type.getSimpleName(), type, value, true, also);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("classes")
    void roundTripsThroughItsOwnHooks(String name, Class<?> type, Supplier<Object> make, boolean needs22,
                                      Class<?>[] also) {
        if (needs22 && !JAVA_22) {
            BlitException e = assertThrows(BlitException.class, () -> JavaSerialization.create(type, null));
            assertTrue(e.getMessage().contains("Java 22"), e.getMessage());
            Assumptions.abort(type.getName() + " needs Java 22+ (refused at registration on Java "
                    + Runtime.version().feature() + ")");
        }
        @SuppressWarnings("unchecked")
        Class<Object> t = (Class<Object>) type;
        Blit.Builder builder = Blit.builder().references(true).register(t, 100, JavaSerialization.create(type, null));
        for (int i = 0; i < also.length; i++) {
            @SuppressWarnings("unchecked")
            Class<Object> a = (Class<Object>) also[i];
            builder.register(a, 101 + i, JavaSerialization.create(a, null));
        }
        Blit blit = builder.build();
        Object value = make.get();
        int length = blit.toBytes(value).length;
        Object back = RoundTrip.roundTrip(blit, value, length, JdkSerializableClassesTest::sameContent);
        assertEquals(type, back.getClass());
    }

    static boolean sameContent(Object a, Object b) {
        if (a.getClass() != b.getClass()) {
            return false;
        }
        if (a instanceof Random) {
            // b is a fresh copy, so drawing from it changes nothing else; the only Random here is the one below.
            // Its cached second Gaussian comes first, then numbers from the seed.
            Random expected = new Random(42);
            expected.nextGaussian();
            Random got = (Random) b;
            return got.nextGaussian() == expected.nextGaussian() && got.nextLong() == expected.nextLong();
        }
        if (a instanceof Map) {
            List<Object> ka = new ArrayList<>(((Map<?, ?>) a).keySet());
            List<Object> kb = new ArrayList<>(((Map<?, ?>) b).keySet());
            return a.equals(b) && (!(a instanceof java.util.SortedMap) || ka.equals(kb));
        }
        return new ArrayList<>((Collection<?>) a).equals(new ArrayList<>((Collection<?>) b));
    }

    @org.junit.jupiter.api.Test
    void exceptionsRoundTripWithMessageCauseAndStackTraceOnJava22() {
        Assumptions.assumeTrue(JAVA_22, "Throwable's fields are private to java.base: Java 22+");
        Blit.Builder b = Blit.builder().references(true);
        int id = 100;
        for (Class<?> c : List.of(IllegalStateException.class, IllegalArgumentException.class, StackTraceElement.class)) {
            @SuppressWarnings("unchecked")
            Class<Object> t = (Class<Object>) c;
            b.register(t, id++, JavaSerialization.create(t, null));
        }
        Blit blit = b.build();
        IllegalStateException e = new IllegalStateException("outer", new IllegalArgumentException("inner"));
        IllegalStateException back = blit.fromBytes(blit.toBytes(e), IllegalStateException.class);
        assertEquals("outer", back.getMessage());
        assertEquals("inner", back.getCause().getMessage());
        assertEquals(IllegalArgumentException.class, back.getCause().getClass());
        assertEquals(List.of(e.getStackTrace()), List.of(back.getStackTrace()));
        // No size comparison here: stack frames repeat the same strings, which ObjectOutputStream shares by
        // handle and Blit writes each time (strings are not reference-tracked, FORMAT.md "References").
    }
}
