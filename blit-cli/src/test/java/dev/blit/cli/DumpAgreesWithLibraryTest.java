package dev.blit.cli;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.Date;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code blit dump} calls damage what the library would refuse, and nothing else: on thousands of damaged
 * copies of a payload of built-in types, the dump exits 0 exactly when {@code Blit.read} reads every value.
 * The dump works without the classes, so where only the values themselves can tell, it is silent, and this
 * test leaves those out, each named below: user type ids (the classes are not given), keys a sorted map or set
 * cannot compare, duplicates in {@code Set.of}/{@code Map.of}, and elements of arrays whose component has subclasses (collections, {@code ZoneId},
 * {@code BigInteger}, {@code BigDecimal}, {@code Date}).
 */
class DumpAgreesWithLibraryTest {
    private static final Pattern ONLY_THE_CLASSES_TELL = Pattern.compile(
            "not a built-in type, not registered|not a built-in or registered type|unknown type id \\d{3,} "
                    + "|cannot go into a java\\.util\\.Tree|duplicate (element|key)"
                    + "|element \\d+ of a (java\\.util\\.|java\\.math\\.|java\\.time\\.ZoneId\\[)");

    private final Blit blit = Blit.builder().references(true).build();

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
                assertEquals(0, code, () -> "the library reads it, the dump calls it damaged: " + java.util.HexFormat.ofDelimiter(" ").formatHex(b));
            } else {
                refused++;
                assertEquals(1, code, () -> "the library refuses it (" + lib + "), the dump does not: " + java.util.HexFormat.ofDelimiter(" ").formatHex(b));
            }
        }
        assertTrue(compared > 4000 && refused > 1000, compared + " compared, " + refused + " refused");
    }

    private static Map<String, Object> sample() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("boxes", List.of(1, 2L, 1.5, "€", 'c', (byte) 3, (short) 4, 2.5f, true));
        m.put("big", List.of(new BigDecimal("1.5"), new BigInteger("123456789012345678901234567890"),
                new BigDecimal(new BigInteger("98765432109876543210"), 3)));
        m.put("arrays", new Object[] {new long[] {1, 2}, new int[] {3}, new boolean[] {true}, new String[] {"x", null},
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
        PrintStream sink = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        return Dump.run(new String[] {"--schema", "-"}, new ByteArrayInputStream(b), sink, sink, false);
    }
}
