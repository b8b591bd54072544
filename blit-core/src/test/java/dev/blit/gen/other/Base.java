package dev.blit.gen.other;

/** A superclass in another package than its subclasses: its private and protected fields are still written. */
public abstract class Base {
    private long baseId;
    protected String label;
    public int x;

    protected Base() {
    }

    protected Base(long baseId, String label, int x) {
        this.baseId = baseId;
        this.label = label;
        this.x = x;
    }

    public long baseId() {
        return baseId;
    }

    public String label() {
        return label;
    }
}
