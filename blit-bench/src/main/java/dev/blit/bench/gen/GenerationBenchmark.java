package dev.blit.bench.gen;

import dev.blit.Blit;
import dev.blit.bench.Jvm;
import dev.blit.bench.SelfCheck;
import dev.blit.bench.order.Customer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * How long Blit takes to generate its serializer for one wide class ({@link Wide350}: 350 fields of mixed types),
 * measured as {@code Blit.builder().register(Wide350.class, 100).build()} plus the first {@code toBytes} (so
 * that a lazy generator pays here too). Issue 4's target: under 50 ms.
 *
 * <ul>
 *   <li>{@code coldBuild}: the first build in a fresh JVM (Blit's classes not loaded, nothing JIT-compiled):
 *       one shot per fork, no warmup; what an application pays at start-up.</li>
 *   <li>{@code coldBuildAfterBootstrap}: the same first build of the wide class in a fresh JVM, after a Blit for a
 *       two-field class was built and used in the trial's setup: Blit's classes are loaded but its generator still
 *       runs interpreted. The difference to {@code coldBuild} is the one-off cost of loading Blit itself.</li>
 *   <li>{@code coldBuildSmall}: the first build in a fresh JVM of a two-field class instead, and its first
 *       {@code toBytes}: the part of {@code coldBuild} that does not depend on the class.</li>
 *   <li>{@code warmBuild}: a new Blit per iteration after several warmup builds, in one JVM: the cost of the
 *       generation itself once Blit's own code is loaded and compiled.</li>
 * </ul>
 * The cold cases take one shot in each of five fresh JVMs, so their score is a mean with an error.
 * Both are {@link Mode#SingleShotTime}; {@link dev.blit.bench.Main} runs this class in a JMH run of its own with
 * these annotations (quick mode's iteration overrides would spoil the cold measurement).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class GenerationBenchmark {
    private final Wide350 sample = Wide350.sample();

    private byte[] buildAndWrite() {
        Blit blit = Blit.builder().register(Wide350.class, 100).build();
        return blit.toBytes(sample);
    }

    @Benchmark
    @Fork(value = 5, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public byte[] coldBuild() {
        return buildAndWrite();
    }

    /**
     * The first Blit of a fresh JVM for a small class instead of the wide one: a two-field {@code Serializable}
     * class, the common case, and what a JVM pays for Blit itself (loading it, its built-ins and its generator)
     * with almost nothing to generate.
     *
     * @return the bytes of the first value written
     */
    @Benchmark
    @Fork(value = 5, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public byte[] coldBuildSmall() {
        return Blit.builder().register(Customer.class, 100).build().toBytes(new Customer(1, "first"));
    }

    /** Loads Blit (and its generator) by building one for a small class, so only the wide class is left. */
    @State(Scope.Benchmark)
    public static class Bootstrapped {
        @Setup(Level.Trial)
        public void bootstrap() {
            Blit.builder().register(Customer.class, 100).build().toBytes(new Customer(1, "bootstrap"));
        }
    }

    @Benchmark
    @Fork(value = 5, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    public byte[] coldBuildAfterBootstrap(Bootstrapped loaded) {
        return buildAndWrite();
    }

    @Benchmark
    @Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
    @Warmup(iterations = 10)
    @Measurement(iterations = 20)
    public byte[] warmBuild() {
        return buildAndWrite();
    }

    /** @return a check that the wide class round-trips (its bytes, re-encoded after decoding, are the same) */
    public static SelfCheck selfCheck() {
        SelfCheck check = new SelfCheck();
        check.run(null, "blitGenerated", () -> {
            Blit blit = Blit.builder().register(Wide350.class, 100).build();
            byte[] bytes = blit.toBytes(Wide350.sample());
            byte[] again = blit.toBytes(blit.fromBytes(bytes, Wide350.class));
            check.verify("blitGenerated", bytes.length, again, bytes, (a, b) -> Arrays.equals(a, (byte[]) b));
        });
        return check;
    }
}
