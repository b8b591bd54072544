package dev.blit.buffer;

import dev.blit.BlitException;
import dev.blit.RoundTrip;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Arbitrary bytes, read as each kind of value, give the same outcome on every backend: the same value
 * after the same number of bytes, or a {@link BlitException} everywhere, never any other throwable. This
 * pits the in-window fast paths (varints with five or ten bytes at hand, in-place strings and arrays)
 * against the byte-at-a-time slow paths a one-byte-a-read stream forces. (A bare {@code readLength} is
 * left out: only in memory can it check the length against the input, a stream finds out later.)
 */
class EveryBackendReadsAnyInputAlikeTest {

    private static final List<Function<ReadBuffer, Object>> READERS = List.of(
            ReadBuffer::readUnsignedVarInt, ReadBuffer::readVarInt, ReadBuffer::readUnsignedVarLong,
            ReadBuffer::readVarLong, ReadBuffer::readBoolean, ReadBuffer::readString, ReadBuffer::readBooleanArray,
            ReadBuffer::readByteArray, ReadBuffer::readShortArray, ReadBuffer::readCharArray, ReadBuffer::readIntArray,
            ReadBuffer::readLongArray, ReadBuffer::readFloatArray, ReadBuffer::readDoubleArray);

    /** Mostly short inputs, some with a small header in front of random content so arrays decode too. */
    @Provide
    Arbitrary<byte[]> inputs() {
        Arbitrary<byte[]> raw = Arbitraries.bytes().array(byte[].class).ofMaxSize(24);
        Arbitrary<byte[]> headed = Arbitraries.integers().between(0, 40).flatMap(n ->
                Arbitraries.bytes().array(byte[].class).ofMinSize(0).ofMaxSize(8 * n + 10).map(body -> {
                    byte[] b = new byte[body.length + 1];
                    b[0] = n.byteValue();
                    System.arraycopy(body, 0, b, 1, body.length);
                    return b;
                }));
        Arbitrary<byte[]> continued = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(12).map(b -> {
            for (int i = 0; i < b.length - 1; i++) {
                b[i] |= (byte) 0x80; // long varints, the overflow checks' territory
            }
            return b;
        });
        return Arbitraries.oneOf(raw, headed, continued);
    }

    @Property(tries = 1500)
    void everyReaderGivesTheSameOutcomeEverywhere(@ForAll("inputs") byte[] input) {
        for (Function<ReadBuffer, Object> reader : READERS) {
            Outcome heap = outcome(reader, ReadBuffer.of(input));
            byte[] padded = new byte[input.length + 3];
            System.arraycopy(input, 0, padded, 1, input.length);
            List<ReadBuffer> others = List.of(ReadBuffer.of(padded, 1, input.length),
                    ReadBuffer.of(ByteBuffer.allocateDirect(input.length).put(input).flip()),
                    ReadBuffer.of(ByteBuffer.wrap(input).asReadOnlyBuffer()),
                    ReadBuffer.of(new ByteArrayInputStream(input)),
                    ReadBuffer.of(RoundTrip.trickle(input, input.length)),
                    ReadBuffer.exactly(new ByteArrayInputStream(input)),
                    ReadBuffer.exactly(RoundTrip.trickle(input, input.length)));
            for (ReadBuffer in : others) {
                Outcome other = outcome(reader, in);
                assertEquals(heap.failed, other.failed, () -> "one backend failed, another did not, on " + RoundTrip.hex(input)
                        + ": " + heap + " vs " + other);
                if (!heap.failed) {
                    assertTrue(RoundTrip.deepEquals(heap.value, other.value), () -> "different values from " + RoundTrip.hex(input));
                    assertEquals(heap.consumed, other.consumed, () -> "different lengths consumed from " + RoundTrip.hex(input));
                }
            }
            if (!heap.failed) { // and a stream read exactly gave up no byte past the value, once settled
                ByteArrayInputStream stream = new ByteArrayInputStream(input); // supports mark: read ahead, given back
                ReadBuffer exact = ReadBuffer.exactly(stream);
                outcome(reader, exact);
                exact.settle(); // what Blit.read does after a value; a hand-written reader of primitives calls it
                assertEquals(input.length - heap.consumed, stream.available(), () -> "bytes taken past the value from " + RoundTrip.hex(input));
            }
        }
    }

    private static Outcome outcome(Function<ReadBuffer, Object> reader, ReadBuffer in) {
        try {
            Object v = reader.apply(in);
            return new Outcome(false, v, in.offset(), null);
        } catch (BlitException e) {
            assertTrue(e.getMessage().contains("offset"), () -> "no offset in: " + e.getMessage());
            return new Outcome(true, null, -1, e.getMessage());
        } catch (Throwable t) {
            return fail("a reader threw " + t + " instead of a BlitException", t);
        }
    }

    private static final class Outcome {
        final boolean failed;
        final Object value;
        final long consumed;
        final String message;

        Outcome(boolean failed, Object value, long consumed, String message) {
            this.failed = failed;
            this.value = value;
            this.consumed = consumed;
            this.message = message;
        }

        @Override
        public String toString() {
            return failed ? "rejected: " + message : "read " + value + " in " + consumed + " bytes";
        }
    }
}
