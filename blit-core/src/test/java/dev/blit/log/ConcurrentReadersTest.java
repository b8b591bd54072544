package dev.blit.log;

import dev.blit.Blit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One writer appending while several readers, each with its own reader instance, follow the tail; and one instance
 * shared by threads that append, read and iterate at once.
 */
class ConcurrentReadersTest {
    private static final int RECORDS = 20_000;
    private static final int READERS = 4;

    @Test
    void readersFollowingTheWriterSeeEveryRecordCompleteAndInOrder(@TempDir Path dir) {
        Blit blit = LogTesting.blit();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            ExecutorService pool = Executors.newFixedThreadPool(READERS + 1);
            AtomicBoolean writerDone = new AtomicBoolean();
            try (BlitLog writer = BlitLog.open(dir, blit, BlitLog.Options.defaults().segmentSize(64 * 1024))) {
                List<Future<Long>> readers = new ArrayList<>();
                for (int r = 0; r < READERS; r++) {
                    readers.add(pool.submit(() -> follow(dir, blit, writerDone)));
                }
                Future<?> writing = pool.submit(() -> {
                    for (long i = 0; i < RECORDS; i++) {
                        assertEquals(i, writer.append(LogTesting.record(i)));
                        if (i % 1000 == 999) {
                            writer.sync();
                        }
                    }
                    writerDone.set(true);
                    return null;
                });
                writing.get();
                for (Future<Long> reader : readers) {
                    assertEquals(RECORDS, reader.get());
                }
            } finally {
                pool.shutdownNow();
            }
        });
    }

    /** Reads records as they appear, checking each one, until the writer is done and all are seen. */
    private static long follow(Path dir, Blit blit, AtomicBoolean writerDone) throws InterruptedException {
        long seen = 0;
        while (!dir.resolve("00000000000000000000.seg").toFile().exists()) {
            Thread.sleep(1);
        }
        try (BlitLog reader = BlitLog.openReader(dir, blit)) {
            while (true) {
                boolean done = writerDone.get();
                long size = reader.size();
                for (; seen < size; seen++) {
                    Object v = reader.read(seen);
                    assertTrue(LogTesting.matches(seen, v), "record " + seen + " read as " + LogTesting.describe(v));
                }
                if (done && seen == reader.size()) {
                    return seen;
                }
                Thread.onSpinWait();
            }
        }
    }

    /**
     * The class comment's promise, "safe to share between threads": two threads append to one writer instance
     * (small segments, so rolls happen under them) while two read random indices already appended and one
     * iterates, all through that instance. Every index is handed out once, and every record reads back as the
     * value whose append returned that index.
     */
    @Test
    void oneInstanceSharedByAppendingReadingAndIteratingThreads(@TempDir Path dir) {
        int appenders = 2;
        int perAppender = 5_000;
        Blit blit = LogTesting.blit();
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            ExecutorService pool = Executors.newFixedThreadPool(appenders + 3);
            Map<Long, Long> keyAt = new ConcurrentHashMap<>(); // index -> the key of the value appended there
            AtomicInteger appending = new AtomicInteger(appenders);
            try (BlitLog log = BlitLog.open(dir, blit, BlitLog.Options.defaults().segmentSize(64 * 1024))) {
                List<Future<?>> work = new ArrayList<>();
                for (int t = 0; t < appenders; t++) {
                    long base = (t + 1) * 1_000_000L;
                    work.add(pool.submit(() -> {
                        for (long k = base; k < base + perAppender; k++) {
                            long index = log.append(LogTesting.record(k));
                            assertEquals(null, keyAt.put(index, k), "index " + index + " handed out twice");
                        }
                        appending.decrementAndGet();
                        return null;
                    }));
                }
                for (int r = 0; r < 2; r++) {
                    work.add(pool.submit(() -> {
                        int checked = 0;
                        while (appending.get() > 0 || checked < 100) {
                            long n = log.size();
                            if (n == 0) {
                                Thread.onSpinWait();
                                continue;
                            }
                            long i = ThreadLocalRandom.current().nextLong(n);
                            Object v = log.read(i);
                            assertTrue(LogTesting.matches(awaitKey(keyAt, i), v), "record " + i + " read as " + LogTesting.describe(v));
                            checked++;
                        }
                        return null;
                    }));
                }
                work.add(pool.submit(() -> {
                    long i = 0;
                    for (Iterator<Object> it = log.iterator(); it.hasNext() && i < appenders * perAppender; i++) {
                        Object v = it.next();
                        assertTrue(LogTesting.matches(awaitKey(keyAt, i), v), "iterated record " + i + " is " + LogTesting.describe(v));
                    }
                    return null;
                }));
                for (Future<?> f : work) {
                    f.get();
                }
                assertEquals(appenders * perAppender, log.size());
                assertEquals(appenders * perAppender, keyAt.size());
                for (long i = 0; i < appenders * perAppender; i++) {
                    assertTrue(LogTesting.matches(keyAt.get(i), log.read(i)), "record " + i);
                }
            } finally {
                pool.shutdownNow();
            }
        });
    }

    /** The key appended at {@code index}: its appender records it just after {@code append} returns. */
    private static long awaitKey(Map<Long, Long> keyAt, long index) {
        Long k;
        while ((k = keyAt.get(index)) == null) {
            Thread.onSpinWait();
        }
        return k;
    }
}
