package dev.blit.bench.stream;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.blit.Blit;
import dev.blit.bench.Jvm;
import dev.blit.bench.mediacontent.MediaContent;
import dev.blit.bench.mediacontent.MediaContentBenchmark;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeUnit;

/**
 * Values read one per call from a stream that holds a thousand {@link MediaContent}s, through a
 * {@code BufferedInputStream}, as a socket's reader would: the time of one value, the stream reopened (amortized)
 * when it runs out. Not one of {@code ./blit bench}'s workloads; run it with
 * {@code java -cp blit-bench/target/benchmarks.jar org.openjdk.jmh.Main StreamReadBenchmark}.
 *
 * <ul>
 *   <li>{@code blitExact}: {@code Blit.read(InputStream)}, which leaves the stream right after each value (it reads
 *       ahead from a stream that supports mark and gives back what the value did not use).</li>
 *   <li>{@code blitAhead}: {@code Blit.read(ReadBuffer)} over one {@code ReadBuffer.of(InputStream)}, which keeps what
 *       it read ahead for the next value: the stream holds nothing else.</li>
 *   <li>{@code kryo}: {@code readObject} over one Kryo {@code Input} on the stream (buffered the same way).</li>
 *   <li>{@code jdk}: {@code ObjectInputStream.readObject}, the values written with a {@code reset()} after each, so
 *       that each is whole (as a message is) and not a back reference to the first.</li>
 * </ul>
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class StreamReadBenchmark {
    private static final int VALUES = 1000;

    private final MediaContent content = MediaContent.sample();
    private Blit blit;
    private Kryo kryo;
    private byte[] blitBytes;
    private byte[] kryoBytes;
    private byte[] jdkBytes;

    private InputStream exactIn;
    private int exactLeft;
    private ReadBuffer aheadIn;
    private int aheadLeft;
    private Input kryoIn;
    private int kryoLeft;
    private ObjectInputStream jdkIn;
    private int jdkLeft;

    @Setup
    public void setup() throws IOException {
        blit = MediaContentBenchmark.blit(false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        WriteBuffer out = WriteBuffer.to(bytes);
        for (int i = 0; i < VALUES; i++) {
            blit.write(content, out);
        }
        out.flush();
        blitBytes = bytes.toByteArray();

        kryo = MediaContentBenchmark.kryo();
        bytes.reset();
        Output output = new Output(bytes, 8192);
        for (int i = 0; i < VALUES; i++) {
            kryo.writeObject(output, content);
        }
        output.flush();
        kryoBytes = bytes.toByteArray();

        bytes.reset();
        try (ObjectOutputStream oos = new ObjectOutputStream(bytes)) {
            for (int i = 0; i < VALUES; i++) {
                oos.writeObject(content);
                oos.reset();
            }
        }
        jdkBytes = bytes.toByteArray();

        for (int i = 0; i < VALUES; i++) { // every contender reads back what was written, before anything is timed
            check(blitExactRead());
            check(blitAheadRead());
            check(kryoRead());
            check(jdkRead());
        }
    }

    private void check(Object v) {
        if (!content.equals(v)) {
            throw new IllegalStateException("read back " + v + ", wrote " + content);
        }
    }

    private static InputStream stream(byte[] bytes) {
        return new BufferedInputStream(new ByteArrayInputStream(bytes));
    }

    @Benchmark
    public Object blitExactRead() {
        if (exactLeft == 0) {
            exactIn = stream(blitBytes);
            exactLeft = VALUES;
        }
        exactLeft--;
        return blit.read(exactIn);
    }

    @Benchmark
    public Object blitAheadRead() {
        if (aheadLeft == 0) {
            aheadIn = ReadBuffer.of(stream(blitBytes));
            aheadLeft = VALUES;
        }
        aheadLeft--;
        return blit.read(aheadIn);
    }

    @Benchmark
    public Object kryoRead() {
        if (kryoLeft == 0) {
            kryoIn = new Input(stream(kryoBytes), 8192);
            kryoLeft = VALUES;
        }
        kryoLeft--;
        return kryo.readObject(kryoIn, MediaContent.class);
    }

    @Benchmark
    public Object jdkRead() {
        try {
            if (jdkLeft == 0) {
                jdkIn = new ObjectInputStream(stream(jdkBytes));
                jdkLeft = VALUES;
            }
            jdkLeft--;
            return jdkIn.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
