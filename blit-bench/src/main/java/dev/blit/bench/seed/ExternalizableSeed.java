package dev.blit.bench.seed;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/**
 * The seed object as a JDK {@link Externalizable}: the same fields, written by hand with {@code writeExternal}
 * and {@code readExternal} (the JDK then writes only the class descriptor and this content). The JDK constructs it
 * with the public no-argument constructor and lets it read itself, so its fields cannot be final.
 */
public final class ExternalizableSeed implements Externalizable {
    private static final long serialVersionUID = 1L;

    long sourceId;
    boolean special;
    int orderCode;
    int priority;
    double[] prices;
    long[] quantities;

    public ExternalizableSeed() {
    }

    static ExternalizableSeed of(Seed s) {
        ExternalizableSeed e = new ExternalizableSeed();
        e.sourceId = s.sourceId();
        e.special = s.special();
        e.orderCode = s.orderCode();
        e.priority = s.priority();
        e.prices = s.prices();
        e.quantities = s.quantities();
        return e;
    }

    Seed toSeed() {
        return new Seed(sourceId, special, orderCode, priority, prices, quantities);
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        out.writeLong(sourceId);
        out.writeBoolean(special);
        out.writeInt(orderCode);
        out.writeInt(priority);
        out.writeInt(prices.length);
        for (double p : prices) {
            out.writeDouble(p);
        }
        out.writeInt(quantities.length);
        for (long q : quantities) {
            out.writeLong(q);
        }
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
        sourceId = in.readLong();
        special = in.readBoolean();
        orderCode = in.readInt();
        priority = in.readInt();
        prices = new double[in.readInt()];
        for (int i = 0; i < prices.length; i++) {
            prices[i] = in.readDouble();
        }
        quantities = new long[in.readInt()];
        for (int i = 0; i < quantities.length; i++) {
            quantities[i] = in.readLong();
        }
    }
}
