package dev.blit.bench.seed;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.io.Serializable;
import java.util.Arrays;

/**
 * The object of Thompson's "Native C/C++ Like Performance For Java Object Serialization" (2014): four
 * primitives and two ten-element arrays. Like the article's class it is immutable and has no no-argument
 * constructor, so every reader builds it through the constructor (Kryo needs Objenesis for it).
 */
public final class Seed implements Serializable {
    private static final long serialVersionUID = 1L;

    private final long sourceId;
    private final boolean special;
    private final int orderCode;
    private final int priority;
    private final double[] prices;
    private final long[] quantities;

    @JsonCreator
    public Seed(@JsonProperty("sourceId") long sourceId, @JsonProperty("special") boolean special,
                @JsonProperty("orderCode") int orderCode, @JsonProperty("priority") int priority,
                @JsonProperty("prices") double[] prices, @JsonProperty("quantities") long[] quantities) {
        this.sourceId = sourceId;
        this.special = special;
        this.orderCode = orderCode;
        this.priority = priority;
        this.prices = prices;
        this.quantities = quantities;
    }

    /** @return the article's values: 1010, true, 777, 99, {0.1 .. 1.0}, {1 .. 10} */
    public static Seed sample() {
        double[] prices = new double[10];
        long[] quantities = new long[10];
        for (int i = 0; i < 10; i++) {
            prices[i] = (i + 1) / 10.0;
            quantities[i] = i + 1;
        }
        return new Seed(1010L, true, 777, 99, prices, quantities);
    }

    public long sourceId() {
        return sourceId;
    }

    public boolean special() {
        return special;
    }

    public int orderCode() {
        return orderCode;
    }

    public int priority() {
        return priority;
    }

    public double[] prices() {
        return prices;
    }

    public long[] quantities() {
        return quantities;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Seed)) {
            return false;
        }
        Seed s = (Seed) o;
        return sourceId == s.sourceId && special == s.special && orderCode == s.orderCode && priority == s.priority
                && Arrays.equals(prices, s.prices) && Arrays.equals(quantities, s.quantities);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(sourceId) * 31 + orderCode;
    }

    @Override
    public String toString() {
        return "Seed[" + sourceId + ", " + special + ", " + orderCode + ", " + priority + ", "
                + Arrays.toString(prices) + ", " + Arrays.toString(quantities) + "]";
    }
}
