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
    /** The file where the writer's last sync left the log (FORMAT.md, "Checkpoint"), and its size. */
    private static final String CHECKPOINT = BlitLog.CHECKPOINT_FILE;
    private static final int CHECKPOINT_SIZE = 20;
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
            readAndRecover(dir);
        } finally {
            delete(dir);
        }
        checkMappings(mappingsBefore, "one segment file of " + segment.length + " bytes");
    }

    /**
     * A log of a few segments: the seed is a real log of 256-byte segments, each file as {@code u16 length,
     * bytes}. Each file is named after the first index its header declares (bytes 16..23), so the fuzzer can
     * also make gaps, overlaps and segments out of order; a file of exactly 20 bytes is the checkpoint (the
     * seed has the writer's), which opening trusts only where the segments agree with it. A log's open reads
     * only its last segment (the writer's, the last two): the others are mapped, scanned and checked when
     * first read, so damage there must come out of {@code read}, as a BlitException naming the record.
     */
    static Stream<Arguments> logs() throws IOException {
        Path dir = Files.createTempDirectory("blit-log-seed");
        BlitLog.Options smallest = BlitLog.Options.defaults().segmentSize(BlitLog.Options.MIN_SEGMENT_SIZE);
        try (BlitLog log = BlitLog.open(dir, BLIT, smallest)) {
            log.append("first");
            log.append(Workloads.seed());
            log.append(42L);
            log.append("fourth record");
            log.append(new long[]{1, 2, 3});
            log.append("last");
            log.sync();
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".seg")
                    || f.getFileName().toString().equals(CHECKPOINT)).sorted()::iterator) {
                byte[] b = Files.readAllBytes(p);
                out.write(b.length & 0xFF);
                out.write(b.length >>> 8);
                out.write(b);
            }
        }
        delete(dir);
        return Stream.of(Arguments.of((Object) out.toByteArray()));
    }

    @MethodSource("logs")
    @FuzzTest(maxDuration = "10s")
    void anyRunOfSegmentFilesIsReadOrRejectedWithBlitException(byte[] data) throws IOException {
        if (++runs % 2000 == 0) {
            System.gc();
        }
        long mappingsBefore = mappings();
        Path dir = Files.createTempDirectory("blit-log-fuzz");
        try {
            int p = 0;
            for (int files = 0; files < 8 && p + 2 <= data.length; files++) {
                int n = Math.min((data[p] & 0xFF) | (data[p + 1] & 0xFF) << 8, data.length - p - 2);
                byte[] file = java.util.Arrays.copyOfRange(data, p + 2, p + 2 + n);
                p += 2 + n;
                long first = files;
                if (n >= 24) {
                    first = java.nio.ByteBuffer.wrap(file, 16, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong();
                    first = first < 0 || first > 999 ? files : first;
                }
                Path name = dir.resolve(n == CHECKPOINT_SIZE ? CHECKPOINT : String.format("%020d.seg", first));
                if (!Files.exists(name)) {
                    Files.write(name, file);
                }
            }
            readAndRecover(dir);
        } finally {
            delete(dir);
        }
        checkMappings(mappingsBefore, "a log of " + data.length + " bytes of segments");
    }

    /**
     * A reader reads every record, forwards then backwards; then the writer recovers the log, reads it backwards
     * then forwards, and appends a record that must read back. Every failure must be a BlitException that says
     * where.
     */
    private static void readAndRecover(Path dir) {
        try (BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            readAll(reader);
            readBackwards(reader);
        } catch (BlitException expected) {
            mustNameWhere(expected);
        }
        try (BlitLog writer = BlitLog.open(dir, BLIT, SMALL)) {
            readBackwards(writer);
            readAll(writer);
            long index = writer.append("after");
            if (!"after".equals(writer.read(index))) {
                throw new AssertionError("the record appended after recovery reads back wrong");
            }
        } catch (BlitException expected) {
            mustNameWhere(expected);
        }
    }

    private static void checkMappings(long before, String what) throws IOException {
        long grown = mappings() - before;
        if (grown > 64) {
            throw new AssertionError(what + " left " + grown + " new memory mappings");
        }
    }

    private static void readBackwards(BlitLog log) {
        for (long i = log.size() - 1; i >= log.firstIndex(); i--) {
            try {
                log.read(i);
            } catch (BlitException damaged) {
                mustNameWhere(damaged);
            }
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
        for (long i = log.firstIndex(); i < n; i++) {
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
