package dev.blit.bench.marketdata;

import java.io.Serializable;

/**
 * The market data of Minborg's "Did You Know the Fastest Way of Serializing a Java Field is not
 * Serializing it at All?" (2022): two longs and sixteen doubles, 144 bytes of data. Mutable with a
 * no-argument constructor, as Chronicle needs it.
 */
public class MarketData implements Serializable {
    private static final long serialVersionUID = 1L;

    long securityId;
    long time;
    double bidQty0, bidQty1, bidQty2, bidQty3;
    double askQty0, askQty1, askQty2, askQty3;
    double bidPrice0, bidPrice1, bidPrice2, bidPrice3;
    double askPrice0, askPrice1, askPrice2, askPrice3;

    public MarketData() {
    }

    /** @return a book snapshot with distinct values in every field */
    public static MarketData sample() {
        return fill(new MarketData());
    }

    static <T extends MarketData> T fill(T m) {
        m.securityId = 0x1234_5678_9ABCL;
        m.time = 1_700_000_000_123_456_789L;
        m.bidQty0 = 1_000_000;
        m.bidQty1 = 2_500_000;
        m.bidQty2 = 500_000;
        m.bidQty3 = 10_000_000;
        m.askQty0 = 1_500_000;
        m.askQty1 = 3_000_000;
        m.askQty2 = 750_000;
        m.askQty3 = 8_000_000;
        m.bidPrice0 = 1.08215;
        m.bidPrice1 = 1.08214;
        m.bidPrice2 = 1.08212;
        m.bidPrice3 = 1.08209;
        m.askPrice0 = 1.08218;
        m.askPrice1 = 1.08219;
        m.askPrice2 = 1.08221;
        m.askPrice3 = 1.08225;
        return m;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof MarketData)) {
            return false;
        }
        MarketData m = (MarketData) o;
        return securityId == m.securityId && time == m.time
                && bidQty0 == m.bidQty0 && bidQty1 == m.bidQty1 && bidQty2 == m.bidQty2 && bidQty3 == m.bidQty3
                && askQty0 == m.askQty0 && askQty1 == m.askQty1 && askQty2 == m.askQty2 && askQty3 == m.askQty3
                && bidPrice0 == m.bidPrice0 && bidPrice1 == m.bidPrice1 && bidPrice2 == m.bidPrice2 && bidPrice3 == m.bidPrice3
                && askPrice0 == m.askPrice0 && askPrice1 == m.askPrice1 && askPrice2 == m.askPrice2 && askPrice3 == m.askPrice3;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(securityId) * 31 + Long.hashCode(time);
    }

    @Override
    public String toString() {
        return "MarketData[" + securityId + " @" + time + ", bid " + bidQty0 + "@" + bidPrice0 + ", ask " + askQty0 + "@" + askPrice0 + " ...]";
    }
}
