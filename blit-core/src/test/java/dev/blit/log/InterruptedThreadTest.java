package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static dev.blit.log.LogTesting.describe;
import static dev.blit.log.LogTesting.matches;
import static dev.blit.log.LogTesting.record;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A thread's pending interrupt (an executor's {@code shutdownNow}, a cancelled {@code Future}, meant for something
 * else) used to close the log's and the file writer's channels at their next operation, for good: every later
 * {@code sync} failed, so nothing appended after it could be made durable. Now Blit's file operations run with
 * the interrupt status cleared, and the caller finds it set again when they return.
 */
class InterruptedThreadTest {
    private static final Blit BLIT = LogTesting.blit();
    private static final BlitLog.Options SMALL = BlitLog.Options.defaults().segmentSize(4096);

    @TempDir
    Path dir;

    @AfterEach
    void clearInterrupt() {
        Thread.interrupted();
    }

    /** Runs {@code action} on an interrupted thread and checks that the interrupt is still there after it. */
    private static void interrupted(Runnable action) {
        Thread.currentThread().interrupt();
        action.run();
        assertTrue(Thread.interrupted(), "the caller's interrupt is kept");
    }

    @Test
    void aLogAppendsRollsSyncsAndClosesOnAnInterruptedThreadAndStaysUsable() {
        Path logDir = dir.resolve("log");
        BlitLog[] log = new BlitLog[1];
        interrupted(() -> log[0] = BlitLog.open(logDir, BLIT, SMALL));
        interrupted(() -> {
            for (long i = 0; i < 500; i++) { // many segments: each roll creates, maps and prefills a file
                log[0].append(record(i));
            }
        });
        interrupted(() -> log[0].sync());
        for (long i = 500; i < 1000; i++) { // before: every sync from here on failed, the channel closed
            log[0].append(record(i));
        }
        log[0].sync();
        interrupted(() -> log[0].deleteBefore(100));
        interrupted(() -> log[0].close());
        BlitLog[] reader = new BlitLog[1];
        interrupted(() -> reader[0] = BlitLog.openReader(logDir, BLIT));
        try (BlitLog r = reader[0]) {
            assertEquals(1000, r.size());
            long first = r.firstIndex();
            for (long i = first; i < 1000; i++) {
                long index = i;
                Object[] v = new Object[1];
                interrupted(() -> v[0] = r.read(index)); // maps older segments as it goes
                assertTrue(matches(i, v[0]), "record " + i + " is " + describe(v[0]));
            }
        }
    }

    @Test
    void anObjectFileWriterWritesFlushesSyncsAndClosesOnAnInterruptedThread() {
        Path file = dir.resolve("values.blit");
        ObjectFile.Writer[] w = new ObjectFile.Writer[1];
        interrupted(() -> w[0] = ObjectFile.writer(file, BLIT));
        interrupted(() -> {
            for (long i = 0; i < 3000; i++) { // past the staging buffer many times
                w[0].write(record(i));
            }
        });
        interrupted(() -> w[0].flush());
        // A value too big for the staging area that fails part-way: what left is cut off the file again.
        interrupted(() -> assertThrows(BlitException.class, () -> w[0].write(ObjectFileDurabilityTest.failing(200_000))));
        interrupted(() -> w[0].sync());
        w[0].write(record(3000));
        w[0].sync();
        interrupted(() -> w[0].close());
        ObjectFile.Writer[] a = new ObjectFile.Writer[1];
        interrupted(() -> a[0] = ObjectFile.appender(file, BLIT));
        interrupted(() -> {
            a[0].write(record(3001));
            a[0].close();
        });
        long n = 0;
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
            for (Object v : r) {
                assertTrue(matches(n, v), "value " + n + " is " + describe(v));
                n++;
            }
        }
        assertEquals(3002, n);
        Path whole = dir.resolve("whole.blit");
        interrupted(() -> ObjectFile.write(whole, BLIT, java.util.List.of(record(0), record(1))));
        try (ObjectFile.Reader r = ObjectFile.reader(whole, BLIT)) {
            assertTrue(matches(0, r.next()) && matches(1, r.next()));
        }
    }

    /**
     * An interrupt that arrives while the writer is in the middle of writing to its file (another thread's
     * {@code Future.cancel(true)}) closed the channel under the write: that value failed, and every later write,
     * sync and close with it. The writer now writes again on a new channel.
     */
    @Test
    void anObjectFileWriterInterruptedInTheMiddleOfAWriteWritesOn() throws Exception {
        Path file = dir.resolve("big.blit");
        String big = "x".repeat(16 << 20);
        try (ObjectFile.Writer w = ObjectFile.writer(file, BLIT)) {
            w.write("first");
            w.sync();
            Thread writer = Thread.currentThread();
            Thread interrupter = new Thread(() -> {
                try {
                    for (int i = 0; i < 20; i++) { // a few of them land while the value goes to the file
                        while (java.nio.file.Files.size(file) < (i + 1) * (512 << 10) && writer.isAlive()) {
                            Thread.onSpinWait();
                        }
                        writer.interrupt();
                    }
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            interrupter.start();
            try {
                w.write(big);
                w.flush();
            } finally {
                interrupter.join();
                Thread.interrupted();
            }
            w.write("after");
            w.sync();
        }
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
            assertEquals("first", r.next());
            assertEquals(big, r.next());
            assertEquals("after", r.next());
            assertTrue(!r.hasNext());
        }
    }
}
