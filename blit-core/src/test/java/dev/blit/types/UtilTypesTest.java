package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.DayOfWeek;
import java.time.Month;
import java.time.MonthDay;
import java.time.Year;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.Currency;
import java.util.Hashtable;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Vector;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import static dev.blit.types.RoundTrip.PLAIN;
import static dev.blit.types.RoundTrip.TRACKING;
import static dev.blit.types.RoundTrip.assertEncoding;
import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.assertRoundTrips;
import static dev.blit.types.RoundTrip.roundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Built-in ids 70..90 (FORMAT.md): the JDK values and collections Kryo and Fory handle out of the box. */
class UtilTypesTest {

    @Test
    void localesRoundTripAsTheirLanguageTag() {
        for (Locale l : List.of(Locale.US, Locale.ROOT, Locale.GERMANY, Locale.forLanguageTag("zh-Hant-TW"),
                Locale.forLanguageTag("de-DE-u-co-phonebk"), Locale.forLanguageTag("en-US-x-private"),
                new Locale.Builder().setLanguage("sr").setScript("Latn").setRegion("RS").build())) {
            assertRoundTrips(l);
        }
        assertEncoding("46 00 0b 656e2d5553", Locale.US);
        assertEncoding("46 00 07 756e64", Locale.ROOT);
    }

    @Test
    void localesNoTagRebuildsAreTheirLanguageCountryAndVariant() {
        // Ill-formed parts the legacy constructor accepts have no language tag ("e1" would become "und"): form 1.
        assertEncoding("46 01 05 6531 01 01", new Locale("e1"));
        for (Locale l : List.of(new Locale("e1"), new Locale("en", "U1"), new Locale("x"), new Locale("en", "", "a b"),
                new Locale("no", "NO", "NY"))) {
            assertEquals(UtilTypes.LOCALE_TRIPLE, PLAIN.toBytes(l)[1], l::toString);
            assertRoundTrips(l);
        }
        // Legacy locales that do have a tag stay form 0, ja_JP_JP through its "-x-lvariant-JP" private use.
        assertEncoding("46 00 43 6a612d4a502d752d63612d6a6170616e6573652d782d6c76617269616e742d4a50", new Locale("ja", "JP", "JP"));
        for (Locale l : List.of(new Locale("ja", "JP", "JP"), new Locale("th", "TH", "TH"), new Locale("en", "US", "WIN_X"),
                new Locale("", "", "POSIX"))) {
            assertEquals(UtilTypes.LOCALE_TAG, PLAIN.toBytes(l)[1], l::toString);
            assertRoundTrips(l);
        }
    }

    @Test
    void damagedLocalesAreRejected() {
        assertTrue(assertRejected("46 00 05 2d2d").getMessage().contains("ill-formed Locale language tag \"--\""));
        assertTrue(assertRejected("46 02 03 61").getMessage().contains("unknown Locale form 2"));
        assertTrue(assertRejected("46 00 00").getMessage().contains("null string header inside a Locale"));
        assertRejected("46 01 05 6a61 00 01");
    }

    @Test
    void urisRoundTripAsTheirText() {
        for (String s : List.of("http://example.com/a%20b?q=1#frag", "urn:isbn:096139210x", "a/b/../c",
                "http://[::1]:8080/", "mailto:someone@example.com", "")) {
            assertRoundTrips(URI.create(s));
        }
        assertEncoding("47 03 61", URI.create("a"));
        assertTrue(assertRejected("47 03 20").getMessage().contains("invalid URI"));
        assertRejected("47 00");
    }

    @Test
    void currenciesRoundTripAsTheirCode() {
        for (String code : List.of("EUR", "JPY", "USD", "XXX")) {
            assertSame(Currency.getInstance(code), assertRoundTrips(Currency.getInstance(code)));
        }
        assertEncoding("48 07 455552", Currency.getInstance("EUR"));
        assertTrue(assertRejected("48 07 414243").getMessage().contains("unknown currency code \"ABC\""));
    }

    @Test
    void patternsRoundTripWithTheirFlags() {
        for (Pattern p : List.of(Pattern.compile("a+b"), Pattern.compile("^x.*$", Pattern.MULTILINE | Pattern.DOTALL),
                Pattern.compile("caf\u00e9", Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE), Pattern.compile(""))) {
            roundTrip(p, copy -> {
                assertEquals(p.pattern(), copy.pattern());
                assertEquals(p.flags(), copy.flags());
            });
        }
        assertEncoding("49 05 612b 02", Pattern.compile("a+", Pattern.CASE_INSENSITIVE));
        assertTrue(assertRejected("49 03 28 00").getMessage().contains("invalid Pattern"));
        assertTrue(assertRejected("49 03 61 80 80 04").getMessage().contains("invalid Pattern")); // no flag 0x10000
        assertTrue(assertRejected("49 03 61 80 01").getMessage().contains("CANON_EQ"));
        // 200,000 nested groups: the JDK's compiler reports its own stack overflow, and the message stays short.
        WriteBuffer deep = new WriteBuffer(16);
        deep.writeUnsignedVarInt(TypeIds.PATTERN);
        deep.writeString("(".repeat(200_000) + ")".repeat(200_000));
        deep.writeUnsignedVarInt(0);
        BlitException overflow = assertThrows(BlitException.class,
                () -> PLAIN.fromBytes(java.util.Arrays.copyOf(deep.array(), (int) deep.position())));
        assertTrue(overflow.getMessage().startsWith("invalid Pattern at offset 1: "), overflow.getMessage());
        assertTrue(overflow.getMessage().length() < 300, "message length " + overflow.getMessage().length());
        BlitException e = assertThrows(BlitException.class, () -> PLAIN.toBytes(Pattern.compile("e\u0301", Pattern.CANON_EQ)));
        assertTrue(e.getMessage().contains("CANON_EQ is not supported"), e.getMessage());
    }

    @Test
    void calendarPartsRoundTrip() {
        for (Object v : List.of(Year.of(2024), Year.of(Year.MIN_VALUE), Year.of(Year.MAX_VALUE), YearMonth.of(-44, 3),
                YearMonth.of(2024, 12), MonthDay.of(2, 29), MonthDay.of(12, 31), DayOfWeek.MONDAY, DayOfWeek.SUNDAY,
                Month.JANUARY, Month.DECEMBER)) {
            assertRoundTrips(v);
        }
        assertEncoding("4a d0 1f", Year.of(2024));
        assertEncoding("4b d0 1f 05", YearMonth.of(2024, 5));
        assertEncoding("4c 02 1d", MonthDay.of(2, 29));
        assertEncoding("4d 07", DayOfWeek.SUNDAY);
        assertEncoding("4e 0c", Month.DECEMBER);
    }

    @Test
    void dayOfWeekAndMonthAreEnumsOfEnumSetsAndEnumMaps() {
        assertEncoding("2e 4d 01 41", java.util.EnumSet.of(DayOfWeek.MONDAY, DayOfWeek.SUNDAY));
        assertRoundTrips(java.util.EnumSet.allOf(Month.class));
        assertRoundTrips(java.util.EnumSet.noneOf(Month.class));
        assertEncoding("2f 4e 01 04 07 02", new java.util.EnumMap<>(java.util.Map.of(Month.MAY, 1)));
        assertRoundTrips(new java.util.EnumMap<>(java.util.Map.of(DayOfWeek.FRIDAY, "f", DayOfWeek.MONDAY, "m")));
        assertTrue(assertRejected("2e 4c 01 01").getMessage().contains("not an enum")); // MonthDay is no enum
    }

    @Test
    void impossibleCalendarPartsAreRejected() {
        assertTrue(assertRejected("4a 80 a8 d6 b9 07").getMessage().contains("invalid Year"));
        assertTrue(assertRejected("4b d0 1f 0d").getMessage().contains("invalid YearMonth"));
        assertTrue(assertRejected("4c 02 1e").getMessage().contains("invalid MonthDay"));
        assertTrue(assertRejected("4d 00").getMessage().contains("invalid DayOfWeek"));
        assertTrue(assertRejected("4d 08").getMessage().contains("invalid DayOfWeek"));
        assertTrue(assertRejected("4e 0d").getMessage().contains("invalid Month"));
    }

    @Test
    void bitSetsAreTheirWordsWithTheLastOneNonZero() {
        Random random = new Random(7);
        for (int n : new int[] {0, 1, 63, 64, 65, 200, 5000}) {
            BitSet b = new BitSet();
            for (int i = 0; i < n / 3; i++) {
                b.set(random.nextInt(n));
            }
            if (n > 0) {
                b.set(n - 1);
            }
            assertRoundTrips(b);
        }
        assertEncoding("4f 01", new BitSet());
        BitSet zeroAndSixtyFour = new BitSet();
        zeroAndSixtyFour.set(0);
        zeroAndSixtyFour.set(64);
        assertEncoding("4f 03 0100000000000000 0100000000000000", zeroAndSixtyFour);
        assertTrue(assertRejected("4f 02 0000000000000000").getMessage().contains("ends with a zero word"));
        assertRejected("4f 00");
    }

    @Test
    void stringBuildersAndBuffersAreTheirTextAndKeepTheirIdentity() {
        roundTrip(new StringBuilder("h\u00e9llo \u20ac"), copy -> assertEquals("h\u00e9llo \u20ac", copy.toString()));
        roundTrip(new StringBuffer(""), copy -> assertEquals("", copy.toString()));
        assertEncoding("50 05 6869", new StringBuilder("hi"));
        assertEncoding("51 05 6869", new StringBuffer("hi"));
        assertRejected("50 00");
        StringBuilder shared = new StringBuilder("x");
        List<?> back = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(new ArrayList<>(List.of(shared, shared))));
        assertSame(back.get(0), back.get(1));
        assertEquals(StringBuilder.class, back.get(0).getClass());
    }

    @Test
    void atomicsAreTheirValue() {
        roundTrip(new AtomicInteger(Integer.MIN_VALUE), copy -> assertEquals(Integer.MIN_VALUE, copy.get()));
        roundTrip(new AtomicLong(Long.MAX_VALUE), copy -> assertEquals(Long.MAX_VALUE, copy.get()));
        roundTrip(new AtomicBoolean(true), copy -> assertTrue(copy.get()));
        assertEncoding("52 01", new AtomicInteger(-1));
        assertEncoding("53 0a", new AtomicLong(5));
        assertEncoding("54 01", new AtomicBoolean(true));
        assertRejected("54 02");
    }

    @Test
    void legacyAndConcurrentListsComeBackAsTheirClass() {
        assertRoundTrips(new Vector<>(List.of(1, "a", 2.5)));
        assertRoundTrips(new CopyOnWriteArrayList<>(List.of("a", "b", "c", "d", "e")));
        assertEncoding("55 02 07 02 07 04", new Vector<>(List.of(1, 2)));
        assertEncoding("56 02 07 02 07 04", new CopyOnWriteArrayList<>(List.of(1, 2)));
        CopyOnWriteArrayList<Object> self = new CopyOnWriteArrayList<>();
        self.add("x");
        self.add(self);
        CopyOnWriteArrayList<?> back = (CopyOnWriteArrayList<?>) TRACKING.fromBytes(TRACKING.toBytes(self));
        assertSame(back, back.get(1));
        Vector<Object> selfVector = new Vector<>();
        selfVector.add(selfVector);
        Vector<?> backVector = (Vector<?>) TRACKING.fromBytes(TRACKING.toBytes(selfVector));
        assertSame(backVector, backVector.get(0));
    }

    @Test
    void priorityQueuesPollInTheSameOrder() {
        PriorityQueue<Integer> natural = new PriorityQueue<>(List.of(5, 1, 4, 2, 3));
        PriorityQueue<Integer> reversed = new PriorityQueue<>(Collections.reverseOrder());
        reversed.addAll(List.of(5, 1, 4, 2, 3));
        for (PriorityQueue<Integer> q : List.of(natural, reversed, new PriorityQueue<Integer>())) {
            List<Integer> expected = drain(new PriorityQueue<>(q));
            roundTrip(q, copy -> {
                assertEquals(PriorityQueue.class, copy.getClass());
                assertEquals(q.comparator(), copy.comparator());
                assertEquals(expected, drain(new PriorityQueue<>(copy)));
            });
        }
        assertEncoding("57 00 01 07 02", new PriorityQueue<>(List.of(1)));
        assertEncoding("57 01 44 01 07 02", reversedOf(1));
        assertTrue(assertRejected("57 00 02 07 02 00").getMessage().contains("cannot go into a java.util.PriorityQueue"));
        assertTrue(assertRejected("57 00 02 07 02 0b 03 61").getMessage().contains("cannot go into a java.util.PriorityQueue"));
    }

    @Test
    void skipListsKeepTheirComparator() {
        ConcurrentSkipListSet<Object> byLength = new ConcurrentSkipListSet<>(new RoundTrip.ByLength());
        byLength.addAll(List.of("ccc", "a", "bb"));
        ConcurrentSkipListSet<?> back = roundTrip(byLength, copy -> assertEquals(List.of("a", "bb", "ccc"), new ArrayList<>(copy)));
        assertEquals(RoundTrip.ByLength.class, back.comparator().getClass());
        assertRoundTrips(new ConcurrentSkipListSet<>(List.of(3, 1, 2)));
        ConcurrentSkipListMap<String, Integer> map = new ConcurrentSkipListMap<>(Collections.reverseOrder());
        map.put("a", 1);
        map.put("b", 2);
        ConcurrentSkipListMap<?, ?> backMap = assertRoundTrips(map);
        assertEquals(List.of("b", "a"), new ArrayList<>(backMap.keySet()));
        assertEncoding("58 00 01 07 02", new ConcurrentSkipListSet<>(List.of(1)));
        assertEncoding("59 00 01 07 02 07 04", new ConcurrentSkipListMap<>(java.util.Map.of(1, 2)));
        assertRejected("58 00 01 00"); // a null element
        assertRejected("59 00 01 07 02 00"); // a null value
    }

    @Test
    void hashtablesRejectNulls() {
        Hashtable<Object, Object> t = new Hashtable<>();
        t.put("k", List.of(1));
        t.put(2, "v");
        assertRoundTrips(t);
        assertEncoding("5a 01 07 02 07 04", new Hashtable<>(java.util.Map.of(1, 2)));
        assertTrue(assertRejected("5a 01 07 02 00").getMessage().contains("cannot go into a java.util.Hashtable"));
        assertRejected("5a 01 00 07 02");
    }

    @Test
    void aUserRegistrationOfABuiltInJdkTypeTakesOverItsWriting() {
        Serializer<Locale> asDisplayName = new Serializer<>() {
            @Override
            public void write(WriteBuffer out, Locale value) {
                out.writeString(value.getLanguage());
            }

            @Override
            public Locale read(ReadBuffer in) {
                return new Locale(in.readString());
            }
        };
        Blit custom = Blit.builder().register(Locale.class, 150, asDisplayName).build();
        byte[] bytes = custom.toBytes(Locale.FRENCH);
        assertEquals("96 01 05 66 72", RoundTrip.hex(bytes));
        assertEquals(Locale.FRENCH, custom.fromBytes(bytes));
        assertEquals(Locale.US, custom.fromBytes(PLAIN.toBytes(Locale.US)), "the built-in id still reads");
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(String.class, 150).build());
        assertTrue(e.getMessage().contains("java.lang.String is built in (id 11"), e.getMessage());
        // an array class is named as source code names it, not "[I"
        BlitException array = assertThrows(BlitException.class, () -> Blit.builder().register(int[].class, 150).build());
        assertTrue(array.getMessage().startsWith("int[] is built in (id ")
                && array.getMessage().endsWith("remove register(int[].class, 150)"), array.getMessage());
        assertThrows(BlitException.class, () -> Blit.builder().register(Locale.class, 150).register(Locale.class, 151).build());
    }

    /**
     * What a Kryo user writes first, {@code register(ArrayList.class, id)} with no serializer, is refused on every
     * JDK with the built-in's id and the way out. It used to take the class over through its java.io hooks: refused
     * on Java 17 with a message about modules, and on 25 three times the bytes of the built-in.
     */
    @Test
    void aBuiltInRegisteredWithoutASerializerIsRefusedAsNeedingNoRegistration() {
        Object[][] cases = {{java.util.ArrayList.class, 36}, {java.util.HashMap.class, 39}, {java.util.HashSet.class, 43},
                {java.util.Date.class, 64}, {java.math.BigDecimal.class, 23}, {java.time.LocalDate.class, 26},
                {java.util.UUID.class, 24}, {java.util.concurrent.ConcurrentHashMap.class, 45}, {Locale.class, 70},
                {java.net.URL.class, 99}, {java.io.File.class, 99}};
        for (Object[] c : cases) {
            Class<?> type = (Class<?>) c[0];
            BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(type, 150).build(), type::getName);
            assertTrue(e.getMessage().startsWith(type.getName() + " is built in (id " + c[1]), e.getMessage());
            assertTrue(e.getMessage().contains("remove register(" + type.getName() + ".class, 150), or pass a Serializer"),
                    e.getMessage());
        }
        // Built in only through a family or as first met: the same; a class private to the JDK, which no source code
        // can name (its Class from a value's getClass()), gets no JavaSerialization suggestion it could not write.
        BlitException entry = assertThrows(BlitException.class,
                () -> Blit.builder().register(java.util.AbstractMap.SimpleEntry.class, 150).build());
        boolean hooksWork; // on Java 22 and later; on 17 its fields are out of reach
        try {
            dev.blit.serial.JavaSerialization.create(java.util.AbstractMap.SimpleEntry.class, null);
            hooksWork = true;
        } catch (BlitException e) {
            hooksWork = false;
        }
        assertEquals("java.util.AbstractMap$SimpleEntry is built in (id 99, an extended one, FORMAT.md): Blit writes it"
                + " with no registration; remove register(java.util.AbstractMap.SimpleEntry.class, 150), or pass a Serializer"
                + " of your own" + (hooksWork ? " (JavaSerialization.create(java.util.AbstractMap.SimpleEntry.class, null)"
                + " writes it through its java.io hooks)" : ", register(java.util.AbstractMap.SimpleEntry.class, 150,"
                + " serializer) (JavaSerialization.create cannot write it: on this JDK they need fields private to"
                + " the JDK)"), entry.getMessage());
        Object[][] hidden = {{java.util.List.of(1, 2, 3).getClass(), 48}, {java.util.Arrays.asList(1).getClass(), 60},
                {new java.util.ArrayList<>(java.util.List.of(1)).subList(0, 1).getClass(), 99},
                {java.util.Collections.synchronizedList(new java.util.ArrayList<>()).getClass(), 99},
                {new java.util.HashMap<>().keySet().getClass(), 44}, {new java.util.TreeMap<>().descendingMap().getClass(), 41}};
        for (Object[] c : hidden) {
            Class<?> type = (Class<?>) c[0];
            BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(type, 150).build(), type::getName);
            assertEquals(type.getName() + " is built in (id " + c[1] + ((int) c[1] == 99 ? ", an extended one" : "")
                    + ", FORMAT.md): Blit writes it with no registration; remove the register call (id 150) that names it"
                    + " through a value's getClass(): the class is private to the JDK", e.getMessage());
        }
        // The way out it names: the java.io hooks, as the registration used to take them (Java 22+ for ArrayList).
        Blit hooks = Blit.builder().register(java.util.Date.class, 150,
                dev.blit.serial.JavaSerialization.create(java.util.Date.class, null)).build();
        byte[] bytes = hooks.toBytes(new java.util.Date(5));
        assertEquals("96 01", RoundTrip.hex(bytes).substring(0, 5), "under the user's id, uvar 150");
        assertEquals(new java.util.Date(5), hooks.fromBytes(bytes));
    }

    /**
     * The way out a refused registration names must work: JavaSerialization.create is suggested only where it can
     * write the class (not for one that is not Serializable, an interface, or one that replaces itself with a class
     * private to the JDK, as java.time's do), and every suggestion of it is one create accepts. A JDK class that so
     * replaces itself and is not built in (HijrahDate) is refused at build(), not at its first write with advice to
     * copy it into a collection.
     */
    @Test
    void theSerializerARefusedRegistrationSuggestsCanWriteTheClass() {
        Class<?>[] refusedByCreate = {java.util.OptionalInt.class, java.util.Optional.class, java.nio.ByteBuffer.class,
                java.nio.file.Path.class, java.time.Instant.class, java.time.LocalDate.class};
        for (Class<?> type : refusedByCreate) {
            String m = assertThrows(BlitException.class, () -> Blit.builder().register(type, 150).build()).getMessage();
            assertTrue(m.contains("register(" + type.getName() + ".class, 150, serializer)")
                    && m.contains("JavaSerialization.create cannot write it"), m);
            assertTrue(!m.contains("JavaSerialization.create(" + type.getName()), m);
        }
        for (Class<?> type : List.of(Locale.class, java.util.Date.class, java.util.UUID.class, java.util.ArrayList.class,
                java.math.BigDecimal.class, java.net.InetSocketAddress.class)) {
            String m = assertThrows(BlitException.class, () -> Blit.builder().register(type, 150).build()).getMessage();
            if (m.contains("JavaSerialization.create(" + type.getName() + ".class, null) writes it")) {
                dev.blit.serial.JavaSerialization.create(type, null); // does not throw
            } else {
                assertThrows(BlitException.class, () -> dev.blit.serial.JavaSerialization.create(type, null), m);
            }
        }
        for (Class<?> type : List.of(java.time.chrono.HijrahDate.class, java.time.chrono.JapaneseDate.class,
                java.util.concurrent.atomic.LongAccumulator.class)) {
            String m = assertThrows(BlitException.class, () -> Blit.builder().register(type, 150).build()).getMessage();
            assertTrue(m.startsWith("cannot register " + type.getName() + " (id 150) without a serializer: it replaces"
                    + " itself on writing"), m);
        }
    }

    /** Fields declared as these final JDK classes go through generated code's direct path for final types. */
    record Profile(Locale locale, Currency currency, URI home, Year since, MonthDay birthday, DayOfWeek payday,
                   BitSet flags, StringBuilder notes, AtomicLong visits, Vector<String> tags, Object anything) {
    }

    @Test
    void aRecordOfThemRoundTripsInBothModes() {
        BitSet flags = new BitSet();
        flags.set(3);
        Profile p = new Profile(Locale.CANADA_FRENCH, Currency.getInstance("CAD"), URI.create("https://example.org/~me"),
                Year.of(1999), MonthDay.of(7, 1), DayOfWeek.FRIDAY, flags, new StringBuilder("n"), new AtomicLong(42),
                new Vector<>(List.of("a", "b")), new Hashtable<>(java.util.Map.of("k", Month.MAY)));
        for (boolean compatible : new boolean[] {false, true}) {
            Blit blit = Blit.builder().register(Profile.class, 120).compatible(compatible).build();
            Profile back = blit.fromBytes(blit.toBytes(p), Profile.class);
            assertEquals(List.of(p.locale(), p.currency(), p.home(), p.since(), p.birthday(), p.payday(), p.flags(),
                    p.tags(), p.anything()), List.of(back.locale(), back.currency(), back.home(), back.since(),
                    back.birthday(), back.payday(), back.flags(), back.tags(), back.anything()), "compatible " + compatible);
            assertEquals("n", back.notes().toString());
            assertEquals(42, back.visits().get());
            Profile empty = new Profile(null, null, null, null, null, null, null, null, null, null, null);
            assertEquals(empty, blit.fromBytes(blit.toBytes(empty), Profile.class));
        }
    }

    private static PriorityQueue<Integer> reversedOf(int v) {
        PriorityQueue<Integer> q = new PriorityQueue<>(Collections.reverseOrder());
        q.add(v);
        return q;
    }

    private static List<Integer> drain(PriorityQueue<Integer> q) {
        List<Integer> out = new ArrayList<>();
        while (!q.isEmpty()) {
            out.add(q.poll());
        }
        return out;
    }
}
