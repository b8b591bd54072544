package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Marshallable;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.blit.log.LogTesting.describe;
import static dev.blit.log.LogTesting.matches;
import static dev.blit.log.LogTesting.record;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class BlitLogTest {
    private static final Blit BLIT = LogTesting.blit();
    private static final BlitLog.Options TINY = BlitLog.Options.defaults().segmentSize(1024);

    @TempDir
    Path dir;

    private static void appendRecords(BlitLog log, long from, long to) {
        for (long i = from; i < to; i++) {
            assertEquals(i, log.append(record(i)));
        }
    }

    private static void assertRecords(BlitLog log, long from, long to) {
        for (long i = from; i < to; i++) {
            Object v = log.read(i);
            assertTrue(matches(i, v), "record " + i + " is " + describe(v));
        }
    }

    private Path segment(long first) {
        return dir.resolve(Segment.fileName(first));
    }

    private List<Path> segmentFiles() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".seg")).sorted().collect(Collectors.toList());
        }
    }

    /** Offsets of the records in a segment file, found by following the length fields. */
    private static List<Integer> frames(Path segment) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(segment)).order(ByteOrder.LITTLE_ENDIAN);
        List<Integer> offsets = new ArrayList<>();
        int p = Segment.HEADER_SIZE;
        while (b.getLong(p) != 0 && b.getLong(p) != Segment.END_MARKER) {
            offsets.add(p);
            p += Segment.frameSize(b.getInt(p + 4));
        }
        offsets.add(p);
        return offsets;
    }

    private static void writeAt(Path file, long at, byte[] bytes) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(bytes), at);
        }
    }

    private static byte readAt(Path file, long at) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, at);
            return b.get(0);
        }
    }

    /** A value whose decoding reads another record of the log it is stored in. */
    static final class ReadsTheLog implements Marshallable {
        static BlitLog log;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeInt(1);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            in.readInt();
            log.read(0);
        }
    }

    @Test
    void aValueThatReadsItsLogWhileBeingReadIsRefusedAndTheLogStaysUsable() {
        Blit blit = Blit.builder().register(ReadsTheLog.class, 100).build();
        try (BlitLog log = BlitLog.open(dir, blit)) {
            ReadsTheLog.log = log;
            log.append("first");
            log.append(new ReadsTheLog());
            BlitException e = assertThrows(BlitException.class, () -> log.read(1));
            assertTrue(e.getMessage().contains("while the log was decoding another record"), e.getMessage());
            assertEquals("first", log.read(0));
        } finally {
            ReadsTheLog.log = null;
        }
    }

    /** Reads its int, tries a nested read of record 1 and goes on after its refusal, then reads its string. */
    static final class CatchesTheRefusal implements Marshallable {
        static BlitLog log;
        int v;
        String s;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeInt(v);
            out.writeString(s);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            v = in.readInt();
            try {
                log.read(1);
            } catch (BlitException refused) {
                // refused: the record being decoded must be intact
            }
            s = in.readString();
        }
    }

    @Test
    void aRefusedNestedReadLeavesTheRecordBeingDecodedIntact() {
        Blit blit = Blit.builder().register(CatchesTheRefusal.class, 100).build();
        try (BlitLog log = BlitLog.open(dir, blit)) {
            CatchesTheRefusal.log = log;
            for (String s : new String[] {"AAAA", "BBBB"}) { // two records of one size: the nested one fit in scratch
                CatchesTheRefusal c = new CatchesTheRefusal();
                c.v = s.charAt(0);
                c.s = s;
                log.append(c);
            }
            CatchesTheRefusal back = (CatchesTheRefusal) log.read(0);
            assertEquals('A', back.v);
            assertEquals("AAAA", back.s); // the nested read copied record 1 over it before refusing: "BBBB"
        } finally {
            CatchesTheRefusal.log = null;
        }
    }

    /** A value whose writing calls the log it is appended to (an audit hook), catching what that throws. */
    static final class CallsTheLogWhileWritten implements Marshallable {
        static java.util.function.Consumer<BlitLog> call;
        static BlitLog log;
        static Throwable refused;
        String s;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeString(s);
            try {
                call.accept(log);
            } catch (Throwable e) {
                refused = e;
            }
            out.writeString(s);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            String a = in.readString();
            String b = in.readString();
            s = a.equals(b) ? a : a + "|" + b;
        }
    }

    /**
     * An append, close, sync or deleteBefore from a value's own writeMarshallable ran on the thread that already held
     * the log's monitor: a nested append reused the stage, so the outer record stored the inner value (or was read
     * as damaged), and a close let the outer append go on into a closed log. Each is now refused with a
     * BlitException; the value caught it here, so the outer append completes with its own value.
     */
    @Test
    void appendCloseSyncAndDeleteBeforeFromAValuesOwnWriteCodeAreRefused() {
        Blit blit = Blit.builder().register(CallsTheLogWhileWritten.class, 100).build();
        try (BlitLog log = BlitLog.open(dir, blit)) {
            CallsTheLogWhileWritten.log = log;
            log.append("first");
            List<java.util.function.Consumer<BlitLog>> calls = List.of(l -> l.append("audit: wrote it"), BlitLog::close,
                    BlitLog::sync, l -> l.deleteBefore(1));
            List<String> names = List.of("append", "close", "sync", "deleteBefore");
            for (int k = 0; k < calls.size(); k++) {
                CallsTheLogWhileWritten.call = calls.get(k);
                CallsTheLogWhileWritten.refused = null;
                CallsTheLogWhileWritten v = new CallsTheLogWhileWritten();
                v.s = "value " + k;
                assertEquals(1 + k, log.append(v), names.get(k));
                Throwable e = CallsTheLogWhileWritten.refused;
                assertTrue(e instanceof BlitException && e.getMessage().contains("BlitLog." + names.get(k) + " was called"
                        + " while the log was encoding a value for append"), names.get(k) + ": " + e);
                assertEquals(2 + k, log.size());
                assertEquals("value " + k, ((CallsTheLogWhileWritten) log.read(1 + k)).s);
            }
            assertEquals("first", log.read(0));
            assertEquals(5, log.append("after")); // still open, and writing
            assertEquals("after", log.read(5));
        } finally {
            CallsTheLogWhileWritten.log = null;
            CallsTheLogWhileWritten.call = null;
        }
    }

    @Test
    void aRecordLargerThanTheReadBufferKeptBetweenReadsComesBackAndSoDoSmallOnesAfterIt() {
        String big = "b".repeat(3 << 20);
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            log.append("small");
            log.append(big);
            assertEquals(big, log.read(1));
            assertEquals("small", log.read(0));
            assertEquals(big, log.read(1));
        }
    }

    @Test
    void appendedRecordsComeBackByIndexAndInAppendOrder() {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(0, log.size());
            appendRecords(log, 0, 1000);
            assertEquals(1000, log.size());
            assertRecords(log, 0, 1000);
            long i = 0;
            for (Object o : log) {
                assertTrue(matches(i, o), "iterated record " + i);
                i++;
            }
            assertEquals(1000, i);
        }
    }

    /** Flat (all fields primitive) and mutable: read back into one reused instance. */
    static final class Quote {
        long id;
        double price;

        Quote() {
        }

        Quote(long id, double price) {
            this.id = id;
            this.price = price;
        }
    }

    @Test
    void flatRecordsAreReadIntoAnExistingObjectAndOtherValuesAsNewOnes() {
        Blit blit = Blit.builder().register(Quote.class, 100).build();
        try (BlitLog log = BlitLog.open(dir, blit)) {
            for (int i = 0; i < 100; i++) {
                log.append(new Quote(i, i * 1.5));
            }
            log.append("not a quote");
            log.append(null);
            Quote reused = new Quote();
            for (int i = 99; i >= 0; i--) {
                assertSame(reused, log.readInto(i, reused));
                assertEquals(i, reused.id);
                assertEquals(i * 1.5, reused.price);
            }
            BlitException e = assertThrows(BlitException.class, () -> log.readInto(100, reused));
            assertTrue(e.getMessage().contains("record 100"), e.getMessage());
            assertEquals(null, log.readInto(101, reused));
            assertEquals("not a quote", log.readInto(100, "reused string"));
            assertEquals(0, reused.id);
        }
    }

    @Test
    void nullAndEmptyValuesAreRecordsToo() {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(0, log.append(null));
            assertEquals(1, log.append(""));
            assertEquals(2, log.append(new long[0]));
            assertEquals(null, log.read(0));
            assertEquals("", log.read(1));
            assertArrayEquals(new long[0], (long[]) log.read(2));
        }
    }

    @Test
    void reopenedLogKeepsEveryRecordAndContinuesItsIndices() {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 300);
        }
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(300, log.size());
            assertRecords(log, 0, 300);
            appendRecords(log, 300, 400);
        }
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(400, log.size());
            assertRecords(log, 0, 400);
        }
    }

    /**
     * Reopening for writing looks for what a crash left past the last record without reading the sparse rest of
     * the segment through the mapping: on a tmpfs (here /dev/shm) that read allocated every page of it (the
     * whole segment in RAM per open) and, on a full one, was a SIGBUS that the JVM reports as an InternalError.
     */
    @Test
    void reopeningForWritingDoesNotAllocateTheSparseRestOfTheSegment() throws Exception {
        Path shm = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(shm) && Files.isWritable(shm), "no /dev/shm");
        Path log = Files.createTempDirectory(shm, "blit-sparse");
        try {
            BlitLog.Options eightMiB = BlitLog.Options.defaults().segmentSize(8 << 20);
            try (BlitLog w = BlitLog.open(log, BLIT, eightMiB)) {
                appendRecords(w, 0, 10);
            }
            long before = allocatedKiB(log);
            try (BlitLog w = BlitLog.open(log, BLIT, eightMiB)) {
                assertEquals(10, w.size());
            }
            long after = allocatedKiB(log);
            assumeTrue(before >= 0 && after >= 0, "du is not available");
            assertTrue(after - before < 1024, "reopening allocated " + (after - before) + " KiB (" + before + " -> " + after + ")");
        } finally {
            try (Stream<Path> files = Files.walk(log)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).collect(Collectors.toList())) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /** What the files in {@code dir} occupy (du -sk), or -1 if du cannot tell. */
    private static long allocatedKiB(Path dir) throws Exception {
        try {
            Process p = new ProcessBuilder("du", "-sk", dir.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).trim();
            return p.waitFor() == 0 ? Long.parseLong(out.split("\\s+")[0]) : -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }

    @Test
    void secondWriterInTheSameJvmIsRefusedUntilTheFirstCloses() {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            log.append("a");
            BlitException e = assertThrows(BlitException.class, () -> BlitLog.open(dir, BLIT));
            assertTrue(e.getMessage().contains("already open for writing"), e.getMessage());
            assertEquals("a", log.read(0));
        }
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(1, log.size());
        }
    }

    @Test
    void readingAnIndexNeverAppendedIsABlitExceptionNamingIt() {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            BlitException empty = assertThrows(BlitException.class, () -> log.read(0));
            assertTrue(empty.getMessage().contains("index 0") && empty.getMessage().contains("empty"), empty.getMessage());
            appendRecords(log, 0, 3);
            for (long bad : new long[]{-1, 3, 4, Long.MAX_VALUE, Long.MIN_VALUE}) {
                BlitException e = assertThrows(BlitException.class, () -> log.read(bad));
                assertTrue(e.getMessage().contains("index " + bad), e.getMessage());
                // Nothing was deleted from this log: a negative index must not be blamed on retention.
                assertFalse(e.getMessage().contains("deleted"), e.getMessage());
            }
        }
    }

    @Test
    void valueThatCannotBeWrittenTakesNoIndex() {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertThrows(BlitException.class, () -> log.append(new Object()));
            assertEquals(0, log.size());
            assertEquals(0, log.append("first"));
            assertEquals("first", log.read(0));
        }
    }

    @Test
    void closedLogRefusesEveryCall() {
        BlitLog log = BlitLog.open(dir, BLIT);
        log.append("x");
        log.close();
        log.close();
        assertThrows(BlitException.class, () -> log.append("y"));
        assertThrows(BlitException.class, () -> log.read(0));
        assertThrows(BlitException.class, log::size);
        assertThrows(BlitException.class, log::sync);
    }

    @Test
    void segmentsRollOverAndRecordsReadAcrossThem() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            appendRecords(log, 0, 500);
            log.sync();
            assertRecords(log, 0, 500);
        }
        List<Path> files = segmentFiles();
        assertTrue(files.size() > 20, "segments: " + files.size());
        assertEquals(Segment.fileName(0), files.get(0).getFileName().toString());
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            assertEquals(500, log.size());
            assertRecords(log, 0, 500);
            appendRecords(log, 500, 600);
            int i = 0;
            for (Object o : log) {
                assertTrue(matches(i++, o));
            }
            assertEquals(600, i);
        }
    }

    /**
     * Opening reads the last two segments only (a reader the last one): a segment file lost from the middle of
     * the log (a gap) does not stop the log from opening, appending, or reading the segments around it; only the
     * records of the segment before the gap, whose chain ends short of the next segment, report it, naming the
     * index read.
     */
    @Test
    void openingIndexesOnlyTheLastSegmentsAndAnOlderOneWhenItIsRead() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            appendRecords(log, 0, 300);
        }
        List<Path> files = segmentFiles();
        assertTrue(files.size() > 10, "segments: " + files.size());
        long lostFirst = Segment.parseName(files.get(3).getFileName().toString());
        long lostEnd = Segment.parseName(files.get(4).getFileName().toString());
        long beforeFirst = Segment.parseName(files.get(2).getFileName().toString());
        Files.delete(files.get(3));
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY);
             BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertEquals(2, log.indexedSegments(), "the writer reads only the last two segments on opening");
            assertEquals(1, reader.indexedSegments(), "a reader reads only the last one");
            for (BlitLog l : List.of(log, reader)) {
                assertEquals(300, l.size());
                assertRecords(l, 250, 300);
                assertRecords(l, 0, beforeFirst);
                assertRecords(l, lostEnd, 250);
                BlitException e = assertThrows(BlitException.class, () -> l.read(beforeFirst));
                assertTrue(e.getMessage().contains("record " + beforeFirst + " cannot be located")
                        && e.getMessage().contains("records " + lostFirst + ".." + (lostEnd - 1) + " are missing"), e.getMessage());
                assertThrows(BlitException.class, () -> l.read(lostFirst)); // the same segment, asked again
            }
            assertEquals(300, log.append(record(300)));
            assertRecords(reader, 300, 301);
        }
    }

    /**
     * A log of many small segments keeps a bounded number of them mapped (each mapping is one of the process's,
     * 65,530 on Linux, where a JVM at the limit aborts) and, when its writer never syncs, a bounded number of
     * files open: it forces the oldest unsynced segment itself and lets go of its file. Both grew with every
     * segment (found by a scale hunt: "Too many open files" after about 1,000 segments without a sync).
     */
    @Test
    void aWriterThatNeverSyncsKeepsFewFilesOpenAndFewSegmentsMapped() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            log.mappedBudget(8);
            appendRecords(log, 0, 3000);
            long segmentFiles;
            try (java.util.stream.Stream<Path> files = Files.list(dir)) {
                segmentFiles = files.filter(f -> f.toString().endsWith(".seg")).count();
            }
            assertTrue(segmentFiles > 100, segmentFiles + " segments");
            assertTrue(log.indexedSegments() <= 8 + 16 + 2, "mapped segments: " + log.indexedSegments());
            Path fds = Path.of("/proc/self/fd");
            if (Files.isDirectory(fds)) {
                long open = 0;
                try (java.util.stream.Stream<Path> links = Files.list(fds)) {
                    for (Path l : (Iterable<Path>) links::iterator) {
                        try {
                            if (Files.readSymbolicLink(l).startsWith(dir.toRealPath())) {
                                open++;
                            }
                        } catch (IOException gone) {
                            // closed while listed
                        }
                    }
                }
                assertTrue(open <= 16 + 4, open + " files of the log open");
            }
            assertRecords(log, 0, 3000);
        }
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            assertRecords(log, 0, 3000);
        }
    }

    /**
     * Reading through a log keeps the offsets of at most the budget's worth of older segments (plus the one
     * just read and the last two); dropped ones are found again when read, so every read still comes back right.
     */
    @Test
    void readingThroughALongLogKeepsTheOffsetsOfOnlyAFewSegments() {
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            appendRecords(log, 0, 600);
        }
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY);
             BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            for (BlitLog l : List.of(log, reader)) {
                l.indexBudget(64); // the smallest offsets array: one older segment at a time
                int i = 0;
                for (Object o : l) {
                    assertTrue(matches(i++, o), "record " + (i - 1));
                    assertTrue(l.indexedSegments() <= 4, "indexed segments: " + l.indexedSegments());
                }
                assertEquals(600, i);
                java.util.Random random = new java.util.Random(42);
                for (int n = 0; n < 300; n++) {
                    long at = random.nextInt(600);
                    assertTrue(matches(at, l.read(at)), "record " + at);
                    assertTrue(l.indexedSegments() <= 4, "indexed segments: " + l.indexedSegments());
                }
            }
            appendRecords(log, 600, 1200);
            assertRecords(reader, 0, 1200); // follows the writer into segments it did not have when it opened
            assertTrue(reader.indexedSegments() <= 4, "indexed segments: " + reader.indexedSegments());
            // The writer keeps the offsets of what it has not synced (sync walks them), and drops the rest.
            assertTrue(log.indexedSegments() > 10, "indexed segments before the sync: " + log.indexedSegments());
            log.sync();
            assertTrue(log.indexedSegments() <= 4, "indexed segments: " + log.indexedSegments());
            assertRecords(log, 0, 1200);
        }
    }

    /**
     * Segments large enough that the background prefiller is asked ahead of the writer (more than 2 MiB each, so past the writer's own first prefill),
     * and a roll while a request may be under way: every record still reads back, and past each segment's last
     * frame (and end marker) the file holds only zeros, so the prefiller never wrote over anything.
     */
    @Test
    void backgroundPrefillAcrossRollsLeavesRecordsIntactAndOnlyZerosPastThem() throws IOException {
        BlitLog.Options threeMiB = BlitLog.Options.defaults().segmentSize(3L << 20);
        long n = 200_000;
        try (BlitLog log = BlitLog.open(dir, BLIT, threeMiB)) {
            appendRecords(log, 0, n);
        }
        List<Path> files = segmentFiles();
        assertTrue(files.size() >= 3, "segments: " + files.size());
        for (Path f : files) {
            List<Integer> frames = frames(f);
            int tail = frames.get(frames.size() - 1);
            byte[] bytes = Files.readAllBytes(f);
            int from = tail + (f.equals(files.get(files.size() - 1)) ? 0 : 8);
            for (int p = from; p < bytes.length; p++) {
                assertEquals(0, bytes[p], () -> f + " has a non-zero byte past its records");
            }
        }
        try (BlitLog log = BlitLog.open(dir, BLIT, threeMiB)) {
            assertEquals(n, log.size());
            assertRecords(log, 0, n);
            appendRecords(log, n, n + 1000);
            assertRecords(log, n - 10, n + 1000);
        }
    }

    @Test
    void recordLargerThanASegmentGetsASegmentOfItsOwn() {
        long[] big = new long[2000];
        for (int i = 0; i < big.length; i++) {
            big[i] = i * 7L;
        }
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY);
             BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertEquals(0, reader.size());
            assertEquals(0, log.append(big));
            assertArrayEquals(big, (long[]) reader.read(0), "the reader maps the grown segment again");
            assertEquals(1, log.append("small"));
            assertEquals(2, log.append(big));
            assertEquals(3, log.append("after"));
            assertEquals(4, reader.size());
            assertArrayEquals(big, (long[]) reader.read(2));
        }
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            assertArrayEquals(big, (long[]) log.read(0));
            assertEquals("small", log.read(1));
            assertArrayEquals(big, (long[]) log.read(2));
            assertEquals("after", log.read(3));
        }
    }

    @Test
    void tornRecordAtTheTailIsCutOffAndAppendsContinueAtItsIndex() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 10);
        }
        List<Integer> f = frames(segment(0));
        int end = f.get(f.size() - 1);
        // A header that promises 100 bytes, with a checksum that does not match the half payload after it.
        ByteBuffer torn = ByteBuffer.allocate(58).order(ByteOrder.LITTLE_ENDIAN);
        torn.putInt(0x12345678).putInt(100);
        while (torn.hasRemaining()) {
            torn.put((byte) 0x5A);
        }
        writeAt(segment(0), end, torn.array());
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(10, log.size());
            assertRecords(log, 0, 10);
            assertEquals(10, log.append(record(10)));
        }
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(11, log.size());
            assertRecords(log, 0, 11);
        }
    }

    @Test
    void payloadWithoutItsHeaderIsZeroedSoItCanNeverBeMistakenForARecord() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 10);
        }
        List<Integer> f = frames(segment(0));
        int end = f.get(f.size() - 1);
        // What a kill -9 between the payload copy and the header store leaves: bytes after an empty slot.
        byte[] payload = new byte[300];
        java.util.Arrays.fill(payload, (byte) 0x77);
        writeAt(segment(0), end + 8, payload);
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(10, log.size());
            assertEquals(0, readAt(segment(0), end + 8 + 150));
            assertEquals(10, log.append("short"));
        }
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(11, log.size());
            assertEquals("short", log.read(10));
        }
    }

    @Test
    void randomGarbageAtTheTailIsCutOff() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 10);
        }
        List<Integer> f = frames(segment(0));
        byte[] garbage = new byte[4096];
        new java.util.Random(42).nextBytes(garbage);
        writeAt(segment(0), f.get(f.size() - 1), garbage);
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(10, log.size());
            assertRecords(log, 0, 10);
            appendRecords(log, 10, 20);
        }
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(20, log.size());
            assertRecords(log, 0, 20);
        }
    }

    @Test
    void bitFlipInsideAnEarlierRecordIsReportedWithItsIndexAndTheRestStillReads() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 20);
        }
        int at = frames(segment(0)).get(7) + 8 + 2;
        writeAt(segment(0), at, new byte[]{(byte) (readAt(segment(0), at) ^ 0x10)});
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(20, log.size(), "open keeps the damaged record and everything after it");
            BlitException e = assertThrows(BlitException.class, () -> log.read(7));
            assertTrue(e.getMessage().contains("record 7") && e.getMessage().contains("checksum"), e.getMessage());
            assertRecords(log, 0, 7);
            assertRecords(log, 8, 20);
            assertEquals(20, log.append(record(20)));
            BlitException iterated = assertThrows(BlitException.class, () -> {
                for (Object ignored : log) {
                    // reaches record 7
                }
            });
            assertTrue(iterated.getMessage().contains("record 7"), iterated.getMessage());
            java.util.Iterator<Object> it = log.iterator();
            for (int i = 0; i < 7; i++) {
                assertTrue(matches(i, it.next()));
            }
            assertThrows(BlitException.class, it::next);
            for (int i = 8; i <= 20; i++) {
                assertTrue(matches(i, it.next()), "iteration goes on past the damaged record");
            }
            assertTrue(!it.hasNext());
        }
        try (BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertEquals(21, reader.size());
            assertThrows(BlitException.class, () -> reader.read(7));
            assertRecords(reader, 8, 21);
        }
    }

    @Test
    void bitFlipInTheChecksumOfAnEarlierRecordIsReportedWithItsIndex() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 20);
        }
        int at = frames(segment(0)).get(3);
        writeAt(segment(0), at, new byte[]{(byte) (readAt(segment(0), at) ^ 0x01)});
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(20, log.size());
            BlitException e = assertThrows(BlitException.class, () -> log.read(3));
            assertTrue(e.getMessage().contains("record 3"), e.getMessage());
            assertRecords(log, 4, 20);
        }
    }

    @Test
    void damagedLastRecordIsATornTailUnlessASyncCoveredIt() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 20);
        } // close syncs: the checkpoint covers all 20
        int at = frames(segment(0)).get(19) + 9;
        writeAt(segment(0), at, new byte[]{(byte) (readAt(segment(0), at) ^ 0x01)});
        // A synced record cannot have been torn by a crash: its damage is bit rot, kept and reported like any other.
        try (BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertEquals(20, reader.size());
            BlitException e = assertThrows(BlitException.class, () -> reader.read(19));
            assertTrue(e.getMessage().contains("record 19") && e.getMessage().contains("checksum"), e.getMessage());
            assertRecords(reader, 0, 19);
        }
        // Without the checkpoint (as if the last sync came before record 19), it looks like a torn write: cut off.
        Files.delete(dir.resolve(Checkpoint.FILE));
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(19, log.size());
            assertRecords(log, 0, 19);
            assertEquals(19, log.append(record(19)));
            assertRecords(log, 0, 20);
        }
    }

    /**
     * The checkpoint is advice: one that is damaged, names another record, or ends between frames or past the
     * records is ignored, and every record of the segment is checked (here: the damaged last record is a torn
     * tail again). Each variant is a checkpoint the writer did not write.
     */
    @Test
    void aCheckpointThatDoesNotDescribeTheSegmentIsIgnored() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 20);
        }
        List<Integer> f = frames(segment(0));
        int end = f.get(20);
        Path file = dir.resolve(Checkpoint.FILE);
        byte[] good = Files.readAllBytes(file);
        Checkpoint written = Checkpoint.read(dir);
        assertEquals(0, written.first);
        assertEquals(end, written.end, "the checkpoint ends where the records do");
        int at = f.get(19) + 9;
        writeAt(segment(0), at, new byte[]{(byte) (readAt(segment(0), at) ^ 0x01)});
        byte[] damaged = good.clone();
        damaged[3] ^= 0x40;
        List<Runnable> variants = List.of(
                () -> write(file, damaged),
                () -> write(file, java.util.Arrays.copyOf(good, 12)),
                () -> checkpoint(file, new Checkpoint(0, end, written.crc ^ 1)),
                () -> checkpoint(file, new Checkpoint(0, f.get(19) + 8, written.crc)),
                () -> checkpoint(file, new Checkpoint(0, end + 16, written.crc)));
        for (int v = 0; v < variants.size(); v++) {
            variants.get(v).run();
            try (BlitLog reader = BlitLog.openReader(dir, BLIT)) {
                assertEquals(19, reader.size(), "variant " + v);
                assertRecords(reader, 0, 19);
            }
        }
        write(file, good);
        try (BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertEquals(20, reader.size(), "the writer's checkpoint, back: record 19 was synced, so it is kept");
        }
    }

    /** FORMAT.md's example checkpoint, from the writer itself. */
    @Test
    void theCheckpointAfterASyncIsFormatMdsExample() throws IOException {
        try (BlitLog log = BlitLog.open(dir, Blit.builder().build(), BlitLog.Options.defaults().segmentSize(256))) {
            log.append("hi");
            log.append(42L);
            log.append(new long[]{1, 2});
            log.sync();
            assertEquals("00 00 00 00 00 00 00 00 60 00 00 00 38 16 f2 d1 b4 05 01 7e",
                    hex(Files.readAllBytes(dir.resolve(Checkpoint.FILE))));
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder b = new StringBuilder();
        for (byte x : bytes) {
            b.append(b.length() == 0 ? "" : " ").append(String.format("%02x", x & 0xFF));
        }
        return b.toString();
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void checkpoint(Path file, Checkpoint c) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
            c.write(ch);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void brokenChainInAnEarlierSegmentMakesOnlyThatSegmentsRestUnlocatable() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            appendRecords(log, 0, 100);
        }
        List<Path> files = segmentFiles();
        Path first = files.get(0);
        List<Integer> f = frames(first);
        int records = f.size() - 1;
        assertTrue(records > 3);
        // A length field that no longer fits the segment: the records after it cannot be found.
        writeAt(first, f.get(1) + 7, new byte[]{(byte) 0x7F});
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            assertEquals(100, log.size());
            assertRecords(log, 0, 1);
            for (int i = 1; i < records; i++) {
                final long index = i;
                BlitException e = assertThrows(BlitException.class, () -> log.read(index));
                assertTrue(e.getMessage().contains("record " + i), e.getMessage());
            }
            assertRecords(log, records, 100);
            assertEquals(100, log.append(record(100)));
        }
    }

    @Test
    void missingEndMarkerOfASegmentIsRepairedOnOpen() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            appendRecords(log, 0, 30);
        }
        Path first = segmentFiles().get(0);
        List<Integer> f = frames(first);
        int marker = f.get(f.size() - 1);
        assertEquals(-1L, ByteBuffer.wrap(Files.readAllBytes(first)).order(ByteOrder.LITTLE_ENDIAN).getLong(marker));
        // As if the writer died between creating the next segment and sealing this one.
        writeAt(first, marker, new byte[8]);
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            assertEquals(30, log.size());
            assertRecords(log, 0, 30);
        }
        assertEquals(-1L, ByteBuffer.wrap(Files.readAllBytes(first)).order(ByteOrder.LITTLE_ENDIAN).getLong(marker));
    }

    @Test
    void sealedLastSegmentKeepsItsEndMarkerAndAppendsGoToANewOne() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            appendRecords(log, 0, 30);
        }
        List<Path> files = segmentFiles();
        Path last = files.get(files.size() - 1);
        long lost = Segment.parseName(last.getFileName().toString());
        Files.delete(last);
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY);
             BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertEquals(lost, log.size());
            assertEquals(lost, reader.size());
            appendRecords(log, lost, 40);
            assertEquals(40, reader.size(), "the reader follows the end marker into the new segment");
            assertRecords(reader, 0, 40);
        }
    }

    @Test
    void segmentFileWhoseCreationWasCutShortIsDiscarded() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 5);
        }
        Files.write(segment(5), new byte[]{'B', 'L', 'I', 'T'});
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertEquals(5, log.size());
            appendRecords(log, 5, 10);
            assertRecords(log, 0, 10);
        }
        assertTrue(Files.notExists(segment(5)));
    }

    @Test
    void fileThatIsNotASegmentIsRefusedNotDeleted() throws IOException {
        Files.write(segment(0), "this is not a log segment at all, really".getBytes());
        BlitException e = assertThrows(BlitException.class, () -> BlitLog.open(dir, BLIT));
        assertTrue(e.getMessage().contains("not a Blit log segment"), e.getMessage());
        assertTrue(Files.exists(segment(0)));
        // and the failed open released its lock
        Files.delete(segment(0));
        BlitLog.open(dir, BLIT).close();
    }

    /**
     * Runs {@code open} with a deadline: opening a named pipe waits for its other end, so a log that opened one hung
     * forever. On a timeout the pipe is opened for reading and writing here, which releases the waiting open.
     */
    private static <T> T withinSeconds(Path pipe, java.util.concurrent.Callable<T> open) throws Exception {
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fifo-open");
            t.setDaemon(true);
            return t;
        });
        java.util.concurrent.Future<T> f = pool.submit(open);
        try {
            return f.get(20, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            FileChannel.open(pipe, StandardOpenOption.READ, StandardOpenOption.WRITE).close();
            throw new AssertionError("opening hung on the named pipe " + pipe);
        } catch (java.util.concurrent.ExecutionException e) {
            throw (Exception) e.getCause();
        } finally {
            pool.shutdown();
        }
    }

    /**
     * A named pipe as the checkpoint (advice, ignored) or as a segment (refused by name), or a directory named like a
     * segment: opening them waited forever for a writer of the pipe, and the directory gave "No such device".
     */
    @Test
    void aNamedPipeOrDirectoryInTheLogIsIgnoredOrRefusedNotWaitedOn() throws Exception {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 20);
            log.sync();
        }
        Path checkpoint = dir.resolve(BlitLog.CHECKPOINT_FILE);
        Files.delete(checkpoint);
        ObjectFileTest.fifo(checkpoint);
        try (BlitLog reader = withinSeconds(checkpoint, () -> BlitLog.openReader(dir, BLIT))) {
            assertRecords(reader, 0, 20);
        }
        try (BlitLog log = withinSeconds(checkpoint, () -> BlitLog.open(dir, BLIT))) {
            appendRecords(log, 20, 30);
            withinSeconds(checkpoint, () -> {
                log.sync();
                return null;
            });
        }
        Files.delete(checkpoint);

        Path pipe = ObjectFileTest.fifo(segment(30));
        for (boolean writer : new boolean[]{false, true}) {
            BlitException e = assertThrows(BlitException.class, () -> withinSeconds(pipe,
                    () -> writer ? BlitLog.open(dir, BLIT) : BlitLog.openReader(dir, BLIT)));
            assertTrue(e.getMessage().contains(pipe + " is not a regular file"), e.getMessage());
        }
        Files.delete(pipe);
        Files.createDirectory(segment(30));
        BlitException e = assertThrows(BlitException.class, () -> BlitLog.openReader(dir, BLIT));
        assertTrue(e.getMessage().contains(segment(30) + " is a directory"), e.getMessage());
        Files.delete(segment(30));
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            assertRecords(log, 0, 30);
        }
    }

    /**
     * The segment being appended to deleted by hand: sync() returned normally, and a reopened log handed index 0 out
     * again. The lock file deleted: a second writer got in, unknown to the first. Both are now reported by sync().
     */
    @Test
    void syncSaysSoWhenTheCurrentSegmentOrTheLockFileWasDeletedUnderTheWriter() throws IOException {
        BlitLog log = BlitLog.open(dir, BLIT);
        appendRecords(log, 0, 5);
        log.sync();
        Files.delete(segment(0));
        appendRecords(log, 5, 10);
        BlitException e = assertThrows(BlitException.class, log::sync);
        assertTrue(e.getMessage().contains(segment(0) + " was deleted"), e.getMessage());
        assertThrows(BlitException.class, log::close); // close syncs; the lock is released all the same

        log = BlitLog.open(dir, BLIT);
        appendRecords(log, 0, 5);
        log.sync();
        Files.delete(dir.resolve(BlitLog.LOCK_FILE));
        log.append(record(5));
        e = assertThrows(BlitException.class, log::sync);
        assertTrue(e.getMessage().contains("lock file") && e.getMessage().contains("was deleted or replaced"), e.getMessage());
        assertThrows(BlitException.class, log::close);
        try (BlitLog reopened = BlitLog.open(dir, BLIT)) {
            assertRecords(reopened, 0, 6); // forced before the lock file was found gone
        }
    }

    @Test
    void readerInTheSameProcessSeesRecordsAppendedAfterItOpened() {
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY);
             BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertEquals(0, reader.size());
            appendRecords(log, 0, 5);
            assertEquals(5, reader.size());
            appendRecords(log, 5, 200);
            assertEquals(199, reader.read(199) == null ? -1 : 199, "read past the known end looks again");
            assertEquals(200, reader.size());
            assertRecords(reader, 0, 200);
            long i = 0;
            for (Object o : reader) {
                assertTrue(matches(i, o));
                if (i == 150) {
                    appendRecords(log, 200, 250);
                }
                i++;
            }
            assertEquals(250, i, "iteration runs into records appended meanwhile");
            assertThrows(BlitException.class, () -> reader.read(250));
        }
    }

    @Test
    void readerOfAnEmptyDirectoryFindsTheLogOnceItIsCreated() throws IOException {
        Path logDir = dir.resolve("log");
        Files.createDirectories(logDir);
        try (BlitLog reader = BlitLog.openReader(logDir, BLIT)) {
            assertEquals(0, reader.size());
            try (BlitLog log = BlitLog.open(logDir, BLIT)) {
                log.append("hello");
                assertEquals(1, reader.size());
                assertEquals("hello", reader.read(0));
            }
        }
    }

    @Test
    void readerCannotWrite() {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            log.append(1L);
        }
        try (BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertThrows(BlitException.class, () -> reader.append("x"));
            assertThrows(BlitException.class, reader::sync);
            assertEquals(1L, reader.read(0));
        }
        assertThrows(BlitException.class, () -> BlitLog.openReader(dir.resolve("missing"), BLIT));
    }

    @Test
    void recordOfATypeTheReadersBlitDoesNotKnowIsABlitExceptionNamingTheIndex() {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            log.append("fine");
            log.append(new LogTesting.Tick(1, 2, "x"));
        }
        try (BlitLog reader = BlitLog.openReader(dir, Blit.builder().build())) {
            assertEquals("fine", reader.read(0));
            BlitException e = assertThrows(BlitException.class, () -> reader.read(1));
            assertTrue(e.getMessage().startsWith("record 1 "), e.getMessage());
        }
    }

    /** Rewrites a segment's encoding word (header offset 24) and its header CRC, as another writer would have. */
    private static void writeEncodingWord(Path segment, int word) throws IOException {
        ByteBuffer h = ByteBuffer.wrap(Arrays.copyOf(Files.readAllBytes(segment), Segment.HEADER_SIZE))
                .order(ByteOrder.LITTLE_ENDIAN);
        h.putInt(24, word);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        crc.update(h.array(), 0, 28);
        h.putInt(28, (int) crc.getValue());
        writeAt(segment, 0, h.array());
    }

    /**
     * The segment header records the options that decide how the log's values are encoded (FORMAT.md, "Segment
     * header", offset 24): a Blit built otherwise would misread the records (field tables taken for fields), so
     * opening refuses it, naming both; flat does not matter in compatible mode.
     */
    @Test
    void aBlitWithOtherEncodingOptionsIsRefusedNamingBoth() {
        Blit compatible = Blit.builder().register(LogTesting.Tick.class, 100).compatible(true).references(true).build();
        try (BlitLog log = BlitLog.open(dir, compatible, TINY)) {
            appendRecords(log, 0, 40);
        }
        BlitException w = assertThrows(BlitException.class, () -> BlitLog.open(dir, BLIT));
        assertTrue(w.getMessage().contains("written by a Blit with compatible(true), references(true) (encoding word at "
                + "offset 24); this Blit has compatible(false), flat(true), references(false)"), w.getMessage());
        BlitException r = assertThrows(BlitException.class, () -> BlitLog.openReader(dir, BLIT));
        assertTrue(r.getMessage().contains("would misread them"), r.getMessage());
        Blit withoutReferences = Blit.builder().register(LogTesting.Tick.class, 100).compatible(true).build();
        assertThrows(BlitException.class, () -> BlitLog.openReader(dir, withoutReferences));
        Blit notFlat = Blit.builder().register(LogTesting.Tick.class, 100).compatible(true).references(true)
                .flat(false).build();
        try (BlitLog reader = BlitLog.openReader(dir, notFlat)) {
            assertRecords(reader, 0, 40);
        }
        try (BlitLog log = BlitLog.open(dir, compatible, TINY)) {
            appendRecords(log, 40, 45);
            assertRecords(log, 0, 45);
        }
    }

    @Test
    void aReaderWithReferencesReadsALogWrittenWithoutThemButAWriterMustMatch() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT)) {
            appendRecords(log, 0, 10);
        }
        assertEquals(0, ByteBuffer.wrap(Files.readAllBytes(segment(0))).order(ByteOrder.LITTLE_ENDIAN).getInt(24),
                "the defaults' encoding word");
        Blit references = Blit.builder().register(LogTesting.Tick.class, 100).references(true).build();
        try (BlitLog reader = BlitLog.openReader(dir, references)) {
            assertRecords(reader, 0, 10);
        }
        BlitException e = assertThrows(BlitException.class, () -> BlitLog.open(dir, references));
        assertTrue(e.getMessage().contains("would append records the header does not describe"), e.getMessage());
        Blit notFlat = Blit.builder().register(LogTesting.Tick.class, 100).flat(false).build();
        BlitException f = assertThrows(BlitException.class, () -> BlitLog.openReader(dir, notFlat));
        assertTrue(f.getMessage().contains("flat(true)") && f.getMessage().contains("flat(false)"), f.getMessage());
    }

    /**
     * A header whose CRC does not match but whose first record confirms it (damaged but usable) still has its
     * encoding word compared: a Blit whose options fit it reads and appends as before; one whose options do not
     * is refused, reader and writer, since either the word is the damage or the records were written otherwise
     * (a flat(true) writer used to append to a flat(false) log here, and a flat(true) reader to read it).
     */
    @Test
    void aDamagedButUsableHeaderStillHasItsEncodingWordCompared() throws IOException {
        Blit notFlat = Blit.builder().register(LogTesting.Tick.class, 100).flat(false).build();
        try (BlitLog log = BlitLog.open(dir, notFlat)) {
            appendRecords(log, 0, 10);
        }
        writeAt(segment(0), 23, new byte[] {(byte) (readAt(segment(0), 23) ^ 0x40)}); // bit rot in the first index
        BlitException w = assertThrows(BlitException.class, () -> BlitLog.open(dir, BLIT));
        assertTrue(w.getMessage().contains("has a damaged header (checksum mismatch at offset 28) whose encoding word at"
                + " offset 24 says compatible(false), flat(false), references(false); this Blit has compatible(false),"
                + " flat(true), references(false). The word may be the damage"), w.getMessage());
        assertTrue(w.getMessage().contains("would append records in an encoding it cannot confirm"), w.getMessage());
        BlitException r = assertThrows(BlitException.class, () -> BlitLog.openReader(dir, BLIT));
        assertTrue(r.getMessage().contains("risk misreading them"), r.getMessage());
        try (BlitLog reader = BlitLog.openReader(dir, notFlat)) {
            assertRecords(reader, 0, 10);
        }
        try (BlitLog log = BlitLog.open(dir, notFlat)) {
            appendRecords(log, 10, 15);
            assertRecords(log, 0, 15);
        }
    }

    @Test
    void anOlderSegmentIsCheckedWhenFirstReadAndUnknownBitsAreRefused() throws IOException {
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            appendRecords(log, 0, 60);
        }
        writeEncodingWord(segment(0), 2); // as if written in compatible mode: only opened when read
        try (BlitLog log = BlitLog.openReader(dir, BLIT)) {
            assertRecords(log, 50, 60);
            BlitException e = assertThrows(BlitException.class, () -> log.read(0));
            assertTrue(e.getMessage().contains("compatible(true)") && e.getMessage().contains(segment(0).toString()),
                    e.getMessage());
        }
        writeEncodingWord(segment(0), 0x10);
        try (BlitLog log = BlitLog.openReader(dir, BLIT)) {
            BlitException e = assertThrows(BlitException.class, () -> log.read(0));
            assertTrue(e.getMessage().contains("encoding word 0x10 at offset 24"), e.getMessage());
        }
        writeEncodingWord(segment(0), 0);
        try (BlitLog log = BlitLog.openReader(dir, BLIT)) {
            assertRecords(log, 0, 60);
        }
    }

    @Test
    void optionsRejectSegmentSizesOutOfRange() {
        assertThrows(BlitException.class, () -> BlitLog.Options.defaults().segmentSize(10));
        assertThrows(BlitException.class, () -> BlitLog.Options.defaults().segmentSize(2L << 30));
        assertEquals(1024, BlitLog.Options.defaults().segmentSize(1021).segmentSize());
    }

    /** Dropping an older segment's offsets also releases its mapping (at once from Java 22 on). */
    @Test
    void aReaderGoingThroughALongLogHoldsOnlyAFewMappingsFromJava22On() {
        assumeTrue(Files.isReadable(LogTesting.PROC_MAPS), "needs /proc/self/maps (Linux)");
        assumeTrue(Mapping.unmapsAtOnce(), "Java " + Runtime.version().feature() + " unmaps only when the collector frees a buffer");
        try (BlitLog log = BlitLog.open(dir, BLIT, TINY)) {
            appendRecords(log, 0, 600);
        }
        try (BlitLog reader = BlitLog.openReader(dir, BLIT)) {
            assertEquals(1, LogTesting.mappingsOf(dir), "opening maps the last segment only");
            reader.indexBudget(64);
            assertRecords(reader, 0, 600);
            assertTrue(segmentFilesCount() > 20);
            assertTrue(LogTesting.mappingsOf(dir) <= 4, "mapped: " + LogTesting.mappingsOf(dir));
        }
        assertEquals(0, LogTesting.mappingsOf(dir));
    }

    @Test
    void closeReleasesEveryMappingAtOnceFromJava22On() {
        assumeTrue(Files.isReadable(LogTesting.PROC_MAPS), "needs /proc/self/maps (Linux)");
        assumeTrue(Mapping.unmapsAtOnce(), "Java " + Runtime.version().feature() + " unmaps only when the collector frees a buffer");
        BlitLog log = BlitLog.open(dir, BLIT, TINY);
        BlitLog reader = BlitLog.openReader(dir, BLIT);
        appendRecords(log, 0, 200); // several 1 KiB segments
        log.sync();
        assertEquals(200, reader.size());
        assertRecords(reader, 0, 200);
        assertTrue(segmentFilesCount() > 2);
        assertTrue(LogTesting.mappingsOf(dir) >= 2 * segmentFilesCount(), "mapped: " + LogTesting.mappingsOf(dir));
        reader.close();
        assertEquals(segmentFilesCount(), LogTesting.mappingsOf(dir), "the writer's mappings stay until it closes");
        log.close();
        assertEquals(0, LogTesting.mappingsOf(dir));
        // The closed logs are still reachable here, so no collector released their buffers.
        assertThrows(BlitException.class, () -> log.read(0));
        assertThrows(BlitException.class, () -> reader.read(0));
    }

    private long segmentFilesCount() {
        try {
            return segmentFiles().size();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * The prefilling thread is shared by every log of the process. It kept the context class loader of whoever
     * first opened a log (a web app, a plugin) for the life of the process, and never ended: such a loader could
     * never be collected. It now takes nothing of the caller's and ends when idle.
     */
    @Test
    void thePrefillingThreadHoldsNoClassLoaderOfTheCallersAndEndsWhenIdle(@TempDir Path dir) throws Exception {
        Thread caller = Thread.currentThread();
        ClassLoader before = caller.getContextClassLoader();
        ClassLoader plugin = new java.net.URLClassLoader(new java.net.URL[0], before);
        caller.setContextClassLoader(plugin);
        Thread t;
        try (BlitLog log = BlitLog.open(dir.resolve("log"), BLIT)) {
            for (long i = 0; i < 2_000; i++) {
                log.append(record(i));
            }
            t = Prefiller.thread();
            assertTrue(t != null && t.isAlive(), "the log asked for prefilling");
            assertEquals(null, t.getContextClassLoader());
        } finally {
            caller.setContextClassLoader(before);
        }
        t.join(Prefiller.IDLE_MILLIS + 20_000);
        assertFalse(t.isAlive(), "idle for " + Prefiller.IDLE_MILLIS + " ms, the thread ended");
    }
}
