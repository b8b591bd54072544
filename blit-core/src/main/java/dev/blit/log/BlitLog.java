package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.zip.CRC32C;

/**
 * A durable, append-only log of objects: each {@link #append} gets the next index (0, 1, 2, ...), and
 * {@link #read} gets it back by index. The log is a directory of segment files, memory-mapped; the format
 * is in FORMAT.md ("Files").
 *
 * <pre>{@code
 * try (BlitLog log = BlitLog.open(dir, blit)) {
 *     long i = log.append(order);
 *     log.sync();                       // order is on disk now
 *     Order back = (Order) log.read(i);
 * }
 * }</pre>
 *
 * <h2>Durability</h2>
 * An append is a copy into a shared mapping of the current segment (no system call per record; one
 * {@code pwrite} of zeros reserves the space ahead, so a full disk is a {@link BlitException}, not a crash;
 * a shared daemon thread, {@code blit-log-prefill}, does that a few megabytes ahead of the writer and maps the
 * pages in, so the cost of fresh pages is paid off the appending thread). A process that reads the log sees
 * the record at once; it reaches the disk when the kernel writes it back (or when the writer, 16 segments
 * past its last sync, forces the oldest unsynced segment itself, so that a writer that never syncs keeps a
 * bounded number of files open).
 * {@link #sync()} forces everything appended so far (and any new segment file and its directory entry) to
 * the storage device. If the writing process dies at any instant, even by {@code kill -9}, reopening finds
 * every record that was appended before it died (the page cache outlives the process); after a power loss,
 * every record appended before the last completed {@code sync()}. Either way a record that was being
 * written is never returned half-written: opening the log for writing cuts it off (the torn tail) and
 * appends continue at its index.
 *
 * <h2>Damage</h2>
 * Every record carries a CRC32C of its index, length and bytes, checked on every read. A damaged record
 * with intact records after it (bit rot) stays in the log: {@code open} keeps it, and {@link #read} of its
 * index throws a {@link BlitException} naming the index; the records around it read normally. Only a
 * damaged record with nothing intact after it in the last segment is treated as a torn tail and cut off,
 * and only if no {@link #sync()} covered it (a synced record cannot have been torn): when damage to a synced
 * record's length breaks the chain to the records after it, opening finds them again (FORMAT.md, "Torn tail").
 * If damage breaks the chain of records inside an earlier segment, the records from there to the end of
 * that segment cannot be located; each of their indices reports that when read.
 *
 * <h2>Long logs</h2>
 * Opening maps and reads only the last two segments, where a crash leaves its traces (a reader only the
 * last): it takes as long for a log of a thousand segments as for one of two, and checks the checksums of
 * only the records appended since the last {@link #sync()} (the writer notes where each sync left the log in
 * {@code blitlog.checkpoint}; for the records before that it walks their headers). An older segment is
 * mapped, checked and indexed (the offset of each record, 4 bytes) when one of its records is first read; a
 * segment whose records do not lead up to the next segment's first index (files of different logs mixed, or
 * a segment file lost) is reported then, by a {@link BlitException} naming the index read, not by
 * {@code open}. The offsets of older segments are kept for at most 16 Mi records (64 MiB), and at most 256
 * older segments stay mapped (each mapping is one of the process's, however small the segment); past either
 * budget, the least recently read segments' offsets are dropped with their mappings (down to three quarters
 * of it), and found again, by reading that segment through, when it is next read. So a reader going through a log of any length keeps flat memory and a few
 * mappings, and reads by index that jump between more segments than that budget holds pay a segment's scan
 * per jump.
 *
 * <h2>Writers and readers</h2>
 * One process at a time may write a log: {@link #open} takes an exclusive lock on the file
 * {@value #LOCK_FILE} in the directory, and a second writer, in this JVM or another, gets a
 * {@link BlitException}. Any number of readers ({@link #openReader}), in any process, may read it at the
 * same time without a lock. A reader sees a record once it is complete (the writer stores a record's
 * header only after its bytes, with release semantics), and {@link #size()} on a reader looks for records
 * appended since its last call. Opening the log for writing after a crash cuts the torn tail while readers
 * may be reading; they never saw the torn record, since it had no header.
 *
 * <h2>Mappings</h2>
 * {@link #close()} releases every mapping the log holds at once on Java 22 and later (through a
 * {@code java.lang.foreign.Arena}). On Java 17 to 21 the operating system
 * releases a mapping only when its buffer is garbage-collected (an explicit unmap would need a
 * JDK-internal API): a process that opens and closes logs many thousands of times between collections
 * can reach its limit on mappings (65,530 on Linux by default); keep logs open, or let the collector run.
 *
 * <p>A {@code BlitLog} is safe to share between threads: its methods are synchronized, so threads sharing one
 * instance read one at a time. Threads that read in parallel open a reader each ({@link #openReader}; any number
 * in one JVM, beside its writer).
 */
public final class BlitLog implements AutoCloseable, Iterable<Object> {
    /** Default size of a segment file: 64 MiB. */
    public static final long DEFAULT_SEGMENT_SIZE = 64L << 20;
    /** The file a writer locks. */
    public static final String LOCK_FILE = "blitlog.lock";
    /**
     * The file where the writer notes, after each {@link #sync()}, where the synced records end, so that opening
     * need not check their checksums (FORMAT.md, "Checkpoint"). Advice: a log opens without it, and ignores one
     * that is not a regular file (a named pipe there would make opening it wait forever).
     */
    public static final String CHECKPOINT_FILE = "blitlog.checkpoint";

    private static final VarHandle ARRAY_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    /** Bytes in front of the payload in the staging buffer: 4 unused, the index (hashed, not stored), the length. */
    private static final int STAGE_PREFIX = 16;
    private static final int STAGE_KEEP = 1 << 20;
    /**
     * How far ahead of the writer {@link Prefiller} keeps the current segment's pages in existence and mapped;
     * it is asked again when less than half of that is left.
     */
    private static final int PREFILL_AHEAD = 4 << 20;

    private final Path dir;
    private final Blit blit;
    private final boolean writer;
    private final int segmentSize;
    private final Segments segments;
    private final CRC32C crc = new CRC32C();
    private WriteBuffer stage = new WriteBuffer(1024);
    private ByteBuffer zeros;
    private byte[] scratch = new byte[1024];
    /**
     * Re-pointed at {@link #scratch} for every read, so that Blit finds its read session on it again and a read
     * allocates nothing but the value.
     */
    private final ReadBuffer reader = ReadBuffer.of(new byte[0]);
    /** Set while a value is decoded: a nested {@link #read} (from a value's own hooks) would clobber scratch. */
    private boolean reading;
    /**
     * Set while a value is encoded into {@link #stage}: an append, close, sync or deleteBefore from the value's own
     * write code (the same thread, already holding the monitor) would reuse the stage or change the log under it.
     */
    private boolean appending;
    private long nextIndex;
    private boolean directoryDirty;
    /** The writer's lock on {@value #LOCK_FILE}; null for a reader, and once released. */
    private WriterLock writerLock;
    private boolean closed;
    /** The writer's: the checkpoint file, open once the first sync writes it, and what it holds. */
    private FileChannel checkpointChannel;
    private Checkpoint written;

    private BlitLog(Path dir, Blit blit, boolean writer, int segmentSize) {
        this.dir = dir;
        this.blit = blit;
        this.writer = writer;
        this.segmentSize = segmentSize;
        this.segments = new Segments(dir, writer, Segment.encoding(blit));
    }

    /**
     * Opens the log in {@code dir} for appending, creating the directory and the log if needed. After a
     * crash, this is where the torn tail is cut off.
     *
     * @param dir  the log's directory
     * @param blit encodes and decodes the records; use one registered the same way every time
     * @return the log; close it to release the write lock
     * @throws BlitException if another writer has the log open, or the log cannot be read
     */
    public static BlitLog open(Path dir, Blit blit) {
        return open(dir, blit, Options.defaults());
    }

    /**
     * @param dir     the log's directory
     * @param blit    encodes and decodes the records
     * @param options segment size
     * @return the log, open for appending
     * @see #open(Path, Blit)
     */
    public static BlitLog open(Path dir, Blit blit, Options options) {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(blit, "blit");
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new BlitException("cannot create log directory " + dir + ": " + e, e);
        }
        BlitLog log = new BlitLog(dir, blit, true, (int) options.segmentSize);
        try {
            log.writerLock = WriterLock.take(dir);
            log.load();
        } catch (RuntimeException e) {
            log.release();
            throw e;
        }
        return log;
    }

    /**
     * Opens the log in {@code dir} for reading only, without a lock: any number of readers may read while
     * one writer (in this process or another) appends. {@link #size()}, {@link #read} past the known end
     * and iteration look for records appended since; a record becomes visible once it is complete.
     * {@link #append} and {@link #sync} throw.
     *
     * @param dir  the log's directory, which must exist (it may still be empty)
     * @param blit decodes the records
     * @return a reader
     */
    public static BlitLog openReader(Path dir, Blit blit) {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(blit, "blit");
        if (!Files.isDirectory(dir)) {
            throw new BlitException("no log directory at " + dir);
        }
        BlitLog log = new BlitLog(dir, blit, false, 0);
        log.load();
        return log;
    }

    // ---------------------------------------------------------------- opening

    /**
     * Opens the segments ({@link Segments#load}); the writer starts the first one of a new log. Where the last
     * sync left the log, and where the next record goes.
     */
    private void load() {
        segments.load();
        if (writer && segments.isEmpty()) {
            segments.add(Segment.create(dir, 0, segmentSize, Segment.encoding(blit)));
            directoryDirty = true;
        }
        if (!segments.isEmpty()) {
            Segment tail = segments.last();
            nextIndex = tail.first + tail.count;
            segments.syncFrom = segments.size() - 1;
        }
    }

    // ---------------------------------------------------------------- writing

    /**
     * Appends a value. It is visible to readers on return, and durable after the next {@link #sync()}.
     *
     * <p>The value's own write code ({@code writeMarshallable}, {@code writeObject}) must not append to, sync,
     * trim or close this log: the thread already holds the log's monitor, so such a call would change the log
     * in the middle of this append. It throws a {@link BlitException}, and so this append fails too.
     *
     * @param value any value the log's {@link Blit} can write, or null
     * @return its index: 0 for the first record ever appended, then 1, 2, ...
     * @throws BlitException if the value cannot be written (nothing is appended then), or the log is a
     *                       reader or closed, or this is called from the write code of a value being appended
     */
    public synchronized long append(Object value) {
        checkWritable();
        checkNotAppending("append");
        WriteBuffer st = stage;
        st.clear();
        st.writeLong(0);
        st.writeLong(0);
        appending = true;
        try {
            blit.write(value, st);
        } finally {
            appending = false;
        }
        long length64 = st.position() - STAGE_PREFIX;
        if (length64 > Segment.MAX_PAYLOAD) {
            throw new BlitException("record " + nextIndex + " would be " + length64 + " bytes; a log record holds at most "
                    + Segment.MAX_PAYLOAD);
        }
        int length = (int) length64;
        byte[] a = st.array();
        long index = nextIndex;
        // CRC32C over index, length, payload, laid out contiguously in the stage for one pass (the crc itself
        // is not staged: it goes into the header).
        ARRAY_LONG.set(a, 4, index);
        ARRAY_INT.set(a, 12, length);
        CRC32C c = crc;
        c.reset();
        c.update(a, 4, 12 + length);
        int frame = Segment.frameSize(length);
        Segment s = segments.last();
        if (s.sealed || (long) s.end + frame + 8 > s.limit) {
            s = roll(s, frame);
        }
        int p = s.end;
        int next = p + frame;
        int prefilled = s.prefilled;
        if (next > prefilled) {
            s.prefill(next, zeros());
            prefilled = s.prefilled;
        }
        if (prefilled - next < PREFILL_AHEAD / 2 && prefilled < s.limit && !s.prefillRequested) {
            s.prefillRequested = true;
            Prefiller.request(s, next + PREFILL_AHEAD);
        }
        s.map.put(p + 8, a, STAGE_PREFIX, length);
        // The header last, in one aligned 8-byte store: a reader that sees it sees the payload too.
        Segment.LONG.setRelease(s.map, p, (c.getValue() & 0xFFFFFFFFL) | ((long) length << 32));
        s.add(p);
        s.end = next;
        nextIndex = index + 1;
        if (a.length > STAGE_KEEP) {
            stage = new WriteBuffer(1024);
        }
        return index;
    }

    private ByteBuffer zeros() {
        if (zeros == null) {
            zeros = ByteBuffer.allocateDirect(Segment.PREFILL_CHUNK);
        }
        return zeros;
    }

    /** Starts a new segment (or, when the current one is still empty, makes it big enough). */
    private Segment roll(Segment old, int frame) {
        long size = Math.max(segmentSize, (long) Segment.HEADER_SIZE + frame + 8);
        if (old.count == 0 && !old.sealed) {
            old.grow((int) size);
            return old;
        }
        Segment next = Segment.create(dir, nextIndex, (int) size, Segment.encoding(blit));
        old.retire();
        if (!old.sealed) {
            // Only once the next file exists: a reader that sees the marker must find it.
            Segment.LONG.setRelease(old.map, old.end, Segment.END_MARKER);
            old.sealed = true;
        }
        segments.add(next);
        directoryDirty = true;
        if (segments.size() - 1 - segments.syncFrom > Segments.UNSYNCED_SEGMENTS) {
            // A writer that rarely syncs: force the oldest unsynced segment now, closing its file, so that open
            // files and mappings stay bounded (found by a scale hunt: without sync, one open file per segment
            // until "Too many open files"). Forcing early only makes records durable sooner.
            Segment s = segments.get(segments.syncFrom);
            try {
                force(s, false);
            } catch (IOException | UncheckedIOException e) {
                throw new BlitException("forcing log segment " + s.path + " to disk failed: " + e, e);
            }
            segments.syncFrom++; // the next add() may now drop its mapping
        }
        return next;
    }

    /**
     * Forces what {@code s} holds beyond its last sync, with its metadata; a segment before the last also lets go
     * of its file (its channel is open only for this).
     */
    private static void force(Segment s, boolean last) throws IOException {
        int to = s.sealed ? s.end + 8 : s.end;
        if (to > s.syncedTo) {
            s.map.force(s.syncedTo, to - s.syncedTo);
            s.syncedTo = to;
        }
        if (s.metaDirty) {
            s.forceMetadata();
            s.metaDirty = false;
        }
        if (!last) {
            s.closeChannel();
        }
    }

    /**
     * Forces every record appended so far to the storage device, with the metadata needed to find it
     * (new segment files, their sizes, their directory entries). On return they survive a power loss.
     *
     * <p>It also checks that the files the writer opened are still the log's: if the segment being appended to
     * was deleted or replaced by hand, it throws without forcing (the records since it began are in no file of
     * the log); if the lock file was, it throws after forcing (another writer may have opened the log). Changes
     * to the files between syncs are not seen as they happen: the log cannot guard against them.
     *
     * @throws BlitException if forcing fails, or the segment or lock file was deleted or replaced
     */
    public synchronized void sync() {
        checkWritable();
        checkNotAppending("sync");
        segments.checkLastInPlace();
        try {
            int last = segments.size() - 1;
            for (int k = segments.syncFrom; k <= last; k++) {
                force(segments.get(k), k == last);
            }
            segments.synced(last);
            if (directoryDirty) {
                Durable.syncDirectory(dir);
                directoryDirty = false;
            }
        } catch (IOException | UncheckedIOException e) {
            throw new BlitException("sync of log " + dir + " failed: " + e, e);
        }
        writeCheckpoint();
        checkLockInPlace();
    }

    /** After a sync: see {@link Segments#checkLastInPlace} and {@link WriterLock#checkInPlace}. */
    private void checkLockInPlace() {
        if (writerLock != null) {
            writerLock.checkInPlace();
        }
    }

    /**
     * Records where this sync left the log ({@link Checkpoint}), so that the next open need not check the
     * checksums of the records before it. Not forced, and a failure is not reported: it is advice, and
     * without it an open checks every record of the last segment, as before it existed.
     */
    private void writeCheckpoint() {
        Segment s = segments.last();
        if (written != null && written.first == s.first && written.end == s.end) {
            return;
        }
        int lastCrc = s.count == 0 ? 0 : (int) s.map.getLong(s.offsets[s.count - 1]);
        Checkpoint c = new Checkpoint(s.first, s.end, lastCrc);
        try {
            Durable.uninterruptibly(() -> {
                if (checkpointChannel == null) {
                    if (!Checkpoint.usable(dir)) {
                        return null; // a named pipe there (advice: the next open checks the records instead)
                    }
                    checkpointChannel = FileChannel.open(dir.resolve(Checkpoint.FILE), StandardOpenOption.CREATE,
                            StandardOpenOption.WRITE);
                }
                c.write(checkpointChannel);
                return null;
            });
            written = c;
        } catch (IOException e) {
            // advice only: the next open checks every record of the last segment; a channel an interrupt
            // closed is opened again next time
            closeCheckpoint();
        }
    }

    // ---------------------------------------------------------------- reading

    /**
     * @param index an index returned by {@link #append}
     * @return the value appended under it
     * @throws BlitException if no record with that index was ever appended, or the record is damaged
     *                       (the message names the index, segment file and offset)
     */
    public Object read(long index) {
        return read(index, null);
    }

    /**
     * Reads the record at {@code index} into an object the caller already has, where its class allows: a class
     * made by its no-argument constructor whose fields are all non-final, or a {@code Marshallable}, is filled
     * in place and returned; anything else
     * comes back as a new object (see {@link Blit#readInto}). For a consumer that reads millions of flat records and keeps none, this
     * spares an allocation per record; the checksum is verified all the same.
     *
     * @param index  an index returned by {@link #append}
     * @param target the object to fill, never null
     * @param <T>    its type
     * @return {@code target}, filled; or a new value of its class; or null if null was appended
     * @throws BlitException as {@link #read(long)} does, or if the record holds a value that is not a {@code T}
     */
    @SuppressWarnings("unchecked")
    public <T> T readInto(long index, T target) {
        return (T) read(index, java.util.Objects.requireNonNull(target, "target")); // Blit.readInto checked the class
    }

    private synchronized Object read(long index, Object target) {
        checkOpen();
        if (index >= nextIndex && !writer) {
            refresh();
        }
        long first = firstIndex();
        if (index < first || index >= nextIndex) {
            throw new BlitException("no record at index " + index + ": " + (nextIndex == first
                    ? "the log is empty" : "the log holds indices " + first + ".." + (nextIndex - 1))
                    + (index < 0 ? " (indexes start at 0)" : index < first ? " (the records before " + first
                    + " were deleted)" : ""));
        }
        Segment s = segments.locate(index);
        int p = s.offsets[(int) (index - s.first)];
        if (p < 0) {
            throw new BlitException("record " + index + " cannot be located: the chain of records in segment "
                    + s.path.getFileName() + " is damaged at offset " + s.brokenAt);
        }
        long header = s.map.getLong(p);
        int length = Segment.length(header);
        if (!s.plausible(p, length)) {
            throw damaged(index, s, p, "its length " + Integer.toUnsignedString(length) + " does not fit the segment");
        }
        if (reading) { // before scratch is touched: the record being decoded is read from it
            throw new BlitException("BlitLog.read(" + index + ") was called while the log was decoding another record"
                    + " (from a value's own readMarshallable or readObject); read it after that read returns");
        }
        // Index, length and payload side by side in scratch, as append lays them out: one CRC32C pass over
        // them (a second call for the index alone cost about as much as the payload's).
        byte[] b = scratch;
        if (b.length < 12 + length) {
            b = new byte[Math.max(12 + length, b.length * 2)];
            if (b.length <= STAGE_KEEP) {
                scratch = b;
            }
        }
        Segment.putIndex(b, index);
        s.map.get(p + 4, b, 8, 4 + length);
        CRC32C c = crc;
        c.reset();
        c.update(b, 0, 12 + length);
        int computed = (int) c.getValue();
        if (computed != (int) header) {
            throw damaged(index, s, p, "checksum mismatch (stored " + hex((int) header) + ", computed " + hex(computed) + ")");
        }
        ReadBuffer in = reader.reset(b, 12, length);
        Object v;
        long consumed;
        reading = true;
        try {
            v = target == null ? blit.read(in) : blit.readInto(in, target);
            consumed = in.offset();
        } catch (BlitException e) {
            throw new BlitException("record " + index + " (segment " + s.path.getFileName() + ", offset " + p
                    + "), payload " + e.getMessage(), e);
        } finally {
            reading = false;
            if (b != scratch) {
                reader.reset(scratch, 0, 0); // do not keep a one-off large record's bytes alive
            }
        }
        if (consumed != length) {
            throw damaged(index, s, p, (length - consumed) + " bytes left after the value at payload offset " + consumed);
        }
        return v;
    }

    private static BlitException damaged(long index, Segment s, int offset, String why) {
        return new BlitException("record " + index + " is damaged (segment " + s.path.getFileName() + ", offset "
                + offset + "): " + why);
    }

    private static String hex(int v) {
        return String.format("0x%08x", v);
    }

    /**
     * @return the index of the oldest record still in the log: 0, unless {@link #deleteBefore} (or a person)
     *         deleted the oldest segments
     */
    public synchronized long firstIndex() {
        checkOpen();
        return segments.first();
    }

    /**
     * Deletes the oldest records, a segment at a time: every segment all of whose records have indexes below
     * {@code index}, oldest first. The segment that holds record {@code index} stays (so may the records
     * before it in that segment; record {@code index - 1} goes when it ends its segment), and the segment being
     * appended to is never deleted. Indexes do not change:
     * the records left keep theirs, {@link #firstIndex()} moves up, and reading below it is a
     * {@link BlitException} that says the log now starts there.
     *
     * <p>Each file is deleted and its directory forced before the next one goes, so a crash in the middle
     * leaves the log a run of segments without a gap, which opens normally. A reader in another process keeps
     * reading the segments it had already mapped, those it had read from (on POSIX systems a deleted file lives
     * on while mapped); reading from a deleted segment it had not mapped is a {@link BlitException} that says
     * the records were deleted, and its {@link #firstIndex()} moves up to where the log now starts (it lets go
     * of the deleted segments it had mapped then). A reader that lagged so far behind that the segment after
     * the last one it knew is gone starts again where the log now starts when it next looks for new records
     * ({@link #size()}, a read past its end, an iteration), and follows the writer from there. A reader opened
     * afterwards starts there. Windows deletes no
     * mapped file: there this fails with a {@link BlitException} and changes nothing, unless the mappings
     * were released.
     *
     * @param index the oldest index to keep; at most {@link #size()}
     * @return the new {@link #firstIndex()}
     * @throws BlitException on a reader, or if a segment file cannot be deleted (those before it are gone)
     */
    public synchronized long deleteBefore(long index) {
        checkWritable();
        checkNotAppending("deleteBefore");
        if (index > nextIndex) {
            throw new BlitException("cannot delete records before index " + index + ": the log ends at " + nextIndex);
        }
        while (segments.size() > 1 && segments.get(1).first <= index) {
            Segment s = segments.get(0);
            try {
                // The file first, then the mapping: if the deletion fails (a mapped file on Windows), the log
                // still reads the segment.
                Files.deleteIfExists(s.path); // IfExists: a retry after a failed directory sync goes on
                Durable.syncDirectory(dir);
            } catch (IOException e) {
                throw new BlitException("cannot delete log segment " + s.path + ": " + e, e);
            }
            segments.removeFirst();
        }
        return firstIndex();
    }

    /**
     * @return the index the next append gets: the number of records, if the log was never trimmed. On a
     *         reader, this first looks for records the writer appended since the last look.
     */
    public synchronized long size() {
        checkOpen();
        if (!writer) {
            refresh();
        }
        return nextIndex;
    }

    /** A reader's look at the tail: new records in the last segment, and the segments that follow it. */
    private void refresh() {
        if (segments.isEmpty()) {
            load();
            return;
        }
        nextIndex = segments.followTail();
    }

    /**
     * Iterates from the oldest record to the newest, reading each one as it goes (memory stays flat).
     * Iteration ends at the last record present when {@code hasNext()} is asked, so it runs into records
     * appended meanwhile (by this writer, or, for a reader, by the writer anywhere). A damaged record throws
     * from {@code next()}, naming its index; calling {@code next()} again goes on with the record after it.
     * Records {@link #deleteBefore deleted} ahead of the iteration throw once, naming them, and the next call
     * goes on with the oldest record left.
     *
     * @return an iterator over the values, in append order
     */
    @Override
    public Iterator<Object> iterator() {
        checkOpen();
        return new Iterator<>() {
            private long next = start();

            @Override
            public boolean hasNext() {
                return next < knownSize() || next < size();
            }

            @Override
            public Object next() {
                if (!hasNext()) {
                    throw new NoSuchElementException("no record at index " + next);
                }
                long index = next++;
                try {
                    return read(index);
                } catch (BlitException e) {
                    long first = firstIndex();
                    if (index >= first) {
                        throw e;
                    }
                    next = first;
                    throw new BlitException("records " + index + ".." + (first - 1) + " were deleted (deleteBefore) before"
                            + " this iteration reached them; the next call goes on with record " + first, e);
                }
            }
        };
    }

    /**
     * Where an iteration starts: {@link #firstIndex()}, after a reader has forgotten the segments at the front
     * that the writer deleted since it last looked, so that it does not start by running into them.
     */
    private synchronized long start() {
        checkOpen();
        if (!writer) {
            segments.forgetDeleted();
        }
        return segments.first();
    }

    /** @return how many segments have their record offsets in memory (for tests of the index budget) */
    synchronized int indexedSegments() {
        return segments.indexedSegments();
    }

    /** Lowers (for tests) how many older segments the log keeps mapped; see {@link Segments}. */
    synchronized void mappedBudget(int segmentCount) {
        segments.mappedBudget = segmentCount;
    }

    /** Lowers (for tests) how many record offsets of older segments the log keeps; see {@link Segments}. */
    synchronized void indexBudget(long offsets) {
        segments.indexBudget = offsets;
    }

    private synchronized long knownSize() {
        return nextIndex;
    }

    // ---------------------------------------------------------------- closing

    /** Syncs (a writer), releases the write lock, and makes every further call throw. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        checkNotAppending("close");
        try {
            if (writer) {
                sync();
            }
        } finally {
            closed = true;
            release();
        }
    }

    private void closeCheckpoint() {
        if (checkpointChannel != null) {
            try {
                checkpointChannel.close();
            } catch (IOException ignored) {
                // nothing of it needs to reach the disk
            }
            checkpointChannel = null;
        }
    }

    private void release() {
        segments.releaseAll();
        closeCheckpoint();
        if (writerLock != null) {
            WriterLock l = writerLock;
            writerLock = null;
            l.release();
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new BlitException("log " + dir + " is closed");
        }
    }

    /**
     * Refuses a call made from a value's own write code during {@link #append}: the thread holds the monitor
     * already, so nothing else would stop it from reusing the stage, or closing the log, under the append.
     */
    private void checkNotAppending(String call) {
        if (appending) {
            throw new BlitException("BlitLog." + call + " was called while the log was encoding a value for append (from"
                    + " a value's own writeMarshallable or writeObject); call it after that append returns"
                    + (call.equals("close") ? " (the log stays open)" : ""));
        }
    }

    private void checkWritable() {
        checkOpen();
        if (!writer) {
            throw new BlitException("log " + dir + " was opened for reading only");
        }
    }

    @Override
    public String toString() {
        return "BlitLog[" + dir + (writer ? ", writer" : ", reader") + ", " + nextIndex + " records]";
    }

    /** Settings for {@link #open(Path, Blit, Options)}; immutable. */
    public static final class Options {
        private static final Options DEFAULTS = new Options(DEFAULT_SEGMENT_SIZE);
        /** Smallest segment size accepted: room for the header and a few small records. */
        public static final long MIN_SEGMENT_SIZE = 256;

        private final long segmentSize;

        private Options(long segmentSize) {
            this.segmentSize = segmentSize;
        }

        /** @return {@link #DEFAULT_SEGMENT_SIZE} segments */
        public static Options defaults() {
            return DEFAULTS;
        }

        /**
         * @param bytes the size of new segment files, from {@link #MIN_SEGMENT_SIZE} to 1 GiB, rounded up to
         *              a multiple of 8; a record bigger than that gets a segment of its own, as big as it needs.
         *              Existing segments keep their size.
         * @return options with that segment size
         */
        public Options segmentSize(long bytes) {
            if (bytes < MIN_SEGMENT_SIZE || bytes > Segment.MAX_SIZE) {
                throw new BlitException("segment size " + bytes + " is outside " + MIN_SEGMENT_SIZE + ".." + Segment.MAX_SIZE);
            }
            return new Options((bytes + 7) & ~7L);
        }

        /** @return the size of new segment files */
        public long segmentSize() {
            return segmentSize;
        }
    }
}
