package dev.blit.bench.seed;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

/**
 * The seed object's content exactly as Blit's generated serializer writes it (FORMAT.md, "User classes": the
 * fields sorted by name, {@code int} and {@code long} as zigzag varints, each array field tagged, null as the
 * tag {@code 00}), written by hand with the buffer API, as a user would write a {@link Serializer} of their
 * own for these bytes. The benchmark's setup checks that both give the same bytes, so the two rows compare the
 * code and nothing else: what "generated code as fast as hand-written code" means when the format is fixed.
 * Unlike the generated code it has no depth check and no reference tracking for the arrays (the benchmark's
 * Blit has references off, where tracking costs one null check).
 */
final class SameBytesSeedSerializer implements Serializer<Seed> {
    private static final int LONG_ARRAY = 17;
    private static final int DOUBLE_ARRAY = 19;

    @Override
    public void write(WriteBuffer out, Seed s) {
        out.writeVarInt(s.orderCode());
        double[] prices = s.prices();
        if (prices == null) {
            out.writeByte(0);
        } else {
            out.writeByte(DOUBLE_ARRAY);
            out.writeDoubleArray(prices);
        }
        out.writeVarInt(s.priority());
        long[] quantities = s.quantities();
        if (quantities == null) {
            out.writeByte(0);
        } else {
            out.writeByte(LONG_ARRAY);
            out.writeLongArray(quantities);
        }
        out.writeVarLong(s.sourceId());
        out.writeBoolean(s.special());
    }

    @Override
    public Seed read(ReadBuffer in) {
        int orderCode = in.readVarInt();
        double[] prices = tag(in, DOUBLE_ARRAY) ? in.readDoubleArray() : null;
        int priority = in.readVarInt();
        long[] quantities = tag(in, LONG_ARRAY) ? in.readLongArray() : null;
        long sourceId = in.readVarLong();
        return new Seed(sourceId, in.readBoolean(), orderCode, priority, prices, quantities);
    }

    /** @return true for the array's tag, false for null; anything else is refused */
    private static boolean tag(ReadBuffer in, int expected) {
        int tag = in.readByte();
        if (tag == expected) {
            return true;
        }
        if (tag != 0) {
            throw in.malformed("type id " + tag + " where " + expected + " or null was expected");
        }
        return false;
    }
}
