package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.ReadLimits;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The buffer layer on its own, as a hand-written {@code Marshallable} uses it: a script of primitive,
 * varint, string, array (both forms of a compact one too), length and count reads over fuzzed bytes, from a byte array, a direct
 * {@code ByteBuffer} and a stream of small reads, with and without {@link ReadLimits}. Every read returns a
 * value or throws a {@link BlitException} naming the offset, and the backends agree on every value and
 * offset. The one allowed difference: a length or count the array's remaining bytes cannot hold is
 * rejected there at once, while a stream, whose end is unknown, returns it.
 *
 * <p>Input layout: byte 0 chooses the stream's chunk size and the limits, byte 1 the number of operations,
 * the next bytes are the operations (low five bits the operation, high three bits its parameter), the
 * rest is the data read.
 */
class ReadBufferFuzzTest {
    private static final ReadLimits[] LIMITS = {null, new ReadLimits(16, 1024), new ReadLimits(1000, 100_000)};
    private static final int OPS = 28;
    private static final int READ_LENGTH = 21;
    private static final int READ_COUNT = 22;

    static Stream<Arguments> scripts() {
        WriteBuffer out = new WriteBuffer();
        out.writeByte((byte) -1);
        out.writeBoolean(true);
        out.writeShort((short) 300);
        out.writeChar('€');
        out.writeInt(-5);
        out.writeLong(Long.MIN_VALUE);
        out.writeFloat(Float.NaN);
        out.writeDouble(-0.0);
        out.writeUnsignedVarInt(300);
        out.writeVarInt(-300);
        out.writeUnsignedVarLong(1L << 40);
        out.writeVarLong(-(1L << 40));
        out.writeString("héllo €");
        out.writeByteArray(new byte[] {1, 2});
        out.writeBooleanArray(new boolean[] {true});
        out.writeShortArray(new short[] {3});
        out.writeCharArray(new char[] {'c'});
        out.writeIntArray(new int[] {4, 5});
        out.writeLongArray(new long[] {6});
        out.writeFloatArray(new float[] {7f});
        out.writeDoubleArray(null);
        out.writeCompactIntArray(new int[] {1, -300});
        out.writeCompactLongArray(new long[] {70_000, 5});
        byte[] data = out.toByteArray();
        byte[] script = new byte[2 + 23 + data.length];
        script[0] = 3;
        script[1] = 23;
        for (int i = 0; i < 21; i++) {
            script[2 + i] = (byte) i;
        }
        script[23] = 26;
        script[24] = 27;
        System.arraycopy(data, 0, script, 25, data.length);
        return Stream.of(Arguments.of((Object) script));
    }

    @MethodSource("scripts")
    @FuzzTest(maxDuration = "10s")
    void scriptedReadsFailOnlyWithBlitExceptionAndAgreeOnEveryBackend(byte[] input) {
        if (input.length < 2) {
            return;
        }
        int chunk = 1 + (input[0] & 0xFF) % 11;
        ReadLimits limits = LIMITS[((input[0] & 0xFF) >>> 4) % LIMITS.length];
        int n = Math.min(input[1] & 63, input.length - 2);
        byte[] ops = Arrays.copyOfRange(input, 2, 2 + n);
        byte[] data = Arrays.copyOfRange(input, 2 + n, input.length);

        Run array = run(ops, limits, ReadBuffer.of(data));
        ByteBuffer direct = ByteBuffer.allocateDirect(data.length).put(data).flip();
        Run fromDirect = run(ops, limits, ReadBuffer.of(direct));
        Run stream = run(ops, limits, ReadBuffer.of(StreamFuzzTest.chunked(data, chunk)));
        if (!array.results.equals(fromDirect.results) || array.failedAt != fromDirect.failedAt) {
            throw new AssertionError("a byte array and a direct ByteBuffer differ:\n" + array + "\n" + fromDirect
                    + "\ninput " + Findings.hex(input));
        }
        int common = Math.min(array.results.size(), stream.results.size());
        boolean agree = array.results.subList(0, common).equals(stream.results.subList(0, common));
        if (array.failedAt != stream.failedAt) {
            // Only an array may fail first, and only on a length it could check against its end.
            int op = array.failedAt < 0 ? -1 : (ops[array.failedAt] & 0x1F) % OPS;
            agree &= array.failedAt >= 0 && (stream.failedAt < 0 || stream.failedAt > array.failedAt)
                    && (op == READ_LENGTH || op == READ_COUNT);
        }
        if (!agree) {
            throw new AssertionError("a byte array and a stream of " + chunk + "-byte reads differ:\n" + array + "\n"
                    + stream + "\ninput " + Findings.hex(input));
        }
    }

    /** Each operation's result and the offset after it, up to the first failure (its index, or -1). */
    private static final class Run {
        final List<String> results = new ArrayList<>();
        int failedAt = -1;

        @Override
        public String toString() {
            return results + (failedAt >= 0 ? " then a failure at operation " + failedAt : "");
        }
    }

    private static Run run(byte[] ops, ReadLimits limits, ReadBuffer in) {
        in.limits(limits);
        Run run = new Run();
        for (int i = 0; i < ops.length; i++) {
            try {
                Object r = apply(in, (ops[i] & 0x1F) % OPS, (ops[i] & 0xFF) >>> 5);
                run.results.add(r + "@" + in.offset());
            } catch (BlitException e) {
                Findings.mustNameAnOffset(e);
                run.failedAt = i;
                break;
            }
        }
        return run;
    }

    private static Object apply(ReadBuffer in, int op, int param) {
        switch (op) {
            case 0: return in.readByte();
            case 1: return in.readBoolean();
            case 2: return in.readShort();
            case 3: return (int) in.readChar();
            case 4: return in.readInt();
            case 5: return in.readLong();
            case 6: return Float.floatToRawIntBits(in.readFloat());
            case 7: return Double.doubleToRawLongBits(in.readDouble());
            case 8: return in.readUnsignedVarInt();
            case 9: return in.readVarInt();
            case 10: return in.readUnsignedVarLong();
            case 11: return in.readVarLong();
            case 12: return in.readString();
            case 13: return show(in.readByteArray(), Arrays::toString);
            case 14: return show(in.readBooleanArray(), Arrays::toString);
            case 15: return show(in.readShortArray(), Arrays::toString);
            case 16: return show(in.readCharArray(), Arrays::toString);
            case 17: return show(in.readIntArray(), Arrays::toString);
            case 18: return show(in.readLongArray(), Arrays::toString);
            case 19: return show(in.readFloatArray(), a -> {
                int[] bits = new int[a.length];
                for (int i = 0; i < a.length; i++) {
                    bits[i] = Float.floatToRawIntBits(a[i]);
                }
                return Arrays.toString(bits);
            });
            case 20: return show(in.readDoubleArray(), a -> {
                long[] bits = new long[a.length];
                for (int i = 0; i < a.length; i++) {
                    bits[i] = Double.doubleToRawLongBits(a[i]);
                }
                return Arrays.toString(bits);
            });
            case READ_LENGTH: return in.readLength(param);
            case READ_COUNT: return in.readCount(param);
            case 23:
                in.require(param * 3);
                return "required " + param * 3;
            case 24: {
                byte[] b = new byte[param * 3];
                in.readBytes(b, 0, b.length);
                return Arrays.toString(b);
            }
            case 25: return in.isExhausted();
            case 26: return Arrays.toString(in.readCompactIntArray());
            case 27: return Arrays.toString(in.readCompactLongArray());
            default: throw new IllegalStateException("no operation " + op);
        }
    }

    private static <A> String show(A array, Function<A, String> f) {
        return array == null ? "null" : f.apply(array);
    }
}
