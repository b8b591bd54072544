package dev.blit.buffer;

import dev.blit.Blit;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Blit#write(Object, ByteBuffer)} and {@link Blit#read(ByteBuffer)} move the buffer's position by
 * exactly the bytes written or consumed, for heap, direct and read-only buffers, and leave bytes outside
 * that span alone.
 */
class ByteBufferPositionTest {
    private final Blit blit = Blit.builder().build();
    private final Object[] values = {
            "hi", 123, null, new long[] {1, 2, 3}, new byte[20_000], "€".repeat(5000), Boolean.TRUE, new double[3000],
    };

    private void positionsAdvanceExactly(IntFunction<ByteBuffer> allocate) {
        int total = 0;
        for (Object v : values) {
            total += blit.toBytes(v).length;
        }
        ByteBuffer buffer = allocate.apply(total + 16);
        for (int i = 0; i < buffer.capacity(); i++) {
            buffer.put(i, (byte) 0x77);
        }
        buffer.position(5);
        for (Object v : values) {
            int before = buffer.position();
            blit.write(v, buffer);
            assertEquals(before + blit.toBytes(v).length, buffer.position(), () -> "write of " + v);
        }
        assertEquals(5 + total, buffer.position());
        for (int i = 0; i < 5; i++) {
            assertEquals((byte) 0x77, buffer.get(i), "byte before the first value");
        }
        for (int i = 5 + total; i < buffer.capacity(); i++) {
            assertEquals((byte) 0x77, buffer.get(i), "byte after the last value");
        }

        // Read back with the limit past the end, so trailing bytes are there to be over-read.
        ByteBuffer in = buffer.duplicate().position(5).limit(buffer.capacity());
        readAll(in, 5);
        readAll(in.duplicate().position(5).asReadOnlyBuffer(), 5);
    }

    private void readAll(ByteBuffer in, int start) {
        int at = start;
        for (Object v : values) {
            Object back = blit.read(in);
            at += blit.toBytes(v).length;
            assertEquals(at, in.position(), () -> "read of " + v);
            assertTrue(RoundTrip.deepEquals(v, back), () -> "read back " + back + " for " + v);
        }
    }

    @Test
    void heapBuffersAdvanceByExactlyTheBytesWrittenAndRead() {
        positionsAdvanceExactly(ByteBuffer::allocate);
    }

    @Test
    void directBuffersAdvanceByExactlyTheBytesWrittenAndRead() {
        positionsAdvanceExactly(ByteBuffer::allocateDirect);
    }

    @Test
    void slicedHeapBuffersAdvanceByExactlyTheBytesWrittenAndRead() {
        positionsAdvanceExactly(n -> ByteBuffer.allocate(n + 11).position(11).slice());
    }

    @Test
    void aWriteBufferBoundToAByteBufferAdvancesItOnFlush() {
        ByteBuffer target = ByteBuffer.allocateDirect(100);
        target.position(3);
        WriteBuffer out = WriteBuffer.to(target);
        out.writeInt(7);
        out.writeString("abc");
        assertEquals(8, out.position());
        out.flush();
        assertEquals(11, target.position());
        out.writeLong(9);
        out.flush();
        assertEquals(19, target.position());
        byte[] got = new byte[16];
        target.position(3);
        target.get(got);
        assertArrayEquals(Bytes.hex("07 00 00 00 07 61 62 63 09 00 00 00 00 00 00 00"), got);
    }

    @Test
    void readBufferOfAByteBufferLeavesItsPositionAlone() {
        ByteBuffer source = ByteBuffer.wrap(Bytes.hex("ff 07 00 00 00"));
        source.position(1);
        ReadBuffer in = ReadBuffer.of(source);
        assertEquals(7, in.readInt());
        assertEquals(1, source.position());
        assertEquals(4, in.offset());
    }
}
