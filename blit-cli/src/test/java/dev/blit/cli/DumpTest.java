package dev.blit.cli;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.log.BlitLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dump's output compared with golden files in {@code src/test/resources/dump/}. To change the output on
 * purpose, run with {@code -Dblit.golden.update=true} and review the diff of the .txt files.
 */
class DumpTest {
    record Line(int qty, String sku) {
    }

    record Order(long id, String customer, List<Line> lines, Point at) {
    }

    /** A record without components: its schema-consistent content is empty, its compatible one the table 01 00. */
    record Nothing() {
    }

    /** A Nothing beside an int, to give the message's mode away through its own field table. */
    record Wrapped(Nothing nothing, int x) {
    }

    record Point(int x, int y) {
    }

    enum Side { BUY, SELL }

    record Money(long cents, String currency) {
        @Override
        public String toString() {
            return cents / 100 + "." + String.format("%02d", cents % 100) + " " + currency;
        }
    }

    /** A list built whole from its elements, registered with {@code Serializer.collection}. */
    static final class Bag extends java.util.AbstractList<Object> {
        private final Object[] items;

        Bag(List<Object> items) {
            this.items = items.toArray();
        }

        @Override
        public Object get(int index) {
            return items[index];
        }

        @Override
        public int size() {
            return items.length;
        }
    }

    /** A map built whole from its entries, registered with {@code Serializer.map}. */
    static final class Table extends java.util.AbstractMap<Object, Object> {
        private final Map<Object, Object> entries;

        Table(Map<Object, Object> entries) {
            this.entries = Map.copyOf(entries);
        }

        @Override
        public java.util.Set<Entry<Object, Object>> entrySet() {
            return entries.entrySet();
        }
    }

    /** What {@code --blit dev.blit.cli.DumpTest#BAGS} finds. */
    static final Blit BAGS = Blit.builder().references(true).register(Bag.class, 100, Serializer.collection(Bag::new))
            .register(Table.class, 101, Serializer.map(Table::new)).build();

    /**
     * Content written by {@code Serializer.collection}/{@code map} is a built-in collection's or map's, which
     * the dump decodes itself once {@code --blit} says which ids use them (a class's own fields would be wrong:
     * {@code Bag} has a field, its content is its elements); a back reference to one from inside is refused, as
     * the library refuses it.
     */
    @Test
    void contentOfSerializerCollectionAndMapIsShownAsItsElements() throws IOException {
        Bag shared = new Bag(List.of("x"));
        byte[] bytes = BAGS.toBytes(new ArrayList<>(List.of(new Bag(List.of("a", 2, shared)), shared,
                new Table(Map.of("k", 1)))));
        String text = dump(bytes, "--blit", DumpTest.class.getName() + "#BAGS");
        golden("built_from_elements", text);
        Result self = run(new byte[] {100, 1, 1, 0}, "--blit", DumpTest.class.getName() + "#BAGS");
        assertEquals(1, self.code, self.out);
        assertTrue(self.out.contains("exists only once its content is read"), self.out);
        assertThrows(BlitException.class, () -> BAGS.fromBytes(new byte[] {100, 1, 1, 0}));
    }

    /** Money's serializer of the user's: its currency, then its cents. */
    static final Serializer<Money> MONEY = new Serializer<Money>() {
        @Override
        public void write(WriteBuffer out, Money m) {
            out.writeString(m.currency());
            out.writeVarLong(m.cents());
        }

        @Override
        public Money read(ReadBuffer in) {
            String currency = in.readString();
            return new Money(in.readVarLong(), currency);
        }
    };

    /** What {@code --blit dev.blit.cli.DumpTest#MARKED} finds: compatible mode, an enum and two serializers of the user's. */
    static final Blit MARKED = Blit.builder().compatible(true).register(Side.class, 104)
            .register(Bag.class, 105, Serializer.collection(Bag::new)).register(Money.class, 103, MONEY).build();

    /**
     * Compatible mode: an enum's first value in a message carries the table {@code 03 01 01 0e}, a class written by its
     * own serializer {@code 03 01 01 0f} (FORMAT.md, "Compatible mode"). With the classes the dump reads them as the
     * library does, the second value of each without its table (and a value read by the class's own serializer is
     * given the table it needs); without them, an enum's ordinal still reads and the other stops the dump, saying why.
     */
    @Test
    void compatibleModeEnumsAndOwnSerializersShowTheirMarkerTables() {
        byte[] bytes = MARKED.toBytes(new ArrayList<>(List.of(Side.SELL, Side.BUY, new Money(150, "EUR"), new Money(2, "USD"),
                new Bag(List.of("a")), new Bag(List.of(Side.SELL)))));
        String text = dump(bytes, "--blit", DumpTest.class.getName() + "#MARKED");
        assertEquals(text, dump(bytes, "--compatible", "--blit", DumpTest.class.getName() + "#MARKED"));
        assertEquals(3, text.split("field table = \\(", -1).length - 1, text); // enum, own serializer twice: one each class
        assertTrue(text.contains("SELL (ordinal 1)") && text.contains("BUY (ordinal 0)") && text.contains("1.50 EUR")
                && text.contains("0.02 USD") && text.contains("[0]: String (11) = \"a\""), text);
        assertTrue(text.contains("(enum)") && text.contains("(own serializer)"), text);
        // --schema reads an enum's table as its ordinal: 3 is past SELL, so damage, as the library would find too
        assertEquals(1, run(bytes, "--schema", "--blit", DumpTest.class.getName() + "#MARKED").code);
        // without the classes: the enums' ordinals, then the Money's content stops the dump
        Result classless = run(bytes);
        assertEquals(0, classless.code, classless.out + classless.err);
        assertTrue(classless.out.contains("an enum constant, ordinal 1") && classless.out.contains("an enum constant,"
                + " ordinal 0") && classless.out.contains("content of its class's own serializer (its field table says so)"),
                classless.out);
        // a table that is not the enum's, with the class: damage at its offset, as the library refuses it
        byte[] wrong = RoundTripBytes.of("68 03 01 01 0f 01");
        Result bad = run(wrong, "--compatible", "--blit", DumpTest.class.getName() + "#MARKED");
        assertEquals(1, bad.code, bad.out);
        assertTrue(bad.out.contains("is not 03 01 01 0e, the table of an enum in compatible mode"), bad.out);
        assertThrows(BlitException.class, () -> MARKED.fromBytes(wrong));
    }

    record Resolved(int x) implements java.io.Serializable {
        private Object readResolve() {
            return new Resolved(x + 1);
        }
    }

    record Replaced(int x) implements java.io.Serializable {
        private Object writeReplace() {
            return new Resolved(x);
        }
    }

    /** What {@code --blit dev.blit.cli.DumpTest#RECORD_HOOKS} finds: records with a readResolve and a writeReplace. */
    static final Blit RECORD_HOOKS = Blit.builder().register(Resolved.class, 100).register(Replaced.class, 101).build();

    /**
     * A record's readResolve changes no byte, so the dump shows its components; its writeReplace puts the replaced byte
     * first, which only the record's own code reads: the dump says so rather than take that byte for a component.
     */
    @Test
    void aRecordsReadResolveKeepsItsComponentsAndItsWriteReplaceIsOpaque() {
        String resolved = dump(RECORD_HOOKS.toBytes(new Resolved(5)), "--blit", DumpTest.class.getName() + "#RECORD_HOOKS");
        assertTrue(resolved.contains("x") && resolved.contains("= 5"), resolved);
        String replaced = dump(RECORD_HOOKS.toBytes(new Replaced(5)), "--blit", DumpTest.class.getName() + "#RECORD_HOOKS");
        assertTrue(replaced.contains("Replaced (101) = Resolved[x=6]  -- read by its own serializer"), replaced);
    }

    /** Hex to bytes, for inputs written out in a test. */
    private static final class RoundTripBytes {
        static byte[] of(String hex) {
            return java.util.HexFormat.ofDelimiter(" ").parseHex(hex);
        }
    }

    /** What {@code --blit dev.blit.cli.DumpTest#CONFIGURED} finds: the user's own instance. */
    static final Blit CONFIGURED = Blit.builder().register(Order.class, 100).register(Line.class, 101)
            .register(Point.class, 102).register(Money.class, 103, MONEY).build();

    private static final String REGISTER = Order.class.getName() + "=100," + Line.class.getName()
            + "=101," + Point.class.getName() + "=102";

    private static Map<String, Object> builtinTree() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "blit");
        m.put("list", new ArrayList<>(Arrays.asList(1, 2L, 1.5, null, true, "€")));
        m.put("bytes", new byte[] {1, 2, 3});
        m.put("longs", new long[] {-1, Long.MAX_VALUE});
        m.put("names", new String[] {"a", null});
        m.put("fixed", List.of(7, 8));
        m.put("price", new BigDecimal("12.50"));
        m.put("day", LocalDate.of(2024, 5, 17));
        m.put("id", new UUID(1, 2));
        return m;
    }

    private static Order order() {
        return new Order(42, "ACME", List.of(new Line(3, "X-1"), new Line(1, "Y-2")), new Point(3, -2));
    }

    private static Blit schemaBlit() {
        return Blit.builder().register(Order.class, 100).register(Line.class, 101).register(Point.class, 102).build();
    }

    @Test
    void builtInTreeShowsTypesKeysValuesAndOffsets() throws IOException {
        byte[] bytes = Blit.builder().build().toBytes(builtinTree());
        golden("builtin_tree", dump(bytes));
    }

    /** Ids 70..90: leaves as text, the collections and maps as the layouts they share with 36, 39, 41 and 42. */
    @Test
    void builtInsSeventyToNinetyShowAsText() throws IOException {
        java.util.PriorityQueue<Integer> queue = new java.util.PriorityQueue<>(java.util.Collections.reverseOrder());
        queue.addAll(List.of(3, 1, 4));
        java.util.BitSet bits = new java.util.BitSet();
        bits.set(1);
        bits.set(5);
        bits.set(64);
        StringBuilder builder = new StringBuilder("built");
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("locale", java.util.Locale.forLanguageTag("de-CH"));
        m.put("japanese", new java.util.Locale("ja", "JP", "JP")); // the JDK makes it a tag with u-ca-japanese
        m.put("legacy", new java.util.Locale("no", "NO", "NY")); // its tag (nn-NO) rebuilds another locale: form 1
        m.put("uri", java.net.URI.create("https://blit.dev/a%20b?q=1#top"));
        m.put("currency", java.util.Currency.getInstance("EUR"));
        m.put("pattern", java.util.regex.Pattern.compile("^a+b$", java.util.regex.Pattern.CASE_INSENSITIVE
                | java.util.regex.Pattern.MULTILINE));
        m.put("calendar", List.of(java.time.Year.of(2024), java.time.YearMonth.of(2024, 5), java.time.MonthDay.of(2, 29),
                java.time.DayOfWeek.FRIDAY, java.time.Month.DECEMBER));
        m.put("bits", bits);
        m.put("builder", builder);
        m.put("again", builder);
        m.put("buffer", new StringBuffer("buf \"q\""));
        m.put("atomics", List.of(new java.util.concurrent.atomic.AtomicInteger(-7),
                new java.util.concurrent.atomic.AtomicLong(1L << 40), new java.util.concurrent.atomic.AtomicBoolean(true)));
        m.put("vector", new java.util.Vector<>(Arrays.asList(1, null)));
        m.put("cow", new java.util.concurrent.CopyOnWriteArrayList<>(List.of("c")));
        m.put("queue", queue);
        m.put("skipSet", new java.util.concurrent.ConcurrentSkipListSet<>(List.of("x", "y")));
        m.put("skipMap", new java.util.concurrent.ConcurrentSkipListMap<>(Map.of(1, "one", 2, "two")));
        m.put("table", new java.util.Hashtable<>(Map.of("h", 1.5)));
        byte[] bytes = Blit.builder().references(true).build().toBytes(m);
        golden("builtins_70_90", dump(bytes));
    }

    /**
     * Ids 91..97, built by hand (FORMAT.md, "Built-in JDK types"): an ArrayList (object #0) of OffsetTimes, a
     * TimeZone (object #1) and a back reference to it, two GregorianCalendars, a Charset, the java.sql values and
     * an OffsetTime[]; the tracked ones (92, 93, 95..97) numbered.
     */
    @Test
    void builtInsNinetyOneToNinetySevenShowAsText() throws IOException {
        byte[] bytes = java.util.HexFormat.ofDelimiter(" ").parseHex(String.join(" ",
                "24 0b", // ArrayList, 11 elements
                "5b 0a 0f 1e 00 a0 38", // OffsetTime 10:15:30+01:00 (svar 3600)
                "5b 17 3b 3b 80 ca b5 ee 01 ef c4 01", // OffsetTime 23:59:59.5-03:30 (svar -12600)
                "5c 19 45 75 72 6f 70 65 2f 50 61 72 69 73", // TimeZone "Europe/Paris"
                "01 01", // back reference to it
                // GregorianCalendar 2024-01-02T03:04:05.006Z in Europe/Paris, lenient, Monday, 1 day, the default change
                "5d 9c e2 86 82 99 63 19 45 75 72 6f 70 65 2f 50 61 72 69 73 01 02 01 ff cf da e9 a0 c7 05",
                // GregorianCalendar at the epoch in UTC, not lenient, Sunday, 4 days, pure Gregorian (Long.MIN_VALUE)
                "5d 00 07 55 54 43 00 01 04 ff ff ff ff ff ff ff ff ff 01",
                "5e 0b 55 54 46 2d 38", // Charset UTF-8
                "5f 9c e2 86 82 99 63", // java.sql.Date 1704164645006
                "60 01", // java.sql.Time -1
                "61 ca f4 9b d9 0c 95 9a ef 3a", // java.sql.Timestamp 1704164645 s, 123456789 ns
                "15 5b 02 5b 0a 0f 1e 00 a0 38 00")); // OffsetTime[] {10:15:30+01:00, null}
        golden("builtins_91_97", dump(bytes));
        // the same values, written by the library: the same bytes
        java.util.TimeZone paris = java.util.TimeZone.getTimeZone("Europe/Paris");
        java.util.GregorianCalendar local = new java.util.GregorianCalendar(paris);
        local.setFirstDayOfWeek(java.util.Calendar.MONDAY);
        local.setMinimalDaysInFirstWeek(1);
        local.setTimeInMillis(1_704_164_645_006L);
        java.util.GregorianCalendar pure = new java.util.GregorianCalendar(java.util.TimeZone.getTimeZone("UTC"));
        pure.setLenient(false);
        pure.setFirstDayOfWeek(java.util.Calendar.SUNDAY);
        pure.setMinimalDaysInFirstWeek(4);
        pure.setGregorianChange(new java.util.Date(Long.MIN_VALUE));
        pure.setTimeInMillis(0);
        java.sql.Timestamp stamp = new java.sql.Timestamp(1_704_164_645_000L);
        stamp.setNanos(123_456_789);
        java.time.OffsetTime t = java.time.OffsetTime.of(10, 15, 30, 0, java.time.ZoneOffset.ofHours(1));
        List<Object> values = new ArrayList<>(List.of(t, java.time.OffsetTime.of(23, 59, 59, 500_000_000,
                java.time.ZoneOffset.ofHoursMinutes(-3, -30)), paris, paris, local, pure, StandardCharsets.UTF_8,
                new java.sql.Date(1_704_164_645_006L), new java.sql.Time(-1), stamp));
        values.add(new java.time.OffsetTime[] {t, null});
        org.junit.jupiter.api.Assertions.assertArrayEquals(bytes, Blit.builder().references(true).build().toBytes(values));
    }

    /**
     * Java 25 warns on {@code System.err} at each {@code TimeZone.getTimeZone} of a three-letter ID: the dump asks
     * once per ID, as the library does, so dumping such zones again prints nothing (Java 17 has no warning).
     */
    @Test
    @SuppressWarnings("deprecation")
    void threeLetterZonesAreDumpedWithoutAWarningEachTime() {
        java.util.TimeZone est = java.util.TimeZone.getTimeZone("EST");
        byte[] bytes = Blit.builder().build().toBytes(new ArrayList<>(List.of(est, new java.util.GregorianCalendar(est))));
        dump(bytes); // the dump's own warning, once
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
            assertTrue(dump(bytes).contains("EST") && dump(bytes).contains("EST"));
        } finally {
            System.setErr(err);
        }
        assertEquals("", printed.toString(StandardCharsets.UTF_8));
    }

    /** Id 98: a Class value shows the class its id names; a user id by name only when the classes are given. */
    @Test
    void classValuesShowTheClassTheirIdNames() {
        byte[] bytes = schemaBlit().toBytes(new ArrayList<>(List.of(String.class, int[].class, Line.class,
                java.nio.charset.Charset.class)));
        String without = dump(bytes);
        assertTrue(without.contains("Class (98) = String (11)") && without.contains("Class (98) = int[] (16)")
                && without.contains("Class (98) = the class of user id 101 (not given to the dump)")
                && without.contains("Class (98) = Charset (94)"), without);
        String with = dump(bytes, "--register", REGISTER);
        assertTrue(with.contains("Class (98) = " + Line.class.getName() + " (101)"), with);
    }

    @Test
    void hexViewAnnotatesEveryItem() throws IOException {
        byte[] bytes = Blit.builder().build().toBytes(builtinTree());
        golden("builtin_tree_hex", dump(bytes, "--hex"));
    }

    @Test
    void compatibleModeObjectsAreNamedFromTheirFieldTablesWithoutTheirClass() throws IOException {
        Blit blit = Blit.builder().compatible(true).register(Line.class, 100).build();
        byte[] bytes = blit.toBytes(new ArrayList<>(List.of(new Line(1, "a"), new Line(2, "b"))));
        golden("compatible_without_class", dump(bytes));
        golden("compatible_with_register", dump(bytes, "--register", Line.class.getName() + "=100"));
    }

    /** A Serializable class with writeObject/readObject below one without: hooks of both kinds, in compatible mode. */
    static class HookBase implements java.io.Serializable {
        long id = 3;
    }

    static final class Hooked extends HookBase {
        int x = 5;
        String label = "hi";
        transient int check = 155;

        private void writeObject(java.io.ObjectOutputStream o) throws IOException {
            o.defaultWriteObject();
            o.writeInt(check);
            o.writeObject(List.of("more"));
        }

        private void readObject(java.io.ObjectInputStream i) throws IOException, ClassNotFoundException {
            i.defaultReadObject();
            check = i.readInt();
            i.readObject();
        }

        @Override
        public String toString() {
            return "Hooked(" + id + ", " + x + ", " + label + ", " + check + ")";
        }
    }

    /**
     * A class serialized through its java.io hooks lists its classes and their fields in compatible mode (FORMAT.md,
     * "Compatible mode"), so the dump reads its content without the class: bare fields, and a section's items.
     */
    @Test
    void compatibleModeHookClassesAreReadByTheirTablesWithOrWithoutTheClass() throws IOException {
        Blit blit = Blit.builder().compatible(true).register(Hooked.class, 100).build();
        byte[] bytes = blit.toBytes(new ArrayList<>(List.of(new Hooked(), new Hooked(), "after")));
        String without = dump(bytes);
        golden("compatible_hooks_without_class", without);
        assertEquals(without, dump(bytes, "--compatible"));
        assertEquals(without.replace("user class (100)", Hooked.class.getName() + " (100)"),
                dump(bytes, "--register", Hooked.class.getName() + "=100"));
        golden("compatible_hooks_hex", dump(bytes, "--hex"));
    }

    @Test
    void schemaConsistentObjectWithoutItsClassStopsThereWithItsBytes() throws IOException {
        byte[] bytes = schemaBlit().toBytes(order());
        byte[] two = concat(Blit.builder().build().toBytes("before"), bytes);
        Result r = run(two, "--hex");
        assertEquals(0, r.code);
        golden("schema_without_class", r.out);
        golden("schema_without_class_text", dump(two));
    }

    @Test
    void schemaConsistentObjectWithRegisterShowsClassAndFieldNames() throws IOException {
        byte[] bytes = schemaBlit().toBytes(order());
        golden("schema_with_register", dump(bytes, "--register", REGISTER));
    }

    @Test
    void aStringFieldIsShownUntaggedAndItsNullHeaderAsNull() {
        // Line's fields by name: qty (svar), sku (a String field: its str alone, 00 for null)
        String out = dump(schemaBlit().toBytes(new Line(2, null)), "--register", REGISTER);
        assertTrue(out.contains("qty: int = 2") && out.contains("sku: String = null"), out);
        String hex = dump(schemaBlit().toBytes(new Line(2, "Q")), "--hex", "--register", REGISTER);
        assertTrue(hex.contains("03 51") && hex.contains("sku: String = \"Q\""), hex);
    }

    @Test
    void theUsersOwnBlitNamesEveryClassAndReadsCustomSerializerContent() throws IOException {
        byte[] bytes = CONFIGURED.toBytes(new ArrayList<>(List.of(order(), new Money(1250, "EUR"), new Point(1, 2))));
        golden("with_blit_instance", dump(bytes, "--blit", DumpTest.class.getName() + "#CONFIGURED"));
        Result without = run(bytes, "--register", REGISTER);
        assertEquals(0, without.code);
        assertTrue(without.out.contains("stopped at offset 33: user class (103)"), without.out);
    }

    @Test
    void enumsShowTheirConstantsWithRegisterAndOrdinalsWithout() {
        Blit blit = Blit.builder().register(Side.class, 100).build();
        Map<Side, Object> bySide = new EnumMap<>(Side.class);
        bySide.put(Side.SELL, 1);
        byte[] bytes = blit.toBytes(List.of(EnumSet.of(Side.BUY, Side.SELL), bySide));
        String named = dump(bytes, "--register", Side.class.getName() + "=100");
        assertTrue(named.contains("EnumSet<" + Side.class.getName() + "> (46) = {BUY (ordinal 0), SELL (ordinal 1)}"), named);
        assertTrue(named.contains("[0].key: ordinal = SELL (ordinal 1)"), named);
        String plain = dump(bytes);
        assertTrue(plain.contains("EnumSet<#100> (46) = {ordinal 0, ordinal 1}"), plain);

        byte[] one = blit.toBytes(Side.SELL);
        assertTrue(dump(one, "--register", Side.class.getName() + "=100").contains(Side.class.getName() + " (100) = SELL (ordinal 1)"));
    }

    @Test
    void schemaConsistentContentThatLooksLikeAFieldTableIsNotTakenForOne() {
        // Point(1, 0) flat: 01 00 00 00 00 00 00 00, which also reads as "table of 1 byte: 0 fields".
        byte[] bytes = schemaBlit().toBytes(new Point(1, 0));
        String out = dump(bytes, "--register", REGISTER);
        assertTrue(out.contains("x: int = 1") && out.contains("y: int = 0"), out);
        assertFalse(out.contains("field table"), out);
    }

    @Test
    void logRecordsAreSelectedWithFromAndLimit(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("orders.log");
        try (BlitLog log = BlitLog.open(dir, Blit.builder().build(), BlitLog.Options.defaults().segmentSize(4096))) {
            log.append("hi");
            log.append(42L);
            log.append(new long[] {1, 2});
        }
        Result all = runFile(dir);
        assertEquals(0, all.code, all.out);
        golden("log_all", all.out);
        Result some = runFile(dir, "--from", "1", "--limit", "1");
        assertEquals(0, some.code, some.out);
        golden("log_from_1_limit_1", some.out);
        Result hex = runFile(dir.resolve("00000000000000000000.seg"), "--hex", "--from", "2");
        golden("log_from_2_hex", hex.out);
        Map<?, ?> json = (Map<?, ?>) new Json(runFile(dir, "--json").out).parse();
        assertEquals("log", json.get("kind"));
        assertEquals(6, ((List<?>) json.get("items")).size()); // the header, 3 records, the empty slot, the checkpoint
    }

    /**
     * A log's segment header says how its Blit encodes (FORMAT.md, "Segment header"): the dump reads a
     * compatible-mode log, and a flat(false) one, as such without being told, where the bytes alone are ambiguous
     * ({@code Nothing()}'s compatible content, {@code 01 00}, is also a back reference) or misleading (varints
     * read as a flat block).
     */
    @Test
    void aLogsHeaderTellsTheDumpHowItsValuesAreEncoded(@TempDir Path tmp) {
        String register = Nothing.class.getName() + "=100," + Point.class.getName() + "=101";
        Path compatible = tmp.resolve("compatible.log");
        try (BlitLog log = BlitLog.open(compatible, Blit.builder().compatible(true).register(Nothing.class, 100)
                .register(Point.class, 101).build())) {
            log.append(new Nothing());
        }
        Result c = runFile(compatible, "--register", register);
        assertEquals(0, c.code, c.out);
        assertTrue(c.out.contains("encoding: u32 = 2 (compatible(true), references(false))")
                && c.out.contains("field table = 0 fields"), c.out);
        Path notFlat = tmp.resolve("not-flat.log");
        try (BlitLog log = BlitLog.open(notFlat, Blit.builder().flat(false).register(Nothing.class, 100)
                .register(Point.class, 101).build())) {
            log.append(new Point(3, -70));
        }
        Result f = runFile(notFlat, "--register", register);
        assertEquals(0, f.code, f.out);
        assertTrue(f.out.contains("flat(false)") && f.out.contains("x: int = 3") && f.out.contains("y: int = -70"), f.out);
        Result told = runFile(notFlat, "--register", register, "--schema");
        assertTrue(told.out.contains("y: int = -70"), "--schema keeps the header's flat setting: " + told.out);
    }

    @Test
    void progressOfALargeInputGoesToStandardErrorAndNeverIntoTheDump(@TempDir Path tmp) throws IOException {
        Blit blit = Blit.builder().build();
        java.io.ByteArrayOutputStream stream = new java.io.ByteArrayOutputStream();
        Path dir = tmp.resolve("big.log");
        try (BlitLog log = BlitLog.open(dir, blit, BlitLog.Options.defaults().segmentSize(4096))) {
            for (int i = 0; i < 400; i++) {
                String v = "value " + i;
                stream.writeBytes(blit.toBytes(v));
                log.append(v);
            }
        }
        Path file = tmp.resolve("big.blit");
        Files.write(file, stream.toByteArray());
        for (Path input : List.of(file, dir)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int code = Dump.run(new String[] {input.toString()}, new ByteArrayInputStream(new byte[0]),
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8), 1024L);
            String dump = out.toString(StandardCharsets.UTF_8);
            assertEquals(0, code, dump);
            assertTrue(dump.contains("value 399"), dump);
            assertFalse(dump.contains("dumped"), dump);
            List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
            assertTrue(lines.size() >= 3, input + ": " + lines);
            int last = -1;
            for (String line : lines) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("dumped (\\d+)% \\(\\d+ of \\d+ MB\\)").matcher(line);
                assertTrue(m.matches(), line);
                int percent = Integer.parseInt(m.group(1));
                assertTrue(percent > last && percent <= 100, lines.toString());
                last = percent;
            }
        }
        Result quiet = runFile(file); // the public entry without progress, as the tests' other runs
        assertTrue(quiet.err.isEmpty(), quiet.err);
    }

    @Test
    void truncatedInputIsShownUpToTheDamageWithItsOffsetAndReason() throws IOException {
        byte[] bytes = Blit.builder().build().toBytes(builtinTree());
        byte[] cut = Arrays.copyOf(bytes, 40);
        Result r = run(cut);
        assertEquals(1, r.code);
        assertTrue(r.out.contains("truncated"), r.out);
        assertFalse(r.out.contains("Exception"), r.out);
        golden("truncated", r.out);
        Result hex = run(cut, "--hex");
        assertEquals(1, hex.code);
        golden("truncated_hex", hex.out);
    }

    @Test
    void runsTheLibraryRejectsAreShownUpToTheDamage() throws IOException {
        Result ok = run(Blit.builder().build().toBytes(List.of(7, 8, 9, 10)));
        assertEquals(0, ok.code, ok.out);
        assertTrue(ok.out.contains("4 elements, a run of Integer (7)") && ok.out.contains("[3]: Integer (7) = 10"), ok.out);
        Result array = run(Blit.builder().build().toBytes(new String[] {"a", "b", "c", "d"}));
        assertEquals(0, array.code, array.out);
        assertTrue(array.out.contains("String[]") && array.out.contains("4 elements, a run of String (11)")
                && array.out.contains("[3]: String (11) = \"d\""), array.out);
        // ArrayList (24), 2 elements, a run (45) of emptyList (33): elements of no bytes, which no writer makes
        Result empty = run(new byte[] {0x24, 0x02, 0x45, 0x33});
        assertEquals(1, empty.code);
        assertTrue(empty.out.contains("an element of a run at offset 4 took no bytes"), empty.out);
        // a run of Boolean.TRUE (03): a tag that is its own value has no content to run
        Result tag = run(new byte[] {0x24, 0x02, 0x45, 0x03});
        assertTrue(tag.out.contains("a run of 2 elements at offset 3 has type id 3, which has no content"), tag.out);
        java.util.Map<String, Object> ages = new java.util.LinkedHashMap<>();
        for (String k : List.of("a", "b", "c", "d")) {
            ages.put(k, k.equals("b") ? "two" : (Object) k.length());
        }
        Result entries = run(Blit.builder().build().toBytes(ages));
        assertEquals(0, entries.code, entries.out);
        assertTrue(entries.out.contains("4 entries, a run of String (11) keys and tagged values")
                && entries.out.contains("[1].value: String (11) = \"two\"") && entries.out.contains("[3].key: String (11) = \"d\""),
                entries.out);
        // a map's run with values of Boolean.FALSE (02), and one that names neither side
        Result map = run(new byte[] {0x27, 0x01, 0x45, 0x07, 0x02, 0x07, 0x04});
        assertEquals(1, map.code);
        assertTrue(map.out.contains("a run of 1 entries' values at offset 3 has type id 2, which has no content"), map.out);
        Result neither = run(new byte[] {0x27, 0x01, 0x45, 0x00, 0x00, 0x07, 0x04});
        assertTrue(neither.out.contains("names a type for neither the keys nor the values"), neither.out);
        for (Result r : List.of(empty, tag, map, neither)) {
            assertFalse(r.out.contains("Exception"), r.out);
        }
    }

    /** The checkpoint is advice: a damaged one is shown with the checksum it should have, not as damage. */
    @Test
    void aDamagedCheckpointIsShownAsIgnoredAndTheLogStillReadsCleanly(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("log");
        try (BlitLog log = BlitLog.open(dir, Blit.builder().build(), BlitLog.Options.defaults().segmentSize(4096))) {
            log.append("hi");
        }
        Path checkpoint = dir.resolve(BlitLog.CHECKPOINT_FILE);
        byte[] b = Files.readAllBytes(checkpoint);
        b[8] ^= 0x08;
        Files.write(checkpoint, b);
        Result r = runFile(dir);
        assertEquals(0, r.code, r.out);
        assertTrue(r.out.contains("CRC32C MISMATCH") && r.out.contains("(computed 0x") && r.out.contains("opening ignores it"),
                r.out);
        Files.write(checkpoint, new byte[7]);
        r = runFile(dir);
        assertEquals(0, r.code, r.out);
        assertTrue(r.out.contains("not 20 bytes (7): opening ignores it"), r.out);
    }

    @Test
    void damagedLogRecordIsReportedAndTheOthersStillShown(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("log");
        try (BlitLog log = BlitLog.open(dir, Blit.builder().build(), BlitLog.Options.defaults().segmentSize(4096))) {
            log.append("hi");
            log.append(42L);
            log.append("bye");
        }
        Path seg = dir.resolve("00000000000000000000.seg");
        byte[] b = Files.readAllBytes(seg);
        b[0x39] ^= 0x01; // a bit of record 1's payload (08 54: Long 42)
        Files.write(seg, b);
        Result r = runFile(dir);
        assertEquals(1, r.code);
        assertTrue(r.out.contains("record 1 at offset 48: CRC32C mismatch"), r.out);
        assertTrue(r.out.contains("\"bye\""), r.out);
    }

    @Test
    void jsonOutputParsesAndHoldsTheTree() {
        byte[] bytes = Blit.builder().build().toBytes(builtinTree());
        Result r = run(bytes, "--json");
        assertEquals(0, r.code);
        @SuppressWarnings("unchecked")
        Map<String, Object> doc = (Map<String, Object>) new Json(r.out).parse();
        assertEquals("stream", doc.get("kind"));
        List<?> items = (List<?>) doc.get("items");
        assertEquals(1, items.size());
        Map<?, ?> map = (Map<?, ?>) items.get(0);
        assertEquals("LinkedHashMap", map.get("type"));
        assertEquals(40.0, map.get("id"));
        List<?> children = (List<?>) map.get("children");
        assertEquals(18, children.size());
        Map<?, ?> firstValue = (Map<?, ?>) children.get(1);
        assertEquals("[0].value", firstValue.get("key"));
        assertEquals("\"blit\"", firstValue.get("value"));
        assertEquals(List.of(), doc.get("problems"));

        Result cut = run(Arrays.copyOf(bytes, 40), "--json");
        Map<?, ?> damaged = (Map<?, ?>) new Json(cut.out).parse();
        assertEquals(1, ((List<?>) damaged.get("problems")).size());
    }

    @Test
    void badUsageIsExitCodeTwoWithAMessage() {
        Result r = run(new byte[0], "--frobnicate");
        assertEquals(2, r.code);
        assertTrue(r.err.contains("unknown option --frobnicate"), r.err);
        Result reg = run(new byte[0], "--register", "com.nowhere.Missing=100");
        assertEquals(2, reg.code);
        assertTrue(reg.err.contains("com.nowhere.Missing not found"), reg.err);
        // two formats or two modes: one of each at most, not the last one silently
        Result formats = run(new byte[]{1}, "--hex", "--json");
        assertEquals(2, formats.code);
        assertTrue(formats.err.contains("--json contradicts an earlier option: give one of --hex and --json"), formats.err);
        Result modes = run(new byte[]{1}, "--compatible", "--schema");
        assertEquals(2, modes.code);
        assertTrue(modes.err.contains("give one of --compatible and --schema"), modes.err);
        assertEquals(0, run(Blit.builder().build().toBytes("x"), "--hex", "--hex").code);
        // asking for the usage is not bad usage: it goes to stdout with exit code 0 (a missing FILE: stderr, 2)
        for (String help : new String[] {"--help", "-h"}) {
            Result h = exec(new String[] {help}, new byte[0]);
            assertEquals(0, h.code, help);
            assertTrue(h.out.startsWith("usage: blit dump") && h.err.isEmpty(), h.out + h.err);
        }
        Result none = exec(new String[0], new byte[0]);
        assertEquals(2, none.code);
        assertTrue(none.err.startsWith("usage: blit dump"), none.err);
    }

    /** A named pipe, a device, a shell's {@code <(...)}: read through as stdin is, not called missing. */
    @Test
    void anInputThatIsNoRegularFileIsReadThrough() {
        Path devNull = Path.of("/dev/null");
        org.junit.jupiter.api.Assumptions.assumeTrue(java.nio.file.Files.exists(devNull), "a system with /dev/null");
        Result r = runFile(devNull);
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("# stream null, 0 bytes"), r.out);
        Result missing = runFile(devNull.resolveSibling("no-such-device-here"));
        assertEquals(2, missing.code);
        assertTrue(missing.err.contains("no such file or directory"), missing.err);
    }

    // ---------------------------------------------------------------- helpers

    record Result(int code, String out, String err) {
    }

    /** The capturing class of {@link #aSerializableLambdaShowsItsMethodAndCapturedValues}'s lambda. */
    static final class Lambdas {
        private Lambdas() {
        }

        static java.util.function.Function<Integer, Integer> scale(int factor, String label) {
            return (java.util.function.Function<Integer, Integer> & java.io.Serializable) x -> label.length() + x * factor;
        }

        static java.util.function.Function<String, Integer> parse() {
            return (java.util.function.Function<String, Integer> & java.io.Serializable) Integer::parseInt;
        }
    }

    /**
     * Id 99, extended id 0: a lambda, as its capturing class (named when given), implementation method and
     * functional interface, with its captured values as children; tracked (a second one is a back reference).
     */
    @Test
    void aSerializableLambdaShowsItsMethodAndCapturedValues() throws IOException {
        java.util.function.Function<Integer, Integer> f = Lambdas.scale(3, "x");
        byte[] bytes = Blit.builder().references(true).register(Lambdas.class, 100).build()
                .toBytes(java.util.Arrays.asList(f, f, Lambdas.parse()));
        golden("lambda_without_classes", dump(bytes));
        golden("lambda_with_register", dump(bytes, "--register", Lambdas.class.getName() + "=100"));
    }

    /**
     * Id 99, extended ids 1..4 and 38..42: a Path, a File and a URL, as their names, addresses as their text, with
     * the host name a value holds, the JDK's enums by constant name and ordinal (alone, in an EnumSet, as an
     * EnumMap's keys, as an array's components), ByteBuffers as their kind and bytes; tracked (a second one is a
     * back reference).
     */
    @Test
    void pathsFilesAndAddressesShowAsText() throws Exception {
        java.nio.file.Path p = java.nio.file.Path.of("data.bin");
        java.net.InetAddress db = java.net.InetAddress.getByAddress("db", new byte[] {10, 0, 0, 7});
        byte[] bytes = Blit.builder().references(true).build().toBytes(new Object[] {p, new java.io.File("log"), p, db,
                java.net.Inet6Address.getByAddress(null, java.net.InetAddress.getByName("2001:db8::1").getAddress(), 3),
                new java.net.InetSocketAddress(db, 5432), java.net.InetSocketAddress.createUnresolved("cache", 6379),
                new java.net.URI("https://example.com/a?q=1").toURL(), java.util.concurrent.TimeUnit.SECONDS,
                java.time.temporal.ChronoUnit.DAYS, java.math.RoundingMode.HALF_EVEN, java.util.concurrent.TimeUnit.SECONDS,
                java.util.EnumSet.of(java.util.concurrent.TimeUnit.HOURS, java.util.concurrent.TimeUnit.DAYS),
                new java.util.EnumMap<>(java.util.Map.of(java.time.temporal.ChronoUnit.WEEKS, 2)),
                new java.math.RoundingMode[] {java.math.RoundingMode.UP, null},
                java.nio.ByteBuffer.wrap(new byte[] {9, 1, 2, 3}).position(1), java.nio.ByteBuffer.allocateDirect(2)
                        .order(java.nio.ByteOrder.LITTLE_ENDIAN).putShort((short) -2).flip().asReadOnlyBuffer()
                        .order(java.nio.ByteOrder.LITTLE_ENDIAN)});
        golden("extended_leaves", dump(bytes));
    }

    /**
     * Id 99, extended ids 5..25: the JDK's entries, wrappers, views and holders, shown as trees like the
     * collections, maps and entries whose content they share (36, 39, 42, 56), named as the JDK makes them; a
     * synchronized list holding itself (numbered before its content), {@code naturalOrder()} as a comparator and
     * again as a back reference.
     */
    @Test
    void extendedCollectionsEntriesAndHoldersShowAsTrees() throws IOException {
        List<Object> sync = java.util.Collections.synchronizedList(new ArrayList<>(List.of(1)));
        sync.add(sync);
        java.util.Stack<String> stack = new java.util.Stack<>();
        stack.push("bottom");
        stack.push("top");
        java.util.IdentityHashMap<String, Integer> identity = new java.util.IdentityHashMap<>();
        identity.put("i", 1);
        java.util.Comparator<Integer> natural = java.util.Comparator.naturalOrder();
        java.util.NavigableSet<Integer> sorted = java.util.Collections.synchronizedNavigableSet(new java.util.TreeSet<>(natural));
        sorted.addAll(List.of(2, 1));
        byte[] bytes = Blit.builder().references(true).build().toBytes(new Object[] {
                new java.util.AbstractMap.SimpleEntry<>("k", 1), Map.entry(2, "v"), new ArrayList<>(List.of(1, 2, 3)).subList(1, 3),
                sync, sorted, natural, stack, identity, new java.util.concurrent.ConcurrentLinkedQueue<>(List.of(7)),
                java.util.Collections.nCopies(3, "x"), new java.util.concurrent.atomic.AtomicReference<>("r")});
        golden("extended_collections", dump(bytes));
    }

    /**
     * Id 99, extended ids 26..36: the blocking queues with their capacity (a {@code LinkedBlockingQueue} holding
     * itself, numbered before its content; a {@code LinkedBlockingDeque} without a bound: 2^31 - 1), a
     * {@code PriorityBlockingQueue} naturally ordered and one by its comparator, as 87; the atomic arrays' values
     * as a primitive array's (the first 16 of a longer one), an {@code AtomicReferenceArray}'s elements with a null
     * and a back reference; the adders' sums; a {@code WeakHashMap} with a null value. In text, hex and JSON; and a
     * queue refused for more elements than its capacity still shows the capacity.
     */
    @Test
    void extendedQueuesAtomicArraysAddersAndWeakMapsShowAsTrees() throws IOException {
        java.util.concurrent.LinkedBlockingQueue<Object> linked = new java.util.concurrent.LinkedBlockingQueue<>(4);
        linked.add("head");
        linked.add(linked);
        java.util.concurrent.ArrayBlockingQueue<Integer> array = new java.util.concurrent.ArrayBlockingQueue<>(3);
        array.add(7);
        java.util.concurrent.PriorityBlockingQueue<Integer> natural =
                new java.util.concurrent.PriorityBlockingQueue<>(List.of(3, 1, 2));
        java.util.concurrent.PriorityBlockingQueue<Integer> reversed =
                new java.util.concurrent.PriorityBlockingQueue<>(2, java.util.Collections.reverseOrder());
        reversed.addAll(List.of(5, 6));
        java.util.concurrent.atomic.LongAdder hits = new java.util.concurrent.atomic.LongAdder();
        hits.add(42);
        java.util.concurrent.atomic.DoubleAdder total = new java.util.concurrent.atomic.DoubleAdder();
        total.add(2.5);
        java.util.WeakHashMap<String, Object> weak = new java.util.WeakHashMap<>();
        weak.put("k", 1);
        weak.put("n", null); // not a null key: WeakHashMap hashes it by an identity hash, its order would vary
        int[] counts = new int[20];
        counts[19] = -1;
        byte[] bytes = Blit.builder().references(true).build().toBytes(new Object[] {
                linked, new java.util.concurrent.LinkedBlockingDeque<>(List.of("d")), array, natural, reversed,
                new java.util.concurrent.LinkedTransferQueue<>(List.of("t")),
                new java.util.concurrent.atomic.AtomicIntegerArray(new int[] {1, -2, 300}),
                new java.util.concurrent.atomic.AtomicIntegerArray(counts),
                new java.util.concurrent.atomic.AtomicLongArray(new long[] {Long.MIN_VALUE, 0}),
                new java.util.concurrent.atomic.AtomicReferenceArray<>(new Object[] {"r", null, hits}), hits, total,
                weak});
        golden("extended_collections_26_36", dump(bytes));
        golden("extended_collections_26_36_hex", dump(bytes, "--hex"));

        Map<?, ?> doc = (Map<?, ?>) new Json(dump(bytes, "--json")).parse();
        List<?> values = (List<?>) ((Map<?, ?>) ((List<?>) doc.get("items")).get(0)).get("children");
        Map<?, ?> queue = (Map<?, ?>) values.get(0);
        assertEquals("LinkedBlockingQueue", queue.get("type"));
        assertEquals("capacity 4, 2 elements", queue.get("value"));
        assertEquals(2, ((List<?>) queue.get("children")).size());
        assertEquals("{1, -2, 300} (3 elements)", ((Map<?, ?>) values.get(6)).get("value"));
        List<?> references = (List<?>) ((Map<?, ?>) values.get(9)).get("children");
        assertEquals("42", ((Map<?, ?>) references.get(2)).get("value")); // the LongAdder, inside the reference array
        assertEquals("2.5", ((Map<?, ?>) values.get(11)).get("value"));
        assertEquals("WeakHashMap", ((Map<?, ?>) values.get(12)).get("type"));
        assertEquals(List.of(), doc.get("problems"));

        Result over = run(java.util.HexFormat.ofDelimiter(" ").parseHex("63 1a 01 02 07 02 07 04"));
        assertEquals(1, over.code);
        assertTrue(over.out.contains("#0: LinkedBlockingQueue (99) = capacity 1")
                && over.out.contains("queue of capacity 1 has 2 elements at offset 3"), over.out);
    }

    /** What {@code --blit dev.blit.cli.DumpTest#THROWING} finds: exceptions registered by id. */
    static final Blit THROWING = Blit.builder().references(true).register(IllegalStateException.class, 100)
            .register(DumpAgreesWithLibraryTest.OrderRejected.class, 101).build();

    /**
     * Registered exceptions (FORMAT.md, "Throwables"): the message, the cause as a value, the stack trace one
     * line a frame (as {@code StackTraceElement.toString()} shows what the library rebuilds), the suppressed
     * exceptions as values (the second a back reference to the cause), then a user exception's own fields, as a
     * plain class's. The user's own Blit ({@code --blit}) describes the classes as {@code --register} does.
     * Compatible mode writes field tables ({@link #exceptionsInCompatibleModeStartWithTheirFieldTable}), so
     * these bytes read as compatible are damage: the message's header is no table's length.
     */
    @Test
    void exceptionsShowMessageCauseFramesSuppressedAndOwnFields() throws IOException {
        byte[] bytes = THROWING.toBytes(DumpAgreesWithLibraryTest.exceptions());
        String register = IllegalStateException.class.getName() + "=100,"
                + DumpAgreesWithLibraryTest.OrderRejected.class.getName() + "=101";
        String text = dump(bytes, "--register", register);
        golden("throwables", text);
        golden("throwables_hex", dump(bytes, "--hex", "--register", register));
        assertEquals(text, dump(bytes, "--blit", DumpTest.class.getName() + "#THROWING"));
        Result asCompatible = run(bytes, "--compatible", "--register", register);
        assertEquals(1, asCompatible.code, asCompatible.out);
        assertTrue(asCompatible.out.contains("field count 111 at offset 4"), asCompatible.out);

        Result r = run(bytes, "--json", "--register", register);
        assertEquals(0, r.code, r.err);
        Map<?, ?> doc = (Map<?, ?>) new Json(r.out).parse();
        Map<?, ?> list = (Map<?, ?>) ((List<?>) doc.get("items")).get(0);
        Map<?, ?> rejected = (Map<?, ?>) ((List<?>) list.get("children")).get(0);
        assertEquals(DumpAgreesWithLibraryTest.OrderRejected.class.getName(), rejected.get("type"));
        List<?> parts = (List<?>) rejected.get("children");
        List<Object> keys = new ArrayList<>();
        for (Object part : parts) {
            keys.add(((Map<?, ?>) part).get("key"));
        }
        assertEquals(List.of("message", "cause", "stackTrace", "suppressed", "code", "orderId"), keys);
        assertEquals("\"order A-17 rejected: 409\"", ((Map<?, ?>) parts.get(0)).get("value"));
        Map<?, ?> trace = (Map<?, ?>) parts.get(2);
        assertEquals("1 frame", trace.get("value"));
        Map<?, ?> frame = (Map<?, ?>) ((List<?>) trace.get("children")).get(0);
        assertEquals("frame", frame.get("type"));
        assertEquals("app/shop@1.0/com.shop.Orders.place(Orders.java:7)", frame.get("value"));
        List<?> suppressed = (List<?>) ((Map<?, ?>) parts.get(3)).get("children");
        assertEquals("back reference", ((Map<?, ?>) suppressed.get(1)).get("type"));

        // SQLException's fields are private to java.sql: the library refuses to register it, so no bytes are its
        String sql = dump(new byte[] {0x64, 0, 0, 0, 0}, "--register", "java.sql.SQLException=100");
        assertTrue(sql.contains("the library refuses it: java.sql.SQLException declares fields"), sql);
    }

    /** The classes of {@link #THROWING}, for {@code --register}. */
    private static final String THROWING_REGISTER = IllegalStateException.class.getName() + "=100,"
            + DumpAgreesWithLibraryTest.OrderRejected.class.getName() + "=101";

    /**
     * The field table of {@link DumpAgreesWithLibraryTest.OrderRejected} in compatible mode (FORMAT.md,
     * "Throwables", Compatible mode): 16 bytes, 2 fields, "code" int (5), "orderId" String (10).
     */
    private static final String ORDER_REJECTED_TABLE = "12 03 01 0b 09 63 6f 64 65 05 0f 6f 72 64 65 72 49 64 0a";

    /**
     * Compatible mode (by hand, FORMAT.md "Throwables"): an exception's content starts with its class's field
     * table at the class's first occurrence in the message, as a plain class's ({@code 01 00} for one with no
     * fields of its own, here the cause), and its own fields follow in the table's order; a later occurrence
     * (the suppressed exception, the second OrderRejected) has none. Shown alike with {@code --compatible} and
     * guessing, where the table, once read, tells the mode of the rest of the message.
     */
    @Test
    void exceptionsInCompatibleModeStartWithTheirFieldTable() throws IOException {
        byte[] bytes = java.util.HexFormat.ofDelimiter(" ").parseHex(String.join(" ",
                "24 03", // ArrayList, 3 elements
                "65", ORDER_REJECTED_TABLE, "03 6d", // OrderRejected, its table, message "m"
                "64 03 01 01 0b 00 00 00 00", // cause: IllegalStateException, table "03 01 01 0b" (the exception
                // marker alone: no fields), no message, ...
                "00 01", // no frames, 1 suppressed:
                "64 03 73 00 00 00", // an IllegalStateException without its table, message "s"
                "b2 06 09 41 2d 31 37", // code 409, orderId "A-17", in the table's order
                "65 00 00 00 00 00 00", // OrderRejected without its table: code 0, orderId null
                "64 00 00 00 00")); // IllegalStateException without its table
        String text = dump(bytes, "--compatible", "--register", THROWING_REGISTER);
        golden("throwables_compatible", text);
        assertEquals(text, dump(bytes, "--register", THROWING_REGISTER));
        assertEquals(text, dump(bytes, "--blit", DumpTest.class.getName() + "#THROWING", "--compatible"));
        golden("throwables_compatible_hex", dump(bytes, "--hex", "--compatible", "--register", THROWING_REGISTER));

        // the library writes the table spelled out above, and the payload of the schema-consistent test with tables
        Blit compatible = Blit.builder().compatible(true).references(true).register(IllegalStateException.class, 100)
                .register(DumpAgreesWithLibraryTest.OrderRejected.class, 101).build();
        DumpAgreesWithLibraryTest.OrderRejected rejected = new DumpAgreesWithLibraryTest.OrderRejected("A-17", 409);
        rejected.setStackTrace(new StackTraceElement[0]);
        assertEquals("65 " + ORDER_REJECTED_TABLE + " 31", java.util.HexFormat.ofDelimiter(" ")
                .formatHex(Arrays.copyOf(compatible.toBytes(rejected), 21)));
        byte[] library = compatible.toBytes(DumpAgreesWithLibraryTest.exceptions());
        String fromLibrary = dump(library, "--compatible", "--register", THROWING_REGISTER);
        golden("throwables_compatible_library", fromLibrary);
        assertEquals(fromLibrary, dump(library, "--register", THROWING_REGISTER));
        // without the classes, the tables' exception markers say where message, cause, frames and suppressed
        // exceptions come: the same tree, but for the classes' names
        Result classless = run(library);
        assertEquals(0, classless.code, classless.out);
        String unnamed = "(user class|[\\w.$]+) \\((1\\d\\d)\\)";
        assertEquals(fromLibrary.replaceAll(unnamed, "X ($2)"), classless.out.replaceAll(unnamed, "X ($2)"));

        // the writer's version of OrderRejected had "code" and a long "attempt", not "orderId": its fields are shown
        byte[] other = java.util.HexFormat.ofDelimiter(" ").parseHex(
                "65 12 03 01 0b 09 63 6f 64 65 05 0f 61 74 74 65 6d 70 74 06 00 00 00 00 07 80 01");
        String changed = dump(other, "--compatible", "--register", THROWING_REGISTER);
        assertTrue(changed.contains("2 fields: (exception), code int, attempt long") && changed.contains("code: int = -4")
                && changed.contains("attempt: long = 64") && !changed.contains("orderId"), changed);
        assertEquals(changed, dump(other, "--register", THROWING_REGISTER));
    }

    /**
     * Guessing the mode of an exception ({@code Decoder.exception}): {@code 01 00} is the table of an exception
     * with no fields of its own and also schema-consistent content (an empty message, a null cause). Alone in
     * the message, the reading that parses wins; after a plain class's table or its absence, that mode does.
     */
    @Test
    void theModeOfAnExceptionIsGuessedFromTheWholeContentOrWhatCameBefore() {
        Blit schema = Blit.builder().register(IllegalStateException.class, 100).register(Line.class, 101).build();
        IllegalStateException empty = new IllegalStateException("");
        empty.setStackTrace(new StackTraceElement[0]);
        byte[] bytes = schema.toBytes(empty); // 64 01 00 00 00: as compatible, a table 01 00 without the marker
        String register = IllegalStateException.class.getName() + "=100," + Line.class.getName() + "=101";
        String guessed = dump(bytes, "--register", register);
        assertEquals(dump(bytes, "--schema", "--register", register), guessed);
        assertTrue(guessed.contains("message: String = \"\"") && !guessed.contains("field table"), guessed);
        // as compatible: table 03 01 01 0b (the exception marker alone), no message, no cause, no frames, nothing
        // suppressed
        byte[] compatible = java.util.HexFormat.ofDelimiter(" ").parseHex("64 03 01 01 0b 00 00 00 00");
        String read = dump(compatible, "--register", register);
        assertEquals(dump(compatible, "--compatible", "--register", register), read);
        assertTrue(read.contains("0 fields") && read.contains("message: String = null") && read.contains("# 1 value"), read);
        // after a Line without a table (schema-consistent), the exception's 01 00 is an empty message ...
        byte[] afterSchema = java.util.HexFormat.ofDelimiter(" ").parseHex("24 02 65 04 03 61 64 01 00 00 00");
        String s = dump(afterSchema, "--register", register);
        assertTrue(s.contains("message: String = \"\"") && !s.contains("field table"), s);
        // ... and after a Line with its table, a table, though the exception read schema-consistent would parse too
        byte[] afterTable = java.util.HexFormat.ofDelimiter(" ").parseHex(
                "24 03 65 0b 02 07 71 74 79 05 07 73 6b 75 0a 04 03 61 64 03 01 01 0b 00 00 00 00 00");
        String c = dump(afterTable, "--register", register);
        assertTrue(c.contains("0 fields") && c.contains("message: String = null") && c.contains("[2]: null (0)")
                && c.contains("# 1 value"), c);
    }

    /**
     * A malformed field table at an exception's first occurrence in compatible mode is damage, refused with the
     * words the dump uses for a plain class's table, and its offset.
     */
    @Test
    void aMalformedTableOfAnExceptionIsRefusedWithItsOffset() {
        String[][] cases = {
                {"64 05 01 03 78 05 00", "field table at offset 1 declares 5 bytes but its 1 fields take 5 with the length"},
                {"64 04 01 03 78 0b 00 00 00 00 00", "type code 11 of field x at offset 5 is not 1..10"},
                {"64 03 01 00 05 00 00 00 00 00", "null field name in the field table at offset 3"},
                {"64 7f 00", "field table length 127 at offset 1 runs past the input: 1 bytes remain"},
                {"64 80 80 c0 00 00", "field table length 1048576 at offset 1 runs past the input"},
                {"64 81 80 40 00", "field table length 1048577 at offset 1 is over the 1048576 bytes allowed"},
                {"64 01 05", "field count 5 at offset 2"},
                {"65 12 03 01 0b 09 63 6f 64 65 05 0f 6f 72 64 65 72 49 64 0a 00 00 00 00 02", "truncated"}, // orderId cut
                {"64 01 00 00 00 00 00", "has no marker where its class's has the exception marker"},
        };
        for (String[] c : cases) {
            Result r = run(java.util.HexFormat.ofDelimiter(" ").parseHex(c[0]), "--compatible", "--register", THROWING_REGISTER);
            assertEquals(1, r.code, c[0] + ": " + r.out);
            assertTrue(r.out.contains(c[1]) && r.out.contains("!! "), c[0] + ": " + r.out);
        }
    }

    @Test
    void compactArraysShowTheirWidth() throws IOException {
        long[] twenty = new long[20];
        java.util.Arrays.fill(twenty, 3);
        byte[] bytes = Blit.builder().compactArrays(true).build().toBytes(new Object[] {new int[] {1, -2, 300},
                new long[] {5, -1}, new long[] {70_000, Integer.MIN_VALUE}, new long[] {Long.MIN_VALUE}, twenty, new int[0],
                new long[] {1_796_000_000_000L, -1}, new int[] {-8_388_608, 0, 1}, new int[] {300}});
        golden("compact_arrays", dump(bytes));
    }

    /**
     * Guessing the mode of a class without fields (a record without components): compatible mode writes its
     * table {@code 01 00} after its tag, schema-consistent mode nothing, so those bytes are its table or the next
     * value. After another class's table, or its absence, that mode holds for the rest of the message; alone, the
     * table is taken, and a message that is then damaged is read again without it (here, a list holding an
     * empty record and, by a back reference, itself). Each case agrees with the library's own reading.
     */
    @Test
    void theModeOfAClassWithoutFieldsIsGuessedFromWhatCameBeforeOrFromTheWholeMessage() {
        String register = Nothing.class.getName() + "=100," + Wrapped.class.getName() + "=101";
        for (boolean references : new boolean[]{false, true}) {
            Blit compatible = Blit.builder().compatible(true).references(references).register(Nothing.class, 100)
                    .register(Wrapped.class, 101).build();
            Blit schema = Blit.builder().references(references).register(Nothing.class, 100).register(Wrapped.class, 101).build();
            List<Object> values = List.of(new Nothing(),
                    new ArrayList<>(List.of(new Nothing(), new Wrapped(new Nothing(), 5))),
                    new ArrayList<>(List.of(new Wrapped(new Nothing(), -1), new Nothing())),
                    new ArrayList<>(List.of(new Nothing(), 7)));
            for (Object v : values) {
                for (Blit blit : new Blit[]{compatible, schema}) {
                    byte[] bytes = blit.toBytes(v);
                    assertEquals(v, blit.fromBytes(bytes));
                    String guessed = dump(bytes, "--register", register);
                    String known = dump(bytes, blit == compatible ? "--compatible" : "--schema", "--register", register);
                    assertEquals(known, guessed, v + (blit == compatible ? " in compatible mode" : " schema-consistent"));
                    assertEquals(blit == compatible, guessed.contains("field table"), guessed);
                }
            }
        }
        // Schema-consistent, references on: a list whose first element is a Nothing and whose second is the list
        // itself, a back reference 01 00 after the Nothing's tag; read as its table, the list lacks an element.
        ArrayList<Object> self = new ArrayList<>();
        self.add(new Nothing());
        self.add(self);
        Blit schema = Blit.builder().references(true).register(Nothing.class, 100).register(Wrapped.class, 101).build();
        byte[] bytes = schema.toBytes(self);
        assertEquals("24 02 64 01 00", java.util.HexFormat.ofDelimiter(" ").formatHex(bytes));
        String guessed = dump(bytes, "--register", register);
        assertEquals(dump(bytes, "--schema", "--register", register), guessed);
        assertTrue(guessed.contains("back reference (1) = object #0") && !guessed.contains("field table"), guessed);
    }

    /** Throws in its static initializer, for --blit's message. */
    public static final class FailsToInitialize {
        public static final Blit BLIT;

        static {
            if (Boolean.TRUE) {
                throw new IllegalStateException("no configuration");
            }
            BLIT = null;
        }

        private FailsToInitialize() {
        }
    }

    /** Not static, for --blit's message. */
    public Blit instanceBlit() {
        return null;
    }

    /**
     * --register took what a Blit refuses (an id twice, the last one winning; a built-in class), and --blit
     * called a class whose initializer failed "not found" and repeated its own prefix in one message.
     */
    @Test
    void optionsAreCheckedAsTheLibraryChecksThemAndSayWhatWentWrong() {
        byte[] bytes = {0};
        Result twice = run(bytes, "--register", Line.class.getName() + "=101," + Point.class.getName() + "=101");
        assertEquals(2, twice.code, twice.out + twice.err);
        assertTrue(twice.err.contains("id 101 is given twice"), twice.err);
        Result builtIn = run(bytes, "--register", "java.lang.String=101");
        assertEquals(2, builtIn.code, builtIn.out + builtIn.err);
        assertTrue(builtIn.err.contains("java.lang.String is built in"), builtIn.err);
        Result init = run(bytes, "--blit", FailsToInitialize.class.getName() + "#BLIT");
        assertTrue(init.err.contains("cannot be loaded and initialized") && init.err.contains("no configuration"), init.err);
        Result notStatic = run(bytes, "--blit", DumpTest.class.getName() + "#instanceBlit");
        assertTrue(notStatic.err.contains("is not static") && !notStatic.err.contains("failed: dev.blit.BlitException"),
                notStatic.err);
    }

    private static String dump(byte[] bytes, String... args) {
        Result r = run(bytes, args);
        assertEquals(0, r.code, r.out + r.err);
        return r.out;
    }

    private static Result run(byte[] stdin, String... args) {
        String[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = "-";
        return exec(all, stdin);
    }

    private static Result runFile(Path file, String... args) {
        String[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = file.toString();
        return exec(all, new byte[0]);
    }

    /**
     * A class written by name that has its own code ({@code Marshallable}) and is found only on {@code --classpath}:
     * the user's Blit reads it with its default loader for names, the thread's context loader when it was built,
     * which the dump sets to the {@code --classpath} loader while it initializes the {@code --blit} class (it was
     * the application's loader, which does not have the class: "names no class this Blit instance can load").
     */
    @Test
    void aMarshallableWrittenByNameIsReadByTheUsersBlitFromTheClasspath(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("src/pkg/Named.java");
        Files.createDirectories(src.getParent());
        Files.writeString(src, """
                package pkg;
                public class Named implements dev.blit.Marshallable {
                    public String name;
                    public Named next;
                    public void writeMarshallable(dev.blit.buffer.WriteBuffer o) { o.writeString(name); o.writeObject(next); }
                    public void readMarshallable(dev.blit.buffer.ReadBuffer i) { name = i.readString(); next = (Named) i.readObject(); }
                    public String toString() { return "Named(" + name + ", next " + (next == null ? null : next.name) + ")"; }
                    public static final dev.blit.Blit BLIT = dev.blit.Blit.builder().allowClassNames("pkg.*").references(true).build();
                    public static byte[] bytes() {
                        Named x = new Named(); x.name = "x"; Named y = new Named(); y.name = "y"; x.next = y; y.next = x;
                        return BLIT.toBytes(x);
                    }
                }
                """);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        String core = Path.of(Blit.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, null, null, "-cp", core, "-d", classes.toString(), src.toString()));
        byte[] bytes;
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {classes.toUri().toURL()},
                DumpTest.class.getClassLoader())) {
            bytes = (byte[]) loader.loadClass("pkg.Named").getMethod("bytes").invoke(null);
        }
        Result r = run(bytes, "--classpath", classes.toString(), "--blit", "pkg.Named#BLIT");
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("pkg.Named (99), Named(x, next y)  -- read by its own serializer"), r.out);
        assertEquals(Thread.currentThread().getContextClassLoader(), DumpTest.class.getClassLoader()); // put back
    }

    private static Result exec(String[] args, byte[] stdin) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Dump.run(args, new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * Classes of the user's that extend a JDK collection or map (FORMAT.md, "Collections and maps the user
     * extends"): their own fields, then their elements or entries under the JDK class they extend; the list
     * holds itself and notes itself (back references). In compatible mode each class's table comes first, once.
     */
    @Test
    void classesExtendingAJdkCollectionShowTheirOwnFieldsThenTheirElements() throws IOException {
        String register = DumpAgreesWithLibraryTest.CONTAINING;
        byte[] schema = DumpAgreesWithLibraryTest.containing(false).toBytes(DumpAgreesWithLibraryTest.containers());
        golden("containers", dump(schema, "--register", register));
        golden("containers_hex", dump(schema, "--hex", "--register", register));
        byte[] compatible = DumpAgreesWithLibraryTest.containing(true).toBytes(DumpAgreesWithLibraryTest.containers());
        String text = dump(compatible, "--register", register);
        golden("containers_compatible", text);
        assertEquals(text, dump(compatible, "--compatible", "--register", register));
        // Without the classes, the tables' markers say where the elements and the entries come: all of it reads,
        // the same tree but for the classes' names (ids, and what the marker says they are)
        Result classless = run(compatible);
        assertEquals(0, classless.code, classless.out);
        assertEquals(text.replace(DumpAgreesWithLibraryTest.Tags.class.getName() + " ", "")
                        .replace(DumpAgreesWithLibraryTest.Ranking.class.getName() + " ", "")
                        .replace("java.util.ArrayList", "Collection").replace("java.util.TreeMap", "Map"),
                classless.out.replace("user class ", ""));
        Result intact = run(DumpAgreesWithLibraryTest.containing(true).toBytes(List.of("a")));
        assertTrue(intact.code == 0 && !intact.out.contains("perhaps"), intact.out);
    }

    /** A class whose own code writes its content: only the user's Blit ({@code --blit}) reads it. */
    static final class Stamp implements dev.blit.Marshallable {
        private long at;
        private String by;

        Stamp() {
        }

        Stamp(long at, String by) {
            this.at = at;
            this.by = by;
        }

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeVarLong(at);
            out.writeString(by);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            at = in.readVarLong();
            by = in.readString();
        }

        @Override
        public String toString() {
            return "stamp " + at + " by " + by;
        }
    }

    /** What {@code --blit dev.blit.cli.DumpTest#NAMED} finds: an instance that writes Line, Point, Side and Stamp by name. */
    static final Blit NAMED = Blit.builder().allowClassNames(Line.class.getName(), Point.class.getName(),
            Side.class.getName(), Stamp.class.getName()).build();

    /** The test classes' directory, for {@code --classpath}: the dump loads a class written by name only from there. */
    static String testClasses() {
        try {
            return Path.of(DumpTest.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (java.net.URISyntaxException e) {
            throw new AssertionError(e);
        }
    }

    /** An outer class holding inner ones: each inner value's enclosing instance ({@code this$0}) is a field. */
    public static final class Folder {
        public String name;
        public List<Item> items = new ArrayList<>();

        public Folder() {
        }

        public final class Item {
            public final int size;

            public Item(int size) {
                this.size = size;
            }

            public Folder folder() {
                return Folder.this;
            }
        }
    }

    /** The enclosing instance of an inner class is shown as the field it is, a back reference to the outer object. */
    @Test
    void anInnerClassShowsItsEnclosingInstanceAsAField() {
        Blit blit = Blit.builder().references(true).register(Folder.class, 100).register(Folder.Item.class, 101).build();
        Folder f = new Folder();
        f.name = "docs";
        f.items.add(f.new Item(7));
        byte[] bytes = blit.toBytes(f);
        String out = dump(bytes, "--register", Folder.class.getName() + "=100," + Folder.Item.class.getName() + "=101",
                "--classpath", testClasses());
        assertTrue(out.contains("size: int = 7") && out.contains("this$0: back reference (1) = object #0"), out);
    }

    /**
     * Id 99, extended id 43 (FORMAT.md, "Classes written by name"): a value shows its class's name, and under it
     * the class reference, the name the first time the message gives it, its index after. With the classes
     * ({@code --classpath}, or {@code --blit} alike) the content is a registered class's, fields named; without,
     * it stops where a registered class's would, naming the class. Every value of a stream names its classes anew.
     */
    @Test
    void classesWrittenByNameShowTheirNameAndWithTheirClassesTheirFields() throws IOException {
        byte[] bytes = NAMED.toBytes(new ArrayList<>(List.of(new Line(3, "X-1"), new Point(1, -2), new Line(1, "Y-2"),
                Side.SELL)));
        String with = dump(bytes, "--classpath", testClasses());
        golden("named_classes", with);
        assertEquals(with, dump(bytes, "--blit", DumpTest.class.getName() + "#NAMED"));
        golden("named_classes_hex", dump(bytes, "--hex", "--classpath", testClasses()));
        golden("named_classes_without_classes", dump(bytes));
        Map<?, ?> json = (Map<?, ?>) new Json(dump(bytes, "--json", "--classpath", testClasses())).parse();
        Map<?, ?> first = (Map<?, ?>) ((List<?>) ((Map<?, ?>) ((List<?>) json.get("items")).get(0)).get("children")).get(0);
        assertEquals(Line.class.getName(), first.get("type"));
        assertEquals("new name #0", ((Map<?, ?>) ((List<?>) first.get("children")).get(0)).get("type"));

        byte[] two = concat(NAMED.toBytes(new Point(1, 2)), NAMED.toBytes(new Point(3, 4)));
        String stream = dump(two, "--classpath", testClasses());
        assertEquals(2, stream.split("class: new name #0 = ", -1).length - 1, stream);
        assertTrue(stream.contains("x: int = 3") && stream.contains("# 2 values"), stream);
    }

    /**
     * A class written by name as a type: an EnumSet's and an EnumMap's enum, a typed array's component
     * ({@code 2e 63 2b ...}, {@code 15 63 2b ...}). The type is named whether or not the classes are given (the
     * array notes the name its type gives), and the enum's constants and the elements' fields are shown with them.
     */
    @Test
    void typesWrittenByNameNameTheirClass() throws IOException {
        Map<Side, Object> bySide = new EnumMap<>(Side.class);
        bySide.put(Side.SELL, new Point(0, 1));
        byte[] bytes = NAMED.toBytes(List.of(EnumSet.of(Side.BUY, Side.SELL), new Point[] {null, new Point(5, 6)}, bySide));
        golden("named_types", dump(bytes, "--classpath", testClasses()));
        golden("named_types_without_classes", dump(bytes));
    }

    /**
     * A class written by name whose own code writes its content (a Marshallable) is read by the user's Blit, as a
     * registered one is, the second time too, when the bytes give its class by an index the read alone would not
     * know; given only its class, the value stops there.
     */
    @Test
    void aClassWrittenByNameWithContentOfItsOwnIsReadByTheUsersBlit() {
        byte[] bytes = NAMED.toBytes(new ArrayList<>(List.of(new Stamp(1, "a"), new Stamp(2, "b"), "after")));
        String out = dump(bytes, "--blit", DumpTest.class.getName() + "#NAMED");
        assertTrue(out.contains("[0]: " + Stamp.class.getName() + " (99), stamp 1 by a  -- read by its own serializer (--blit)")
                && out.contains("class: name #0 = ") && out.contains("[1]: " + Stamp.class.getName()
                + " (99), stamp 2 by b  -- read by its own serializer (--blit)") && out.contains("[2]: String (11) = \"after\""),
                out);
        String classOnly = dump(bytes, "--classpath", testClasses());
        assertTrue(classOnly.contains("stopped at offset 28: " + Stamp.class.getName() + " (99): a Marshallable writes what"
                + " its writeMarshallable writes (--blit can decode it)"), classOnly);
    }

    /**
     * Compatible mode without the classes: a class written by name is read from its field table, as a user id's
     * is, and named by its name; a log's records each name their classes anew.
     */
    @Test
    void classesWrittenByNameInCompatibleModeAndInALogNeedNoClasses(@TempDir Path tmp) throws IOException {
        Blit compatible = Blit.builder().compatible(true).allowClassNames(Line.class.getName(), Point.class.getName()).build();
        byte[] bytes = compatible.toBytes(new ArrayList<>(List.of(new Line(1, "a"), new Point(2, 3), new Line(2, "b"))));
        golden("named_classes_compatible", dump(bytes));
        Path dir = tmp.resolve("named.log");
        try (BlitLog log = BlitLog.open(dir, NAMED)) {
            log.append(new Point(1, 2));
            log.append(List.of(new Point(3, 4), new Point(5, 6)));
        }
        Result r = runFile(dir, "--classpath", testClasses());
        assertEquals(0, r.code, r.out);
        assertEquals(2, r.out.split("class: new name #0 = ", -1).length - 1, r.out);
        assertTrue(r.out.contains("class: name #0 = ") && r.out.contains("y: int = 6"), r.out);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static void golden(String name, String actual) throws IOException {
        Path file = Path.of("src/test/resources/dump/" + name + ".txt");
        if (Boolean.getBoolean("blit.golden.update") || !Files.exists(file)) {
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual);
            if (!Boolean.getBoolean("blit.golden.update")) {
                throw new AssertionError("golden file " + file + " was missing and has been written: review it");
            }
            return;
        }
        assertEquals(Files.readString(file), actual, "dump output differs from " + file);
    }
}
