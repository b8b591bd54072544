package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A value that fails half-way through {@link Blit#write(Object, WriteBuffer)} leaves the buffer as it was
 * ({@link WriteBuffer#rewind}), so the values before it stay a valid sequence and writing can go on.
 */
class FailedWriteLeavesNothingTest {
    /** Not registered: writing one fails where it is met, after whatever came before it was written. */
    static final class Unregistered {
    }

    private static final Blit BLIT = Blit.builder().build();

    /** A list whose unregistered element comes after about {@code before} bytes of strings (of 1,000 chars). */
    static List<Object> failingAfter(int before) {
        List<Object> parts = new ArrayList<>();
        for (int n = 0; n < before; n += 1000) {
            parts.add("a".repeat(Math.min(1000, before - n)));
        }
        parts.add(new Unregistered());
        return parts;
    }

    @Test
    void aHeapBufferIsBackWhereTheFailedValueBegan() {
        WriteBuffer out = new WriteBuffer(16);
        BLIT.write("first", out);
        long mark = out.position();
        BlitException e = assertThrows(BlitException.class, () -> BLIT.write(failingAfter(100_000), out));
        assertTrue(e.getMessage().contains(Unregistered.class.getName()), e.getMessage());
        assertEquals(mark, out.position());
        BLIT.write("second", out);
        ReadBuffer in = ReadBuffer.of(out.array(), 0, (int) out.position());
        assertEquals("first", BLIT.read(in));
        assertEquals("second", BLIT.read(in));
        assertTrue(in.isExhausted());
    }

    @Test
    void aStreamGetsNothingOfASmallFailedValue() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        WriteBuffer out = WriteBuffer.to(sink);
        BLIT.write("first", out);
        assertThrows(BlitException.class, () -> BLIT.write(failingAfter(300), out));
        BLIT.write("second", out);
        out.flush();
        WriteBuffer expected = new WriteBuffer();
        BLIT.write("first", expected);
        BLIT.write("second", expected);
        assertArrayEquals(expected.toByteArray(), sink.toByteArray());
    }

    @Test
    void aValueLargerThanTheStagingAreaHasAlreadySentPartOfItself() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        WriteBuffer out = WriteBuffer.to(sink);
        BLIT.write("first", out);
        long mark = out.position();
        assertThrows(BlitException.class, () -> BLIT.write(failingAfter(100_000), out));
        assertTrue(out.position() > mark, "the part already drained cannot be taken back");
        assertTrue(sink.size() > 50_000, "most of it reached the stream: " + sink.size());
    }

    @Test
    void theByteBufferEntryPointLeavesTheTargetsPositionAlone() {
        ByteBuffer target = ByteBuffer.allocate(1 << 20);
        BLIT.write("first", target);
        int at = target.position();
        assertThrows(BlitException.class, () -> BLIT.write(failingAfter(100), target));
        assertEquals(at, target.position());
    }

    @Test
    void aTooSmallByteBufferSaysThatMoreMayFollowAndHowToLearnTheValuesSize() {
        // 27 bytes into 7: the message gave the staging area's 15 bytes as if that were all, and once given
        // 15 it failed again with 12 more
        List<Object> value = List.of("abcdefghij", "klmnopqrst");
        int size = BLIT.toBytes(value).length;
        ByteBuffer target = ByteBuffer.allocate(7);
        BlitException e = assertThrows(BlitException.class, () -> BLIT.write(value, target));
        assertTrue(e.getMessage().contains("what is still to come is not known until it is written")
                && e.getMessage().contains("a value's whole size is Blit.toBytes(value).length"), e.getMessage());
        assertEquals(0, target.position());
        BLIT.write(value, ByteBuffer.allocate(size)); // the size it points to is enough
    }

    /** Writes 20,000 bytes, past the staging area of a ByteBuffer target, then fails in the user's own code. */
    public static final class FailsLate implements Marshallable {
        public FailsLate() {
        }

        @Override
        public void writeMarshallable(WriteBuffer out) {
            for (int i = 0; i < 20_000; i++) {
                out.writeByte(i);
            }
            throw new IllegalStateException("the user's code failed");
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
        }
    }

    @Test
    void theByteBufferEntryPointLeavesThePositionAloneWhenTheUsersCodeFailsPastTheStagingArea() {
        Blit blit = Blit.builder().register(FailsLate.class, 100).build();
        for (ByteBuffer target : List.of(ByteBuffer.allocate(1 << 17), ByteBuffer.allocateDirect(1 << 17))) {
            blit.write("first", target);
            int at = target.position();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> blit.write(new FailsLate(), target));
            assertEquals("the user's code failed", e.getMessage());
            assertEquals(at, target.position());
            blit.write("second", target);
            target.flip();
            assertEquals("first", blit.read(target));
            assertEquals("second", blit.read(target));
            assertFalse(target.hasRemaining());
        }
    }

    @Test
    void rewindTakesBackStagedBytesOnlyAndRefusesPositionsItNeverHad() {
        WriteBuffer heap = new WriteBuffer(16);
        heap.writeLong(1);
        heap.writeLong(2);
        assertTrue(heap.rewind(8));
        assertEquals(8, heap.position());
        heap.writeByte(7);
        assertArrayEquals(new byte[]{1, 0, 0, 0, 0, 0, 0, 0, 7}, heap.toByteArray());
        assertThrows(BlitException.class, () -> heap.rewind(10));
        assertThrows(BlitException.class, () -> heap.rewind(-1));

        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        WriteBuffer stream = WriteBuffer.to(sink);
        stream.writeLong(1);
        stream.flush();
        stream.writeLong(2);
        assertTrue(stream.rewind(8), "bytes after the flush are still staged");
        assertFalse(stream.rewind(4), "bytes before the flush are in the stream");
        assertEquals(8, stream.position());
        assertEquals(8, sink.size());
    }
}
