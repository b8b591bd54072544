package dev.blit.log;

import dev.blit.BlitException;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The file an {@link ObjectFile.Writer} opened, as a stream. It writes at positions it keeps itself, so that
 * every operation can be repeated on a new channel ({@link Durable#onChannel}): an interrupt that reaches the
 * writer's thread in the middle of a write or a force closes a {@link FileChannel} for good, which would leave
 * the writer unable to write or force anything again (and its caller told that a sync failed that may well
 * have reached the disk). Writing the same bytes at the same offset again is harmless; so is forcing again.
 *
 * <p>Before each write (one per flushed staging area) it checks that the file is still as long as it left it,
 * and refuses to write if not: one {@code fstat} per write, not per value.
 */
final class FileSink extends OutputStream {
    private final Path path;
    private final String name;
    private FileChannel channel;
    /** Where the next byte goes in the file. */
    private long position;
    /**
     * Whether the file is a regular file, whose size must be {@link #position} before each write: writing at a
     * position of one's own into a file another program changed would overwrite its bytes, or leave a hole
     * of zeros between them and ours. A device ({@code /dev/null}) has no such size.
     */
    private final boolean checkSize;

    /**
     * @param path     the file, to open it again after an interrupt closed {@code channel}
     * @param channel  open for writing
     * @param position where the first byte goes
     */
    FileSink(Path path, FileChannel channel, long position) {
        this(path, channel, position, path.toString());
    }

    /** @param name the file as messages name it (a save's temporary file is named by the file it replaces) */
    FileSink(Path path, FileChannel channel, long position, String name) {
        this.name = name;
        this.path = path;
        this.channel = channel;
        this.position = position;
        this.checkSize = java.nio.file.Files.isRegularFile(path);
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[]{(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        long at = position;
        boolean[] checked = {!checkSize};
        Durable.onChannel(this::open, this::drop, () -> {
            if (!checked[0]) { // once: a write an interrupt cut short and repeated here may have grown the file
                long size = channel.size();
                if (size != at) {
                    throw new BlitException(name + " changed underneath its writer: it is " + size + " bytes, where"
                            + " this writer expected the " + at + " it left it at (another writer, or a truncation such"
                            + " as logrotate's copytruncate); nothing was written, since writing at offset " + at
                            + " would " + (size > at ? "overwrite bytes another program wrote" : "leave a hole of "
                            + (at - size) + " zero bytes") + ". An object file has one writer at a time");
                }
                checked[0] = true;
            }
            ByteBuffer bytes = ByteBuffer.wrap(b, off, len); // all of them again on a new channel
            long p = at;
            try {
                while (bytes.hasRemaining()) {
                    p += channel.write(bytes, p);
                }
            } catch (java.nio.channels.ClosedChannelException e) {
                throw e; // an interrupt: written again on a new channel
            } catch (IOException e) { // a full disk, a file size limit: say which file
                throw new BlitException("writing to " + name + " failed at offset " + p + ": " + e, e);
            }
            return null;
        });
        position = at + len;
    }

    /** Forces the file's content and size to the device. */
    void force() throws IOException {
        Durable.onChannel(this::open, this::drop, () -> {
            channel.force(true);
            return null;
        });
    }

    /** Cuts the file at {@code at}, and writes on from there. */
    void truncate(long at) throws IOException {
        Durable.onChannel(this::open, this::drop, () -> channel.truncate(at));
        position = at;
    }

    @Override
    public void close() throws IOException {
        if (channel != null) {
            channel.close();
            channel = null;
        }
    }

    private void open() {
        if (channel == null) {
            try {
                channel = FileChannel.open(path, StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new BlitException("cannot open " + path + " again after an interrupt closed it: " + e, e);
            }
        }
    }

    private void drop() {
        try {
            close();
        } catch (IOException ignored) {
            // it was closed under us; what was written is forced by the next force, not by closing
        }
        channel = null;
    }
}
