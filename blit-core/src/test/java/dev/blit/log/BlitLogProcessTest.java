package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static dev.blit.log.LogTesting.child;
import static dev.blit.log.LogTesting.describe;
import static dev.blit.log.LogTesting.matches;
import static dev.blit.log.LogTesting.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Tests with a second JVM: {@link LogChild} as the writer that gets killed, a rival writer, a reader. */
class BlitLogProcessTest {
    private static final Blit BLIT = LogTesting.blit();
    private static final long SEGMENT = 16 * 1024;

    @TempDir
    Path dir;

    private static List<String> outputOf(Process p) throws IOException, InterruptedException {
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = r.readLine()) != null; ) {
                lines.add(line);
            }
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child did not finish");
        return lines;
    }

    @Test
    void secondWriterInAnotherProcessIsRefused() throws Exception {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            log.append("held");
            List<String> out = outputOf(child("lock", dir.toString()));
            assertEquals(1, out.size(), out.toString());
            assertTrue(out.get(0).startsWith("refused ") && out.get(0).contains("another process"), out.get(0));
        }
        List<String> out = outputOf(child("lock", dir.toString()));
        assertEquals(List.of("opened 1"), out);
    }

    /**
     * A second writer refused in this JVM must not release the first one's lock on its way out: closing any
     * channel of the lock file drops every lock the process holds on it, which let a writer in another process in.
     */
    @Test
    void aWriterRefusedInThisJvmLeavesTheFirstOnesLockInPlace() throws Exception {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            log.append("held");
            for (int i = 0; i < 2; i++) {
                BlitException e = org.junit.jupiter.api.Assertions.assertThrows(BlitException.class, () -> BlitLog.open(dir, BLIT));
                assertTrue(e.getMessage().contains("already open for writing in this JVM"), e.getMessage());
            }
            BlitException e = org.junit.jupiter.api.Assertions.assertThrows(BlitException.class,
                    () -> BlitLog.open(dir.resolve(".").resolve("..").resolve(dir.getFileName()), BLIT));
            assertTrue(e.getMessage().contains("already open for writing in this JVM"), "the same directory by another path: "
                    + e.getMessage());
            List<String> out = outputOf(child("lock", dir.toString()));
            assertEquals(1, out.size(), out.toString());
            assertTrue(out.get(0).startsWith("refused ") && out.get(0).contains("another process"), out.get(0));
            assertEquals(1, log.append("still the only writer"));
        }
        List<String> out = outputOf(child("lock", dir.toString()));
        assertEquals(List.of("opened 2"), out);
    }

    /**
     * The same after the directory was renamed under the first writer: this JVM's writers were found by the
     * directory's real path, which had changed, so the second open reached the lock file, was refused by the
     * JVM's own lock table, and closed its channel on the way out, dropping the first writer's lock.
     */
    @Test
    void aWriterRefusedAfterTheDirectoryWasRenamedLeavesTheFirstOnesLockInPlace() throws Exception {
        Path before = dir.resolve("A");
        Path after = dir.resolve("B");
        try (BlitLog log = BlitLog.open(before, BLIT)) {
            log.append("held");
            log.sync();
            java.nio.file.Files.move(before, after);
            BlitException e = org.junit.jupiter.api.Assertions.assertThrows(BlitException.class, () -> BlitLog.open(after, BLIT));
            assertTrue(e.getMessage().contains("already open for writing in this JVM"), e.getMessage());
            List<String> out = outputOf(child("lock", after.toString()));
            assertEquals(1, out.size(), out.toString());
            assertTrue(out.get(0).startsWith("refused ") && out.get(0).contains("another process"), out.get(0));
            assertEquals(1, log.append("still the only writer"));
            // It appends at the old path: its sync says so (and the close that syncs releases the lock all the same).
            e = org.junit.jupiter.api.Assertions.assertThrows(BlitException.class, log::close);
            assertTrue(e.getMessage().contains("the directory no longer exists"), e.getMessage());
        }
        List<String> out = outputOf(child("lock", after.toString()));
        assertEquals(List.of("opened 2"), out);
    }

    /**
     * A segment another program truncates under a reader (README "Safety": an {@code InternalError}, since the
     * JVM reports a read of the lost pages so): checking a record's checksum read the mapping directly, and the
     * checksum's intrinsic made that a SIGBUS that killed the JVM. The bytes are copied out first now.
     */
    @Test
    void aSegmentTruncatedUnderAReaderDoesNotKillTheJvm() throws Exception {
        Process p = child("truncated", dir.toString());
        List<String> out = outputOf(p);
        assertEquals(0, p.exitValue(), "the child JVM died: " + out);
        assertEquals(2, out.size(), out.toString());
        assertEquals("before 1", out.get(0));
        assertEquals("after java.lang.InternalError", out.get(1));
    }

    @Test
    void readerInAnotherProcessSeesRecordsOnceTheyAreComplete() throws Exception {
        try (BlitLog log = BlitLog.open(dir, BLIT, BlitLog.Options.defaults().segmentSize(SEGMENT))) {
            for (long i = 0; i < 50; i++) {
                log.append(record(i));
            }
            Process reader = child("read", dir.toString(), "3000");
            BufferedReader r = new BufferedReader(new InputStreamReader(reader.getInputStream(), StandardCharsets.UTF_8));
            String ready = r.readLine();
            assertTrue(ready != null && ready.startsWith("ready "), String.valueOf(ready));
            // No sync: the other process reads through its own mapping of the same pages.
            for (long i = 50; i < 3000; i++) {
                log.append(record(i));
                if (i % 100 == 0) {
                    Thread.sleep(1);
                }
            }
            assertEquals("ok 3000", r.readLine());
            assertTrue(reader.waitFor(30, TimeUnit.SECONDS));
        }
    }

    /**
     * Kills a writer with SIGKILL at random moments, over and over, and checks after each kill that every
     * record it reported synced is there and intact, that nothing torn comes back, and that appending
     * continues where it left off. Segments are small, so kills also land on segment roll-overs, and every
     * other writer deletes old segments as it goes ({@link BlitLog#deleteBefore}), so kills land there too:
     * the log must still open, with no gap, from whatever first index the deletions reached.
     */
    @Test
    void killedWriterLosesNoSyncedRecordAndNeverLeavesATornOne() throws Exception {
        Random random = new Random();
        long seed = random.nextLong();
        random.setSeed(seed);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(45);
        int runs = 0;
        long expected = 0;
        while (runs < 20 && System.nanoTime() < deadline) {
            int syncEvery = 1 + random.nextInt(40);
            // Every other run also deletes old segments after each sync, so kills land in deleteBefore too.
            int keep = runs % 2 == 1 ? 100 + random.nextInt(400) : 0;
            Process writer = child("append", dir.toString(), Long.toString(SEGMENT), Integer.toString(syncEvery),
                    Integer.toString(keep));
            AtomicLong synced = new AtomicLong(-1);
            CountDownLatch started = new CountDownLatch(1);
            Thread pump = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        if (line.startsWith("synced ")) {
                            synced.set(Long.parseLong(line.substring(7)));
                            started.countDown();
                        } else if (line.startsWith("ready ")) {
                            synced.compareAndSet(-1, Long.parseLong(line.substring(6)));
                        }
                    }
                } catch (IOException ignored) {
                    // the child died
                }
            });
            pump.start();
            if (runs % 4 == 3) {
                // Now and then, kill it early: while the JVM starts, or while open() repairs the tail.
                Thread.sleep(random.nextInt(400));
            } else {
                if (!started.await(20, TimeUnit.SECONDS)) {
                    writer.destroyForcibly();
                    fail("writer did not start (seed " + seed + ")");
                }
                Thread.sleep(random.nextInt(200));
            }
            writer.destroyForcibly();
            assertTrue(writer.waitFor(20, TimeUnit.SECONDS));
            pump.join(10_000);
            long lastSynced = Math.max(expected, synced.get());

            try (BlitLog log = BlitLog.open(dir, BLIT, BlitLog.Options.defaults().segmentSize(SEGMENT))) {
                long size = log.size();
                assertTrue(size >= lastSynced, "run " + runs + ": " + size + " records after the kill, but "
                        + lastSynced + " were reported synced (seed " + seed + ")");
                long first = log.firstIndex();
                assertTrue(first <= size, "run " + runs + ": first index " + first + " past the end " + size);
                for (long i = first; i < size; i++) {
                    Object v;
                    try {
                        v = log.read(i);
                    } catch (BlitException e) {
                        throw new AssertionError("run " + runs + ", record " + i + " of " + size + " (seed " + seed + ")", e);
                    }
                    if (!matches(i, v)) {
                        fail("run " + runs + ": record " + i + " is " + describe(v) + " (seed " + seed + ")");
                    }
                }
                assertEquals(size, log.append(record(size)));
                log.sync();
                expected = size + 1;
            }
            runs++;
        }
        assertTrue(runs >= 5, "only " + runs + " runs in time");
        System.out.println("crash test: " + runs + " kills, " + expected + " records (seed " + seed + ")");
        try (BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertEquals(expected, reader.size());
        }
    }
}
