package dev.blit.bench.mediacontent;

import com.esotericsoftware.kryo.Kryo;
import dev.blit.Blit;
import dev.blit.bench.Contenders;
import dev.blit.bench.Jvm;
import dev.blit.bench.SelfCheck;
import dev.blit.bench.peers.ForyCodec;
import dev.blit.bench.peers.Forys;
import dev.blit.bench.peers.Jacksons;
import dev.blit.bench.peers.JdkSerialization;
import dev.blit.bench.peers.KryoCodec;
import dev.blit.bench.peers.Kryos;
import dev.blit.bench.peers.Protobufs;
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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The jvm-serializers yardstick ({@link MediaContent}: one {@link Media}, two {@link Image}s, strings, a list, enums,
 * a null) through Blit's generated serializers (schema-consistent and compatible), the JDK, Kryo, Fory in both
 * modes and Jackson (JSON and Smile). References are off everywhere (the model has no shared objects). Method
 * names are {@code <contender><Write|Read|RoundTrip>}.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MediaContentBenchmark {
    private static final int CAPACITY = 4096;
    private static final Class<?>[] TYPES = {MediaContent.class, Media.class, Image.class, Media.Player.class, Image.Size.class};

    private final MediaContent content = MediaContent.sample();

    private Blit blitGenerated;
    private final WriteBuffer blitOut = new WriteBuffer(CAPACITY);
    /** Reused as the peers reuse their input buffers ({@link ReadBuffer#reset}): nothing allocated per read. */
    private final ReadBuffer blitIn = ReadBuffer.of(new byte[0]);
    private byte[] blitGeneratedBytes;

    private Blit blitCompatible;
    private byte[] blitCompatibleBytes;

    private final JdkSerialization jdk = new JdkSerialization();
    private byte[] jdkBytes;

    private KryoCodec kryo;

    private ForyCodec foryConsistent;

    private ForyCodec foryCompatible;

    private Jacksons jacksonJson;
    private byte[] jacksonJsonBytes;

    private Jacksons jacksonSmile;
    private byte[] jacksonSmileBytes;

    private final byte[] protobufOut = new byte[CAPACITY];
    private byte[] protobufBytes;

    private final SelfCheck check = new SelfCheck();

    /** Builds only the contender JMH is about to measure (see {@link SelfCheck#run}). */
    @Setup
    public void setup(BenchmarkParams params) {
        setup(Contenders.of(params));
    }

    /** @return the workload's Kryo: its classes registered, references off */
    public static Kryo kryo() {
        return Kryos.create(false, MediaContent.class, Media.class, Image.class, Media.Player.class, Image.Size.class,
                ArrayList.class);
    }

    /** @return the workload's Blit: its five classes registered from id 100, as every MediaContent row has them */
    public static Blit blit(boolean compatible) {
        Blit.Builder b = Blit.builder().compatible(compatible);
        for (int i = 0; i < TYPES.length; i++) {
            b.register(TYPES[i], 100 + i);
        }
        return b.build();
    }

    /**
     * Builds the contenders, encodes the sample with each, and verifies each decodes it back.
     *
     * @param only the contender about to be measured, or null for all of them
     */
    void setup(String only) {
        check.run(only, "blitGenerated", () -> {
            blitGenerated = blit(false);
            blitGeneratedBytes = Arrays.copyOf(blitOut.array(), (int) blitGeneratedWrite());
            check.verify("blitGenerated", blitGeneratedBytes.length, blitGeneratedRead(), content);
        });
        check.run(only, "blitCompatible", () -> {
            blitCompatible = blit(true);
            blitCompatibleBytes = Arrays.copyOf(blitOut.array(), (int) blitCompatibleWrite());
            check.verify("blitCompatible", blitCompatibleBytes.length, blitCompatibleRead(), content);
        });
        check.run(only, "jdk", () -> {
            jdkWrite();
            jdkBytes = jdk.lastWritten();
            check.verify("jdk", jdkBytes.length, jdkRead(), content);
        });
        check.run(only, "kryo", () -> {
            kryo = new KryoCodec(kryo(), CAPACITY);
            check.verify("kryo", kryo.keep(content), kryoRead(), content);
        });
        check.run(only, "foryConsistent", () -> {
            foryConsistent = new ForyCodec(Forys.create(CompatibleMode.SCHEMA_CONSISTENT, false, TYPES), CAPACITY);
            check.verify("foryConsistent", foryConsistent.keep(content), foryConsistentRead(), content);
        });
        check.run(only, "foryCompatible", () -> {
            foryCompatible = new ForyCodec(Forys.create(CompatibleMode.COMPATIBLE, false, TYPES), CAPACITY);
            check.verify("foryCompatible", foryCompatible.keep(content), foryCompatibleRead(), content);
        });
        check.run(only, "jacksonJson", () -> {
            jacksonJson = new Jacksons(false, MediaContent.class);
            jacksonJsonWrite();
            jacksonJsonBytes = jacksonJson.lastWritten();
            check.verify("jacksonJson", jacksonJsonBytes.length, jacksonJsonRead(), content);
        });
        check.run(only, "jacksonSmile", () -> {
            jacksonSmile = new Jacksons(true, MediaContent.class);
            jacksonSmileWrite();
            jacksonSmileBytes = jacksonSmile.lastWritten();
            check.verify("jacksonSmile", jacksonSmileBytes.length, jacksonSmileRead(), content);
        });
        check.run(only, "protobuf", () -> {
            protobufBytes = Arrays.copyOf(protobufOut, protobufWrite());
            check.verify("protobuf", protobufBytes.length, protobufRead(), content);
        });
    }

    /** @return sizes, decode checks and pending contenders, from one setup run outside JMH */
    public static SelfCheck selfCheck() {
        MediaContentBenchmark b = new MediaContentBenchmark();
        b.setup((String) null);
        return b.check;
    }

    // ---------------------------------------------------------------- Blit, generated serializers, schema-consistent

    @Benchmark
    public long blitGeneratedWrite() {
        blitOut.clear();
        blitGenerated.write(content, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitGeneratedRead() {
        return blitGenerated.read(blitIn.reset(blitGeneratedBytes, 0, blitGeneratedBytes.length));
    }

    @Benchmark
    public Object blitGeneratedRoundTrip() {
        blitOut.clear();
        blitGenerated.write(content, blitOut);
        return blitGenerated.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit, generated serializers, compatible mode

    @Benchmark
    public long blitCompatibleWrite() {
        blitOut.clear();
        blitCompatible.write(content, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitCompatibleRead() {
        return blitCompatible.read(blitIn.reset(blitCompatibleBytes, 0, blitCompatibleBytes.length));
    }

    @Benchmark
    public Object blitCompatibleRoundTrip() {
        blitOut.clear();
        blitCompatible.write(content, blitOut);
        return blitCompatible.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- JDK Serializable

    @Benchmark
    public int jdkWrite() {
        return jdk.write(content);
    }

    @Benchmark
    public Object jdkRead() {
        return JdkSerialization.read(jdkBytes, jdkBytes.length);
    }

    @Benchmark
    public Object jdkRoundTrip() {
        jdk.write(content);
        return jdk.readLastWritten();
    }

    // ---------------------------------------------------------------- Kryo 5, registered, references off

    @Benchmark
    public int kryoWrite() {
        return kryo.write(content);
    }

    @Benchmark
    public Object kryoRead() {
        return kryo.read();
    }

    @Benchmark
    public Object kryoRoundTrip() {
        return kryo.roundTrip(content);
    }

    // ---------------------------------------------------------------- Apache Fory, SCHEMA_CONSISTENT

    @Benchmark
    public int foryConsistentWrite() {
        return foryConsistent.write(content);
    }

    @Benchmark
    public Object foryConsistentRead() {
        return foryConsistent.read();
    }

    @Benchmark
    public Object foryConsistentRoundTrip() {
        return foryConsistent.roundTrip(content);
    }

    // ---------------------------------------------------------------- Apache Fory, COMPATIBLE (its default)

    @Benchmark
    public int foryCompatibleWrite() {
        return foryCompatible.write(content);
    }

    @Benchmark
    public Object foryCompatibleRead() {
        return foryCompatible.read();
    }

    @Benchmark
    public Object foryCompatibleRoundTrip() {
        return foryCompatible.roundTrip(content);
    }

    // ---------------------------------------------------------------- Jackson JSON

    @Benchmark
    public int jacksonJsonWrite() {
        return jacksonJson.write(content);
    }

    @Benchmark
    public Object jacksonJsonRead() {
        return jacksonJson.read(jacksonJsonBytes, jacksonJsonBytes.length);
    }

    @Benchmark
    public Object jacksonJsonRoundTrip() {
        jacksonJson.write(content);
        return jacksonJson.readLastWritten();
    }

    // ---------------------------------------------------------------- Jackson Smile (binary JSON)

    @Benchmark
    public int jacksonSmileWrite() {
        return jacksonSmile.write(content);
    }

    @Benchmark
    public Object jacksonSmileRead() {
        return jacksonSmile.read(jacksonSmileBytes, jacksonSmileBytes.length);
    }

    @Benchmark
    public Object jacksonSmileRoundTrip() {
        jacksonSmile.write(content);
        return jacksonSmile.readLastWritten();
    }

    // ---------------------------------------------------------------- protobuf-java (protoc-generated, converted from/to the object)

    @Benchmark
    public int protobufWrite() {
        return Protobufs.write(Protobufs.toProto(content), protobufOut);
    }

    @Benchmark
    public Object protobufRead() {
        return Protobufs.readMediaContent(protobufBytes, protobufBytes.length);
    }

    @Benchmark
    public Object protobufRoundTrip() {
        int n = Protobufs.write(Protobufs.toProto(content), protobufOut);
        return Protobufs.readMediaContent(protobufOut, n);
    }
}
