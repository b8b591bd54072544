package dev.blit.bench.order;

import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;

import java.io.Serializable;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The order of Sutherland's "Optimizing Java Serialization - Java vs XML vs JSON vs Kryo vs POF" (2013):
 * a customer, a total, and lines that each point back at the order. Only serializers that keep identity
 * can write it (the back references form cycles). For Jackson, {@code @JsonIdentityInfo} writes the order once
 * with an {@code @id} and each line's back reference as that id.
 */
@JsonIdentityInfo(generator = ObjectIdGenerators.IntSequenceGenerator.class)
public class Order implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private String description;
    private BigDecimal totalCost;
    private List<OrderLine> orderLines;
    private Customer customer;

    public Order() {
    }

    /**
     * @param lines how many order lines
     * @return an order with that many lines, each costing a little more than the last
     */
    public static Order sample(int lines) {
        Order o = new Order();
        o.id = 10_001L;
        o.description = "Online order";
        o.customer = new Customer(4_711L, "Hubert Farnsworth");
        o.orderLines = new ArrayList<>(lines);
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 1; i <= lines; i++) {
            BigDecimal cost = BigDecimal.valueOf(1_999L + i * 100L, 2);
            o.orderLines.add(new OrderLine(o, i, "Widget " + i, cost));
            total = total.add(cost);
        }
        o.totalCost = total;
        return o;
    }

    /**
     * @param expected an order
     * @param actual   what a decoder returned
     * @return whether {@code actual} is an order with the same values whose lines point back at it
     */
    public static boolean sameGraph(Order expected, Object actual) {
        if (!(actual instanceof Order)) {
            return false;
        }
        Order a = (Order) actual;
        if (a.id != expected.id || !Objects.equals(a.description, expected.description)
                || !Objects.equals(a.totalCost, expected.totalCost) || !Objects.equals(a.customer, expected.customer)
                || a.orderLines == null || a.orderLines.size() != expected.orderLines.size()) {
            return false;
        }
        for (int i = 0; i < a.orderLines.size(); i++) {
            OrderLine x = expected.orderLines.get(i);
            OrderLine y = a.orderLines.get(i);
            if (y.getOrder() != a || y.getLineNumber() != x.getLineNumber()
                    || !Objects.equals(y.getDescription(), x.getDescription()) || !Objects.equals(y.getCost(), x.getCost())) {
                return false;
            }
        }
        return true;
    }

    /** Sets every field at once (for {@link ExternalizableOrder}, which reads itself). */
    void set(long id, String description, BigDecimal totalCost, List<OrderLine> orderLines, Customer customer) {
        this.id = id;
        this.description = description;
        this.totalCost = totalCost;
        this.orderLines = orderLines;
        this.customer = customer;
    }

    public long getId() {
        return id;
    }

    public String getDescription() {
        return description;
    }

    public BigDecimal getTotalCost() {
        return totalCost;
    }

    public List<OrderLine> getOrderLines() {
        return orderLines;
    }

    public Customer getCustomer() {
        return customer;
    }

    @Override
    public String toString() {
        return "Order[" + id + ", " + description + ", " + totalCost + ", " + customer + ", " + orderLines + "]";
    }
}
