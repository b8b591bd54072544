package dev.blit.cli;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.Blit;
import dev.blit.log.BlitLog;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whatever the bytes, {@code blit dump} prints something and returns 0 or 1: damage is reported in the
 * output, never thrown. The first input byte picks the format and the mode; the rest is the input (a stream,
 * or a log segment when it starts with "BLITLOG\0").
 */
class DumpFuzzTest {
    private static final String[][] OPTIONS = {
            {}, {"--hex"}, {"--json"}, {"--compatible"}, {"--schema", "--hex"},
            {"--register", DumpTest.Line.class.getName() + "=100," + DumpTest.Point.class.getName() + "=101"},
            {"--blit", DumpTest.class.getName() + "#CONFIGURED"},
            {"--blit", DumpTest.class.getName() + "#THROWING"},
            {"--classpath", DumpTest.testClasses()},
            {"--blit", DumpTest.class.getName() + "#NAMED", "--hex"},
    };

    record Line(int qty, String sku) {
    }

    static Stream<Arguments> seeds() {
        List<Arguments> seeds = new ArrayList<>();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("a", List.of(1, 2L, 1.5, "€"));
        m.put("b", new BigDecimal("1.5"));
        byte[] builtins = Blit.builder().build().toBytes(m);
        byte[] compatible = Blit.builder().compatible(true).register(Line.class, 100).build()
                .toBytes(new ArrayList<>(List.of(new Line(1, "a"), new Line(2, "b"))));
        byte[] segment = segment();
        byte[] exceptions = DumpTest.THROWING.toBytes(DumpAgreesWithLibraryTest.exceptions());
        byte[] named = DumpTest.NAMED.toBytes(List.of(new DumpTest.Line(1, "a"), new DumpTest.Point(2, 3),
                new DumpTest.Line(4, "b"), java.util.EnumSet.of(DumpTest.Side.SELL), new DumpTest.Point[] {new DumpTest.Point(5, 6)},
                new DumpTest.Stamp(7, "c"), new DumpTest.Stamp(8, "d")));
        for (int o = 0; o < OPTIONS.length; o++) {
            seeds.add(Arguments.of((Object) prefix(o, builtins)));
            seeds.add(Arguments.of((Object) prefix(o, compatible)));
            seeds.add(Arguments.of((Object) prefix(o, segment)));
            seeds.add(Arguments.of((Object) prefix(o, exceptions)));
            seeds.add(Arguments.of((Object) prefix(o, named)));
        }
        return seeds.stream();
    }

    /** The used part of a BlitLog segment: header, three records, the empty slot after them. */
    private static byte[] segment() {
        try {
            Path dir = Files.createTempDirectory("dump-fuzz-log");
            try (BlitLog log = BlitLog.open(dir, Blit.builder().build(), BlitLog.Options.defaults().segmentSize(256))) {
                log.append("hi");
                log.append(42L);
                log.append(List.of(1, "x"));
            }
            Path seg = dir.resolve("00000000000000000000.seg");
            byte[] bytes = Arrays.copyOf(Files.readAllBytes(seg), 104);
            Files.delete(seg);
            Files.deleteIfExists(dir.resolve(BlitLog.LOCK_FILE));
            Files.deleteIfExists(dir.resolve(BlitLog.CHECKPOINT_FILE));
            Files.delete(dir);
            return bytes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] prefix(int b, byte[] rest) {
        byte[] out = new byte[rest.length + 1];
        out[0] = (byte) b;
        System.arraycopy(rest, 0, out, 1, rest.length);
        return out;
    }

    @MethodSource("seeds")
    @FuzzTest(maxDuration = "10s")
    void dumpOfAnyBytesNeverThrows(byte[] input) {
        if (input.length == 0) {
            return;
        }
        String[] options = OPTIONS[(input[0] & 0xff) % OPTIONS.length];
        byte[] data = Arrays.copyOfRange(input, 1, input.length);
        PrintStream sink = new PrintStream(OutputStream.nullOutputStream(), false, StandardCharsets.UTF_8);
        int code = Dump.dumpBytes(data, options, sink);
        assertTrue(code == 0 || code == 1, "exit code " + code);
    }
}
