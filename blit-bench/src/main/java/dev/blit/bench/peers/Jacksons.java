package dev.blit.bench.peers;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Jackson databind (JSON or Smile, its binary JSON) the usual fast way: one mapper, an {@link ObjectWriter} and an
 * {@link ObjectReader} bound to the type ahead of time, fields read and written directly (the models have
 * private fields without getters), writing into a reused byte stream.
 */
public final class Jacksons {
    private final ObjectWriter writer;
    private final ObjectReader reader;
    private final Bytes out = new Bytes();

    /** A {@link ByteArrayOutputStream} whose array can be read without a copy. */
    private static final class Bytes extends ByteArrayOutputStream {
        Bytes() {
            super(64 * 1024);
        }

        byte[] array() {
            return buf;
        }
    }

    /**
     * @param smile true for Smile (binary), false for JSON text
     * @param type  the root type written and read
     */
    public Jacksons(boolean smile, Class<?> type) {
        ObjectMapper mapper = smile ? new ObjectMapper(new SmileFactory()) : new ObjectMapper();
        mapper.setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE);
        mapper.setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY);
        mapper.setVisibility(PropertyAccessor.CREATOR, JsonAutoDetect.Visibility.ANY);
        this.writer = mapper.writerFor(type);
        this.reader = mapper.readerFor(type);
    }

    /** @return the number of bytes written into the reused stream */
    public int write(Object value) {
        out.reset();
        try {
            writer.writeValue(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.size();
    }

    /** @return the bytes of the last {@link #write}, read back into a new object */
    public Object readLastWritten() {
        return read(out.array(), out.size());
    }

    /** @return a copy of the bytes of the last {@link #write} */
    public byte[] lastWritten() {
        return out.toByteArray();
    }

    /** @return a new object read from {@code length} bytes of {@code data} */
    public Object read(byte[] data, int length) {
        try {
            return reader.readValue(data, 0, length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
