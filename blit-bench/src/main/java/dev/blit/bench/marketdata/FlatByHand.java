package dev.blit.bench.marketdata;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * What the generated flat serializer of MarketData does, written by hand with direct field access: one
 * {@code claim}/{@code take}, then 18 VarHandle stores or loads at constant offsets from the returned index.
 * A diagnostic for {@code FlatMarketDataBenchmark}: the difference to the generated serializer is the cost
 * of reaching the fields through method handles; the difference to the hand VarHandle codec of
 * MarketDataBenchmark (constant offsets into a plain array) is the cost of the buffer's cursor.
 */
public final class FlatByHand {
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle DOUBLE = MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

    private FlatByHand() {
    }

    public static void write(WriteBuffer out, MarketData m) {
        int p = out.claim(144);
        byte[] b = out.array();
        LONG.set(b, p, m.securityId);
        LONG.set(b, p + 8, m.time);
        DOUBLE.set(b, p + 16, m.bidQty0);
        DOUBLE.set(b, p + 24, m.bidQty1);
        DOUBLE.set(b, p + 32, m.bidQty2);
        DOUBLE.set(b, p + 40, m.bidQty3);
        DOUBLE.set(b, p + 48, m.askQty0);
        DOUBLE.set(b, p + 56, m.askQty1);
        DOUBLE.set(b, p + 64, m.askQty2);
        DOUBLE.set(b, p + 72, m.askQty3);
        DOUBLE.set(b, p + 80, m.bidPrice0);
        DOUBLE.set(b, p + 88, m.bidPrice1);
        DOUBLE.set(b, p + 96, m.bidPrice2);
        DOUBLE.set(b, p + 104, m.bidPrice3);
        DOUBLE.set(b, p + 112, m.askPrice0);
        DOUBLE.set(b, p + 120, m.askPrice1);
        DOUBLE.set(b, p + 128, m.askPrice2);
        DOUBLE.set(b, p + 136, m.askPrice3);
    }

    public static MarketData readInto(ReadBuffer in, MarketData m) {
        int p = in.take(144);
        byte[] b = in.array();
        m.securityId = (long) LONG.get(b, p);
        m.time = (long) LONG.get(b, p + 8);
        m.bidQty0 = (double) DOUBLE.get(b, p + 16);
        m.bidQty1 = (double) DOUBLE.get(b, p + 24);
        m.bidQty2 = (double) DOUBLE.get(b, p + 32);
        m.bidQty3 = (double) DOUBLE.get(b, p + 40);
        m.askQty0 = (double) DOUBLE.get(b, p + 48);
        m.askQty1 = (double) DOUBLE.get(b, p + 56);
        m.askQty2 = (double) DOUBLE.get(b, p + 64);
        m.askQty3 = (double) DOUBLE.get(b, p + 72);
        m.bidPrice0 = (double) DOUBLE.get(b, p + 80);
        m.bidPrice1 = (double) DOUBLE.get(b, p + 88);
        m.bidPrice2 = (double) DOUBLE.get(b, p + 96);
        m.bidPrice3 = (double) DOUBLE.get(b, p + 104);
        m.askPrice0 = (double) DOUBLE.get(b, p + 112);
        m.askPrice1 = (double) DOUBLE.get(b, p + 120);
        m.askPrice2 = (double) DOUBLE.get(b, p + 128);
        m.askPrice3 = (double) DOUBLE.get(b, p + 136);
        return m;
    }
}
