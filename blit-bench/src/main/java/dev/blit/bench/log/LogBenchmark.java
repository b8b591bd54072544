package dev.blit.bench.log;

import dev.blit.Blit;
import dev.blit.bench.Contenders;
import dev.blit.bench.Jvm;
import dev.blit.bench.SelfCheck;
import dev.blit.bench.marketdata.ChronicleMarketData;
import dev.blit.bench.marketdata.MarketData;
import dev.blit.bench.peers.Chronicles;
import dev.blit.log.BlitLog;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static dev.blit.bench.peers.Chronicles.EXPORT_JAVAC_FILE;
import static dev.blit.bench.peers.Chronicles.EXPORT_MISC;
import static dev.blit.bench.peers.Chronicles.EXPORT_NIO;
import static dev.blit.bench.peers.Chronicles.EXPORT_REF;
import static dev.blit.bench.peers.Chronicles.OPEN_IO;
import static dev.blit.bench.peers.Chronicles.OPEN_JAVAC;
import static dev.blit.bench.peers.Chronicles.OPEN_LANG;
import static dev.blit.bench.peers.Chronicles.OPEN_REFLECT;
import static dev.blit.bench.peers.Chronicles.OPEN_UTIL;

/**
 * An append-only log of {@link MarketData} records on disk: Blit's {@link BlitLog} beside Chronicle Queue, the
 * same record, the same operations. Method names are {@code <contender><Write|Read|RoundTrip>}:
 * <ul>
 *   <li>{@code Write}: one append, no sync (both keep the record in a shared file mapping; it reaches the disk
 *       when the kernel writes it back). Returns the record's index.</li>
 *   <li>{@code Read}: one read by index of a record appended before. {@link #PREFILLED} records are appended
 *       once per trial; the reads walk their indexes <b>sequentially</b>, 0, 1, 2, ..., wrapping around, each
 *       one a separate look-up by index ({@code BlitLog.read(i)}, {@code ExcerptTailer.moveToIndex(i)}), never
 *       a cursor that is simply advanced.</li>
 *   <li>{@code RoundTrip}: one append, then a read of the index it returned.</li>
 * </ul>
 * Write and round trip append to a fresh log (or queue) in a fresh temporary directory every iteration
 * ({@code @Setup(Level.Iteration)}), which is closed and deleted after it: millions of records a second are
 * hundreds of MB a second, and a trial must not fill the disk. Closing a BlitLog syncs it; that happens in the
 * tear-down, outside the measurement. The tear-down then runs {@code System.gc()}: on Java 17 a BlitLog cannot
 * unmap its segments (only the collector releases a mapping; see BlitLog's class comment), so without it every
 * deleted log's page-cache pages stay mapped, and the next iteration appends into memory the kernel must find
 * afresh, while Chronicle, which unmaps on close, reuses the pages it just freed. On a virtual machine that is
 * the difference between about 160 and 430 ns per append (first use of a guest page is expensive there).
 *
 * <p>The contenders:
 * <ul>
 *   <li>{@code blitLog}: {@link BlitLog#open(Path, Blit)} with the default options (64 MiB segments: at a few
 *       million records a second a segment lasts about a tenth of a second, and a roll, a new sparse file and its
 *       mapping, costs far less than that), a {@link Blit} with {@code MarketData} registered as id 101 and its
 *       generated serializer. {@code read} creates a new {@code MarketData}.</li>
 *   <li>{@code chronicleQueue}: a {@link SingleChronicleQueue} ({@code binary}, default block size) with the
 *       {@link RollCycles#FAST_DAILY} roll cycle, which rolls once a day (at midnight UTC), so never inside an
 *       iteration unless one spans midnight. Appends use the lowest-level documented API short of raw memory
 *       addresses: {@code writingDocument()} and raw, not self-describing, {@code Bytes.writeLong/writeDouble} of
 *       the 18 fields (Chronicle's "Writing Raw Data / Not self-describing", what {@code appender.writeBytes(b ->
 *       ...)} does); reads are {@code ExcerptTailer.moveToIndex(index)} and {@code readingDocument()} with raw
 *       {@code readLong/readDouble}, into a <b>new</b> {@code MarketData} every time, as Blit's read gives (Chronicle
 *       code usually fills a reused object instead). Its methods run in forks with the JVM flags Chronicle needs on
 *       Java 17+ ({@link dev.blit.bench.peers.Chronicles}).</li>
 * </ul>
 * Beneath them, two hand-written floors ({@link MappedFloor}): {@code mappedCopy} copies BlitLog's frames (the same
 * payload bytes) into and out of one mapped file where record {@code i} is at {@code i * 160}, nothing else;
 * {@code mappedCopyCrc} adds the CRC32C that BlitLog computes on append and checks on every read. Issue 6 asks for
 * read-back by index "at memcpy-like speed": the read rows are measured against these.
 *
 * <p>The size column is what one record takes in the file: for BlitLog its frame (8-byte header, the payload padded
 * to 8), for Chronicle its 4-byte header, the payload and its share of the queue's index, both measured from the
 * files the self-check writes.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class LogBenchmark {
    static {
        Chronicles.disableAnalytics();
    }

    /** Records appended before the read benchmarks (about 150 MB of log each). */
    static final int PREFILLED = 1_000_000;
    /** Records the self-check appends, reads back and measures the file with. */
    private static final int CHECK_RECORDS = 10_000;

    private final MarketData data = MarketData.sample();
    private final SelfCheck check = new SelfCheck();

    /** The contender and operation this fork measures ({@code write}, {@code read}, {@code roundTrip}); null outside JMH. */
    private String only;
    private String operation;

    /** Records in the open log or queue that {@link #nextRead()} walks, and the next one it gives. */
    private long readable;
    private long readNext;

    private Blit blit;
    private Path blitDir;
    private BlitLog blitLog;

    private Path chronicleDir;
    private SingleChronicleQueue queue;
    private ExcerptAppender appender;
    private ExcerptTailer tailer;
    /** Chronicle's index of the first record (cycle in the high bits, sequence in the low bits). */
    private long chronicleFirst;

    /**
     * Builds only the contender JMH is about to measure (see {@link SelfCheck#run}), checks it, and for the read
     * benchmarks opens the log it reads and appends {@link #PREFILLED} records to it.
     */
    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) {
        String b = params.getBenchmark();
        String[] split = Contenders.split(b.substring(b.lastIndexOf('.') + 1));
        operation = split == null ? null : split[1];
        setup(Contenders.of(params));
        if ("read".equals(operation)) {
            open(only);
            prefill(only, PREFILLED);
        }
    }

    /**
     * Builds the contenders and checks each one: appends {@link #CHECK_RECORDS} records, reads the first back,
     * makes a round trip, and measures the bytes a record takes in the file; then closes and deletes the log.
     *
     * @param only the contender about to be measured, or null for all of them
     */
    void setup(String only) {
        this.only = only;
        for (String c : new String[] {"blitLog", "blitLogInPlace"}) {
            boolean inPlace = c.equals("blitLogInPlace");
            check.run(only, c, () -> {
                blit = Blit.builder().register(MarketData.class, 101).build();
                openBlitLog();
                try {
                    prefill(c, CHECK_RECORDS);
                    Object first = inPlace ? blitLogInPlaceRead() : blitLogRead();
                    if (inPlace && first != inPlaceTarget) {
                        throw new IllegalStateException("BlitLog.readInto did not fill the existing MarketData");
                    }
                    Object roundTrip = inPlace ? blitLogInPlaceRoundTrip() : blitLogRoundTrip();
                    if (!data.equals(roundTrip) || blitLog.size() != CHECK_RECORDS + 1) {
                        throw new IllegalStateException(c + " round trip gave " + roundTrip + " at size " + blitLog.size());
                    }
                    closeBlitLog(false);
                    check.verify(c, blitLogBytesPerRecord(blitDir, CHECK_RECORDS + 1), first, data);
                } finally {
                    closeBlitLog(true);
                }
            });
        }
        for (String c : new String[] {"mappedCopy", "mappedCopyCrc"}) {
            check.run(only, c, () -> {
                blit = Blit.builder().register(MarketData.class, 101).build();
                openFloor(c);
                try {
                    prefill(c, CHECK_RECORDS);
                    byte[] first = floorRead(floor.read(nextRead()));
                    long index = floor.append();
                    if (index != CHECK_RECORDS) {
                        throw new IllegalStateException(c + " appended at index " + index);
                    }
                    check.verify(c, floor.frame(), blit.fromBytes(first), data);
                } finally {
                    closeFloor();
                }
            });
        }
        check.run(only, "chronicleQueue", () -> {
            openChronicle();
            try {
                prefill("chronicleQueue", CHECK_RECORDS);
                Object first = chronicleQueueRead();
                Object roundTrip = chronicleQueueRoundTrip();
                if (!data.equals(roundTrip) || appender.lastIndexAppended() != chronicleFirst + CHECK_RECORDS) {
                    throw new IllegalStateException("chronicleQueue round trip gave " + roundTrip + " at index "
                            + Long.toHexString(appender.lastIndexAppended()));
                }
                check.verify("chronicleQueue", chronicleBytesPerRecord(CHECK_RECORDS + 1), first, data);
            } finally {
                closeChronicle();
            }
        });
    }

    /** A fresh log for every iteration of the write and round-trip benchmarks. */
    @Setup(Level.Iteration)
    public void openIteration() {
        if (!"read".equals(operation)) {
            open(only);
        }
    }

    /**
     * Closes and deletes the iteration's log (a BlitLog syncs on close: hundreds of MB, outside the measurement),
     * then collects garbage so that the deleted files' memory is free for the next iteration (see the class comment).
     */
    @TearDown(Level.Iteration)
    public void closeIteration() {
        if (!"read".equals(operation)) {
            close();
            System.gc();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        close();
    }

    /** @return sizes, decode checks and pending contenders, from one setup run outside JMH */
    public static SelfCheck selfCheck() {
        LogBenchmark b = new LogBenchmark();
        try {
            b.setup((String) null);
            return b.check;
        } finally {
            b.close();
        }
    }

    private void open(String contender) {
        if (contender != null && contender.startsWith("blitLog")) {
            openBlitLog();
        } else if (contender != null && contender.startsWith("mappedCopy")) {
            openFloor(contender);
        } else if ("chronicleQueue".equals(contender)) {
            openChronicle();
        }
    }

    private void close() {
        closeBlitLog(true);
        closeFloor();
        closeChronicle();
    }

    /** Appends {@code n} records to the open log of {@code contender}; {@link #nextRead()} then walks them from 0. */
    private void prefill(String contender, int n) {
        for (int i = 0; i < n; i++) {
            boolean chronicle = contender.equals("chronicleQueue");
            long index = contender.startsWith("blitLog") ? blitLogWrite() : chronicle ? chronicleQueueWrite() : floor.append();
            if (i == 0 && chronicle) {
                chronicleFirst = index;
            }
            long expected = chronicle ? chronicleFirst + i : i;
            if (index != expected) { // Chronicle: the queue rolled (midnight UTC) while it was filled
                throw new IllegalStateException(contender + " appended record " + i + " at index " + Long.toHexString(index)
                        + ", expected " + Long.toHexString(expected));
            }
        }
        readable = n;
        readNext = 0;
    }

    /** @return the next record to read: 0, 1, ..., {@link #readable} - 1, 0, ... */
    private long nextRead() {
        long i = readNext;
        readNext = i + 1 == readable ? 0 : i + 1;
        return i;
    }

    private static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }

    // ---------------------------------------------------------------- BlitLog

    private void openBlitLog() {
        blitDir = tempDir("blit-bench-log");
        blitLog = BlitLog.open(blitDir, blit);
    }

    /** Closes the log (which syncs it) and, if asked, deletes its directory. */
    private void closeBlitLog(boolean delete) {
        if (blitLog != null) {
            blitLog.close();
            blitLog = null;
        }
        if (delete && blitDir != null) {
            deleteTree(blitDir);
            blitDir = null;
        }
    }

    /**
     * @return the bytes per record in the first segment file of a closed log holding {@code n} records, found by
     *         walking the frames (FORMAT.md, "Record frames": {@code u32 crc, u32 length, payload, padding to 8})
     */
    private static int blitLogBytesPerRecord(Path dir, int n) {
        Path segment;
        try (Stream<Path> files = Files.list(dir)) {
            segment = files.filter(p -> p.getFileName().toString().endsWith(".seg")).sorted().findFirst()
                    .orElseThrow(() -> new IllegalStateException("no segment file in " + dir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.READ)) {
            ByteBuffer frameHeader = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            long end = 32; // the segment header
            for (int i = 0; i < n; i++) {
                frameHeader.clear();
                while (frameHeader.hasRemaining() && ch.read(frameHeader, end + frameHeader.position()) > 0) {
                    // until the 8 bytes are in
                }
                int length = frameHeader.getInt(4);
                if (length <= 0) {
                    throw new IllegalStateException("record " + i + " of " + segment + " has length " + length);
                }
                end += 8 + ((length + 7) & ~7);
            }
            return (int) Math.round((end - 32) / (double) n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public long blitLogWrite() {
        return blitLog.append(data);
    }

    @Benchmark
    public Object blitLogRead() {
        return blitLog.read(nextRead());
    }

    @Benchmark
    public Object blitLogRoundTrip() {
        return blitLog.read(blitLog.append(data));
    }

    /** The one MarketData that {@code blitLogInPlace} reads every record into ({@code BlitLog.readInto}). */
    private final MarketData inPlaceTarget = new MarketData();

    @Benchmark
    public long blitLogInPlaceWrite() {
        return blitLog.append(data);
    }

    @Benchmark
    public Object blitLogInPlaceRead() {
        return blitLog.readInto(nextRead(), inPlaceTarget);
    }

    @Benchmark
    public Object blitLogInPlaceRoundTrip() {
        return blitLog.readInto(blitLog.append(data), inPlaceTarget);
    }

    // ---------------------------------------------------------------- the floor: frames copied in and out of a mapped file

    private Path floorDir;
    private MappedFloor floor;

    /** A fresh mapped file that holds {@link #PREFILLED} frames; {@code mappedCopyCrc} also checksums them. */
    private void openFloor(String contender) {
        floorDir = tempDir("blit-bench-floor");
        floor = new MappedFloor(floorDir.resolve("frames"), blit.toBytes(data), PREFILLED, contender.equals("mappedCopyCrc"));
    }

    private void closeFloor() {
        if (floor != null) {
            floor.close();
            floor = null;
        }
        deleteTree(floorDir);
        floorDir = null;
    }

    /** @return a copy of the payload in a buffer {@link MappedFloor#read} returned */
    private static byte[] floorRead(byte[] scratch) {
        return java.util.Arrays.copyOfRange(scratch, 12, scratch.length);
    }

    @Benchmark
    public long mappedCopyWrite() {
        return floor.append();
    }

    @Benchmark
    public Object mappedCopyRead() {
        return floor.read(nextRead());
    }

    @Benchmark
    public Object mappedCopyRoundTrip() {
        return floor.read(floor.append());
    }

    @Benchmark
    public long mappedCopyCrcWrite() {
        return floor.append();
    }

    @Benchmark
    public Object mappedCopyCrcRead() {
        return floor.read(nextRead());
    }

    @Benchmark
    public Object mappedCopyCrcRoundTrip() {
        return floor.read(floor.append());
    }

    // ---------------------------------------------------------------- Chronicle Queue

    private void openChronicle() {
        chronicleDir = tempDir("blit-bench-chronicle");
        queue = SingleChronicleQueueBuilder.binary(chronicleDir).rollCycle(RollCycles.FAST_DAILY).build();
        appender = queue.createAppender();
        tailer = queue.createTailer();
    }

    private void closeChronicle() {
        if (queue != null) {
            tailer.close();
            appender.close();
            queue.close();
            tailer = null;
            appender = null;
            queue = null;
        }
        if (chronicleDir != null) {
            deleteTree(chronicleDir);
            chronicleDir = null;
        }
    }

    /**
     * @return the bytes per record in the queue file: the distance from the first record's payload to the last
     *         one's, over the records between them (header, payload, and the index entries written among them)
     */
    private int chronicleBytesPerRecord(int n) {
        long from = chroniclePayloadPosition(chronicleFirst);
        long to = chroniclePayloadPosition(chronicleFirst + n - 1);
        return (int) Math.round((to - from) / (double) (n - 1));
    }

    private long chroniclePayloadPosition(long index) {
        if (!tailer.moveToIndex(index)) {
            throw new IllegalStateException("chronicleQueue has no record at index " + Long.toHexString(index));
        }
        try (DocumentContext dc = tailer.readingDocument()) {
            return dc.wire().bytes().readPosition();
        }
    }

    /** @return the record at {@code index}, read into a new {@code MarketData} */
    private MarketData chronicleReadAt(long index) {
        if (!tailer.moveToIndex(index)) {
            throw new IllegalStateException("chronicleQueue has no record at index " + Long.toHexString(index));
        }
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isData()) {
                throw new IllegalStateException("chronicleQueue has no data at index " + Long.toHexString(index));
            }
            return ChronicleMarketData.readFields(dc.wire().bytes());
        }
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public long chronicleQueueWrite() {
        try (DocumentContext dc = appender.writingDocument()) {
            ChronicleMarketData.writeFields(data, dc.wire().bytes());
        }
        return appender.lastIndexAppended();
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public Object chronicleQueueRead() {
        return chronicleReadAt(chronicleFirst + nextRead());
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public Object chronicleQueueRoundTrip() {
        return chronicleReadAt(chronicleQueueWrite());
    }
}
