package dev.blit.bench.order;

import java.io.Serializable;
import java.math.BigDecimal;

/** One line of an {@link Order}; {@link #getOrder()} points back at it, which makes the graph cyclic. */
public class OrderLine implements Serializable {
    private static final long serialVersionUID = 1L;

    private Order order;
    private int lineNumber;
    private String description;
    private BigDecimal cost;

    public OrderLine() {
    }

    public OrderLine(Order order, int lineNumber, String description, BigDecimal cost) {
        this.order = order;
        this.lineNumber = lineNumber;
        this.description = description;
        this.cost = cost;
    }

    public Order getOrder() {
        return order;
    }

    public int getLineNumber() {
        return lineNumber;
    }

    public String getDescription() {
        return description;
    }

    public BigDecimal getCost() {
        return cost;
    }

    @Override
    public String toString() {
        return "OrderLine[" + lineNumber + ", " + description + ", " + cost + "]";
    }
}
