package dev.blit.serial;

import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.gen.HookTable;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;

/**
 * Compatible mode for a class serialized through its hooks as a {@code Serializable} ({@link HookSerializer#evolvable}):
 * the first time its class appears in a message, the table of its serializable classes and their fields
 * ({@link HookTable}) comes before the content, which is the hooks' as in schema-consistent mode.
 *
 * <p>Writing caches nothing across messages. Reading compares the writer's table with the class's own, byte for
 * byte: when they are equal (the writer had the same classes, the common case) the content is read as in
 * schema-consistent mode, at the same cost; otherwise by a {@link WrittenLayout}, made once per distinct table and
 * cached keyed by the table's exact bytes.
 */
final class CompatibleHooks implements Serializer<Object> {
    private final HookSerializer hooks;
    private final int slot;
    private final HookTable table;

    CompatibleHooks(HookSerializer hooks, int slot) {
        this.hooks = hooks;
        this.slot = slot;
        this.table = hooks.table();
    }

    @Override
    public void write(WriteBuffer out, Object value) {
        if (WriteSession.of(out).describe(slot)) {
            table.write(out);
        }
        hooks.write(out, value);
    }

    @Override
    public Object read(ReadBuffer in) {
        ReadSession session = ReadSession.of(in);
        Object layout = session.layout(slot);
        if (layout == null) {
            layout = table.readTable(in, hooks::layout);
            session.layout(slot, layout);
        }
        return hooks.read(in, layout == HookTable.EXACT ? null : (WrittenLayout) layout);
    }

    @Override
    public boolean tracksReferences() {
        return hooks.tracksReferences();
    }

    /** @return the serializer of what follows the table */
    Serializer<Object> content() {
        return hooks;
    }
}
