package dev.blit.log;

import dev.blit.BlitException;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.SplittableRandom;

/**
 * What the log and object files need from the file system to keep what they wrote: forcing a directory's
 * entries (a new or renamed file survives a power loss only once its directory is forced too), and replacing
 * a file in one step.
 */
final class Durable {
    private Durable() {
    }

    /** A file operation, for {@link #uninterruptibly}; {@code X} is what it may throw besides unchecked exceptions. */
    interface Io<T, X extends Exception> {
        T run() throws X;
    }

    /**
     * Runs a file operation with the thread's interrupt status cleared, and sets it again afterwards. A
     * {@link FileChannel} that an operation finds its thread interrupted in is closed for good
     * ({@link java.nio.channels.ClosedByInterruptException}), for every later caller too: an interrupt meant for
     * something else (an executor's {@code shutdownNow}, a cancelled {@code Future}) would leave a log or file
     * writer that can never force what it wrote. The operations are short and run to the end; the caller finds
     * its interrupt where it left it.
     */
    static <T, X extends Exception> T uninterruptibly(Io<T, X> io) throws X {
        boolean interrupted = Thread.interrupted();
        try {
            return io.run();
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /**
     * Runs an operation on a channel that {@code open} opens if it is not open, uninterruptibly
     * ({@link #uninterruptibly}), and once more on a new channel if the old one was closed meanwhile: an
     * interrupt arriving during an operation (clearing the status first cannot stop that one) closes the channel
     * for good. So the operation must be one that can be repeated (a positional write of the same bytes, a
     * force); it is tried a few times, for interrupts that keep coming, then its failure is thrown.
     *
     * @param open  opens the channel if it is closed
     * @param close drops the channel closed under the operation, so that {@code open} makes a new one
     * @param io    the operation
     */
    static <T> T onChannel(Runnable open, Runnable close, Io<T, IOException> io) throws IOException {
        for (int attempt = 1; ; attempt++) {
            try {
                open.run();
                return uninterruptibly(io);
            } catch (java.nio.channels.ClosedChannelException e) {
                close.run();
                if (attempt == 4) {
                    throw e;
                }
            }
        }
    }

    /**
     * Forces {@code dir}'s entries to the device: after a file was created, renamed or removed in it.
     *
     * @param dir a directory
     * @throws IOException if the directory cannot be opened or forced (not on Windows, which cannot open a
     *                     directory and makes the entry durable with the file)
     */
    static void syncDirectory(Path dir) throws IOException {
        try {
            uninterruptibly(() -> {
                try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
                    d.force(true);
                }
                return null;
            });
        } catch (IOException e) {
            if (!System.getProperty("os.name", "").startsWith("Windows")) {
                throw e;
            }
        }
    }

    /**
     * Creates a new, empty file beside {@code target} for its replacement, named {@code .NAME.RANDOM.tmp} so
     * that it is hidden on Unix and never mistaken for the file; the name is new (CREATE_NEW), so two writers
     * of one target never share one.
     *
     * @param target the file it will replace
     * @return the new file, open for writing, and its path
     * @throws IOException if it cannot be created
     */
    static Temp temporaryBeside(Path target) throws IOException {
        Path dir = directoryOf(target);
        String name = target.getFileName().toString();
        String prefix = "." + (name.length() > 200 ? name.substring(0, 200) : name) + ".";
        for (int attempt = 0; ; attempt++) {
            Path tmp = dir.resolve(prefix + Long.toHexString(new SplittableRandom().nextLong()) + ".tmp");
            try {
                return new Temp(tmp, FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            } catch (FileAlreadyExistsException e) {
                if (attempt == 16) {
                    throw e;
                }
            }
        }
    }

    /**
     * Moves {@code tmp}, already forced, over {@code target} in one step and forces the directory, so that after a
     * crash at any moment {@code target} is either what it was or all of {@code tmp}. An existing target's POSIX
     * permissions are carried over first (the new file would otherwise have the default ones).
     *
     * @param tmp    a file in {@code target}'s directory
     * @param target the file to replace, or to create
     * @throws BlitException if the file system cannot rename atomically (then nothing was replaced)
     * @throws IOException   if the move or the directory's sync fails
     */
    static void replace(Path tmp, Path target) throws IOException {
        if (Files.exists(target) && Files.getFileAttributeView(target, PosixFileAttributeView.class) != null) {
            Files.setPosixFilePermissions(tmp, Files.getPosixFilePermissions(target));
        }
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            throw new BlitException("cannot replace " + target + " in one step: its file system has no atomic rename ("
                    + e.getMessage() + "); write it with ObjectFile.writer instead, which writes in place", e);
        }
        syncDirectory(directoryOf(target));
    }

    /** @return the directory a file is (to be) in: its parent, or the working directory for a bare name */
    static Path directoryOf(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        return parent != null ? parent : file.toAbsolutePath();
    }

    /** A temporary file and the channel it was created with. */
    static final class Temp {
        final Path path;
        final FileChannel channel;

        Temp(Path path, FileChannel channel) {
            this.path = path;
            this.channel = channel;
        }
    }
}
