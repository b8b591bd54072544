package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.log.BlitLog;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A BlitLog segment file with any content: a reader lists and reads its records, and a writer recovers it
 * (truncating a torn tail) and appends again. Every failure is a {@link BlitException} naming the record
 * index or the offset; nothing else escapes. Seeded with a real segment of three records.
 */
class LogFileFuzzTest {
    private static final Blit BLIT = Workloads.blit(false);
    private static final String SEGMENT = "00000000000000000000.seg";
    private static final BlitLog.Options SMALL = BlitLog.Options.defaults().segmentSize(4096);
    /**
     * On Java 17 to 21 a memory mapping is released only when its buffer is garbage-collected (Java 22 and
     * later release it when the log closes), and this harness opens a few logs per input with a small heap
     * that rarely collects: without a nudge, tens of thousands of inputs reach Linux's limit of 65,530 mappings per
     * process. Not a decoding problem; a long-running process that opens and closes logs this often would
     * need the same (see BlitLog's class comment).
     */
    private static int runs;

    static Stream<Arguments> segments() throws IOException {
        Path dir = Files.createTempDirectory("blit-log-seed");
        try (BlitLog log = BlitLog.open(dir, BLIT, SMALL)) {
            log.append("first");
            log.append(Workloads.marketData());
            log.append(Workloads.seed());
            log.sync();
        }
        byte[] bytes = Files.readAllBytes(dir.resolve(SEGMENT));
        delete(dir);
        return Stream.of(Arguments.of((Object) bytes));
    }

    @MethodSource("segments")
    @FuzzTest(maxDuration = "10s")
    void anySegmentFileIsReadOrRejectedWithBlitException(byte[] segment) throws IOException {
        if (++runs % 2000 == 0) {
            System.gc();
        }
        long mappingsBefore = mappings();
        Path dir = Files.createTempDirectory("blit-log-fuzz");
        try {
            Files.write(dir.resolve(SEGMENT), segment);
            try (BlitLog reader = BlitLog.openReader(dir, BLIT)) {
                readAll(reader);
            } catch (BlitException expected) {
                mustNameWhere(expected);
            }
            try (BlitLog writer = BlitLog.open(dir, BLIT, SMALL)) {
                readAll(writer);
                long index = writer.append("after");
                if (!"after".equals(writer.read(index))) {
                    throw new AssertionError("the record appended after recovery reads back wrong");
                }
            } catch (BlitException expected) {
                mustNameWhere(expected);
            }
        } finally {
            delete(dir);
        }
        long grown = mappings() - mappingsBefore;
        if (grown > 64) {
            throw new AssertionError("one segment file of " + segment.length + " bytes left " + grown + " new memory mappings");
        }
    }

    /** The process's memory mappings (Linux), or 0 where /proc is not there. */
    private static long mappings() throws IOException {
        Path maps = Path.of("/proc/self/maps");
        if (!Files.isReadable(maps)) {
            return 0;
        }
        try (Stream<String> lines = Files.lines(maps)) {
            return lines.count();
        }
    }

    private static void readAll(BlitLog log) {
        long n = log.size();
        for (long i = 0; i < n; i++) {
            try {
                log.read(i);
            } catch (BlitException damaged) {
                mustNameWhere(damaged);
            }
        }
    }

    private static void mustNameWhere(BlitException e) {
        String m = e.getMessage();
        if (m == null || !(m.contains("offset") || m.contains("index") || m.contains("record"))) {
            throw new AssertionError("BlitException that names no offset, index or record: " + m, e);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
