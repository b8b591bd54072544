package dev.blit.bench.bulk;

import dev.blit.Blit;
import dev.blit.bench.Contenders;
import dev.blit.bench.Jvm;
import dev.blit.bench.SelfCheck;
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

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Workload 6, first half: {@link Struct100} (100 primitive fields of all eight kinds) through the hand-written
 * VarHandle codec, Blit's generated serializer (all primitive, so one flat fixed-layout block), the JDK, Kryo and
 * Fory in both modes. Every reader creates a new object. Method names are {@code <contender><Write|Read|RoundTrip>}.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class Struct100Benchmark {
    private static final int CAPACITY = 4096;

    private final Struct100 data = Struct100.sample();

    private final byte[] varHandleOut = new byte[CAPACITY];
    private byte[] varHandleBytes;

    private final WriteBuffer blitOut = new WriteBuffer(CAPACITY);
    private final ReadBuffer blitIn = ReadBuffer.of(new byte[0]);
    private Blit blitGenerated;
    private byte[] blitGeneratedBytes;

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
        check.run(only, "varHandle", () -> {
            varHandleBytes = Arrays.copyOf(varHandleOut, varHandleWrite());
            check.verify("varHandle", varHandleBytes.length, varHandleRead(), data);
        });
        check.run(only, "blitGenerated", () -> {
            blitGenerated = Blit.builder().register(Struct100.class, 100).build();
            blitGeneratedBytes = Arrays.copyOf(blitOut.array(), (int) blitGeneratedWrite());
            check.verify("blitGenerated", blitGeneratedBytes.length, blitGeneratedRead(), data);
        });
        check.run(only, "jdk", () -> {
            jdkWrite();
            jdkBytes = jdk.lastWritten();
            check.verify("jdk", jdkBytes.length, jdkRead(), data);
        });
        check.run(only, "kryo", () -> {
            kryo = new KryoCodec(Kryos.create(false, Struct100.class), CAPACITY);
            check.verify("kryo", kryo.keep(data), kryoRead(), data);
        });
        check.run(only, "foryConsistent", () -> {
            foryConsistent = new ForyCodec(Forys.create(CompatibleMode.SCHEMA_CONSISTENT, false, Struct100.class), CAPACITY);
            check.verify("foryConsistent", foryConsistent.keep(data), foryConsistentRead(), data);
        });
        check.run(only, "foryCompatible", () -> {
            foryCompatible = new ForyCodec(Forys.create(CompatibleMode.COMPATIBLE, false, Struct100.class), CAPACITY);
            check.verify("foryCompatible", foryCompatible.keep(data), foryCompatibleRead(), data);
        });
    }

    /** @return sizes, decode checks and pending contenders, from one setup run outside JMH */
    public static SelfCheck selfCheck() {
        Struct100Benchmark b = new Struct100Benchmark();
        b.setup((String) null);
        return b.check;
    }

    // ---------------------------------------------------------------- hand-written VarHandle, fixed offsets (generated with Struct100)

    @Benchmark
    public int varHandleWrite() {
        return Struct100.varHandleEncode(data, varHandleOut);
    }

    @Benchmark
    public Struct100 varHandleRead() {
        return Struct100.varHandleDecode(varHandleBytes);
    }

    @Benchmark
    public Struct100 varHandleRoundTrip() {
        Struct100.varHandleEncode(data, varHandleOut);
        return Struct100.varHandleDecode(varHandleOut);
    }

    // ---------------------------------------------------------------- Blit facade, generated serializer (one flat block)

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

    // ---------------------------------------------------------------- Kryo 5, registered

    @Benchmark
    public int kryoWrite() {
        return kryo.write(data);
    }

    @Benchmark
    public Object kryoRead() {
        return kryo.read();
    }

    @Benchmark
    public Object kryoRoundTrip() {
        return kryo.roundTrip(data);
    }

    // ---------------------------------------------------------------- Apache Fory, SCHEMA_CONSISTENT

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

    // ---------------------------------------------------------------- Apache Fory, COMPATIBLE

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
