package dev.blit.cli;

import dev.blit.Blit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Input at the edges of what the dump can hold: one huge value, deep nesting, big numbers, big files. Each is
 * shown (in part) in bounded memory and time, or refused as the library refuses it, never with a stack trace.
 */
class DumpLimitsTest {
    record Result(int code, String out, String err) {
    }

    /** The tagged values the dump keeps of one value (Decoder.KEPT). */
    private static final int KEPT = 50_000;

    /** A string of 60 million chars in a JVM of 64 MB: only the chars shown are decoded. */
    @Test
    void aHugeStringIsShownCutShortInASmallHeap(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("str.bin");
        long length = 60_000_000L;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.write(11); // String
            long h = 2 * length + 1; // Latin-1: length << 1, plus 1
            while (h >= 0x80) {
                f.write((int) (h & 0x7f) | 0x80);
                h >>>= 7;
            }
            f.write((int) h);
            f.setLength(f.getFilePointer() + length); // sparse zeros: chars U+0000
        }
        Result r = child(file.toString(), null);
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("... (60000000 chars)"), r.out);
        assertEquals("", r.err);
    }

    /** A list of more elements than a value keeps: the first are shown, the rest read (for damage) and counted. */
    @Test
    void aHugeListShowsItsFirstElementsAndCountsTheOthers() {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < KEPT + 10_000; i++) {
            list.add(i);
        }
        byte[] bytes = Blit.builder().build().toBytes(list);
        Result r = run(bytes);
        assertEquals(0, r.code, r.err);
        int hidden = list.size() - (KEPT - 1); // the list itself is one of the values kept
        assertTrue(r.out.contains("... " + hidden + " more elements, not shown"), r.out.substring(r.out.length() - 500));
        assertTrue(r.out.lines().count() < KEPT + 10, "lines: " + r.out.lines().count());
        assertTrue(run(bytes, "--hex").out.contains("not shown: first 64 of"));

        // damage among the elements not shown is still found, and shown
        byte[] damaged = bytes.clone();
        damaged[damaged.length - 2] = (byte) 0x80; // the last Integer's varint runs past the end
        damaged = Arrays.copyOf(damaged, damaged.length - 1);
        Result d = run(damaged);
        assertEquals(1, d.code, d.out);
        assertTrue(d.out.contains("... " + (hidden - 1) + " more elements, not shown"), d.out.substring(d.out.length() - 800));
        assertTrue(d.out.contains("[" + (list.size() - 1) + "]: Integer (7)"), d.out.substring(d.out.length() - 800));
    }

    /** Stdin of 100 MB in a JVM of 64 MB: it is spilled to a temporary file and mapped, not held in the heap. */
    @Test
    void stdinIsNotHeldInTheHeap(@TempDir Path tmp) throws Exception {
        Path file = tmp.resolve("bytes.bin");
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.write(new byte[] {13, (byte) 0x81, (byte) 0xc2, (byte) 0xd7, 0x2f}); // byte[] of 100,000,000
            f.setLength(5 + 100_000_000L); // sparse zeros
        }
        Result r = child("-", file);
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("(100000000 elements)"), r.out);
        assertTrue(r.out.contains("# 1 value, 100000005 bytes"), r.out);
    }

    /**
     * A BigInteger of over 400 bytes is shown by the first hex digits of its magnitude and its size, in a moment
     * (its decimal digits took seconds for a few hundred thousand, quadratically more beyond); an exact power of
     * two, whose rest is all zero, too.
     */
    @Test
    void aBigIntegerOfThousandsOfDigitsIsShownByItsSize() {
        java.util.Random random = new java.util.Random(7);
        BigInteger p = new BigInteger(8000, random).setBit(7999);
        List<BigInteger> numbers = List.of(p, p.negate(), BigInteger.ONE.shiftLeft(5000).negate(),
                BigInteger.ONE.shiftLeft(5000).add(BigInteger.ONE).negate(), BigInteger.ONE.shiftLeft(3000));
        Blit blit = Blit.builder().build();
        for (BigInteger x : numbers) {
            Result r = run(blit.toBytes(x));
            assertEquals(0, r.code, r.out);
            String hex = x.abs().toString(16);
            String shown = x.bitLength() <= 3200 ? x.toString() // 400 bytes and less: all its digits
                    : (x.signum() < 0 ? "-" : "") + "0x" + hex.substring(0, 32) + "... (" + x.abs().bitLength() + " bits, about "
                    + (long) (x.abs().bitLength() * Math.log10(2)) + " decimal digits)";
            assertTrue(r.out.contains("BigInteger (22) = " + shown + "\n"), r.out);
        }
        Result d = run(blit.toBytes(new BigDecimal(p, 7)));
        assertTrue(d.out.contains("BigDecimal (23) = unscaled 0x" + p.toString(16).substring(0, 32) + "... (8000 bits"), d.out);
    }

    /**
     * Values nested as deeply as {@code Blit.read} reads by default are dumped (they were damage past 400), those
     * it refuses are damage; 100,000 levels end with where and why, not a StackOverflowError.
     */
    @Test
    void valuesNestAsDeeplyAsTheLibraryReads() throws InterruptedException {
        Thread t = new Thread(null, DumpLimitsTest::nesting, "deep", 512L << 20); // where the library reads them
        Throwable[] failed = new Throwable[1];
        t.setUncaughtExceptionHandler((x, e) -> failed[0] = e);
        t.start();
        t.join();
        if (failed[0] instanceof AssertionError e) {
            throw e;
        }
        assertEquals(null, failed[0]);
    }

    private static void nesting() {
        Blit blit = Blit.builder().maxDepth(4096).references(true).build(); // writes deeper than the default reads
        Blit reader = Blit.builder().references(true).build();
        for (int levels : new int[] {500, 2047, 2048, 2049}) {
            for (Object bottom : new Object[] {null, 1, "x", new int[0], "back reference"}) {
                Object[] top = new Object[1];
                Object[] v = top;
                for (int i = 1; i < levels; i++) {
                    Object[] inner = new Object[1];
                    v[0] = inner;
                    v = inner;
                }
                v[0] = "back reference".equals(bottom) ? top : bottom;
                byte[] bytes = blit.toBytes(top);
                boolean reads;
                try {
                    reader.fromBytes(bytes);
                    reads = true;
                } catch (dev.blit.BlitException e) {
                    reads = false;
                }
                Result r = run(bytes);
                assertEquals(reads ? 0 : 1, r.code, levels + " levels over " + bottom + ": " + r.err
                        + r.out.substring(Math.max(0, r.out.length() - 400)));
                if (levels == 500) {
                    assertTrue(reads);
                }
            }
        }
        byte[] hostile = new byte[200_001];
        for (int i = 0; i < 100_000; i++) {
            hostile[2 * i] = 20; // Object[] of one element
            hostile[2 * i + 1] = 2;
        }
        Result r = run(hostile);
        assertEquals(1, r.code, r.err);
        assertTrue(r.out.contains("value #0 is damaged: values nest deeper than 2048 at offset 4096"),
                r.out.substring(Math.max(0, r.out.length() - 400)));
    }

    /**
     * Text from the bytes (a compatible field table's names, an InetAddress's host name, a string) cannot forge
     * lines or terminal escapes in the text and hex views: line breaks, ESC, U+2028 are escaped.
     */
    @Test
    void textFromTheInputCannotForgeLinesOrEscapes() {
        byte[] forgedName = hex("6448020378058301790a20202020202020203132202023313a20537472696e672028313129203d2022666f72"
                + "676564220a2320322076616c7565732c2039392062797465731b5b324a0a020361");
        byte[] forgedHost = hex("630335680a2320392076616c7565732c20312062797465731b5b33316d0501020304");
        byte[] separator = Blit.builder().build().toBytes("a\u2028b\u2029c");
        for (byte[] bytes : List.of(forgedName, forgedHost, separator)) {
            for (String format : new String[] {"--hex", "--compatible"}) {
                Result r = run(bytes, format);
                assertEquals(0, r.code, r.out);
                for (String line : r.out.split("\n")) {
                    assertTrue(line.startsWith("#") || line.startsWith(" ") || line.matches("[0-9a-f]{2} .*"), line);
                    assertTrue(line.chars().noneMatch(c -> c < 0x20 || c == 0x2028 || c == 0x2029), line);
                }
            }
        }
        assertTrue(run(forgedHost).out.contains("InetAddress (99) = h\\u000a# 9 values, 1 bytes\\u001b[31m/1.2.3.4"));
    }

    /** A type id of 2^31 or more is damage, shown as it is (it was shown as 2147483647, needing its class). */
    @Test
    void aTypeIdOverTheIntRangeIsDamage() {
        Result r = run(hex("808080800800"));
        assertEquals(1, r.code, r.out);
        assertTrue(r.out.contains("value #0 is damaged: unknown type id 2147483648 at offset 0"), r.out);
        assertTrue(r.out.contains("#0: type id 2147483648"), r.out);
    }

    /** The summary names where the damage is (the malformed varint at 3), not where reading stopped (8). */
    @Test
    void theSummaryNamesTheOffsetOfTheDamage() {
        Result r = run(hex("1401018080808010"));
        assertEquals(1, r.code, r.out);
        assertTrue(r.out.contains("malformed varint at offset 3"), r.out);
        assertTrue(r.out.endsWith("# 0 whole values, then damage at offset 3\n"), r.out);
    }

    /** Dates of years before 0 or after 9999 are written as java.time writes them. */
    @Test
    void datesOutsideFourDigitYearsAreShownAsJavaTimeShowsThem() {
        Blit blit = Blit.builder().build();
        for (Object date : List.of(java.time.LocalDate.of(-5, 1, 1), java.time.LocalDate.of(10000, 1, 1),
                java.time.LocalDate.of(-12345, 6, 7), java.time.LocalDateTime.of(-5, 1, 1, 10, 20, 30),
                java.time.LocalDateTime.of(10000, 12, 31, 23, 59, 59))) {
            Result r = run(blit.toBytes(date));
            assertEquals(0, r.code, r.out);
            assertTrue(r.out.contains(" = " + date + (date instanceof java.time.LocalDateTime ? "" : "\n")), r.out);
        }
    }

    /**
     * A file over 2 GiB (sparse) is read through several mappings, values across their boundary too: a byte[]
     * to just before 1 GiB, a Double across it, a byte[] of over 2 GiB, then a String past 3 GiB.
     */
    @Test
    void aFileOverTwoGibibytesIsRead(@TempDir Path tmp) throws IOException {
        Path file = tmp.resolve("big.bin");
        long gib = 1L << 30;
        long second = gib + 6;
        long end = 3 * gib + 100;
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.write(13); // byte[] ending at 1 GiB - 3
            f.write(varint(gib - 9 + 1));
            f.seek(gib - 3);
            f.write(10); // Double 1.5, across the boundary
            f.write(new byte[] {0, 0, 0, 0, 0, 0, (byte) 0xf8, 0x3f});
            f.seek(second);
            f.write(13);
            f.write(varint(end - (second + 6) + 1));
            f.seek(end);
            f.write(new byte[] {11, 7, 'e', 'n', 'd'});
        }
        Result r = exec(file.toString());
        assertEquals(0, r.code, r.out + r.err);
        assertTrue(r.out.contains("Double (10) = 1.5"), r.out);
        assertTrue(r.out.contains(end + "  #3: String (11) = \"end\""), r.out);
        assertTrue(r.out.endsWith("# 4 values, " + (end + 5) + " bytes\n"), r.out);
    }

    private static byte[] varint(long v) {
        java.io.ByteArrayOutputStream b = new java.io.ByteArrayOutputStream();
        while (v >= 0x80) {
            b.write((int) (v & 0x7f) | 0x80);
            v >>>= 7;
        }
        b.write((int) v);
        return b.toByteArray();
    }

    private static byte[] hex(String s) {
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    // ---------------------------------------------------------------- helpers

    static Result run(byte[] stdin, String... args) {
        String[] all = Arrays.copyOf(args, args.length + 1);
        all[args.length] = "-";
        return exec(stdin, all);
    }

    static Result exec(String file) {
        return exec(new byte[0], file);
    }

    private static Result exec(byte[] stdin, String... all) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Dump.run(all, new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** The dump in a JVM of 64 MB, on {@code file} ("-": {@code stdin}, a file given to it as its stdin). */
    static Result child(String file, Path stdin) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-cp", System.getProperty("java.class.path"), Dump.class.getName(), file);
        if (stdin != null) {
            pb.redirectInput(stdin.toFile());
        }
        Process p = pb.start();
        p.getOutputStream().close();
        byte[] err = new byte[0];
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> {
            try {
                p.getInputStream().transferTo(out);
            } catch (IOException e) {
                // the process is gone
            }
        });
        drain.start();
        err = p.getErrorStream().readAllBytes();
        int code = p.waitFor();
        drain.join();
        return new Result(code, out.toString(StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }
}
