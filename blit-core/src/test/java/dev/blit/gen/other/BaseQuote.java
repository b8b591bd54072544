package dev.blit.gen.other;

/** Immutable superclass with no no-argument constructor: subclasses pass its field through super(...). */
public class BaseQuote {
    private final long sourceId;

    protected BaseQuote(long sourceId) {
        this.sourceId = sourceId;
    }

    public long sourceId() {
        return sourceId;
    }
}
