package dev.blit.bench.gen;

import dev.blit.Blit;
import dev.blit.bench.Jvm;
import dev.blit.bench.peers.ForyCodec;
import dev.blit.bench.peers.Forys;
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

import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * A class of eight enum fields, through Blit's generated serializer, Fory (SCHEMA_CONSISTENT) and Kryo, each
 * into a reused buffer. It isolates what an enum field costs generated code: an enum that Blit's own
 * serializer writes is a leaf, its tag and depth check made without entering a level (see
 * {@code InlineCode.note}). Run by hand, outside {@code ./blit bench}'s tables:
 * {@code java -cp blit-bench/target/benchmarks.jar org.openjdk.jmh.Main EnumFieldsBenchmark}.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 8, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class EnumFieldsBenchmark {
    /** Three constants, as a status or a side would have. */
    public enum Level { LOW, MID, HIGH }

    /** Eight enum fields and nothing else. */
    public static final class Levels {
        public Level a = Level.LOW;
        public Level b = Level.MID;
        public Level c = Level.HIGH;
        public Level d = Level.LOW;
        public Level e = Level.MID;
        public Level f = Level.HIGH;
        public Level g = Level.LOW;
        public Level h = Level.MID;

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Levels)) {
                return false;
            }
            Levels l = (Levels) o;
            return a == l.a && b == l.b && c == l.c && d == l.d && e == l.e && f == l.f && g == l.g && h == l.h;
        }

        @Override
        public int hashCode() {
            return Objects.hash(a, b, c, d, e, f, g, h);
        }
    }

    private final Levels value = new Levels();
    private final WriteBuffer out = new WriteBuffer(256);
    private final ReadBuffer in = ReadBuffer.of(new byte[0]);
    private Blit blit;
    private byte[] bytes;
    private ForyCodec fory;
    private KryoCodec kryo;

    @Setup
    public void setup() {
        blit = Blit.builder().register(Levels.class, 100).register(Level.class, 101).build();
        bytes = Arrays.copyOf(out.array(), (int) blitGeneratedWrite());
        fory = new ForyCodec(Forys.create(CompatibleMode.SCHEMA_CONSISTENT, false, Levels.class, Level.class), 256);
        fory.keep(value);
        kryo = new KryoCodec(Kryos.create(false, Levels.class, Level.class), 256);
        kryo.keep(value);
        for (Object back : new Object[]{blitGeneratedRead(), foryConsistentRead(), kryoRead()}) {
            if (!value.equals(back)) {
                throw new IllegalStateException("decoded " + back);
            }
        }
    }

    @Benchmark
    public long blitGeneratedWrite() {
        out.clear();
        blit.write(value, out);
        return out.position();
    }

    @Benchmark
    public Object blitGeneratedRead() {
        return blit.read(in.reset(bytes, 0, bytes.length));
    }

    @Benchmark
    public int foryConsistentWrite() {
        return fory.write(value);
    }

    @Benchmark
    public Object foryConsistentRead() {
        return fory.read();
    }

    @Benchmark
    public int kryoWrite() {
        return kryo.write(value);
    }

    @Benchmark
    public Object kryoRead() {
        return kryo.read();
    }
}
