package dev.blit.bench.order;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The order as a JDK {@link Externalizable}, written by hand: the order's fields, its customer and its lines
 * inline (each line's back reference is implied: the reader points every line it creates at the order being
 * read), {@code BigDecimal}s as unscaled bytes and scale. A subclass of {@link Order}, so the same graph check
 * applies; the JDK Serializable contender keeps using the plain classes.
 */
public final class ExternalizableOrder extends Order implements Externalizable {
    private static final long serialVersionUID = 1L;

    public ExternalizableOrder() {
    }

    /** @return a copy of {@code o} whose lines point back at the copy */
    static ExternalizableOrder of(Order o) {
        ExternalizableOrder e = new ExternalizableOrder();
        List<OrderLine> lines = new ArrayList<>(o.getOrderLines().size());
        for (OrderLine l : o.getOrderLines()) {
            lines.add(new OrderLine(e, l.getLineNumber(), l.getDescription(), l.getCost()));
        }
        e.set(o.getId(), o.getDescription(), o.getTotalCost(), lines, o.getCustomer());
        return e;
    }

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        out.writeLong(getId());
        writeString(out, getDescription());
        writeDecimal(out, getTotalCost());
        Customer c = getCustomer();
        out.writeBoolean(c != null);
        if (c != null) {
            out.writeLong(c.getId());
            writeString(out, c.getName());
        }
        List<OrderLine> lines = getOrderLines();
        out.writeInt(lines == null ? -1 : lines.size());
        if (lines != null) {
            for (OrderLine l : lines) {
                out.writeInt(l.getLineNumber());
                writeString(out, l.getDescription());
                writeDecimal(out, l.getCost());
            }
        }
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
        long id = in.readLong();
        String description = readString(in);
        BigDecimal totalCost = readDecimal(in);
        Customer customer = in.readBoolean() ? new Customer(in.readLong(), readString(in)) : null;
        int n = in.readInt();
        List<OrderLine> lines = null;
        if (n >= 0) {
            lines = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                lines.add(new OrderLine(this, in.readInt(), readString(in), readDecimal(in)));
            }
        }
        set(id, description, totalCost, lines, customer);
    }

    private static void writeString(ObjectOutput out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            out.writeUTF(s);
        }
    }

    private static String readString(ObjectInput in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    private static void writeDecimal(ObjectOutput out, BigDecimal d) throws IOException {
        if (d == null) {
            out.writeInt(-1);
            return;
        }
        byte[] unscaled = d.unscaledValue().toByteArray();
        out.writeInt(unscaled.length);
        out.write(unscaled);
        out.writeInt(d.scale());
    }

    private static BigDecimal readDecimal(ObjectInput in) throws IOException {
        int n = in.readInt();
        if (n < 0) {
            return null;
        }
        byte[] unscaled = new byte[n];
        in.readFully(unscaled);
        return new BigDecimal(new BigInteger(unscaled), in.readInt());
    }
}
