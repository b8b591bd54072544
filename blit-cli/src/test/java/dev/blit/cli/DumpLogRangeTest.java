package dev.blit.cli;

import dev.blit.Blit;
import dev.blit.log.BlitLog;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@code --from N --limit K} shows the records whose index is in {@code N .. N+K-1}, whatever the log's first
 * index and however large K is.
 */
class DumpLogRangeTest {
    private static final Pattern RECORD = Pattern.compile("^ +\\d+  record (\\d+), ", Pattern.MULTILINE);

    @TempDir
    static Path tmp;
    /** 300 records in 256-byte segments, those before 20 deleted: its first segment starts at 18. */
    private static Path log;

    @BeforeAll
    static void writeLog() {
        log = tmp.resolve("range.log");
        try (BlitLog l = BlitLog.open(log, Blit.builder().build(), BlitLog.Options.defaults().segmentSize(256))) {
            for (int i = 0; i < 300; i++) {
                l.append("record number " + i);
            }
            l.deleteBefore(20);
            assertEquals(18, l.firstIndex());
        }
    }

    @Test
    void aRangeBeforeTheFirstRecordOfTheLogShowsNone() {
        assertEquals(List.of(), records(log, "--from", "3", "--limit", "2"));
    }

    @Test
    void aRangeInsideTheLogShowsExactlyItsRecords() {
        assertEquals(List.of(22L, 23L, 24L, 25L), records(log, "--from", "22", "--limit", "4"));
        assertEquals(List.of(), records(log, "--from", "22", "--limit", "0"));
    }

    @Test
    void theLargestLimitShowsEveryRecordFromTheFirst() {
        assertEquals(List.of(290L, 291L, 292L, 293L, 294L, 295L, 296L, 297L, 298L, 299L),
                records(log, "--from", "290", "--limit", Long.toString(Long.MAX_VALUE)));
    }

    @Test
    void aSegmentFileDumpedAloneShowsOnlyTheRecordsOfTheRangeItHolds() throws IOException {
        Path second;
        try (Stream<Path> s = Files.list(log)) {
            second = s.filter(p -> p.toString().endsWith(".seg")).sorted().toList().get(1);
        }
        assertEquals(List.of(), records(second, "--from", "3", "--limit", "2"));
        assertEquals(List.of(25L), records(second, "--from", "25", "--limit", "1"));
    }

    /** The indices of the records the dump shows, checking that its summary counts as many. */
    private static List<Long> records(Path input, String... options) {
        String[] args = Stream.concat(Stream.of(options), Stream.of(input.toString())).toArray(String[]::new);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code = Dump.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), false);
        String dump = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, code, dump);
        Matcher m = RECORD.matcher(dump);
        List<Long> shown = m.results().map(r -> Long.parseLong(r.group(1))).toList();
        assertEquals("# " + shown.size() + (shown.size() == 1 ? " record shown" : " records shown"),
                dump.lines().reduce((a, b) -> b).orElse(""), dump);
        return shown;
    }
}
