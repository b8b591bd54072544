package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.blit.log.LogTesting.describe;
import static dev.blit.log.LogTesting.matches;
import static dev.blit.log.LogTesting.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Random bit flips anywhere in a log: every outcome is a correct record or a BlitException, never a wrong value. */
class BlitLogDamageTest {
    private static final Blit BLIT = LogTesting.blit();
    private static final BlitLog.Options TINY = BlitLog.Options.defaults().segmentSize(1024);
    private static final int RECORDS = 150;

    @TempDir
    Path dir;

    private static List<Path> segments(Path log) throws IOException {
        try (Stream<Path> s = Files.list(log)) {
            return s.filter(p -> p.toString().endsWith(".seg")).sorted().collect(Collectors.toList());
        }
    }

    private static void copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        for (Path p : segments(from)) {
            Files.copy(p, to.resolve(p.getFileName()));
        }
    }

    private static void flipBit(Path file, long at, int bit) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, at);
            b.put(0, (byte) (b.get(0) ^ (1 << bit)));
            b.rewind();
            ch.write(b, at);
        }
    }

    /** Reads every index; each one is the right value or a BlitException that names it. */
    private static void readEverything(BlitLog log, String trial) {
        long size = log.size();
        assertTrue(size <= RECORDS + 1, trial + ": size " + size);
        for (long i = 0; i < size; i++) {
            try {
                Object v = log.read(i);
                if (!matches(i, v)) {
                    fail(trial + ": record " + i + " came back as " + describe(v));
                }
            } catch (BlitException e) {
                assertTrue(e.getMessage().contains("record " + i), trial + ": " + e.getMessage());
            }
        }
    }

    @Test
    void randomBitFlipsEndInCorrectRecordsOrBlitExceptionsNeverInWrongValues() throws IOException {
        Path pristine = dir.resolve("pristine");
        try (BlitLog log = BlitLog.open(pristine, BLIT, TINY)) {
            for (long i = 0; i < RECORDS; i++) {
                log.append(record(i));
            }
        }
        List<Path> files = segments(pristine);
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        int opened = 0;
        for (int t = 0; t < 60; t++) {
            String trial = "trial " + t + " (seed " + seed + ")";
            Path log = dir.resolve("t" + t);
            copy(pristine, log);
            int flips = 1 + random.nextInt(3);
            for (int f = 0; f < flips; f++) {
                Path file = log.resolve(files.get(random.nextInt(files.size())).getFileName());
                flipBit(file, random.nextInt(1024), random.nextInt(8));
            }
            try (BlitLog reader = BlitLog.openReader(log, BLIT)) {
                readEverything(reader, trial + " reader");
            } catch (BlitException e) {
                // refusing to open a damaged log is allowed
            }
            try (BlitLog writer = BlitLog.open(log, BLIT, TINY)) {
                readEverything(writer, trial);
                long next = writer.size();
                assertEquals(next, writer.append(record(next)));
                opened++;
            } catch (BlitException e) {
                continue;
            }
            try (BlitLog again = BlitLog.open(log, BLIT, TINY)) {
                readEverything(again, trial + " reopened");
            }
        }
        assertTrue(opened > 30, "most damaged logs still open: " + opened);
    }

    /** Offset of each record's frame in a segment, by walking the lengths of an undamaged one. */
    private static int[] frames(Path segment, int n) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(segment)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int[] at = new int[n];
        int p = Segment.HEADER_SIZE;
        for (int i = 0; i < n; i++) {
            at[i] = p;
            p += Segment.frameSize(b.getInt(p + 4));
        }
        return at;
    }

    /**
     * Bit rot in the length of a record a sync covered breaks the chain of lengths: opening took it for a torn
     * tail and cut it off with every synced record after it, then handed their indexes out again. The
     * checkpoint says they were synced: opening steps over the damage to the records after it, and only the
     * damaged record (and any other the damaged stretch hides) reports damage.
     */
    @Test
    void bitRotInASyncedRecordsLengthCutsNothingOff() throws IOException {
        int n = 400;
        Path pristine = dir.resolve("synced");
        try (BlitLog log = BlitLog.open(pristine, BLIT)) {
            for (long i = 0; i < n; i++) {
                log.append(record(i));
            }
            log.sync();
        }
        Path segment = segments(pristine).get(0);
        int[] frames = frames(segment, n);
        // {record, byte of its header, bit}: a length bit (byte 4..7) or a stored checksum bit (byte 0..3)
        // (the last record's damage, with nothing after it to confirm where records are, is a torn tail: below)
        int[][] damages = {{0, 4, 3}, {10, 4, 3}, {200, 5, 0}, {n - 2, 4, 6}, {150, 6, 2}, {n - 2, 0, 1}};
        for (int[] d : damages) {
            String trial = "record " + d[0] + " header byte " + d[1] + " bit " + d[2];
            Path log = dir.resolve("d" + d[0] + "-" + d[1] + "-" + d[2]);
            copy(pristine, log);
            Files.copy(pristine.resolve(BlitLog.CHECKPOINT_FILE), log.resolve(BlitLog.CHECKPOINT_FILE));
            flipBit(log.resolve(segment.getFileName()), frames[d[0]] + d[1], d[2]);
            try (BlitLog reader = BlitLog.openReader(log, BLIT)) {
                assertEquals(n, reader.size(), trial + " (reader)");
                assertEveryRecordButDamaged(reader, n, java.util.Set.of((long) d[0]), trial);
            }
            try (BlitLog writer = BlitLog.open(log, BLIT)) {
                assertEquals(n, writer.size(), trial);
                assertEveryRecordButDamaged(writer, n, java.util.Set.of((long) d[0]), trial);
                assertEquals(n, writer.append(record(n)), trial + ": the next index is new");
                writer.sync();
            }
            try (BlitLog again = BlitLog.open(log, BLIT)) {
                assertEquals(n + 1, again.size(), trial);
                assertEveryRecordButDamaged(again, n + 1, java.util.Set.of((long) d[0]), trial + " reopened");
            }
        }
        // the last synced record's length, with a record appended (unsynced) after it: that one confirms it
        Path last = dir.resolve("last");
        copy(pristine, last);
        Files.copy(pristine.resolve(BlitLog.CHECKPOINT_FILE), last.resolve(BlitLog.CHECKPOINT_FILE));
        try (BlitLog writer = BlitLog.open(last, BLIT)) {
            writer.append(record(n)); // after the checkpoint: the writer rewrites it only on sync
        }
        Files.copy(pristine.resolve(BlitLog.CHECKPOINT_FILE), last.resolve(BlitLog.CHECKPOINT_FILE),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        flipBit(last.resolve(segment.getFileName()), frames[n - 1] + 4, 3);
        try (BlitLog writer = BlitLog.open(last, BLIT)) {
            assertEquals(n + 1, writer.size());
            assertEveryRecordButDamaged(writer, n + 1, java.util.Set.of((long) n - 1), "the last synced record");
        }
        // two neighbours' lengths: the first is kept as damaged, the second cannot be located, the rest are found
        Path log = dir.resolve("two");
        copy(pristine, log);
        Files.copy(pristine.resolve(BlitLog.CHECKPOINT_FILE), log.resolve(BlitLog.CHECKPOINT_FILE));
        flipBit(log.resolve(segment.getFileName()), frames[50] + 4, 4);
        flipBit(log.resolve(segment.getFileName()), frames[51] + 4, 4);
        try (BlitLog writer = BlitLog.open(log, BLIT)) {
            assertEquals(n, writer.size());
            assertEveryRecordButDamaged(writer, n, java.util.Set.of(50L, 51L), "records 50 and 51");
        }
    }

    private static void assertEveryRecordButDamaged(BlitLog log, long size, java.util.Set<Long> damaged, String trial) {
        for (long i = 0; i < size; i++) {
            if (damaged.contains(i)) {
                long index = i;
                BlitException e = org.junit.jupiter.api.Assertions.assertThrows(BlitException.class, () -> log.read(index), trial);
                assertTrue(e.getMessage().contains("record " + i), trial + ": " + e.getMessage());
            } else {
                Object v = log.read(i);
                assertTrue(matches(i, v), trial + ": record " + i + " came back as " + describe(v));
            }
        }
    }
}
