package dev.blit.bench.marketdata;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.bytes.BytesUtil;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/**
 * {@link MarketData}'s fields on Chronicle's base class, in the three ways of Minborg's article (2022). This
 * class itself is Chronicle's default: {@code writeMarshallable(BytesOut)} as {@link SelfDescribingMarshallable}
 * inherits it, which walks the fields reflectively. {@link Explicit} writes the eighteen fields by hand;
 * {@link TriviallyCopyable} copies the object's field block with {@code unsafeWriteObject}, Chronicle's fastest
 * path. Chronicle reads fill an existing object (that is how its API is used); the other contenders create one.
 */
public class ChronicleMarketData extends SelfDescribingMarshallable {
    long securityId;
    long time;
    double bidQty0, bidQty1, bidQty2, bidQty3;
    double askQty0, askQty1, askQty2, askQty3;
    double bidPrice0, bidPrice1, bidPrice2, bidPrice3;
    double askPrice0, askPrice1, askPrice2, askPrice3;

    /** @return this object's values as a plain {@link MarketData}, to compare with the original */
    MarketData toMarketData() {
        MarketData m = new MarketData();
        m.securityId = securityId;
        m.time = time;
        m.bidQty0 = bidQty0;
        m.bidQty1 = bidQty1;
        m.bidQty2 = bidQty2;
        m.bidQty3 = bidQty3;
        m.askQty0 = askQty0;
        m.askQty1 = askQty1;
        m.askQty2 = askQty2;
        m.askQty3 = askQty3;
        m.bidPrice0 = bidPrice0;
        m.bidPrice1 = bidPrice1;
        m.bidPrice2 = bidPrice2;
        m.bidPrice3 = bidPrice3;
        m.askPrice0 = askPrice0;
        m.askPrice1 = askPrice1;
        m.askPrice2 = askPrice2;
        m.askPrice3 = askPrice3;
        return m;
    }

    /** @return {@code target} holding {@link MarketData#sample()}'s values */
    static <T extends ChronicleMarketData> T sample(T target) {
        MarketData m = MarketData.sample();
        target.securityId = m.securityId;
        target.time = m.time;
        target.bidQty0 = m.bidQty0;
        target.bidQty1 = m.bidQty1;
        target.bidQty2 = m.bidQty2;
        target.bidQty3 = m.bidQty3;
        target.askQty0 = m.askQty0;
        target.askQty1 = m.askQty1;
        target.askQty2 = m.askQty2;
        target.askQty3 = m.askQty3;
        target.bidPrice0 = m.bidPrice0;
        target.bidPrice1 = m.bidPrice1;
        target.bidPrice2 = m.bidPrice2;
        target.bidPrice3 = m.bidPrice3;
        target.askPrice0 = m.askPrice0;
        target.askPrice1 = m.askPrice1;
        target.askPrice2 = m.askPrice2;
        target.askPrice3 = m.askPrice3;
        return target;
    }

    /**
     * Writes a plain {@link MarketData}'s eighteen fields raw, not self-describing: what Chronicle Queue's
     * fastest documented append ({@code writingDocument()} with raw {@code Bytes} writes) puts in a record.
     */
    public static void writeFields(MarketData m, BytesOut<?> out) {
        out.writeLong(m.securityId);
        out.writeLong(m.time);
        out.writeDouble(m.bidQty0);
        out.writeDouble(m.bidQty1);
        out.writeDouble(m.bidQty2);
        out.writeDouble(m.bidQty3);
        out.writeDouble(m.askQty0);
        out.writeDouble(m.askQty1);
        out.writeDouble(m.askQty2);
        out.writeDouble(m.askQty3);
        out.writeDouble(m.bidPrice0);
        out.writeDouble(m.bidPrice1);
        out.writeDouble(m.bidPrice2);
        out.writeDouble(m.bidPrice3);
        out.writeDouble(m.askPrice0);
        out.writeDouble(m.askPrice1);
        out.writeDouble(m.askPrice2);
        out.writeDouble(m.askPrice3);
    }

    /** @return a new {@link MarketData} from the fields {@link #writeFields} wrote */
    public static MarketData readFields(BytesIn<?> in) {
        MarketData m = new MarketData();
        m.securityId = in.readLong();
        m.time = in.readLong();
        m.bidQty0 = in.readDouble();
        m.bidQty1 = in.readDouble();
        m.bidQty2 = in.readDouble();
        m.bidQty3 = in.readDouble();
        m.askQty0 = in.readDouble();
        m.askQty1 = in.readDouble();
        m.askQty2 = in.readDouble();
        m.askQty3 = in.readDouble();
        m.bidPrice0 = in.readDouble();
        m.bidPrice1 = in.readDouble();
        m.bidPrice2 = in.readDouble();
        m.bidPrice3 = in.readDouble();
        m.askPrice0 = in.readDouble();
        m.askPrice1 = in.readDouble();
        m.askPrice2 = in.readDouble();
        m.askPrice3 = in.readDouble();
        return m;
    }

    /** The article's "explicit" variant: every field written and read by hand. */
    public static final class Explicit extends ChronicleMarketData {
        @Override
        public void writeMarshallable(BytesOut<?> out) {
            out.writeLong(securityId);
            out.writeLong(time);
            out.writeDouble(bidQty0);
            out.writeDouble(bidQty1);
            out.writeDouble(bidQty2);
            out.writeDouble(bidQty3);
            out.writeDouble(askQty0);
            out.writeDouble(askQty1);
            out.writeDouble(askQty2);
            out.writeDouble(askQty3);
            out.writeDouble(bidPrice0);
            out.writeDouble(bidPrice1);
            out.writeDouble(bidPrice2);
            out.writeDouble(bidPrice3);
            out.writeDouble(askPrice0);
            out.writeDouble(askPrice1);
            out.writeDouble(askPrice2);
            out.writeDouble(askPrice3);
        }

        @Override
        public void readMarshallable(BytesIn<?> in) {
            securityId = in.readLong();
            time = in.readLong();
            bidQty0 = in.readDouble();
            bidQty1 = in.readDouble();
            bidQty2 = in.readDouble();
            bidQty3 = in.readDouble();
            askQty0 = in.readDouble();
            askQty1 = in.readDouble();
            askQty2 = in.readDouble();
            askQty3 = in.readDouble();
            bidPrice0 = in.readDouble();
            bidPrice1 = in.readDouble();
            bidPrice2 = in.readDouble();
            bidPrice3 = in.readDouble();
            askPrice0 = in.readDouble();
            askPrice1 = in.readDouble();
            askPrice2 = in.readDouble();
            askPrice3 = in.readDouble();
        }
    }

    /** The article's fastest variant: the object's field block copied as raw memory. */
    public static final class TriviallyCopyable extends ChronicleMarketData {
        private static final int START = BytesUtil.triviallyCopyableStart(TriviallyCopyable.class);
        private static final int LENGTH = BytesUtil.triviallyCopyableLength(TriviallyCopyable.class);

        @Override
        public void writeMarshallable(BytesOut<?> out) {
            out.unsafeWriteObject(this, START, LENGTH);
        }

        @Override
        public void readMarshallable(BytesIn<?> in) {
            in.unsafeReadObject(this, START, LENGTH);
        }
    }
}
