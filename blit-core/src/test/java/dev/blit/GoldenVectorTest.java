package dev.blit;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Pins the wire format down (FORMAT.md, "Golden vectors"): each case's value must encode to the bytes of
 * {@code golden/NAME.hex} and those bytes must decode to the value. The files were written by hand from
 * FORMAT.md; run with {@code -Dblit.golden.update=true} to rewrite the ones whose bytes changed (they get a
 * generic comment; annotate them by hand), and review the diff: a format change is always deliberate.
 */
class GoldenVectorTest {
    private static final boolean UPDATE = Boolean.getBoolean("blit.golden.update");
    /** The source directory, so updates land where git sees them; tests run with the module as working directory. */
    private static final Path SOURCE_DIR = Paths.get("src", "test", "resources", "golden");

    private static final Blit PLAIN = Blit.builder().build();
    private static final Blit REFERENCES = Blit.builder().references(true).build();
    private static final Blit FLAT = Blit.builder().register(FlatPoint.class, 100).register(FlatAllKinds.class, 101).build();
    private static final Blit COMPATIBLE = Blit.builder().compatible(true).register(CompatLine.class, 100).build();
    /** Compatible mode: an enum and a Marshallable, whose first values in a message carry a table of a marker alone. */
    private static final Blit COMPATIBLE_MARKED = Blit.builder().compatible(true).register(Suit.class, 101)
            .register(Stamp.class, 102).build();

    enum Suit { CLUBS, HEARTS }

    /** Four bytes of its own, little-endian. */
    static final class Stamp implements dev.blit.Marshallable {
        int value;

        @Override
        public void writeMarshallable(dev.blit.buffer.WriteBuffer out) {
            out.writeInt(value);
        }

        @Override
        public void readMarshallable(dev.blit.buffer.ReadBuffer in) {
            value = in.readInt();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Stamp && ((Stamp) o).value == value;
        }

        @Override
        public int hashCode() {
            return value;
        }
    }
    /**
     * A class with writeObject/readObject (FORMAT.md, "Classes serialized through their java.io hooks"): in compatible
     * mode its table lists its class (17: a section follows) and its fields, then the marker.
     */
    static final class HookPoint implements java.io.Serializable {
        int x = 5;
        String label = "hi";
        transient int check = 155;

        private void writeObject(java.io.ObjectOutputStream o) throws java.io.IOException {
            o.defaultWriteObject();
            o.writeInt(check);
        }

        private void readObject(java.io.ObjectInputStream i) throws java.io.IOException, ClassNotFoundException {
            i.defaultReadObject();
            check = i.readInt();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof HookPoint && ((HookPoint) o).x == x && ((HookPoint) o).label.equals(label)
                    && ((HookPoint) o).check == check;
        }

        @Override
        public int hashCode() {
            return x;
        }
    }

    private static final Blit COMPATIBLE_HOOKS = Blit.builder().compatible(true).register(HookPoint.class, 100).build();

    private static final Blit SCHEMA = Blit.builder().register(Labeled.class, 100).build();
    private static final Blit COMPACT = Blit.builder().compactArrays(true).build();
    /** This class creates the lambda of the serializable_lambda case, so it is registered as its capturing class. */
    private static final Blit THROWABLES = Blit.builder().register(IllegalStateException.class, 100)
            .register(java.io.IOException.class, 101).build();
    private static final Blit LAMBDA = Blit.builder().register(GoldenVectorTest.class, 100).build();
    private static final Blit COMPATIBLE_THROWABLES = Blit.builder().compatible(true).register(Rejected.class, 100)
            .register(java.io.IOException.class, 101).build();

    private static final Blit CONTAINERS = Blit.builder().register(Owned.class, 100).register(Tally.class, 101).build();
    private static final Blit NAMED = Blit.builder().allowClassNames("dev.blit.GoldenVectorTest$Tag").build();

    /** Written by its name, not registered (FORMAT.md, "Classes written by name"). */
    record Tag(int id, String name) {
    }

    /** A list with a field of its own (FORMAT.md, "Collections and maps the user extends"). */
    static final class Owned extends ArrayList<Object> {
        String owner;

        @Override
        public boolean equals(Object o) {
            return o instanceof Owned && super.equals(o) && java.util.Objects.equals(owner, ((Owned) o).owner);
        }

        @Override
        public int hashCode() {
            return super.hashCode();
        }
    }

    /** A map with a field of its own. */
    static final class Tally extends java.util.LinkedHashMap<String, Integer> {
        int round;

        @Override
        public boolean equals(Object o) {
            return o instanceof Tally && super.equals(o) && round == ((Tally) o).round;
        }

        @Override
        public int hashCode() {
            return super.hashCode();
        }
    }

    private static Object[] containers() {
        Owned owned = new Owned();
        owned.owner = "me";
        owned.add("x");
        owned.add(2);
        Tally tally = new Tally();
        tally.round = 3;
        tally.put("a", 1);
        return new Object[] {owned, tally};
    }

    /** An exception with a field of its own, for FORMAT.md "Throwables" in compatible mode. */
    static final class Rejected extends RuntimeException {
        int code;

        Rejected(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Two of them in an Object[], the first with an IOException cause: each class's table once, the second none. */
    private static Object[] compatibleThrowables() {
        java.io.IOException io = new java.io.IOException("io");
        io.setStackTrace(new StackTraceElement[0]);
        Rejected first = new Rejected("no", io);
        first.code = 7;
        first.setStackTrace(new StackTraceElement[0]);
        Rejected again = new Rejected("again", null);
        again.code = 8;
        again.setStackTrace(new StackTraceElement[0]);
        return new Object[] {first, again};
    }

    /** A flat record (FORMAT.md, "Flat classes"). */
    record FlatPoint(int x, int y) {
    }

    /** One field of every primitive type, flat. */
    static final class FlatAllKinds {
        boolean z = true;
        byte b = -2;
        short s = 0x1234;
        char c = '\u20ac';
        int i = 1;
        long j = -1;
        float f = 1.5f;
        double d = -0.0;

        @Override
        public boolean equals(Object o) {
            return o instanceof FlatAllKinds && RoundTrip.deepEquals(fields(), ((FlatAllKinds) o).fields());
        }

        @Override
        public int hashCode() {
            return i;
        }

        private Object[] fields() {
            return new Object[] {z, b, s, c, i, j, f, d};
        }
    }

    /** A record with String fields (untagged) beside one declared Object (tagged whatever it holds). */
    record Labeled(int n, String label, String note, Object any) {
    }

    /** A record in compatible mode (FORMAT.md, "Compatible mode"). */
    record CompatLine(int x, String y) {
    }

    private record Case(String name, Object value, Blit blit) {
    }

    /** FORMAT.md "Throwables": a message, a cause, frames with every flag, one suppressed exception. */
    private static Throwable throwable() {
        java.io.IOException cause = new java.io.IOException("io");
        cause.setStackTrace(new StackTraceElement[] {new StackTraceElement(null, "java.base", "17", "java.io.File", "open",
                "File.java", 12)});
        IllegalStateException e = new IllegalStateException("bad", cause);
        e.setStackTrace(new StackTraceElement[] {new StackTraceElement("app", null, null, "a.Main", "main", "Main.java", 3),
                new StackTraceElement("app", null, null, "a.Main", "run", "Main.java", 8)});
        java.io.IOException suppressed = new java.io.IOException((String) null);
        suppressed.setStackTrace(new StackTraceElement[0]);
        e.addSuppressed(suppressed);
        return e;
    }

    private static Object[] inetAddresses() {
        try {
            java.net.InetAddress db = java.net.InetAddress.getByAddress("db", new byte[] {10, 0, 0, 7});
            return new Object[] {db, new java.net.InetSocketAddress(db, 5432), java.net.InetSocketAddress.createUnresolved("h", 80)};
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private static List<Case> cases() {
        Object[] mixed = {1, "a", null, true, new int[] {2}, 3L};
        int[] shared = {7};
        List<Case> c = new ArrayList<>();
        c.add(new Case("null", null, PLAIN));
        c.add(new Case("boolean_true", Boolean.TRUE, PLAIN));
        c.add(new Case("boolean_false", Boolean.FALSE, PLAIN));
        c.add(new Case("byte_minus_two", (byte) -2, PLAIN));
        c.add(new Case("short_0x1234", (short) 0x1234, PLAIN));
        c.add(new Case("char_euro", '€', PLAIN));
        c.add(new Case("int_zero", 0, PLAIN));
        c.add(new Case("int_one", 1, PLAIN));
        c.add(new Case("int_minus_one", -1, PLAIN));
        c.add(new Case("int_63", 63, PLAIN));
        c.add(new Case("int_64", 64, PLAIN));
        c.add(new Case("int_minus_64", -64, PLAIN));
        c.add(new Case("int_minus_65", -65, PLAIN));
        c.add(new Case("int_150", 150, PLAIN));
        c.add(new Case("int_max", Integer.MAX_VALUE, PLAIN));
        c.add(new Case("int_min", Integer.MIN_VALUE, PLAIN));
        c.add(new Case("long_zero", 0L, PLAIN));
        c.add(new Case("long_minus_one", -1L, PLAIN));
        c.add(new Case("long_64", 64L, PLAIN));
        c.add(new Case("long_2_pow_31", 1L << 31, PLAIN));
        c.add(new Case("long_max", Long.MAX_VALUE, PLAIN));
        c.add(new Case("long_min", Long.MIN_VALUE, PLAIN));
        c.add(new Case("float_1_5", 1.5f, PLAIN));
        c.add(new Case("float_negative_zero", -0f, PLAIN));
        c.add(new Case("double_1_5", 1.5d, PLAIN));
        c.add(new Case("double_nan_payload", Double.longBitsToDouble(0x7ff8000000000001L), PLAIN));
        c.add(new Case("string_empty", "", PLAIN));
        c.add(new Case("string_ascii", "hi", PLAIN));
        c.add(new Case("string_latin1", "café", PLAIN));
        c.add(new Case("string_utf16", "€", PLAIN));
        c.add(new Case("string_mixed_utf16", "a€", PLAIN));
        c.add(new Case("string_emoji", new String(Character.toChars(0x1F600)), PLAIN));
        c.add(new Case("boolean_array", new boolean[] {true, false, true}, PLAIN));
        c.add(new Case("byte_array", new byte[] {1, -1, 127}, PLAIN));
        c.add(new Case("short_array", new short[] {1, -2}, PLAIN));
        c.add(new Case("char_array", new char[] {'a', '€'}, PLAIN));
        c.add(new Case("int_array", new int[] {1, -1, 0x12345678}, PLAIN));
        c.add(new Case("int_array_empty", new int[0], PLAIN));
        c.add(new Case("long_array", new long[] {1, Long.MIN_VALUE}, PLAIN));
        c.add(new Case("compact_arrays", new Object[] {new int[] {1, -2, 300}, new long[] {5, -1}, new long[] {70_000},
                new long[] {Long.MIN_VALUE}, new int[0]}, COMPACT));
        c.add(new Case("float_array", new float[] {1f, -0f}, PLAIN));
        c.add(new Case("double_array", new double[] {1d, -2.5d}, PLAIN));
        c.add(new Case("object_array_mixed", mixed, PLAIN));
        c.add(new Case("object_array_empty", new Object[0], PLAIN));
        c.add(new Case("string_array_2d", new String[][] {{"a", "b"}, null, {}}, PLAIN));
        c.add(new Case("object_array_shared_reference", new Object[] {shared, shared}, REFERENCES));
        c.add(new Case("flat_record", new FlatPoint(3, -2), FLAT));
        c.add(new Case("flat_every_primitive", new FlatAllKinds(), FLAT));
        c.add(new Case("run_of_flat_records", new ArrayList<>(List.of(new FlatPoint(1, 2), new FlatPoint(3, 4),
                new FlatPoint(5, 6), new FlatPoint(7, 8))), FLAT));
        c.add(new Case("run_of_strings", List.of("a", "b", "c", "d"), PLAIN));
        java.util.Map<String, Object> entries = new java.util.LinkedHashMap<>();
        entries.put("a", 1);
        entries.put("b", "two");
        entries.put("c", 3);
        entries.put("d", 4);
        c.add(new Case("run_of_map_keys", entries, PLAIN));
        c.add(new Case("run_in_typed_array", new FlatPoint[] {new FlatPoint(1, 2), new FlatPoint(3, 4),
                new FlatPoint(5, 6), new FlatPoint(7, 8)}, FLAT));
        c.add(new Case("record_string_fields", new Labeled(1, "a", null, "b"), SCHEMA));
        c.add(new Case("compatible_record", new CompatLine(1, "a"), COMPATIBLE));
        // Built-ins 91..98
        c.add(new Case("offset_time", java.time.OffsetTime.of(10, 15, 30, 500, java.time.ZoneOffset.ofHours(1)), PLAIN));
        c.add(new Case("time_zone", java.util.TimeZone.getTimeZone("Europe/Paris"), PLAIN));
        java.util.GregorianCalendar epoch = new java.util.GregorianCalendar(java.util.TimeZone.getTimeZone("UTC"),
                java.util.Locale.US);
        epoch.setTimeInMillis(0);
        c.add(new Case("gregorian_calendar", epoch, PLAIN));
        c.add(new Case("charset", StandardCharsets.UTF_8, PLAIN));
        c.add(new Case("sql_timestamp", new java.sql.Timestamp(-1500), PLAIN));
        c.add(new Case("sql_date_and_time", new Object[] {new java.sql.Date(1000), new java.sql.Time(-1)}, PLAIN));
        c.add(new Case("class_values", new Object[] {String.class, int[].class, Class.class}, PLAIN));
        c.add(new Case("class_descriptors", new Object[] {String[].class, int[][].class, java.nio.file.Path.class,
                java.util.concurrent.TimeUnit.class}, PLAIN));
        c.add(new Case("path_and_file", new Object[] {java.nio.file.Path.of("data.bin"), new java.io.File("log")}, PLAIN));
        c.add(new Case("inet_addresses", inetAddresses(), PLAIN));
        c.add(new Case("url_and_jdk_enums", urlAndJdkEnums(), PLAIN));
        c.add(new Case("byte_buffers", new Object[] {java.nio.ByteBuffer.wrap(new byte[] {9, 1, 2, 3, 9}).position(1).limit(4),
                java.nio.ByteBuffer.allocateDirect(2).order(java.nio.ByteOrder.LITTLE_ENDIAN).putShort((short) 0x0102).flip()
                        .asReadOnlyBuffer().order(java.nio.ByteOrder.LITTLE_ENDIAN)}, PLAIN));
        c.add(new Case("extended_collections", new Object[] {java.util.Map.entry(1, "a"),
                new ArrayList<>(List.of(1, 2, 3)).subList(1, 3), java.util.Collections.synchronizedList(new ArrayList<>(List.of(1))),
                java.util.Collections.nCopies(2, "x"), java.util.Comparator.naturalOrder()}, PLAIN));
        java.util.TreeSet<String> descending = new java.util.TreeSet<>(String.CASE_INSENSITIVE_ORDER.reversed());
        descending.addAll(List.of("a", "B"));
        c.add(new Case("reversed_comparator", descending, PLAIN));
        c.add(new Case("throwable", throwable(), THROWABLES));
        c.add(new Case("compatible_throwables", compatibleThrowables(), COMPATIBLE_THROWABLES));
        c.add(new Case("container_subclasses", containers(), CONTAINERS));
        c.add(new Case("named_classes", new Object[] {new Tag(1, "a"), new Tag(2, "b")}, NAMED));
        c.add(new Case("serializable_lambda",
                (java.util.function.Function<String, Integer> & java.io.Serializable) Integer::parseInt, LAMBDA));
        Stamp stamp = new Stamp();
        stamp.value = 42;
        c.add(new Case("compatible_marker_tables", new ArrayList<>(List.of(Suit.HEARTS, Suit.CLUBS, stamp)), COMPATIBLE_MARKED));
        HookPoint second = new HookPoint();
        second.x = 6;
        c.add(new Case("compatible_hook_table", new ArrayList<>(List.of(new HookPoint(), second)), COMPATIBLE_HOOKS));
        c.add(new Case("compatible_table_once_per_message",
                new ArrayList<>(List.of(new CompatLine(1, "a"), new CompatLine(2, "b"))), COMPATIBLE));
        return c;
    }

    private static Object[] urlAndJdkEnums() {
        try {
            return new Object[] {new java.net.URI("http://h/").toURL(), java.util.concurrent.TimeUnit.SECONDS,
                    java.time.temporal.ChronoUnit.FOREVER, java.math.RoundingMode.HALF_EVEN,
                    java.util.EnumSet.of(java.util.concurrent.TimeUnit.MILLISECONDS)};
        } catch (java.net.URISyntaxException | java.net.MalformedURLException e) {
            throw new AssertionError(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyCaseEncodesToItsFileAndDecodesFromIt() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> check(c)));
    }

    private static void check(Case c) throws IOException {
        byte[] actual = c.blit().toBytes(c.value());
        String text = read(c.name());
        if (UPDATE && (text == null || !java.util.Arrays.equals(parse(text), actual))) {
            write(c.name(), actual);
            text = read(c.name());
        }
        assertNotNull(text, () -> "no golden/" + c.name() + ".hex; the code writes " + RoundTrip.hex(actual)
                + " (run with -Dblit.golden.update=true to create it)");
        byte[] expected = parse(text);
        assertArrayEquals(expected, actual, () -> c.name() + ": the file says " + RoundTrip.hex(expected)
                + " but the code writes " + RoundTrip.hex(actual));
        Object decoded = c.blit().fromBytes(expected);
        assertTrue(RoundTrip.deepEquals(c.value(), decoded), () -> c.name() + ": decoded " + decoded);
        RoundTrip.roundTrip(c.blit(), c.value(), expected.length);
    }

    @Test
    void sharedReferencesComeBackShared() {
        Object[] decoded = (Object[]) REFERENCES.fromBytes(parse(read("object_array_shared_reference")));
        assertTrue(decoded[0] == decoded[1]);
    }

    @Test
    void everyFileHasACase() throws IOException {
        Set<String> names = cases().stream().map(Case::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(names.size(), cases().size(), "case names are unique");
        if (Files.isDirectory(SOURCE_DIR)) {
            try (Stream<Path> files = Files.list(SOURCE_DIR)) {
                Set<String> orphans = files.map(p -> p.getFileName().toString())
                        .filter(f -> f.endsWith(".hex"))
                        .map(f -> f.substring(0, f.length() - 4))
                        .filter(n -> !names.contains(n))
                        .collect(Collectors.toCollection(TreeSet::new));
                assertTrue(orphans.isEmpty(), () -> "golden files without a case: " + orphans);
            }
        }
    }

    @Test
    void theParserReadsAnnotatedHex() {
        assertArrayEquals(new byte[] {0x05, 0x68, 0x69, (byte) 0xff},
                parse("05 68 69   # \"hi\": h=5 -> length 2, Latin-1\n# a comment line\n\n  FF\n"));
    }

    /** Hex pairs separated by white space; {@code #} starts a comment that runs to the end of the line. */
    static byte[] parse(String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (String line : text.split("\n")) {
            int hash = line.indexOf('#');
            String data = (hash >= 0 ? line.substring(0, hash) : line).trim();
            if (data.isEmpty()) {
                continue;
            }
            for (String pair : data.split("\\s+")) {
                if (pair.length() != 2) {
                    throw new IllegalArgumentException("not a hex pair: '" + pair + "' in line: " + line);
                }
                out.write(Integer.parseInt(pair, 16));
            }
        }
        return out.toByteArray();
    }

    private static String read(String name) {
        try {
            Path source = SOURCE_DIR.resolve(name + ".hex");
            if (Files.isDirectory(SOURCE_DIR)) {
                return Files.exists(source) ? Files.readString(source, StandardCharsets.UTF_8) : null;
            }
            try (InputStream in = GoldenVectorTest.class.getResourceAsStream("/golden/" + name + ".hex")) {
                return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(String name, byte[] bytes) throws IOException {
        StringBuilder sb = new StringBuilder("# written by GoldenVectorTest -Dblit.golden.update=true: check it against "
                + "FORMAT.md and annotate it by hand\n");
        for (int i = 0; i < bytes.length; i += 16) {
            byte[] line = java.util.Arrays.copyOfRange(bytes, i, Math.min(bytes.length, i + 16));
            sb.append(RoundTrip.hex(line)).append('\n');
        }
        Files.createDirectories(SOURCE_DIR);
        Files.writeString(SOURCE_DIR.resolve(name + ".hex"), sb.toString(), StandardCharsets.UTF_8);
    }
}
