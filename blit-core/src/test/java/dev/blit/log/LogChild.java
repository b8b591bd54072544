package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;

import java.nio.file.Path;

/** The other process of the process tests: a writer to kill, a second writer, a reader. */
public final class LogChild {
    private LogChild() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        Blit blit = LogTesting.blit();
        switch (args[0]) {
            case "append":
                append(dir, blit, Long.parseLong(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]));
                break;
            case "lock":
                try (BlitLog log = BlitLog.open(dir, blit)) {
                    System.out.println("opened " + log.size());
                } catch (BlitException e) {
                    System.out.println("refused " + e.getMessage());
                }
                break;
            case "read":
                read(dir, blit, Long.parseLong(args[2]));
                break;
            case "bigsave": // under a file size limit (ulimit -f): what a save that hits it says
                try {
                    ObjectFile.write(dir, blit, java.util.Collections.nCopies(4096, new byte[1024]));
                    System.out.println("saved");
                } catch (BlitException e) {
                    System.out.println("failed " + e.getMessage());
                }
                break;
            case "save":
                save(dir, blit, Long.parseLong(args[2]));
                break;
            case "truncated":
                truncatedUnderAReader(dir, blit);
                break;
            default:
                throw new IllegalArgumentException(args[0]);
        }
        System.out.flush();
    }

    /**
     * Appends forever, syncing every {@code syncEvery} records and then printing how many are synced; with
     * {@code keep > 0}, after each sync it also deletes the segments older than the last {@code keep} records.
     */
    private static void append(Path dir, Blit blit, long segmentSize, int syncEvery, int keep) {
        try (BlitLog log = BlitLog.open(dir, blit, BlitLog.Options.defaults().segmentSize(segmentSize))) {
            long i = log.size();
            System.out.println("ready " + i);
            System.out.flush();
            while (true) {
                log.append(LogTesting.record(i));
                i++;
                if (i % syncEvery == 0) {
                    log.sync();
                    System.out.println("synced " + i);
                    System.out.flush();
                    if (keep > 0 && i > keep) {
                        log.deleteBefore(i - keep);
                    }
                }
            }
        }
    }

    /**
     * Saves version after version of one object file ({@link ObjectFile#write}), from {@code version} on,
     * printing each version number once its save returned.
     */
    private static void save(Path file, Blit blit, long version) {
        System.out.println("ready " + version);
        System.out.flush();
        while (true) {
            ObjectFile.write(file, blit, LogTesting.version(version));
            System.out.println("saved " + version);
            System.out.flush();
            version++;
        }
    }

    /** Waits (20 s at most) until a reader sees {@code target} records, and checks every one. */
    private static void read(Path dir, Blit blit, long target) throws InterruptedException {
        try (BlitLog log = BlitLog.openReader(dir, blit)) {
            System.out.println("ready " + log.size());
            System.out.flush();
            long deadline = System.nanoTime() + 20_000_000_000L;
            long checked = 0;
            while (checked < target && System.nanoTime() < deadline) {
                long n = Math.min(log.size(), target);
                for (long i = checked; i < n; i++) {
                    Object v = log.read(i);
                    if (!LogTesting.matches(i, v)) {
                        System.out.println("mismatch " + i + " " + LogTesting.describe(v));
                        return;
                    }
                }
                checked = n;
                if (checked < target) {
                    Thread.sleep(2);
                }
            }
            System.out.println(checked >= target ? "ok " + checked : "timeout " + checked);
        }
    }

    /**
     * A reader that has mapped the segment, a record it has not checked yet whose header stays in the file and
     * whose bytes another program truncates away: the reader's next look must fail as README "Safety" says (an
     * {@code InternalError}), not kill the JVM. Prints what it got; the parent checks the JVM lived to say so.
     */
    private static void truncatedUnderAReader(Path dir, Blit blit) throws Exception {
        try (BlitLog writer = BlitLog.open(dir, blit)) {
            writer.append("x".repeat(3000));
        }
        try (BlitLog reader = BlitLog.openReader(dir, blit)) {
            System.out.println("before " + reader.size());
            try (BlitLog writer = BlitLog.open(dir, blit)) {
                writer.append("y".repeat(40_000)); // from about offset 3,050 on: its header in the first page
            }
            Path segment = dir.resolve("00000000000000000000.seg");
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(segment,
                    java.nio.file.StandardOpenOption.WRITE)) {
                ch.truncate(4096);
            }
            try {
                System.out.println("after " + reader.size());
            } catch (Throwable t) {
                System.out.println("after " + t.getClass().getName());
            }
            System.out.flush();
            Runtime.getRuntime().halt(0); // closing a log on a file cut under it is not what this is about
        }
    }
}
