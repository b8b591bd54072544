package dev.blit.bench.order;

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
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.apache.fory.config.CompatibleMode;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * The {@link Order} graph (1 or 100 lines, each pointing back at the order) through every contender that
 * keeps identity: Blit with {@code references(true)}, Kryo with references, Fory with reference tracking
 * in both schema modes, and the JDK. Method names are {@code <contender><Write|Read|RoundTrip>}.
 *
 * <p>Three rows measure the classes unregistered, each library writing them by name: Blit with
 * {@code allowClassNames} ({@code blitNamed}), Kryo with {@code setRegistrationRequired(false)}
 * ({@code kryoUnregistered}) and Fory with {@code requireClassRegistration(false)} ({@code foryUnregistered},
 * SCHEMA_CONSISTENT), references on in each.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class OrderBenchmark {
    private static final int CAPACITY = 16 * 1024;

    @Param({"1", "100"})
    public int lines;

    private Order order;

    private Blit blit;
    private final WriteBuffer blitOut = new WriteBuffer(CAPACITY);
    /** Reused as the peers reuse their input buffers ({@link ReadBuffer#reset}): nothing allocated per read. */
    private final ReadBuffer blitIn = ReadBuffer.of(new byte[0]);
    private byte[] blitBytes;

    private Blit blitCompatible;
    private byte[] blitCompatibleBytes;

    private Blit blitNamed;
    private byte[] blitNamedBytes;

    private final JdkSerialization jdk = new JdkSerialization();
    private byte[] jdkBytes;

    private KryoCodec kryo;

    private KryoCodec kryoUnregistered;

    private ForyCodec foryConsistent;

    private ForyCodec foryUnregistered;

    private ForyCodec foryCompatible;

    private ExternalizableOrder externalizableOrder;
    private final JdkSerialization externalizable = new JdkSerialization();
    private byte[] externalizableBytes;

    private Jacksons jacksonJson;
    private byte[] jacksonJsonBytes;

    private Jacksons jacksonSmile;
    private byte[] jacksonSmileBytes;

    private final SelfCheck check = new SelfCheck();

    /** The Order classes registered as every Blit contender of the Order workloads registers them, references on. */
    static Blit.Builder blitBuilder() {
        return Blit.builder()
                .register(Order.class, 100)
                .register(OrderLine.class, 101)
                .register(Customer.class, 102)
                .references(true);
    }

    /** Kryo with the Order classes registered, references on. */
    static com.esotericsoftware.kryo.Kryo kryoForOrders() {
        return Kryos.create(true, Order.class, OrderLine.class, Customer.class, ArrayList.class, BigDecimal.class);
    }

    /**
     * The Order classes unregistered, written by their names (their package allowed), references on: what
     * {@link #blitBuilder()} is to the registered rows, for {@code blitNamed}.
     */
    static Blit.Builder blitNamedBuilder() {
        return Blit.builder()
                .allowClassNames("dev.blit.bench.order.*")
                .references(true);
    }

    /** Builds only the contender JMH is about to measure (see {@link SelfCheck#run}). */
    @Setup
    public void setup(BenchmarkParams params) {
        setup(Contenders.of(params));
    }

    /**
     * Builds the contenders, encodes the order with each, and verifies each decodes the same graph.
     *
     * @param only the contender about to be measured, or null for all of them
     */
    void setup(String only) {
        order = Order.sample(lines);
        if (only == null) {
            check.pending("protobuf", "protobuf has no object identity: the lines' back references to the order cannot be"
                    + " expressed without a hand-made id scheme");
        }
        check.run(only, "blitGenerated", () -> {
            blit = blitBuilder()
                    .build();
            blitBytes = Arrays.copyOf(blitOut.array(), (int) blitGeneratedWrite());
            check.verify("blitGenerated", blitBytes.length, blitGeneratedRead(), order, Order::sameGraph);
        });
        check.run(only, "blitReflective", () -> {
            blitReflective = dev.blit.bench.Fallback.reflective(blitBuilder(), Order.class, OrderLine.class, Customer.class);
            blitBytes = Arrays.copyOf(blitOut.array(), (int) blitReflectiveWrite());
            check.verify("blitReflective", blitBytes.length, blitReflectiveRead(), order, Order::sameGraph);
        });
        check.run(only, "blitCompatible", () -> {
            blitCompatible = blitBuilder()
                    .compatible(true)
                    .build();
            blitCompatibleBytes = Arrays.copyOf(blitOut.array(), (int) blitCompatibleWrite());
            check.verify("blitCompatible", blitCompatibleBytes.length, blitCompatibleRead(), order, Order::sameGraph);
        });
        check.run(only, "blitNamed", () -> {
            blitNamed = blitNamedBuilder()
                    .build();
            blitNamedBytes = Arrays.copyOf(blitOut.array(), (int) blitNamedWrite());
            check.verify("blitNamed", blitNamedBytes.length, blitNamedRead(), order, Order::sameGraph);
        });
        check.run(only, "jdk", () -> {
            jdkWrite();
            jdkBytes = jdk.lastWritten();
            check.verify("jdk", jdkBytes.length, jdkRead(), order, Order::sameGraph);
        });
        check.run(only, "kryo", () -> {
            kryo = new KryoCodec(kryoForOrders(), CAPACITY);
            check.verify("kryo", kryo.keep(order), kryoRead(), order, Order::sameGraph);
        });
        check.run(only, "kryoUnregistered", () -> {
            kryoUnregistered = new KryoCodec(Kryos.createUnregistered(true), CAPACITY);
            check.verify("kryoUnregistered", kryoUnregistered.keep(order), kryoUnregisteredRead(), order, Order::sameGraph);
        });
        check.run(only, "foryConsistent", () -> {
            foryConsistent = new ForyCodec(Forys.create(CompatibleMode.SCHEMA_CONSISTENT, true, Order.class, OrderLine.class, Customer.class), CAPACITY);
            check.verify("foryConsistent", foryConsistent.keep(order), foryConsistentRead(), order, Order::sameGraph);
        });
        check.run(only, "foryUnregistered", () -> {
            foryUnregistered = new ForyCodec(Forys.createUnregistered(CompatibleMode.SCHEMA_CONSISTENT, true), CAPACITY);
            check.verify("foryUnregistered", foryUnregistered.keep(order), foryUnregisteredRead(), order, Order::sameGraph);
        });
        check.run(only, "foryCompatible", () -> {
            foryCompatible = new ForyCodec(Forys.create(CompatibleMode.COMPATIBLE, true, Order.class, OrderLine.class, Customer.class), CAPACITY);
            check.verify("foryCompatible", foryCompatible.keep(order), foryCompatibleRead(), order, Order::sameGraph);
        });
        check.run(only, "externalizable", () -> {
            externalizableOrder = ExternalizableOrder.of(order);
            externalizableWrite();
            externalizableBytes = externalizable.lastWritten();
            check.verify("externalizable", externalizableBytes.length, externalizableRead(), order, Order::sameGraph);
        });
        check.run(only, "jacksonJson", () -> {
            jacksonJson = new Jacksons(false, Order.class);
            jacksonJsonWrite();
            jacksonJsonBytes = jacksonJson.lastWritten();
            check.verify("jacksonJson", jacksonJsonBytes.length, jacksonJsonRead(), order, Order::sameGraph);
        });
        check.run(only, "jacksonSmile", () -> {
            jacksonSmile = new Jacksons(true, Order.class);
            jacksonSmileWrite();
            jacksonSmileBytes = jacksonSmile.lastWritten();
            check.verify("jacksonSmile", jacksonSmileBytes.length, jacksonSmileRead(), order, Order::sameGraph);
        });
    }

    /**
     * @param lines how many order lines
     * @return sizes, decode checks and pending contenders, from one setup run outside JMH
     */
    public static SelfCheck selfCheck(int lines) {
        OrderBenchmark b = new OrderBenchmark();
        b.lines = lines;
        b.setup((String) null);
        return b.check;
    }

    // ---------------------------------------------------------------- Blit, generated serializers, references on

    @Benchmark
    public long blitGeneratedWrite() {
        blitOut.clear();
        blit.write(order, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitGeneratedRead() {
        return blit.read(blitIn.reset(blitBytes, 0, blitBytes.length));
    }

    @Benchmark
    public Object blitGeneratedRoundTrip() {
        blitOut.clear();
        blit.write(order, blitOut);
        return blit.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit, the reflective fallback (same bytes), references on

    private Blit blitReflective;

    @Benchmark
    public long blitReflectiveWrite() {
        blitOut.clear();
        blitReflective.write(order, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitReflectiveRead() {
        return blitReflective.read(blitIn.reset(blitBytes, 0, blitBytes.length));
    }

    @Benchmark
    public Object blitReflectiveRoundTrip() {
        blitOut.clear();
        blitReflective.write(order, blitOut);
        return blitReflective.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit facade, generated, compatible mode (field names once per message)

    @Benchmark
    public long blitCompatibleWrite() {
        blitOut.clear();
        blitCompatible.write(order, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitCompatibleRead() {
        return blitCompatible.read(blitIn.reset(blitCompatibleBytes, 0, blitCompatibleBytes.length));
    }

    @Benchmark
    public Object blitCompatibleRoundTrip() {
        blitOut.clear();
        blitCompatible.write(order, blitOut);
        return blitCompatible.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- Blit, generated, classes unregistered and written by name

    @Benchmark
    public long blitNamedWrite() {
        blitOut.clear();
        blitNamed.write(order, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitNamedRead() {
        return blitNamed.read(blitIn.reset(blitNamedBytes, 0, blitNamedBytes.length));
    }

    @Benchmark
    public Object blitNamedRoundTrip() {
        blitOut.clear();
        blitNamed.write(order, blitOut);
        return blitNamed.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    // ---------------------------------------------------------------- JDK Serializable

    @Benchmark
    public int jdkWrite() {
        return jdk.write(order);
    }

    @Benchmark
    public Object jdkRead() {
        return JdkSerialization.read(jdkBytes, jdkBytes.length);
    }

    @Benchmark
    public Object jdkRoundTrip() {
        jdk.write(order);
        return jdk.readLastWritten();
    }

    // ---------------------------------------------------------------- Kryo 5, registered, references on

    @Benchmark
    public int kryoWrite() {
        return kryo.write(order);
    }

    @Benchmark
    public Object kryoRead() {
        return kryo.read();
    }

    @Benchmark
    public Object kryoRoundTrip() {
        return kryo.roundTrip(order);
    }

    // ---------------------------------------------------------------- Kryo 5, unregistered (classes written by name), references on

    @Benchmark
    public int kryoUnregisteredWrite() {
        return kryoUnregistered.write(order);
    }

    @Benchmark
    public Object kryoUnregisteredRead() {
        return kryoUnregistered.read();
    }

    @Benchmark
    public Object kryoUnregisteredRoundTrip() {
        return kryoUnregistered.roundTrip(order);
    }

    // ---------------------------------------------------------------- Apache Fory, SCHEMA_CONSISTENT, reference tracking

    @Benchmark
    public int foryConsistentWrite() {
        return foryConsistent.write(order);
    }

    @Benchmark
    public Object foryConsistentRead() {
        return foryConsistent.read();
    }

    @Benchmark
    public Object foryConsistentRoundTrip() {
        return foryConsistent.roundTrip(order);
    }

    // ---------------------------------------------------------------- Apache Fory, SCHEMA_CONSISTENT, unregistered (classes written by name), reference tracking

    @Benchmark
    public int foryUnregisteredWrite() {
        return foryUnregistered.write(order);
    }

    @Benchmark
    public Object foryUnregisteredRead() {
        return foryUnregistered.read();
    }

    @Benchmark
    public Object foryUnregisteredRoundTrip() {
        return foryUnregistered.roundTrip(order);
    }

    // ---------------------------------------------------------------- Apache Fory, COMPATIBLE, reference tracking

    @Benchmark
    public int foryCompatibleWrite() {
        return foryCompatible.write(order);
    }

    @Benchmark
    public Object foryCompatibleRead() {
        return foryCompatible.read();
    }

    @Benchmark
    public Object foryCompatibleRoundTrip() {
        return foryCompatible.roundTrip(order);
    }

    // ---------------------------------------------------------------- JDK Externalizable (hand-written writeExternal/readExternal)

    @Benchmark
    public int externalizableWrite() {
        return externalizable.write(externalizableOrder);
    }

    @Benchmark
    public Object externalizableRead() {
        return JdkSerialization.read(externalizableBytes, externalizableBytes.length);
    }

    @Benchmark
    public Object externalizableRoundTrip() {
        externalizable.write(externalizableOrder);
        return externalizable.readLastWritten();
    }

    // ---------------------------------------------------------------- Jackson JSON

    @Benchmark
    public int jacksonJsonWrite() {
        return jacksonJson.write(order);
    }

    @Benchmark
    public Object jacksonJsonRead() {
        return jacksonJson.read(jacksonJsonBytes, jacksonJsonBytes.length);
    }

    @Benchmark
    public Object jacksonJsonRoundTrip() {
        jacksonJson.write(order);
        return jacksonJson.readLastWritten();
    }

    // ---------------------------------------------------------------- Jackson Smile (binary JSON)

    @Benchmark
    public int jacksonSmileWrite() {
        return jacksonSmile.write(order);
    }

    @Benchmark
    public Object jacksonSmileRead() {
        return jacksonSmile.read(jacksonSmileBytes, jacksonSmileBytes.length);
    }

    @Benchmark
    public Object jacksonSmileRoundTrip() {
        jacksonSmile.write(order);
        return jacksonSmile.readLastWritten();
    }
}
