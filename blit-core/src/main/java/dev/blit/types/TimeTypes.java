package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.RegistryBuilder;

import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;

/**
 * {@code java.time} values, as their fields in small varints and single bytes ({@code DayOfWeek} and
 * {@code Month} too: JDK enums, so built in rather than left to the user to register). None is reference-tracked.
 * Every value is rebuilt through the JDK's validating factories, and what they reject (month 13, nanos
 * of a billion, an unknown region) becomes a {@link BlitException} naming the offset of the value.
 */
final class TimeTypes {
    private static final int NANOS_PER_SECOND = 1_000_000_000;

    private TimeTypes() {
    }

    static void install(RegistryBuilder rb) {
        rb.add(TypeIds.INSTANT, Instant.class, new Codec(TypeIds.INSTANT));
        rb.add(TypeIds.LOCAL_DATE, LocalDate.class, new Codec(TypeIds.LOCAL_DATE));
        rb.add(TypeIds.LOCAL_TIME, LocalTime.class, new Codec(TypeIds.LOCAL_TIME));
        rb.add(TypeIds.LOCAL_DATE_TIME, LocalDateTime.class, new Codec(TypeIds.LOCAL_DATE_TIME));
        rb.add(TypeIds.OFFSET_DATE_TIME, OffsetDateTime.class, new Codec(TypeIds.OFFSET_DATE_TIME));
        rb.add(TypeIds.ZONED_DATE_TIME, ZonedDateTime.class, new Codec(TypeIds.ZONED_DATE_TIME));
        rb.add(TypeIds.DURATION, Duration.class, new Codec(TypeIds.DURATION));
        rb.add(TypeIds.PERIOD, Period.class, new Codec(TypeIds.PERIOD));
        rb.add(TypeIds.ZONE_ID, zoneRegionClass(), new Codec(TypeIds.ZONE_ID));
        rb.add(TypeIds.ZONE_OFFSET, ZoneOffset.class, new Codec(TypeIds.ZONE_OFFSET));
        rb.add(TypeIds.YEAR, Year.class, new Codec(TypeIds.YEAR));
        rb.add(TypeIds.YEAR_MONTH, YearMonth.class, new Codec(TypeIds.YEAR_MONTH));
        rb.add(TypeIds.MONTH_DAY, MonthDay.class, new Codec(TypeIds.MONTH_DAY));
        rb.add(TypeIds.DAY_OF_WEEK, DayOfWeek.class, new Codec(TypeIds.DAY_OF_WEEK));
        rb.add(TypeIds.MONTH, Month.class, new Codec(TypeIds.MONTH));
        rb.add(TypeIds.OFFSET_TIME, OffsetTime.class, new Codec(TypeIds.OFFSET_TIME));
    }

    /**
     * The JDK-private class of region ids ({@code ZoneId.of("Europe/Paris")}), by name: making an instance
     * would load the time-zone database at start-up, which no other built-in needs.
     */
    private static Class<?> zoneRegionClass() {
        try {
            return Class.forName("java.time.ZoneRegion", false, ZoneId.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return ZoneId.of("UTC").getClass();
        }
    }

    /**
     * One class for all of them, switching on the wire id, rather than a pair of lambdas per type: see
     * {@link BuiltinTypes.ById} for why (one dispatch per value, no lambda call sites linked at start-up).
     */
    private static final class Codec extends BuiltinTypes.ById {
        Codec(int id) {
            super(id, false);
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            switch (id) {
                case TypeIds.INSTANT:
                    out.writeVarLong(((Instant) v).getEpochSecond());
                    out.writeUnsignedVarInt(((Instant) v).getNano());
                    return;
                case TypeIds.LOCAL_DATE:
                    writeDate(out, (LocalDate) v);
                    return;
                case TypeIds.LOCAL_TIME:
                    writeTime(out, (LocalTime) v);
                    return;
                case TypeIds.LOCAL_DATE_TIME:
                    writeDateTime(out, (LocalDateTime) v);
                    return;
                case TypeIds.OFFSET_DATE_TIME:
                    writeDateTime(out, ((OffsetDateTime) v).toLocalDateTime());
                    writeOffset(out, ((OffsetDateTime) v).getOffset());
                    return;
                case TypeIds.ZONED_DATE_TIME:
                    writeZoned(out, (ZonedDateTime) v);
                    return;
                case TypeIds.DURATION:
                    out.writeVarLong(((Duration) v).getSeconds());
                    out.writeUnsignedVarInt(((Duration) v).getNano());
                    return;
                case TypeIds.PERIOD:
                    out.writeVarInt(((Period) v).getYears());
                    out.writeVarInt(((Period) v).getMonths());
                    out.writeVarInt(((Period) v).getDays());
                    return;
                case TypeIds.ZONE_ID:
                    out.writeString(((ZoneId) v).getId());
                    return;
                case TypeIds.ZONE_OFFSET:
                    writeOffset(out, (ZoneOffset) v);
                    return;
                case TypeIds.YEAR:
                    out.writeVarInt(((Year) v).getValue());
                    return;
                case TypeIds.YEAR_MONTH:
                    out.writeVarInt(((YearMonth) v).getYear());
                    out.writeByte(((YearMonth) v).getMonthValue());
                    return;
                case TypeIds.MONTH_DAY:
                    out.writeByte(((MonthDay) v).getMonthValue());
                    out.writeByte(((MonthDay) v).getDayOfMonth());
                    return;
                case TypeIds.DAY_OF_WEEK:
                    out.writeByte(((DayOfWeek) v).getValue());
                    return;
                case TypeIds.MONTH:
                    out.writeByte(((Month) v).getValue());
                    return;
                case TypeIds.OFFSET_TIME:
                    writeTime(out, ((OffsetTime) v).toLocalTime());
                    writeOffset(out, ((OffsetTime) v).getOffset());
                    return;
                default:
                    throw new IllegalStateException("no built-in time type has id " + id);
            }
        }

        @Override
        public Object read(ReadBuffer in) {
            switch (id) {
                case TypeIds.INSTANT:
                    return readInstant(in);
                case TypeIds.LOCAL_DATE:
                    return readDate(in);
                case TypeIds.LOCAL_TIME:
                    return readTime(in);
                case TypeIds.LOCAL_DATE_TIME:
                    return readDateTime(in);
                case TypeIds.OFFSET_DATE_TIME: {
                    LocalDateTime dt = readDateTime(in);
                    return OffsetDateTime.of(dt, readOffset(in));
                }
                case TypeIds.ZONED_DATE_TIME:
                    return readZoned(in);
                case TypeIds.DURATION: {
                    long seconds = in.readVarLong();
                    return Duration.ofSeconds(seconds, readNanos(in));
                }
                case TypeIds.PERIOD: {
                    int years = in.readVarInt();
                    int months = in.readVarInt();
                    return Period.of(years, months, in.readVarInt());
                }
                case TypeIds.ZONE_ID:
                    return readRegion(in);
                case TypeIds.ZONE_OFFSET:
                    return readOffset(in);
                case TypeIds.YEAR:
                case TypeIds.YEAR_MONTH:
                case TypeIds.MONTH_DAY:
                case TypeIds.DAY_OF_WEEK:
                case TypeIds.MONTH:
                    return readCalendarPart(in, id);
                case TypeIds.OFFSET_TIME: {
                    LocalTime time = readTime(in);
                    return OffsetTime.of(time, readOffset(in));
                }
                default:
                    throw new IllegalStateException("no built-in time type has id " + id);
            }
        }
    }

    /** The names of ids 74..78, for messages. */
    private static final String[] CALENDAR_PARTS = {"Year", "YearMonth", "MonthDay", "DayOfWeek", "Month"};

    /**
     * {@code Year} ({@code svar}), {@code YearMonth} ({@code svar}, {@code u8}), {@code MonthDay} ({@code u8},
     * {@code u8}), {@code DayOfWeek} and {@code Month} ({@code u8}, 1-based as {@code getValue()}).
     */

    private static Object readCalendarPart(ReadBuffer in, int id) {
        long at = in.offset();
        int first = id == TypeIds.YEAR || id == TypeIds.YEAR_MONTH ? in.readVarInt() : in.readByte() & 0xFF;
        int second = id == TypeIds.YEAR_MONTH || id == TypeIds.MONTH_DAY ? in.readByte() & 0xFF : 0;
        try {
            switch (id) {
                case TypeIds.YEAR:
                    return Year.of(first);
                case TypeIds.YEAR_MONTH:
                    return YearMonth.of(first, second);
                case TypeIds.MONTH_DAY:
                    return MonthDay.of(first, second);
                case TypeIds.DAY_OF_WEEK:
                    return DayOfWeek.of(first);
                default:
                    return Month.of(first);
            }
        } catch (DateTimeException x) {
            throw Elements.invalid(CALENDAR_PARTS[id - TypeIds.YEAR], at, x);
        }
    }

    private static Instant readInstant(ReadBuffer in) {
        long at = in.offset();
        long seconds = in.readVarLong();
        int nanos = readNanos(in);
        try {
            return Instant.ofEpochSecond(seconds, nanos);
        } catch (DateTimeException x) {
            throw Elements.invalid("Instant", at, x);
        }
    }

    private static ZoneId readRegion(ReadBuffer in) {
        long at = in.offset();
        ZoneId zone = zoneOf(readZoneId(in, at), at);
        if (zone instanceof ZoneOffset) {
            throw new BlitException("zone id " + zone + " at offset " + at
                    + " is an offset; offsets are written under id " + TypeIds.ZONE_OFFSET);
        }
        return zone;
    }

    static int readNanos(ReadBuffer in) {
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
