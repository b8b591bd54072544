package dev.blit.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The file {@value #FILE} in a log's directory (FORMAT.md, "Checkpoint"): where the writer's last
 * {@link BlitLog#sync()} left the log. Every record in the segments before segment {@link #first}, and in that
 * segment before offset {@link #end}, was on the storage device when it was written, so no crash can have torn
 * them: opening walks their headers without checking their checksums (every read still checks its record's),
 * and checks only the records after it. Opening a log then costs a walk over headers plus the checksums of
 * what was appended since the last sync, not the checksums of its whole last segment.
 *
 * <p>It is advice, never trusted blindly: the walk must land exactly on {@link #end}, on a frame whose stored
 * checksum is {@link #crc}, through plausible headers only (and, in a segment before {@link #first}, end at
 * its end marker); anything else, or a missing, short or damaged file, and the segment is checked record by
 * record as without it. The writer never forces it: it is written after the records it describes were forced,
 * so any version of it that reaches the device describes records that had reached it before.
 *
 * <p>Layout, little-endian, 20 bytes: {@code u64 first, u32 end, u32 crc, u32 CRC32C of the 16 bytes before}.
 */
final class Checkpoint {
    /** The file's name in the log's directory. */
    static final String FILE = BlitLog.CHECKPOINT_FILE;
    static final int SIZE = 20;

    /** First index (and name) of the segment the writer was appending to. */
    final long first;
    /** Where its synced records end: the header slot after the last one. */
    final int end;
    /** The stored checksum (a frame header's low half) of the record that ends at {@link #end}; 0 if none. */
    final int crc;

    Checkpoint(long first, int end, int crc) {
        this.first = first;
        this.end = end;
        this.crc = crc;
    }

    /**
     * Walks what this checkpoint says was synced in {@code s}, before its records are checked one by one
     * ({@link Segment#scan}); does nothing for a segment after {@link #first}.
     */
    void index(Segment s) {
        if (s.first < first) {
            s.indexSynced(Integer.MAX_VALUE, 0);
        } else if (s.first == first) {
            s.indexSynced(end, crc);
        }
    }

    /** @return the checkpoint in {@code dir}, or null if there is none that is whole */
    static Checkpoint read(Path dir) {
        return Durable.uninterruptibly(() -> readNow(dir)); // an interrupt would fail the read: a full scan instead
    }

    private static Checkpoint readNow(Path dir) {
        if (!usable(dir)) {
            return null;
        }
        try (FileChannel ch = FileChannel.open(dir.resolve(FILE), StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN);
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // until the 20 bytes are in, or the file ends
            }
            if (b.hasRemaining()) {
                return null;
            }
            CRC32C c = new CRC32C();
            c.update(b.array(), 0, 16);
            long first = b.getLong(0);
            int end = b.getInt(8);
            if ((int) c.getValue() != b.getInt(16) || first < 0 || end < Segment.HEADER_SIZE) {
                return null;
            }
            return new Checkpoint(first, end, b.getInt(12));
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            return null; // advice only: opening checks every record instead
        }
    }

    /**
     * @return false if {@value #FILE} exists and is not a regular file: a named pipe would make opening it wait
     *         forever for the other end, so a log ignores it (it is advice) rather than hang
     */
    static boolean usable(Path dir) {
        Path file = dir.resolve(FILE);
        return Files.isRegularFile(file) || !Files.exists(file);
    }

    /**
     * Writes this checkpoint through {@code ch} (the writer's, open for writing), in one {@code pwrite}: a
     * reader that catches it half-written finds a checksum that does not match, and ignores it.
     *
     * @throws IOException as the write does
     */
    void write(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(0, first).putInt(8, end).putInt(12, crc);
        CRC32C c = new CRC32C();
        c.update(b.array(), 0, 16);
        b.putInt(16, (int) c.getValue());
        while (b.hasRemaining()) {
            ch.write(b, b.position()); // file offset = buffer offset; the write moves the buffer's position
        }
    }
}
