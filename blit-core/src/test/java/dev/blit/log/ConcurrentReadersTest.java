package dev.blit.log;

import dev.blit.Blit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One writer appending while several readers, each with its own reader instance, follow the tail. */
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
}
