package dev.blit.bench.exception;

import dev.blit.Blit;
import dev.blit.bench.Contenders;
import dev.blit.bench.Jvm;
import dev.blit.bench.SelfCheck;
import dev.blit.bench.peers.Chronicles;
import dev.blit.bench.peers.ForyCodec;
import dev.blit.bench.peers.Forys;
import dev.blit.bench.peers.JdkSerialization;
import dev.blit.bench.peers.KryoCodec;
import dev.blit.bench.peers.Kryos;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.apache.fory.config.CompatibleMode;
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
import org.openjdk.jmh.infra.BenchmarkParams;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * An exception as an RPC error reply ({@link OrderRejected}: two own fields, an {@link IOException} cause, 16 + 4
 * stack frames) through Blit (FORMAT.md, "Throwables"), the JDK, Kryo and Fory. Every reader creates a new
 * exception, whose constructor fills in a stack trace of the reading thread before the decoded one replaces it
 * (the JDK's reader does not run the constructor). Kryo's FieldSerializer reaches into {@code Throwable}'s
 * private fields, which the JDK refuses without {@code --add-opens java.base/java.lang=ALL-UNNAMED}: its forks
 * get that flag (as Chronicle's get theirs, and as a Kryo user has to), Blit's never; Fory 1.6 reads the exception back without its stack
 * traces, so its rows are checked without them. Method names are {@code <contender><Write|Read|RoundTrip>}.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ExceptionBenchmark {
    private static final int CAPACITY = 8192;
    private static final Class<?>[] TYPES = {OrderRejected.class, IOException.class, StackTraceElement.class,
            StackTraceElement[].class};

    /** Kryo also meets the empty list Throwable holds when nothing is suppressed (registration is required). */
    private static final Class<?>[] KRYO_TYPES = {OrderRejected.class, IOException.class, StackTraceElement.class,
            StackTraceElement[].class, java.util.Collections.emptyList().getClass()};

    private final OrderRejected data = OrderRejected.sample();

    private final WriteBuffer blitOut = new WriteBuffer(CAPACITY);
    private final ReadBuffer blitIn = ReadBuffer.of(new byte[0]);
    private Blit blitGenerated;
    private byte[] blitGeneratedBytes;
    private Blit blitCompatible;
    private byte[] blitCompatibleBytes;

    private final JdkSerialization jdk = new JdkSerialization();
    private byte[] jdkBytes;

    private KryoCodec kryo;

    private ForyCodec foryConsistent;

    private ForyCodec foryCompatible;

    private final SelfCheck check = new SelfCheck();

    /** Builds only the contender JMH is about to measure (see {@link SelfCheck#run}). */
    @Setup
    public void setup(BenchmarkParams params) {
        setup(Contenders.of(params));
    }

    /**
     * Builds the contenders, encodes the sample with each, and verifies each decodes it back.
     *
     * @param only the contender about to be measured, or null for all of them
     */
    void setup(String only) {
        check.run(only, "blitGenerated", () -> {
            blitGenerated = Blit.builder().register(OrderRejected.class, 100).register(IOException.class, 101).build();
            blitGeneratedBytes = Arrays.copyOf(blitOut.array(), (int) blitGeneratedWrite());
            check.verify("blitGenerated", blitGeneratedBytes.length, blitGeneratedRead(), data, OrderRejected::same);
        });
        check.run(only, "blitCompatible", () -> {
            blitCompatible = Blit.builder().compatible(true).register(OrderRejected.class, 100)
                    .register(IOException.class, 101).build();
            blitCompatibleBytes = Arrays.copyOf(blitOut.array(), (int) blitCompatibleWrite());
            check.verify("blitCompatible", blitCompatibleBytes.length, blitCompatibleRead(), data, OrderRejected::same);
        });
        check.run(only, "jdk", () -> {
            jdkWrite();
            jdkBytes = jdk.lastWritten();
            check.verify("jdk", jdkBytes.length, jdkRead(), data, OrderRejected::same);
        });
        check.run(only, "kryo", () -> {
            // References on: Throwable's cause field points at the exception itself until a cause is set, a cycle.
            kryo = new KryoCodec(Kryos.create(true, KRYO_TYPES), CAPACITY);
            check.verify("kryo", kryo.keep(data), kryoRead(), data, OrderRejected::same);
        });
        check.run(only, "foryConsistent", () -> {
            foryConsistent = new ForyCodec(Forys.create(CompatibleMode.SCHEMA_CONSISTENT, false, TYPES), CAPACITY);
            check.verify("foryConsistent", foryConsistent.keep(data), foryConsistentRead(), data, OrderRejected::sameButFrames);
        });
        check.run(only, "foryCompatible", () -> {
            foryCompatible = new ForyCodec(Forys.create(CompatibleMode.COMPATIBLE, false, TYPES), CAPACITY);
            check.verify("foryCompatible", foryCompatible.keep(data), foryCompatibleRead(), data, OrderRejected::sameButFrames);
        });
    }

    /** @return sizes, decode checks and pending contenders, from one setup run outside JMH */
    public static SelfCheck selfCheck() {
        ExceptionBenchmark b = new ExceptionBenchmark();
        b.setup((String) null);
        return b.check;
    }

    // ---------------------------------------------------------------- Blit (FORMAT.md "Throwables")

    @Benchmark
    public long blitGeneratedWrite() {
        blitOut.clear();
        blitGenerated.write(data, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitGeneratedRead() {
        return blitGenerated.read(blitIn.reset(blitGeneratedBytes, 0, blitGeneratedBytes.length));
    }

    @Benchmark
    public Object blitGeneratedRoundTrip() {
        blitOut.clear();
        blitGenerated.write(data, blitOut);
        return blitGenerated.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    /** Compatible mode: the same, with each exception class's table of own fields once per message. */
    @Benchmark
    public long blitCompatibleWrite() {
        blitOut.clear();
        blitCompatible.write(data, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitCompatibleRead() {
        return blitCompatible.read(blitIn.reset(blitCompatibleBytes, 0, blitCompatibleBytes.length));
    }

    @Benchmark
    public Object blitCompatibleRoundTrip() {
        blitOut.clear();
        blitCompatible.write(data, blitOut);
        return blitCompatible.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- JDK Serializable

    @Benchmark
    public int jdkWrite() {
        return jdk.write(data);
    }

    @Benchmark
    public Object jdkRead() {
        return JdkSerialization.read(jdkBytes, jdkBytes.length);
    }

    @Benchmark
    public Object jdkRoundTrip() {
        jdk.write(data);
        return jdk.readLastWritten();
    }

    // ---------------------------------------------------------------- Kryo 5, registered, references on, --add-opens java.base/java.lang

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = Chronicles.OPEN_LANG)
    public int kryoWrite() {
        return kryo.write(data);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = Chronicles.OPEN_LANG)
    public Object kryoRead() {
        return kryo.read();
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = Chronicles.OPEN_LANG)
    public Object kryoRoundTrip() {
        return kryo.roundTrip(data);
    }

    // ---------------------------------------------------------------- Apache Fory, SCHEMA_CONSISTENT (no stack traces)

    @Benchmark
    public int foryConsistentWrite() {
        return foryConsistent.write(data);
    }

    @Benchmark
    public Object foryConsistentRead() {
        return foryConsistent.read();
    }

    @Benchmark
    public Object foryConsistentRoundTrip() {
        return foryConsistent.roundTrip(data);
    }

    // ---------------------------------------------------------------- Apache Fory, COMPATIBLE (no stack traces)

    @Benchmark
    public int foryCompatibleWrite() {
        return foryCompatible.write(data);
    }

    @Benchmark
    public Object foryCompatibleRead() {
        return foryCompatible.read();
    }

    @Benchmark
    public Object foryCompatibleRoundTrip() {
        return foryCompatible.roundTrip(data);
    }
}
