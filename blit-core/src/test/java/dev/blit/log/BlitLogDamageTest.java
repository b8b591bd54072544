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
}
