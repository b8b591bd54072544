package dev.blit.types;

import dev.blit.BlitException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;

import static dev.blit.types.RoundTrip.PLAIN;
import static dev.blit.types.RoundTrip.assertEncoding;
import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.assertRoundTrips;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimeTypesTest {
    private static final LocalDateTime NOON = LocalDateTime.of(2024, 5, 17, 12, 30);

    @Test
    void instantsRoundTripIncludingTheExtremes() {
        for (Instant i : List.of(Instant.EPOCH, Instant.ofEpochSecond(1, 5), Instant.ofEpochSecond(-1, 999_999_999),
                Instant.parse("2024-05-17T10:30:00.123456789Z"), Instant.MIN, Instant.MAX)) {
            assertRoundTrips(i);
        }
        assertEncoding("19 02 05", Instant.ofEpochSecond(1, 5));
    }

    @Test
    void localDatesAndTimesRoundTrip() {
        for (LocalDate d : List.of(LocalDate.of(2024, 5, 17), LocalDate.of(-44, 3, 15), LocalDate.MIN, LocalDate.MAX,
                LocalDate.of(2024, 2, 29))) {
            assertRoundTrips(d);
        }
        for (LocalTime t : List.of(LocalTime.MIDNIGHT, LocalTime.NOON, LocalTime.MAX, LocalTime.of(12, 30))) {
            assertRoundTrips(t);
        }
        assertRoundTrips(NOON);
        assertRoundTrips(LocalDateTime.MIN);
        assertRoundTrips(LocalDateTime.MAX);
    }

    @Test
    void localDateIsYearVarintMonthByteDayByte() {
        assertEncoding("1a d0 1f 05 11", LocalDate.of(2024, 5, 17));
        assertEncoding("1b 0c 1e 00 00", LocalTime.of(12, 30));
        assertEncoding("1c d0 1f 05 11 0c 1e 00 00", NOON);
    }

    @Test
    void offsetAndZonedDateTimesRoundTrip() {
        assertRoundTrips(OffsetDateTime.of(NOON, ZoneOffset.ofHoursMinutes(5, 30)));
        assertRoundTrips(OffsetDateTime.MIN);
        assertRoundTrips(OffsetDateTime.MAX);
        assertRoundTrips(ZonedDateTime.of(NOON, ZoneId.of("Europe/Paris")));
        assertRoundTrips(ZonedDateTime.of(NOON, ZoneOffset.ofHours(-3)));
        assertRoundTrips(ZonedDateTime.of(NOON, ZoneId.of("UTC")));
        assertRoundTrips(ZonedDateTime.of(NOON, ZoneId.of("GMT+02:00")));
        // The later of the two 02:30s of the autumn overlap keeps its own offset.
        ZonedDateTime overlap = ZonedDateTime.of(LocalDateTime.of(2024, 10, 27, 2, 30), ZoneId.of("Europe/Paris"))
                .withLaterOffsetAtOverlap();
        assertEquals(ZoneOffset.ofHours(1), assertRoundTrips(overlap).getOffset());
    }

    @Test
    void zonedDateTimeIsDateTimeOffsetAndZoneId() {
        ZonedDateTime paris = ZonedDateTime.of(NOON, ZoneId.of("Europe/Paris"));
        assertEncoding("1e d0 1f 05 11 0c 1e 00 00 c0 70 19 4575726f70652f5061726973", paris);
        // A zone that is an offset writes an empty zone id: 1 + 4 + 4 + 2 + 1 bytes.
        assertEquals(12, PLAIN.toBytes(ZonedDateTime.of(NOON, ZoneOffset.ofHours(2))).length);
        assertEncoding("1d d0 1f 05 11 0c 1e 00 00 c0 70", OffsetDateTime.of(NOON, ZoneOffset.ofHours(2)));
    }

    @Test
    void durationsPeriodsAndZonesRoundTrip() {
        for (Duration d : List.of(Duration.ZERO, Duration.ofNanos(-1), Duration.ofDays(3).plusNanos(7),
                Duration.ofSeconds(Long.MAX_VALUE, 999_999_999), Duration.ofSeconds(Long.MIN_VALUE))) {
            assertRoundTrips(d);
        }
        assertRoundTrips(Period.ZERO);
        assertRoundTrips(Period.of(1, -2, 3));
        assertRoundTrips(Period.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0));
        assertRoundTrips(ZoneId.of("Europe/Paris"));
        assertRoundTrips(ZoneId.of("UTC"));
        assertRoundTrips(ZoneId.of("UTC+01:30"));
        assertRoundTrips(ZoneOffset.UTC);
        assertRoundTrips(ZoneOffset.MIN);
        assertRoundTrips(ZoneOffset.MAX);
        assertRoundTrips(ZoneOffset.ofTotalSeconds(3723));
        assertEncoding("1f 02 07", Duration.ofSeconds(1, 7));
        assertEncoding("20 02 03 06", Period.of(1, -2, 3));
        assertEncoding("21 19 4575726f70652f5061726973", ZoneId.of("Europe/Paris"));
    }

    @Test
    void zoneOffsetWrittenAsZoneIdUsesTheOffsetId() {
        ZoneId offsetZone = ZoneId.of("+01:00");
        assertEncoding("22 a0 38", offsetZone);
        assertEquals(ZoneOffset.ofHours(1), PLAIN.fromBytes(PLAIN.toBytes(offsetZone)));
    }

    @Test
    void outOfRangeFieldsAreRejectedAsBlitExceptionsWithTheOffset() {
        BlitException month = assertRejected("1a d0 1f 0d 01");
        assertTrue(month.getMessage().contains("offset 1"), month::getMessage);
        assertRejected("1a d0 1f 02 1e");                     // 30 February
        assertRejected("1a fe ff ff ff 0f 01 01");            // year 2^31 - 1 is past LocalDate.MAX
        assertRejected("1b 18 00 00 00");                     // hour 24
        assertRejected("1b 00 3c 00 00");                     // minute 60
        assertRejected("1b 00 00 00 80 94 eb dc 03");         // a billion nanos
        assertRejected("19 00 80 94 eb dc 03");               // Instant nano of a billion
        assertRejected("19 fe ff ff ff ff ff ff ff ff 01 00"); // epoch second past Instant.MAX
        assertRejected("1f 00 ff ff ff ff 0f");               // Duration nano 2^32 - 1
        assertRejected("22 c2 f4 07");                        // offset of 18h + 1s
        assertRejected("21 0f 4e6f2f53756368");                // "No/Such" is not a region
        assertRejected("21 00");                              // null zone id
        assertRejected("21 01");                              // empty zone id
        assertRejected("21 0d 2b30313a3030");                 // "+01:00" under the region id
        assertRejected("1e d0 1f 05 11 0c 1e 00 00 c0 70 0d 2b30323a3030"); // offset zone as a non-empty id
        assertRejected("1e d0 1f 05 11 0c 1e 00 00 c0 70 00");               // null zone id in a ZonedDateTime
    }

    @Test
    void truncatedInputIsRejectedWithItsOffset() {
        // LocalDate 2024-05-17 without its day byte: the read of byte 4 fails.
        BlitException e = assertRejected("1a d0 1f 05");
        assertTrue(e.getMessage().contains("offset 4"), e::getMessage);
        // A ZonedDateTime whose 12-char zone id (header at offset 11) has only 6 chars left.
        BlitException zone = assertRejected("1e d0 1f 05 11 0c 1e 00 00 c0 70 19 4575726f7065");
        assertTrue(zone.getMessage().contains("offset 11"), zone::getMessage);
    }

    @Test
    void zonedDateTimeFromAnotherRuleSetKeepsItsInstant() {
        // +05:00 is not Paris's offset on that day: the instant (07:30Z) is kept, shown in Paris time.
        ZonedDateTime read = (ZonedDateTime) PLAIN.fromBytes(RoundTrip.bytes(
                "1e d0 1f 05 11 0c 1e 00 00 a0 99 02 19 4575726f70652f5061726973"));
        assertEquals(Instant.parse("2024-05-17T07:30:00Z"), read.toInstant());
        assertEquals(ZoneId.of("Europe/Paris"), read.getZone());
    }

    @Test
    void mutatedEncodingsFailOnlyWithBlitException() {
        RoundTrip.assertMutationsFailOnlyWithBlitException(PLAIN.toBytes(new ArrayList<>(List.of(
                Instant.ofEpochSecond(1, 2), LocalDate.of(2024, 5, 17), LocalTime.of(1, 2, 3, 4), NOON,
                OffsetDateTime.of(NOON, ZoneOffset.ofHours(1)), ZonedDateTime.of(NOON, ZoneId.of("Europe/Paris")),
                Duration.ofSeconds(5), Period.of(1, 2, 3), ZoneId.of("Europe/Paris"), ZoneOffset.ofHours(-4)))), 2);
    }
}
