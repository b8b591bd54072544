package dev.blit.bench.compat;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import com.esotericsoftware.kryo.serializers.CompatibleFieldSerializer;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import dev.blit.Blit;
import dev.blit.bench.Contenders;
import dev.blit.bench.Jvm;
import dev.blit.bench.SelfCheck;
import dev.blit.bench.order.Customer;
import dev.blit.bench.order.Order;
import dev.blit.bench.order.OrderLine;
import dev.blit.bench.peers.Forys;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.memory.MemoryBuffer;
import org.objenesis.strategy.StdInstantiatorStrategy;
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
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;

/**
 * What schema evolution costs: Blit schema-consistent against Blit compatible mode, Apache Fory
 * {@code COMPATIBLE} and Kryo {@code CompatibleFieldSerializer}, on the Order graph with 100 lines (references
 * on, back references to the order) and on MediaContent (references off). Round trips into reused buffers;
 * every reader creates new objects. In the main job as the "compat" workload, one table per workload. Method names
 * are {@code <contender><Write|Read|RoundTrip>}; a fork builds only the contender it measures.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CompatibleBenchmark {
    private static final int CAPACITY = 64 * 1024;

    @Param({"order100", "media"})
    public String workload;

    private Object value;
    private Blit consistent;
    private Blit compatible;
    private final WriteBuffer blitOut = new WriteBuffer(CAPACITY);
    /** Reused as the peers reuse their input buffers ({@link ReadBuffer#reset}): nothing allocated per read. */
    private final ReadBuffer blitIn = ReadBuffer.of(new byte[0]);
    private byte[] consistentBytes;
    private byte[] compatibleBytes;
    private Fory fory;
    private final MemoryBuffer foryOut = MemoryBuffer.newHeapBuffer(CAPACITY);
    private Kryo kryo;
    private final Output kryoOut = new Output(CAPACITY, -1);
    private final Input kryoIn = new Input();
    private final SelfCheck check = new SelfCheck();

    /** Builds only the contender JMH is about to measure (see {@link SelfCheck#run}). */
    @Setup
    public void setup(BenchmarkParams params) {
        setup(Contenders.of(params));
    }

    /**
     * Builds the contenders, encodes the sample with each, and verifies each decodes it back. One contender's
     * failure (a peer that cannot start on this JDK) leaves the others' rows in.
     *
     * @param only the contender about to be measured, or null for all of them
     */
    void setup(String only) {
        boolean order = workload.startsWith("order");
        value = order ? Order.sample(100) : MediaContent.sample();
        Class<?>[] types = order
                ? new Class<?>[] {Order.class, OrderLine.class, Customer.class}
                : new Class<?>[] {MediaContent.class, MediaContent.Media.class, MediaContent.Image.class,
                        MediaContent.Media.Player.class, MediaContent.Image.Size.class};
        BiPredicate<Object, Object> same = order ? (a, b) -> Order.sameGraph((Order) a, b) : Object::equals;
        check.run(only, "blitConsistent", () -> {
            consistent = blit(false, order, types);
            consistentBytes = consistent.toBytes(value);
            check.verify("blitConsistent", consistentBytes.length, blitConsistentRoundTrip(), value, same);
        });
        check.run(only, "blitCompatible", () -> {
            compatible = blit(true, order, types);
            compatibleBytes = compatible.toBytes(value);
            check.verify("blitCompatible", compatibleBytes.length, blitCompatibleRoundTrip(), value, same);
        });
        check.run(only, "foryCompatible", () -> {
            fory = Forys.create(CompatibleMode.COMPATIBLE, order, types);
            foryOut.writerIndex(0);
            fory.serialize(foryOut, value);
            check.verify("foryCompatible", foryOut.writerIndex(), foryCompatibleRoundTrip(), value, same);
        });
        check.run(only, "kryoCompatible", () -> {
            kryo = new Kryo();
            kryo.setRegistrationRequired(true);
            kryo.setReferences(order);
            kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
            kryo.setDefaultSerializer(CompatibleFieldSerializer.class);
            for (Class<?> t : types) {
                kryo.register(t);
            }
            kryo.register(ArrayList.class);
            kryo.register(BigDecimal.class);
            kryoOut.reset();
            kryo.writeClassAndObject(kryoOut, value);
            check.verify("kryoCompatible", kryoOut.position(), kryoCompatibleRoundTrip(), value, same);
        });
    }

    /**
     * @param workload {@code order100} or {@code media}
     * @return the payload sizes, decode checks and failures of every contender, from one setup run outside JMH
     */
    public static SelfCheck selfCheck(String workload) {
        CompatibleBenchmark b = new CompatibleBenchmark();
        b.workload = workload;
        b.setup((String) null);
        return b.check;
    }

    private static Blit blit(boolean compatible, boolean references, Class<?>... types) {
        Blit.Builder b = Blit.builder().compatible(compatible).references(references);
        for (int i = 0; i < types.length; i++) {
            b.register(types[i], 100 + i);
        }
        return b.build();
    }

    @Benchmark
    public Object blitConsistentRoundTrip() {
        blitOut.clear();
        consistent.write(value, blitOut);
        return consistent.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    @Benchmark
    public Object blitCompatibleRoundTrip() {
        blitOut.clear();
        compatible.write(value, blitOut);
        return compatible.read(blitIn.reset(blitOut.array(), 0, (int) blitOut.position()));
    }

    @Benchmark
    public long blitConsistentWrite() {
        blitOut.clear();
        consistent.write(value, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public long blitCompatibleWrite() {
        blitOut.clear();
        compatible.write(value, blitOut);
        return blitOut.position();
    }

    @Benchmark
    public Object blitConsistentRead() {
        return consistent.read(blitIn.reset(consistentBytes, 0, consistentBytes.length));
    }

    @Benchmark
    public Object blitCompatibleRead() {
        return compatible.read(blitIn.reset(compatibleBytes, 0, compatibleBytes.length));
    }

    @Benchmark
    public Object foryCompatibleRoundTrip() {
        foryOut.writerIndex(0);
        foryOut.readerIndex(0);
        fory.serialize(foryOut, value);
        return fory.deserialize(foryOut);
    }

    @Benchmark
    public Object kryoCompatibleRoundTrip() {
        kryoOut.reset();
        kryo.writeClassAndObject(kryoOut, value);
        kryoIn.setBuffer(kryoOut.getBuffer(), 0, kryoOut.position());
        return kryo.readClassAndObject(kryoIn);
    }
}
