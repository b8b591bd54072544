package dev.blit.bench.marketdata;

import dev.blit.Blit;
import dev.blit.Serializer;
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
import net.openhft.chronicle.bytes.Bytes;
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

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

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
 * {@link MarketData} (18 primitives) through every contender. Every reader creates a new object except
 * Blit's flat serializer alone ({@code blitInPlace}: the bare block, {@code Serializer.readInto}), the
 * like-for-like counterpart of Chronicle's trivially copyable path, and Chronicle's, which fill an existing
 * one as Chronicle's API does ({@link ChronicleMarketData}); its three
 * rows run in forks with the JVM flags Chronicle needs ({@link Chronicles}). Method names are
 * {@code <contender><Write|Read|RoundTrip>}.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MarketDataBenchmark {
    private static final int CAPACITY = 1024;

    private final MarketData data = MarketData.sample();
    private final MarshallableMarketData marshallableData = MarshallableMarketData.marshallableSample();

    private final byte[] varHandleOut = new byte[CAPACITY];
    private byte[] varHandleBytes;

    private final WriteBuffer blitOut = new WriteBuffer(CAPACITY);

    /** Reused as the peers reuse their input buffers ({@link ReadBuffer#reset}): nothing allocated per read. */

    private final ReadBuffer blitIn = ReadBuffer.of(new byte[0]);
    private byte[] blitBufferBytes;

    private Blit blitMarshallable;
    private byte[] blitMarshallableBytes;

    private Blit blitGenerated;
    private byte[] blitGeneratedBytes;

    /** The generated flat serializer on its own: the block with no tag, read into {@link #blitInPlaceTarget}. */
    private Serializer<MarketData> blitInPlace;
    private final MarketData blitInPlaceTarget = new MarketData();
    private byte[] blitInPlaceBytes;

    private Blit blitCompatible;
    private byte[] blitCompatibleBytes;

    private final JdkSerialization jdk = new JdkSerialization();
    private byte[] jdkBytes;

    private KryoCodec kryo;

    private ForyCodec foryConsistent;

    private ForyCodec foryCompatible;

    private final ChronicleMarketData chronicleDefaultData = ChronicleMarketData.sample(new ChronicleMarketData());
    private final ChronicleMarketData chronicleDefaultTarget = new ChronicleMarketData();
    private final ChronicleMarketData.Explicit chronicleExplicitData = ChronicleMarketData.sample(new ChronicleMarketData.Explicit());
    private final ChronicleMarketData.Explicit chronicleExplicitTarget = new ChronicleMarketData.Explicit();
    private final ChronicleMarketData.TriviallyCopyable chronicleTriviallyCopyableData =
            ChronicleMarketData.sample(new ChronicleMarketData.TriviallyCopyable());
    private final ChronicleMarketData.TriviallyCopyable chronicleTriviallyCopyableTarget = new ChronicleMarketData.TriviallyCopyable();
    /** Direct memory, as in Minborg's article; {@code chronicleIn} holds one encoded value for the read rows. */
    private Bytes<?> chronicleOut;
    private Bytes<?> chronicleIn;

    private final SelfCheck check = new SelfCheck();

    /** Builds only the contender JMH is about to measure (see {@link SelfCheck#run}). */
    @Setup
    public void setup(BenchmarkParams params) {
        setup(Contenders.of(params));
    }

    /**
     * Builds the contenders, encodes the data with each, and verifies each decodes it back.
     *
     * @param only the contender about to be measured, or null for all of them
     */
    void setup(String only) {
        check.run(only, "varHandle", () -> {
            varHandleBytes = Arrays.copyOf(varHandleOut, varHandleWrite());
            check.verify("varHandle", varHandleBytes.length, varHandleRead(), data);
        });
        check.run(only, "blitBuffer", () -> {
            blitBufferBytes = Arrays.copyOf(blitOut.array(), (int) blitBufferWrite());
            check.verify("blitBuffer", blitBufferBytes.length, blitBufferRead(), data);
        });
        check.run(only, "blitMarshallable", () -> {
            blitMarshallable = Blit.builder().register(MarshallableMarketData.class, 100).build();
            blitMarshallableBytes = Arrays.copyOf(blitOut.array(), (int) blitMarshallableWrite());
            check.verify("blitMarshallable", blitMarshallableBytes.length, blitMarshallableRead(), marshallableData,
                    (expected, actual) -> actual instanceof MarshallableMarketData && expected.equals(actual));
        });
        check.run(only, "blitGenerated", () -> {
            blitGenerated = Blit.builder().register(MarketData.class, 101).build();
            blitGeneratedBytes = Arrays.copyOf(blitOut.array(), (int) blitGeneratedWrite());
            check.verify("blitGenerated", blitGeneratedBytes.length, blitGeneratedRead(), data);
        });
        check.run(only, "blitInPlace", () -> {
            blitInPlace = inPlaceSerializer();
            blitInPlaceBytes = Arrays.copyOf(blitOut.array(), (int) blitInPlaceWrite());
            check.verify("blitInPlace", blitInPlaceBytes.length, blitInPlaceRead(), data);
            if (blitInPlaceRead() != blitInPlaceTarget) {
                throw new IllegalStateException("the flat serializer did not fill the existing MarketData");
            }
        });
        check.run(only, "blitCompatible", () -> {
            blitCompatible = Blit.builder().register(MarketData.class, 101).compatible(true).build();
            blitCompatibleBytes = Arrays.copyOf(blitOut.array(), (int) blitCompatibleWrite());
            check.verify("blitCompatible", blitCompatibleBytes.length, blitCompatibleRead(), data);
        });
        check.run(only, "jdk", () -> {
            jdkWrite();
            jdkBytes = jdk.lastWritten();
            check.verify("jdk", jdkBytes.length, jdkRead(), data);
        });
        check.run(only, "kryo", () -> {
            kryo = new KryoCodec(Kryos.create(false, MarketData.class), CAPACITY);
            check.verify("kryo", kryo.keep(data), kryoRead(), data);
        });
        check.run(only, "foryConsistent", () -> {
            foryConsistent = new ForyCodec(Forys.create(CompatibleMode.SCHEMA_CONSISTENT, false, MarketData.class), CAPACITY);
            check.verify("foryConsistent", foryConsistent.keep(data), foryConsistentRead(), data);
        });
        check.run(only, "foryCompatible", () -> {
            foryCompatible = new ForyCodec(Forys.create(CompatibleMode.COMPATIBLE, false, MarketData.class), CAPACITY);
            check.verify("foryCompatible", foryCompatible.keep(data), foryCompatibleRead(), data);
        });
        for (String c : new String[] {"chronicleDefault", "chronicleExplicit", "chronicleTriviallyCopyable"}) {
            check.run(only, c, () -> {
                chronicleOut = Bytes.allocateElasticDirect(CAPACITY);
                chronicleIn = Bytes.allocateElasticDirect(CAPACITY);
                ChronicleMarketData from = chronicleData(c);
                from.writeMarshallable(chronicleIn);
                check.verify(c, (int) chronicleIn.writePosition(), chronicleRead(chronicleIn, chronicleTarget(c)).toMarketData(), data);
            });
        }
    }

    private ChronicleMarketData chronicleData(String contender) {
        switch (contender) {
            case "chronicleDefault": return chronicleDefaultData;
            case "chronicleExplicit": return chronicleExplicitData;
            default: return chronicleTriviallyCopyableData;
        }
    }

    private ChronicleMarketData chronicleTarget(String contender) {
        switch (contender) {
            case "chronicleDefault": return chronicleDefaultTarget;
            case "chronicleExplicit": return chronicleExplicitTarget;
            default: return chronicleTriviallyCopyableTarget;
        }
    }

    /** @return the sizes, decode checks and pending contenders, from one setup run outside JMH */
    public static SelfCheck selfCheck() {
        MarketDataBenchmark b = new MarketDataBenchmark();
        b.setup((String) null);
        return b.check;
    }

    // ---------------------------------------------------------------- hand-written VarHandle, fixed offsets

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

    private static int varHandleEncode(MarketData m, byte[] b) {
        LONG.set(b, 0, m.securityId);
        LONG.set(b, 8, m.time);
        DOUBLE.set(b, 16, m.bidQty0);
        DOUBLE.set(b, 24, m.bidQty1);
        DOUBLE.set(b, 32, m.bidQty2);
        DOUBLE.set(b, 40, m.bidQty3);
        DOUBLE.set(b, 48, m.askQty0);
        DOUBLE.set(b, 56, m.askQty1);
        DOUBLE.set(b, 64, m.askQty2);
        DOUBLE.set(b, 72, m.askQty3);
        DOUBLE.set(b, 80, m.bidPrice0);
        DOUBLE.set(b, 88, m.bidPrice1);
        DOUBLE.set(b, 96, m.bidPrice2);
        DOUBLE.set(b, 104, m.bidPrice3);
        DOUBLE.set(b, 112, m.askPrice0);
        DOUBLE.set(b, 120, m.askPrice1);
        DOUBLE.set(b, 128, m.askPrice2);
        DOUBLE.set(b, 136, m.askPrice3);
        return 144;
    }

    private static MarketData varHandleDecode(byte[] b) {
        MarketData m = new MarketData();
        m.securityId = (long) LONG.get(b, 0);
        m.time = (long) LONG.get(b, 8);
        m.bidQty0 = (double) DOUBLE.get(b, 16);
        m.bidQty1 = (double) DOUBLE.get(b, 24);
        m.bidQty2 = (double) DOUBLE.get(b, 32);
        m.bidQty3 = (double) DOUBLE.get(b, 40);
        m.askQty0 = (double) DOUBLE.get(b, 48);
        m.askQty1 = (double) DOUBLE.get(b, 56);
        m.askQty2 = (double) DOUBLE.get(b, 64);
        m.askQty3 = (double) DOUBLE.get(b, 72);
        m.bidPrice0 = (double) DOUBLE.get(b, 80);
        m.bidPrice1 = (double) DOUBLE.get(b, 88);
        m.bidPrice2 = (double) DOUBLE.get(b, 96);
        m.bidPrice3 = (double) DOUBLE.get(b, 104);
        m.askPrice0 = (double) DOUBLE.get(b, 112);
        m.askPrice1 = (double) DOUBLE.get(b, 120);
        m.askPrice2 = (double) DOUBLE.get(b, 128);
        m.askPrice3 = (double) DOUBLE.get(b, 136);
        return m;
    }

    @Benchmark
    public int varHandleWrite() {
        return varHandleEncode(data, varHandleOut);
    }

    @Benchmark
    public MarketData varHandleRead() {
        return varHandleDecode(varHandleBytes);
    }

    @Benchmark
    public MarketData varHandleRoundTrip() {
        varHandleEncode(data, varHandleOut);
        return varHandleDecode(varHandleOut);
    }

    // ---------------------------------------------------------------- Blit's buffer API, by hand (no type tag)

    private static void blitBufferEncode(MarketData m, WriteBuffer out) {
        out.writeLong(m.securityId);
        out.writeLong(m.time);
        out.writeDouble(m.bidQty0);
        out.writeDouble(m.bidQty1);
        out.writeDouble(m.bidQty2);
        out.writeDouble(m.bidQty3);
        out.writeDouble(m.askQty0);
        out.writeDouble(m.askQty1);
        out.writeDouble(m.askQty2);
        out.writeDouble(m.askQty3);
        out.writeDouble(m.bidPrice0);
        out.writeDouble(m.bidPrice1);
        out.writeDouble(m.bidPrice2);
        out.writeDouble(m.bidPrice3);
        out.writeDouble(m.askPrice0);
        out.writeDouble(m.askPrice1);
        out.writeDouble(m.askPrice2);
        out.writeDouble(m.askPrice3);
    }

    private static MarketData blitBufferDecode(ReadBuffer in) {
        MarketData m = new MarketData();
        m.securityId = in.readLong();
        m.time = in.readLong();
        m.bidQty0 = in.readDouble();
        m.bidQty1 = in.readDouble();
        m.bidQty2 = in.readDouble();
        m.bidQty3 = in.readDouble();
        m.askQty0 = in.readDouble();
        m.askQty1 = in.readDouble();
        m.askQty2 = in.readDouble();
        m.askQty3 = in.readDouble();
        m.bidPrice0 = in.readDouble();
        m.bidPrice1 = in.readDouble();
        m.bidPrice2 = in.readDouble();
        m.bidPrice3 = in.readDouble();
        m.askPrice0 = in.readDouble();
        m.askPrice1 = in.readDouble();
        m.askPrice2 = in.readDouble();
        m.askPrice3 = in.readDouble();
        return m;
    }

    @Benchmark
    public long blitBufferWrite() {
        blitOut.clear();
        blitBufferEncode(data, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public MarketData blitBufferRead() {
        return blitBufferDecode(blitIn.reset(blitBufferBytes, 0, blitBufferBytes.length));
    }

    @Benchmark
    public MarketData blitBufferRoundTrip() {
        blitOut.clear();
        blitBufferEncode(data, blitOut);
        return blitBufferDecode(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit facade, Marshallable

    @Benchmark
    public long blitMarshallableWrite() {
        blitOut.clear();
        blitMarshallable.write(marshallableData, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitMarshallableRead() {
        return blitMarshallable.read(blitIn.reset(blitMarshallableBytes, 0, blitMarshallableBytes.length));
    }

    @Benchmark
    public Object blitMarshallableRoundTrip() {
        blitOut.clear();
        blitMarshallable.write(marshallableData, blitOut);
        return blitMarshallable.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit facade, generated serializer

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

    // ---------------------------------------------------------------- Blit flat serializer alone: no tag, fills an existing object

    @SuppressWarnings("unchecked")
    private static Serializer<MarketData> inPlaceSerializer() {
        return (Serializer<MarketData>) Blit.builder().register(MarketData.class, 101).build().serializerOf(MarketData.class);
    }

    @Benchmark
    public long blitInPlaceWrite() {
        blitOut.clear();
        blitInPlace.write(blitOut, data);
        return blitOut.position();
    }

    @Benchmark
    public MarketData blitInPlaceRead() {
        return blitInPlace.readInto(blitIn.reset(blitInPlaceBytes, 0, blitInPlaceBytes.length), blitInPlaceTarget);
    }

    @Benchmark
    public MarketData blitInPlaceRoundTrip() {
        blitOut.clear();
        blitInPlace.write(blitOut, data);
        return blitInPlace.readInto(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()), blitInPlaceTarget);
    }

    // ---------------------------------------------------------------- Blit facade, generated, compatible mode (field names once per message)

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

    // ---------------------------------------------------------------- Chronicle Bytes (Minborg 2022's three ways), into direct Bytes

    private static long chronicleWrite(ChronicleMarketData from, Bytes<?> out) {
        out.clear();
        from.writeMarshallable(out);
        return out.writePosition();
    }

    private static ChronicleMarketData chronicleRead(Bytes<?> in, ChronicleMarketData into) {
        in.readPosition(0);
        into.readMarshallable(in);
        return into;
    }

    private static ChronicleMarketData chronicleRoundTrip(ChronicleMarketData from, Bytes<?> buffer, ChronicleMarketData into) {
        buffer.clear();
        from.writeMarshallable(buffer);
        into.readMarshallable(buffer);
        return into;
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public long chronicleDefaultWrite() {
        return chronicleWrite(chronicleDefaultData, chronicleOut);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public Object chronicleDefaultRead() {
        return chronicleRead(chronicleIn, chronicleDefaultTarget);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public Object chronicleDefaultRoundTrip() {
        return chronicleRoundTrip(chronicleDefaultData, chronicleOut, chronicleDefaultTarget);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public long chronicleExplicitWrite() {
        return chronicleWrite(chronicleExplicitData, chronicleOut);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public Object chronicleExplicitRead() {
        return chronicleRead(chronicleIn, chronicleExplicitTarget);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public Object chronicleExplicitRoundTrip() {
        return chronicleRoundTrip(chronicleExplicitData, chronicleOut, chronicleExplicitTarget);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public long chronicleTriviallyCopyableWrite() {
        return chronicleWrite(chronicleTriviallyCopyableData, chronicleOut);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public Object chronicleTriviallyCopyableRead() {
        return chronicleRead(chronicleIn, chronicleTriviallyCopyableTarget);
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}, jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC,
            EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT, OPEN_IO, OPEN_UTIL})
    public Object chronicleTriviallyCopyableRoundTrip() {
        return chronicleRoundTrip(chronicleTriviallyCopyableData, chronicleOut, chronicleTriviallyCopyableTarget);
    }
}
