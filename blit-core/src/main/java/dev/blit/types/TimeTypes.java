package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.RegistryBuilder;

import java.time.DateTimeException;
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

/**
 * {@code java.time} values, as their fields in small varints and single bytes. None is reference-tracked.
 * Every value is rebuilt through the JDK's validating factories, and what they reject (month 13, nanos
 * of a billion, an unknown region) becomes a {@link BlitException} naming the offset of the value.
 */
final class TimeTypes {
    private static final int NANOS_PER_SECOND = 1_000_000_000;

    private TimeTypes() {
    }

    static void install(RegistryBuilder rb) {
        rb.add(TypeIds.INSTANT, Instant.class, BuiltinTypes.value(
                (out, v) -> {
                    out.writeVarLong(v.getEpochSecond());
                    out.writeUnsignedVarInt(v.getNano());
                },
                in -> {
                    long at = in.offset();
                    long seconds = in.readVarLong();
                    int nanos = readNanos(in);
                    try {
                        return Instant.ofEpochSecond(seconds, nanos);
                    } catch (DateTimeException x) {
                        throw Elements.invalid("Instant", at, x);
                    }
                }));
        rb.add(TypeIds.LOCAL_DATE, LocalDate.class, BuiltinTypes.value(TimeTypes::writeDate, TimeTypes::readDate));
        rb.add(TypeIds.LOCAL_TIME, LocalTime.class, BuiltinTypes.value(TimeTypes::writeTime, TimeTypes::readTime));
        rb.add(TypeIds.LOCAL_DATE_TIME, LocalDateTime.class, BuiltinTypes.value(TimeTypes::writeDateTime, TimeTypes::readDateTime));
        rb.add(TypeIds.OFFSET_DATE_TIME, OffsetDateTime.class, BuiltinTypes.value(
                (out, v) -> {
                    writeDateTime(out, v.toLocalDateTime());
                    writeOffset(out, v.getOffset());
                },
                in -> {
                    LocalDateTime dt = readDateTime(in);
                    return OffsetDateTime.of(dt, readOffset(in));
                }));
        rb.add(TypeIds.ZONED_DATE_TIME, ZonedDateTime.class, BuiltinTypes.value(TimeTypes::writeZoned, TimeTypes::readZoned));
        rb.add(TypeIds.DURATION, Duration.class, BuiltinTypes.value(
                (out, v) -> {
                    out.writeVarLong(v.getSeconds());
                    out.writeUnsignedVarInt(v.getNano());
                },
                in -> {
                    long seconds = in.readVarLong();
                    return Duration.ofSeconds(seconds, readNanos(in));
                }));
        rb.add(TypeIds.PERIOD, Period.class, BuiltinTypes.value(
                (out, v) -> {
                    out.writeVarInt(v.getYears());
                    out.writeVarInt(v.getMonths());
                    out.writeVarInt(v.getDays());
                },
                in -> {
                    int years = in.readVarInt();
                    int months = in.readVarInt();
                    return Period.of(years, months, in.readVarInt());
                }));
        rb.add(TypeIds.ZONE_ID, ZoneId.of("UTC").getClass(), BuiltinTypes.value(
                (out, v) -> out.writeString(v.getId()),
                in -> {
                    long at = in.offset();
                    ZoneId zone = zoneOf(readZoneId(in, at), at);
                    if (zone instanceof ZoneOffset) {
                        throw new BlitException("zone id " + zone + " at offset " + at
                                + " is an offset; offsets are written under id " + TypeIds.ZONE_OFFSET);
                    }
                    return zone;
                }));
        rb.add(TypeIds.ZONE_OFFSET, ZoneOffset.class, BuiltinTypes.value(TimeTypes::writeOffset, TimeTypes::readOffset));
    }

    private static int readNanos(ReadBuffer in) {
        long at = in.offset();
        int nanos = in.readUnsignedVarInt();
        if (nanos < 0 || nanos >= NANOS_PER_SECOND) {
            throw new BlitException("nanosecond field " + Integer.toUnsignedString(nanos) + " at offset " + at
                    + " is not in 0..999999999");
        }
        return nanos;
    }

    /** {@code svar year}, {@code u8 month}, {@code u8 day}. */
    private static void writeDate(WriteBuffer out, LocalDate v) {
        out.writeVarInt(v.getYear());
        out.writeByte(v.getMonthValue());
        out.writeByte(v.getDayOfMonth());
    }

    private static LocalDate readDate(ReadBuffer in) {
        long at = in.offset();
        int year = in.readVarInt();
        int month = in.readByte() & 0xFF;
        int day = in.readByte() & 0xFF;
        try {
            return LocalDate.of(year, month, day);
        } catch (DateTimeException x) {
            throw Elements.invalid("LocalDate", at, x);
        }
    }

    /** {@code u8 hour}, {@code u8 minute}, {@code u8 second}, {@code uvar nano}. */
    private static void writeTime(WriteBuffer out, LocalTime v) {
        out.writeByte(v.getHour());
        out.writeByte(v.getMinute());
        out.writeByte(v.getSecond());
        out.writeUnsignedVarInt(v.getNano());
    }

    private static LocalTime readTime(ReadBuffer in) {
        long at = in.offset();
        int hour = in.readByte() & 0xFF;
        int minute = in.readByte() & 0xFF;
        int second = in.readByte() & 0xFF;
        int nano = in.readUnsignedVarInt();
        try {
            return LocalTime.of(hour, minute, second, nano);
        } catch (DateTimeException x) {
            throw Elements.invalid("LocalTime", at, x);
        }
    }

    private static void writeDateTime(WriteBuffer out, LocalDateTime v) {
        writeDate(out, v.toLocalDate());
        writeTime(out, v.toLocalTime());
    }

    private static LocalDateTime readDateTime(ReadBuffer in) {
        LocalDate date = readDate(in);
        return LocalDateTime.of(date, readTime(in));
    }

    /** {@code svar totalSeconds}. */
    private static void writeOffset(WriteBuffer out, ZoneOffset v) {
        out.writeVarInt(v.getTotalSeconds());
    }

    private static ZoneOffset readOffset(ReadBuffer in) {
        long at = in.offset();
        int seconds = in.readVarInt();
        try {
            return ZoneOffset.ofTotalSeconds(seconds);
        } catch (DateTimeException x) {
            throw Elements.invalid("ZoneOffset", at, x);
        }
    }

    /**
     * Local date-time, offset, then the zone's id as a {@code str}; the empty string when the zone is the
     * offset itself. Read back through the instant (date-time minus offset), so a reader whose time-zone
     * rules differ still gets the same instant.
     */
    private static void writeZoned(WriteBuffer out, ZonedDateTime v) {
        writeDateTime(out, v.toLocalDateTime());
        writeOffset(out, v.getOffset());
        out.writeString(v.getZone() instanceof ZoneOffset ? "" : v.getZone().getId());
    }

    private static ZonedDateTime readZoned(ReadBuffer in) {
        long start = in.offset();
        LocalDateTime dt = readDateTime(in);
        ZoneOffset offset = readOffset(in);
        long at = in.offset();
        String id = readZoneId(in, at);
        ZoneId zone = offset;
        if (!id.isEmpty()) {
            zone = zoneOf(id, at);
            if (zone instanceof ZoneOffset) {
                throw new BlitException("zone id " + id + " at offset " + at
                        + " is an offset; a ZonedDateTime in a fixed offset writes an empty zone id");
            }
        }
        try {
            return ZonedDateTime.ofInstant(dt, offset, zone);
        } catch (DateTimeException x) {
            throw Elements.invalid("ZonedDateTime", start, x);
        }
    }

    private static String readZoneId(ReadBuffer in, long at) {
        String id = in.readString();
        if (id == null) {
            throw new BlitException("null zone id at offset " + at);
        }
        return id;
    }

    private static ZoneId zoneOf(String id, long at) {
        try {
            return ZoneId.of(id);
        } catch (RuntimeException x) { // DateTimeException, or anything a custom ZoneRulesProvider throws
            throw Elements.invalid("zone id", at, x);
        }
    }
}
