package dev.blit.bench.compat;

import dev.blit.Blit;
import dev.blit.Serializer;
import dev.blit.bench.Jvm;
import dev.blit.bench.marketdata.FlatByHand;
import dev.blit.bench.marketdata.MarketData;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.gen.ClassSerializers;
import dev.blit.internal.RegistryBuilder;
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
import java.util.concurrent.TimeUnit;

/**
 * Where the time of a flat MarketData write and read goes: the generated flat serializer alone (one
 * {@code claim}/{@code take} and 18 VarHandle accesses, what FORMAT.md's "Flat classes" block costs) against
 * the whole {@code Blit.write}/{@code Blit.read} call (session, tag, registry lookup, read limits). The
 * serializer rows are the block's cost; the difference to the Blit rows is the facade's.
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FlatMarketDataBenchmark {
    private final MarketData data = MarketData.sample();
    private final WriteBuffer out = new WriteBuffer(1024);
    private Serializer<Object> serializer;
    private Blit blit;
    private byte[] block;
    private byte[] message;
    private final MarketData target = new MarketData();

    @Setup
    @SuppressWarnings("unchecked")
    public void setup() {
        serializer = (Serializer<Object>) ClassSerializers.create(MarketData.class, new RegistryBuilder(), null);
        blit = Blit.builder().register(MarketData.class, 100).build();
        out.clear();
        serializer.write(out, data);
        block = out.toByteArray();
        message = blit.toBytes(data);
        if (block.length != 144 || message.length != 145 || !data.equals(blit.fromBytes(message))
                || !Arrays.equals(block, 0, 144, message, 1, 145)) {
            throw new IllegalStateException("MarketData is not one flat block: " + block.length + " / " + message.length);
        }
    }

    @Benchmark
    public long serializerWrite() {
        out.clear();
        serializer.write(out, data);
        return out.position();
    }

    @Benchmark
    public Object serializerRead() {
        return serializer.read(ReadBuffer.of(block));
    }

    @Benchmark
    public long blitWrite() {
        out.clear();
        blit.write(data, out);
        return out.position();
    }

    @Benchmark
    public Object blitRead() {
        return blit.read(ReadBuffer.of(message));
    }

    /** The facade filling an existing object (Blit.readInto): the session and tag around serializerReadInto. */
    @Benchmark
    public Object blitReadInto() {
        return blit.readInto(ReadBuffer.of(message), target);
    }

    /** The block alone into an existing object: no allocation but the ReadBuffer, which escape analysis may remove. */
    @Benchmark
    public Object serializerReadInto() {
        return serializer.readInto(ReadBuffer.of(block), target);
    }

    /** The generated serializer's write by hand, with direct field access (FlatByHand). */
    @Benchmark
    public long handWrite() {
        out.clear();
        FlatByHand.write(out, data);
        return out.position();
    }

    /** The generated serializer's readInto by hand, with direct field access (FlatByHand). */
    @Benchmark
    public Object handReadInto() {
        return FlatByHand.readInto(ReadBuffer.of(block), target);
    }
}
