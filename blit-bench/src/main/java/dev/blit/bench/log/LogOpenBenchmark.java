package dev.blit.bench.log;

import dev.blit.Blit;
import dev.blit.bench.Jvm;
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
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Opening a long log: what a consumer that starts up pays before it has its first record. Each operation opens
 * a reader on a closed log (or queue) of {@link #segments} x 16 MiB of {@link MarketData} records (160 bytes a
 * record in a BlitLog), reads one record by index, and closes it. Run it apart from the side-by-side suite:
 * <pre>
 * java -cp blit-bench/target/benchmarks.jar org.openjdk.jmh.Main LogOpenBenchmark
 * </pre>
 * <ul>
 *   <li>{@code blitLast}: {@code BlitLog.openReader}, then the newest record. A reader's open maps and indexes
 *       the last segment only (a scan of what it holds, each record's checksum checked), so this should not grow
 *       with {@link #segments}.</li>
 *   <li>{@code blitFirst}: the same, then the oldest record: its segment is mapped and indexed on that read (a
 *       scan of its 16 MiB with every record's checksum), the cost a consumer pays that replays from the start.</li>
 *   <li>{@code chronicleLast}: Chronicle Queue ({@code FAST_DAILY}, all records in one cycle), the same records
 *       written as {@link LogBenchmark} writes them; {@code createTailer().moveToIndex(last)} and a read of the
 *       record.</li>
 * </ul>
 * On Java 17 a mapping is released only when its buffer is collected, and thousands of opens a second would
 * reach the process's limit on mappings: every 2,000th operation's tear-down runs {@code System.gc()} (outside
 * the measurement).
 */
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LogOpenBenchmark {
    static {
        Chronicles.disableAnalytics();
    }

    private static final long SEGMENT_SIZE = 16L << 20;
    private static final BlitLog.Options OPTIONS = BlitLog.Options.defaults().segmentSize(SEGMENT_SIZE);

    /** Segments of the log: the last two are what opening reads; the rest only make it long. */
    @Param({"2", "64"})
    public int segments;

    private final MarketData data = MarketData.sample();
    private final Blit blit = Blit.builder().register(MarketData.class, 101).build();
    private Path dir;
    private long records;
    private int ops;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams params) throws IOException {
        dir = Files.createTempDirectory("blit-bench-open");
        boolean chronicle = params.getBenchmark().endsWith("chronicleLast");
        int frame = 8 + ((blit.toBytes(data).length + 7) & ~7);
        long perSegment = (SEGMENT_SIZE - 32 - 8) / frame;
        records = perSegment * (segments - 1) + perSegment / 2;
        if (chronicle) {
            try (SingleChronicleQueue queue = chronicle(dir);
                 ExcerptAppender appender = queue.createAppender()) {
                for (long i = 0; i < records; i++) {
                    try (DocumentContext dc = appender.writingDocument()) {
                        ChronicleMarketData.writeFields(data, dc.wire().bytes());
                    }
                }
            }
        } else {
            try (BlitLog log = BlitLog.open(dir, blit, OPTIONS)) {
                for (long i = 0; i < records; i++) {
                    log.append(data);
                }
            }
            long files;
            try (Stream<Path> s = Files.list(dir)) {
                files = s.filter(p -> p.toString().endsWith(".seg")).count();
            }
            if (files != segments) {
                throw new IllegalStateException("the log has " + files + " segments, not " + segments);
            }
        }
    }

    private static SingleChronicleQueue chronicle(Path dir) {
        return SingleChronicleQueueBuilder.binary(dir).rollCycle(RollCycles.FAST_DAILY).build();
    }

    @TearDown(Level.Invocation)
    public void collectMappings() {
        if (++ops % 2000 == 0) {
            System.gc();
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    @Benchmark
    public Object blitLast() {
        try (BlitLog log = BlitLog.openReader(dir, blit)) {
            return log.read(log.size() - 1);
        }
    }

    @Benchmark
    public Object blitFirst() {
        try (BlitLog log = BlitLog.openReader(dir, blit)) {
            return log.read(0);
        }
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public Object chronicleLast() {
        try (SingleChronicleQueue queue = chronicle(dir);
             ExcerptTailer tailer = queue.createTailer()) {
            if (!tailer.moveToIndex(queue.lastIndex())) {
                throw new IllegalStateException("no record at the queue's last index");
            }
            try (DocumentContext dc = tailer.readingDocument()) {
                return ChronicleMarketData.readFields(dc.wire().bytes());
            }
        }
    }
}
