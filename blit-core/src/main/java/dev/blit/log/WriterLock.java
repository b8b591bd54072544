package dev.blit.log;

import dev.blit.BlitException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A log writer's exclusive lock on {@value BlitLog#LOCK_FILE}: what keeps a second writer out, in this JVM or
 * another process. Apart from {@link BlitLog} because POSIX record locks belong to the process, not to the
 * channel that took them, which takes a table of this JVM's writers and some care never to close a channel
 * that would drop another writer's lock.
 */
final class WriterLock {
    /**
     * The lock files this JVM has a writer open on, by file key (device and inode; the real path where the file
     * system has no file keys). A second writer in the same JVM is refused here, before it opens the lock file:
     * closing any channel of that file drops every lock the process holds on it (POSIX record locks belong to
     * the process), so a refused attempt that opened and closed one would release the first writer's lock and
     * let a writer in another process in. The file key, not the directory's path, finds the first writer after
     * its directory was renamed or is reached through a link. Guarded by itself.
     */
    private static final java.util.Set<Object> WRITING = new java.util.HashSet<>();
    /**
     * Channels of a lock file that were opened and then found to be on a file this process has locked (a lock
     * this JVM took other than through a writer, or a file swapped in between the check and the open): kept open
     * for good, since closing one would drop that lock. Only in those odd cases; guarded by {@link #WRITING}.
     */
    private static final java.util.List<FileChannel> NEVER_CLOSED = new java.util.ArrayList<>();

    private final Path dir;
    private final Path file;
    private FileChannel lockChannel;
    private FileLock lock;
    /** This writer's entry in {@link #WRITING}, or null. */
    private Object claimed;

    private WriterLock(Path dir) {
        this.dir = dir;
        this.file = dir.resolve(BlitLog.LOCK_FILE);
    }

    /**
     * Takes the write lock of the log in {@code dir}, or refuses: a writer of this JVM has it (found by the lock
     * file's key, whatever path reached it), a writer of another process has it, or the lock file is not one.
     *
     * @return the lock, to {@link #release} when the writer closes
     */
    static WriterLock take(Path dir) {
        WriterLock l = new WriterLock(dir);
        try {
            l.lock();
        } catch (RuntimeException e) {
            l.release();
            throw e;
        }
        return l;
    }

    private void lock() {
        synchronized (WRITING) {
            if (Files.exists(file) && !Files.isRegularFile(file)) { // a named pipe's open would wait forever
                throw new BlitException("cannot lock log " + dir + ": its lock file " + file + " is not a regular file");
            }
            Object before = lockKey(file);
            if (before != null && WRITING.contains(before)) {
                throw openHere(file);
            }
            try {
                lockChannel = Durable.uninterruptibly(() -> FileChannel.open(file, StandardOpenOption.CREATE,
                        StandardOpenOption.WRITE));
            } catch (IOException e) {
                throw new BlitException("cannot lock log " + dir + " (" + file + "): " + e, e);
            }
            Object key = lockKey(file);
            if (key == null || WRITING.contains(key) || (before != null && !before.equals(key))) {
                // The file changed between the look and the open: which one the channel is on is unknown, and it
                // may be one this process has locked, so it is never closed.
                NEVER_CLOSED.add(lockChannel);
                lockChannel = null;
                throw key != null && WRITING.contains(key) ? openHere(file)
                        : new BlitException("cannot lock log " + dir + ": its lock file " + file
                        + " was replaced or removed while it was being opened");
            }
            try {
                lock = Durable.uninterruptibly(() -> lockChannel.tryLock());
            } catch (OverlappingFileLockException e) {
                // A lock this JVM holds on the file other than through a writer: closing would drop it.
                NEVER_CLOSED.add(lockChannel);
                lockChannel = null;
                throw openHere(file);
            } catch (IOException e) {
                throw new BlitException("cannot lock log " + dir + " (" + file + "): " + e, e);
            }
            if (lock == null) {
                throw new BlitException("log " + dir + " is already open for writing by another process (" + file
                        + " is locked)");
            }
            WRITING.add(key);
            claimed = key;
        }
    }

    private BlitException openHere(Path file) {
        return new BlitException("log " + dir + " is already open for writing in this JVM (its lock file " + file
                + " is held by a writer of this process, perhaps opened by another path to the directory: renamed,"
                + " or through a link)");
    }

    /** @return what identifies the lock file in {@link #WRITING}, or null if it does not exist */
    private Object lockKey(Path file) {
        try {
            Object key = Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).fileKey();
            return key != null ? key : file.toRealPath();
        } catch (java.nio.file.NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new BlitException("cannot lock log " + dir + " (" + file + "): " + e, e);
        }
    }

    /**
     * After a sync, whether the lock file is still the one this writer locked: deleted or replaced by hand, it
     * no longer keeps a second writer out, which the writer's next sync says.
     */
    void checkInPlace() {
        if (claimed != null && !claimed.equals(lockKey(file))) {
            throw new BlitException("log " + dir + ": its lock file " + file + " was deleted or"
                    + " replaced while the log was open for writing, so another writer may have opened the log (the"
                    + " records appended so far were synced). Files of a log open for writing must not be deleted or"
                    + " replaced");
        }
    }

    /** Releases the lock and closes its file, and lets a writer of this JVM take it again. */
    void release() {
        synchronized (WRITING) { // the channel closed and the entry gone together, for a writer opening meanwhile
            try {
                if (lock != null) {
                    lock.release();
                }
                if (lockChannel != null) {
                    lockChannel.close();
                }
            } catch (IOException e) {
                throw new BlitException("cannot release the lock of log " + dir + ": " + e, e);
            } finally {
                lock = null;
                lockChannel = null;
                if (claimed != null) {
                    WRITING.remove(claimed);
                    claimed = null;
                }
            }
        }
    }
}
