package dev.blit.buffer;

import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.function.Executable;

import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.util.function.Consumer;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Byte-level helpers for the buffer tests: hex literals, round trips through every backend, rejection. */
final class Bytes {
    private Bytes() {
    }

    /** @return the bytes of a string of hex pairs; spaces are ignored */
    static byte[] hex(String hex) {
        String s = hex.replace(" ", "");
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    /**
     * Writes with {@code writer} through every backend (exactly {@code length} bytes, the same everywhere),
     * reads back with {@code reader} through every backend, compares with {@code expected} deeply, and
     * checks every truncation is rejected.
     *
     * @return the bytes
     */
    static <T> byte[] roundTrip(int length, Consumer<WriteBuffer> writer, Function<ReadBuffer, T> reader, T expected) {
        byte[] bytes = RoundTrip.encode(writer, length);
        RoundTrip.decode(bytes, reader, actual -> assertTrue(RoundTrip.deepEquals(expected, actual),
                () -> "decoded a different value than was written; bytes " + RoundTrip.hex(bytes)));
        RoundTrip.assertTruncationsRejected(bytes, b -> reader.apply(ReadBuffer.of(b)), in -> reader.apply(ReadBuffer.of(in)));
        return bytes;
    }

    /** Like {@link #roundTrip} and also checks the exact bytes. */
    static <T> void encodes(String expectedHex, Consumer<WriteBuffer> writer, Function<ReadBuffer, T> reader, T value) {
        byte[] expected = hex(expectedHex);
        byte[] bytes = roundTrip(expected.length, writer, reader, value);
        assertArrayEquals(expected, bytes, () -> "encoding of " + value + ": " + RoundTrip.hex(bytes));
    }

    /**
     * Asserts that {@code reader} rejects {@code input} from a byte array, a region of a larger array, a
     * direct ByteBuffer, a stream and a one-byte-a-call stream, each with a BlitException naming
     * {@code offset}.
     */
    static void rejectedAt(long offset, byte[] input, Consumer<ReadBuffer> reader) {
        rejectedAt(offset, offset, input, reader);
    }

    /**
     * Like {@link #rejectedAt(long, byte[], Consumer)}, for input a stream can only find bad where it
     * ends ({@code streamOffset}): a declared length can be checked up front in memory only.
     */
    static void rejectedAt(long offset, long streamOffset, byte[] input, Consumer<ReadBuffer> reader) {
        byte[] padded = new byte[input.length + 6];
        System.arraycopy(input, 0, padded, 3, input.length);
        ByteBuffer direct = ByteBuffer.allocateDirect(input.length).put(input).flip();
        check(offset, "byte[]", () -> reader.accept(ReadBuffer.of(input)));
        check(offset, "byte[] region", () -> reader.accept(ReadBuffer.of(padded, 3, input.length)));
        check(offset, "direct ByteBuffer", () -> reader.accept(ReadBuffer.of(direct)));
        check(streamOffset, "stream", () -> reader.accept(ReadBuffer.of(new ByteArrayInputStream(input))));
        check(streamOffset, "one byte a read", () -> reader.accept(ReadBuffer.of(RoundTrip.trickle(input, input.length))));
    }

    private static void check(long offset, String backend, Executable e) {
        BlitException thrown = assertThrows(BlitException.class, e, backend);
        assertTrue(thrown.getMessage().contains("offset " + offset),
                () -> backend + ": expected 'offset " + offset + "' in: " + thrown.getMessage());
    }

    /** Asserts the message names {@code offset}. */
    static void namesOffset(BlitException e, long offset) {
        assertTrue(e.getMessage().contains("offset " + offset), () -> "expected 'offset " + offset + "' in: " + e.getMessage());
    }
}
