package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.types.BuiltinTypes;
import dev.blit.types.TypeIds;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.IllegalCharsetNameException;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Month;
import java.time.MonthDay;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.Currency;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.Locale;
import java.util.TimeZone;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The dump's reading of the built-in leaf values, ids 22..34 ({@code BigInteger} to {@code ZoneOffset}),
 * 70..84 ({@code Locale} to {@code AtomicBoolean}), 91..97 ({@code OffsetTime} to {@code java.sql.Timestamp})
 * and 98 ({@code Class}, {@link #classValue}):
 * each shown as text, and refused exactly where the library refuses it. The java.time values, locales, URIs,
 * currencies, patterns, time zones, calendars and charsets are built with the JDK factories the library reads
 * them with, so an impossible date, a nanosecond field of a billion, an unknown zone region, an ill-formed
 * language tag, a regex syntax error or a charset alias is damage here too (FORMAT.md, ids 22..34, 70..84 and
 * 91..97). Also the primitive arrays, ids 12..19, in both forms an {@code int[]} or {@code long[]} may take
 * (FORMAT.md, "Primitive arrays").
 */
final class Leaves {
    private final Input in;

    Leaves(Input in) {
        this.in = in;
    }

    /**
     * @param tag one of the ids 22..34, 70..84 or 91..97, just read (the caller numbers the tracked ones, 79..84
     *     and 92, 93, 95..97)
     * @return its content as text
     */
    String value(int tag) {
        return switch (tag) {
            case TypeIds.BIG_INTEGER -> bigInteger().text();
            case TypeIds.BIG_DECIMAL -> {
                int scale = (int) in.svar(32);
                long unscaled = in.svar(64);
                long at = in.pos;
                Big big = unscaled == Long.MIN_VALUE ? bigInteger() : new Big(BigInteger.valueOf(unscaled), null);
                BigInteger u = big.value();
                if (u == null) {
                    yield "unscaled " + big.cut() + ", scale " + scale;
                }
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
            case TypeIds.LOCALE -> locale();
            case TypeIds.URI -> {
                long at = in.pos;
                String s = text("URI");
                valid("URI", at, () -> toUri(s));
                yield Names.quote(s);
            }
            case TypeIds.CURRENCY -> {
                long at = in.pos;
                String code = text("Currency");
                try {
                    yield Currency.getInstance(code).getCurrencyCode();
                } catch (IllegalArgumentException e) {
                    throw new BlitException("unknown currency code " + Names.quote(code) + " at offset " + at);
                }
            }
            case TypeIds.PATTERN -> pattern();
            case TypeIds.YEAR, TypeIds.YEAR_MONTH, TypeIds.MONTH_DAY, TypeIds.DAY_OF_WEEK, TypeIds.MONTH -> calendarPart(tag);
            case TypeIds.BIT_SET -> bitSet();
            case TypeIds.STRING_BUILDER -> quotedText("StringBuilder");
            case TypeIds.STRING_BUFFER -> quotedText("StringBuffer");
            case TypeIds.ATOMIC_INTEGER -> Long.toString(in.svar(32));
            case TypeIds.ATOMIC_LONG -> Long.toString(in.svar(64));
            case TypeIds.ATOMIC_BOOLEAN -> Boolean.toString(in.bool());
            case TypeIds.OFFSET_TIME -> show(time()) + Names.offset(offset().getTotalSeconds());
            case TypeIds.TIME_ZONE -> Names.quote(timeZone("TimeZone").getID());
            case TypeIds.GREGORIAN_CALENDAR -> gregorianCalendar();
            case TypeIds.CHARSET -> charset();
            case TypeIds.SQL_DATE, TypeIds.SQL_TIME -> Names.instantMillis(in.svar(64));
            case TypeIds.SQL_TIMESTAMP -> timestamp();
            default -> throw new IllegalArgumentException("not a leaf id: " + tag);
        };
    }

    /**
     * @param tag a primitive array's id, 12..19, just read (the caller numbers it)
     * @return its first {@link Decoder#SHOWN} elements and its length, and for the compact form of an int[] or
     *         long[] its element width; refused where the library refuses it (a null header, a width outside 1 to
     *         3 (int[]) or 1 to 7 (long[]), an empty compact array, one no smaller than the plain form, a width
     *         wider than its elements need)
     */
    String primitiveArray(int tag) {
        int size = switch (tag) {
            case TypeIds.BOOLEAN_ARRAY, TypeIds.BYTE_ARRAY -> 1;
            case TypeIds.SHORT_ARRAY, TypeIds.CHAR_ARRAY -> 2;
            case TypeIds.INT_ARRAY, TypeIds.FLOAT_ARRAY -> 4;
            default -> 8;
        };
        long at = in.pos;
        long h = in.uvar(32) & 0xffffffffL;
        int width = size;
        boolean compact = h == 0 && (tag == TypeIds.INT_ARRAY || tag == TypeIds.LONG_ARRAY);
        String type = tag == TypeIds.INT_ARRAY ? "int[]" : "long[]";
        if (compact && in.pos - at > 1) { // only the one byte 00 is the narrow form's escape: a padded 0 is null
            throw new BlitException("null array header at offset " + at + " where " + type + " is read (never null there)");
        }
        if (compact) {
            width = in.u8();
            if (width < 1 || width >= size) {
                throw new BlitException("invalid element width " + width + " of a compact " + type + " at offset "
                        + (at + 1) + " (1 to " + (size - 1) + ")");
            }
            h = in.uvar(32) & 0xffffffffL;
            if (h <= 1) {
                throw new BlitException("a compact " + type + " at offset " + at + " must have at least one element");
            }
            if ((h - 1) * (size - width) <= 2) {
                throw new BlitException("a compact " + type + " at offset " + at + " is no smaller than the plain form");
            }
        } else if (h == 0) {
            throw new BlitException("null array header inside an array value at offset " + at);
        }
        long length = h - 1;
        in.require(length * width);
        StringBuilder sb = new StringBuilder("{");
        long bits = 0;
        for (long i = 0; i < length; i++) {
            if (compact) {
                long v = 0;
                for (int k = 0; k < width; k++) {
                    v |= (long) in.u8() << (k << 3);
                }
                v = v << (64 - 8 * width) >> (64 - 8 * width); // sign-extended from its width
                bits |= v ^ (v >> 63);
                if (i < Decoder.SHOWN) {
                    sb.append(i > 0 ? ", " : "").append(v);
                }
            } else if (i >= Decoder.SHOWN) {
                in.pos += (length - i) * width;
                break;
            } else {
                sb.append(i > 0 ? ", " : "").append(primitive(tag));
            }
        }
        if (compact) {
            int needed = (64 - Long.numberOfLeadingZeros(bits) + 8) >>> 3;
            if (needed != width) {
                throw new BlitException("a compact " + type + " at offset " + at + " has elements " + width
                        + " bytes wide where " + needed + " hold every one");
            }
        }
        sb.append(length > Decoder.SHOWN ? ", ...} (" : "} (").append(length).append(length == 1 ? " element" : " elements");
        return sb.append(compact ? ", compact: " + width + (width == 1 ? " byte" : " bytes") + " each)" : ")").toString();
    }

    private String primitive(int arrayTag) {
        return switch (arrayTag) {
            case TypeIds.BOOLEAN_ARRAY -> Boolean.toString(in.bool());
            case TypeIds.BYTE_ARRAY -> Byte.toString((byte) in.u8());
            case TypeIds.SHORT_ARRAY -> Short.toString(in.i16());
            case TypeIds.CHAR_ARRAY -> Names.quote(Character.toString((char) in.i16()));
            case TypeIds.INT_ARRAY -> Integer.toString(in.i32());
            case TypeIds.LONG_ARRAY -> Long.toString(in.i64());
            case TypeIds.FLOAT_ARRAY -> Names.f32(in.i32());
            default -> Names.f64(in.i64());
        };
    }

    /**
     * Id 98, a {@code Class} value, when its type descriptor is an id, read at {@code at}: the id its class is
     * written under (FORMAT.md; the other descriptors are {@link TypeDescriptors#classValue}'s). A built-in id must be one a
     * class is written under ({@link BuiltinIds#namesAClass}); a user id is named when the classes are given, and
     * otherwise shown as it is: the library refuses an id its instance does not know, which the dump, without the
     * registrations, cannot tell (as for a user id's tag).
     */
    String classValue(UserTypes types, long id, long at) {
        if (id >= TypeIds.FIRST_USER_ID) {
            UserTypes.UserType t = types.get(id);
            return t != null ? t.name() + " (" + id + ")" : "the class of user id " + id + " (not given to the dump)";
        }
        if (!BuiltinIds.namesAClass((int) id)) {
            throw new BlitException("Class value at offset " + at + " names id " + id + ", under which no class is written"
                    + (id == TypeIds.FALSE ? " (Boolean is id 3)" : ""));
        }
        return Names.builtin((int) id) + " (" + id + ")";
    }

    /**
     * Id 99's leaves, their type and value: extended ids 1..4, and a lambda (0) up to its captured values, which
     * the decoder reads as children (as it reads the content of the collections and holders 5..36).
     *
     * @param ext 0..4, 37, 38, 42
     * @param at the offset of the extended id
     */
    void extended(Node n, long ext, long at, UserTypes types) {
        n.type = Names.extended(ext);
        n.value = ext == TypeIds.EXT_SERIALIZABLE_LAMBDA ? lambda(n, at, types) : ext == TypeIds.EXT_INET_ADDRESS
                ? inetAddress(in.pos) : ext == TypeIds.EXT_INET_SOCKET_ADDRESS ? inetSocketAddress()
                : ext == TypeIds.EXT_BYTE_BUFFER ? byteBuffer(at) : pathName(n.type, at);
    }

    /**
     * Extended id 42, as the library's BufferTypes reads it: {@code u8} flags (1 direct, 2 little-endian, 4
     * read-only; others refused), then the remaining bytes as a {@code byte[]}, never null.
     */
    private String byteBuffer(long at) {
        long flagsAt = in.pos;
        int flags = in.u8();
        if ((flags & ~7) != 0) {
            throw new BlitException("ByteBuffer at offset " + at + " has unknown flags 0x" + Integer.toHexString(flags)
                    + " at offset " + flagsAt);
        }
        return ((flags & 1) != 0 ? "direct, " : "heap, ") + ((flags & 2) != 0 ? "little-endian, " : "big-endian, ")
                + ((flags & 4) != 0 ? "read-only, " : "") + primitiveArray(TypeIds.BYTE_ARRAY);
    }

    /** Extended id 3, as NetTypes reads it: host name or null, 4 or 16 bytes, for 16 a scope id + 1. */
    private String inetAddress(long at) {
        String host = in.str();
        long bytesAt = in.pos;
        long header = in.uvar(32) & 0xffffffffL; // a byte[]: length + 1, 0 for none
        if (header == 0) {
            throw new BlitException("InetAddress at offset " + at + " has no address at offset " + bytesAt + ", not 4 or 16");
        }
        long length = header - 1;
        if (length != 4 && length != 16) {
            throw new BlitException("InetAddress at offset " + at + " has an address of " + length + " bytes at offset "
                    + bytesAt + ", not 4 or 16");
        }
        byte[] b = new byte[(int) length];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) in.u8();
        }
        try {
            java.net.InetAddress a = length == 4 ? java.net.InetAddress.getByAddress(host, b)
                    : java.net.Inet6Address.getByAddress(host, b, scope() - 1);
            return a.toString();
        } catch (java.net.UnknownHostException e) {
            throw new BlitException("invalid InetAddress at offset " + at + ": " + e.getMessage());
        }
    }

    private int scope() {
        long at = in.pos;
        long scope = in.uvar(32) & 0xffffffffL;
        if (scope > Integer.MAX_VALUE) {
            throw new BlitException("IPv6 scope id " + scope + " at offset " + at + " is out of range");
        }
        return (int) scope;
    }

    /** Extended id 4: form 0 (unresolved: host) or 1 (an address), then the port, 0..65535. */
    private String inetSocketAddress() {
        long at = in.pos;
        int form = in.u8();
        String where;
        if (form == 0) {
            long hostAt = in.pos;
            where = in.str();
            if (where == null) {
                throw new BlitException("unresolved InetSocketAddress at offset " + at + " has a null host at offset " + hostAt);
            }
            where = Names.quote(where) + " (unresolved)";
        } else if (form == 1) {
            where = inetAddress(in.pos);
        } else {
            throw new BlitException("unknown InetSocketAddress form " + form + " at offset " + at);
        }
        long portAt = in.pos;
        long port = in.uvar(32) & 0xffffffffL;
        if (port > 0xFFFF) {
            throw new BlitException("InetSocketAddress port " + port + " at offset " + portAt + " is not in 0..65535");
        }
        return where + ", port " + port;
    }

    /** As the library reads a URL: {@code new URL(spec)}, which takes back every URL's external form. */
    @SuppressWarnings("deprecation")
    private static void url(String spec) throws java.net.MalformedURLException {
        new java.net.URL(spec);
    }

    /**
     * A Path's, File's or URL's name (id 99, extended 1, 2 or 38), checked as the library reads it: a Path with
     * {@code Path.of} on this JVM's default file system, a URL with {@code new URL}, a File as any string.
     */
    private String pathName(String type, long at) {
        long nameAt = in.pos;
        String s = in.str();
        if (s == null) {
            throw new BlitException("null string header inside a " + type + " value at offset " + nameAt);
        }
        if (type.equals("URL")) {
            try {
                url(s);
            } catch (java.net.MalformedURLException e) {
                throw new BlitException("invalid URL at offset " + at + ": " + Names.quote(s) + " (" + e.getMessage() + ")");
            }
        }
        if (type.equals("Path")) {
            try {
                java.nio.file.Path.of(s);
            } catch (java.nio.file.InvalidPathException e) {
                throw new BlitException("invalid Path at offset " + at + ": " + Names.quote(s) + " (" + e.getReason() + ")");
            }
        }
        return Names.quote(s);
    }

    /**
     * A lambda up to its captured values: its capturing class (a user id), then {@link #lambdaNames}; whether it
     * may be a comparator goes to {@link Node#notAComparator}.
     */
    private String lambda(Node n, long at, UserTypes types) {
        long hostAt = in.pos;
        long host = in.uvar(32) & 0xffffffffL;
        if (host < TypeIds.FIRST_USER_ID) {
            throw new BlitException("lambda at offset " + at + ": its capturing class id " + host + " at offset " + hostAt
                    + " is not a registered class's");
        }
        UserTypes.UserType t = types.get(host);
        String[] s = lambdaNames();
        n.notAComparator = BuiltinIds.notAComparator(s[0]);
        return (t != null ? t.name() : "user id " + host) + ": " + s[4].replace('/', '.') + "::" + s[5] + " as "
                + s[0].replace('/', '.') + "." + s[1];
    }

    /**
     * The eight items of a serializable lambda (id 99, extended 0) after its capturing class: functional interface,
     * its method and signature, implementation method kind (1..9), class, name and signature, instantiated type.
     */
    private String[] lambdaNames() {
        String[] s = new String[8];
        for (int i = 0; i < s.length; i++) {
            long at = in.pos;
            if (i == 3) {
                long kind = in.uvar(32) & 0xffffffffL;
                if (kind < 1 || kind > 9) {
                    throw new BlitException("lambda's method handle kind " + kind + " at offset " + at + " is not one of 1..9");
                }
                s[i] = Long.toString(kind);
                continue;
            }
            s[i] = in.str();
            if (s[i] == null || s[i].isEmpty()) {
                throw new BlitException("lambda's name at offset " + at + " is " + (s[i] == null ? "null" : "empty"));
            }
        }
        return s;
    }

    /**
     * The bytes of a BigInteger over which it is shown by the first hex digits of its magnitude and its size:
     * its decimal digits take quadratic time (seconds for a few hundred thousand), and more than a thousand of
     * them are not read by anyone.
     */
    static final int BIG_BYTES = 400;

    /**
     * A BigInteger read: its value (null when it is over {@link #BIG_BYTES}, which is then not built) and its
     * text.
     */
    record Big(BigInteger value, String cut) {
        String text() {
            return cut != null ? cut : value.toString();
        }
    }

    private Big bigInteger() {
        long at = in.pos;
        int length = in.count(1, "BigInteger length");
        if (length == 0) {
            throw new BlitException("BigInteger of zero bytes at offset " + at);
        }
        byte[] b = new byte[Math.min(length, BIG_BYTES)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) in.u8();
        }
        if (length > 1 && (b[0] == 0 && b[1] >= 0 || b[0] == -1 && b[1] < 0)) {
            throw new BlitException("BigInteger at offset " + at + " has a redundant leading byte (not minimal)");
        }
        if (length == b.length) {
            return new Big(new BigInteger(b), null);
        }
        // The magnitude's leading bits: the first bytes are the value shifted right (rounding down) by the bits
        // of the rest, which for a negative one is the magnitude's shifted, plus one unless the rest is all zero.
        BigInteger head = new BigInteger(b);
        boolean rest = false;
        for (long i = b.length; i < length; i++) {
            rest |= in.u8() != 0;
        }
        BigInteger magnitude = head.signum() >= 0 ? head : head.negate().subtract(rest ? BigInteger.ONE : BigInteger.ZERO);
        long bits = magnitude.bitLength() + 8L * (length - b.length);
        String hex = magnitude.toString(16);
        return new Big(null, (head.signum() < 0 ? "-" : "") + "0x" + hex.substring(0, Math.min(32, hex.length()))
                + "... (" + bits + " bits, about " + (long) (bits * Math.log10(2)) + " decimal digits)");
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

    /** As java.time writes it: a year before 0 or after 9999 with its sign ({@code -0005-01-01}, {@code +10000-01-01}). */
    private static String show(LocalDate d) {
        return d.toString();
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

    // Ids 70..84, read as the library's UtilTypes and TimeTypes read them (FORMAT.md, ids 70..84).

    /** {@link #text}, quoted, only as much of it decoded as is shown ({@link Input#quotedStr}). */
    private String quotedText(String what) {
        long at = in.pos;
        return notNull(in.quotedStr(), what, at);
    }

    /** A {@code str} that must not be the null header, as the library's {@code UtilTypes.text}. */
    private String text(String what) {
        long at = in.pos;
        return notNull(in.str(), what, at);
    }

    private static String notNull(String s, String what, long at) {
        if (s == null) {
            throw new BlitException("null string header inside a " + what + " value at offset " + at);
        }
        return s;
    }

    /** {@code u8 form}: 0, a BCP 47 tag read with {@code Locale.Builder}; 1, the legacy triple. */
    private String locale() {
        long at = in.pos;
        int form = in.u8();
        if (form == 0) {
            String tag = text("Locale");
            valid("Locale language tag " + Names.quote(tag), at, () -> new Locale.Builder().setLanguageTag(tag).build());
            return Names.quote(tag);
        }
        if (form == 1) {
            String language = text("Locale");
            String country = text("Locale");
            String variant = text("Locale");
            return "language " + Names.quote(language) + ", country " + Names.quote(country) + ", variant "
                    + Names.quote(variant);
        }
        throw new BlitException("unknown Locale form " + form + " at offset " + at + " (0: language tag, 1: language,"
                + " country, variant)");
    }

    private static URI toUri(String s) {
        try {
            return new URI(s);
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /** The flags {@code Pattern} defines, by bit: {@code CANON_EQ} (bit 7) is refused before compiling. */
    private static final String[] FLAGS = {"UNIX_LINES", "CASE_INSENSITIVE", "COMMENTS", "MULTILINE", "LITERAL",
            "DOTALL", "UNICODE_CASE", "CANON_EQ", "UNICODE_CHARACTER_CLASS"};

    /** {@code str} regex, {@code uvar flags}: compiled as the library compiles it, so what it refuses is damage. */
    private String pattern() {
        long at = in.pos;
        String regex = text("Pattern");
        long flagsAt = in.pos;
        int flags = (int) in.uvar(32);
        if ((flags & Pattern.CANON_EQ) != 0) {
            throw new BlitException("Pattern flags at offset " + flagsAt + " include CANON_EQ, which Blit does not read"
                    + " (its compilation takes time factorial in the pattern's length)");
        }
        try {
            Pattern.compile(regex, flags);
        } catch (java.util.regex.PatternSyntaxException e) { // its message spans three lines: the pattern, a caret
            throw new BlitException("invalid Pattern at offset " + at + ": " + e.getDescription() + " near index "
                    + e.getIndex());
        } catch (IllegalArgumentException e) { // flags Pattern does not define
            throw new BlitException("invalid Pattern at offset " + at + ": " + e.getMessage());
        }
        StringBuilder sb = new StringBuilder(Names.quote(regex));
        if (flags != 0) {
            sb.append(" (");
            for (int bit = 0; bit < FLAGS.length; bit++) {
                if ((flags & 1 << bit) != 0) {
                    sb.append(sb.charAt(sb.length() - 1) == '(' ? "" : " | ").append(FLAGS[bit]);
                }
            }
            sb.append(')');
        }
        return sb.toString();
    }

    /**
     * {@code Year} ({@code svar}), {@code YearMonth} ({@code svar}, {@code u8}), {@code MonthDay} ({@code u8},
     * {@code u8}), {@code DayOfWeek} and {@code Month} ({@code u8}, 1-based): all bytes read, then validated.
     */
    private String calendarPart(int tag) {
        long at = in.pos;
        int first = tag == TypeIds.YEAR || tag == TypeIds.YEAR_MONTH ? (int) in.svar(32) : in.u8();
        int second = tag == TypeIds.YEAR_MONTH || tag == TypeIds.MONTH_DAY ? in.u8() : 0;
        return switch (tag) {
            case TypeIds.YEAR -> valid("Year", at, () -> Year.of(first)).toString();
            case TypeIds.YEAR_MONTH -> valid("YearMonth", at, () -> YearMonth.of(first, second)).toString();
            case TypeIds.MONTH_DAY -> valid("MonthDay", at, () -> MonthDay.of(first, second)).toString();
            case TypeIds.DAY_OF_WEEK -> valid("DayOfWeek", at, () -> DayOfWeek.of(first)).name();
            default -> valid("Month", at, () -> Month.of(first)).name();
        };
    }

    /** {@code arr} of {@code i64f}, never null, its last word non-zero; shown as {@code BitSet.toString} does. */
    private String bitSet() {
        long at = in.pos;
        long h = in.uvar(32) & 0xffffffffL;
        if (h == 0) {
            throw new BlitException("null array header inside an array value at offset " + at);
        }
        long words = h - 1;
        in.require(words * 8);
        StringBuilder sb = new StringBuilder("{");
        long set = 0;
        for (long w = 0; w < words; w++) {
            long word = in.i64();
            if (word == 0 && w == words - 1) {
                throw new BlitException("BitSet at offset " + at + " ends with a zero word (not the shortest encoding)");
            }
            for (long rest = word; rest != 0; rest &= rest - 1) {
                if (set++ < SHOWN_BITS) {
                    sb.append(set > 1 ? ", " : "").append(w * 64 + Long.numberOfTrailingZeros(rest));
                }
            }
        }
        return sb.append(set > SHOWN_BITS ? ", ...} (" + set + " bits set)" : "}").toString();
    }

    /** Set bits of a BitSet shown before "...". */
    private static final int SHOWN_BITS = 64;

    // Ids 91..97, read as the library reads them (FORMAT.md, ids 91..97).

    /**
     * A {@code str} zone ID, never null, that {@code TimeZone.getTimeZone} knows: for any other it quietly answers
     * GMT (or, for a custom {@code GMT+h} ID, another spelling), which the library rejects.
     */
    private TimeZone timeZone(String what) {
        long at = in.pos;
        String id = text(what);
        TimeZone zone = BuiltinTypes.timeZone(id); // as the library reads it (no Java 25 warning per value)
        if (!zone.getID().equals(id)) {
            throw new BlitException("unknown TimeZone id " + Names.quote(id) + " at offset " + at
                    + " (TimeZone.getTimeZone answers " + Names.quote(zone.getID()) + " for it)");
        }
        return zone;
    }

    /** {@code GregorianCalendar.getGregorianChange()} of a new calendar: October 15, 1582. */
    private static final long DEFAULT_GREGORIAN_CHANGE = -12219292800000L;
    /** {@code Calendar}'s day numbers, 1 (SUNDAY)..7, as its first day of the week is. */
    private static final String[] CALENDAR_DAYS = {"SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY",
            "SATURDAY"};

    /**
     * {@code svar} millis, zone ID (as 92), {@code bool lenient}, {@code u8} first day of the week and minimal days
     * in the first week (1..7 each), {@code svar} Gregorian change: built as the library builds it.
     */
    private String gregorianCalendar() {
        long at = in.pos;
        long millis = in.svar(64);
        TimeZone zone = timeZone("GregorianCalendar");
        boolean lenient = in.bool();
        int first = oneToSeven("first day of the week");
        int minimal = oneToSeven("minimal days in the first week");
        long change = in.svar(64);
        valid("GregorianCalendar", at, () -> {
            GregorianCalendar c = new GregorianCalendar(zone);
            c.setLenient(lenient);
            c.setFirstDayOfWeek(first);
            c.setMinimalDaysInFirstWeek(minimal);
            c.setGregorianChange(new Date(change));
            c.setTimeInMillis(millis);
            return c;
        });
        return Names.instantMillis(millis) + "[" + zone.getID() + "], " + (lenient ? "lenient" : "not lenient")
                + ", first day " + first + " (" + CALENDAR_DAYS[first - 1] + "), minimal days " + minimal
                + (change == DEFAULT_GREGORIAN_CHANGE ? "" : ", Gregorian change " + Names.instantMillis(change));
    }

    private int oneToSeven(String what) {
        long at = in.pos;
        int v = in.u8();
        if (v < 1 || v > 7) {
            throw new BlitException("GregorianCalendar " + what + " " + v + " at offset " + at + " is not in 1..7");
        }
        return v;
    }

    /** {@code str} canonical name, never null: a name the JDK does not support, or an alias, is refused. */
    private String charset() {
        long at = in.pos;
        String name = text("Charset");
        Charset c;
        try {
            c = Charset.forName(name);
        } catch (IllegalCharsetNameException e) {
            throw new BlitException("unsupported Charset " + Names.quote(name) + " at offset " + at
                    + " (not a legal charset name)");
        } catch (IllegalArgumentException e) { // UnsupportedCharsetException
            throw new BlitException("unsupported Charset " + Names.quote(name) + " at offset " + at
                    + " (this JDK does not support it)");
        }
        if (!c.name().equals(name)) {
            throw new BlitException("Charset name " + Names.quote(name) + " at offset " + at + " is an alias of "
                    + c.name() + ", not the canonical name Blit writes");
        }
        return name;
    }

    /**
     * {@code svar} whole seconds, {@code uvar} nanos 0..999999999: seconds whose milliseconds (seconds * 1000, the
     * library's {@code new Timestamp} argument) fit a {@code long}, or the one second below them that
     * {@code new Timestamp(Long.MIN_VALUE)} keeps (FORMAT.md, id 97).
     */
    private String timestamp() {
        long at = in.pos;
        long seconds = in.svar(64);
        int nano = nanos();
        BigInteger millis = BigInteger.valueOf(seconds).multiply(BigInteger.valueOf(1000));
        if (seconds > Long.MAX_VALUE / 1000 || seconds < Long.MIN_VALUE / 1000 - 1) {
            throw new BlitException("Timestamp seconds " + seconds + " and nanos " + nano + " at offset " + at
                    + " do not fit a long in milliseconds (" + millis + ")");
        }
        return Names.instant(seconds, nano);
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
