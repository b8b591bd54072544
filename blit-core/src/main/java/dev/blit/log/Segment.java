package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * One segment file of a {@link BlitLog}: its mapping, and the offsets of the records found in it so far.
 * The layout is in FORMAT.md ("Files"); in short, a 32-byte header, then 8-byte-aligned frames
 * {@code u32 crc, u32 length, payload, zero padding}, ended by an all-zero header slot (nothing yet) or an
 * all-ones one (the log continues in the next segment).
 *
 * <p>Headers are read with acquire semantics and written (by {@link BlitLog}) with release semantics, as
 * one aligned 8-byte store after the payload: a reader, in this process or another one mapping the same
 * file, that sees a header also sees the payload it describes.
 */
final class Segment {
    static final int HEADER_SIZE = 32;
    static final int VERSION = 1;
    /** The header slot that says "this segment is full; the next record is in the next segment". */
    static final long END_MARKER = -1L;
    /** Largest segment file, so every offset fits an int and one mapping holds it. */
    static final int MAX_SIZE = 1 << 30;
    /** Largest payload: what fits a maximal segment with its header, frame header and end marker. */
    static final int MAX_PAYLOAD = MAX_SIZE - HEADER_SIZE - 16;
    static final byte[] MAGIC = {'B', 'L', 'I', 'T', 'L', 'O', 'G', 0};
    static final String SUFFIX = ".seg";
    /** Bytes written by one {@code pwrite} of zeros (see {@link #prefill}). */
    static final int PREFILL_CHUNK = 1 << 20;
    /** Page stride of {@link #prefillAhead}'s touches: the smallest page size of the platforms Blit runs on. */
    private static final int PAGE = 4096;

    static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** Why {@link #scan} stopped. */
    enum Stop {
        /** An all-zero header slot: no record there (yet). */
        EMPTY,
        /** The end marker: the next record is in the next segment. */
        SEALED,
        /** A record that is not intact and is not followed by an intact one: a torn tail. */
        DAMAGED,
        /** No room for another header slot (only in a segment written by something else than BlitLog). */
        FULL
    }

    final Path path;
    final long first;
    /** {@link #mapping}'s buffer. */
    MappedByteBuffer map;
    private Mapping mapping;
    int limit;
    /** Record offsets; -1 for a record known to exist (later segments say so) that cannot be located. */
    int[] offsets = new int[64];
    int count;
    /** Where the next header slot is: the end of the records found (or written) so far. */
    int end = HEADER_SIZE;
    boolean sealed;
    /** Where the chain of records broke, for the message of a record that cannot be located; -1 if it did not. */
    int brokenAt = -1;
    /**
     * {@link #offsets} is kept: scanned, and followed as records are added. A log indexes its older segments only
     * when one of their records is first read, and may drop their offsets again ({@link #unindex}).
     */
    boolean indexed;
    /** When a record of this segment was last read, on its log's clock: which offsets to drop first. */
    long lastRead;

    // writer only
    FileChannel channel;
    int syncedTo;
    /** The file was created or resized since its metadata was last forced. */
    boolean metaDirty;
    /**
     * The file's key (device and inode) when it was created or mapped, or null where the file system has none:
     * the writer's sync checks that the file at {@link #path} is still this one.
     */
    Object fileKey;
    /**
     * Bytes from {@link #end} up to here have been written as zeros through the channel (see {@link #prefill}).
     * Only raised, under this segment's lock; volatile because {@link Prefiller}'s thread raises it too.
     */
    volatile int prefilled;
    /** A {@link Prefiller} request is queued or running; set by the writer, cleared by that thread. */
    volatile boolean prefillRequested;
    /** Sealed or closed: nothing is prefilled any more. Under this segment's lock. */
    private boolean retired;

    private Segment(Path path, long first, int encoding) {
        this.path = path;
        this.first = first;
        this.encoding = encoding;
    }

    // ---------------------------------------------------------------- the encoding word (header offset 24)

    /** Encoding word bit: the writer's Blit had {@code references(true)}. */
    static final int REFERENCES = 1;
    /** Encoding word bit: the writer's Blit had {@code compatible(true)}. */
    static final int COMPATIBLE = 2;
    /** Encoding word bit: the writer's Blit had {@code flat(false)}. */
    static final int NOT_FLAT = 4;

    /**
     * The options of the log's Blit that decide how its values are encoded, as the header records them: a log
     * read with a Blit built otherwise would misread its records (field tables taken for fields, flat blocks
     * for varints), or fail on the first shared object, so opening compares them (FORMAT.md, "Segment header").
     */
    private final int encoding;

    /**
     * @param blit the log's Blit
     * @return its encoding word: 0 for the defaults; flat is left out in compatible mode, which has no flat blocks
     */
    static int encoding(Blit blit) {
        return (blit.references() ? REFERENCES : 0)
                | (blit.compatible() ? COMPATIBLE : blit.flat() ? 0 : NOT_FLAT);
    }

    /** @return the options an encoding word stands for, as {@code Blit.Builder} calls them */
    static String describe(int encoding) {
        return ((encoding & COMPATIBLE) != 0 ? "compatible(true)" : "compatible(false), flat(" + ((encoding & NOT_FLAT) == 0) + ")")
                + ", references(" + ((encoding & REFERENCES) != 0) + ")";
    }

    /**
     * Whether values written with encoding {@code written} may be read, or appended to, with {@code mine}: the
     * same mode and flat setting; a reader with references on also reads records written without them (it
     * merely numbers objects nothing refers to), but a writer appends with the setting the header states.
     */
    static boolean fits(int written, int mine, boolean appending) {
        return appending ? written == mine : (written & ~REFERENCES) == (mine & ~REFERENCES)
                && ((written & REFERENCES) == 0 || (mine & REFERENCES) != 0);
    }

    static String fileName(long first) {
        return String.format("%020d%s", first, SUFFIX);
    }

    /** @return the first index a segment file name stands for, or -1 if it is not a segment name */
    static long parseName(String name) {
        if (name.length() != 20 + SUFFIX.length() || !name.endsWith(SUFFIX)) {
            return -1;
        }
        long v = 0;
        for (int i = 0; i < 20; i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            v = v * 10 + (c - '0');
            if (v < 0) {
                return -1;
            }
        }
        return v;
    }

    static int frameSize(int length) {
        return 8 + ((length + 7) & ~7);
    }

    // ---------------------------------------------------------------- opening

    /**
     * Creates a new segment file of {@code size} bytes (sparse: mapping it extends it) and writes its header.
     * The channel stays open so that the first sync can force the new file's metadata.
     */
    static Segment create(Path dir, long first, int size, int encoding) {
        Segment s = new Segment(dir.resolve(fileName(first)), first, encoding);
        try {
            Durable.uninterruptibly(() -> {
                s.channel = FileChannel.open(s.path, StandardOpenOption.CREATE_NEW, StandardOpenOption.READ,
                        StandardOpenOption.WRITE);
                s.fileKey = Files.readAttributes(s.path, BasicFileAttributes.class).fileKey();
                s.mapAll(FileChannel.MapMode.READ_WRITE, size);
                return null;
            });
        } catch (IOException e) {
            s.abandon();
            throw new BlitException("cannot create log segment " + s.path + ": " + e, e);
        }
        ByteBuffer h = ByteBuffer.allocate(HEADER_SIZE).order(ByteOrder.LITTLE_ENDIAN);
        h.put(MAGIC).putInt(VERSION).putInt(HEADER_SIZE).putLong(first).putInt(encoding);
        CRC32C crc = new CRC32C();
        crc.update(h.array(), 0, 28);
        h.putInt((int) crc.getValue());
        // Through the channel, not the mapping: a full disk is then an IOException, not a SIGBUS (see prefill).
        try {
            h.flip();
            s.onChannel(() -> {
                while (h.hasRemaining()) {
                    s.channel.write(h, h.position());
                }
                return null;
            });
        } catch (IOException e) {
            s.abandon();
            throw new BlitException("cannot write the header of log segment " + s.path + ": " + e, e);
        }
        s.metaDirty = true;
        s.indexed = true;
        return s;
    }

    /**
     * Maps an existing segment file.
     *
     * @param encoding    the encoding word of the log's Blit ({@link #encoding(Blit)}), checked against the header
     * @param writable    map read-write (the writer) or read-only (a reader)
     * @param keepChannel keep the channel open (the writer's last segment, for syncing its metadata)
     * @return the segment, or null when its header is not complete: a file the writer is creating right
     *         now, or one whose creation a crash interrupted
     */
    static Segment open(Path path, long first, int encoding, boolean writable, boolean keepChannel) {
        Segment s = new Segment(path, first, encoding);
        return s.mapFile(writable, keepChannel) ? s : null;
    }

    /**
     * An older segment of a log being opened: mapped ({@link #ensureMapped}) only when
     * one of its records is read, so that opening a long log neither reads nor maps its older files.
     */
    static Segment unmapped(Path path, long first, int encoding) {
        return new Segment(path, first, encoding);
    }

    /**
     * Maps the file of a segment made by {@link #unmapped}, or of one whose mapping {@link #unindex} dropped.
     *
     * @throws BlitException if the file is gone (deleted since the log was opened) or has no complete header
     *                       (later segments exist, so that is damage)
     */
    void ensureMapped(boolean writable) {
        if (map != null) {
            return;
        }
        if (!mapFile(writable, false)) {
            throw new BlitException(Files.exists(path)
                    ? "log segment " + path + " has no complete header at offset 0, yet later segments exist"
                    : "log segment " + path + " no longer exists: it was deleted (deleteBefore, or by hand)"
                            + " after the log was opened");
        }
    }

    /** @return false when the file is missing or its header is not complete (see {@link #open}) */
    private boolean mapFile(boolean writable, boolean keepChannel) {
        // size() and map() would close the channel (Durable.uninterruptibly)
        return Durable.uninterruptibly(() -> mapFileNow(writable, keepChannel));
    }

    private boolean mapFileNow(boolean writable, boolean keepChannel) {
        try {
            // Before the open, which would wait forever for a writer on a named pipe
            BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
            if (!a.isRegularFile()) {
                throw new BlitException("log segment " + path + " is " + (a.isDirectory() ? "a directory"
                        : "not a regular file (a named pipe, socket or device)") + ": a segment is a file BlitLog writes");
            }
            fileKey = a.fileKey();
            channel = writable
                    ? FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)
                    : FileChannel.open(path, StandardOpenOption.READ);
            long size = channel.size();
            if (size > MAX_SIZE) {
                closeChannel();
                throw new BlitException("log segment " + path + " is " + size + " bytes, more than the " + MAX_SIZE
                        + " a segment may hold");
            }
            if (size < HEADER_SIZE) {
                closeChannel();
                return false;
            }
            mapAll(writable ? FileChannel.MapMode.READ_WRITE : FileChannel.MapMode.READ_ONLY, (int) size);
        } catch (NoSuchFileException e) {
            closeChannel();
            return false;
        } catch (IOException e) {
            closeChannel();
            throw new BlitException("cannot open log segment " + path + ": " + e, e);
        }
        try {
            if (!headerValid(writable)) {
                unmap();
                return false;
            }
        } catch (BlitException e) {
            unmap();
            throw e;
        }
        if (!keepChannel) {
            closeChannel();
        }
        return true;
    }

    private void mapAll(FileChannel.MapMode mode, int size) throws IOException {
        replace(Mapping.map(channel, mode, 0, size), size);
    }

    /** Maps the file anew: the old mapping is released, nothing reads it any more (callers hold the locks). */
    private void replace(Mapping m, int size) {
        Mapping old = mapping;
        mapping = m;
        map = m.buffer;
        limit = size;
        if (old != null) {
            old.unmap();
        }
    }

    /**
     * Releases the mapping (at once on Java 22 and later, see {@link Mapping}) and the channel, when the log is
     * closed: nothing may read the segment afterwards. Under this segment's lock, like {@link #prefillAhead}.
     */
    synchronized void release() {
        retired = true;
        closeChannel();
        if (mapping != null) {
            mapping.unmap();
        }
    }

    /** Releases the channel and the mapping of a segment that may be mapped again ({@link #ensureMapped}). */
    private void unmap() {
        closeChannel();
        if (mapping != null) {
            mapping.unmap();
            mapping = null;
            map = null;
            limit = 0;
        }
    }

    /** The writer's current segment, still empty, made big enough for a record larger than the usual size. */
    synchronized void grow(int size) {
        try {
            mapAll(FileChannel.MapMode.READ_WRITE, size);
        } catch (IOException e) {
            throw new BlitException("cannot grow log segment " + path + " to " + size + " bytes: " + e, e);
        }
        metaDirty = true;
    }

    /** Maps the file again if it grew since it was mapped (a reader that mapped it while it was created). */
    boolean remapIfGrown() {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = Math.min(ch.size(), MAX_SIZE);
            if (size <= limit) {
                return false;
            }
            replace(Mapping.map(ch, FileChannel.MapMode.READ_ONLY, 0, size), (int) size);
            return true;
        } catch (IOException e) {
            throw new BlitException("cannot map log segment " + path + ": " + e, e);
        }
    }

    /** @param appending whether the writer maps it, which appends with the encoding its header must state */
    private boolean headerValid(boolean appending) {
        byte[] h = new byte[HEADER_SIZE];
        map.get(0, h, 0, HEADER_SIZE);
        CRC32C crc = new CRC32C();
        crc.update(h, 0, 28);
        ByteBuffer b = ByteBuffer.wrap(h).order(ByteOrder.LITTLE_ENDIAN);
        if ((int) crc.getValue() == b.getInt(28)) {
            // A checksummed header with other contents was written by another program or Blit version.
            if (!Arrays.equals(h, 0, 8, MAGIC, 0, 8)) {
                throw new BlitException("log segment " + path + " has no BlitLog magic at offset 0: not a BlitLog segment");
            }
            if (b.getInt(8) != VERSION) {
                throw new BlitException("log segment " + path + " has format version " + b.getInt(8) + " at offset 8,"
                        + " this Blit reads version " + VERSION + ": not written by this version of Blit");
            }
            if (b.getInt(12) != HEADER_SIZE) {
                throw new BlitException("log segment " + path + " declares a header of " + b.getInt(12)
                        + " bytes at offset 12, this version writes " + HEADER_SIZE);
            }
            if (b.getLong(16) != first) {
                throw new BlitException("log segment " + path + " says it starts at index " + b.getLong(16)
                        + " but its name says " + first);
            }
            int written = b.getInt(24);
            if ((written & ~(REFERENCES | COMPATIBLE | NOT_FLAT)) != 0
                    || (written & (COMPATIBLE | NOT_FLAT)) == (COMPATIBLE | NOT_FLAT)) {
                throw new BlitException("log segment " + path + " has encoding word 0x" + Integer.toHexString(written)
                        + " at offset 24, which this version of Blit does not write (unknown bits, or flat(false) in"
                        + " compatible mode)");
            }
            if (!fits(written, encoding, appending)) {
                throw new BlitException("log segment " + path + " holds values written by a Blit with " + describe(written)
                        + " (encoding word at offset 24); this Blit has " + describe(encoding) + " and would "
                        + (appending ? "append records the header does not describe" : "misread them")
                        + ": open the log with a Blit built with the same options");
            }
            return true;
        }
        long slot = limit >= HEADER_SIZE + 8 ? (long) LONG.getAcquire(map, HEADER_SIZE) : 0;
        if (slot != 0 && slot != END_MARKER
                && intact(HEADER_SIZE, slot, first, new CRC32C(), new byte[CHECK_CHUNK])) {
            // A damaged header over intact records: the first record's checksum, which covers its index,
            // confirms what the name says. Its encoding word is unconfirmed: if it fits this Blit's options the
            // records are read (and appended to) as before; if not, either the word is the damage or the records
            // were written otherwise, and nothing tells which, so the segment is neither read nor appended to.
            int written = b.getInt(24);
            if (!fits(written, encoding, appending)) {
                boolean known = (written & ~(REFERENCES | COMPATIBLE | NOT_FLAT)) == 0
                        && (written & (COMPATIBLE | NOT_FLAT)) != (COMPATIBLE | NOT_FLAT);
                throw new BlitException("log segment " + path + " has a damaged header (checksum mismatch at offset 28)"
                        + " whose encoding word at offset 24 says " + (known ? describe(written)
                                : "0x" + Integer.toHexString(written) + " (not a word this version of Blit writes)")
                        + "; this Blit has " + describe(encoding) + ". The word may be the damage, or the records may"
                        + " have been written with those options: Blit cannot confirm how they were encoded and would "
                        + (appending ? "append records in an encoding it cannot confirm" : "risk misreading them")
                        + ", so it refuses the segment (open the log with a Blit built with the options it was written"
                        + " with, or restore the segment from a copy)");
            }
            return true;
        }
        // A header being written (or cut short by a crash) holds a prefix of the magic and zeros, and no
        // record follows it. Anything else must not be mistaken for an unfinished segment and deleted.
        for (int i = 0; i < 8; i++) {
            if (h[i] != 0 && h[i] != MAGIC[i]) {
                throw new BlitException("file " + path + " is not a Blit log segment (bad magic at offset " + i + ")");
            }
        }
        if (slot != 0) {
            throw new BlitException("log segment " + path + " has a damaged header (checksum mismatch at offset 28)"
                    + " and its first record does not confirm it");
        }
        return false;
    }

    /**
     * Writes zeros through the channel ahead of the writer (over bytes that are zero already, past
     * {@link #end}), for two reasons. A full disk: a store into a mapped page the file system cannot find
     * a block for is a SIGBUS (an InternalError at best, a dead JVM at worst), while a {@code pwrite} fails
     * with an IOException, which append turns into a BlitException; every store the writer makes lands in
     * bytes prefilled this way.
     * And speed: a first store into a page that does not exist yet costs a fault that allocates it; a
     * {@code pwrite} of a megabyte makes 256 pages in one system call.
     *
     * <p>This is the writer's own call, made when it has outrun {@link Prefiller}; it waits for a prefill
     * that thread is making.
     *
     * @param upTo  offset the next record ends at
     * @param zeros a direct buffer of zeros of {@link #PREFILL_CHUNK} bytes
     */
    synchronized void prefill(int upTo, ByteBuffer zeros) {
        if (upTo <= prefilled) {
            return;
        }
        int from = Math.max(prefilled, end);
        long target = Math.min(limit, ((long) upTo + 2L * PREFILL_CHUNK - 1) / PREFILL_CHUNK * PREFILL_CHUNK);
        writeZeros(from, (int) target, zeros);
        prefilled = (int) target;
    }

    /**
     * {@link Prefiller}'s call: prefills up to {@code upTo} and also stores a zero into every page of the range
     * through the mapping, so that the writer's first store into it does not fault. Failures are left for the
     * writer's own {@link #prefill} to meet and report.
     */
    synchronized void prefillAhead(int upTo, ByteBuffer zeros) {
        try {
            int from = prefilled;
            int target = Math.min(limit, upTo);
            if (retired || target <= from) {
                return;
            }
            writeZeros(from, target, zeros);
            MappedByteBuffer m = map;
            for (int p = (from + PAGE - 1) & -PAGE; p < target; p += PAGE) {
                m.put(p, (byte) 0);
            }
            prefilled = target;
        } catch (RuntimeException e) {
            // the writer prefills in line and reports what went wrong
        } finally {
            prefillRequested = false;
        }
    }

    private void writeZeros(int from, int target, ByteBuffer zeros) {
        try {
            while (from < target) {
                int at = from;
                int n = Math.min(zeros.capacity(), target - from);
                onChannel(() -> { // the whole chunk again after a reopening: zeros over zeros
                    zeros.clear().limit(n);
                    for (int p = at; zeros.hasRemaining(); ) {
                        p += channel.write(zeros, p);
                    }
                    return null;
                });
                from += n;
            }
        } catch (IOException e) {
            throw new BlitException("cannot extend log segment " + path + " at offset " + from + ": " + e, e);
        }
    }

    /** No prefilling from now on (the segment is sealed, or its log closed); waits for one under way. */
    synchronized void retire() {
        retired = true;
    }

    /** Removes a segment whose creation failed, so that a later append can try again. */
    private void abandon() {
        closeChannel();
        try {
            Files.deleteIfExists(path);
        } catch (IOException ignored) {
            // the next open deletes it: its header is incomplete
        }
    }

    /** Forces the segment's size and other metadata (the writer's {@code sync}), through its channel. */
    synchronized void forceMetadata() throws IOException { // with prefill: one thread at a time reopens the channel
        onChannel(() -> {
            channel.force(true);
            return null;
        });
    }

    /**
     * Runs an operation on the writer's channel uninterruptibly ({@link Durable#uninterruptibly}), and once more
     * on a new channel if the old one was closed meanwhile: an interrupt of a thread that was using it (the
     * writer's, or the prefilling thread's), arriving during an operation, closes it for both. The operations
     * given here can be repeated; a few times, for interrupts that keep coming.
     */
    private <T> T onChannel(Durable.Io<T, IOException> io) throws IOException {
        return Durable.onChannel(this::ensureChannel, this::closeChannel, io);
    }

    /** Opens the read-write channel of the writer's current segment, if it is not open. */
    void ensureChannel() {
        if (channel == null) {
            try {
                channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new BlitException("cannot open log segment " + path + ": " + e, e);
            }
        }
    }

    void closeChannel() {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // durability comes from force() in sync, not from close
            }
            channel = null;
        }
    }

    // ---------------------------------------------------------------- scanning

    /**
     * Indexes, without checking their checksums, records that a {@link Checkpoint} says were synced: up to
     * offset {@code to}, the frame that ends there carrying the stored checksum {@code lastCrc}; or, with
     * {@code to == Integer.MAX_VALUE}, every record up to the end marker. Only on a segment not scanned yet.
     * A header that does not fit, or a walk that does not land where the checkpoint says, means it does not
     * describe this file: what the walk found is forgotten, and {@link #scan} checks every record as usual.
     */
    void indexSynced(int to, int lastCrc) {
        if (count != 0 || end != HEADER_SIZE || to <= HEADER_SIZE) {
            return;
        }
        boolean whole = to == Integer.MAX_VALUE;
        int p = HEADER_SIZE;
        int lastHeader = 0;
        boolean fits = true;
        while (whole || p < to) {
            if ((long) p + 8 > limit) {
                fits = false;
                break;
            }
            long h = (long) LONG.getAcquire(map, p);
            if (h == END_MARKER) {
                fits = whole;
                break;
            }
            if (h == 0 || !plausible(p, length(h))) {
                fits = false;
                break;
            }
            add(p);
            lastHeader = (int) h;
            p += frameSize(length(h));
        }
        if (!fits || (!whole && (p != to || lastHeader != lastCrc))) {
            count = 0;
            return;
        }
        end = p;
    }

    /**
     * Indexes the records from {@link #end} on, checking each one's checksum, until an empty slot, the end
     * marker, or damage that cannot be stepped over.
     *
     * <p>A record that fails its checksum is kept in the index (reading it reports the damage) when the
     * chain of lengths from it leads to an intact record or to the end marker: that is bit rot in the
     * middle of the log, and the records after it are still good. Otherwise it is a torn tail and the scan
     * stops in front of it.
     */
    Stop scan(CRC32C crc, byte[] scratch) {
        indexed = true;
        while (true) {
            if ((long) end + 8 > limit) {
                return Stop.FULL;
            }
            long h = (long) LONG.getAcquire(map, end);
            if (h == 0) {
                return Stop.EMPTY;
            }
            if (h == END_MARKER) {
                sealed = true;
                return Stop.SEALED;
            }
            if (intact(end, h, first + count, crc, scratch)) {
                add(end);
                end += frameSize(length(h));
                continue;
            }
            int q = end;
            long qIndex = first + count;
            boolean recovered = false;
            while (true) {
                long hq = (long) LONG.getAcquire(map, q);
                if (hq == END_MARKER) {
                    recovered = q != end;
                    break;
                }
                if (hq == 0 || !plausible(q, length(hq))) {
                    break;
                }
                if (q != end && intact(q, hq, qIndex, crc, scratch)) {
                    recovered = true;
                    break;
                }
                q += frameSize(length(hq));
                qIndex++;
                if ((long) q + 8 > limit) {
                    break;
                }
            }
            if (!recovered) {
                return Stop.DAMAGED;
            }
            while (end < q) {
                add(end);
                end += frameSize(length(map.getLong(end)));
            }
        }
    }

    /**
     * Forgets the offsets found by {@link #scan} and releases the mapping (a segment before its log's last,
     * which nothing else uses), so that the next read maps the file and scans it from the first record again.
     */
    synchronized void unindex() {
        retired = true; // never the segment being written; under the lock, so no prefill is using the mapping
        unmap();
        offsets = new int[64];
        count = 0;
        end = HEADER_SIZE;
        sealed = false;
        brokenAt = -1;
        indexed = false;
    }

    static int length(long header) {
        return (int) (header >>> 32);
    }

    /** A length that fits between {@code at} and the end of the segment, leaving room for the end marker. */
    boolean plausible(int at, int length) {
        return length > 0 && length <= MAX_PAYLOAD && (long) at + frameSize(length) + 8 <= limit;
    }

    /** Bytes of a record {@link #intact} copies out of the mapping at a time to check them. */
    static final int CHECK_CHUNK = 4096;

    /**
     * Whether the record at {@code at} is whole: its checksum over its index, length and bytes.
     *
     * <p>The bytes are copied out of the mapping before they are checked: the checksum's intrinsic reads
     * memory directly, and on a page another program truncated away the JVM then dies of SIGBUS, where a copy
     * fails with an {@code InternalError} (README, "Safety").
     *
     * @param scratch at least {@link #CHECK_CHUNK} bytes
     */
    boolean intact(int at, long header, long index, CRC32C crc, byte[] scratch) {
        int length = length(header);
        if (!plausible(at, length)) {
            return false;
        }
        crc.reset();
        putIndex(scratch, index);
        crc.update(scratch, 0, 8);
        int from = at + 4;
        for (int left = 4 + length; left > 0; ) {
            int n = Math.min(left, scratch.length);
            map.get(from, scratch, 0, n); // absolute: the mapping's position is not moved
            crc.update(scratch, 0, n);
            from += n;
            left -= n;
        }
        return (int) crc.getValue() == (int) header;
    }

    static void putIndex(byte[] b, long index) {
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (index >>> (8 * i));
        }
    }

    void add(int offset) {
        if (count == offsets.length) {
            offsets = Arrays.copyOf(offsets, count * 2);
        }
        offsets[count++] = offset;
    }

    /**
     * Records that {@code n} more records exist in this segment (the next segment starts after them) but
     * cannot be located, because the chain of records broke at {@link #end}.
     */
    void addUnlocatable(long n) {
        if (n > (limit - end) / 16 + 1) {
            throw new BlitException("log segment " + path + " breaks off at offset " + end + " after index "
                    + (first + count - 1) + ", and the next segment would leave " + n
                    + " records in the rest of it, more than can fit: the segment files do not belong together");
        }
        brokenAt = end;
        for (long i = 0; i < n; i++) {
            add(-1);
        }
    }

    /**
     * Zeroes every non-zero byte from {@link #end} to the end of the file: what a crash left of a record
     * whose header was never written. Afterwards the slot at {@code end} and everything after it read as
     * empty, which is what readers rely on.
     *
     * <p>The file is looked at through the channel, a chunk at a time, and only a chunk that holds something is
     * touched through the mapping: reading the mapping would fault in every page of the sparse rest of the
     * segment, which on a tmpfs allocates them (a 64 MiB segment in RAM per open) and, on a full one, is a
     * SIGBUS the JVM reports as an {@code InternalError}; a read of a hole through the channel allocates nothing.
     *
     * @return whether anything was zeroed
     */
    boolean zeroTail() {
        ByteBuffer chunk = ByteBuffer.allocate(ZERO_SCAN_CHUNK);
        boolean any = false;
        for (int from = end; from < limit; from += ZERO_SCAN_CHUNK) {
            int n = Math.min(ZERO_SCAN_CHUNK, limit - from);
            int at = from;
            try {
                onChannel(() -> {
                    chunk.clear().limit(n);
                    while (chunk.hasRemaining() && channel.read(chunk, at + chunk.position()) >= 0) {
                        // until the chunk is full; the file is at least limit bytes long
                    }
                    return null;
                });
            } catch (IOException e) {
                throw new BlitException("cannot read log segment " + path + " at offset " + from + ": " + e, e);
            }
            byte[] a = chunk.array();
            int got = chunk.position();
            for (int i = 0; i < got; i += 8) {
                if (i + 8 <= got && (long) ZERO_SCAN.get(a, i) == 0) {
                    continue;
                }
                for (int j = i; j < Math.min(i + 8, got); j++) {
                    if (a[j] != 0) {
                        map.put(from + j, (byte) 0);
                        any = true;
                    }
                }
            }
        }
        return any;
    }

    /** Bytes {@link #zeroTail} reads at a time. */
    private static final int ZERO_SCAN_CHUNK = 1 << 16;
    private static final VarHandle ZERO_SCAN = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
}
