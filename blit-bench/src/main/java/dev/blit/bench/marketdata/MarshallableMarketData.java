package dev.blit.bench.marketdata;

import dev.blit.Marshallable;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

/** {@link MarketData} writing and reading itself with Blit's buffer API, field by field. */
public final class MarshallableMarketData extends MarketData implements Marshallable {
    private static final long serialVersionUID = 1L;

    public MarshallableMarketData() {
    }

    static MarshallableMarketData marshallableSample() {
        return fill(new MarshallableMarketData());
    }

    @Override
    public void writeMarshallable(WriteBuffer out) {
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
    public void readMarshallable(ReadBuffer in) {
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
