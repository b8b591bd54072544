package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CharsetEncoder;
import java.nio.charset.CoderResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Time;
import java.sql.Timestamp;
import java.time.LocalTime;
import java.time.OffsetTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Calendar;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.List;
import java.util.Locale;
import java.util.SimpleTimeZone;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;

import static dev.blit.types.RoundTrip.PLAIN;
import static dev.blit.types.RoundTrip.TRACKING;
import static dev.blit.types.RoundTrip.assertEncoding;
import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.assertRoundTrips;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Built-in ids 91..97 (FORMAT.md): {@code OffsetTime}, {@code TimeZone}, {@code GregorianCalendar},
 * {@code Charset} and the {@code java.sql} date-times, which Kryo or Fory write out of the box.
 */
class ZoneCalendarSqlTypesTest {

    @Test
    void offsetTimesAreTheirLocalTimeAndOffset() {
        assertEncoding("5b 0a 0f 1e 00 a0 38", OffsetTime.of(10, 15, 30, 0, ZoneOffset.ofHours(1)));
        for (OffsetTime t : List.of(OffsetTime.MIN, OffsetTime.MAX, OffsetTime.of(LocalTime.NOON, ZoneOffset.UTC),
                OffsetTime.of(23, 59, 59, 999_999_999, ZoneOffset.ofHoursMinutes(-5, -30)))) {
            assertRoundTrips(t);
        }
        assertTrue(assertRejected("5b 18 00 00 00 00").getMessage().contains("invalid LocalTime"));
        assertTrue(assertRejected("5b 00 00 00 00 e2 f4 07").getMessage().contains("invalid ZoneOffset")); // 64,801 s
    }

    @Test
    void timeZonesAreTheirIdAndKeepTheirIdentity() {
        assertEncoding("5c 07 555443", TimeZone.getTimeZone("UTC"));
        for (String id : List.of("UTC", "GMT", "Europe/Paris", "America/Los_Angeles", "Asia/Kolkata", "EST",
                "GMT+05:30", "GMT-10:00")) {
            assertRoundTrips(TimeZone.getTimeZone(id));
        }
        assertRoundTrips(TimeZone.getDefault());
        assertRoundTrips(TimeZone.getTimeZone(java.time.ZoneId.of("Australia/Sydney")));
        TimeZone paris = TimeZone.getTimeZone("Europe/Paris");
        List<?> back = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(new ArrayList<>(List.of(paris, paris))));
        assertSame(back.get(0), back.get(1));
        back = (List<?>) PLAIN.fromBytes(PLAIN.toBytes(new ArrayList<>(List.of(paris, paris))));
        assertNotSame(back.get(0), back.get(1));
    }

    /**
     * Java 25's {@code TimeZone.getTimeZone} warns on {@code System.err} at each three-letter ID: Blit asks it once
     * per ID, so writing and reading such zones again prints nothing (on Java 17 there is no warning to see), and
     * each zone read is still one of the caller's own, which changing does not change the next one read.
     */
    @Test
    @SuppressWarnings("deprecation")
    void threeLetterZonesAreWrittenAndReadWithoutAWarningEachTime() throws Exception {
        List<Object> values = new ArrayList<>();
        for (String id : List.of("EST", "CST", "PST", "HST")) {
            values.add(TimeZone.getTimeZone(id)); // the caller's own warning, once each
            values.add(new GregorianCalendar(TimeZone.getTimeZone(id)));
        }
        PLAIN.fromBytes(PLAIN.toBytes(values)); // Blit's own, once each
        java.io.PrintStream err = System.err;
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        List<?> back;
        try {
            System.setErr(new java.io.PrintStream(printed, true, "UTF-8"));
            for (int i = 0; i < 3; i++) {
                PLAIN.fromBytes(PLAIN.toBytes(values));
            }
            back = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(values));
        } finally {
            System.setErr(err);
        }
        assertEquals("", printed.toString("UTF-8"));
        assertEquals(values.get(0), back.get(0));
        TimeZone est = (TimeZone) back.get(0);
        est.setRawOffset(0);
        TimeZone again = (TimeZone) PLAIN.fromBytes(PLAIN.toBytes(values.get(0)));
        assertEquals(-5 * 3_600_000, again.getRawOffset(), "a zone read is the caller's own: changing it changes no other");
        assertNotSame(est, again);
    }

    @Test
    void aZoneItsIdDoesNotRebuildIsRefusedBothWays() {
        assertTrue(assertRejected("5c 09 4d617273").getMessage().contains("unknown TimeZone ID \"Mars\""));
        assertTrue(assertRejected("5c 0b 474d542b35").getMessage().contains("unknown TimeZone ID")); // GMT+5, not normal
        assertTrue(assertRejected("5c 00").getMessage().contains("null string header inside a TimeZone"));
        TimeZone changed = TimeZone.getTimeZone("Europe/Paris");
        changed.setRawOffset(0);
        assertTrue(refusedOnWrite(changed).contains("cannot write TimeZone Europe/Paris"));
        TimeZone renamed = TimeZone.getTimeZone("UTC");
        renamed.setID("Europe/Paris");
        refusedOnWrite(renamed);
        renamed.setID("Mars/Base");
        refusedOnWrite(renamed);
        assertTrue(refusedOnWrite(new SimpleTimeZone(0, "UTC")).contains("is not registered"));
    }

    @Test
    void gregorianCalendarsKeepTimeZoneAndWeekRules() {
        GregorianCalendar epoch = new GregorianCalendar(TimeZone.getTimeZone("UTC"), Locale.US);
        epoch.setTimeInMillis(0);
        // time 0, zone "UTC", lenient, Sunday first, one minimal day, the default Gregorian change (1582-10-15).
        assertEncoding("5d 00 07 555443 01 01 01 ff cf da e9 a0 c7 05", epoch);
        GregorianCalendar strict = new GregorianCalendar(TimeZone.getTimeZone("Asia/Tokyo"), Locale.GERMANY);
        strict.set(2024, Calendar.FEBRUARY, 29, 13, 14, 15);
        strict.setLenient(false);
        GregorianCalendar pure = new GregorianCalendar(TimeZone.getTimeZone("GMT-10:00"), Locale.FRANCE);
        pure.setGregorianChange(new Date(Long.MIN_VALUE));
        pure.setTimeInMillis(-62_135_596_800_000L * 3);
        GregorianCalendar extreme = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
        extreme.setTimeInMillis(Long.MAX_VALUE);
        for (GregorianCalendar c : List.of(epoch, strict, pure, extreme)) {
            GregorianCalendar back = assertRoundTrips(c);
            assertEquals(c.get(Calendar.DAY_OF_MONTH), back.get(Calendar.DAY_OF_MONTH));
            assertEquals(c.getTimeZone(), back.getTimeZone());
        }
        List<?> shared = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(new ArrayList<>(List.of(epoch, epoch))));
        assertSame(shared.get(0), shared.get(1));
    }

    @Test
    void calendarsOtherThanTheJdksGregorianOneAreRefused() {
        assertTrue(assertRejected("5d 00 07 555443 01 00 01 00").getMessage().contains("must both be in 1..7"));
        assertTrue(assertRejected("5d 00 07 555443 01 01 08 00").getMessage().contains("must both be in 1..7"));
        assertTrue(assertRejected("5d 00 07 555443 02 01 01 00").getMessage().contains("invalid boolean"));
        assertTrue(assertRejected("5d 00 09 4d617273 01 01 01 00").getMessage().contains("unknown TimeZone ID"));
        GregorianCalendar simpleZone = new GregorianCalendar(new SimpleTimeZone(0, "UTC"));
        assertTrue(refusedOnWrite(simpleZone).contains("cannot write GregorianCalendar zone UTC (java.util.SimpleTimeZone)"));
        Calendar buddhist = Calendar.getInstance(new Locale("th", "TH"));
        assertTrue(refusedOnWrite(buddhist).contains("is not registered"));
        GregorianCalendar invalid = new GregorianCalendar();
        invalid.setLenient(false);
        invalid.set(Calendar.MONTH, 13);
        assertTrue(refusedOnWrite(invalid).contains("cannot write GregorianCalendar"));
    }

    @Test
    void charsetsAreTheirCanonicalName() {
        assertEncoding("5e 0b 5554462d38", StandardCharsets.UTF_8);
        for (Charset cs : List.of(StandardCharsets.US_ASCII, StandardCharsets.ISO_8859_1, StandardCharsets.UTF_16LE,
                Charset.forName("windows-1252"), Charset.forName("Shift_JIS"))) {
            assertSame(cs.getClass(), assertRoundTrips(cs).getClass());
        }
        assertTrue(assertRejected("5e 0b 7574662d38").getMessage().contains("is an alias of UTF-8")); // "utf-8"
        assertTrue(assertRejected("5e 09 75746638").getMessage().contains("is an alias of UTF-8")); // "utf8"
        assertTrue(assertRejected("5e 07 414243").getMessage().contains("unsupported Charset \"ABC\""));
        assertTrue(assertRejected("5e 07 612062").getMessage().contains("unsupported Charset \"a b\"")); // illegal name
        assertTrue(assertRejected("5e 01").getMessage().contains("unsupported Charset \"\""));
        assertTrue(refusedOnWrite(new Rot13()).contains("is not registered")); // a charset of the application's
    }

    /**
     * For a name it does not know, {@code Charset.forName} asks every charset provider on the class path, about
     * 0.35 ms a name here: ten hostile bytes would cost that much. Blit refuses such a name from its own list.
     */
    @Test
    void anUnknownCharsetNameIsRefusedWithoutSearchingTheClassPath() {
        int probe = CountingCharsetProvider.LOOKUPS.get();
        assertThrows(IllegalArgumentException.class, () -> Charset.forName("X-NO-SUCH-CHARSET"));
        assertTrue(CountingCharsetProvider.LOOKUPS.get() > probe, "the JDK asks the test's provider, so this test can see it");
        int before = CountingCharsetProvider.LOOKUPS.get();
        for (String hex : List.of("5e 07 414243", "5e 09 5a5a5a5a", "5e 0b 7574662d38", "5e 0d 77696e646f7773")) {
            assertRejected(hex);
        }
        assertRoundTrips(Charset.forName("windows-1252"));
        assertEquals(before, CountingCharsetProvider.LOOKUPS.get(), "charset providers asked while reading");
    }

    @Test
    void sqlDateTimesAreTheirMillisOrSecondsAndNanos() {
        assertEncoding("5f 00", new java.sql.Date(0));
        assertEncoding("60 d0 0f", new Time(1000));
        Timestamp beforeEpoch = new Timestamp(-1500);
        assertEquals(500_000_000, beforeEpoch.getNanos());
        assertEncoding("61 03 80 ca b5 ee 01", beforeEpoch); // second -2, then half a second
        Timestamp nanos = Timestamp.valueOf("2024-02-29 13:14:15.123456789");
        for (Object v : List.of(new java.sql.Date(System.currentTimeMillis()), new Time(-1), beforeEpoch, nanos,
                new Timestamp(Long.MAX_VALUE), new Timestamp(Long.MIN_VALUE), java.sql.Date.valueOf("1999-12-31"))) {
            assertRoundTrips(v);
        }
        assertEquals(123_456_789, assertRoundTrips(nanos).getNanos());
        List<?> shared = (List<?>) TRACKING.fromBytes(TRACKING.toBytes(new ArrayList<>(List.of(nanos, nanos))));
        assertSame(shared.get(0), shared.get(1));
        // Not their java.util.Date parent's id: each comes back as its own class.
        assertEquals(Timestamp.class, PLAIN.fromBytes(PLAIN.toBytes(nanos)).getClass());
    }

    @Test
    void sqlTypesLoadedOnFirstUseWorkInTypedArraysAndCanBeTakenOver() {
        Timestamp[] stamps = {new Timestamp(1), null, Timestamp.valueOf("2020-05-06 07:08:09.5")};
        RoundTrip.roundTrip(stamps, back -> {
            assertEquals(Timestamp[].class, back.getClass());
            assertEquals(Arrays.asList(stamps), Arrays.asList(back));
        });
        // A user's own registration writes it under the user's id; bytes under id 97 still read.
        Blit own = Blit.builder().register(Timestamp.class, 150, new dev.blit.Serializer<Timestamp>() {
            @Override
            public void write(WriteBuffer out, Timestamp value) {
                out.writeVarLong(value.getTime());
            }

            @Override
            public Timestamp read(dev.blit.buffer.ReadBuffer in) {
                return new Timestamp(in.readVarLong());
            }
        }).build();
        assertEquals("96 01 02", RoundTrip.hex(own.toBytes(new Timestamp(1))));
        assertEquals(new Timestamp(1), own.fromBytes(PLAIN.toBytes(new Timestamp(1))));
    }

    /**
     * Near the ends of the long range a Timestamp's getTime() (its whole seconds' milliseconds plus its nanos')
     * overflows: the whole seconds are written from what it keeps, not from getTime(), and read back exactly
     * (they were off by a second, or a wrapped getTime() was read as another time). One made from a date whose
     * milliseconds overflow ({@code Timestamp.valueOf(LocalDateTime.MAX)}) keeps no whole second a Timestamp
     * can be made from: refused on write.
     */
    @Test
    void sqlTimestampsAtTheEndsOfTheLongRangeRoundTripExactly() {
        List<Timestamp> extremes = new ArrayList<>();
        for (long millis : new long[]{Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1000, Long.MIN_VALUE + 1000,
                Long.MIN_VALUE + 807, Long.MIN_VALUE + 808}) {
            for (int nanos : new int[]{0, 1, 191_999_999, 192_000_000, 807_000_000, 999_999_999}) {
                Timestamp t = new Timestamp(millis);
                t.setNanos(nanos);
                extremes.add(t);
            }
        }
        extremes.add(Timestamp.valueOf(java.time.LocalDateTime.of(292278994, 8, 17, 7, 12, 55, 999_999_999)));
        for (Timestamp t : extremes) {
            Timestamp back = assertRoundTrips(t);
            assertEquals(t.getTime(), back.getTime(), t::toString);
            assertEquals(t.getNanos(), back.getNanos(), t::toString);
        }
        for (java.time.LocalDateTime far : List.of(java.time.LocalDateTime.MAX, java.time.LocalDateTime.MIN)) {
            assertTrue(refusedOnWrite(Timestamp.valueOf(far)).contains("milliseconds overflowed a long"));
        }
    }

    @Test
    void sqlTimestampsWhoseMillisOverflowAreRejected() {
        assertTrue(assertRejected(timestamp(Long.MAX_VALUE / 1000 + 1, 0)).getMessage().contains("do not fit a long"));
        assertTrue(assertRejected(timestamp(Long.MIN_VALUE / 1000 - 2, 0)).getMessage().contains("do not fit a long"));
        assertEquals(new Timestamp(Long.MIN_VALUE), PLAIN.fromBytes(timestamp(Long.MIN_VALUE / 1000 - 1, 192_000_000)));
        assertRoundTrips(PLAIN.fromBytes(timestamp(Long.MAX_VALUE / 1000, 807_000_000)));
        assertTrue(assertRejected(timestamp(0, 1_000_000_000)).getMessage().contains("not in 0..999999999"));
    }

    record Audit(OffsetTime at, TimeZone zone, GregorianCalendar due, Charset encoding, java.sql.Date day,
                 Timestamp stamp, Object anything) {
    }

    @Test
    void aRecordOfThemRoundTripsInBothModes() {
        GregorianCalendar due = new GregorianCalendar(TimeZone.getTimeZone("America/New_York"), Locale.UK);
        due.setTimeInMillis(1_700_000_000_000L);
        Audit a = new Audit(OffsetTime.of(9, 0, 0, 0, ZoneOffset.ofHours(2)), TimeZone.getTimeZone("Europe/Berlin"), due,
                StandardCharsets.UTF_16, java.sql.Date.valueOf("2020-01-01"), new Timestamp(123_456_789L), new Time(5));
        for (boolean compatible : new boolean[] {false, true}) {
            Blit blit = Blit.builder().register(Audit.class, 120).compatible(compatible).build();
            assertEquals(a, blit.fromBytes(blit.toBytes(a), Audit.class), "compatible " + compatible);
            Audit empty = new Audit(null, null, null, null, null, null, null);
            assertEquals(empty, blit.fromBytes(blit.toBytes(empty), Audit.class));
        }
    }

    /**
     * Ids 95..97 need the java.sql module, which a runtime image may leave out: there Blit still builds, never
     * loads {@code SqlTypes}, writes everything else, and reads those ids as unknown.
     */
    @Test
    void withoutJavaSqlTheSqlIdsAreUnknownAndTheRestWorks() throws Exception {
        Path log = Files.createTempFile("nosql", ".txt");
        try {
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "--limit-modules", "java.base", "-cp", System.getProperty("java.class.path"), NoSql.class.getName())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "child JVM still running");
            String out = Files.readString(log);
            assertEquals(0, child.exitValue(), out);
            assertEquals("java.sql present: false\nround trip: true\nid 97: unknown type id 97 at offset 0 (not a built-in type, not registered with this Blit instance); the bytes may have been written with other settings (compatible, flat, references) or other registrations than this Blit's\n", out);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** Run by the test above in a JVM limited to java.base. */
    public static final class NoSql {
        public static void main(String[] args) {
            System.out.println("java.sql present: " + ModuleLayer.boot().findModule("java.sql").isPresent());
            Blit blit = Blit.builder().build();
            Object v = new ArrayList<>(List.of(TimeZone.getTimeZone("UTC"), StandardCharsets.UTF_8, new Date(7)));
            System.out.println("round trip: " + v.equals(blit.fromBytes(blit.toBytes(v))));
            try {
                blit.fromBytes(new byte[] {97, 0, 0});
            } catch (BlitException e) {
                System.out.println("id 97: " + e.getMessage());
            }
        }
    }

    private static byte[] timestamp(long seconds, int nanos) {
        WriteBuffer out = new WriteBuffer(32);
        out.writeUnsignedVarInt(TypeIds.SQL_TIMESTAMP);
        out.writeVarLong(seconds);
        out.writeUnsignedVarInt(nanos);
        return Arrays.copyOf(out.array(), (int) out.position());
    }

    private static String refusedOnWrite(Object v) {
        return assertThrows(BlitException.class, () -> PLAIN.toBytes(v)).getMessage();
    }

    /** A charset of the application's own, not the JDK's: not built in. */
    private static final class Rot13 extends Charset {
        Rot13() {
            super("X-ROT13-TEST", null);
        }

        @Override
        public boolean contains(Charset cs) {
            return false;
        }

        @Override
        public CharsetDecoder newDecoder() {
            return new CharsetDecoder(this, 1, 1) {
                @Override
                protected CoderResult decodeLoop(ByteBuffer in, CharBuffer out) {
                    return CoderResult.UNDERFLOW;
                }
            };
        }

        @Override
        public CharsetEncoder newEncoder() {
            return new CharsetEncoder(this, 1, 1) {
                @Override
                protected CoderResult encodeLoop(CharBuffer in, ByteBuffer out) {
                    return CoderResult.UNDERFLOW;
                }
            };
        }
    }
}
