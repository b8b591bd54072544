package dev.blit.cli;

import dev.blit.Blit;
import dev.blit.log.BlitLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Input the dump cannot read, found after it began: damage in its place, with the file it is in and why, and a
 * whole document (closed JSON, a summary line) with exit code 1, as for damaged bytes.
 */
class DumpUnreadableInputTest {
    /** Where the dump meets the unreadable segment: after the log's own, before its checkpoint. */
    private static final String UNREADABLE = "00000000000000009999.seg";

    @Test
    void aDirectoryNamedLikeASegmentIsReportedInItsPlace(@TempDir Path tmp) throws IOException {
        Path log = log(tmp);
        Files.createDirectory(log.resolve(UNREADABLE));
        assertReportedInItsPlace(log, UNREADABLE + ": cannot be read: a directory, not a file");
    }

    @Test
    void aSegmentGoneSinceTheDirectoryWasListedIsReportedInItsPlace(@TempDir Path tmp) throws IOException {
        Path log = log(tmp);
        Files.createSymbolicLink(log.resolve(UNREADABLE), tmp.resolve("nowhere")); // listed, but no file to open
        assertReportedInItsPlace(log, UNREADABLE + ": cannot be read: no longer there (deleted while the dump ran?)");
    }

    @Test
    void aSegmentOverTwoGibibytesIsReportedInItsPlace(@TempDir Path tmp) throws IOException {
        Path log = log(tmp);
        try (RandomAccessFile f = new RandomAccessFile(log.resolve(UNREADABLE).toFile(), "rw")) {
            f.setLength(3L << 30); // sparse: no disk space taken
        }
        assertReportedInItsPlace(log, UNREADABLE + ": cannot be read: 3221225472 bytes: files over 2 GiB are not supported yet");
    }

    /**
     * A file cut short while the dump reads it (rewritten by its writer): the mapped bytes fault, which no check
     * of the dump's foresees. Here it is cut when the first progress line is written, a kilobyte in.
     */
    @Test
    void aFileCutShortWhileItIsDumpedEndsTheDocumentWithWhereItStopped(@TempDir Path tmp) throws IOException {
        Blit blit = Blit.builder().build();
        ByteArrayOutputStream values = new ByteArrayOutputStream();
        for (int i = 0; i < 4000; i++) {
            values.writeBytes(blit.toBytes("value " + i));
        }
        Path file = tmp.resolve("values.blit");
        for (String format : List.of("--json", "--hex")) {
            Files.write(file, values.toByteArray());
            OutputStream cutter = new OutputStream() {
                @Override
                public void write(int b) throws IOException {
                    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                        ch.truncate(0);
                    }
                }
            };
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            int code = Dump.run(new String[] {format, file.toString()}, new ByteArrayInputStream(new byte[0]),
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(cutter, true, StandardCharsets.UTF_8), 1024L);
            String dump = out.toString(StandardCharsets.UTF_8);
            assertEquals(1, code, dump);
            String problem = "values.blit: stopped at offset \\d+: the file changed while it was read \\(cut short\\?\\)";
            if (format.equals("--json")) {
                Map<?, ?> doc = (Map<?, ?>) new Json(dump).parse();
                List<?> problems = (List<?>) doc.get("problems");
                assertEquals(1, problems.size(), dump);
                assertTrue(((String) problems.get(0)).matches(problem), dump);
                assertTrue(((String) doc.get("summary")).matches("stopped at offset \\d+ of values.blit"), dump);
            } else {
                List<String> lines = dump.lines().toList();
                assertTrue(lines.get(lines.size() - 2).matches("# !! " + problem), dump);
                assertTrue(lines.get(lines.size() - 1).matches("# stopped at offset \\d+ of values.blit"), dump);
            }
        }
    }

    /** Three records in one segment, and a checkpoint. */
    private static Path log(Path tmp) {
        Path dir = tmp.resolve("log");
        try (BlitLog log = BlitLog.open(dir, Blit.builder().build(), BlitLog.Options.defaults().segmentSize(4096))) {
            log.append("hi");
            log.append(42L);
            log.append("bye");
        }
        return dir;
    }

    private static void assertReportedInItsPlace(Path log, String problem) {
        String[] text = run(log);
        assertEquals("1", text[0], text[1] + text[2]);
        assertEquals("", text[2]);
        List<String> lines = text[1].lines().toList();
        assertTrue(lines.contains("# !! " + problem + " (at offset 0)"), text[1]);
        assertTrue(text[1].contains("\"bye\"") && text[1].contains("blitlog.checkpoint, segment 0"), text[1]);
        assertEquals("# 3 records shown", lines.get(lines.size() - 1), text[1]);

        String[] json = run(log, "--json");
        assertEquals("1", json[0], json[1] + json[2]);
        assertEquals("", json[2]);
        Map<?, ?> doc = (Map<?, ?>) new Json(json[1]).parse();
        assertEquals(List.of(problem), doc.get("problems"));
        assertEquals("3 records shown", doc.get("summary"));
        List<?> items = (List<?>) doc.get("items");
        Map<?, ?> unreadable = (Map<?, ?>) items.get(items.size() - 2);
        assertEquals("segment " + UNREADABLE, unreadable.get("type"));
    }

    /** @return the exit code, stdout and stderr */
    private static String[] run(Path input, String... options) {
        String[] args = Stream.concat(Stream.of(options), Stream.of(input.toString())).toArray(String[]::new);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Dump.run(args, new ByteArrayInputStream(new byte[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), false);
        return new String[] {Integer.toString(code), out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8)};
    }
}
