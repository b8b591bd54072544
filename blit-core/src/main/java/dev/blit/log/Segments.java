package dev.blit.log;

import dev.blit.BlitException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * The segments of one open {@link BlitLog}, oldest first, and which of them are mapped and indexed: opening
 * reads the last one (the writer's, the last two), an older one is mapped, indexed and checked against the
 * next when one of its records is first read ({@link #locate}), and the offsets of older ones are dropped,
 * least recently read first, past {@link #indexBudget} (BlitLog's class comment, "Long logs"). Not
 * thread-safe: its log calls it under its own lock.
 */
final class Segments {
    private final Path dir;
    private final boolean writer;
    /** The encoding word of the log's Blit (see {@code Segment.encoding}). */
    private final int encoding;
    private final List<Segment> list = new ArrayList<>();
    private final CRC32C crc = new CRC32C();
    /** The scans' scratch: a record's index, then its bytes a piece at a time (see {@link Segment#intact}). */
    private final byte[] scratch = new byte[Segment.CHECK_CHUNK];
    /** Where the writer's last sync left the log, as found on opening; null if there was none. */
    private Checkpoint checkpoint;
    /** Counts reads, to tell which segment was read least recently ({@link Segment#lastRead}). */
    private long readClock;
    /**
     * Most record offsets kept for the segments that may be dropped (4 bytes each: 64 MiB, the offsets of 16 Mi
     * records); tests lower it.
     */
    long indexBudget = 16L << 20;
    /**
     * Most segments that may be dropped kept mapped and indexed, however few records they hold: each mapping is
     * one of the process's (Linux allows 65,530 by default, and a JVM that reaches the limit aborts), so a log
     * of many small segments keeps a bounded number; tests lower it.
     */
    int mappedBudget = 256;
    /**
     * Segments indexed and their offsets since {@link #dropOldIndexes} last counted them exactly: hints that spare
     * it a walk over every segment (a log of many small segments would make that quadratic) while both are under
     * their budgets. They may overcount (segments deleted or released since), which costs one exact count.
     */
    private int mappedHint;
    private long heldHint;
    /** Most segments a writer leaves unsynced before it forces the oldest itself (see {@code BlitLog.roll}). */
    static final int UNSYNCED_SEGMENTS = 16;
    /** The writer's: the first segment that may hold bytes not yet forced to disk. */
    int syncFrom;

    /**
     * @param encoding the encoding word of the log's Blit (see {@code Segment.encoding}), which every segment's
     *                 header must fit
     */
    Segments(Path dir, boolean writer, int encoding) {
        this.dir = dir;
        this.writer = writer;
        this.encoding = encoding;
    }

    boolean isEmpty() {
        return list.isEmpty();
    }

    int size() {
        return list.size();
    }

    Segment get(int k) {
        return list.get(k);
    }

    Segment last() {
        return list.get(list.size() - 1);
    }

    /**
     * The writer's sync forced every segment before {@code last}: they may all be dropped now, so their offsets
     * and mappings are counted exactly (the hints left out the unsynced ones).
     */
    void synced(int last) {
        syncFrom = last;
        mappedHint = Integer.MAX_VALUE;
        dropOldIndexes(null);
    }

    /** Adds a segment the writer created, or a reader found after the last ({@link #followTail}). */
    void add(Segment s) {
        if (!list.isEmpty()) {
            counted(last()); // no longer the last: it may be dropped from now on
        }
        list.add(s);
        dropOldIndexes(null);
    }

    private void counted(Segment s) {
        if (s.indexed) {
            mappedHint++;
            heldHint += s.offsets.length;
        }
    }

    /** @return the first index of the oldest segment: 0 for an empty log */
    long first() {
        return list.isEmpty() ? 0 : list.get(0).first;
    }

    /** Removes the oldest segment from the list (its file is the caller's to delete) and releases it. */
    void removeFirst() {
        list.remove(0).release();
        syncFrom = Math.max(0, syncFrom - 1);
    }

    void releaseAll() {
        for (Segment s : list) {
            s.release();
        }
    }

    /** @return how many segments have their record offsets in memory */
    int indexedSegments() {
        int n = 0;
        for (Segment s : list) {
            if (s.indexed) {
                n++;
            }
        }
        return n;
    }

    // ---------------------------------------------------------------- opening

    /**
     * Maps and indexes the last segment, and for the writer the one before it (where a crash leaves its
     * traces), which the writer also repairs. The older segments are mapped and indexed when first read
     * ({@link #connect}), so opening costs the same however long the log.
     */
    void load() {
        // Called on an empty list: a load that fails leaves it empty again, with nothing of it mapped.
        try {
            loadNow();
        } catch (RuntimeException e) {
            releaseAll();
            list.clear();
            throw e;
        }
    }

    private void loadNow() {
        checkpoint = Checkpoint.read(dir);
        List<Long> firsts;
        int n;
        Segment last;
        for (int listing = 1; ; listing++) {
            firsts = listSegments();
            n = firsts.size();
            last = null;
            Path vanished = null;
            while (n > 0 && last == null) {
                Path path = dir.resolve(Segment.fileName(firsts.get(n - 1)));
                last = Segment.open(path, firsts.get(n - 1), encoding, writer, writer);
                if (last == null) {
                    if (Files.notExists(path)) {
                        // Deleted since the listing: the writer's deleteBefore, while the newest file, still being
                        // created, had no complete header yet. Not damage: what the directory holds now is the log.
                        vanished = path;
                        break;
                    }
                    if (n < firsts.size()) {
                        throw new BlitException("log segment " + path
                                + " has no complete header at offset 0, yet later segments exist");
                    }
                    if (writer) {
                        // A crash while the file was being created: it never held a record.
                        delete(path);
                    }
                    n--;
                }
            }
            if (vanished == null) {
                break;
            }
            if (listing == LISTINGS) {
                throw new BlitException("log segment " + vanished + " was deleted while the log was being opened, and"
                        + " so were others each of " + LISTINGS + " times the directory was listed: its files keep"
                        + " being deleted");
            }
        }
        for (int k = 0; k < n - 1; k++) {
            list.add(Segment.unmapped(dir.resolve(Segment.fileName(firsts.get(k))), firsts.get(k), encoding));
        }
        if (last == null) {
            return;
        }
        list.add(last);
        if (writer && list.size() >= 2) {
            // A crash between creating the last segment and sealing this one leaves it unsealed (roll): the
            // writer seals it now. A reader needs nothing from it until it reads there.
            connect(list.size() - 2);
        }
        Segment s = last;
        if (checkpoint != null) {
            checkpoint.index(s);
        }
        Segment.Stop stop = checked(s, s.scan(crc, scratch));
        // Damage the scan could not step over, in records a sync covered: bit rot, not a torn tail. Cutting there
        // would lose the synced records after it (and hand their indexes out again).
        while (stop == Segment.Stop.DAMAGED && checkpoint != null && checkpoint.first == s.first && s.end < checkpoint.end
                && Resync.across(s, checkpoint.end, checkpoint.crc, crc, scratch)) {
            stop = checked(s, s.scan(crc, scratch));
        }
        if (writer) {
            if (stop == Segment.Stop.FULL) {
                throw new BlitException("log segment " + s.path + " has no room for a record header at offset "
                        + s.end + ": it was not written by BlitLog");
            }
            // What lies past the end marker is never read; anything else past the last record is
            // what a crash left of an unfinished one.
            if (stop != Segment.Stop.SEALED && s.zeroTail()) {
                s.map.force();
            }
            s.ensureChannel();
            s.metaDirty = true;
        }
    }

    /**
     * BlitLog never seals a segment that holds no record (it grows it instead), so such a segment is damage;
     * followed, it would name itself as the next segment (same first index) and be opened again forever.
     */
    private static Segment.Stop checked(Segment s, Segment.Stop stop) {
        if (stop == Segment.Stop.SEALED && s.count == 0) {
            throw new BlitException("log segment " + s.path + " is sealed at offset " + s.end
                    + " without holding a record: BlitLog never writes that, the file is damaged");
        }
        return stop;
    }

    /**
     * Indexes segment {@code k}, which is not the last, and checks that its records lead up to the next
     * segment's first index; the writer also seals it where a crash left it unsealed. Then drops the offsets of
     * the least recently read older segments while they hold more than {@link #indexBudget} entries.
     */
    private void connect(int k) {
        Segment s = list.get(k);
        try {
            s.ensureMapped(writer);
            if (checkpoint != null) {
                checkpoint.index(s);
            }
            Segment.Stop stop = checked(s, s.scan(crc, scratch));
            long have = s.first + s.count;
            long next = list.get(k + 1).first;
            if (have > next) {
                throw new BlitException("log segment " + s.path + " holds records up to index " + (have - 1)
                        + " but the next segment starts at index " + next);
            }
            if (stop == Segment.Stop.SEALED) {
                if (have < next) {
                    throw new BlitException("records " + have + ".." + (next - 1) + " are missing: segment "
                            + s.path + " ends before the next segment starts");
                }
            } else if (have < next) {
                s.addUnlocatable(next - have);
            } else if (writer) {
                // A crash between creating the next segment and sealing this one.
                if ((long) s.end + 8 > s.limit) {
                    throw new BlitException("log segment " + s.path + " has no room for its end marker at offset " + s.end);
                }
                Segment.LONG.setRelease(s.map, s.end, Segment.END_MARKER);
                s.sealed = true;
                s.map.force();
            }
        } catch (BlitException e) {
            s.unindex();
            throw e;
        }
        s.syncedTo = s.limit;
        s.lastRead = ++readClock;
        counted(s);
        dropOldIndexes(s);
    }

    /**
     * Keeps the offsets of the segments that may be dropped under {@link #indexBudget} entries, and their
     * mappings under {@link #mappedBudget}, so that a reader going through a log of any length keeps flat memory.
     * Any segment but the last may be dropped (its records are final), except, on the writer, one that is not
     * synced yet ({@link BlitLog#sync} walks those).
     */
    void dropOldIndexes(Segment keep) {
        if (mappedHint <= mappedBudget && heldHint <= indexBudget) {
            return;
        }
        int evictable = writer ? Math.min(list.size() - 1, syncFrom) : list.size() - 1;
        long held = 0;
        int mapped = 0;
        for (int k = 0; k < evictable; k++) {
            Segment s = list.get(k);
            if (s.indexed) {
                held += s.offsets.length;
                mapped++;
            }
        }
        if (held > indexBudget || mapped > mappedBudget) {
            // Down to three quarters of the budgets: the next exact count is then a quarter of them away, so a log
            // at its budget walks its segments once per many adds, not at each.
            while (held > indexBudget - indexBudget / 4 || mapped > mappedBudget - mappedBudget / 4) {
                Segment oldest = null;
                for (int k = 0; k < evictable; k++) {
                    Segment s = list.get(k);
                    if (s.indexed && s != keep && (oldest == null || s.lastRead < oldest.lastRead)) {
                        oldest = s;
                    }
                }
                if (oldest == null) {
                    break;
                }
                held -= oldest.offsets.length;
                mapped--;
                oldest.unindex();
            }
        }
        mappedHint = mapped;
        heldHint = held;
    }

    /** How many times opening lists the directory again when a listed segment was deleted before it was opened. */
    private static final int LISTINGS = 10;
    /**
     * Run after each listing of a log directory, if set: tests use it to change the directory between a listing
     * and what follows, as a writer in another process can.
     */
    static volatile Runnable afterListing;

    private List<Long> listSegments() {
        List<Long> firsts = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            files.forEach(p -> {
                long first = Segment.parseName(p.getFileName().toString());
                if (first >= 0) {
                    firsts.add(first);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            throw new BlitException("cannot list log directory " + dir + ": " + e, e);
        }
        firsts.sort(null);
        Runnable hook = afterListing;
        if (hook != null) {
            hook.run();
        }
        return firsts;
    }

    private static void delete(Path path) {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new BlitException("cannot delete the unfinished log segment " + path + ": " + e, e);
        }
    }

    // ---------------------------------------------------------------- reading

    /**
     * @param index an index between {@link #first()} and the end of the log
     * @return the segment that holds it, indexed
     * @throws BlitException if the segment cannot be indexed (its file damaged or deleted), naming the index
     */
    Segment locate(long index) {
        int k = segmentOf(index);
        Segment s = list.get(k);
        if (!s.indexed) {
            try {
                connect(k);
            } catch (BlitException e) {
                if (forgetDeleted() && index < first()) {
                    throw new BlitException("no record at index " + index + ": the records before " + first()
                            + " were deleted after the log was opened", e);
                }
                throw new BlitException("record " + index + " cannot be located: " + e.getMessage(), e);
            }
        }
        s.lastRead = ++readClock;
        return s;
    }

    /**
     * Forgets the segments at the front whose files were deleted after the log was opened (by the writer's
     * {@link BlitLog#deleteBefore}, in another process, or by hand), so that a reader lagging behind retention
     * finds {@link BlitLog#firstIndex()} where the log now starts. Those it had mapped go too: a reader keeps
     * reading a deleted segment it had mapped only until it finds that the log has moved past it.
     *
     * @return whether any segment was forgotten
     */
    boolean forgetDeleted() {
        int n = 0;
        while (n < list.size() - 1 && !Files.exists(list.get(n).path)) {
            n++;
        }
        for (int j = 0; j < n; j++) {
            removeFirst();
        }
        return n > 0;
    }

    /** @return the position in the list of the segment that holds {@code index} */
    private int segmentOf(long index) {
        int hi = list.size() - 1;
        if (list.get(hi).first <= index) {
            return hi;
        }
        int lo = 0;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (list.get(mid).first <= index) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }

    /**
     * A reader's look at the tail: new records in the last segment, and the segments that follow it.
     *
     * @return the index after the last record found
     */
    long followTail() {
        Segment s = last();
        while (true) {
            Segment.Stop stop = checked(s, s.scan(crc, scratch));
            if (stop == Segment.Stop.FULL || stop == Segment.Stop.DAMAGED) {
                // Mapped while the writer was still sizing it? Otherwise a torn tail the writer will repair.
                if (s.remapIfGrown()) {
                    continue;
                }
                break;
            }
            if (stop != Segment.Stop.SEALED) {
                break;
            }
            long first = s.first + s.count;
            Path path = dir.resolve(Segment.fileName(first));
            Segment next = Segment.open(path, first, encoding, false, false);
            if (next == null) {
                // The writer creates the next file before it seals this one, so it is missing only if it was
                // deleted since (deleteBefore ran past this reader); then later segments exist.
                if (Files.exists(path) || !deletedAhead(first)) {
                    break;
                }
                reload();
                if (list.isEmpty()) { // emptied by hand meanwhile: the log's next look loads it again
                    return first;
                }
                s = last();
                if (s.first + s.count == first) {
                    // Reloading stopped at the same missing segment: a hole among the files, not a deletion this
                    // reader ran into; looking again would find it again, forever (found by the fuzzer)
                    break;
                }
                continue;
            }
            add(next);
            s = next;
        }
        return s.first + s.count;
    }

    /** @return whether the directory holds a segment starting at {@code first} or later */
    private boolean deletedAhead(long first) {
        List<Long> firsts = listSegments();
        return !firsts.isEmpty() && firsts.get(firsts.size() - 1) >= first;
    }

    /**
     * A reader whose next segment was deleted starts again from what the directory holds now, as opening does:
     * the segments it knew are released (those it had mapped too, whose records are no longer the log's), and
     * {@link #first()} is where the log now starts.
     */
    private void reload() {
        // The segments known so far stay, mapped and readable, until the directory's are loaded: a load that
        // fails (a damaged newest file) leaves the reader as it was, not with no segment at all while its log
        // still ends where it did (reads then failed with an IndexOutOfBoundsException).
        List<Segment> known = new ArrayList<>(list);
        Checkpoint had = checkpoint;
        list.clear();
        try {
            load();
        } catch (RuntimeException e) {
            list.addAll(known);
            checkpoint = had;
            throw e;
        }
        for (Segment s : known) {
            s.release();
        }
    }

    /**
     * Checks, at each sync of the writer (a {@code stat} beside the {@code fsync}s), that the segment being appended
     * to is still the file it opened: deleted or replaced by hand, records synced into the old one would be in no
     * file of the log, and a reopened log would hand their indexes out again. {@link WriterLock#checkInPlace} does
     * the same for the lock file, where a new one lets a second writer in.
     */
    void checkLastInPlace() {
        Segment s = last();
        if (s.fileKey != null) {
            Object now;
            try {
                now = Files.readAttributes(s.path, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
            } catch (java.nio.file.NoSuchFileException e) {
                now = null;
            } catch (IOException e) {
                throw new BlitException("sync of log " + dir + " failed: cannot look at " + s.path + ": " + e, e);
            }
            if (now == null && !Files.isDirectory(dir)) {
                throw new BlitException("sync of log " + dir + " failed: the directory no longer exists (renamed or deleted"
                        + " while the log was open for writing), so the records from index " + s.first + " on are not"
                        + " where the log is; reopen the log where it is now");
            }
            if (!s.fileKey.equals(now)) {
                throw new BlitException("sync of log " + dir + " failed: its segment " + s.path + " was "
                        + (now == null ? "deleted" : "replaced by another file") + " while the log was open for writing;"
                        + " the records from index " + s.first + " on are in no file of the log. Files of a log open for"
                        + " writing must not be deleted or replaced");
            }
        }
    }
}
