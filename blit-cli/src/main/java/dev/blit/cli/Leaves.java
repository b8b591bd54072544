package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.types.TypeIds;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.UUID;

/**
 * The dump's reading of the built-in leaf values, ids 22..34 ({@code BigInteger} to {@code ZoneOffset}): each
 * shown as text, and refused exactly where the library refuses it. The java.time values are built with the
 * JDK factories the library reads them with, so an impossible date, a nanosecond field of a billion or an
 * unknown zone region is damage here too (FORMAT.md, ids 22..34).
 */
final class Leaves {
    private final Input in;

    Leaves(Input in) {
        this.in = in;
    }

    /**
     * @param tag one of the ids 22..34, just read
     * @return its content as text
     */
    String value(int tag) {
        return switch (tag) {
            case TypeIds.BIG_INTEGER -> bigInteger().toString();
            case TypeIds.BIG_DECIMAL -> {
                int scale = (int) in.svar(32);
                long unscaled = in.svar(64);
                long at = in.pos;
                BigInteger u = unscaled == Long.MIN_VALUE ? bigInteger() : BigInteger.valueOf(unscaled);
                if (unscaled == Long.MIN_VALUE && u.bitLength() < 64 && u.longValue() != Long.MIN_VALUE) {
                    throw new BlitException("BigDecimal at offset " + at + " has a small unscaled value in the long form");
                }
                yield new BigDecimal(u, scale).toString();
            }
            case TypeIds.UUID -> new UUID(in.i64(), in.i64()).toString();
            case TypeIds.INSTANT -> {
                long at = in.pos;
                long s = in.svar(64);
                int nano = nanos();
                valid("Instant", at, () -> Instant.ofEpochSecond(s, nano));
                yield Names.instant(s, nano);
            }
            case TypeIds.LOCAL_DATE -> show(date());
            case TypeIds.LOCAL_TIME -> show(time());
            case TypeIds.LOCAL_DATE_TIME -> show(date()) + "T" + show(time());
            case TypeIds.OFFSET_DATE_TIME -> show(date()) + "T" + show(time()) + Names.offset(offset().getTotalSeconds());
            case TypeIds.ZONED_DATE_TIME -> zoned();
            case TypeIds.DURATION -> {
                long s = in.svar(64);
                int nano = nanos();
                yield s + " s " + nano + " ns";
            }
            case TypeIds.PERIOD -> "P" + in.svar(32) + "Y" + in.svar(32) + "M" + in.svar(32) + "D";
            case TypeIds.ZONE_ID -> {
                long at = in.pos;
                yield Names.quote(region(in.str(), at, "offsets are written under id " + TypeIds.ZONE_OFFSET).getId());
            }
            case TypeIds.ZONE_OFFSET -> Names.offset(offset().getTotalSeconds());
            default -> throw new IllegalArgumentException("not a leaf id: " + tag);
        };
    }

    private BigInteger bigInteger() {
        long at = in.pos;
        int length = in.count(1, "BigInteger length");
        if (length == 0) {
            throw new BlitException("BigInteger of zero bytes at offset " + at);
        }
        byte[] b = new byte[length];
        for (int i = 0; i < length; i++) {
            b[i] = (byte) in.u8();
        }
        if (length > 1 && (b[0] == 0 && b[1] >= 0 || b[0] == -1 && b[1] < 0)) {
            throw new BlitException("BigInteger at offset " + at + " has a redundant leading byte (not minimal)");
        }
        return new BigInteger(b);
    }

    // The java.time values are checked by building them with the factories the library reads them with, so
    // that the dump calls damage exactly what Blit.read would refuse (FORMAT.md, ids 22..34).

    private LocalDate date() {
        long at = in.pos;
        int year = (int) in.svar(32);
        int month = in.u8();
        int day = in.u8();
        return valid("LocalDate", at, () -> LocalDate.of(year, month, day));
    }

    private LocalTime time() {
        long at = in.pos;
        int h = in.u8();
        int m = in.u8();
        int s = in.u8();
        int nano = (int) in.uvar(32);
        return valid("LocalTime", at, () -> LocalTime.of(h, m, s, nano));
    }

    private static String show(LocalDate d) {
        return String.format("%04d-%02d-%02d", d.getYear(), d.getMonthValue(), d.getDayOfMonth());
    }

    private static String show(LocalTime t) {
        return String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond())
                + (t.getNano() == 0 ? "" : String.format(".%09d", t.getNano()));
    }

    private int nanos() {
        long at = in.pos;
        long nano = in.uvar(32) & 0xffffffffL;
        if (nano >= 1_000_000_000L) {
            throw new BlitException("nanosecond field " + nano + " at offset " + at + " is not in 0..999999999");
        }
        return (int) nano;
    }

    private ZoneOffset offset() {
        long at = in.pos;
        int seconds = (int) in.svar(32);
        return valid("ZoneOffset", at, () -> ZoneOffset.ofTotalSeconds(seconds));
    }

    /** A zone id that must name a region, not an offset ({@code why} says where offsets go instead). */
    private static ZoneId region(String id, long at, String why) {
        if (id == null) {
            throw new BlitException("null zone id at offset " + at);
        }
        ZoneId zone = valid("zone id", at, () -> ZoneId.of(id));
        if (zone instanceof ZoneOffset) {
            throw new BlitException("zone id " + id + " at offset " + at + " is an offset; " + why);
        }
        return zone;
    }

    /** Date-time, offset, zone id (empty: the offset itself), as the library reads a ZonedDateTime. */
    private String zoned() {
        long start = in.pos;
        LocalDate date = date();
        LocalTime time = time();
        ZoneOffset offset = offset();
        long at = in.pos;
        String id = in.str();
        ZoneId zone = offset;
        if (id == null || !id.isEmpty()) {
            zone = region(id, at, "a ZonedDateTime in a fixed offset writes an empty zone id");
        }
        ZoneId z = zone;
        valid("ZonedDateTime", start, () -> ZonedDateTime.ofInstant(LocalDateTime.of(date, time), offset, z));
        return show(date) + "T" + show(time) + Names.offset(offset.getTotalSeconds()) + (id.isEmpty() ? "" : "[" + id + "]");
    }

    /** A value made by a JDK factory, its refusal (DateTimeException and the like) as the library words it. */
    private static <T> T valid(String what, long at, java.util.function.Supplier<T> make) {
        try {
            return make.get();
        } catch (RuntimeException x) {
            throw new BlitException("invalid " + what + " at offset " + at + ": " + x.getMessage());
        }
    }
}
