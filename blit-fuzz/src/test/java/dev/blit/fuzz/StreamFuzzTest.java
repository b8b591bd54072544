package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@link Blit#read(ReadBuffer)} called until the input is exhausted, the way a reader consumes a stream of
 * values, over three backends: a byte array (lengths checked against what remains), a direct
 * {@code ByteBuffer} (copied through a window), and an {@code InputStream} that hands out at most a few
 * bytes a call (nothing known about the end), read ahead through one {@code ReadBuffer} and also one
 * {@link Blit#read(InputStream)} a value, which must take each value's bytes and no more. Every backend must fail with a {@link BlitException} naming
 * the offset or succeed, and all must agree: values of the same classes ending at the same offsets, and a
 * failure at the same value. (Not compared by their encodings: a set of objects with identity hash codes
 * iterates in another order every time it is built.) Every value read can be written again and read back
 * or rejected.
 *
 * <p>The first input byte chooses the stream's chunk size and the Blit; the rest is the stream.
 */
class StreamFuzzTest {
    private static final Blit[] BLITS = {
            Workloads.blit(false),
            Workloads.blit(true),
            Workloads.builder(true).maxLength(64).maxAllocationPerRead(4096).maxDepth(16).build(),
    };

    static Stream<Arguments> concatenatedWorkloads() {
        List<Arguments> seeds = new ArrayList<>();
        for (int b = 0; b < 2; b++) {
            Blit blit = BLITS[b];
            java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
            all.write(b);
            Workloads.samples(b == 1).values().forEach(v -> all.writeBytes(blit.toBytes(v)));
            seeds.add(Arguments.of((Object) all.toByteArray()));
        }
        return seeds.stream();
    }

    @MethodSource("concatenatedWorkloads")
    @FuzzTest(maxDuration = "10s")
    void valuesReadUntilTheStreamEndsDecodeAlikeOnEveryBackend(byte[] input) {
        if (input.length == 0) {
            return;
        }
        Blit blit = BLITS[(input[0] & 0xFF) % BLITS.length];
        int chunk = 1 + ((input[0] & 0xFF) >>> 2) % 17;
        byte[] data = Arrays.copyOfRange(input, 1, input.length);

        Outcome fromArray = readAll(blit, ReadBuffer.of(data), data);
        ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data).flip();
        Outcome fromDirect = readAll(blit, ReadBuffer.of(direct), data);
        Outcome fromStream = readAll(blit, ReadBuffer.of(chunked(data, chunk)), data);
        fromArray.mustMatch(fromDirect, "a direct ByteBuffer", data);
        fromArray.mustMatch(fromStream, "a stream of " + chunk + "-byte reads", data);
        fromArray.mustMatch(readEach(blit, chunked(data, chunk), data), "Blit.read(InputStream) per value over " + chunk
                + "-byte reads", data);
    }

    /**
     * One {@link Blit#read(InputStream)} a value, as a caller reads a value and then goes on with the stream:
     * each must take exactly its value's bytes, so offsets are counted from what the stream has left.
     */
    private static Outcome readEach(Blit blit, ByteArrayInputStream in, byte[] data) {
        Outcome o = new Outcome();
        try {
            while (in.available() > 0) {
                Object v = blit.read(in);
                Findings.readAgain(blit, v);
                o.values.add((v == null ? "null" : v.getClass().getName()) + "@" + (data.length - in.available()));
            }
        } catch (BlitException e) {
            Findings.mustNameAnOffset(e);
            o.failed = true;
        }
        return o;
    }

    /** The values read (their classes and end offsets) and whether reading ended in a failure. */
    private static final class Outcome {
        final List<String> values = new ArrayList<>();
        boolean failed;

        void mustMatch(Outcome other, String backend, byte[] data) {
            if (failed != other.failed || !values.equals(other.values)) {
                throw new AssertionError("a byte array and " + backend + " read differently: " + values
                        + (failed ? " then a failure" : "") + " against " + other.values
                        + (other.failed ? " then a failure" : "") + "; input " + Findings.hex(data));
            }
        }
    }

    private static Outcome readAll(Blit blit, ReadBuffer in, byte[] data) {
        Outcome o = new Outcome();
        try {
            while (!in.isExhausted()) {
                long before = in.offset();
                Object v = blit.read(in);
                if (in.offset() <= before) {
                    throw new AssertionError("a read consumed nothing at offset " + before + "; input " + Findings.hex(data));
                }
                Findings.readAgain(blit, v);
                o.values.add((v == null ? "null" : v.getClass().getName()) + "@" + in.offset());
            }
        } catch (BlitException e) {
            Findings.mustNameAnOffset(e);
            o.failed = true;
        }
        return o;
    }

    /** A stream that returns at most {@code chunk} bytes a call, as sockets and pipes do. */
    static ByteArrayInputStream chunked(byte[] data, int chunk) {
        return new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, chunk));
            }
        };
    }
}
