package dev.blit.bench.peers;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;

/**
 * JDK serialization into a reused byte array stream. An {@link ObjectOutputStream} cannot be reused for
 * independent messages (it remembers what it wrote), so each message gets a new one, as in every article.
 */
public final class JdkSerialization {
    private final Bytes bytes = new Bytes();

    /** A {@link ByteArrayOutputStream} whose array can be read without a copy. */
    private static final class Bytes extends ByteArrayOutputStream {
        Bytes() {
            super(4096);
        }

        byte[] array() {
            return buf;
        }
    }

    /**
     * @param value a {@link java.io.Serializable} graph
     * @return the number of bytes written
     */
    public int write(Object value) {
        bytes.reset();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.size();
    }

    /** @return the bytes of the last {@link #write}, read back */
    public Object readLastWritten() {
        return read(bytes.array(), bytes.size());
    }

    /** @return a copy of the bytes of the last {@link #write} */
    public byte[] lastWritten() {
        return bytes.toByteArray();
    }

    /**
     * @param data   bytes written by {@link #write}
     * @param length how many of them
     * @return a new object graph
     */
    public static Object read(byte[] data, int length) {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(data, 0, length))) {
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
