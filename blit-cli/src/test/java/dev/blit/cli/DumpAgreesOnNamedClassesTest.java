package dev.blit.cli;

import dev.blit.Blit;
import dev.blit.cli.DumpAgreesWithLibraryTest.OrderRejected;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link DumpAgreesWithLibraryTest} for classes written by name (id 99, extended id 43; FORMAT.md, "Classes written
 * by name"): on damaged copies of a payload of them, in both modes, the dump given the classes
 * ({@code --classpath}) exits 0 exactly when a Blit that allows their names reads the bytes, but for what only the
 * reader tells: whether a name matches its patterns, names a class it has or registered
 * ({@link #ONLY_THE_READER_TELLS}), and what only the classes tell, as for registered ones. Each refusal of a class
 * reference, a name, and a class as a type or element, once, by hand. Apart so that the test of the whole stays
 * a readable size.
 */
class DumpAgreesOnNamedClassesTest {
    record Point(int x, int y) {
    }

    /** An enum with a constant body: the body is written as its enum, by the enum's name. */
    enum Color {
        RED, GREEN {
            @Override
            public String toString() {
                return "green";
            }
        }, BLUE
    }

    /** A class and its subclass: an array of the one holds the other. */
    static class Base {
        int a;

        Base(int a) {
            this.a = a;
        }
    }

    static final class Derived extends Base {
        String label;

        Derived(int a, String label) {
            super(a);
            this.label = label;
        }
    }

    /** Never written by name: an interface, an abstract class. */
    interface Shape {
    }

    abstract static class Abstract {
    }

    /**
     * A comparator written by name, of a sorted set; null first, so that whether the set holds null does not depend
     * on which value the damage made the comparator compare it with (the dump does not compare).
     */
    static final class ByLength implements Comparator<String> {
        @Override
        public int compare(String a, String b) {
            if (a == null || b == null) {
                return a == null ? b == null ? 0 : -1 : 1;
            }
            return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
        }
    }

    private static final String PACKAGE = "dev.blit.cli.*";
    private static final Blit SCHEMA = Blit.builder().references(true).allowClassNames(PACKAGE).build();
    private static final Blit COMPATIBLE = Blit.builder().compatible(true).references(true).allowClassNames(PACKAGE).build();
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");
    private static final String POINT = Point.class.getName();
    private static final String COLOR = Color.class.getName();
    private static final String BASE = Base.class.getName();
    private static final String DERIVED = Derived.class.getName();

    /**
     * What only the reader tells: whether a name matches its {@code allowClassNames} (a name no Blit reads, the dump
     * refuses too), names a class its loader finds, or one it registered.
     */
    private static final Pattern ONLY_THE_READER_TELLS = Pattern.compile(
            "is not allowed: it matches none|names no class this Blit|reads no class by name|registered with this Blit");

    /** The dump's arguments: the mode, the test classes, stdin. */
    private static String[] args(String mode) {
        return new String[] {mode, "--classpath", DumpTest.testClasses(), "-"};
    }

    /**
     * Records, plain classes and a subclass, an enum (a constant with a body, and again: a back reference), a
     * comparator, an exception with a cause of its class, typed arrays, an EnumSet and an EnumMap of them, all
     * written by name, and shared objects.
     */
    static List<Object> sample() {
        Point p = new Point(1, -2);
        Derived d = new Derived(7, "seven");
        TreeSet<String> byLength = new TreeSet<>(new ByLength());
        byLength.addAll(List.of("bb", "a"));
        Map<Color, Object> byColor = new EnumMap<>(Color.class);
        byColor.put(Color.BLUE, p);
        OrderRejected rejected = new OrderRejected("A-17", 409);
        OrderRejected cause = new OrderRejected("A-16", 500);
        cause.setStackTrace(new StackTraceElement[0]);
        rejected.initCause(cause);
        rejected.setStackTrace(new StackTraceElement[] {new StackTraceElement("com.shop.Orders", "place", "Orders.java", 7)});
        List<Object> points = new ArrayList<>(); // content enough beside the names, which damage mostly makes unknown
        for (int i = 0; i < 100; i++) {
            points.add(i % 3 == 0 ? new Derived(i, "d" + i) : new Point(i, -i * 1000));
        }
        return new ArrayList<>(Arrays.asList(p, Color.GREEN, Color.BLUE, Color.GREEN, d, new Base(3), p,
                new Point[] {new Point(3, 4), null, p}, new Base[] {d, new Base(5), null}, EnumSet.of(Color.RED, Color.BLUE),
                byColor, byLength, rejected, List.of(new Point(0, 0), "x"), points));
    }

    /**
     * Both modes, 5,000 damaged copies each: names take a good part of the bytes, and a damaged name is one only the
     * reader can refuse (or not), so fewer copies are compared than for the other payloads.
     */
    @Test
    void theDumpRefusesExactlyWhatTheLibraryRefusesInClassesWrittenByName() {
        for (Blit blit : new Blit[] {SCHEMA, COMPATIBLE}) {
            String mode = blit == COMPATIBLE ? "--compatible" : "--schema";
            byte[] seed = blit.toBytes(sample());
            assertEquals("ok", DumpAgreesWithLibraryTest.library(blit, seed));
            assertEquals(0, DumpAgreesWithLibraryTest.dump(args(mode), seed),
                    () -> DumpAgreesWithLibraryTest.dumpOutput(args(mode), seed));
            DumpAgreesWithLibraryTest.compareDamaged(blit, args(mode), seed, blit == COMPATIBLE ? 20261202 : 20261201,
                    5000, 2700, DumpAgreesWithLibraryTest.ONLY_THE_CLASSES_TELL, ONLY_THE_READER_TELLS,
                    DumpAgreesWithLibraryTest.ONLY_THE_READERS_FIELDS_TELL,
                    DumpAgreesWithLibraryTest.ONLY_THE_REBUILT_EXCEPTION_TELLS);
        }
    }

    /** {@code str} of a name, as hex. */
    private static String str(String s) {
        StringBuilder b = new StringBuilder();
        int h = (s.length() << 1) + 1;
        while (h >= 0x80) {
            b.append(String.format("%02x ", (h & 0x7f) | 0x80));
            h >>>= 7;
        }
        b.append(String.format("%02x", h));
        for (byte c : s.getBytes(StandardCharsets.ISO_8859_1)) {
            b.append(String.format(" %02x", c));
        }
        return b.toString();
    }

    /**
     * A new class name in a new package, as hex: {@code 00}, the package, the name in it, each in the string form
     * of a name ({@code 00 str}), which readers take for any name (writers pack those they can).
     */
    private static String name(String binaryName) {
        int dot = binaryName.lastIndexOf('.');
        return "00 00 " + str(dot < 0 ? "" : binaryName.substring(0, dot)) + " 00 " + str(binaryName.substring(dot + 1));
    }

    /** {@code v} alone, written by name, as hex: it gives the names it uses, so it fits anywhere a value does. */
    private static String alone(Object v) {
        return HEX.formatHex(SCHEMA.toBytes(v));
    }

    /**
     * Each refusal once, by hand: class references to a name not given, null, over-long, malformed and JDK names,
     * and classes never written by name; a named enum's ordinal past its constants, as a value and as an
     * EnumSet's or EnumMap's type; a named class that is no enum as one; the elements a typed array of a named
     * class cannot hold (a built-in, another class, a built-in in a run of id 99); a named value that is no
     * comparator, no cause. And what both read: a subclass in an array of its base, a run of named values, a
     * comparator and an enum constant's body written by name.
     */
    @Test
    void eachRefusalOfAClassWrittenByNameIsTheLibrarys() {
        String point = alone(new Point(1, 2));
        DumpAgreesWithLibraryTest.bothRefuse(args("--schema"), SCHEMA, new String[][] {
                {"63 2b 01", "class reference 1 at offset 2: this message named 0 classes so far"},
                {"24 02 " + point + " 63 2b 02", "class reference 2 at offset " + (HEX.parseHex(point).length + 4)},
                {"63 2b 80 80 80 80 08", "class reference 2147483648 at offset 2"},
                {"63 2b 00 00 00 00", "null package name at offset 4"},
                {"63 2b 00 00 01 00 00", "null class name at offset 5"},
                // packed names: bits set after the last code, a length over the limit, too few bytes
                {"63 2b 00 00 02 40", "packed package name at offset 4: the bits after its 1 characters are not zero"},
                {"63 2b 00 00 01 02 c0", "packed class name at offset 5: the bits after its 1 characters are not zero"},
                {"63 2b 00 00 82 08", "package name of 1025 chars at offset 4: at most 1024"},
                {"63 2b 00 00 01 82 08", "class name of 1025 chars at offset 5: at most 1024"},
                {"63 2b 00 00 0b 00 00", "truncated"},
                {"63 2b 00 01 " + str("X"), "package reference 1 at offset 3: this message named 0 packages so far"},
                {"63 2b 00 00 00 " + str("dev.blit") + " 00 " + str("cli.X"), "class name \"cli.X\", which holds a dot, at offset 14"},
                {"63 2b 00 00 00 " + str("x".repeat(1025)), "package name of 1025 chars at offset 4: at most 1024"},
                {"63 2b 00 " + name("dev.blit.cli." + "x".repeat(1100)), "class name of 1113 chars at offset 3: at most 1024"},
                {"63 2b 00 " + name("java.util.HashMap") + " 00", "class name \"java.util.HashMap\" at offset 3 is in the JDK's"},
                {"63 2b 00 " + name("com.sun.X") + " 00", "is in the JDK's packages"},
                {"63 2b 00 " + name("dev.blit..cli.X") + " 00", "is no binary class name"},
                {"63 2b 00 " + name(POINT + "[]") + " 00", "is no binary class name"},
                {"63 2b 00 " + name(Shape.class.getName()) + " 00", "which is not written by name"},
                {"63 2b 00 " + name(Abstract.class.getName()) + " 00", "which is not written by name"},
                {"63 2b 00 " + name(COLOR + "$1") + " 00", "which is not written by name"},
                {"63 2b 00 " + name(POINT) + " 01 00 00", "truncated"},
                {"63 2b 00 " + name(POINT), "truncated"},
                {"63 2b 00 " + name(COLOR) + " 03", "ordinal 3 at offset " + (7 + COLOR.length()) + " is past the 3 constants"},
                // as types: an array's component, an EnumSet's or EnumMap's enum
                {"15 63 2b 01 00", "class reference 1 at offset 3"},
                {"2e 63 2b 00 " + name(POINT) + " 00", "EnumSet type at offset 1 is " + POINT + ", not an enum"},
                {"2e 15 63 2b 00 " + name(COLOR) + " 00", "EnumSet type at offset 1 is " + COLOR + "[], not an enum"},
                {"2e 63 2b 00 " + name(COLOR) + " 01 08", "EnumSet bit 3 at offset " + (9 + COLOR.length()) + " is not a constant of "
                        + COLOR + " (it has 3)"},
                {"2f 63 2b 00 " + name(COLOR) + " 01 05 00", "EnumMap key ordinal 5 at offset " + (9 + COLOR.length())},
                {"15 63 2b 00 " + name(POINT) + " 01 0b 03 61", "element 0 of a " + POINT + "[] is a String"},
                {"15 63 2b 00 " + name(POINT) + " 01 " + alone(new Base(5)), "element 0 of a " + POINT + "[] is a " + BASE},
                {"15 63 2b 00 " + name(DERIVED) + " 01 " + alone(new Base(5)), "element 0 of a " + DERIVED + "[] is a " + BASE},
                {"15 63 2b 00 " + name(POINT) + " 01 63 01 03 61", "element 0 of a " + POINT + "[] is a Path"},
                // a run of id 99 (writers tag each element; readers take one): each element must still fit
                {"15 63 2b 00 " + name(POINT) + " 02 45 63 2b 01 01 00 00 00 02 00 00 00 01 03 61",
                        "element 1 of a " + POINT + "[] is a Path"},
                {"2a 01 " + point + " 00", "expected a Comparator at offset 2 but found " + POINT},
                // an exception written by name whose cause is no Throwable
                {"63 2b 00 " + name(OrderRejected.class.getName()) + " 03 6d " + point + " 00 00 02 00",
                        "the cause of " + OrderRejected.class.getName() + " at offset"},
        });
        DumpAgreesWithLibraryTest.bothRead(args("--schema"), SCHEMA, new String[] {
                HEX.formatHex(SCHEMA.toBytes(sample())),
                "15 63 2b 00 " + name(BASE) + " 02 " + alone(new Derived(1, "d")) + " 00",
                "15 63 2b 00 " + name(POINT) + " 02 45 63 2b 01 01 00 00 00 02 00 00 00 2b 01 03 00 00 00 04 00 00 00",
                "2a 01 " + alone(new ByLength()) + " 00",
                alone(Color.GREEN),
                alone(EnumSet.noneOf(Color.class)),
                // Class values of classes written by name: 62, then 99 43 and a class reference, or 21 and that
                HEX.formatHex(SCHEMA.toBytes(List.of(Point.class, new Point(1, 2), Point[][].class, Color.class))),
        });
        DumpAgreesWithLibraryTest.bothRefuse(args("--schema"), SCHEMA, new String[][] {
                {"62 63 2b 00 " + name(Shape.class.getName()), "which is not written by name"},
                {"62 15 63 2b 01", "class reference 1 at offset 4"},
        });
        assertTrue(alone(Color.GREEN).endsWith(" 01"), "GREEN, ordinal 1, by its enum's name: " + alone(Color.GREEN));
    }

    /**
     * A registered class and classes written by name side by side: an array of the registered one holds a subclass
     * written by name and no other named class; an array of a named class no registered class that does not extend
     * it.
     */
    @Test
    void registeredClassesAndClassesWrittenByNameMeetInArrays() {
        Blit blit = Blit.builder().register(Base.class, 100).allowClassNames(PACKAGE).build();
        String[] args = {"--schema", "--register", BASE + "=100", "--classpath", DumpTest.testClasses(), "-"};
        String base = HEX.formatHex(blit.toBytes(new Base(5)));
        assertEquals("64 05 00 00 00", base);
        DumpAgreesWithLibraryTest.bothRead(args, blit, new String[] {
                HEX.formatHex(blit.toBytes(new Base[] {new Derived(1, "d"), new Base(2), null})),
        });
        DumpAgreesWithLibraryTest.bothRefuse(args, blit, new String[][] {
                {"15 64 01 " + alone(new Point(1, 2)), "element 0 of a " + BASE + "[] is a " + POINT},
                {"15 63 2b 00 " + name(DERIVED) + " 01 " + base, "element 0 of a " + DERIVED + "[] is a " + BASE},
        });
    }
}
