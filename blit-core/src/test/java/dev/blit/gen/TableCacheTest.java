package dev.blit.gen;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.lang.invoke.MethodHandles;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A reader caches what it made of each foreign field table (compatible mode), keyed by the table's bytes; hostile
 * input can send a different table of up to 1 MiB in every message, so what a class's cache keeps must stay small
 * whatever the tables: at most {@link FieldTable#MAX_CACHED} tables, none longer than
 * {@link FieldTable#MAX_CACHED_TABLE}, {@link FieldTable#MAX_CACHED_BYTES} in all. Each used to keep 64 tables of
 * any length (a copy of the bytes and a mapping as large: about 2 MB each).
 */
class TableCacheTest {
    private static final int INT = ClassModel.Kind.INT.ordinal() + 1;

    /** {@code uvar length}, then a table of Point's fields and one more, named {@code extra}. */
    private static byte[] pointTable(String extra) {
        WriteBuffer t = new WriteBuffer(64);
        t.writeUnsignedVarInt(3);
        t.writeString("x");
        t.writeByte(INT);
        t.writeString("y");
        t.writeByte(INT);
        t.writeString(extra);
        t.writeByte(INT);
        byte[] table = t.toByteArray();
        WriteBuffer d = new WriteBuffer(table.length + 5);
        d.writeUnsignedVarInt(table.length);
        d.writeBytes(table, 0, table.length);
        return d.toByteArray();
    }

    private static String name(int i, int length) {
        return String.format("z%07d", i) + "a".repeat(length - 8);
    }

    @Test
    void largeForeignFieldTablesAreReadButNotKept() {
        FieldTable own = new FieldTable(Fixtures.Point.class,
                ClassModel.of(Fixtures.Point.class, MethodHandles.lookup()).properties());
        for (int i = 0; i < 2 * FieldTable.MAX_CACHED; i++) {
            Object m = own.readTable(ReadBuffer.of(pointTable(name(i, 64 << 10))));
            assertNotSame(FieldTable.EXACT, m);
        }
        assertEquals(0, own.cachedTables());
        assertEquals(0, own.cachedBytes());
        // Short tables are kept, up to the bytes allowed in all, and a kept one is what a second read returns.
        byte[] small = pointTable("z");
        Object first = own.readTable(ReadBuffer.of(small));
        assertEquals(1, own.cachedTables());
        assertTrue(first == own.readTable(ReadBuffer.of(small)));
        for (int i = 0; i < 2 * FieldTable.MAX_CACHED; i++) {
            own.readTable(ReadBuffer.of(pointTable(name(i, FieldTable.MAX_CACHED_TABLE - 20))));
        }
        assertTrue(own.cachedBytes() <= FieldTable.MAX_CACHED_BYTES, own.cachedBytes() + " bytes");
        assertTrue(own.cachedTables() > 1 && own.cachedTables() <= FieldTable.MAX_CACHED, own.cachedTables() + "");
    }

    @Test
    void largeForeignHookTablesAreReadButNotKept() {
        HookTable own = new HookTable("a.Own", List.of(HookTable.slot("a.Own", false, new String[0], new Class<?>[0])));
        for (int i = 0; i < 2 * FieldTable.MAX_CACHED; i++) {
            String slot = name(i, 64 << 10);
            WriteBuffer out = new WriteBuffer(slot.length() + 16);
            new HookTable(slot, List.of(HookTable.slot(slot, false, new String[0], new Class<?>[0]))).write(out);
            Object m = own.readTable(ReadBuffer.of(out.toByteArray()), (written, at) -> written);
            assertNotSame(HookTable.EXACT, m);
        }
        assertEquals(0, own.cachedTables());
        assertEquals(0, own.cachedBytes());
        for (int i = 0; i < 2 * FieldTable.MAX_CACHED; i++) {
            String slot = name(i, 1000);
            WriteBuffer out = new WriteBuffer(slot.length() + 16);
            new HookTable(slot, List.of(HookTable.slot(slot, false, new String[0], new Class<?>[0]))).write(out);
            own.readTable(ReadBuffer.of(out.toByteArray()), (written, at) -> written);
        }
        assertTrue(own.cachedBytes() <= FieldTable.MAX_CACHED_BYTES, own.cachedBytes() + " bytes");
        assertTrue(own.cachedTables() > 1 && own.cachedTables() <= FieldTable.MAX_CACHED, own.cachedTables() + "");
    }
}
