package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * One {@link Blit} shared by many threads: 16 platform threads started together on a fresh instance (so
 * first use races too), and 10,000 virtual threads on JDK 21 and later. Every thread round-trips a mix of
 * built-in values, a record, a plain class with a back pointer, and a {@code Marshallable}, through byte
 * arrays, reused buffers and streams, and must get exactly the bytes a single thread gets. Blit keeps no
 * per-thread state, so there is nothing to grow with virtual threads; a source check keeps it that way.
 */
class ConcurrencyTest {
    /** A hang guard, not a timing assertion: all of it takes a few seconds. */
    private static final Duration HANG_GUARD = Duration.ofMinutes(3);

    record Point(int x, int y, String label) {
    }

    /** A plain class; with references on, children point back at their parent. */
    static final class Node {
        String name;
        Node parent;
        List<Node> children = new ArrayList<>();
    }

    /** Hand-written content. */
    static final class Tick implements Marshallable {
        long time;
        double price;
        String symbol;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeLong(time);
            out.writeDouble(price);
            out.writeString(symbol);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            time = in.readLong();
            price = in.readDouble();
            symbol = in.readString();
        }
    }

    private static Blit blit(boolean references) {
        return Blit.builder()
                .register(Point.class, 100)
                .register(Node.class, 101)
                .register(Tick.class, 102)
                .register(ConcurrencyTest.class, 103) // the capturing class of the mix's lambda
                .references(references)
                .build();
    }

    /** The mix each thread works on; built fresh per call so no thread shares an input object either. */
    private static List<Object> values(boolean references) {
        List<Object> v = new ArrayList<>();
        Map<String, Object> map = new LinkedHashMap<>();
        map.put("longs", new long[] {1, -2, Long.MAX_VALUE});
        map.put("when", Instant.ofEpochSecond(1_700_000_000L, 42));
        map.put("day", LocalDate.of(2024, 2, 29));
        map.put("cost", new BigDecimal("123.45"));
        map.put("id", new UUID(3, 4));
        map.put("sorted", new TreeMap<>(Map.of("b", 2, "a", 1)));
        map.put("maybe", Optional.of("yes"));
        map.put("fixed", List.of(1, 2, 3));
        // Built-ins that set themselves up on first use (the java.sql classes, the JVM's charset list), so
        // that a JVM running this test first has many threads meet that first use at once.
        map.put("stamp", java.sql.Timestamp.valueOf("2024-02-29 12:00:00.123456789"));
        map.put("charset", java.nio.charset.Charset.forName("windows-1252"));
        map.put("zone", java.util.TimeZone.getTimeZone("Europe/Paris"));
        // Extended built-ins: a lambda's writeReplace and $deserializeLambda$ are looked up once, on first use.
        int offset = 7;
        map.put("lambda", (java.util.function.IntUnaryOperator & java.io.Serializable) x -> x + offset);
        map.put("path", java.nio.file.Path.of("a", "b"));
        v.add(map);
        v.add("a string with € and ü, long enough to leave the Latin-1 path ".repeat(4));
        v.add(new double[] {0.1, -0.0, Double.NaN});
        v.add(new Point(3, -4, "p"));
        Node root = new Node();
        root.name = "root";
        for (int i = 0; i < 5; i++) {
            Node child = new Node();
            child.name = "child " + i;
            child.parent = references ? root : null;
            root.children.add(child);
        }
        v.add(root);
        Tick tick = new Tick();
        tick.time = 1_700_000_000_123L;
        tick.price = 101.25;
        tick.symbol = "BLIT";
        v.add(tick);
        Point shared = new Point(1, 1, "shared");
        v.add(new Object[] {shared, shared, tick, null});
        return v;
    }

    /** Round-trips every value through every path and checks the bytes against the single-threaded ones. */
    private static void roundTrips(Blit blit, boolean references, List<byte[]> expected, int rounds) {
        WriteBuffer reused = new WriteBuffer(64);
        ByteBuffer direct = ByteBuffer.allocateDirect(expected.stream().mapToInt(b -> b.length).max().orElse(0));
        for (int r = 0; r < rounds; r++) {
            List<Object> values = values(references);
            for (int i = 0; i < values.size(); i++) {
                byte[] want = expected.get(i);
                byte[] bytes = blit.toBytes(values.get(i));
                assertArrayEquals(want, bytes, "encoding of value " + i);
                Object back = blit.fromBytes(bytes);
                assertArrayEquals(want, blit.toBytes(back), "decoding of value " + i);

                reused.clear();
                blit.write(back, reused);
                Object again = blit.read(ReadBuffer.of(reused.array(), 0, (int) reused.position()));
                assertArrayEquals(want, blit.toBytes(again), "reused buffer, value " + i);

                ByteArrayOutputStream sink = new ByteArrayOutputStream();
                blit.write(again, sink);
                assertArrayEquals(want, blit.toBytes(blit.read(new ByteArrayInputStream(sink.toByteArray()))),
                        "stream, value " + i);

                direct.clear();
                blit.write(again, direct);
                assertArrayEquals(want, blit.toBytes(blit.read(direct.flip())), "direct ByteBuffer, value " + i);

                if (references && back instanceof Object[]) {
                    Object[] a = (Object[]) back;
                    assertSame(a[0], a[1], "a shared object stays shared");
                }
                if (references && back instanceof Node) {
                    Node n = (Node) back;
                    assertSame(n, n.children.get(0).parent, "the back pointer points at the decoded parent");
                }
            }
        }
    }

    private static List<byte[]> expected(boolean references) {
        Blit single = blit(references);
        return values(references).stream().map(single::toBytes).collect(Collectors.toList());
    }

    @ParameterizedTest(name = "references {0}")
    @ValueSource(booleans = {false, true})
    void sixteenPlatformThreadsShareOneBlit(boolean references) throws Exception {
        List<byte[]> expected = expected(references);
        Blit shared = blit(references); // fresh: the threads race on its first use too
        int threads = 16;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                done.add(pool.submit(() -> {
                    start.await();
                    roundTrips(shared, references, expected, 200);
                    return null;
                }));
            }
            start.countDown();
            assertTimeoutPreemptively(HANG_GUARD, () -> {
                for (Future<?> f : done) {
                    f.get();
                }
            });
        } finally {
            pool.shutdownNow();
        }
    }

    @ParameterizedTest(name = "references {0}")
    @ValueSource(booleans = {false, true})
    void tenThousandVirtualThreadsShareOneBlit(boolean references) throws Exception {
        ExecutorService virtual = virtualThreadPerTaskExecutor();
        List<byte[]> expected = expected(references);
        Blit shared = blit(references);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int t = 0; t < 10_000; t++) {
                done.add(virtual.submit(() -> {
                    start.await();
                    roundTrips(shared, references, expected, 1);
                    return null;
                }));
            }
            start.countDown();
            assertTimeoutPreemptively(HANG_GUARD, () -> {
                for (Future<?> f : done) {
                    f.get();
                }
            });
        } finally {
            virtual.shutdownNow();
            assertTrue(virtual.awaitTermination(1, TimeUnit.MINUTES));
        }
    }

    /** {@code Executors.newVirtualThreadPerTaskExecutor()}, looked up at run time: the tests compile for 17. */
    private static ExecutorService virtualThreadPerTaskExecutor() throws Exception {
        java.lang.reflect.Method factory;
        try {
            factory = Executors.class.getMethod("newVirtualThreadPerTaskExecutor");
        } catch (NoSuchMethodException e) {
            assumeTrue(false, "virtual threads need JDK 21 or later; this is " + Runtime.version());
            throw new AssertionError(e);
        }
        try {
            return (ExecutorService) factory.invoke(null);
        } catch (InvocationTargetException e) {
            // A JDK 19 or 20 without --enable-preview.
            assumeTrue(false, "virtual threads are not enabled: " + e.getCause());
            throw new AssertionError(e);
        }
    }

    @Test
    void blitKeepsNoPerThreadState() throws IOException {
        // Virtual threads are cheap because they carry little; a ThreadLocal cache in a serializer would be
        // copied into every one of 10,000 threads (and pooled platform threads would keep it forever).
        Path main = Paths.get(System.getProperty("basedir", "."), "src/main/java");
        assertTrue(Files.isDirectory(main), "cannot find the main sources at " + main.toAbsolutePath());
        Pattern comments = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
        List<String> offenders;
        try (Stream<Path> files = Files.walk(main)) {
            offenders = files.filter(p -> p.toString().endsWith(".java")).filter(p -> {
                try {
                    String code = comments.matcher(Files.readString(p)).replaceAll("");
                    return code.contains("ThreadLocal");
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(Path::toString).collect(Collectors.toList());
        }
        assertEquals(List.of(), offenders, "Blit promises no per-thread state (see the Javadoc of Blit)");
    }
}
