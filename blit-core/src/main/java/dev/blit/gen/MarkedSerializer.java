package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;

/**
 * Compatible mode: content that has no fields to list (an enum's ordinal, a {@code Marshallable}'s or a user
 * {@code Serializer}'s bytes, {@code java.io} hooks) behind a field table of its marker alone, the first time
 * its class appears in a message ({@code 03 01 01 0e} for an enum, {@code 03 01 01 0f} otherwise; FORMAT.md,
 * "Compatible mode"). Every user class's first value in a compatible message then starts with a table, so a
 * reader that lacks the class can tell what follows: fields it can skip, an ordinal, or bytes only the class's
 * own code can read ({@link UnknownClass}).
 */
final class MarkedSerializer implements Serializer<Object> {
    private final Serializer<Object> content;
    private final Class<?> type;
    private final int slot;
    private final int marker;
    /** The table's four bytes, {@code 03 01 01 marker}, as the little-endian int they make: one write, one compare. */
    private final int table;

    @SuppressWarnings("unchecked")
    private MarkedSerializer(Serializer<?> content, Class<?> type, int slot, int marker) {
        this.content = (Serializer<Object>) content;
        this.type = type;
        this.slot = slot;
        this.marker = marker;
        byte[] t = ClassLayout.markerTable(marker);
        this.table = (t[0] & 0xff) | (t[1] & 0xff) << 8 | (t[2] & 0xff) << 16 | (t[3] & 0xff) << 24; // as readInt reads it
    }

    /**
     * @param content the class's serializer, which writes what follows the table
     * @param type    the class, for messages
     * @param options the instance's options: a slot is taken from them
     * @return {@code content} behind its table in compatible mode, {@code content} itself otherwise
     */
    static Serializer<?> of(Serializer<?> content, Class<?> type, ClassSerializers.Options options) {
        if (!options.compatible || content == null) {
            return content;
        }
        return new MarkedSerializer(content, type, options.slots++, content instanceof EnumSerializer
                ? ClassLayout.MARKER_ENUM : ClassLayout.MARKER_OPAQUE); // an enum the user serializes is his content
    }

    @Override
    public void write(WriteBuffer out, Object value) {
        if (WriteSession.of(out).describe(slot)) {
            out.writeInt(table);
        }
        content.write(out, value);
    }

    @Override
    public Object read(ReadBuffer in) {
        ReadSession session = ReadSession.of(in);
        if (session.layout(slot) == null) {
            table(in, session);
        }
        return content.read(in);
    }

    @Override
    public Object readInto(ReadBuffer in, Object target) {
        ReadSession session = ReadSession.of(in);
        if (session.layout(slot) == null) {
            table(in, session);
        }
        return content.readInto(in, target);
    }

    /**
     * Reads the table, due at the class's first value in the message: exactly its marker's. Apart from
     * {@link #read}, which every value of an enum goes through, so that it stays small enough to inline.
     */
    private void table(ReadBuffer in, ReadSession session) {
        long at = in.offset();
        if (in.readInt() != table) {
            throw notItsTable(at);
        }
        session.layout(slot, Boolean.TRUE);
    }

    private BlitException notItsTable(long at) {
        return new BlitException(ClassLayout.notMarkerTable(type.getName(), at, marker));
    }

    /** @return the serializer of what follows the table */
    Serializer<Object> content() {
        return content;
    }

    @Override
    public boolean tracksReferences() {
        return content.tracksReferences();
    }
}
