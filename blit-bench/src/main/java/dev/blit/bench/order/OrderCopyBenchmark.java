package dev.blit.bench.order;

import com.esotericsoftware.kryo.Kryo;
import dev.blit.Blit;
import dev.blit.bench.Jvm;
import dev.blit.bench.peers.Forys;
import org.apache.fory.Fory;
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

import java.math.BigDecimal;
import java.util.concurrent.TimeUnit;

/**
 * A deep copy of the seed Order graph (references on: every line points back at its order), with
 * {@code Blit.copy} beside {@code Kryo.copy} and {@code Fory.copy}. Blit copies through its bytes (a write and
 * a read through one reused buffer, so strings and decimals are new objects too); Kryo and Fory copy field by
 * field in memory and keep immutable values (String, BigDecimal) as they are. Not part of {@code ./blit bench}'s
 * report: run it with JMH
 * ({@code java -cp blit-bench/target/benchmarks.jar org.openjdk.jmh.Main OrderCopyBenchmark}).
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class OrderCopyBenchmark {
    @Param({"1", "100"})
    public int lines;

    private Order order;
    private Blit blit;
    private Kryo kryo;
    private Fory fory;

    @Setup
    public void setup() {
        order = Order.sample(lines);
        blit = OrderBenchmark.blitBuilder().build();
        kryo = OrderBenchmark.kryoForOrders();
        // withRefCopy: the lines' back references; without it Fory's copy recurses forever
        fory = Forys.register(Forys.builder(CompatibleMode.SCHEMA_CONSISTENT, true).withRefCopy(true).build(),
                Order.class, OrderLine.class, Customer.class);
        for (Object copy : new Object[] {blitCopy(), kryoCopy(), foryCopy()}) {
            if (copy == order || !Order.sameGraph(order, copy)) {
                throw new IllegalStateException("not a deep copy of the order graph: " + copy);
            }
        }
    }

    @Benchmark
    public Order blitCopy() {
        return blit.copy(order);
    }

    @Benchmark
    public Order kryoCopy() {
        return kryo.copy(order);
    }

    @Benchmark
    public Order foryCopy() {
        return fory.copy(order);
    }
}
