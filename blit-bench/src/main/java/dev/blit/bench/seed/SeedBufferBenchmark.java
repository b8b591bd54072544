package dev.blit.bench.seed;

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
import sun.misc.Unsafe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The seed object ({@link Seed}) through every contender, side by side. Method names are
 * {@code <contender><Write|Read|RoundTrip>}; {@link dev.blit.bench.Contenders} has their labels.
 *
 * <ul>
 *   <li>{@code write}: encode into a buffer reused across calls; returns the encoded length.</li>
 *   <li>{@code read}: decode bytes prepared in {@link #setup(String)} into a new object, and return it.</li>
 *   <li>{@code roundTrip}: encode, then decode from the same buffer.</li>
 * </ul>
 * The hand-written codecs (Unsafe, ByteBuffer, VarHandle, Blit's buffer API) know the shape and write no
 * type information; Blit through its facade, Kryo, Fory and the JDK write a self-describing message.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class SeedBufferBenchmark {
    private static final int CAPACITY = 1024;

    private final Seed seed = Seed.sample();
    private final MarshallableSeed marshallableSeed = MarshallableSeed.of(seed);

    private final byte[] unsafeOut = new byte[CAPACITY];
    private byte[] unsafeBytes;

    private final ByteBuffer byteBufferOut = ByteBuffer.allocate(CAPACITY).order(ByteOrder.LITTLE_ENDIAN);
    private ByteBuffer byteBufferIn;

    private final byte[] varHandleOut = new byte[CAPACITY];
    private byte[] varHandleBytes;

    private final WriteBuffer blitOut = new WriteBuffer(CAPACITY);

    /** Reused as the peers reuse their input buffers ({@link ReadBuffer#reset}): nothing allocated per read. */

    private final ReadBuffer blitIn = ReadBuffer.of(new byte[0]);
    private byte[] blitBufferBytes;

    private Blit blitMarshallable;
    private byte[] blitMarshallableBytes;
    private Blit blitSameBytes;
    private byte[] blitSameBytesBytes;

    private Blit blitGenerated;
    private Blit blitReflective;
    private byte[] blitGeneratedBytes;

    private Blit blitCompatible;
    private byte[] blitCompatibleBytes;

    private Blit blitCompact;
    private byte[] blitCompactBytes;

    private final JdkSerialization jdk = new JdkSerialization();
    private byte[] jdkBytes;

    private KryoCodec kryo;

    private ForyCodec foryConsistent;

    private ForyCodec foryCompatible;

    private final ExternalizableSeed externalizableSeed = ExternalizableSeed.of(seed);
    private final JdkSerialization externalizable = new JdkSerialization();
    private byte[] externalizableBytes;

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

    /**
     * Builds the contenders, encodes the seed with each one's own write method, and verifies that each
     * one's read method gives it back.
     *
     * @param only the contender about to be measured, or null for all of them
     */
    void setup(String only) {
        check.run(only, "unsafe", () -> {
            unsafeBytes = Arrays.copyOf(unsafeOut, unsafeWrite());
            check.verify("unsafe", unsafeBytes.length, unsafeRead(), seed);
        });
        check.run(only, "byteBuffer", () -> {
            byteBufferIn = ByteBuffer.wrap(Arrays.copyOf(byteBufferOut.array(), byteBufferWrite())).order(ByteOrder.LITTLE_ENDIAN);
            check.verify("byteBuffer", byteBufferIn.capacity(), byteBufferRead(), seed);
        });
        check.run(only, "varHandle", () -> {
            varHandleBytes = Arrays.copyOf(varHandleOut, varHandleWrite());
            check.verify("varHandle", varHandleBytes.length, varHandleRead(), seed);
        });
        check.run(only, "blitBuffer", () -> {
            blitBufferBytes = Arrays.copyOf(blitOut.array(), (int) blitBufferWrite());
            check.verify("blitBuffer", blitBufferBytes.length, blitBufferRead(), seed);
        });
        check.run(only, "blitMarshallable", () -> {
            blitMarshallable = Blit.builder().register(MarshallableSeed.class, 100).build();
            blitMarshallableBytes = Arrays.copyOf(blitOut.array(), (int) blitMarshallableWrite());
            check.verify("blitMarshallable", blitMarshallableBytes.length, blitMarshallableRead().toSeed(), seed);
        });
        check.run(only, "blitGenerated", () -> {
            blitGenerated = Blit.builder().register(Seed.class, 101).build();
            blitGeneratedBytes = Arrays.copyOf(blitOut.array(), (int) blitGeneratedWrite());
            check.verify("blitGenerated", blitGeneratedBytes.length, blitGeneratedRead(), seed);
        });
        check.run(only, "blitSameBytes", () -> {
            blitSameBytes = Blit.builder().register(Seed.class, 101, new SameBytesSeedSerializer()).build();
            blitSameBytesBytes = Arrays.copyOf(blitOut.array(), (int) blitSameBytesWrite());
            byte[] generated = Blit.builder().register(Seed.class, 101).build().toBytes(seed);
            if (!Arrays.equals(generated, blitSameBytesBytes)) {
                throw new IllegalStateException("the hand-written serializer does not write the generated bytes");
            }
            check.verify("blitSameBytes", blitSameBytesBytes.length, blitSameBytesRead(), seed);
        });
        check.run(only, "blitReflective", () -> {
            blitReflective = dev.blit.bench.Fallback.reflective(Blit.builder().register(Seed.class, 101), Seed.class);
            blitGeneratedBytes = Arrays.copyOf(blitOut.array(), (int) blitReflectiveWrite());
            check.verify("blitReflective", blitGeneratedBytes.length, blitReflectiveRead(), seed);
        });
        check.run(only, "blitToBytes", () -> {
            blitGenerated = Blit.builder().register(Seed.class, 101).build();
            blitGeneratedBytes = blitToBytesWrite();
            check.verify("blitToBytes", blitGeneratedBytes.length, blitToBytesRead(), seed);
        });
        check.run(only, "blitCompact", () -> {
            blitCompact = Blit.builder().register(Seed.class, 101).compactArrays(true).build();
            blitCompactBytes = Arrays.copyOf(blitOut.array(), (int) blitCompactWrite());
            check.verify("blitCompact", blitCompactBytes.length, blitCompactRead(), seed);
        });
        check.run(only, "blitCompatible", () -> {
            blitCompatible = Blit.builder().register(Seed.class, 101).compatible(true).build();
            blitCompatibleBytes = Arrays.copyOf(blitOut.array(), (int) blitCompatibleWrite());
            check.verify("blitCompatible", blitCompatibleBytes.length, blitCompatibleRead(), seed);
        });
        check.run(only, "jdk", () -> {
            jdkWrite();
            jdkBytes = jdk.lastWritten();
            check.verify("jdk", jdkBytes.length, jdkRead(), seed);
        });
        check.run(only, "kryo", () -> {
            kryo = new KryoCodec(Kryos.create(false, Seed.class, double[].class, long[].class), CAPACITY);
            check.verify("kryo", kryo.keep(seed), kryoRead(), seed);
        });
        check.run(only, "foryConsistent", () -> {
            foryConsistent = new ForyCodec(Forys.create(CompatibleMode.SCHEMA_CONSISTENT, false, Seed.class), CAPACITY);
            check.verify("foryConsistent", foryConsistent.keep(seed), foryConsistentRead(), seed);
        });
        check.run(only, "foryCompatible", () -> {
            foryCompatible = new ForyCodec(Forys.create(CompatibleMode.COMPATIBLE, false, Seed.class), CAPACITY);
            check.verify("foryCompatible", foryCompatible.keep(seed), foryCompatibleRead(), seed);
        });
        check.run(only, "externalizable", () -> {
            externalizableWrite();
            externalizableBytes = externalizable.lastWritten();
            check.verify("externalizable", externalizableBytes.length, ((ExternalizableSeed) externalizableRead()).toSeed(), seed);
        });
        check.run(only, "jacksonJson", () -> {
            jacksonJson = new Jacksons(false, Seed.class);
            jacksonJsonWrite();
            jacksonJsonBytes = jacksonJson.lastWritten();
            check.verify("jacksonJson", jacksonJsonBytes.length, jacksonJsonRead(), seed);
        });
        check.run(only, "jacksonSmile", () -> {
            jacksonSmile = new Jacksons(true, Seed.class);
            jacksonSmileWrite();
            jacksonSmileBytes = jacksonSmile.lastWritten();
            check.verify("jacksonSmile", jacksonSmileBytes.length, jacksonSmileRead(), seed);
        });
        check.run(only, "protobuf", () -> {
            protobufBytes = Arrays.copyOf(protobufOut, protobufWrite());
            check.verify("protobuf", protobufBytes.length, protobufRead(), seed);
        });
    }

    /** @return sizes, decode checks and pending contenders, from one setup run outside JMH */
    public static SelfCheck selfCheck() {
        SeedBufferBenchmark b = new SeedBufferBenchmark();
        b.setup((String) null);
        return b.check;
    }

    // ---------------------------------------------------------------- hand-written sun.misc.Unsafe
    // The article's technique: raw stores into a byte[] at array-base-relative addresses and copyMemory for
    // the arrays, in native byte order (little-endian here) and, like the article, without bounds checks.

    private static final Unsafe UNSAFE = unsafe();
    private static final long BYTE_BASE = UNSAFE.arrayBaseOffset(byte[].class);
    private static final long DOUBLE_BASE = UNSAFE.arrayBaseOffset(double[].class);
    private static final long LONG_BASE = UNSAFE.arrayBaseOffset(long[].class);

    private static Unsafe unsafe() {
        try {
            Field f = Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static int unsafeEncode(Seed s, byte[] buf) {
        long p = BYTE_BASE;
        UNSAFE.putLong(buf, p, s.sourceId());
        p += 8;
        UNSAFE.putBoolean(buf, p, s.special());
        p += 1;
        UNSAFE.putInt(buf, p, s.orderCode());
        p += 4;
        UNSAFE.putInt(buf, p, s.priority());
        p += 4;
        double[] prices = s.prices();
        UNSAFE.putInt(buf, p, prices.length);
        p += 4;
        long n = (long) prices.length << 3;
        UNSAFE.copyMemory(prices, DOUBLE_BASE, buf, p, n);
        p += n;
        long[] quantities = s.quantities();
        UNSAFE.putInt(buf, p, quantities.length);
        p += 4;
        n = (long) quantities.length << 3;
        UNSAFE.copyMemory(quantities, LONG_BASE, buf, p, n);
        p += n;
        return (int) (p - BYTE_BASE);
    }

    private static Seed unsafeDecode(byte[] buf) {
        long p = BYTE_BASE;
        long sourceId = UNSAFE.getLong(buf, p);
        p += 8;
        boolean special = UNSAFE.getBoolean(buf, p);
        p += 1;
        int orderCode = UNSAFE.getInt(buf, p);
        p += 4;
        int priority = UNSAFE.getInt(buf, p);
        p += 4;
        double[] prices = new double[UNSAFE.getInt(buf, p)];
        p += 4;
        long n = (long) prices.length << 3;
        UNSAFE.copyMemory(buf, p, prices, DOUBLE_BASE, n);
        p += n;
        long[] quantities = new long[UNSAFE.getInt(buf, p)];
        p += 4;
        n = (long) quantities.length << 3;
        UNSAFE.copyMemory(buf, p, quantities, LONG_BASE, n);
        return new Seed(sourceId, special, orderCode, priority, prices, quantities);
    }

    @Benchmark
    public int unsafeWrite() {
        return unsafeEncode(seed, unsafeOut);
    }

    @Benchmark
    public Seed unsafeRead() {
        return unsafeDecode(unsafeBytes);
    }

    @Benchmark
    public Seed unsafeRoundTrip() {
        unsafeEncode(seed, unsafeOut);
        return unsafeDecode(unsafeOut);
    }

    // ---------------------------------------------------------------- hand-written ByteBuffer (heap, little-endian)

    private static int byteBufferEncode(Seed s, ByteBuffer bb) {
        bb.clear();
        bb.putLong(s.sourceId());
        bb.put((byte) (s.special() ? 1 : 0));
        bb.putInt(s.orderCode());
        bb.putInt(s.priority());
        double[] prices = s.prices();
        bb.putInt(prices.length);
        for (double d : prices) {
            bb.putDouble(d);
        }
        long[] quantities = s.quantities();
        bb.putInt(quantities.length);
        for (long q : quantities) {
            bb.putLong(q);
        }
        return bb.position();
    }

    private static Seed byteBufferDecode(ByteBuffer bb) {
        bb.position(0);
        long sourceId = bb.getLong();
        boolean special = bb.get() != 0;
        int orderCode = bb.getInt();
        int priority = bb.getInt();
        double[] prices = new double[bb.getInt()];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = bb.getDouble();
        }
        long[] quantities = new long[bb.getInt()];
        for (int i = 0; i < quantities.length; i++) {
            quantities[i] = bb.getLong();
        }
        return new Seed(sourceId, special, orderCode, priority, prices, quantities);
    }

    @Benchmark
    public int byteBufferWrite() {
        return byteBufferEncode(seed, byteBufferOut);
    }

    @Benchmark
    public Seed byteBufferRead() {
        return byteBufferDecode(byteBufferIn);
    }

    @Benchmark
    public Seed byteBufferRoundTrip() {
        byteBufferEncode(seed, byteBufferOut);
        return byteBufferDecode(byteBufferOut);
    }

    // ---------------------------------------------------------------- hand-written VarHandle (byte[] views, little-endian)

    private static final VarHandle VH_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle VH_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle VH_DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

    private static int varHandleEncode(Seed s, byte[] buf) {
        int p = 0;
        VH_LONG.set(buf, p, s.sourceId());
        p += 8;
        buf[p++] = (byte) (s.special() ? 1 : 0);
        VH_INT.set(buf, p, s.orderCode());
        p += 4;
        VH_INT.set(buf, p, s.priority());
        p += 4;
        double[] prices = s.prices();
        VH_INT.set(buf, p, prices.length);
        p += 4;
        for (double d : prices) {
            VH_DOUBLE.set(buf, p, d);
            p += 8;
        }
        long[] quantities = s.quantities();
        VH_INT.set(buf, p, quantities.length);
        p += 4;
        for (long q : quantities) {
            VH_LONG.set(buf, p, q);
            p += 8;
        }
        return p;
    }

    private static Seed varHandleDecode(byte[] buf) {
        int p = 0;
        long sourceId = (long) VH_LONG.get(buf, p);
        p += 8;
        boolean special = buf[p++] != 0;
        int orderCode = (int) VH_INT.get(buf, p);
        p += 4;
        int priority = (int) VH_INT.get(buf, p);
        p += 4;
        double[] prices = new double[(int) VH_INT.get(buf, p)];
        p += 4;
        for (int i = 0; i < prices.length; i++) {
            prices[i] = (double) VH_DOUBLE.get(buf, p);
            p += 8;
        }
        long[] quantities = new long[(int) VH_INT.get(buf, p)];
        p += 4;
        for (int i = 0; i < quantities.length; i++) {
            quantities[i] = (long) VH_LONG.get(buf, p);
            p += 8;
        }
        return new Seed(sourceId, special, orderCode, priority, prices, quantities);
    }

    @Benchmark
    public int varHandleWrite() {
        return varHandleEncode(seed, varHandleOut);
    }

    @Benchmark
    public Seed varHandleRead() {
        return varHandleDecode(varHandleBytes);
    }

    @Benchmark
    public Seed varHandleRoundTrip() {
        varHandleEncode(seed, varHandleOut);
        return varHandleDecode(varHandleOut);
    }

    // ---------------------------------------------------------------- Blit's buffer API, by hand (no type tag)

    private static void blitBufferEncode(Seed s, WriteBuffer out) {
        out.writeLong(s.sourceId());
        out.writeBoolean(s.special());
        out.writeInt(s.orderCode());
        out.writeInt(s.priority());
        out.writeDoubleArray(s.prices());
        out.writeLongArray(s.quantities());
    }

    private static Seed blitBufferDecode(ReadBuffer in) {
        // Arguments are evaluated left to right, which is the field order on the wire.
        return new Seed(in.readLong(), in.readBoolean(), in.readInt(), in.readInt(), in.readDoubleArray(), in.readLongArray());
    }

    @Benchmark
    public long blitBufferWrite() {
        blitOut.clear();
        blitBufferEncode(seed, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Seed blitBufferRead() {
        return blitBufferDecode(blitIn.reset(blitBufferBytes, 0, blitBufferBytes.length));
    }

    @Benchmark
    public Seed blitBufferRoundTrip() {
        blitOut.clear();
        blitBufferEncode(seed, blitOut);
        return blitBufferDecode(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit facade, Marshallable (type tag + hand-written content)

    @Benchmark
    public long blitMarshallableWrite() {
        blitOut.clear();
        blitMarshallable.write(marshallableSeed, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public MarshallableSeed blitMarshallableRead() {
        return (MarshallableSeed) blitMarshallable.read(blitIn.reset(blitMarshallableBytes, 0, blitMarshallableBytes.length));
    }

    @Benchmark
    public MarshallableSeed blitMarshallableRoundTrip() {
        blitOut.clear();
        blitMarshallable.write(marshallableSeed, blitOut);
        return (MarshallableSeed) blitMarshallable.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit facade, generated serializer for the plain class

    @Benchmark
    public long blitGeneratedWrite() {
        blitOut.clear();
        blitGenerated.write(seed, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Seed blitGeneratedRead() {
        return (Seed) blitGenerated.read(blitIn.reset(blitGeneratedBytes, 0, blitGeneratedBytes.length));
    }

    @Benchmark
    public Seed blitGeneratedRoundTrip() {
        blitOut.clear();
        blitGenerated.write(seed, blitOut);
        return (Seed) blitGenerated.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit facade, a hand-written Serializer of the generated bytes

    @Benchmark
    public long blitSameBytesWrite() {
        blitOut.clear();
        blitSameBytes.write(seed, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Seed blitSameBytesRead() {
        return (Seed) blitSameBytes.read(blitIn.reset(blitSameBytesBytes, 0, blitSameBytesBytes.length));
    }

    @Benchmark
    public Seed blitSameBytesRoundTrip() {
        blitOut.clear();
        blitSameBytes.write(seed, blitOut);
        return (Seed) blitSameBytes.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit facade, the reflective fallback (same bytes)

    @Benchmark
    public long blitReflectiveWrite() {
        blitOut.clear();
        blitReflective.write(seed, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Seed blitReflectiveRead() {
        return (Seed) blitReflective.read(blitIn.reset(blitGeneratedBytes, 0, blitGeneratedBytes.length));
    }

    @Benchmark
    public Seed blitReflectiveRoundTrip() {
        blitOut.clear();
        blitReflective.write(seed, blitOut);
        return (Seed) blitReflective.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit convenience path: toBytes / fromBytes (fresh arrays)

    @Benchmark
    public byte[] blitToBytesWrite() {
        return blitGenerated.toBytes(seed);
    }

    @Benchmark
    public Seed blitToBytesRead() {
        return blitGenerated.fromBytes(blitGeneratedBytes, Seed.class);
    }

    @Benchmark
    public Seed blitToBytesRoundTrip() {
        return blitGenerated.fromBytes(blitGenerated.toBytes(seed), Seed.class);
    }

    // ---------------------------------------------------------------- Blit facade, generated, int[] and long[] in their narrowest width

    @Benchmark
    public long blitCompactWrite() {
        blitOut.clear();
        blitCompact.write(seed, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Seed blitCompactRead() {
        return (Seed) blitCompact.read(blitIn.reset(blitCompactBytes, 0, blitCompactBytes.length));
    }

    @Benchmark
    public Seed blitCompactRoundTrip() {
        blitOut.clear();
        blitCompact.write(seed, blitOut);
        return (Seed) blitCompact.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit facade, generated, compatible mode (field names once per message)

    @Benchmark
    public long blitCompatibleWrite() {
        blitOut.clear();
        blitCompatible.write(seed, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitCompatibleRead() {
        return blitCompatible.read(blitIn.reset(blitCompatibleBytes, 0, blitCompatibleBytes.length));
    }

    @Benchmark
    public Object blitCompatibleRoundTrip() {
        blitOut.clear();
        blitCompatible.write(seed, blitOut);
        return blitCompatible.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- JDK Serializable

    @Benchmark
    public int jdkWrite() {
        return jdk.write(seed);
    }

    @Benchmark
    public Object jdkRead() {
        return JdkSerialization.read(jdkBytes, jdkBytes.length);
    }

    @Benchmark
    public Object jdkRoundTrip() {
        jdk.write(seed);
        return jdk.readLastWritten();
    }

    // ---------------------------------------------------------------- Kryo 5, registered, references off

    @Benchmark
    public int kryoWrite() {
        return kryo.write(seed);
    }

    @Benchmark
    public Object kryoRead() {
        return kryo.read();
    }

    @Benchmark
    public Object kryoRoundTrip() {
        return kryo.roundTrip(seed);
    }

    // ---------------------------------------------------------------- Apache Fory, SCHEMA_CONSISTENT

    @Benchmark
    public int foryConsistentWrite() {
        return foryConsistent.write(seed);
    }

    @Benchmark
    public Object foryConsistentRead() {
        return foryConsistent.read();
    }

    @Benchmark
    public Object foryConsistentRoundTrip() {
        return foryConsistent.roundTrip(seed);
    }

    // ---------------------------------------------------------------- Apache Fory, COMPATIBLE (its default)

    @Benchmark
    public int foryCompatibleWrite() {
        return foryCompatible.write(seed);
    }

    @Benchmark
    public Object foryCompatibleRead() {
        return foryCompatible.read();
    }

    @Benchmark
    public Object foryCompatibleRoundTrip() {
        return foryCompatible.roundTrip(seed);
    }

    // ---------------------------------------------------------------- JDK Externalizable (hand-written writeExternal/readExternal)

    @Benchmark
    public int externalizableWrite() {
        return externalizable.write(externalizableSeed);
    }

    @Benchmark
    public Object externalizableRead() {
        return JdkSerialization.read(externalizableBytes, externalizableBytes.length);
    }

    @Benchmark
    public Object externalizableRoundTrip() {
        externalizable.write(externalizableSeed);
        return externalizable.readLastWritten();
    }

    // ---------------------------------------------------------------- Jackson JSON

    @Benchmark
    public int jacksonJsonWrite() {
        return jacksonJson.write(seed);
    }

    @Benchmark
    public Object jacksonJsonRead() {
        return jacksonJson.read(jacksonJsonBytes, jacksonJsonBytes.length);
    }

    @Benchmark
    public Object jacksonJsonRoundTrip() {
        jacksonJson.write(seed);
        return jacksonJson.readLastWritten();
    }

    // ---------------------------------------------------------------- Jackson Smile (binary JSON)

    @Benchmark
    public int jacksonSmileWrite() {
        return jacksonSmile.write(seed);
    }

    @Benchmark
    public Object jacksonSmileRead() {
        return jacksonSmile.read(jacksonSmileBytes, jacksonSmileBytes.length);
    }

    @Benchmark
    public Object jacksonSmileRoundTrip() {
        jacksonSmile.write(seed);
        return jacksonSmile.readLastWritten();
    }

    // ---------------------------------------------------------------- protobuf-java (protoc-generated, converted from/to the object)

    @Benchmark
    public int protobufWrite() {
        return Protobufs.write(Protobufs.toProto(seed), protobufOut);
    }

    @Benchmark
    public Object protobufRead() {
        return Protobufs.readSeed(protobufBytes, protobufBytes.length);
    }

    @Benchmark
    public Object protobufRoundTrip() {
        int n = Protobufs.write(Protobufs.toProto(seed), protobufOut);
        return Protobufs.readSeed(protobufOut, n);
    }
}
