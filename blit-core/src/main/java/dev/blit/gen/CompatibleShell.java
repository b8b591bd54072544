package dev.blit.gen;

import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;

/**
 * The hot path of {@link CompatibleSerializer}, copied once per class: {@link CompatibleSerializer#shell}
 * defines a hidden class from this class's own bytes for every compatible class, so that each copy's call
 * to {@code exact} sees one receiver class and the JIT inlines the schema-consistent serializer behind it,
 * as it does in schema-consistent mode. One shared class would make that call site megamorphic (every
 * class's serializer behind one call) and cost a virtual call per object. The logic is
 * {@link CompatibleSerializer}'s; keep the two in step. No nested classes or lambdas: a hidden copy has no
 * nestmates.
 */
final class CompatibleShell implements Serializer<Object> {
    private final Serializer<Object> exact;
    private final CompatibleSerializer core;
    private final int slot;
    private final byte[] description;

    CompatibleShell(Serializer<Object> exact, CompatibleSerializer core, int slot, byte[] description) {
        this.exact = exact;
        this.core = core;
        this.slot = slot;
        this.description = description;
    }

    @Override
    public void write(WriteBuffer out, Object value) {
        if (WriteSession.of(out).describe(slot)) {
            out.writeBytes(description, 0, description.length);
        }
        exact.write(out, value);
    }

    @Override
    public Object read(ReadBuffer in) {
        ReadSession session = ReadSession.of(in);
        Object layout = session.layout(slot);
        if (layout == null) {
            layout = core.readTable(in);
            session.layout(slot, layout);
        }
        if (layout == FieldTable.EXACT) {
            return exact.read(in);
        }
        return core.readMapped(layout, in, session);
    }
}
