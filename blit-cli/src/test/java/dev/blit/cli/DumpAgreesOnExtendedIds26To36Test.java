package dev.blit.cli;

import dev.blit.Blit;
import dev.blit.cli.DumpAgreesWithLibraryTest.Lambdas;
import dev.blit.types.TypeIds;
import org.junit.jupiter.api.Test;

import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.WeakHashMap;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.LinkedTransferQueue;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAdder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DumpAgreesWithLibraryTest} for extended ids 26..41 (the blocking queues, {@code LinkedTransferQueue},
 * the atomic arrays, the adders, {@code WeakHashMap}, {@code StackTraceElement}, {@code URL}, the JDK's enums
 * {@code TimeUnit}, {@code ChronoUnit}, {@code RoundingMode}, {@code ByteBuffer}, and on Java 21 the unmodifiable
 * sequenced views 44..46): their values in its damaged payload,
 * {@link #sample()}, and each of their refusals once, by hand. Apart so that the test of the whole stays a readable size.
 */
class DumpAgreesOnExtendedIds26To36Test {
    /** As {@link DumpAgreesWithLibraryTest}'s instance: references, compact arrays, the lambdas' class as 100. */
    private static final Blit BLIT = Blit.builder().references(true).compactArrays(true).register(Lambdas.class, 100).build();
    private static final String REGISTER = Lambdas.class.getName() + "=100";
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

    /**
     * Id 99, extended ids 26..36 (FORMAT.md, "Extended ids 5..36"), each refusal once, by hand (hex: tag, content):
     * a bounded queue's capacity outside 1 to 2^31 - 1 (2^31 - 9 for {@code ArrayBlockingQueue}) and a count over
     * it, in the library's words; the nulls the queues refuse, where {@code AtomicReferenceArray} and
     * {@code WeakHashMap} hold them, where the queues, {@code WeakHashMap} and {@code AtomicReferenceArray} (numbered
     * before their content) may hold themselves; input cut inside each
     * shape; none of them as an array's component type or a comparator. One refusal is the library's alone:
     * {@code ArrayBlockingQueue}'s array of capacity references, charged to {@code maxAllocationPerRead}, which the
     * dump does not keep.
     */
    @Test
    void eachRefusalOfExtendedIds26To36IsTheLibrarys() {
        DumpAgreesWithLibraryTest.bothRefuse(BLIT, REGISTER, new String[][] {
                {DumpAgreesWithLibraryTest.NEXT_EXTENDED, "unknown extended built-in id " + (TypeIds.EXT_LAST + 1) + " at offset 1"},
                // a URL (38): a string new URL takes; the JDK's enums (39..41): an ordinal of one of their constants
                {"63 26 00", "null string header inside a URL value at offset 2"},
                {"63 26 11 6e 6f 70 65 3a 2f 2f 78", "invalid URL at offset 1: \"nope://x\" (unknown protocol: nope)"},
                {"63 26 13 68 74 74 70", "truncated"},
                {"63 26 01", "invalid URL at offset 1: \"\" (no protocol: )"},
                {"63 27 07", "ordinal 7 at offset 2 is not a constant of java.util.concurrent.TimeUnit (it has 7)"},
                {"63 28 10", "ordinal 16 at offset 2 is not a constant of java.time.temporal.ChronoUnit (it has 16)"},
                {"63 29 ff ff ff ff 0f", "ordinal 4294967295 at offset 2 is not a constant of java.math.RoundingMode (it has 8)"},
                {"63 27", "truncated"},
                {"63 29 80 80 80 80 10", "malformed varint"},
                // ... as EnumSet and EnumMap types (a Path is no enum), and as array components
                {"2e 63 01 00", "not an enum"},
                {"2e 63 27 01 80", "EnumSet bit 7 at offset 4 is not a constant of java.util.concurrent.TimeUnit"},
                {"2f 63 29 01 08 00", "EnumMap key ordinal 8 at offset 4"},
                {"2f 63 28 11" + " 00".repeat(34), "EnumMap of 17 entries at offset 3 but ChronoUnit has only 16 constants"},
                {"15 63 27 01 63 28 00", "element 0 of a TimeUnit[] is a ChronoUnit"},
                {"15 63 26 01 63 27 00", "element 0 of a URL[] is a TimeUnit"},
                // a ByteBuffer (42): known flags, then a byte[] that is not null and not cut
                {"63 2a 08 01", "ByteBuffer at offset 1 has unknown flags 0x8 at offset 2"},
                {"63 2a 80 01", "ByteBuffer at offset 1 has unknown flags 0x80 at offset 2"},
                {"63 2a 01 00", "null array header inside a"},
                {"63 2a 00 05 01 02", "truncated"},
                {"63 2a", "truncated"},
                {"15 63 2a 01 63 27 00", "element 0 of a ByteBuffer[] is a TimeUnit"},
                // a StackTraceElement (37): no frame before it to be like, named class and method, known flags
                {"63 25 01 03 66 00", "StackTraceElement at offset 2 has invalid flags 0x1"},
                {"63 25 08 00 00 00 03 43 03 66 00 00", "StackTraceElement at offset 2 has invalid flags 0x8"},
                {"63 25 00 00 00 00 03 43 00 00 00", "StackTraceElement at offset 2 has no method name"},
                {"63 25 00 00 00 00 00 03 66 00 00", "StackTraceElement at offset 2 has no class name"},
                {"63 25 04 00 00 00 03 43 03 66", "truncated"},
                {"15 63 25 01 0b 03 61", "element 0 of a StackTraceElement[]"},
                // a capacity: 1 to 2^31 - 1, and for ArrayBlockingQueue, which allocates it whole, 2^31 - 9
                {"63 1a 00 00", "queue capacity 0 at offset 2 is not between 1 and 2147483647"},
                {"63 1b 80 80 80 80 08 00", "queue capacity 2147483648 at offset 2 is not between 1 and 2147483647"},
                {"63 1c f8 ff ff ff 07 00", "queue capacity 2147483640 at offset 2 is not between 1 and 2147483639"},
                {"63 1c ff ff ff ff 0f 00", "queue capacity 4294967295 at offset 2 is not between 1 and 2147483639"},
                {"63 1a 80 80 80 80 10", "malformed varint"},
                // ... and at most that many elements
                {"63 1a 01 02 07 02 07 04", "queue of capacity 1 has 2 elements at offset 3"},
                {"63 1b 02 03 07 02 07 04 07 06", "queue of capacity 2 has 3 elements at offset 3"},
                {"63 1c 01 02 07 02 07 04", "queue of capacity 1 has 2 elements at offset 3"},
                // nulls: the blocking queues and LinkedTransferQueue refuse them, whatever the comparator
                {"63 1a 02 01 00", "a LinkedBlockingQueue cannot hold null, found at offset 4"},
                {"63 1b 02 02 07 02 00", "a LinkedBlockingDeque cannot hold null, found at offset 6"},
                {"63 1c 01 01 00", "a ArrayBlockingQueue cannot hold null, found at offset 4"},
                {"63 1d 00 01 00", "a PriorityBlockingQueue cannot hold null, found at offset 4"},
                {"63 1d 01 44 01 00", "a PriorityBlockingQueue cannot hold null, found at offset 5"},
                {"63 1e 01 00", "a LinkedTransferQueue cannot hold null, found at offset 3"},
                // a comparator (PriorityBlockingQueue's, as 87's): none of them is one
                {"63 1d 01 63 1f 00 00", "expected a Comparator at offset 3 but found AtomicIntegerArray"},
                {"2a 01 63 22 00 00", "expected a Comparator at offset 2 but found LongAdder"},
                // counts beyond the input, in the dump's words for every count (the library's: "declared length")
                {"63 1a 05 03 07 02", "count 3 at offset 3 needs at least 3 bytes, 2 remain"},
                {"63 1f 05 02", "count 5 at offset 2 needs at least 5 bytes, 1 remain"},
                {"63 24 02 07 02 07", "count 2 at offset 2 needs at least 4 bytes, 3 remain"},
                // cut inside each shape, and varints over their width
                {"63 1a", "truncated"},
                {"63 1b 02", "truncated"},
                {"63 1c 02 01 07", "truncated"},
                {"63 1d 01", "truncated"},
                {"63 1e 02 07 02 07", "truncated"},
                {"63 1f 02 02 80", "truncated"},
                {"63 1f 01 80 80 80 80 10", "malformed varint"},
                {"63 20 01 ff ff ff ff ff ff ff ff ff 02", "malformed varint"},
                {"63 21 01 07", "truncated"},
                {"63 22", "truncated"},
                {"63 22 ff ff ff ff ff ff ff ff ff 02", "malformed varint"},
                {"63 23 00 00 00 00 00 00 f0", "truncated"},
                // a DoubleAdder's sum is never -0.0: that would be a second encoding of 0.0
                {"63 23 00 00 00 00 00 00 00 80", "a DoubleAdder's sum at offset 2 is -0.0"},
                {"63 24 01 07 02", "truncated"},
                // no array component type, and no element of an array of Paths
                {"15 63 1a 00", "unknown type id 99, extended id 26, at offset 1"},
                {"15 63 1f 00", "unknown type id 99, extended id 31, at offset 1"},
                {"15 63 24 00", "unknown type id 99, extended id 36, at offset 1"},
                {"15 63 01 01 63 1a 01 00", "element 0 of a Path[] is a LinkedBlockingQueue"},
        });
        DumpAgreesWithLibraryTest.bothRead(BLIT, REGISTER, new String[] {
                "63 25 04 07 61 70 70 00 00 07 61 2e 42 03 66 0e", // a StackTraceElement: app//a.B.f(B.java:7)
                "15 63 25 02 63 25 00 00 00 00 03 43 03 66 00 03 00", // StackTraceElement[]: a native frame, a null
                "63 26 13 68 74 74 70 3a 2f 2f 68 2f", // http://h/
                "63 27 00", "63 27 06", "63 28 0f", "63 29 07", // NANOSECONDS, DAYS, FOREVER, UNNECESSARY
                "2e 63 27 01 7f", "2e 63 29 00", "2f 63 28 02 00 07 02 0f 0b 03 61", "15 63 29 02 63 29 00 00",
                "14 02 63 27 03 01 01", // Object[] {SECONDS, SECONDS}: tracked, so the second is a back reference
                "63 2a 00 01", "63 2a 07 04 01 02 03", "15 63 2a 02 63 2a 01 01 00 00", // ByteBuffers: empty, direct LE RO

                "63 1a 01 00", "63 1a 01 01 07 02",
                "63 1b ff ff ff ff 07 00", // a linked queue allocates nothing for its capacity
                "63 1c 02 02 07 02 0b 03 61", "63 1c 03 00", // an ArrayBlockingQueue full, and empty
                "63 1d 00 02 07 04 07 02", "63 1d 01 44 00", "63 1d 01 63 16 01 07 02", // as 87: a comparator, or none
                HEX.formatHex(BLIT.toBytes(new PriorityBlockingQueue<>(2, Lambdas.descending()))), // a lambda orders it
                "63 1e 00", "63 1e 02 07 02 0b 01",
                "63 1f 00", "63 1f 03 02 03 d8 04", "63 1f 01 ff ff ff ff 0f", // Integer.MIN_VALUE
                "63 20 00", "63 20 01 ff ff ff ff ff ff ff ff ff 01", // Long.MIN_VALUE
                "63 21 00", "63 21 02 00 07 02", // AtomicReferenceArray: nulls allowed
                "63 22 00", "63 22 54", "63 23 00 00 00 00 00 00 04 40", "63 23 01 00 00 00 00 00 f8 7f",
                "63 24 00", "63 24 02 00 00 07 02 0b 03 76", // WeakHashMap: a null key and value
                // numbered before their content: they may hold themselves
                "63 1a 02 01 01 00", "63 1e 01 01 00", "63 24 01 07 02 01 00", "63 21 01 01 00", // an AtomicReferenceArray too
                // ... and be pointed at from outside, the leaves too
                "24 04 63 22 54 01 01 63 1f 01 02 01 02",
                // runs, as for 36 and 39
                "63 1a 05 02 45 07 02 04", "63 21 02 45 0b 03 61 03 62", "63 24 02 45 0b 00 03 61 02 03 62 03",
        });
        // What the library refuses and the dump reads: an ArrayBlockingQueue's array of 2^31 - 9 references,
        // charged to maxAllocationPerRead before it is allocated. The dump keeps no allocation budget.
        byte[] huge = HEX.parseHex("63 1c f7 ff ff ff 07 00");
        String refused = DumpAgreesWithLibraryTest.library(BLIT, huge);
        assertTrue(refused.contains("an ArrayBlockingQueue of capacity 2147483639 at offset 2 needs about "
                + "17179869128 bytes"), refused);
        assertEquals(0, DumpAgreesWithLibraryTest.dump(REGISTER, huge),
                () -> DumpAgreesWithLibraryTest.dumpOutput(REGISTER, huge));
    }

    /**
     * Extended ids 26..36 for {@link DumpAgreesWithLibraryTest}'s damaged payload: each bounded queue with a
     * capacity it keeps (a {@code LinkedBlockingDeque} without one: 2^31 - 1, five bytes), a
     * {@code PriorityBlockingQueue} ordered naturally and one by {@code reverseOrder()}, the atomic arrays, the
     * adders (and one again, a back reference), a {@code WeakHashMap} with a null value (its keys interned
     * strings, so none is cleared), a URL, the JDK's enums (alone, twice, in an EnumSet and an EnumMap, as an
     * array), and two ByteBuffers (a heap one's last three bytes, a direct, little-endian, read-only one).
     */
    static List<Object> sample() {
        LinkedBlockingQueue<Object> linked = new LinkedBlockingQueue<>(4);
        linked.addAll(List.of(1, "q"));
        ArrayBlockingQueue<String> array = new ArrayBlockingQueue<>(3);
        array.add("a");
        PriorityBlockingQueue<Integer> reversed = new PriorityBlockingQueue<>(2, Collections.reverseOrder());
        reversed.addAll(List.of(5, 6));
        LongAdder adder = new LongAdder();
        adder.add(-42);
        DoubleAdder sum = new DoubleAdder();
        sum.add(2.5);
        WeakHashMap<String, Object> weak = new WeakHashMap<>();
        weak.put("w", 1);
        weak.put("n", null); // a null key would be hashed by identity: the payload's bytes would vary by run
        List<Object> all = new java.util.ArrayList<>(List.of(linked, new LinkedBlockingDeque<>(List.of(2L)), array, new PriorityBlockingQueue<>(List.of(3, 1, 2)),
                reversed, new LinkedTransferQueue<>(List.of("t", 7)), new AtomicIntegerArray(new int[] {1, -300, 70_000}),
                new AtomicLongArray(new long[] {Long.MIN_VALUE, 5}), new AtomicReferenceArray<>(new Object[] {"r", null, 2}),
                adder, sum, adder, weak, url("https://example.com:8443/a?q=1#f"), java.util.concurrent.TimeUnit.SECONDS,
                java.time.temporal.ChronoUnit.DAYS, java.math.RoundingMode.HALF_EVEN, java.util.concurrent.TimeUnit.SECONDS,
                java.util.EnumSet.of(java.util.concurrent.TimeUnit.HOURS, java.util.concurrent.TimeUnit.DAYS),
                new java.util.EnumMap<>(java.util.Map.of(java.time.temporal.ChronoUnit.WEEKS, "w")),
                new java.math.RoundingMode[] {java.math.RoundingMode.UP, null},
                java.nio.ByteBuffer.wrap(new byte[] {1, 2, 3, 4}).position(1), java.nio.ByteBuffer.allocateDirect(3)
                        .order(java.nio.ByteOrder.LITTLE_ENDIAN).asReadOnlyBuffer()));
        all.addAll(sequencedViews());
        return all;
    }

    /** Java 21's unmodifiable sequenced views (extended ids 44..46), where the JDK has them; found by name. */
    private static List<Object> sequencedViews() {
        try {
            Class<?> c = Class.forName("java.util.SequencedCollection");
            return List.of(
                    Collections.class.getMethod("unmodifiableSequencedCollection", c).invoke(null, new java.util.ArrayList<>(List.of(3, "x"))),
                    Collections.class.getMethod("unmodifiableSequencedSet", Class.forName("java.util.SequencedSet"))
                            .invoke(null, new java.util.LinkedHashSet<>(List.of(2, 1))),
                    Collections.class.getMethod("unmodifiableSequencedMap", Class.forName("java.util.SequencedMap"))
                            .invoke(null, new java.util.LinkedHashMap<>(java.util.Map.of("k", 1))));
        } catch (ClassNotFoundException beforeJava21) {
            return List.of();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static java.net.URL url(String spec) {
        try {
            return new java.net.URI(spec).toURL();
        } catch (java.net.URISyntaxException | java.net.MalformedURLException e) {
            throw new AssertionError(e);
        }
    }
}
