package dev.blit.buffer;

/**
 * The hook through which a {@link WriteBuffer} writes whole objects. The object layer ({@code dev.blit})
 * implements it and attaches it to a buffer for the duration of one {@code write}, so the byte layer never
 * depends on the object layer, yet a {@code Marshallable} can call {@link WriteBuffer#writeObject(Object)}.
 */
public interface ObjectWriter {
    /**
     * Writes {@code value} (possibly null) as a tagged value: its type, then its content.
     *
     * @param out   the buffer to write to
     * @param value the value, or null
     */
    void writeObject(WriteBuffer out, Object value);
}
