package dev.blit.bench.order;

import java.io.Serializable;
import java.util.Objects;

/** The customer of an {@link Order}. */
public class Customer implements Serializable {
    private static final long serialVersionUID = 1L;

    private long id;
    private String name;

    public Customer() {
    }

    public Customer(long id, String name) {
        this.id = id;
        this.name = name;
    }

    public long getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Customer && ((Customer) o).id == id && Objects.equals(((Customer) o).name, name);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(id);
    }

    @Override
    public String toString() {
        return "Customer[" + id + ", " + name + "]";
    }
}
