package dev.blit.cli;

import dev.blit.types.TypeIds;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/** Names of built-in ids and the text form of scalar values. */
final class Names {
    private Names() {
    }

    private static final Map<Integer, String> BUILTIN = new HashMap<>();
    /** The names of the extended ids (after id 99), by extended id. */
    private static final Map<Integer, String> EXTENDED = new HashMap<>();

    static {
        Map<String, String> nice = Map.ofEntries(
                Map.entry("NULL", "null"), Map.entry("REFERENCE", "back reference"),
                Map.entry("FALSE", "Boolean"), Map.entry("TRUE", "Boolean"),
                Map.entry("BYTE", "Byte"), Map.entry("SHORT", "Short"), Map.entry("CHAR", "Character"),
                Map.entry("INT", "Integer"), Map.entry("LONG", "Long"), Map.entry("FLOAT", "Float"),
                Map.entry("DOUBLE", "Double"), Map.entry("STRING", "String"),
                Map.entry("BOOLEAN_ARRAY", "boolean[]"), Map.entry("BYTE_ARRAY", "byte[]"),
                Map.entry("SHORT_ARRAY", "short[]"), Map.entry("CHAR_ARRAY", "char[]"),
                Map.entry("INT_ARRAY", "int[]"), Map.entry("LONG_ARRAY", "long[]"),
                Map.entry("FLOAT_ARRAY", "float[]"), Map.entry("DOUBLE_ARRAY", "double[]"),
                Map.entry("OBJECT_ARRAY", "Object[]"), Map.entry("TYPED_ARRAY", "typed array"),
                Map.entry("UUID", "UUID"), Map.entry("IMMUTABLE_LIST", "List.of"),
                Map.entry("IMMUTABLE_SET", "Set.of"), Map.entry("IMMUTABLE_MAP", "Map.of"),
                Map.entry("ARRAYS_AS_LIST", "Arrays.asList"), Map.entry("DATE", "Date"),
                Map.entry("REVERSE_ORDER", "Collections.reverseOrder()"), Map.entry("URI", "URI"),
                Map.entry("SQL_DATE", "java.sql.Date"), Map.entry("SQL_TIME", "java.sql.Time"),
                Map.entry("SQL_TIMESTAMP", "java.sql.Timestamp"), Map.entry("EXTENDED", "extended built-in"));
        // Extended ids are named as the JDK creates their values, where the class alone would not say it.
        // A class written by name (43) is named by its class reference: this stands until that is read.
        Map<String, String> niceExtended = Map.ofEntries(Map.entry("SERIALIZABLE_LAMBDA", "lambda"),
                Map.entry("SIMPLE_ENTRY", "AbstractMap.SimpleEntry"),
                Map.entry("SIMPLE_IMMUTABLE_ENTRY", "AbstractMap.SimpleImmutableEntry"), Map.entry("MAP_ENTRY", "Map.entry"),
                Map.entry("SUB_LIST", "subList"), Map.entry("CONCURRENT_KEY_SET", "ConcurrentHashMap.newKeySet"),
                Map.entry("N_COPIES", "Collections.nCopies"), Map.entry("NATURAL_ORDER", "Comparator.naturalOrder()"),
                Map.entry("CASE_INSENSITIVE_ORDER", "String.CASE_INSENSITIVE_ORDER"), Map.entry("URL", "URL"),
                Map.entry("NAMED_CLASS", "class written by name"),
                Map.entry("REVERSED_COMPARATOR", "Collections.reverseOrder(cmp)"));
        // The names come from TypeIds itself, so a new built-in shows up here without a change; but for its
        // bounds, which name no type (EXT_LAST is another name for the last extended id, not a type "Last").
        for (Field f : TypeIds.class.getFields()) {
            if (f.getType() != int.class || !Modifier.isStatic(f.getModifiers()) || f.getName().equals("FIRST_USER_ID")
                    || f.getName().equals("EXT_LAST")) {
                continue;
            }
            try {
                if (f.getName().startsWith("EXT_")) { // extended ids are a space of their own, after id 99
                    String constant = f.getName().substring(4);
                    EXTENDED.put(f.getInt(null), niceExtended.getOrDefault(constant, collections(camel(constant))));
                    continue;
                }
                BUILTIN.put(f.getInt(null), collections(nice.getOrDefault(f.getName(), camel(f.getName()))));
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
    }

    /** "Collections.emptyList" for "EmptyList": the values only {@code Collections}' factories make. */
    private static String collections(String n) {
        if (n.startsWith("Empty") || n.startsWith("Singleton") || n.startsWith("Unmodifiable")
                || n.startsWith("Synchronized")) {
            return "Collections." + Character.toLowerCase(n.charAt(0)) + n.substring(1);
        }
        return n;
    }

    private static String camel(String constant) {
        StringBuilder sb = new StringBuilder();
        for (String part : constant.split("_")) {
            sb.append(part.charAt(0)).append(part.substring(1).toLowerCase());
        }
        return sb.toString();
    }

    /** Whether {@code id} below 100 names a type, as a type descriptor must: not null, a reference, a run or a gap. */
    static boolean isType(int id) {
        return id > TypeIds.REFERENCE && id != TypeIds.RUN && id != TypeIds.EXTENDED && BUILTIN.containsKey(id);
    }

    static String builtin(int id) {
        String n = BUILTIN.get(id);
        return n != null ? n : "id " + id;
    }

    /** @return the name of extended id {@code ext} (after id 99), or null for an id Blit does not assign */
    static String extended(long ext) {
        return ext >= 0 && ext <= Integer.MAX_VALUE ? EXTENDED.get((int) ext) : null;
    }

    /** Compatible-mode type codes 1..9. */
    static String code(int code) {
        return switch (code) {
            case 1 -> "boolean";
            case 2 -> "byte";
            case 3 -> "short";
            case 4 -> "char";
            case 5 -> "int";
            case 6 -> "long";
            case 7 -> "float";
            case 8 -> "double";
            case 10 -> "String";
            default -> "reference";
        };
    }

    /** The chars of a string shown: a longer one is cut there, with its length. */
    static final int SHOWN_CHARS = 1000;

    static String quote(String s) {
        return s == null ? "null" : quote(s, s.length());
    }

    /**
     * @param s      a string, or its first {@link #SHOWN_CHARS} chars (or more)
     * @param length the whole string's length
     */
    static String quote(String s, long length) {
        StringBuilder sb = new StringBuilder(Math.min(s.length(), SHOWN_CHARS) + 2).append('"');
        int n = Math.min(s.length(), SHOWN_CHARS);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                case '\r' -> sb.append("\\r");
                default -> {
                    if (unprintable(c) || Character.isSurrogate(c)) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
        if (length > n) {
            sb.append("... (").append(length).append(" chars)");
        }
        return sb.toString();
    }

    /**
     * Whether {@code c} would act rather than show on a terminal or in a viewer: a control character (C0, DEL,
     * C1: escape sequences, line breaks), a line or paragraph separator, or a bidirectional override or isolate
     * (text shown in another order than it is).
     */
    static boolean unprintable(char c) {
        return c < 0x20 || c >= 0x7f && c < 0xa0 || c == 0x2028 || c == 0x2029 || c >= 0x202a && c <= 0x202e
                || c >= 0x2066 && c <= 0x2069;
    }

    /**
     * A line of the text or hex view, its {@link #unprintable} characters escaped as Java escapes them (ESC as a
     * backslash and u001b): text from the input (a field table's names, a host name, a class name) must not make
     * lines or terminal escapes of its own.
     */
    static String printable(CharSequence line) {
        int i = 0;
        while (i < line.length() && !unprintable(line.charAt(i))) {
            i++;
        }
        if (i == line.length()) {
            return line.toString();
        }
        StringBuilder sb = new StringBuilder(line.length() + 16).append(line, 0, i);
        for (; i < line.length(); i++) {
            char c = line.charAt(i);
            if (unprintable(c)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    static String f32(int bits) {
        float f = Float.intBitsToFloat(bits);
        return Float.isNaN(f) && bits != Float.floatToRawIntBits(Float.NaN)
                ? "NaN (bits 0x" + Integer.toHexString(bits) + ")" : Float.toString(f);
    }

    static String f64(long bits) {
        double d = Double.longBitsToDouble(bits);
        return Double.isNaN(d) && bits != Double.doubleToRawLongBits(Double.NaN)
                ? "NaN (bits 0x" + Long.toHexString(bits) + ")" : Double.toString(d);
    }

    static String offset(long seconds) {
        if (seconds == 0) {
            return "Z";
        }
        long a = Math.abs(seconds);
        String s = String.format("%s%02d:%02d", seconds < 0 ? "-" : "+", a / 3600, a / 60 % 60);
        return a % 60 == 0 ? s : s + String.format(":%02d", a % 60);
    }

    static String instant(long seconds, long nano) {
        try {
            return Instant.ofEpochSecond(seconds, nano).toString();
        } catch (RuntimeException e) {
            return seconds + " s " + nano + " ns since the epoch (out of Instant's range)";
        }
    }

    static String instantMillis(long millis) {
        return Instant.ofEpochMilli(millis).toString();
    }
}
