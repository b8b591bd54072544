package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.RegistryBuilder;

import java.time.ZoneId;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pre-{@code java.time} zone and calendar: {@code TimeZone} (as {@code TimeZone.getTimeZone} makes it)
 * and {@code GregorianCalendar}, which Kryo writes out of the box and which {@code java.base} opens to no
 * library. Both are mutable, so both keep their identity, as {@code Date} does.
 *
 * <p>A zone is written as its ID alone, so only a zone its ID rebuilds is written: one of the JDK's own
 * ({@code sun.util.calendar.ZoneInfo}), with the rules of that ID. A {@code SimpleTimeZone}, or a zone whose
 * offset was changed after it was made, is refused rather than silently read back as something else; on read,
 * an ID the JDK does not know is refused rather than read as GMT, which is what {@code getTimeZone} answers.
 *
 * <p>From Java 25 on, {@code TimeZone.getTimeZone} prints a warning to {@code System.err} each time it is given
 * one of the deprecated three-letter IDs ({@code "EST"}, {@code "CST"}: the keys of {@code ZoneId.SHORT_IDS}),
 * whoever calls it. Blit asks it for each such ID once per JVM and copies that zone afterwards, on write and on
 * read, so a program that uses one prints the warning for its own {@code getTimeZone} call, and at most once for
 * Blit's.
 */
final class CalendarTypes {
    private CalendarTypes() {
    }

    static void install(RegistryBuilder rb) {
        rb.add(TypeIds.TIME_ZONE, zoneInfoClass(), new Codec(TypeIds.TIME_ZONE));
        rb.add(TypeIds.GREGORIAN_CALENDAR, GregorianCalendar.class, new Codec(TypeIds.GREGORIAN_CALENDAR));
    }

    /** The JDK-private class of {@code TimeZone.getTimeZone}'s zones, by name: no zone is made at start-up. */
    private static Class<?> zoneInfoClass() {
        try {
            return Class.forName("sun.util.calendar.ZoneInfo", false, null);
        } catch (ClassNotFoundException e) {
            return TimeZone.getTimeZone("UTC").getClass();
        }
    }

    /** The zone of each three-letter ID asked for, as {@code getTimeZone} made it: never handed out, only cloned. */
    private static final ConcurrentHashMap<String, TimeZone> THREE_LETTER = new ConcurrentHashMap<>();

    /**
     * {@code TimeZone.getTimeZone(id)}, without asking it again for a three-letter ID (see the class comment).
     * The JDK's zone of an ID is the same all the JVM's life, and a clone is what {@code getTimeZone} returns too.
     *
     * @param id a zone ID
     * @return a zone of the caller's own, as {@code getTimeZone} returns it
     */
    static TimeZone zone(String id) {
        if (!ZoneId.SHORT_IDS.containsKey(id)) {
            return TimeZone.getTimeZone(id);
        }
        return (TimeZone) THREE_LETTER.computeIfAbsent(id, TimeZone::getTimeZone).clone();
    }

    /** One class for both, switching on the wire id: see {@link BuiltinTypes.ById} for why. */
    private static final class Codec extends BuiltinTypes.ById {
        Codec(int id) {
            super(id, true);
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            if (id == TypeIds.TIME_ZONE) {
                out.writeString(idOf((TimeZone) v, "TimeZone"));
                return;
            }
            GregorianCalendar c = (GregorianCalendar) v;
            long millis;
            try {
                millis = c.getTimeInMillis();
            } catch (IllegalArgumentException e) { // a non-lenient calendar with a field out of range
                throw new BlitException("cannot write GregorianCalendar: " + e.getMessage(), e);
            }
            out.writeVarLong(millis);
            out.writeString(idOf(c.getTimeZone(), "GregorianCalendar zone"));
            out.writeBoolean(c.isLenient());
            out.writeByte(c.getFirstDayOfWeek());
            out.writeByte(c.getMinimalDaysInFirstWeek());
            out.writeVarLong(c.getGregorianChange().getTime());
        }

        @Override
        public Object read(ReadBuffer in) {
            return id == TypeIds.TIME_ZONE ? readZone(in) : readCalendar(in);
        }
    }

    /** The zone's ID, if {@code TimeZone.getTimeZone} of it gives back an equal zone of the same class. */
    private static String idOf(TimeZone zone, String what) {
        String id = zone.getID();
        TimeZone known = zone(id);
        if (known.getClass() != zone.getClass() || !known.getID().equals(id) || !known.hasSameRules(zone)) {
            throw new BlitException("cannot write " + what + " " + id + " (" + zone.getClass().getName() + "): only a"
                    + " zone that TimeZone.getTimeZone(its ID) makes again, with the same rules, is built in; register"
                    + " a Serializer of your own for others");
        }
        return id;
    }

    private static TimeZone readZone(ReadBuffer in) {
        long at = in.offset();
        return zoneOf(LeafContent.text(in, "TimeZone"), at);
    }

    private static TimeZone zoneOf(String id, long at) {
        TimeZone zone = zone(id);
        if (!zone.getID().equals(id)) {
            throw new BlitException("unknown TimeZone ID " + UtilTypes.quoted(id) + " at offset " + at
                    + " (the JDK would answer " + zone.getID() + ")");
        }
        return zone;
    }

    private static GregorianCalendar readCalendar(ReadBuffer in) {
        long at = in.offset();
        long millis = in.readVarLong();
        long zoneAt = in.offset();
        TimeZone zone = zoneOf(LeafContent.text(in, "GregorianCalendar"), zoneAt);
        boolean lenient = in.readBoolean();
        long daysAt = in.offset();
        int firstDay = in.readByte() & 0xFF;
        int minimalDays = in.readByte() & 0xFF;
        if (firstDay < 1 || firstDay > 7 || minimalDays < 1 || minimalDays > 7) {
            throw new BlitException("GregorianCalendar at offset " + at + ": first day of week " + firstDay
                    + " and minimal days in the first week " + minimalDays + " at offset " + daysAt
                    + " must both be in 1..7");
        }
        long change = in.readVarLong();
        GregorianCalendar c = new GregorianCalendar(zone);
        c.setLenient(lenient);
        c.setFirstDayOfWeek(firstDay);
        c.setMinimalDaysInFirstWeek(minimalDays);
        c.setGregorianChange(new Date(change));
        c.setTimeInMillis(millis);
        return c;
    }
}
