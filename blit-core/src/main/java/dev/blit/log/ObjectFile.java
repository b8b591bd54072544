package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * Many objects in one file or stream, written and read back one at a time, in memory that stays flat
 * however large the file is.
 *
 * <p>The format is the plainest possible: the values' tagged encodings (FORMAT.md), one after the other,
 * with no header, framing or count. A file of one value is exactly what {@link Blit#toBytes} returns for
 * it, a stream written with {@link WriteBuffer#to(OutputStream)} is a valid object file, and appending to
 * one is concatenation. What it does not have is what {@link BlitLog} adds: checksums, an index, and
 * recovery from a torn tail (a truncated file reads up to the last whole value, then throws).
 *
 * <pre>{@code
 * try (ObjectFile.Writer w = ObjectFile.writer(path, blit)) {
 *     for (Order o : orders) w.write(o);
 * }
 * try (ObjectFile.Reader r = ObjectFile.reader(path, blit)) {
 *     for (Object o : r) process((Order) o);
 * }
 * }</pre>
 */
public final class ObjectFile {
    /** The window of a file that {@link #reader(Path, Blit)} maps at a time, unless a value needs more. */
    public static final int WINDOW = 64 << 20;
    /** The largest window: a single value read through a mapped file can be at most this big. */
    public static final int MAX_WINDOW = 1 << 30;
    private static final int FILE_BUFFER = 1 << 16;

    private ObjectFile() {
    }

    /**
     * Writes every value of {@code values} to {@code file}, replacing what it held.
     *
     * @param file   the file
     * @param blit   encodes the values
     * @param values the values, each one any value {@code blit} can write, or null
     * @return how many values were written
     */
    public static long write(Path file, Blit blit, Iterable<?> values) {
        try (Writer w = writer(file, blit)) {
            for (Object v : values) {
                w.write(v);
            }
            return w.count();
        }
    }

    /**
     * @param file created or truncated; closed by {@link Writer#close()}
     * @param blit encodes the values
     * @return a writer
     */
    public static Writer writer(Path file, Blit blit) {
        Objects.requireNonNull(blit, "blit");
        OutputStream out;
        try {
            out = Files.newOutputStream(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new BlitException("cannot open " + file + " for writing: " + e, e);
        }
        // Fewer, larger writes than the buffer's own staging area would make.
        return new Writer(new BufferedOutputStream(out, FILE_BUFFER), blit, true);
    }

    /**
     * @param out  the destination; {@link Writer#close()} flushes it but leaves it open
     * @param blit encodes the values
     * @return a writer
     */
    public static Writer writer(OutputStream out, Blit blit) {
        return new Writer(Objects.requireNonNull(out, "out"), Objects.requireNonNull(blit, "blit"), false);
    }

    /**
     * Reads a file through memory-mapped windows, one at a time: {@link #WINDOW} bytes, or as many as a
     * big value needs, up to {@link #MAX_WINDOW}.
     *
     * @param file the file
     * @param blit decodes the values
     * @return a reader; close it to release the file
     */
    public static Reader reader(Path file, Blit blit) {
        return reader(file, blit, WINDOW);
    }

    static Reader reader(Path file, Blit blit, int window) {
        Objects.requireNonNull(blit, "blit");
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new BlitException("cannot open " + file + " for reading: " + e, e);
        }
        try {
            return new Reader(blit, ch, file, window);
        } catch (RuntimeException e) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // already failing
            }
            throw e;
        }
    }

    /**
     * Reads a stream through a small window (it grows only to the largest single value).
     *
     * @param in   the source; {@link Reader#close()} leaves it open
     * @param blit decodes the values
     * @return a reader
     */
    public static Reader reader(InputStream in, Blit blit) {
        return new Reader(Objects.requireNonNull(blit, "blit"), ReadBuffer.of(Objects.requireNonNull(in, "in")));
    }

    /** Writes values one after the other. Not thread-safe. */
    public static final class Writer implements AutoCloseable {
        private final OutputStream stream;
        private final WriteBuffer out;
        private final Blit blit;
        private final boolean owned;
        private long count;
        private boolean closed;

        private Writer(OutputStream stream, Blit blit, boolean owned) {
            this.stream = stream;
            this.out = WriteBuffer.to(stream);
            this.blit = blit;
            this.owned = owned;
        }

        /**
         * @param value any value the writer's {@link Blit} can write, or null
         * @throws BlitException if it cannot be written (an unregistered class, say). The part of it written
         *                       before the failure is already in the stream, so the file is unreadable from
         *                       that value on; a {@link BlitLog} does not have this problem
         */
        public void write(Object value) {
            if (closed) {
                throw new BlitException("object file writer is closed");
            }
            blit.write(value, out);
            count++;
        }

        /** @return how many values were written */
        public long count() {
            return count;
        }

        /** @return how many bytes were written (some may still be buffered) */
        public long bytes() {
            return out.position();
        }

        /** Pushes buffered bytes to the stream or file (not to the disk: that is the OS's business). */
        public void flush() {
            out.flush();
        }

        /** Flushes; closes the file if this writer opened it, and leaves a caller's stream open. */
        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                out.flush();
            } finally {
                if (owned) {
                    try {
                        stream.close();
                    } catch (IOException e) {
                        throw new BlitException("closing the object file failed after " + out.position() + " bytes: " + e, e);
                    }
                }
            }
        }
    }

    /**
     * Reads values one at a time, from a stream or a memory-mapped file. Its iterator reads as it goes;
     * a reader can be iterated once. Not thread-safe.
     */
    public static final class Reader implements AutoCloseable, Iterable<Object> {
        private final Blit blit;
        // a stream
        private final ReadBuffer stream;
        // or a file, through one mapped window at a time
        private final FileChannel channel;
        private final Path file;
        private final int windowSize;
        private final long fileSize;
        private long windowStart;
        private long windowEnd;
        private Mapping window;
        private ReadBuffer in;
        private long windowsMapped;
        private long count;
        private boolean closed;

        private Reader(Blit blit, ReadBuffer stream) {
            this.blit = blit;
            this.stream = stream;
            this.in = stream;
            this.channel = null;
            this.file = null;
            this.windowSize = 0;
            this.fileSize = -1;
        }

        private Reader(Blit blit, FileChannel channel, Path file, int windowSize) {
            this.blit = blit;
            this.stream = null;
            this.channel = channel;
            this.file = file;
            this.windowSize = windowSize;
            try {
                this.fileSize = channel.size();
            } catch (IOException e) {
                throw new BlitException("cannot read the size of " + file + ": " + e, e);
            }
            mapAt(0, windowSize);
        }

        private void mapAt(long start, long wanted) {
            long size = Math.min(wanted, fileSize - start);
            try {
                // Release the old window first, so that at most one is mapped at a time (on Java 17 to 21,
                // at most one is reachable from here: the collector releases the others).
                unmap();
                window = Mapping.map(channel, FileChannel.MapMode.READ_ONLY, start, size);
            } catch (IOException e) {
                throw new BlitException("cannot map " + file + " at offset " + start + ": " + e, e);
            }
            windowStart = start;
            windowEnd = start + size;
            in = ReadBuffer.of(window.buffer);
            windowsMapped++;
        }

        /** @return false once every value was read; from a stream this may block to find out */
        public boolean hasNext() {
            if (closed) {
                return false;
            }
            if (stream != null) {
                return !stream.isExhausted();
            }
            return windowStart + in.offset() < fileSize;
        }

        /**
         * @return the next value, possibly null
         * @throws NoSuchElementException if there is none left
         * @throws BlitException          if the bytes are malformed or end inside a value; the message
         *                                names the value's number and its offset in the file or stream
         */
        public Object next() {
            if (!hasNext()) {
                throw new NoSuchElementException("no value left after " + count);
            }
            Object v = stream != null ? readFromStream() : readFromFile();
            count++;
            return v;
        }

        private Object readFromStream() {
            long at = stream.offset();
            try {
                return blit.read(stream);
            } catch (BlitException e) {
                throw new BlitException("value #" + count + " at stream offset " + at + ": " + e.getMessage(), e);
            }
        }

        private Object readFromFile() {
            long at = windowStart + in.offset();
            if (at == windowEnd) {
                mapAt(at, windowSize);
            }
            while (true) {
                try {
                    return blit.read(in);
                } catch (BlitException e) {
                    long mapped = windowEnd - windowStart;
                    if (windowEnd == fileSize || (at == windowStart && mapped >= MAX_WINDOW)) {
                        throw inFile(e, at);
                    }
                    // The value may run past the window: map one that starts at the value, bigger if the
                    // value already started the window, and read it again. Bad bytes fail the same way
                    // once the window reaches the end of the file (or its largest size).
                    mapAt(at, at == windowStart ? Math.min(MAX_WINDOW, 2 * mapped) : windowSize);
                }
            }
        }

        private BlitException inFile(BlitException e, long at) {
            String bigger = windowEnd < fileSize ? " (or the value is larger than the " + MAX_WINDOW + "-byte largest window)" : "";
            return new BlitException("value #" + count + " at offset " + at + " of " + file + bigger
                    + "; offsets below count from " + windowStart + ": " + e.getMessage(), e);
        }

        /** @return how many values were read */
        public long count() {
            return count;
        }

        /** @return bytes of the file currently mapped (0 for a stream): never more than one window */
        long mappedBytes() {
            return window == null ? 0 : window.buffer.capacity();
        }

        /** @return how many windows were mapped so far (0 for a stream) */
        long windowsMapped() {
            return windowsMapped;
        }

        @Override
        public Iterator<Object> iterator() {
            return new Iterator<>() {
                @Override
                public boolean hasNext() {
                    return Reader.this.hasNext();
                }

                @Override
                public Object next() {
                    return Reader.this.next();
                }
            };
        }

        private void unmap() {
            in = null;
            if (window != null) {
                window.unmap();
                window = null;
            }
        }

        /**
         * Releases the file and its mapping (at once on Java 22 and later; on 17 to 21 the mapping goes with the
         * garbage collector); a caller's stream is left open.
         */
        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            unmap();
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException e) {
                    throw new BlitException("closing " + file + " failed: " + e, e);
                }
            }
        }
    }
}
