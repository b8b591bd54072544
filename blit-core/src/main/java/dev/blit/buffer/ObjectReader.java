package dev.blit.buffer;

/**
 * The reading twin of {@link ObjectWriter}: attached to a {@link ReadBuffer} by the object layer while it
 * decodes one value.
 */
public interface ObjectReader {
    /**
     * Reads one tagged value written by {@link ObjectWriter#writeObject}.
     *
     * @param in the buffer to read from
     * @return the value, possibly null
     */
    Object readObject(ReadBuffer in);

    /**
     * Publishes the object being decoded before its fields are read, so that back references to it inside
     * those fields (cycles) resolve. Serializers that create an object and then read its children call this
     * right after creating it; calling it when references are off costs nothing.
     *
     * @param value the freshly created, not yet filled object
     */
    void reference(Object value);
}
