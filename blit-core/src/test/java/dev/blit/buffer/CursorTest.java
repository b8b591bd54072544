package dev.blit.buffer;

import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Positions, offsets, exhaustion and reuse: the cursor bookkeeping every backend shares. */
class CursorTest {

    private static List<ReadBuffer> everyReader(byte[] bytes) {
        byte[] padded = new byte[bytes.length + 4];
        System.arraycopy(bytes, 0, padded, 2, bytes.length);
        return List.of(ReadBuffer.of(bytes), ReadBuffer.of(padded, 2, bytes.length), ReadBuffer.of(ByteBuffer.wrap(bytes)),
                ReadBuffer.of(ByteBuffer.wrap(bytes).asReadOnlyBuffer()),
                ReadBuffer.of(ByteBuffer.allocateDirect(bytes.length).put(bytes).flip()),
                ReadBuffer.of(new ByteArrayInputStream(bytes)), ReadBuffer.of(RoundTrip.trickle(bytes, bytes.length)));
    }

    /** A heap buffer cannot pass 2 GiB: the refusal says what can (a stream), a stream's does not. */
    @Test
    void aBufferThatCannotGrowSaysToWriteToAStream() {
        dev.blit.BlitException heap = org.junit.jupiter.api.Assertions.assertThrows(dev.blit.BlitException.class,
                () -> new WriteBuffer(16).ensure(Integer.MAX_VALUE - 1));
        assertTrue(heap.getMessage().startsWith("cannot hold more than 2147483631 bytes in one buffer (at offset 0, ")
                && heap.getMessage().contains("write a value this large to a stream"), heap.getMessage());
        dev.blit.BlitException stream = org.junit.jupiter.api.Assertions.assertThrows(dev.blit.BlitException.class,
                () -> WriteBuffer.to(new ByteArrayOutputStream()).ensure(Integer.MAX_VALUE - 1));
        assertFalse(stream.getMessage().contains("to a stream"), stream.getMessage());
    }

    /**
     * A string is staged whole, so a buffer bound to a stream or a ByteBuffer grows its staging area for a long
     * one; it used to keep that size for good (a 100M-char string: 200 MB held by the buffer, and by every
     * ObjectFile.Writer over it, found by a scale hunt). Drained, it goes back to its usual size; the bytes are
     * unchanged.
     */
    @Test
    void aStagingAreaGrownForOneLongStringShrinksOnceDrained() {
        String big = "\u00e9\u4e2d".repeat(100_000);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        WriteBuffer out = WriteBuffer.to(sink);
        out.writeString(big);
        assertTrue(out.array().length > 400_000, "staged whole: " + out.array().length);
        out.flush();
        assertTrue(out.array().length <= 8192, "after the flush: " + out.array().length);
        out.writeString(big);
        out.writeString("after");
        assertTrue(out.array().length <= 8192, "after the next value needing room: " + out.array().length);
        out.flush();
        ReadBuffer in = ReadBuffer.of(sink.toByteArray());
        assertEquals(big, in.readString());
        assertEquals(big, in.readString());
        assertEquals("after", in.readString());
        ByteBuffer target = ByteBuffer.allocate(2_000_000);
        WriteBuffer toTarget = WriteBuffer.to(target);
        toTarget.writeString(big);
        toTarget.flush();
        assertTrue(toTarget.array().length <= 8192, "a ByteBuffer's staging after the flush: " + toTarget.array().length);
        assertEquals(big, ReadBuffer.of(target.flip()).readString());
    }

    @Test
    void offsetCountsConsumedBytesAndExhaustionIsExact() {
        byte[] bytes = new byte[20_000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        for (ReadBuffer in : everyReader(bytes)) {
            assertEquals(0, in.offset());
            assertFalse(in.isExhausted());
            assertEquals(0, in.readByte());
            assertEquals(1, in.offset());
            in.readBytes(new byte[19_990], 0, 19_990);
            assertEquals(19_991, in.offset());
            assertFalse(in.isExhausted());
            assertTrue(in.remainingKnown() <= 9);
            in.readBytes(new byte[9], 0, 9);
            assertEquals(20_000, in.offset());
            assertTrue(in.isExhausted());
            assertEquals(0, in.remainingKnown());
        }
    }

    @Test
    void anEmptyInputIsExhausted() {
        for (ReadBuffer in : everyReader(new byte[0])) {
            assertTrue(in.isExhausted());
        }
    }

    @Test
    void clearedBuffersWriteTheSameBytesAgain() {
        WriteBuffer heap = new WriteBuffer();
        byte[] region = new byte[40];
        WriteBuffer fixed = WriteBuffer.wrap(region, 5, 30);
        for (WriteBuffer out : List.of(heap, fixed)) {
            out.writeString("first");
            out.writeLong(1);
            out.clear();
            assertEquals(0, out.position());
            out.writeString("second");
            out.writeInt(2);
            assertEquals(11, out.position());
            assertArrayEquals(Bytes.hex("0d 73 65 63 6f 6e 64 02 00 00 00"), out.toByteArray());
        }
        assertEquals(5, fixed.arrayOffset());
        assertEquals(0, heap.arrayOffset());
    }

    @Test
    void streamPositionCountsDrainedAndStagedBytes() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        WriteBuffer out = WriteBuffer.to(sink);
        out.writeBytes(new byte[10_000], 0, 10_000);
        out.writeInt(7);
        assertEquals(10_004, out.position());
        out.writeBytes(new byte[100], 0, 100);
        out.flush();
        assertEquals(10_104, sink.size());
        assertEquals(10_104, out.position());
    }
}
