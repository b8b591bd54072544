package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
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
 * <p>Three ways to write a file, for three needs: {@link #write(Path, Blit, Iterable)} <em>saves</em> a
 * collection, replacing the file in one step, so a crash never leaves a mix of old and new;
 * {@link #writer(Path, Blit)} streams values into a file in place; {@link #appender(Path, Blit)} adds values
 * after those a file already holds. A writer's {@link Writer#sync()} makes what it wrote durable, and a value
 * that fails to write leaves nothing of itself behind.
 *
 * <p>A file has one writer at a time: a file writer writes at the offset where it left the file, so it checks,
 * before each write to the file (once per flushed buffer, not per value), that the file is still that long, and
 * if another writer or program grew or truncated it meanwhile (log rotation's {@code copytruncate}), it writes
 * nothing and throws a {@link BlitException} (writing on would overwrite the other's bytes, or leave a hole of
 * zeros that reads as nulls), and takes no more values.
 *
 * <pre>{@code
 * ObjectFile.write(path, blit, orders);                    // atomic: the old file or the new, never a part
 * try (ObjectFile.Writer w = ObjectFile.appender(path, blit)) {
 *     w.write(order);
 *     w.sync();                                            // on the device on return
 * }
 * try (ObjectFile.Reader r = ObjectFile.reader(path, blit)) {
 *     for (Object o : r) process((Order) o);
 * }
 * }</pre>
 */
public final class ObjectFile {
    /** The window of a file that {@link #reader(Path, Blit)} maps at a time, unless a value needs more. */
    public static final int WINDOW = 64 << 20;
    /** What a mapped read's failure says when the value may be over {@link #MAX_WINDOW}. */
    private static final String LARGER_THAN_WINDOW = "larger than the largest window";
    /** The largest window: a single value read through a mapped file can be at most this big. */
    public static final int MAX_WINDOW = 1 << 30;
    /** {@link #MAX_WINDOW}, lowered by tests (so that a value over it need not take a gigabyte). */
    static int maxWindow = MAX_WINDOW;
    private static final int FILE_BUFFER = 1 << 16;
    /**
     * Files up to this size are read into memory whole when a reader opens them, rather than mapped: for a
     * small file a mapping costs more than the copy (the map and unmap system calls and a page fault per page,
     * and on Java 17 to 21 a mapping that stays until the collector finds it, so that a process reading many
     * small files piles them up: {@code FileBenchmark}'s {@code blitObjectFilePath} rows).
     */
    static final int READ_WHOLE = 1 << 16;

    private ObjectFile() {
    }

    /**
     * Saves {@code values} as the content of {@code file}, atomically and durably: they are written to a new
     * file beside it ({@code .NAME.RANDOM.tmp}), which is forced to the storage device and then renamed over
     * {@code file} in one step, and the directory is forced. Whenever the process or the machine stops,
     * {@code file} holds either what it held before or every one of the new values, never a part or a mix; a
     * value that cannot be written (an unregistered class, say) leaves {@code file} untouched. A crash can leave
     * the temporary file behind; nothing reads it. An existing file's POSIX permissions are kept, and a
     * symbolic link is followed (the link stays, its target is replaced, or created if the link dangles; a loop
     * of links is a {@link BlitException}). A file system without atomic rename
     * is a {@link BlitException}: use {@link #writer(Path, Blit)} there. The guarantee costs two forces to the
     * device (the file, then the directory) per call, which is what a save is for; to write many files quickly
     * without it, use {@link #writer(Path, Blit)}.
     *
     * @param file   the file
     * @param blit   encodes the values
     * @param values the values, each one any value {@code blit} can write, or null
     * @return how many values were written
     */
    public static long write(Path file, Blit blit, Iterable<?> values) {
        Objects.requireNonNull(blit, "blit");
        Objects.requireNonNull(values, "values");
        // A channel that finds its thread interrupted closes for good (Durable.uninterruptibly); so here and below.
        return Durable.uninterruptibly(() -> writeAtomically(file, blit, values));
    }

    private static long writeAtomically(Path file, Blit blit, Iterable<?> values) {
        Path target = file;
        Durable.Temp tmp;
        try {
            target = linkTarget(file);
            tmp = Durable.temporaryBeside(target);
        } catch (IOException e) {
            throw new BlitException("cannot create a file beside " + file + " to replace it: " + e, e);
        }
        boolean replaced = false;
        try {
            long n;
            try (Writer w = new Writer(new FileSink(tmp.path, tmp.channel, 0, file + " (through the temporary file "
                    + tmp.path.getFileName() + " beside it, which is deleted; " + file + " is left as it was)"), blit,
                    tmp.path, 0, false)) {
                for (Object v : values) {
                    w.write(v);
                }
                w.sync();
                n = w.count();
            }
            Durable.replace(tmp.path, target);
            replaced = true;
            return n;
        } catch (IOException e) {
            throw new BlitException("cannot replace " + file + " with its new content: " + e, e);
        } finally {
            if (!replaced) {
                try {
                    tmp.channel.close();
                    Files.deleteIfExists(tmp.path);
                } catch (IOException ignored) {
                    // already failing; the temporary file is never read
                }
            }
        }
    }

    /**
     * The file a save through {@code file} replaces: {@code file} itself, or, for a symbolic link, the file it
     * ends at, whether that exists yet or not (a dangling link is a target still to be created, not a file to
     * replace with a regular one). Each link's relative target counts from that link's directory, as the
     * operating system reads it.
     */
    private static Path linkTarget(Path file) throws IOException {
        if (!Files.isSymbolicLink(file)) {
            return file;
        }
        if (Files.exists(file)) {
            return file.toRealPath();
        }
        Path p = file;
        for (int links = 0; Files.isSymbolicLink(p); links++) {
            if (links == 40) {
                throw new FileSystemException(file.toString(), null, "too many levels of symbolic links");
            }
            p = p.resolveSibling(Files.readSymbolicLink(p)); // an absolute target, or relative to the link's directory
        }
        return p;
    }

    /**
     * Writes values into {@code file} in place, from its start: what it held is gone from this call on (for a
     * save that keeps the old content until the new one is whole, see {@link #write(Path, Blit, Iterable)}).
     *
     * @param file created or truncated; closed by {@link Writer#close()}
     * @param blit encodes the values
     * @return a writer
     */
    public static Writer writer(Path file, Blit blit) {
        Objects.requireNonNull(blit, "blit");
        boolean created = Files.notExists(file);
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new BlitException("cannot open " + file + " for writing: " + e, e);
        }
        return new Writer(ch, file, 0, created, blit);
    }

    /**
     * Adds values after those {@code file} already holds, creating it if needed. It first reads the file
     * through, to be sure it ends with a whole value: appending after a torn or damaged end would make every
     * value appended unreadable. So opening costs one read of the file (what a {@link #reader} of it costs),
     * and a file that does not read to its end is refused, with the offset where its last whole value ends.
     * For appends that survive a crash mid-write and skip that read, use a {@link BlitLog}.
     *
     * @param file the file; closed by {@link Writer#close()}
     * @param blit encodes the new values and decodes the old ones
     * @return a writer positioned after the last value
     * @throws BlitException if the file does not end with a whole value (the message says where and why)
     */
    public static Writer appender(Path file, Blit blit) {
        Objects.requireNonNull(blit, "blit");
        return Durable.uninterruptibly(() -> openAppender(file, blit));
    }

    private static Writer openAppender(Path file, Blit blit) {
        boolean created = Files.notExists(file);
        if (!created && Files.isRegularFile(file)) { // a pipe or device holds nothing to check; a directory fails below
            checkEndsWhole(file, blit);
        }
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new BlitException("cannot open " + file + " for appending: " + e, e);
        }
        try {
            long end = ch.size();
            ch.position(end);
            return new Writer(ch, file, end, created, blit);
        } catch (IOException e) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // already failing
            }
            throw new BlitException("cannot find the end of " + file + ": " + e, e);
        }
    }

    /**
     * Why {@link #appender} refuses a file. A value cut short by a crash and values another Blit wrote (other ids,
     * another mode) fail alike, and an object file does not record how its Blit was built, so the message gives
     * both ways out; where not one value reads, the second is by far the likelier, and cutting the file where the
     * reading stopped would throw all of it away.
     */
    private static BlitException notWhole(Path file, long whole, long end, BlitException e) {
        if (overLimit(e)) {
            // Nothing says the file is damaged: the value is one this Blit will not read, written whole.
            return new BlitException("cannot append to " + file + ": value #" + whole + ", at offset " + end
                    + ", is over this Blit's read limits (" + e.getMessage() + "); the file may well be whole: append"
                    + " through a Blit whose limits let its values be read", e);
        }
        String other = "append through a Blit built like the one that wrote them (the same classes under the same ids,"
                + " compatible, flat and references as it had them): an object file does not record how its Blit was built";
        return new BlitException("cannot append to " + file + ": " + (whole == 0
                ? "not one value of it reads with this Blit (" + e.getMessage() + "), so it was most likely written by"
                + " a Blit built otherwise: " + other + ". Only a file known to hold nothing but one value cut short"
                + " may be emptied"
                : "it does not end with a whole value (" + e.getMessage() + "); its " + whole + " values before offset "
                + end + " read whole. If the file was cut short (a crash while it was written), truncate it to " + end
                + " bytes to keep them and append after them; if the values after them were written by another Blit, "
                + other), e);
    }

    /** Whether a read failed on one of the {@code Blit.Builder}'s read limits (their messages name the setting). */
    private static boolean overLimit(BlitException e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("exceeds maxLength") || m.contains("over maxAllocationPerRead") || m.contains("deeper than maxDepth");
    }

    private static void checkEndsWhole(Path file, Blit blit) {
        long whole;
        long end;
        try (Reader r = reader(file, blit)) {
            while (true) {
                if (!r.hasNext()) {
                    return;
                }
                try {
                    r.next();
                } catch (BlitException e) {
                    if (!String.valueOf(e.getMessage()).contains(LARGER_THAN_WINDOW)) {
                        throw notWhole(file, r.count(), r.end(), e);
                    }
                    whole = r.count();
                    end = r.end();
                    break;
                }
            }
        }
        // A value larger than the largest window a mapped read takes (found by a scale hunt: a file holding a 1.1 GB
        // array was called cut short, and truncating it as advised would have lost that value and all after it):
        // the rest of the file is read as a stream, which has no such limit.
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file, StandardOpenOption.READ);
             Reader r = reader(new java.io.BufferedInputStream(java.nio.channels.Channels.newInputStream(ch.position(end)),
                     1 << 16), blit)) {
            while (r.hasNext()) {
                try {
                    r.next();
                } catch (BlitException e) {
                    throw notWhole(file, whole + r.count(), end + r.end(), e);
                }
            }
        } catch (IOException e) {
            throw new BlitException("cannot read " + file + ": " + e, e);
        }
    }

    /**
     * @param out  the destination; {@link Writer#close()} flushes it but leaves it open
     * @param blit encodes the values
     * @return a writer
     */
    public static Writer writer(OutputStream out, Blit blit) {
        return new Writer(Objects.requireNonNull(out, "out"), Objects.requireNonNull(blit, "blit"));
    }

    /**
     * Reads a file through memory-mapped windows, one at a time: {@link #WINDOW} bytes, or as many as a
     * big value needs, up to {@link #MAX_WINDOW}. A file of at most 64 KiB is read into memory whole instead,
     * with one read, which for a small file is faster than mapping it. A path that is not a regular file (a
     * named pipe, {@code /dev/stdin} fed by a pipe, a device) is read as a stream, as
     * {@link #reader(InputStream, Blit)} reads: its size says nothing of what it holds.
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
        return Durable.uninterruptibly(() -> open(file, blit, window));
    }

    private static Reader open(Path file, Blit blit, int window) {
        if (Files.isDirectory(file)) {
            throw new BlitException("cannot read " + file + ": it is a directory, not an object file");
        }
        FileChannel ch;
        try {
            ch = FileChannel.open(file, StandardOpenOption.READ);
        } catch (IOException e) {
            throw new BlitException("cannot open " + file + " for reading: " + e, e);
        }
        try {
            if (!Files.isRegularFile(file)) {
                // A pipe, a FIFO, /dev/stdin piped from another program, a device: its size says nothing about
                // what it holds (a pipe's is 0), and it cannot be mapped, so it is read as a stream.
                return new Reader(blit, ReadBuffer.of(java.nio.channels.Channels.newInputStream(ch)), ch, file);
            }
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

    /**
     * Writes values one after the other. Not thread-safe.
     *
     * <p>A value that fails to write (an unregistered class inside it, say) leaves nothing of itself behind:
     * the values before it and after it form a valid file. A value larger than the staging area may already
     * have sent part of itself on when it fails: in a file this writer opened, that part is cut off again; in a
     * caller's stream it cannot be, so the writer then refuses further values, as it does after the stream or
     * file itself failed (a full disk): their content past the last whole value is unknown.
     */
    public static final class Writer implements AutoCloseable {
        private final TrackedOutput stream;
        private final WriteBuffer out;
        private final Blit blit;
        /** The file, for a file this writer opened; null for a caller's stream. */
        private final FileSink sink;
        private final Path file;
        /** Where {@link #out}'s position 0 is in the file or stream: where the file ended, for an appender. */
        private long base;
        /** The file was created here: its directory entry is forced by the first {@link #sync()}. */
        private boolean directoryPending;
        private long count;
        private boolean closed;
        /** Why no value can be written any more, or null. */
        private String broken;

        private Writer(OutputStream stream, Blit blit) {
            this(new TrackedOutput(stream), blit, null, null, 0, false);
        }

        private Writer(FileChannel channel, Path file, long base, boolean created, Blit blit) {
            this(new FileSink(file, channel, base), blit, file, base, created);
        }

        private Writer(FileSink sink, Blit blit, Path file, long base, boolean created) {
            // Fewer, larger writes than the buffer's own staging area would make.
            this(new TrackedOutput(new BufferedOutputStream(sink, FILE_BUFFER)), blit, sink, file, base, created);
        }

        private Writer(TrackedOutput stream, Blit blit, FileSink sink, Path file, long base, boolean created) {
            this.stream = stream;
            this.out = WriteBuffer.to(stream);
            this.blit = blit;
            this.sink = sink;
            this.file = file;
            this.base = base;
            this.directoryPending = created;
        }

        /**
         * @param value any value the writer's {@link Blit} can write, or null
         * @throws BlitException if it cannot be written (an unregistered class, say): nothing of it stays (see
         *                       the class comment for the one case where the writer then takes no more)
         */
        public void write(Object value) {
            checkUsable();
            long mark = out.position();
            // As toFile does, without a lambda to allocate per value.
            boolean interrupted = sink != null && Thread.interrupted();
            try {
                blit.write(value, out);
            } catch (Throwable e) { // a checked one too, which a user's code can throw undeclared (@SneakyThrows)
                afterFailure(mark, e);
                throw e;
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
            count++;
        }

        /**
         * Runs what may write to this writer's file without the thread's interrupt status, which would close the
         * file's channel for good (see {@link ObjectFile#write(Path, Blit, Iterable)}); a caller's stream is the
         * caller's, interrupts and all.
         */
        private void toFile(Runnable r) {
            if (sink == null) {
                r.run();
            } else {
                Durable.uninterruptibly(() -> {
                    r.run();
                    return null;
                });
            }
        }

        /** After a failed value: Blit.write took back what it still held; cut off what had left already. */
        private void afterFailure(long mark, Throwable failure) {
            if (stream.failed != null) {
                broken = (file != null ? file.toString() : "the stream") + " failed while value #" + count + " was written"
                        + " (" + stream.failed + "); what it holds past offset " + (base + out.position()) + " is unknown";
                return;
            }
            if (out.position() == mark) {
                return; // nothing of the value left the buffer
            }
            long at = base + mark;
            if (sink == null) {
                broken = "value #" + count + " failed after part of it had been written to the stream at offset " + at
                        + ", which therefore ends with a partial value";
                return;
            }
            try {
                out.clear();
                base = at;
                Durable.uninterruptibly(() -> {
                    stream.flush(); // everything of the failed value is in the file now; cut it off
                    sink.truncate(at);
                    return null;
                });
            } catch (IOException e) {
                broken = "cutting the failed value #" + count + " off " + file + " at offset " + at + " failed (" + e + ")";
                failure.addSuppressed(e);
            }
        }

        private void checkUsable() {
            if (closed) {
                throw new BlitException("object file writer is closed");
            }
            if (broken == null && stream.failed != null) {
                broken = (file != null ? file.toString() : "the stream") + " failed (" + stream.failed + "); what it"
                        + " holds past the last flush that succeeded is unknown";
            }
            if (broken != null) {
                throw new BlitException("object file writer takes no more values: " + broken);
            }
        }

        /** @return how many values were written */
        public long count() {
            return count;
        }

        /** @return how many bytes were written (some may still be buffered); for an appender, the old ones too */
        public long bytes() {
            return base + out.position();
        }

        /**
         * Pushes buffered bytes to the stream or file (not to the disk: see {@link #sync()}).
         *
         * @throws BlitException if the stream or file fails, or failed before: what it holds past the last
         *                       flush that succeeded is then unknown, so the writer takes no more values
         */
        public void flush() {
            checkUsable();
            toFile(out::flush);
        }

        /**
         * Flushes, then forces the file to the storage device with its size and, for a file this writer created,
         * its directory entry: on return, every value written so far survives a crash of the process or of the
         * machine. Only for a writer that opened its file ({@link ObjectFile#writer(Path, Blit)},
         * {@link ObjectFile#appender(Path, Blit)}); a caller's stream is the caller's to make durable.
         *
         * @throws BlitException for a writer on a caller's stream, or if the device cannot be reached
         */
        public void sync() {
            if (sink == null) {
                throw new BlitException("sync needs a writer that opened its file (ObjectFile.writer(Path, Blit) or"
                        + " appender); a caller's stream is flushed with flush() and made durable by its owner");
            }
            flush();
            try {
                sink.force();
                if (directoryPending) {
                    Durable.syncDirectory(Durable.directoryOf(file));
                    directoryPending = false;
                }
            } catch (IOException e) {
                // After a failed force the kernel may have dropped the pages it could not write: nothing written
                // since the last sync is known to be in the file, so none of it can be built on.
                broken = "sync of " + file + " failed (" + e + "); what the file holds past the last sync that"
                        + " succeeded is unknown";
                throw new BlitException("sync of " + file + " failed: " + e, e);
            }
        }

        /** Flushes; closes the file if this writer opened it, and leaves a caller's stream open. */
        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            try {
                if (stream.failed == null && broken == null) {
                    toFile(out::flush);
                }
            } finally {
                if (sink != null) {
                    try {
                        sink.close(); // flushed above; after a failure, what is still buffered is not to be sent
                    } catch (IOException e) {
                        throw new BlitException("closing " + file + " failed after " + bytes() + " bytes: " + e, e);
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
        private long fileSize;
        private long windowStart;
        private long windowEnd;
        private Mapping window;
        private ReadBuffer in;
        private long windowsMapped;
        private long count;
        /** The offset just past the last value read. */
        private long end;
        private boolean closed;

        private Reader(Blit blit, ReadBuffer stream) {
            this(blit, stream, null, null);
        }

        /** A stream; {@code channel}, if not null, is the file it reads, which {@link #close()} closes. */
        private Reader(Blit blit, ReadBuffer stream, FileChannel channel, Path file) {
            this.blit = blit;
            this.stream = stream;
            this.in = stream;
            this.channel = channel;
            this.file = file;
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
            if (fileSize <= Math.min(READ_WHOLE, windowSize)) {
                readWhole();
            } else {
                mapAt(0, windowSize);
            }
        }

        /** Reads the small file into an array of its own: one window that is the whole file, nothing mapped. */
        private void readWhole() {
            ByteBuffer b = ByteBuffer.allocate((int) fileSize);
            try {
                while (b.hasRemaining() && channel.read(b, b.position()) >= 0) {
                    // a short read: go on from where it stopped
                }
            } catch (IOException e) {
                throw new BlitException("cannot read " + file + ": " + e, e);
            }
            fileSize = b.position(); // a file cut since its size was read ends here
            windowEnd = fileSize;
            in = ReadBuffer.of(b.array(), 0, (int) fileSize);
        }

        private void mapAt(long start, long wanted) {
            long size = Math.min(wanted, fileSize - start);
            try {
                // Release the old window first, so that at most one is mapped at a time (on Java 17 to 21,
                // at most one is reachable from here: the collector releases the others).
                unmap();
                window = Durable.uninterruptibly(() -> Mapping.map(channel, FileChannel.MapMode.READ_ONLY, start, size));
            } catch (IOException e) {
                long now;
                try {
                    now = channel.size();
                } catch (IOException ignored) {
                    now = -1;
                }
                if (now >= 0 && now < start + size) { // mapping past the end would have to extend a read-only file
                    throw new BlitException("cannot map " + file + " at offset " + start + ": the file became shorter"
                            + " while it was read (" + fileSize + " bytes when it was opened, " + now + " now)", e);
                }
                throw new BlitException("cannot map " + file + " at offset " + start + ": " + e, e);
            }
            windowStart = start;
            windowEnd = start + size;
            in = ReadBuffer.of(window.buffer);
            windowsMapped++;
        }

        /**
         * @return false once every value was read, or once the reader is closed; from a stream this may block to
         *         find out
         */
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
         *                                names the value's number and its offset in the file or stream. Also
         *                                once the reader is closed (as a closed {@link Writer} or
         *                                {@link BlitLog} refuses), where {@link #hasNext()} says false: what is
         *                                left unread is not known to be nothing
         */
        public Object next() {
            if (closed) {
                throw new BlitException("object file reader is closed (after " + count + " values)");
            }
            if (!hasNext()) {
                throw new NoSuchElementException("no value left after " + count);
            }
            Object v = stream != null ? readFromStream() : readFromFile();
            count++;
            end = stream != null ? stream.offset() : windowStart + in.offset();
            return v;
        }

        private Object readFromStream() {
            long at = stream.offset();
            try {
                return blit.read(stream);
            } catch (BlitException e) {
                throw new BlitException("value #" + count + " at " + (file != null ? "offset " + at + " of " + file
                        : "stream offset " + at) + ": " + e.getMessage(), e);
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
                    if (windowEnd == fileSize || (at == windowStart && mapped >= maxWindow)) {
                        throw inFile(e, at);
                    }
                    // The value may run past the window: map one that starts at the value, bigger if the
                    // value already started the window, and read it again. Bad bytes fail the same way
                    // once the window reaches the end of the file (or its largest size).
                    mapAt(at, at == windowStart ? Math.min(maxWindow, 2 * mapped) : windowSize);
                }
            }
        }

        private BlitException inFile(BlitException e, long at) {
            String bigger = windowEnd < fileSize ? " (or the value is " + LARGER_THAN_WINDOW + ", " + maxWindow
                    + " bytes: read it through reader(InputStream, blit))" : "";
            return new BlitException("value #" + count + " at offset " + at + " of " + file + bigger
                    + "; offsets below count from " + windowStart + ": " + e.getMessage(), e);
        }

        /** @return how many values were read */
        public long count() {
            return count;
        }

        /** @return the offset in the file or stream just past the last value read: where a next value starts */
        long end() {
            return end;
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
