package dev.blit.cli;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.types.TypeIds;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.sql.Time;
import java.sql.Timestamp;
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
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Calendar;
import java.util.Collections;
import java.util.Comparator;
import java.util.Currency;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Hashtable;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.Set;
import java.util.Stack;
import java.util.TimeZone;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code blit dump} calls damage what the library would refuse, and nothing else: on thousands of damaged
 * copies of a payload of built-in types, the dump exits 0 exactly when {@code Blit.read} reads every value.
 * The dump works without the classes, so where only the values themselves can tell, it is silent, and this
 * test leaves those out, each named below: user type ids (the one class given, the payload's lambdas' capturing
 * class, has no fields; whether a lambda is one its class defines, only the class tells), keys a sorted map or set
 * cannot compare, elements a {@code PriorityQueue}, {@code PriorityBlockingQueue} or
 * {@code ConcurrentSkipListSet}/{@code Map} cannot compare, duplicates in {@code Set.of}/{@code Map.of}, and
 * elements of arrays whose component has subclasses (collections, {@code BigInteger}, {@code BigDecimal},
 * {@code BitSet}, the atomics). The refusals of ids 70..90 and 91..97 that the random damage may miss are each
 * tried once in {@link #eachRefusalOfIds70To90IsTheLibrarys} and {@link #eachRefusalOfIds91To97IsTheLibrarys},
 * and those of extended ids 5..25 and 26..36 in {@link #eachRefusalOfExtendedIds5To25IsTheLibrarys} and
 * {@link DumpAgreesOnExtendedIds26To36Test}. Registered exceptions are damaged apart, in
 * {@link #theDumpRefusesExactlyWhatTheLibraryRefusesInExceptions}, and each of their refusals tried once in
 * {@link #eachRefusalOfAnExceptionIsTheLibrarys}. What the registered classes tell the dump (whether a value of
 * one is a comparator, what an array of one holds), which the damage seldom reaches, is tried in
 * {@link #aRegisteredClassTellsWhatItsArraysHoldAndWhetherItIsAComparator}. Classes written by name (id 99, extended
 * id 43), with the dump given the test classes, are damaged apart and their refusals tried once in
 * {@link DumpAgreesOnNamedClassesTest}. The payload holds no collection that contains itself
 * where damage could make it a set element or map key (the library refuses to hash one; the dump does not hash).
 */
class DumpAgreesWithLibraryTest {
    static final Pattern ONLY_THE_CLASSES_TELL = Pattern.compile(
            "not a built-in type, not registered|not a built-in or registered type|unknown type id \\d{3,} "
                    + "|Class value at offset \\d+ names id \\d{3,}, which this Blit instance does not know"
                    + "|duplicate (element|key)"
                    // Whether the elements or keys of a sorted collection (TreeMap, TreeSet, PriorityQueue,
                    // ConcurrentSkipList{Set,Map}, PriorityBlockingQueue) compare (with natural ordering or
                    // reverseOrder) depends on their classes' compareTo; the dump does not compare. Only
                    // ClassCastException: a null, which these refuse whatever the classes, is the dump's to refuse
                    // (and a NullPointerException here is a disagreement to see).
                    + "|cannot go into a java\\.util\\.(TreeMap|TreeSet|PriorityQueue|concurrent\\.ConcurrentSkipList(Set|Map)"
                    + "|concurrent\\.PriorityBlockingQueue):"
                    + " java\\.lang\\.ClassCastException"
                    // Date, GregorianCalendar (and TimeZone, Charset, the java.sql types, not in java.util): no
                    // other built-in id is a subclass, so the dump knows which elements fit
                    + "|element \\d+ of a (java\\.util\\.(?!Date\\[|GregorianCalendar\\[)|java\\.math\\.)"
                    // A lambda: whether its capturing class (a user id) is registered, and defines a lambda so
                    // described with captured values of those types, only the classes tell.
                    + "|capturing class id \\d{3,} at offset \\d+ is not a class registered"
                    + "|lambda at offset \\d+ is not one |has no serializable lambdas");

    /** The capturing class of the payload's lambdas. */
    static final class Lambdas {
        private Lambdas() {
        }

        static java.util.function.Function<Integer, Integer> adder(int k) {
            return (java.util.function.Function<Integer, Integer> & java.io.Serializable) x -> x + k;
        }

        static java.util.function.Function<String, Integer> parse() {
            return (java.util.function.Function<String, Integer> & java.io.Serializable) Integer::parseInt;
        }

        /** A lambda that is a Comparator, for a sorted collection's comparator. */
        static Comparator<Integer> descending() {
            return (Comparator<Integer> & java.io.Serializable) (a, b) -> Integer.compare(b, a);
        }
    }

    /** A registered enum of two constants, for EnumSets and EnumMaps of a user's enum. */
    enum Side { BUY, SELL }

    /**
     * A user exception with fields of its own (FORMAT.md, "Throwables"), rebuilt through the constructor that
     * takes them, whose message it makes from them.
     */
    static final class OrderRejected extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final String orderId;
        final int code;

        OrderRejected(String orderId, int code) {
            super("order " + orderId + " rejected: " + code);
            this.orderId = orderId;
            this.code = code;
        }
    }

    /** A list of the user's with fields of its own (FORMAT.md, "Collections and maps the user extends"). */
    static final class Tags extends java.util.ArrayList<Object> {
        private static final long serialVersionUID = 1L;
        String owner;
        Object note;
    }

    /** A sorted map whose constructor chooses its comparator (reverse order: no null keys). */
    static final class Ranking extends java.util.TreeMap<String, Integer> {
        private static final long serialVersionUID = 1L;
        long round;

        Ranking() {
            super(Comparator.reverseOrder());
        }
    }

    /** @return a list of the user's holding a map of the user's, a string, a nested list, itself, and noting itself */
    static Tags containers() {
        Tags tags = new Tags();
        tags.owner = "ops";
        Ranking r = new Ranking();
        r.round = 12;
        r.put("a", 1);
        r.put("b", 2);
        Tags inner = new Tags();
        inner.add(3L);
        tags.add(r);
        tags.add("x");
        tags.add(inner);
        tags.add(tags);
        tags.note = tags;
        return tags;
    }

    static final String CONTAINING = Tags.class.getName() + "=103," + Ranking.class.getName() + "=104";

    static Blit containing(boolean compatible) {
        return Blit.builder().compatible(compatible).references(true).register(Tags.class, 103)
                .register(Ranking.class, 104).build();
    }

    /**
     * Whether an element fits the user's collection: only its own add/put tells (Ranking's comparator, which its
     * constructor chose, refuses null keys and keys that are no Strings).
     */
    private static final Pattern ONLY_THE_CONTAINER_TELLS = Pattern.compile(
            "cannot go into a \\S+\\$(Tags|Ranking)");

    /**
     * Classes of the user's that extend a JDK collection or map, in both modes: on damaged copies the dump exits 0
     * exactly when the library reads the bytes, but for what only the classes tell.
     */
    @Test
    void theDumpRefusesExactlyWhatTheLibraryRefusesInContainersOfTheUsers() {
        for (boolean compatible : new boolean[] {false, true}) {
            Blit b = containing(compatible);
            String mode = compatible ? "--compatible" : "--schema";
            byte[] seed = b.toBytes(containers());
            assertEquals("ok", library(b, seed));
            assertEquals(0, dump(mode, CONTAINING, seed), () -> dumpOutput(mode, CONTAINING, seed));
            assertEquals(dumpOutput(mode, CONTAINING, seed), dumpOutput("--auto", CONTAINING, seed));
            compareDamaged(b, mode, CONTAINING, seed, compatible ? 20261130 : 20261131, ONLY_THE_CLASSES_TELL,
                    ONLY_THE_CONTAINER_TELLS, ONLY_THE_READERS_FIELDS_TELL);
        }
    }

    /** Compact arrays, so the damaged payloads hit both forms of int[] and long[] (the sample has both). */
    private final Blit blit = Blit.builder().references(true).compactArrays(true).register(Lambdas.class, 100).build();
    private static final String REGISTER = Lambdas.class.getName() + "=100";
    /** Exceptions: a JDK one registered by id, and a user's with fields of its own. */
    private final Blit throwing = Blit.builder().references(true).register(Lambdas.class, 100)
            .register(IllegalStateException.class, 101).register(OrderRejected.class, 102).build();
    private static final String THROWING = REGISTER + "," + IllegalStateException.class.getName() + "=101,"
            + OrderRejected.class.getName() + "=102";
    /**
     * What only the exception's class tells when it is rebuilt (FORMAT.md, "Throwables", Reading): whether its
     * constructor makes the message the bytes hold (OrderRejected makes it from its fields, so damage to either
     * is refused), the type of its constructor's cause parameter.
     */
    static final Pattern ONLY_THE_REBUILT_EXCEPTION_TELLS = Pattern.compile(
            "the constructor of \\S+ rebuilt it with |which its constructor, taking a \\S+, cannot be given");

    /** The same exceptions, written in compatible mode: each class's own fields' table once per message. */
    private final Blit compatibleThrowing = Blit.builder().compatible(true).references(true).register(Lambdas.class, 100)
            .register(IllegalStateException.class, 101).register(OrderRejected.class, 102).build();
    /**
     * What only the reader's class tells in compatible mode (FORMAT.md, "Compatible mode", Reading): whether a
     * field the writer's table names fits the reader's field of that name, and whether the table shares any name
     * with the reader's class at all.
     */
    static final Pattern ONLY_THE_READERS_FIELDS_TELL = Pattern.compile(
            "field \\S+ is a \\S+ but the (writer's field table|value) at offset|, no field of the same name; ");

    @Test
    void theDumpRefusesExactlyWhatTheLibraryRefuses() {
        byte[] seed = blit.toBytes(sample());
        assertEquals("ok", library(seed));
        assertEquals(0, dump(seed));
        Random random = new Random(20261127);
        int compared = 0;
        int refused = 0;
        for (int k = 0; k < 6000; k++) {
            byte[] b = damaged(seed, random);
            String lib = library(b);
            if (ONLY_THE_CLASSES_TELL.matcher(lib).find()) {
                continue;
            }
            compared++;
            int code = dump(b);
            if (lib.equals("ok")) {
                assertEquals(0, code, () -> "the library reads it, the dump calls it damaged: " + HEX.formatHex(b));
            } else {
                refused++;
                assertEquals(1, code, () -> "the library refuses it (" + lib + "), the dump does not: " + HEX.formatHex(b));
            }
        }
        assertTrue(compared > 4000 && refused > 1000, compared + " compared, " + refused + " refused");
    }

    /**
     * Registered exceptions (FORMAT.md, "Throwables"): a user's with fields of its own, caused by a JDK one,
     * suppressing another and the cause again (a back reference); a JDK one with no message, frames or
     * suppressed exceptions. On damaged copies the dump exits 0 exactly when the library reads every value,
     * but for what only the rebuilt exception tells ({@link #ONLY_THE_REBUILT_EXCEPTION_TELLS}) and the user ids
     * the damage makes up.
     */
    @Test
    void theDumpRefusesExactlyWhatTheLibraryRefusesInExceptions() {
        byte[] seed = throwing.toBytes(exceptions());
        assertEquals("ok", library(throwing, seed));
        assertEquals(0, dump(THROWING, seed), () -> dumpOutput(THROWING, seed));
        compareDamaged(throwing, "--schema", seed, 20261128, ONLY_THE_CLASSES_TELL, ONLY_THE_REBUILT_EXCEPTION_TELLS);
    }

    /**
     * 4,000 random damages of {@code seed}: the dump (in {@code mode}) exits 0 exactly when {@code blit} reads the
     * bytes, but for refusals matching one of {@code onlyTheLibrary}, which only the classes' code can make.
     */
    private static void compareDamaged(Blit blit, String mode, byte[] seed, long randomSeed, Pattern... onlyTheLibrary) {
        compareDamaged(blit, mode, THROWING, seed, randomSeed, onlyTheLibrary);
    }

    /** As above, the dump given {@code register}. */
    private static void compareDamaged(Blit blit, String mode, String register, byte[] seed, long randomSeed,
                                       Pattern... onlyTheLibrary) {
        compareDamaged(blit, args(mode, register), seed, randomSeed, onlyTheLibrary);
    }

    /** As above, the dump run with {@code args} (ending with "-"). */
    static void compareDamaged(Blit blit, String[] args, byte[] seed, long randomSeed, Pattern... onlyTheLibrary) {
        compareDamaged(blit, args, seed, randomSeed, 4000, 3000, onlyTheLibrary);
    }

    /**
     * As above, on {@code damages} damaged copies, of which more than {@code least} must be compared (not left to
     * the library alone), and half as many refused.
     */
    static void compareDamaged(Blit blit, String[] args, byte[] seed, long randomSeed, int damages, int least,
                               Pattern... onlyTheLibrary) {
        Random random = new Random(randomSeed);
        int compared = 0;
        int refused = 0;
        damages:
        for (int k = 0; k < damages; k++) {
            byte[] b = damaged(seed, random);
            String lib = library(blit, b);
            for (Pattern p : onlyTheLibrary) {
                if (p.matcher(lib).find()) {
                    continue damages;
                }
            }
            compared++;
            int code = dump(args, b);
            if (lib.equals("ok")) {
                assertEquals(0, code, () -> "the library reads it, the dump calls it damaged: " + HEX.formatHex(b)
                        + "\n" + dumpOutput(args, b));
            } else {
                refused++;
                assertEquals(1, code, () -> "the library refuses it (" + lib + "), the dump does not: " + HEX.formatHex(b)
                        + "\n" + dumpOutput(args, b));
            }
        }
        assertTrue(compared > least && refused > least / 2, compared + " compared, " + refused + " refused");
    }

    /**
     * As {@link #theDumpRefusesExactlyWhatTheLibraryRefusesInExceptions}, in compatible mode (FORMAT.md,
     * "Throwables", Compatible mode): the field tables of the exceptions' own fields are damaged too, and the dump
     * reads with {@code --compatible}. Left out besides: what only the reader's fields tell
     * ({@link #ONLY_THE_READERS_FIELDS_TELL}). Guessing the mode, the dump reads the undamaged payload alike.
     */
    @Test
    void theDumpRefusesExactlyWhatTheLibraryRefusesInCompatibleExceptions() {
        byte[] seed = compatibleThrowing.toBytes(exceptions());
        assertEquals("ok", library(compatibleThrowing, seed));
        assertEquals(0, dump("--compatible", THROWING, seed), () -> dumpOutput("--compatible", THROWING, seed));
        assertEquals(dumpOutput("--compatible", THROWING, seed), dumpOutput("--auto", THROWING, seed));
        compareDamaged(compatibleThrowing, "--compatible", seed, 20261129, ONLY_THE_CLASSES_TELL,
                ONLY_THE_REBUILT_EXCEPTION_TELLS, ONLY_THE_READERS_FIELDS_TELL);
    }

    /**
     * Compatible mode's exceptions by hand (101 an {@code IllegalStateException}, 102 an {@link OrderRejected}):
     * malformed field tables, refused by both (the dump in its words for a plain class's table), a table missing
     * at a first occurrence, a marker missing, misplaced or of another kind; and what both read: a table {@code 03 01
     * 01 0b} (the exception marker alone), a later occurrence without one, a writer
     * whose OrderRejected had other fields (one the reader lacks is dropped, {@code orderId} it lacked is null,
     * so its constructor makes "order null rejected: -4").
     */
    @Test
    void eachRefusalOfACompatibleExceptionsTableIsTheLibrarys() {
        bothRefuse("--compatible", compatibleThrowing, THROWING, new String[][] {
                {"65 05 01 03 78 05 00 00 00 00 00", "field table at offset 1 declares 5 bytes but its 1 fields take 5"},
                {"65 04 01 03 78 0b 00 00 00 00 00", "type code 11 of field x at offset 5 is not 1..10"},
                {"65 04 01 03 78 00 00 00 00 00 00", "type code 0 of field x at offset 5 is not 1..10"},
                {"65 03 01 00 05 00 00 00 00 00", "null field name in the field table at offset 3"},
                {"65 07 02 03 78 05 03 78 05 00 00 00 00 02 02", "field x named twice in the field table at offset 6"},
                {"65 7f 00", "field table length 127 at offset 1 runs past the input"},
                {"65 81 80 40 00", "field table length 1048577 at offset 1"},
                {"65 01 05 00 00 00 00", "field count 5 at offset 2"},
                {"65 00 00 00 00", "truncated"}, // no table: 00 is its length, then no count
                {"65 03 01 01 0b 00 00 00", "truncated"}, // no suppressed count
                {"66 12 03 01 0b 09 63 6f 64 65 05 0f 6f 72 64 65 72 49 64 0a 00 00 00 00 02", "truncated"}, // orderId cut
                // the marker: missing, where a plain class's table would have none; elsewhere than first; another one
                {"65 01 00 00 00 00 00", "has no marker where its class's has the exception marker"},
                {"66 12 03 09 63 6f 64 65 05 01 0b 0f 6f 72 64 65 72 49 64 0a 00 00 00 00 02 00", "exception marker at offset 9 is entry 1"},
                {"65 03 01 01 0c 00 00 00 00", "has the elements marker where its class's has the exception marker"},
                {"65 05 02 01 0b 01 0d 00 00 00 00", "entries marker at offset 5 is entry 1 of the field table"},
        });
        String rejected = HEX.formatHex(compatibleThrowing.toBytes(bare(new OrderRejected("A-1", 3))));
        bothRead(compatibleThrowing, THROWING, "--compatible", new String[] {
                "65 03 01 01 0b 00 00 00 00",
                "65 03 01 01 0b 07 62 61 64 00 00 00", // FORMAT.md's example, with its table
                "24 02 65 03 01 01 0b 00 00 00 00 65 00 00 00 00", // the second without a table
                // no table at the second: its 01 00 is an empty message and a null cause, and the last 00 a value
                "24 02 65 03 01 01 0b 00 00 00 00 65 01 00 00 00 00 00",
                "65 03 01 01 0b 00 65 00 00 00 00 00 00", // its cause, of its class: no table
                rejected,
                // OrderRejected by a writer with "code" and a long "attempt": code -4, attempt 64, orderId null
                "66 12 03 01 0b 09 63 6f 64 65 05 0f 61 74 74 65 6d 70 74 06 2f 6f 72 64 65 72 20 6e 75 6c 6c 20 72 65 6a 65 63"
                        + " 74 65 64 3a 20 2d 34 00 00 00 07 80 01",
                HEX.formatHex(compatibleThrowing.toBytes(exceptions())),
                "24 02 45 65 03 01 01 0b 00 00 00 00 00 00 00 00", // a run of exceptions: the first one's content has the table
                HEX.formatHex(compatibleThrowing.toBytes(new ArrayList<>(List.of(bare(new IllegalStateException("a")),
                        bare(new IllegalStateException("b")))))),
        });
    }

    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");
    /** Id 99 and the first extended id Blit does not assign, cut there. */
    static final String NEXT_EXTENDED = String.format("63 %02x", TypeIds.EXT_LAST + 1);

    /**
     * Ids 70..90, each refusal the library makes once, by hand (hex: tag, content): the dump refuses it too and
     * says why; and values at the edges that both read.
     */
    @Test
    void eachRefusalOfIds70To90IsTheLibrarys() {
        String[][] refused = {
                {"46 00 07 78 5f 79", "invalid Locale language tag \"x_y\""}, // "x_y": ill-formed
                {"46 00 01", "invalid Locale language tag \"\""},
                {"46 02", "unknown Locale form 2"},
                {"46 00 00", "null string header inside a Locale value at offset 2"},
                {"46 01 05 6a 61 05 4a 50 00", "null string header inside a Locale value at offset 8"},
                {"47 07 61 20 62", "invalid URI at offset 1"}, // "a b"
                {"47 00", "null string header inside a URI value"},
                {"48 07 51 51 51", "unknown currency code \"QQQ\" at offset 1"},
                {"48 00", "null string header inside a Currency value"},
                {"49 03 28 00", "invalid Pattern at offset 1: Unclosed group"}, // "("
                {"49 03 61 80 04", "invalid Pattern at offset 1: Unknown flag 0x200"},
                {"49 03 61 80 01", "Pattern flags at offset 3 include CANON_EQ"},
                {"49 00 00", "null string header inside a Pattern value"},
                {"4a 80 a8 d6 b9 07", "invalid Year at offset 1"}, // 1 000 000 000
                {"4b 02 0d", "invalid YearMonth at offset 1"}, // 1-13
                {"4c 02 1e", "invalid MonthDay at offset 1"}, // --02-30
                {"4d 00", "invalid DayOfWeek at offset 1"},
                {"4d 08", "invalid DayOfWeek at offset 1"},
                {"4e 0d", "invalid Month at offset 1"},
                {"4f 02 00 00 00 00 00 00 00 00", "BitSet at offset 1 ends with a zero word"},
                {"4f 03 01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00", "BitSet at offset 1 ends with a zero word"},
                {"4f 00", "null array header inside an array value at offset 1"},
                {"50 00", "null string header inside a StringBuilder value"},
                {"51 00", "null string header inside a StringBuffer value"},
                {"54 02", "bool byte 2 at offset 1"},
                {"57 00 01 00", "a PriorityQueue cannot hold null"},
                // a TreeMap or TreeSet in natural or reverse order has no null key or element; a null value is fine
                {"29 00 01 00 07 02", "a TreeMap cannot hold null, found at offset 3"},
                {"2a 01 44 01 00", "a TreeSet cannot hold null, found at offset 4"},
                {"57 01 00 00", "expected a Comparator at offset 2"},
                {"58 00 02 07 02 00", "a ConcurrentSkipListSet cannot hold null, found at offset 5"},
                {"59 00 01 00 07 02", "a ConcurrentSkipListMap cannot hold null"}, // key
                {"59 00 01 07 02 00", "a ConcurrentSkipListMap cannot hold null"}, // value
                // List.of-style values and singletons exist only once their elements are read
                {"30 01 01 00", "back reference at offset 2 to object #0, a List.of that exists only once"},
                {"31 02 07 02 01 00", "back reference at offset 4 to object #0, a Set.of that exists only once"},
                {"32 01 07 02 01 00", "back reference at offset 4 to object #0, a Map.of that exists only once"},
                {"36 24 01 01 00", "back reference at offset 3 to object #0, a Collections.singletonList"},
                {"37 01 00", "back reference at offset 1 to object #0, a Collections.singleton"},
                {"38 07 02 01 00", "back reference at offset 3 to object #0, a Collections.singletonMap"},
                {"5a 01 00 07 02", "a Hashtable cannot hold null"},
                {"5a 01 07 02 00", "a Hashtable cannot hold null"},
                // Year[] holding a Month; StringBuilder[] holding a back reference to a BitSet
                {"15 4a 01 4e 05", "element 0 of a Year[] is a Month"},
                {"24 02 4f 01 15 50 01 01 01", "element 0 of a StringBuilder[] is a BitSet"},
                // an array typed 33 is a ZoneRegion[] (FORMAT.md: offsets are always 34), which a ZoneOffset is not
                {"15 21 01 22 00", "element 0 of a ZoneId[] is a ZoneOffset"},
                // arrays of arrays hold arrays: Object[][] {Boolean}, Year[][] {a back reference to a BitSet}
                {"15 14 01 03", "element 0 of a Object[][] is a Boolean"},
                // ... and of references: an int[] is no Object[]; a String[][] holds no Object[] either
                {"15 14 01 10 01", "element 0 of a Object[][] is a int[]"},
                {"15 15 0b 01 10 01", "element 0 of a String[][] is a int[]"},
                {"15 15 0b 01 14 00", "element 0 of a String[][] is a Object[]"},
                {"24 02 4f 01 15 15 4a 01 01 01", "element 0 of a Year[][] is a BitSet"},
                // EnumSet/EnumMap of the built-in enums: ordinals past their constants, keys out of order, a non-enum
                {"2e 4d 01 80", "EnumSet bit 7 at offset 3 is not a constant of java.time.DayOfWeek"},
                {"2e 4e 02 00 10", "EnumSet bit 12 at offset 4 is not a constant of java.time.Month"},
                {"2f 4e 01 0c 07 02", "EnumMap key ordinal 12 at offset 3 is not a constant of java.time.Month"},
                {"2f 4d 02 03 07 02 03 07 04", "EnumMap key ordinal 3 at offset 6 is not above the previous key's"},
                // more entries than constants, refused before the first: here a user id the dump cannot read
                {"2f 4e 0d 00 87 0a" + " 00".repeat(23), "EnumMap of 13 entries at offset 2 but Month has only 12 constants"},
                {"2e 4c 01 01", "EnumSet type at offset 1 is MonthDay, not an enum"},
                {"15 45 00", "unknown type id 69 at offset 1"}, // a run is no type
                {"15 63 00 00", "unknown type id 99, extended id 0, at offset 1"}, // a lambda's class is no array component
        };
        bothRefuse(refused);
        String[] read = {
                "46 01 01 01 01", // new Locale("", "", "")
                "4a fd a7 d6 b9 07", "4a fe a7 d6 b9 07", // Year -999 999 999 and 999 999 999
                "4c 02 1d", "4d 07", "4e 01", "4f 01", // --02-29, SUNDAY, JANUARY, {}
                "49 03 61 ff 02", // every flag but CANON_EQ (0x17f)
                "55 01 00", "56 01 00", // a Vector and a CopyOnWriteArrayList may hold null
                "57 01 44 00", "59 01 44 01 07 02 07 04", // reverseOrder()
                "15 4a 02 4a 02 00", // Year[] {1, null}
                "24 02 50 03 61 15 50 01 01 01", // a StringBuilder, and a StringBuilder[] holding it again
                "15 15 50 01 15 50 00", // StringBuilder[][] holding an empty StringBuilder[]
                "15 21 01 21 07 55 54 43", // ZoneId.of("UTC") in an array typed 33
                "15 14 02 14 00 15 0b 00", // Object[][] {Object[0], String[0]}
                "29 00 01 07 02 00", // a TreeMap's value may be null
                "24 01 01 00", "14 01 01 00", "3c 01 01 00", "55 01 01 00", // these hold themselves
                "30 02 36 24 00 01 01", // once read, a List.of and what is in it may be pointed at
        };
        bothRead(read);
    }

    /**
     * Ids 91..97, each refusal FORMAT.md names once, by hand (hex: tag, content): the library refuses it, the
     * dump refuses it too and says why; and values at the edges that both read.
     */
    @Test
    void eachRefusalOfIds91To97IsTheLibrarys() {
        String[][] refused = {
                // OffsetTime: a LocalTime (as 27) and a ZoneOffset (as 34) their factories accept
                {"5b 18 00 00 00 00", "invalid LocalTime at offset 1"}, // 24:00
                {"5b 00 3c 00 00 00", "invalid LocalTime at offset 1"}, // minute 60
                {"5b 00 00 00 80 94 eb dc 03 00", "invalid LocalTime at offset 1"}, // a billion nanos
                {"5b 00 00 00 00 c2 f4 07", "invalid ZoneOffset at offset 5"}, // +18:00:01
                {"5b 00 00 00 00 c1 f4 07", "invalid ZoneOffset at offset 5"}, // -18:00:01
                // OffsetTime is final: an OffsetTime[] holds OffsetTimes only
                {"15 5b 01 5c 07 55 54 43", "element 0 of a OffsetTime[] is a TimeZone"},
                // the others are not final, but no other built-in id is a subclass: their arrays hold them (or user ids)
                {"15 5c 01 07 02", "element 0 of a TimeZone[] is a Integer"},
                {"15 5d 01 5c 07 55 54 43", "element 0 of a GregorianCalendar[] is a TimeZone"},
                {"15 5e 01 0b 03 61", "element 0 of a Charset[] is a String"},
                {"15 5f 01 60 00", "element 0 of a java.sql.Date[] is a java.sql.Time"},
                {"15 61 01 40 00", "element 0 of a java.sql.Timestamp[] is a Date"},
                {"15 40 01 5d 00 07 55 54 43 01 01 01 00", "element 0 of a Date[] is a GregorianCalendar"},
                {"15 60 02 45 5f 00 00", "a run of java.sql.Date at offset 4 in a java.sql.Time[]"},
                {"24 02 40 00 15 5f 01 01 01", "element 0 of a java.sql.Date[] is a Date"}, // a back reference
                // TimeZone: an ID TimeZone.getTimeZone gives back as it is, never null
                {"5c 00", "null string header inside a TimeZone value at offset 1"},
                {"5c 07 58 59 5a", "unknown TimeZone id \"XYZ\" at offset 1"}, // the JDK would answer GMT
                {"5c 01", "unknown TimeZone id \"\" at offset 1"},
                {"5c 07 75 74 63", "unknown TimeZone id \"utc\" at offset 1"}, // IDs are case-sensitive
                {"5c 0b 47 4d 54 2b 31", "unknown TimeZone id \"GMT+1\" at offset 1"}, // the JDK answers GMT+01:00
                // GregorianCalendar: millis, zone ID (as 92), bool lenient, first day and minimal days 1..7, change
                {"5d 00 00", "null string header inside a GregorianCalendar value at offset 2"},
                {"5d 00 07 58 59 5a 01 01 01 00", "unknown TimeZone id \"XYZ\" at offset 2"},
                {"5d 00 07 55 54 43 02 01 01 00", "bool byte 2 at offset 6"},
                {"5d 00 07 55 54 43 01 00 01 00", "GregorianCalendar first day of the week 0 at offset 7"},
                {"5d 00 07 55 54 43 01 08 01 00", "GregorianCalendar first day of the week 8 at offset 7"},
                {"5d 00 07 55 54 43 01 01 00 00", "GregorianCalendar minimal days in the first week 0 at offset 8"},
                {"5d 00 07 55 54 43 01 01 08 00", "GregorianCalendar minimal days in the first week 8 at offset 8"},
                {"5d 00 07 55 54 43 01 01 01", "truncated"},
                // Charset: a canonical name Charset.forName knows, never null
                {"5e 00", "null string header inside a Charset value at offset 1"},
                {"5e 07 51 51 51", "unsupported Charset \"QQQ\" at offset 1 (this JDK does not support it)"},
                {"5e 01", "unsupported Charset \"\" at offset 1 (not a legal charset name)"},
                {"5e 07 61 20 62", "unsupported Charset \"a b\" at offset 1 (not a legal charset name)"},
                {"5e 0b 75 74 66 2d 38", "Charset name \"utf-8\" at offset 1 is an alias of UTF-8"},
                {"5e 09 55 54 46 38", "Charset name \"UTF8\" at offset 1 is an alias of UTF-8"},
                // java.sql.Date and Time: any svar
                {"5f ff ff ff ff ff ff ff ff ff 02", "malformed varint at offset 1"},
                {"60 80", "truncated"},
                // java.sql.Timestamp: seconds whose milliseconds (seconds * 1000) fit a long, or the second below
                // them that new Timestamp(Long.MIN_VALUE) keeps; nanos 0..999999999 (FORMAT.md)
                {"61 f0 cf 9a de f4 a6 e2 20 00", "Timestamp seconds 9223372036854776 and nanos 0 at offset 1"},
                {"61 f1 cf 9a de f4 a6 e2 20 00", "Timestamp seconds -9223372036854777 and nanos 0 at offset 1"},
                {"61 80 80 80 80 80 80 80 80 40 00", "Timestamp seconds 2305843009213693952 and nanos 0"}, // 2^61
                {"61 00 80 94 eb dc 03", "nanosecond field 1000000000 at offset 2"},
                // 91 and 94 are not tracked, so they take no reference number; 92 does
                {"24 02 5b 00 00 00 00 00 01 01", "back reference to object #1 at offset 9, but only 1 objects"},
                {"24 02 5e 0b 55 54 46 2d 38 01 01", "back reference to object #1 at offset 10, but only 1 objects"},
                {"24 02 5c 07 55 54 43 01 02", "back reference to object #2 at offset 8, but only 2 objects"},
        };
        bothRefuse(refused);
        String[] read = {
                "5b 17 3b 3b ff 93 eb dc 03 c0 f4 07", // 23:59:59.999999999+18:00
                "5b 00 00 00 00 bf f4 07", // 00:00-18:00
                "5c 13 47 4d 54 2b 30 31 3a 30 30", // "GMT+01:00", a custom ID the JDK keeps
                "5c 07 47 4d 54", "5c 07 55 54 43", // GMT, UTC
                // new Timestamp(Long.MAX_VALUE) with 808 ms, new Timestamp(Long.MIN_VALUE) with nanos 191999999:
                // getTime() overflows, what the Timestamp keeps does not
                "61 ee cf 9a de f4 a6 e2 20 80 b4 a4 81 03", "61 ef cf 9a de f4 a6 e2 20 ff df c6 5b",
                // Long.MIN_VALUE millis, not lenient, Saturday, 7 days, a change at Long.MAX_VALUE
                "5d ff ff ff ff ff ff ff ff ff 01 07 55 54 43 00 07 07 fe ff ff ff ff ff ff ff ff 01",
                "5e 0b 55 54 46 2d 38", "5e 15 49 53 4f 2d 38 38 35 39 2d 31", // UTF-8, ISO-8859-1
                "5f fe ff ff ff ff ff ff ff ff 01", "60 ff ff ff ff ff ff ff ff ff 01", // Long.MAX_VALUE, MIN_VALUE
                "61 ee cf 9a de f4 a6 e2 20 00", // Long.MAX_VALUE / 1000 seconds
                "61 ed cf 9a de f4 a6 e2 20 ff 93 eb dc 03", // Long.MIN_VALUE / 1000 seconds, 999999999 nanos
                "61 ee cf 9a de f4 a6 e2 20 ff b3 a4 81 03", // getTime() Long.MAX_VALUE
                "61 ef cf 9a de f4 a6 e2 20 80 e0 c6 5b", // getTime() Long.MIN_VALUE, though seconds * 1000 alone overflows
                "24 02 5c 07 55 54 43 01 01", // a TimeZone and a back reference to it
                "24 06 5f 00 60 00 61 00 00 01 01 01 02 01 03", // java.sql Date, Time, Timestamp, and again
                "15 5b 02 5b 00 00 00 00 00 00", // OffsetTime[] {00:00Z, null}
                "15 40 04 40 00 5f 00 60 00 61 00 00", // Date[] holding the java.sql subclasses
                "15 5e 02 5e 0b 55 54 46 2d 38 00", // Charset[] {UTF-8, null}
        };
        bothRead(read);
    }

    /**
     * Id 98: a Class value names a built-in id a class is written under (a user id only its classes can tell), an
     * array of such a class, or an extended built-in that can be an array's component.
     */
    @Test
    void eachRefusalOfId98IsTheLibrarys() {
        bothRefuse(new String[][] {
                {"62 00", "Class value at offset 1 names id 0, under which no class is written"},
                {"62 01", "names id 1, under which no class is written"},
                {"62 02", "names id 2, under which no class is written (Boolean is id 3)"},
                {"62 45", "names id 69, under which no class is written"}, // RUN
                // a typed array's descriptor: 21 and the component's, 99 and an extended id that is a component's
                {"62 15", "truncated"},
                {"62 63", "truncated"},
                {"62 15 02", "Class value at offset 2 names id 2, under which no class is written (Boolean is id 3)"},
                {"62 15 15 45", "Class value at offset 3 names id 69"},
                {"62 63 00", "Class value at offset 1 names extended id 0, under which no Class is written"},
                {"62 63 05", "names extended id 5, under which no Class is written"},
                {"62 15 63 2c", "Class value at offset 2 names extended id 44, under which no Class is written"},
                {"62 63 2b 01", "class reference 1 at offset 3"},
                {"62 63 2f 09", "Class value at offset 3: primitive type 9"},
                {"62 15 63 2f 04", "Class value at offset 2: a primitive type as an array's component"},
                {"63 2f 04", "unknown extended built-in id 47 at offset 1"},
                {"62 " + "15 ".repeat(201) + "0b", "Class value at offset 201: an array type nested more than 200 levels"},
                {"62 80", "truncated"},
                {"62 ff ff ff ff 1f", "malformed varint at offset 1"},
                {"15 62 01 0b 03 61", "element 0 of a Class[] is a String"}, // Class is final
                {"24 02 62 0b 01 01", "back reference to object #1 at offset 5, but only 1 objects"}, // not tracked
        });
        bothRead(new String[] {"62 03", "62 0b", "62 10", "62 14", "62 16", "62 30", "62 44", "62 46", "62 5e", "62 61",
                "62 62", "15 62 02 62 62 00", "62 15 0b", "62 15 15 10", "62 63 01", "62 63 27", "62 15 63 2a",
                "62 " + "15 ".repeat(200) + "0b", "14 04 45 62 15 0b 15 10 63 01 63 27", "62 63 2f 04", "62 63 2f 08"});
    }

    /**
     * Id 99: an extended id, 0 (a lambda), 1 (a Path: a name Path.of takes), 2 (a File: any name), 3 (an
     * InetAddress: 4 or 16 bytes, a scope for 16) or 4 (an InetSocketAddress: a form, a port up to 65535); a capturing class id of the user's (a built-in id is
     * none); kinds 1..9; names neither null nor empty. What the capturing class decides, only it can tell.
     */
    @Test
    void eachRefusalOfId99IsTheLibrarys() {
        // The library's own bytes for Lambdas.parse(), then variations of them.
        String parse = HEX.formatHex(blit.toBytes(Lambdas.parse()));
        assertTrue(parse.startsWith("63 00 64 "), parse);
        String kind = " 06 23 "; // REF_invokeStatic, then "java/lang/Integer"'s header
        assertTrue(parse.contains(kind), parse);
        bothRefuse(new String[][] {
                {NEXT_EXTENDED, "unknown extended built-in id " + (TypeIds.EXT_LAST + 1) + " at offset 1"},
                // String.CASE_INSENSITIVE_ORDER (24) compares Strings: a sorted set using it holds no null
                {"2a 01 63 18 01 00", "a TreeSet cannot hold null, found at offset 5"},
                {"15 63 18 00", "unknown type id 99, extended id 24, at offset 1"},
                {"63 80 01", "unknown extended built-in id 128"},
                {"63 00", "truncated"},
                {"63 00 0b", "its capturing class id 11 at offset 2 is not a registered class's"},
                {"63 00 63", "its capturing class id 99"},
                {parse.replace(kind, " 00 23 "), "method handle kind 0"},
                {parse.replace(kind, " 0a 23 "), "method handle kind 10"},
                {parse.replace("63 00 64 37 ", "63 00 64 00 "), "is null"}, // the functional interface's name
                {parse.replace("63 00 64 37 ", "63 00 64 01 "), "is empty"},
                {parse.substring(0, parse.length() - 3), "truncated"}, // no captured-value count
                {"63", "truncated"},
        });
        bothRefuse(new String[][] {
                {"63 01 00", "null string header inside a Path value at offset 2"},
                {"63 02 00", "null string header inside a File value at offset 2"},
                {"63 01 07 61 00 62", "invalid Path at offset 1"}, // "a\0b"
                {"63 01 07 61", "truncated"},
                {"63 03 00 04 01 02 03", "InetAddress at offset 2 has an address of 3 bytes at offset 3, not 4 or 16"},
                {"63 03 00 00", "has no address"},
                {"63 03 00 05 01 02 03", "truncated"},
                {"63 03 00 11 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01", "truncated"}, // no scope
                {"63 03 00 11 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 01 80 80 80 80 08", "IPv6 scope id"},
                {"63 04 02", "unknown InetSocketAddress form 2 at offset 2"},
                {"63 04 00 00 01", "null host at offset 3"},
                {"63 04 00 03 61 80 80 04", "port 65536 at offset 5 is not in 0..65535"},
                {"15 63 09 00", "unknown type id 99, extended id 9"}, // typed arrays of them: Path[], File[], ...
                {"15 63 01 01 63 02 03 78", "element 0 of a Path[] is a File"},
                {"15 63 03 01 0b 01", "element 0 of a InetAddress[] is a String"},
        });
        bothRead(new String[] {parse, "63 01 01", "63 02 01", "63 01 07 61 2f 62", "63 02 07 61 00 62", // a File may hold a NUL
                "63 03 00 05 0a 00 00 07", "63 03 03 61 05 0a 00 00 07", // 10.0.0.7, and named "a"
                "63 03 00 11 20 01 0d b8 00 00 00 00 00 00 00 00 00 00 00 01 04", // 2001:db8::1%3
                "63 04 00 03 61 ff ff 03", "63 04 01 00 05 7f 00 00 01 00", // a:65535 unresolved, 127.0.0.1:0
                "15 63 01 02 63 01 03 78 00", "15 63 02 01 63 02 01", "15 15 63 04 01 15 63 04 00"}); // Path[], File[], InetSocketAddress[][]
    }

    /**
     * Id 99, extended ids 5..25 (FORMAT.md, "Extended ids 5..25"), each refusal once, by hand (hex: tag, content):
     * an id past them; the nulls {@code Map.entry} and the concurrent queues, deque and key set refuse; a back
     * reference from inside a value numbered after its content (the entries, {@code nCopies}) to itself, where one
     * numbered before (a synchronized list or map, an {@code AtomicReference}) may hold itself; {@code nCopies}
     * with no copies of a value, or more than an int counts; input cut inside each shape; none of them as an
     * array's component type; {@code naturalOrder()} (22) and a lambda as a sorted collection's comparator, where
     * the others are no Comparator.
     */
    @Test
    void eachRefusalOfExtendedIds5To25IsTheLibrarys() {
        bothRefuse(new String[][] {
                {NEXT_EXTENDED, "unknown extended built-in id " + (TypeIds.EXT_LAST + 1) + " at offset 1"},
                // String.CASE_INSENSITIVE_ORDER (24) compares Strings: a sorted set using it holds no null
                {"2a 01 63 18 01 00", "a TreeSet cannot hold null, found at offset 5"},
                {"15 63 18 00", "unknown type id 99, extended id 24, at offset 1"},
                {"63 80 80 80 80 08", "unknown extended built-in id 2147483648 at offset 1"},
                // nulls: Map.entry's key or value, an element of 18, 19, 20
                {"63 07 00 07 02", "a Map.entry cannot hold null, found at offset 2"},
                {"63 07 07 02 00", "a Map.entry cannot hold null, found at offset 4"},
                {"63 12 01 00", "a ConcurrentLinkedQueue cannot hold null, found at offset 3"},
                {"63 13 02 07 02 00", "a ConcurrentLinkedDeque cannot hold null, found at offset 5"},
                {"63 14 01 00", "a ConcurrentHashMap.newKeySet cannot hold null, found at offset 3"},
                {"63 19 01 0b 03 6b 00", "a Properties cannot hold null, found at offset 6"}, // Properties: a null value
                {"63 19 01 00 0b 03 76", "a Properties cannot hold null, found at offset 3"}, // ... or key
                {"15 63 19 00", "unknown type id 99, extended id 25, at offset 1"},
                // sorted as 41/42: naturally ordered (no comparator, or naturalOrder()), no null key or element
                {"63 0c 00 01 00", "a Collections.synchronizedSortedSet cannot hold null, found at offset 4"},
                {"63 0e 00 01 00 07 02", "a Collections.synchronizedSortedMap cannot hold null, found at offset 4"},
                {"2a 01 63 16 01 00", "a TreeSet cannot hold null, found at offset 5"},
                {"63 0c 01 63 16 01 00", "a Collections.synchronizedSortedSet cannot hold null, found at offset 6"},
                {"24 02 63 16 2a 01 01 01 01 00", "a TreeSet cannot hold null, found at offset 9"}, // naturalOrder() again
                // numbered after their content: the entries and nCopies cannot hold themselves
                {"63 05 01 00 07 02", "back reference at offset 2 to object #0, a AbstractMap.SimpleEntry that exists only once"},
                {"63 06 07 02 01 00", "back reference at offset 4 to object #0, a AbstractMap.SimpleImmutableEntry"},
                {"63 07 07 02 01 00", "back reference at offset 4 to object #0, a Map.entry that exists only once"},
                {"63 15 02 01 00", "back reference at offset 3 to object #0, a Collections.nCopies that exists only once"},
                // nCopies: one value, one encoding (no copies: null); a count an int holds
                {"63 15 00 07 02", "Collections.nCopies at offset 0 has no copies, but its element at offset 3 is not null"},
                {"63 15 00 0b 01", "has no copies"}, // not even an empty string
                {"63 15 80 80 80 80 08 07 02", "Collections.nCopies count 2147483648 at offset 2"},
                {"63 15 ff ff ff ff 0f 00", "Collections.nCopies count 4294967295 at offset 2"},
                // cut inside each shape
                {"63", "truncated"},
                {"63 05 07 02", "truncated"}, // an entry without its value
                {"63 0a 02 07 02", "truncated"}, // a list of 2 holding 1
                {"63 0d 01 07 02", "truncated"}, // a map's entry without its value
                {"63 0c 00 01 07", "truncated"}, // a sorted set's element
                {"63 0e 01", "truncated"}, // a sorted map's comparator
                {"63 0a 03 07 02", "count 3 at offset 2 needs at least 3 bytes, 2 remain"},
                {"63 10 02 07 02 07", "count 2 at offset 2 needs at least 4 bytes, 3 remain"}, // IdentityHashMap: entries
                {"63 15 03", "truncated"}, // nCopies without its element
                {"63 15 80", "truncated"},
                {"63 17", "truncated"}, // an AtomicReference without its value
                // no array component type: 0 (lambdas) and 5..25
                {"15 63 05 00", "unknown type id 99, extended id 5, at offset 1"},
                {"15 63 16 00", "unknown type id 99, extended id 22, at offset 1"},
                {"15 63 17 01 00", "unknown type id 99, extended id 23, at offset 1"},
                // ... and an array of Paths holds none of them, nor, through a back reference, a File
                {"15 63 01 01 63 05 07 02 07 04", "element 0 of a Path[] is a AbstractMap.SimpleEntry"},
                {"24 02 63 02 03 78 15 63 01 01 01 01", "element 0 of a Path[] is a File"},
                // a comparator: naturalOrder() (22) and reverseOrder() are; an entry, a list, a Function lambda are not
                {"2a 01 63 05 07 02 07 04 00", "expected a Comparator at offset 2 but found AbstractMap.SimpleEntry"},
                {"63 0c 01 63 17 00 00", "expected a Comparator at offset 3 but found AtomicReference"},
                {"63 0e 01 63 0a 00 00", "expected a Comparator at offset 3 but found Collections.synchronizedList"},
                {"24 02 24 00 2a 01 01 01 00", "expected a Comparator at offset 6 but found a back reference to object #1, ArrayList"},
                {"2a 01 " + HEX.formatHex(blit.toBytes(Lambdas.parse())) + " 00",
                        "expected a Comparator at offset 2 but found lambda (its functional interface is no Comparator)"},
        });
        bothRead(new String[] {
                "63 05 00 00", "63 06 07 02 00", "63 07 07 02 0b 03 76", // entries: SimpleEntry(null, null), ...
                "63 08 02 07 02 00", "63 09 00", "63 0b 01 00", "63 0f 02 00 07 02", "63 11 01 00", // 8, 9, 11, 15, 17
                "63 12 01 07 02", "63 13 00", "63 14 01 0b 03 6b", // 18..20 without null
                "63 0c 00 00", "63 0c 01 44 02 07 04 07 02", "63 0e 00 01 07 02 00", // a null value in a sorted map
                "63 0e 01 63 16 01 07 02 07 04", "63 10 01 00 00", "63 0d 01 00 00", // IdentityHashMap, synchronizedMap
                "63 15 00 00", "63 15 03 0b 03 78", "63 15 80 80 80 08 07 02", "63 15 02 00", // nCopies
                "63 16", "2a 01 63 16 02 07 02 07 04", "24 02 63 16 2a 01 01 01 01 07 02", // naturalOrder(), and again
                "63 17 00", "63 17 0b 03 72", // AtomicReference
                // numbered before their content: they may hold themselves
                "63 0a 01 01 00", "63 0d 01 07 02 01 00", "63 17 01 00", "63 08 01 01 00", "63 0f 01 01 00",
                // runs, as for 36 and 39
                "63 0a 02 45 07 02 04", "63 10 02 45 0b 00 03 61 02 03 62 03",
                "24 02 45 63 05 07 02 07 04 05 07 06 07 08", // a run of SimpleEntries
                HEX.formatHex(blit.toBytes(new TreeSet<>(Lambdas.descending()))), // a lambda as the comparator
                HEX.formatHex(blit.toBytes(new TreeMap<>(Map.of(1, "a")))),
        });
        TreeSet<Integer> descending = new TreeSet<>(Lambdas.descending());
        descending.addAll(List.of(1, 2, 3));
        bothRead(new String[] {HEX.formatHex(blit.toBytes(descending)),
                HEX.formatHex(blit.toBytes(Collections.synchronizedSortedSet(descending)))});
    }

    /**
     * Extended id 48, a reversed comparator ({@code Collections.reverseOrder(cmp)}, {@code cmp.reversed()}), each
     * refusal once, by hand: what it reverses is a Comparator, not null, and not one whose reverse is written as
     * itself (natural order, {@code reverseOrder()}, a reversed comparator), through a back reference too; it
     * exists only once that is read, so it cannot hold itself; the reverse of {@code CASE_INSENSITIVE_ORDER}
     * takes Strings, so a sorted set by it holds no null; and the values both read, a lambda's reverse among them.
     */
    @Test
    void eachRefusalOfAReversedComparatorIsTheLibrarys() {
        bothRefuse(new String[][] {
                {"63 30 00", "expected a Comparator at offset 2 but found null"},
                {"63 30 0b 03 61", "expected a Comparator at offset 2 but found String"},
                {"63 30 63 17 00", "expected a Comparator at offset 2 but found AtomicReference"},
                {"63 30 63 16", "reversed comparator at offset 1 reverses Comparator.naturalOrder() at offset 2, whose"
                        + " reverse is written as itself, not as a reversed comparator: a second encoding of it"},
                {"63 30 44", "reversed comparator at offset 1 reverses Collections.reverseOrder() at offset 2"},
                {"63 30 63 30 63 18", "reversed comparator at offset 1 reverses a reversed comparator at offset 2"},
                {"24 02 63 16 63 30 01 01", "reversed comparator at offset 5 reverses Comparator.naturalOrder() at offset 6"},
                {"24 02 63 30 63 18 63 30 01 01", "reversed comparator at offset 7 reverses a reversed comparator at offset 8"},
                {"63 30 01 00", "back reference at offset 2 to object #0, a Collections.reverseOrder(cmp) that exists only once"},
                {"2a 01 63 30 63 18 01 00", "a TreeSet cannot hold null, found at offset 7"},
                {"2a 01 63 30 63 05 07 02 07 04 00", "expected a Comparator at offset 4 but found AbstractMap.SimpleEntry"},
                {"15 63 30 00", "unknown type id 99, extended id 48, at offset 1"},
                {"63 30", "truncated"},
        });
        TreeSet<String> ignoringCase = new TreeSet<>(String.CASE_INSENSITIVE_ORDER.reversed());
        ignoringCase.addAll(List.of("a", "B"));
        TreeMap<String, Integer> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.put("Accept", 1);
        headers.put("Host", 2);
        TreeSet<Integer> byLambda = new TreeSet<>(Lambdas.descending().reversed());
        byLambda.addAll(List.of(2, 1));
        Comparator<String> reversed = String.CASE_INSENSITIVE_ORDER.reversed();
        bothRead(new String[] {"63 30 63 18", HEX.formatHex(blit.toBytes(ignoringCase)),
                HEX.formatHex(blit.toBytes(ignoringCase.descendingSet())), HEX.formatHex(blit.toBytes(headers.descendingMap())),
                HEX.formatHex(blit.toBytes(byLambda)),
                HEX.formatHex(blit.toBytes(List.of(reversed, new TreeSet<>(reversed)))), // shared: a back reference
                "24 02 63 18 63 30 01 01", // what it reverses, a back reference
        });
    }

    /**
     * The compact form of int[] (16) and long[] (17): {@code 00}, a width (1 or 2; 4 too for long[]), a length
     * header of at least one element, the elements in the narrowest width that holds them all.
     */
    @Test
    void eachRefusalOfACompactArrayIsTheLibrarys() {
        bothRefuse(new String[][] {
                {"10 00 00 02 05", "invalid element width 0 of a compact int[] at offset 2 (1 to 3)"},
                {"10 00 04 02 05 00 00 00", "invalid element width 4 of a compact int[] at offset 2 (1 to 3)"},
                {"11 00 08 02 05 00 00 00 00 00 00 00", "invalid element width 8 of a compact long[] at offset 2 (1 to 7)"},
                {"11 00 06 03 ff ff ff ff 7f 00 00 00 00 00 00 00", "a compact long[] at offset 1 has elements 6 bytes wide where 5 hold"},
                {"10 00 03 04 00 80 ff 00 00 00 01 00 00", "a compact int[] at offset 1 has elements 3 bytes wide where 2 hold"},
                {"10 00 02 02 05 01", "a compact int[] at offset 1 is no smaller than the plain form"},
                {"11 00 07 03 01 00 00 00 00 00 00 02 00 00 00 00 00 00", "a compact long[] at offset 1 is no smaller than the plain form"},
                {"10 00 01 01", "a compact int[] at offset 1 must have at least one element"},
                {"11 00 01 00", "a compact long[] at offset 1 must have at least one element"},
                {"10 00 02 03 05 00 06 00", "a compact int[] at offset 1 has elements 2 bytes wide where 1 hold every one"},
                {"11 00 04 03 ff 7f 00 00 00 80 ff ff", "a compact long[] at offset 1 has elements 4 bytes wide where 2 hold"},
                {"10 00 01 03 01", "truncated"},
                {"10 00", "truncated"},
                {"0e 00 01 02 05", "null array header inside an array value at offset 1"}, // short[]: no compact form
                {"10 80 00", "null array header at offset 1 where int[] is read"}, // a padded 0 is no escape
                {"11 80 80 00", "null array header at offset 1 where long[] is read"},
        });
        bothRead(new String[] {"10 00 01 02 ff", "10 00 02 03 80 00 00 80", "11 00 04 02 00 00 00 80", "11 00 01 02 7f",
                "10 00 03 04 00 80 00 00 00 00 01 00 00", "10 00 03 04 ff ff 80 00 00 00 00 00 00",
                "11 00 06 03 00 3c 5e 8f a2 01 00 00 00 00 00 00",
                "11 00 07 04 00 00 00 00 00 00 80 00 00 00 00 00 00 00 00 00 00 00 00 00 00",
                "15 10 01 10 00 01 02 05", "10 01", "11 02 00 00 00 00 00 00 00 80"});
    }

    /**
     * Registered exceptions (FORMAT.md, "Throwables": 101 an {@code IllegalStateException}, 102 an
     * {@link OrderRejected}), each refusal the library makes from the bytes once, by hand (hex: tag, content):
     * a frame without a class or method name, a cause or suppressed exception that is no Throwable (itself or
     * through a back reference), a null suppressed exception, a back reference to the exception from inside it
     * (it exists only once read, like a record), counts past the input, input cut inside each part; and values
     * at the edges that both read.
     */
    @Test
    void eachRefusalOfAnExceptionIsTheLibrarys() {
        bothRefuse(throwing, THROWING, new String[][] {
                // frames: flags, then what they do not say up to the method name, then the class and method names checked
                {"65 00 00 01 00 00 00 00 03 41 00 00 00 00", "stack frame 0 of java.lang.IllegalStateException at offset 4 has no method name"},
                {"65 00 00 01 00 00 00 00 00 03 6d 00 00 00", "stack frame 0 of java.lang.IllegalStateException at offset 4 has no class name"},
                {"65 00 00 02 00 00 00 00 03 41 03 6d 00 00 00 00 00 00 00 03 6d 00 00 00",
                        "stack frame 1 of java.lang.IllegalStateException at offset 14 has no class name"},
                {"66 00 00 01 00 00 00 00 03 41 00 00 00 00 03 41 02", "stack frame 0 of " + OrderRejected.class.getName()
                        + " at offset 4 has no method name"},
                // flags: none above 4; the first frame has no frame before it to be like
                {"65 00 00 01 01 03 6d 00 00 00", "stack frame 0 of java.lang.IllegalStateException at offset 4 has invalid flags 0x1"},
                {"65 00 00 01 02 03 6d 00 00 00", "stack frame 0 of java.lang.IllegalStateException at offset 4 has invalid flags 0x2"},
                {"65 00 00 02 00 00 00 00 03 41 03 6d 00 00 08 03 6d 00 00 00",
                        "stack frame 1 of java.lang.IllegalStateException at offset 14 has invalid flags 0x8"},
                // a cause or suppressed exception that is no Throwable: a built-in, a plain class, a back reference to one
                {"65 00 0b 03 78 00 00", "the cause of java.lang.IllegalStateException at offset 2 is a String, not a Throwable"},
                {"65 00 64 00 00", "the cause of java.lang.IllegalStateException at offset 2 is a " + Lambdas.class.getName()},
                {"24 02 24 00 65 00 01 01 00 00", "the cause of java.lang.IllegalStateException at offset 6 is a back "
                        + "reference to object #1, a ArrayList, not a Throwable"},
                {"65 00 00 00 01 07 02", "the suppressed exception 0 of java.lang.IllegalStateException at offset 5 is a "
                        + "Integer, not a Throwable"},
                {"65 00 00 00 02 65 00 00 00 00 63 16", "the suppressed exception 1 of java.lang.IllegalStateException at "
                        + "offset 10 is a Comparator.naturalOrder(), not a Throwable"},
                // a null suppressed exception (a null cause is none)
                {"65 00 00 00 01 00", "suppressed exception 0 of java.lang.IllegalStateException at offset 5 is null"},
                {"65 00 00 00 02 65 00 00 00 00 00", "suppressed exception 1 of java.lang.IllegalStateException at offset 10 is null"},
                // numbered like a record: no back reference to it from its cause chain, suppressed exceptions or fields
                {"65 00 01 00 00 00", "back reference at offset 2 to object #0, a java.lang.IllegalStateException that exists only once"},
                {"65 00 00 00 01 01 00", "back reference at offset 5 to object #0, a java.lang.IllegalStateException"},
                {"65 00 65 00 01 00 00 00 00 00", "back reference at offset 4 to object #0, a java.lang.IllegalStateException"},
                {"65 00 65 00 00 00 01 01 00 00 00", "back reference at offset 7 to object #0, a java.lang.IllegalStateException"},
                // counts past the input: a frame takes at least 3 bytes, a suppressed exception 1
                {"65 00 00 02 00 00", "stack frame count 2 at offset 3 needs at least 6 bytes, 2 remain"},
                {"65 00 00 80 80 80 80 08 00", "stack frame count 2147483648 at offset 3 needs at least"},
                {"65 00 00 00 05 00 00", "suppressed count 5 at offset 4 needs at least 5 bytes, 2 remain"},
                // cut inside each part
                {"65", "truncated"},
                {"65 07 62 61", "truncated"}, // the message
                {"65 00", "truncated"}, // no cause
                {"65 00 00", "truncated"}, // no frame count
                {"65 00 00 01 00 00 00 00 03 41 03 6d 00", "truncated"}, // a frame without its line
                {"65 00 00 00", "truncated"}, // no suppressed count
                {"65 00 00 00 01 65 00 00 00", "truncated"}, // a suppressed exception cut
                {"66 00 00 00 00", "truncated"}, // no own fields
                {"66 00 00 00 00 03 41", "truncated"}, // code -2, then orderId cut
                {"65 00 00 01 00 00 00 00 03 41 03 6d 00 ff ff ff ff 1f 00", "malformed varint at offset 13"}, // the line
        });
        bothRead(throwing, THROWING, new String[] {
                "65 07 62 61 64 00 00 00", // FORMAT.md's example: new IllegalStateException("bad"), no frames
                "65 00 00 00 00", // no message
                "65 00 00 01 00 00 00 00 03 41 03 6d 00 00 00", // one frame, only its class and method named
                "65 00 00 01 00 07 61 70 70 0d 6d 6f 64 75 6c 65 0b 31 2e 30 2e 30 03 41 03 6d 0d 41 2e 6a 61 76 61 03 00", // all named, line -2
                "65 00 00 02 04 07 61 70 70 00 00 03 41 03 6d 02 07 03 6e 04 00", // A.java from its flag; a frame like the one before
                "65 00 65 00 00 00 00 00 00", // a cause
                "24 02 65 00 00 00 00 65 00 01 01 00 00", // a cause read earlier, through a back reference
                "24 02 65 00 00 00 00 65 00 00 00 02 01 01 01 01", // ... suppressed twice
                "24 02 45 65 00 00 00 00 00 00 00 00", // a run of exceptions
                HEX.formatHex(throwing.toBytes(bare(new OrderRejected(null, -1)))),
                HEX.formatHex(throwing.toBytes(new IllegalStateException("a", new IllegalStateException("b")))),
                HEX.formatHex(throwing.toBytes(exceptions())),
        });
    }

    /**
     * What a registered class tells the dump (it loads it): whether its values can be a sorted collection's
     * comparator ({@code Lambdas} is no {@code Comparator}, nor is an exception), and which values an array of it
     * holds (its own, or its subclasses'; no built-in value, which is an instance of one of the JDK's classes),
     * and whether its values fit an array of a built-in class. Random damage found these once in tens of
     * thousands of payloads: reverseOrder()'s id (68) turned into Lambdas' (100), a typed array's component id
     * into 100, an element of a Timestamp[] into 100. A registered enum's constants bound the ordinals of an
     * EnumSet or EnumMap of it (found by reading, not by the damage: the payload's enums are the JDK's).
     */
    @Test
    void aRegisteredClassTellsWhatItsArraysHoldAndWhetherItIsAComparator() {
        String lambdas = Lambdas.class.getName();
        String adder = HEX.formatHex(blit.toBytes(Lambdas.adder(3)));
        bothRefuse(new String[][] {
                {"2a 01 64 00", "expected a Comparator at offset 2 but found " + lambdas},
                {"29 01 64 00", "expected a Comparator at offset 2 but found " + lambdas},
                {"24 02 64 2a 01 01 01 00", "expected a Comparator at offset 5 but found a back reference to object #1, " + lambdas},
                {"15 64 01 0a 00 00 00 00 00 00 f0 3f", "element 0 of a " + lambdas + "[] is a Double at offset 3"},
                {"15 64 02 00 62 0b", "element 1 of a " + lambdas + "[] is a Class at offset 4"},
                {"15 64 01 40 02", "element 0 of a " + lambdas + "[] is a Date at offset 3"},
                {"24 02 40 02 15 64 01 01 01", "element 0 of a " + lambdas + "[] is a Date at offset 7"}, // through a back reference
                {"15 64 04 45 0a 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 f0 3f"
                        + " 00 00 00 00 00 00 f0 3f", "element 0 of a " + lambdas + "[] is a Double at offset 5"}, // a run
                {"15 64 01 " + adder, "element 0 of a " + lambdas + "[] is a "}, // a lambda's class extends Object
                // ... nor is a Lambdas a Date, a Timestamp or a String (a back reference to one neither)
                {"15 61 01 64", "element 0 of a java.sql.Timestamp[] is a " + lambdas + " at offset 3"},
                {"15 40 02 40 02 64", "element 1 of a Date[] is a " + lambdas + " at offset 5"},
                {"24 02 64 15 40 01 01 01", "element 0 of a Date[] is a " + lambdas + " at offset 6"},
                {"24 02 64 15 0b 01 01 01", "element 0 of a String[] is a " + lambdas + " at offset 6"},
        });
        bothRead(new String[] {"15 64 02 64 00", "24 02 64 15 64 01 01 01", "15 64 00"});
        bothRefuse(throwing, THROWING, new String[][] {
                {"2a 01 65 00 00 00 00 00", "expected a Comparator at offset 2 but found java.lang.IllegalStateException"},
                // a JDK class registered: no built-in value is a Throwable
                {"15 65 01 0a 00 00 00 00 00 00 f0 3f", "element 0 of a java.lang.IllegalStateException[] is a Double"},
                {"15 65 01 64", "element 0 of a java.lang.IllegalStateException[] is a " + lambdas},
                {"15 66 01 65 00 00 00 00", "element 0 of a " + OrderRejected.class.getName()
                        + "[] is a java.lang.IllegalStateException"},
                {"15 40 01 65 00 00 00 00", "element 0 of a Date[] is a java.lang.IllegalStateException"},
        });
        bothRead(throwing, THROWING, new String[] {"15 65 02 65 00 00 00 00 00", "15 66 01 00"});
        // a registered enum's constants bound an EnumSet's bits and an EnumMap's keys and count, as Month's do
        Blit sides = Blit.builder().references(true).register(Lambdas.class, 100).register(Side.class, 101).build();
        String registerSides = REGISTER + "," + Side.class.getName() + "=101";
        bothRefuse(sides, registerSides, new String[][] {
                {"2e 65 01 04", "EnumSet bit 2 at offset 3 is not a constant of " + Side.class.getName()},
                {"2f 65 01 02 07 02", "EnumMap key ordinal 2 at offset 3 is not a constant of " + Side.class.getName()},
                {"2f 65 03 00 87 0a 00 00 00 00", "EnumMap of 3 entries at offset 2 but " + Side.class.getName()
                        + " has only 2 constants"},
        });
        bothRead(sides, registerSides, new String[] {"2e 65 01 03", "2f 65 02 00 07 02 01 00", "65 01"});
    }

    /**
     * An element of a multi-dimensional typed array is itself an array, which the library checks is an instance of
     * the component class (an array class), as for any element: the dump asks the classes given (registered, or
     * the JDK's of the built-in ids it names), following the arrays' subtyping. Lambdas (100) stands for a user's
     * class, OrderRejected (102) for another; RuntimeException (103) is a superclass of IllegalStateException (101).
     */
    @Test
    void anArrayInAMultiDimensionalArrayMustBeAnInstanceOfItsComponent() {
        String lambdas = Lambdas.class.getName();
        String rejected = OrderRejected.class.getName();
        Blit arrays = Blit.builder().references(true).register(Lambdas.class, 100).register(IllegalStateException.class, 101)
                .register(OrderRejected.class, 102).register(RuntimeException.class, 103).build();
        String register = THROWING + "," + RuntimeException.class.getName() + "=103";
        String outer = "element 0 of a " + lambdas + "[][] is a ";
        bothRefuse(arrays, register, new String[][] {
                {"15 15 64 01 15 66 00", outer + rejected + "[] at offset 4"},
                {"15 15 64 01 15 0b 00", outer + "String[] at offset 4"},
                {"15 15 64 01 10 01", outer + "int[] at offset 4"},
                {"15 15 64 01 14 00", outer + "Object[] at offset 4"},
                {"15 15 64 01 15 15 64 00", outer + lambdas + "[][] at offset 4"},
                {"15 15 64 01 64", outer + lambdas + " at offset 4"}, // a Lambdas is no array
                {"15 15 64 01 01 00", outer + lambdas + "[][] at offset 4"}, // itself, through a back reference
                {"14 02 15 66 00 15 15 64 01 01 01", outer + rejected + "[] at offset 9"}, // a back reference
                {"14 02 15 0b 00 15 15 64 01 01 01", outer + "String[] at offset 9"},
                {"15 15 64 02 45 15 66 00 66 00", outer + rejected + "[] at offset 6"}, // a run of typed arrays
                {"15 15 67 01 15 64 00", "element 0 of a java.lang.RuntimeException[][] is a " + lambdas + "[]"},
                {"15 15 67 01 15 0b 00", "element 0 of a java.lang.RuntimeException[][] is a String[]"},
                {"15 15 07 01 15 0b 00", "element 0 of a Integer[][] is a String[] at offset 4"},
                {"15 15 0b 02 00 15 15 0b 00", "element 1 of a String[][] is a String[][] at offset 5"},
                {"15 15 14 01 15 10 00", "element 0 of a Object[][][] is a int[][] at offset 4"},
                {"15 14 01 64", "element 0 of a Object[][] is a " + lambdas + " at offset 3"},
                {"15 14 02 14 00 10 01", "element 1 of a Object[][] is a int[] at offset 5"},
                {"15 15 61 01 15 40 00", "element 0 of a java.sql.Timestamp[][] is a Date[] at offset 4"},
        });
        bothRead(arrays, register, new String[] {
                "15 15 64 02 00 15 64 00", // null, a Lambdas[]
                "15 15 64 02 45 15 64 00 64 01 64", // a run of Lambdas[]
                "14 02 15 64 00 15 15 64 01 01 01", // a back reference to a Lambdas[]
                "15 15 67 02 15 65 00 15 66 00", // an IllegalStateException[], an OrderRejected[]: RuntimeException[]s
                "15 15 07 01 15 07 00", "15 15 40 01 15 61 00", // a Timestamp[] is a Date[]
                "15 14 03 15 64 00 15 10 00 14 00", // Object[]s, and an int[][], are Object[]s
                "15 15 14 01 15 15 64 00", "15 15 15 0b 01 15 15 0b 00",
        });
    }

    /** Each (hex, words): the library refuses it; the dump refuses it with those words, as damage. */
    private void bothRefuse(String[][] cases) {
        bothRefuse(blit, REGISTER, cases);
    }

    static void bothRefuse(Blit blit, String register, String[][] cases) {
        bothRefuse("--schema", blit, register, cases);
    }

    /** @param mode the dump's {@code --schema} or {@code --compatible}, as {@code blit} writes */
    static void bothRefuse(String mode, Blit blit, String register, String[][] cases) {
        bothRefuse(args(mode, register), blit, cases);
    }

    /** @param args the dump's arguments, ending with "-" */
    static void bothRefuse(String[] args, Blit blit, String[][] cases) {
        for (String[] c : cases) {
            byte[] b = HEX.parseHex(c[0]);
            String lib = library(blit, b);
            assertTrue(!lib.equals("ok"), c[0] + ": the library reads it");
            String out = dumpOutput(args, b);
            assertTrue(out.contains(c[1]) && out.contains("!! ") && !out.contains("\tat "),
                    c[0] + " (library: " + lib + "): " + out);
            assertEquals(1, dump(args, b), c[0]);
        }
    }

    /** Each hex: both the library and the dump read it. */
    private void bothRead(String[] cases) {
        bothRead(blit, REGISTER, cases);
    }

    static void bothRead(Blit blit, String register, String[] cases) {
        bothRead(blit, register, "--schema", cases);
    }

    /** @param mode the dump's {@code --schema} or {@code --compatible}, as {@code blit} writes */
    static void bothRead(Blit blit, String register, String mode, String[] cases) {
        bothRead(args(mode, register), blit, cases);
    }

    /** @param args the dump's arguments, ending with "-" */
    static void bothRead(String[] args, Blit blit, String[] cases) {
        for (String hex : cases) {
            byte[] b = HEX.parseHex(hex);
            assertEquals(0, dump(args, b), () -> hex + ": " + dumpOutput(args, b));
            assertEquals("ok", library(blit, b), hex);
        }
    }

    /** @return {@code t} without a stack trace */
    private static <T extends Throwable> T bare(T t) {
        t.setStackTrace(new StackTraceElement[0]);
        return t;
    }

    /**
     * An {@link OrderRejected} caused by an {@code IllegalStateException}, suppressing another and its cause
     * again (a back reference), each with a stack trace of its own; then the cause alone (a back reference) and
     * an {@code IllegalStateException} with no message, frames or suppressed exceptions.
     */
    static List<Object> exceptions() {
        IllegalStateException cause = new IllegalStateException("stock exhausted");
        cause.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("app", null, null, "com.shop.Stock", "take", "Stock.java", 42),
                new StackTraceElement(null, "java.base", "17", "java.util.Objects", "requireNonNull", null, -2)});
        OrderRejected rejected = new OrderRejected("A-17", 409);
        rejected.initCause(cause);
        rejected.setStackTrace(new StackTraceElement[] {
                new StackTraceElement("app", "shop", "1.0", "com.shop.Orders", "place", "Orders.java", 7)});
        IllegalStateException closing = new IllegalStateException("close failed");
        closing.setStackTrace(new StackTraceElement[0]);
        rejected.addSuppressed(closing);
        rejected.addSuppressed(cause);
        IllegalStateException bare = new IllegalStateException();
        bare.setStackTrace(new StackTraceElement[0]);
        return Arrays.asList(rejected, cause, bare);
    }

    private static Map<String, Object> sample() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("boxes", List.of(1, 2L, 1.5, "€", 'c', (byte) 3, (short) 4, 2.5f, true));
        m.put("big", List.of(new BigDecimal("1.5"), new BigInteger("123456789012345678901234567890"),
                new BigDecimal(new BigInteger("98765432109876543210"), 3)));
        m.put("arrays", new Object[] {new long[] {1, 2}, new int[] {3}, new long[] {Long.MAX_VALUE, 300, -70_000},
                new int[] {1 << 20}, new int[] {-300, 7}, new boolean[] {true}, new String[] {"x", null},
                new Double[] {1.0, null}, new Boolean[] {true, false}});
        m.put("collections", List.of(new ArrayList<>(List.of(1, 2, 3, 4)), new HashSet<>(Set.of("p", "q")),
                new ArrayDeque<>(List.of(1, 2)), Set.of(7, 8), Map.of("k", 1), Collections.unmodifiableList(new ArrayList<>(List.of(1)))));
        m.put("sorted", List.of(new TreeMap<>(Map.of(1, "a", 2, "b")), new TreeSet<>(Comparator.reverseOrder())));
        m.put("time", List.of(Instant.ofEpochSecond(5, 7), LocalDate.of(2020, 1, 2), LocalDateTime.of(2021, 3, 4, 5, 6, 7, 8),
                OffsetDateTime.of(2022, 5, 6, 7, 8, 9, 10, ZoneOffset.ofHours(2)),
                ZonedDateTime.of(2020, 1, 2, 3, 4, 5, 6, ZoneId.of("Europe/Paris")), Duration.ofSeconds(3, 4),
                ZoneId.of("Europe/Paris"), ZoneOffset.ofHoursMinutes(-3, -30), java.time.Period.of(1, 2, 3)));
        m.put("other", List.of(UUID.fromString("01234567-89ab-cdef-0123-456789abcdef"), Optional.of(1), new Date(5),
                java.util.OptionalInt.of(3)));
        PriorityQueue<Integer> queue = new PriorityQueue<>(Collections.reverseOrder());
        queue.addAll(List.of(3, 1, 4, 1, 5));
        BitSet bits = new BitSet();
        bits.set(1);
        bits.set(5);
        bits.set(130);
        StringBuilder builder = new StringBuilder("built");
        // ja_JP_JP is form 0 on JDK 17 (its tag has u-ca-japanese); no_NO_NY and a variant with a '-' are form 1
        m.put("util", List.of(Locale.forLanguageTag("de-CH"), new Locale("ja", "JP", "JP"), new Locale("no", "NO", "NY"),
                new Locale("en", "US", "WINDOWS-1252"),
                URI.create("https://blit.dev/a%20b?q=1#top"), Currency.getInstance("EUR"),
                Pattern.compile("^a+b$", Pattern.CASE_INSENSITIVE | Pattern.MULTILINE), bits, builder,
                new StringBuffer("buffer"), new AtomicInteger(-7), new AtomicLong(1L << 40), new AtomicBoolean(true),
                new StringBuilder[] {builder, null, builder}));
        m.put("calendar", List.of(Year.of(2024), YearMonth.of(2024, 5), MonthDay.of(2, 29), DayOfWeek.FRIDAY,
                Month.DECEMBER, new Year[] {Year.of(-1), null}, java.util.EnumSet.of(DayOfWeek.MONDAY, DayOfWeek.SUNDAY),
                new java.util.EnumMap<>(Map.of(Month.MAY, 5, Month.JULY, 7))));
        m.put("concurrent", List.of(new Vector<>(Arrays.asList(1, null, "v")), new CopyOnWriteArrayList<>(List.of(2L, 3L)),
                queue, new ConcurrentSkipListSet<>(Set.of("x", "y")),
                new ConcurrentSkipListMap<>(Map.of(1, "one", 2, "two")), new Hashtable<>(Map.of("h", 1.5))));
        TimeZone paris = TimeZone.getTimeZone("Europe/Paris");
        GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone("America/New_York"));
        calendar.setLenient(false);
        calendar.setFirstDayOfWeek(Calendar.MONDAY);
        calendar.setMinimalDaysInFirstWeek(4);
        calendar.setTimeInMillis(1_704_164_645_006L);
        GregorianCalendar pure = new GregorianCalendar(paris);
        pure.setGregorianChange(new Date(Long.MIN_VALUE));
        pure.setTimeInMillis(-5);
        java.sql.Date sqlDate = new java.sql.Date(1_704_153_600_000L);
        Timestamp stamp = new Timestamp(1_704_164_645_123L);
        stamp.setNanos(123_456_789);
        m.put("zones", List.of(OffsetTime.of(10, 15, 30, 5, ZoneOffset.ofHours(1)), OffsetTime.of(LocalTime.MAX,
                ZoneOffset.MIN), paris, paris, calendar, pure, StandardCharsets.UTF_8, Charset.forName("windows-1252"),
                sqlDate, new Time(-1), stamp, sqlDate, new OffsetTime[] {OffsetTime.of(LocalTime.NOON, ZoneOffset.UTC)},
                new Charset[] {StandardCharsets.ISO_8859_1, null}, new Timestamp[] {stamp, new Timestamp(0)},
                new Date[] {new Date(1), sqlDate, stamp}, new GregorianCalendar[] {calendar}));
        m.put("classes", List.of(String.class, Boolean.class, int[].class, Object[].class, Class.class, Charset.class,
                Timestamp.class, Map.of().getClass(), new Class<?>[] {Locale.class, null}));
        java.util.function.Function<Integer, Integer> adder = Lambdas.adder(3);
        m.put("lambdas", List.of(adder, Lambdas.parse(), adder));
        java.nio.file.Path path = java.nio.file.Path.of("dir", "file.txt");
        m.put("paths", List.of(path, new java.io.File("f"), path, new java.nio.file.Path[] {path, null},
                new java.io.File[] {new java.io.File("g")}));
        try {
            java.net.InetAddress named = java.net.InetAddress.getByAddress("db", new byte[] {10, 0, 0, 7});
            m.put("net", List.of(named, java.net.Inet6Address.getByAddress(null, new byte[16], 2),
                    new java.net.InetSocketAddress(named, 5432), java.net.InetSocketAddress.createUnresolved("h", 80)));
        } catch (java.net.UnknownHostException e) {
            throw new AssertionError(e);
        }
        Stack<Object> stack = new Stack<>();
        stack.push(1);
        stack.push(null);
        IdentityHashMap<Object, Object> identity = new IdentityHashMap<>();
        identity.put("i", 1);
        identity.put(null, "n");
        Set<Integer> keySet = ConcurrentHashMap.newKeySet();
        keySet.add(5);
        TreeSet<Integer> natural = new TreeSet<>(Comparator.naturalOrder());
        natural.addAll(List.of(2, 1));
        java.util.Properties properties = new java.util.Properties();
        properties.setProperty("p", "q");
        TreeMap<String, Integer> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.put("Content-Type", 1);
        m.put("extended", List.of(new AbstractMap.SimpleEntry<>("k", 1), new AbstractMap.SimpleImmutableEntry<>(2, "w"),
                Map.entry(1, "v"), new ArrayList<>(List.of(1, 2, 3)).subList(1, 3),
                Collections.synchronizedCollection(new ArrayList<>(List.of("c"))),
                Collections.synchronizedList(new ArrayList<>(List.of(1))), Collections.synchronizedSet(new LinkedHashSet<>(List.of("s"))),
                Collections.synchronizedNavigableSet(new TreeSet<>(Set.of(3, 4))),
                Collections.synchronizedMap(new LinkedHashMap<>(Map.of("m", 1))),
                Collections.synchronizedNavigableMap(new TreeMap<>(Map.of(1, "a"))), stack, identity,
                new CopyOnWriteArraySet<>(List.of(1, 2)), new ConcurrentLinkedQueue<>(List.of(1)),
                new ConcurrentLinkedDeque<>(List.of("d", "e")), keySet, Collections.nCopies(3, "x"), Collections.nCopies(0, "z"),
                natural, Comparator.naturalOrder(), new AtomicReference<>("r"), headers, properties, headers.descendingMap()));
        m.put("extended26", DumpAgreesOnExtendedIds26To36Test.sample());
        List<Object> self = new ArrayList<>();
        self.add(self);
        m.put("self", self);
        return m;
    }

    /** One to three of: a byte replaced, a bit flipped, the input cut. */
    private static byte[] damaged(byte[] seed, Random random) {
        byte[] b = seed.clone();
        int n = 1 + random.nextInt(3);
        for (int j = 0; j < n && b.length > 0; j++) {
            int i = random.nextInt(b.length);
            switch (random.nextInt(3)) {
                case 0 -> b[i] = (byte) random.nextInt(256);
                case 1 -> b[i] ^= (byte) (1 << random.nextInt(8));
                default -> b = Arrays.copyOf(b, i);
            }
        }
        return b;
    }

    /** @return "ok" if every value of the stream reads, else the BlitException's message */
    private String library(byte[] b) {
        return library(blit, b);
    }

    static String library(Blit blit, byte[] b) {
        try {
            ReadBuffer in = ReadBuffer.of(b);
            while (!in.isExhausted()) {
                blit.read(in);
            }
            return "ok";
        } catch (BlitException e) {
            return e.getMessage();
        }
    }

    private static int dump(byte[] b) {
        return dump(REGISTER, b);
    }

    static int dump(String register, byte[] b) {
        return dump("--schema", register, b);
    }

    /** @param mode {@code --schema}, {@code --compatible}, or {@code --auto} for neither (the dump guesses) */
    static int dump(String mode, String register, byte[] b) {
        return dump(args(mode, register), b);
    }

    static int dump(String[] args, byte[] b) {
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return Dump.run(args, new ByteArrayInputStream(b), sink, sink, false);
    }

    private static String[] args(String mode, String register) {
        return mode.equals("--auto") ? new String[] {"--register", register, "-"}
                : new String[] {mode, "--register", register, "-"};
    }

    private static String dumpOutput(byte[] b) {
        return dumpOutput(REGISTER, b);
    }

    static String dumpOutput(String register, byte[] b) {
        return dumpOutput("--schema", register, b);
    }

    static String dumpOutput(String mode, String register, byte[] b) {
        return dumpOutput(args(mode, register), b);
    }

    static String dumpOutput(String[] args, byte[] b) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(out, true, StandardCharsets.UTF_8);
        Dump.run(args, new ByteArrayInputStream(b), sink, sink, false);
        return out.toString(StandardCharsets.UTF_8);
    }
}
