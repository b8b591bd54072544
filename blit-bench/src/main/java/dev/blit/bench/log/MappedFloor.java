package dev.blit.bench.log;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The floor under a log's append and read by index, hand-written: BlitLog's record frames (FORMAT.md, "Record
 * frames": {@code u32 crc, u32 length, payload, padding to 8}) copied into and out of one memory-mapped file,
 * where record {@code i} sits at {@code i * frame}, so that finding it is a multiplication. No segments, no
 * index, no lock, no decoding: what is left is the copy of each record's bytes, and, with {@code crc}, the
 * CRC32C that BlitLog computes on append and checks on every read (over the same bytes, laid out the same way).
 * It is what issue 6's "read-back by index at memcpy-like speed" is measured against.
 *
 * <p>Appends wrap around at {@code capacity} records, so a long write benchmark rewrites pages it already
 * touched, where BlitLog and Chronicle Queue keep taking fresh ones: on the write side this is a floor that
 * neither could reach, not a like-for-like log.
 */
final class MappedFloor implements AutoCloseable {
    private final FileChannel channel;
    private final MappedByteBuffer map;
    private final byte[] payload;
    private final int frame;
    private final int capacity;
    private final boolean crc;
    private final CRC32C checksum = new CRC32C();
    /** What an append checksums: index, length and payload side by side, as BlitLog stages them for its CRC32C. */
    private final byte[] staged;
    /** Where a read copies length and payload to, after the index, for the same single CRC32C pass. */
    private final byte[] scratch;
    private long next;

    /**
     * @param file     the file to create and map
     * @param payload  every record's payload (what {@code BlitLog.append} writes for the workload's value)
     * @param capacity the records the file holds before appends wrap around
     * @param crc      whether to compute and check each record's CRC32C as BlitLog does
     */
    MappedFloor(Path file, byte[] payload, int capacity, boolean crc) {
        this.payload = payload.clone();
        this.frame = 8 + ((payload.length + 7) & ~7);
        this.capacity = capacity;
        this.crc = crc;
        this.staged = new byte[12 + payload.length];
        this.scratch = new byte[12 + payload.length];
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ, StandardOpenOption.WRITE);
            map = channel.map(FileChannel.MapMode.READ_WRITE, 0, (long) frame * capacity);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        map.order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 4; i++) {
            staged[8 + i] = (byte) (payload.length >>> (8 * i));
        }
        System.arraycopy(payload, 0, staged, 12, payload.length);
    }

    /** @return the bytes one record takes in the file */
    int frame() {
        return frame;
    }

    /** @return the index of the record just written */
    long append() {
        long index = next++;
        int p = position(index);
        int sum = 0;
        if (crc) {
            putIndex(staged, index);
            checksum.reset();
            checksum.update(staged, 0, staged.length);
            sum = (int) checksum.getValue();
        }
        map.putInt(p, sum);
        map.putInt(p + 4, payload.length);
        map.put(p + 8, payload);
        return index;
    }

    /**
     * @return the payload of record {@code index}, in a buffer reused by the next read (bytes 12 onwards; the
     *         length is in bytes 8..11)
     */
    byte[] read(long index) {
        int p = position(index);
        int length = map.getInt(p + 4);
        map.get(p + 4, scratch, 8, 4 + length);
        if (crc) {
            putIndex(scratch, index);
            checksum.reset();
            checksum.update(scratch, 0, 12 + length);
            if ((int) checksum.getValue() != map.getInt(p)) {
                throw new IllegalStateException("record " + index + ": checksum mismatch");
            }
        }
        return scratch;
    }

    private int position(long index) {
        return (int) (index % capacity) * frame;
    }

    private static void putIndex(byte[] b, long index) {
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (index >>> (8 * i));
        }
    }

    @Override
    public void close() {
        try {
            channel.close(); // the mapping stays until it is collected (Java 17 cannot unmap)
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
