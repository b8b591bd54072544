package dev.blit.bench.seed;

import dev.blit.Marshallable;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

/**
 * The seed object as a Blit {@link Marshallable}: the same fields, written by hand with the buffer API.
 * Blit constructs it with the no-argument constructor and then lets it read itself, so its fields cannot
 * be final.
 */
public final class MarshallableSeed implements Marshallable {
    long sourceId;
    boolean special;
    int orderCode;
    int priority;
    double[] prices;
    long[] quantities;

    public MarshallableSeed() {
    }

    static MarshallableSeed of(Seed s) {
        MarshallableSeed m = new MarshallableSeed();
        m.sourceId = s.sourceId();
        m.special = s.special();
        m.orderCode = s.orderCode();
        m.priority = s.priority();
        m.prices = s.prices();
        m.quantities = s.quantities();
        return m;
    }

    Seed toSeed() {
        return new Seed(sourceId, special, orderCode, priority, prices, quantities);
    }

    @Override
    public void writeMarshallable(WriteBuffer out) {
        out.writeLong(sourceId);
        out.writeBoolean(special);
        out.writeInt(orderCode);
        out.writeInt(priority);
        out.writeDoubleArray(prices);
        out.writeLongArray(quantities);
    }

    @Override
    public void readMarshallable(ReadBuffer in) {
        sourceId = in.readLong();
        special = in.readBoolean();
        orderCode = in.readInt();
        priority = in.readInt();
        prices = in.readDoubleArray();
        quantities = in.readLongArray();
    }
}
