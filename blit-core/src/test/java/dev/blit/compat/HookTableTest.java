package dev.blit.compat;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Vector;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The table of a class serialized through its java.io hooks as a Serializable in compatible mode (FORMAT.md,
 * "Compatible mode"): its bytes (and none in schema-consistent mode, whose bytes do not change), a JDK class in the
 * hierarchy, a reader without the class reading past it by the table, and hostile tables refused with what and
 * where, never with another exception.
 */
class HookTableTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

    /** A class with writeObject/readObject below one without. */
    static class Base implements Serializable {
        int id = 5;
    }

    static final class Hooked extends Base {
        int x = 1;
        String label = "hi";
        transient int check = 155;

        private void writeObject(ObjectOutputStream o) throws IOException {
            o.defaultWriteObject();
            o.writeInt(check);
        }

        private void readObject(ObjectInputStream i) throws IOException, ClassNotFoundException {
            i.defaultReadObject();
            check = i.readInt();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Hooked && ((Hooked) o).x == x && ((Hooked) o).label.equals(label) && ((Hooked) o).check == check
                    && ((Hooked) o).id == id;
        }

        @Override
        public int hashCode() {
            return x;
        }
    }

    /** A {@code str} of ASCII text, in hex. */
    static String str(String s) {
        return uvar(2 * s.length() + 1) + " " + HEX.formatHex(s.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    /** A {@code uvar} below 16384, in hex. */
    static String uvar(int n) {
        return n < 128 ? String.format("%02x", n) : String.format("%02x %02x", n & 0x7f | 0x80, n >>> 7);
    }

    /** {@code uvar length} and the table of the given entries. */
    static String table(String entries) {
        return uvar(HEX.parseHex(entries).length) + " " + entries;
    }

    @Test
    void theTableListsEachClassAndItsFieldsAndTheContentIsUnchanged() {
        Blit compatible = Blit.builder().compatible(true).register(Hooked.class, 100).build();
        Blit schema = Blit.builder().register(Hooked.class, 100).build();
        String content = "0a 02 0b 05 68 69 02 06 9b 00 00 00 00"; // Base: id 5; Hooked's section: label, x; i32f 155; end
        assertEquals("64 " + content, HEX.formatHex(schema.toBytes(new Hooked())));
        // 6 entries: Base bare (16) with "id" int; Hooked with a section (17), "label" reference, "x" int; the marker
        String table = table("06 " + str(Base.class.getName()) + " 10 " + str("id") + " 05 " + str(Hooked.class.getName())
                + " 11 " + str("label") + " 09 " + str("x") + " 05 01 0f");
        assertEquals("64 " + table + " " + content, HEX.formatHex(compatible.toBytes(new Hooked())));
        RoundTrip.roundTrip(compatible, new Hooked(), HEX.parseHex(table).length + 14);
        // the second value in a message has no table
        assertEquals("24 02 64 " + table + " " + content + " 64 " + content,
                HEX.formatHex(compatible.toBytes(new ArrayList<>(List.of(new Hooked(), new Hooked())))));
    }

    /** A user class below a JDK class with hooks (Vector's putFields/readFields): the JDK class is a slot too. */
    static final class Stamped extends Vector<String> {
        int stamp;

        private Object readResolve() {
            return this;
        }
    }

    static final class Stamped2 extends Vector<String> {
        long stamp;
        String note;

        private Object readResolve() {
            return this;
        }
    }

    @Test
    void aJdkClassInTheHierarchyIsListedAndItsSubclassEvolves() {
        Blit w = Blit.builder().compatible(true).register(Stamped.class, 100).build();
        Stamped s = new Stamped();
        s.stamp = 3;
        s.add("a");
        byte[] bytes = w.toBytes(s);
        String hex = HEX.formatHex(bytes);
        // java.util.Vector with a section (its writeObject) and its fields, then Stamped, bare, with "stamp"
        assertTrue(hex.startsWith("64 " + table("07 " + str("java.util.Vector") + " 11 " + str("capacityIncrement") + " 05 "
                + str("elementCount") + " 05 " + str("elementData") + " 09 " + str(Stamped.class.getName()) + " 10 "
                + str("stamp") + " 05 01 0f")), hex);
        Stamped back = (Stamped) w.fromBytes(bytes);
        assertEquals(List.of("a"), back);
        assertEquals(3, back.stamp);
        Stamped2 evolved = (Stamped2) Blit.builder().compatible(true).register(Stamped2.class, 100).build().fromBytes(bytes);
        assertEquals(List.of("a"), evolved);
        assertEquals(3L, evolved.stamp);
        assertEquals(null, evolved.note);
        // JDK classes registered themselves, Blit choosing the serializer or handed JavaSerialization.create's
        java.util.concurrent.CopyOnWriteArrayList<Object> list = new java.util.concurrent.CopyOnWriteArrayList<>(List.of(1, "b"));
        Blit jdk = Blit.builder().compatible(true).register(Random.class, 100).register(list.getClass(), 101,
                dev.blit.serial.JavaSerialization.create(list.getClass(), null)).build();
        assertTrue(HEX.formatHex(jdk.toBytes(list)).startsWith("65 " + table("02 " + str(list.getClass().getName())
                + " 11 01 0f")), HEX.formatHex(jdk.toBytes(list)));
        assertEquals(list, RoundTrip.roundTrip(jdk, list, jdk.toBytes(list).length));
        Random random = new Random(42);
        assertTrue(HEX.formatHex(jdk.toBytes(random)).startsWith("64 " + table("05 " + str("java.util.Random") + " 11 "
                + str("haveNextNextGaussian") + " 01 " + str("nextNextGaussian") + " 08 " + str("seed") + " 06 01 0f")),
                HEX.formatHex(jdk.toBytes(random)));
        Random copy = (Random) jdk.fromBytes(jdk.toBytes(random));
        assertEquals(new Random(42).nextLong(), copy.nextLong());
    }

    /** A writer's field of a hook class the reader has no registration for: read past by its table, and dropped. */
    static final class Holder {
        int n;
        Object hooked;
        Object after;
    }

    static final class Holder2 {
        int n;
        Object after;
    }

    @Test
    void aReaderWithoutTheClassReadsPastItByItsTable() {
        Blit w = Blit.builder().compatible(true).references(true).register(Holder.class, 100).register(Hooked.class, 101)
                .build();
        Blit r = Blit.builder().compatible(true).references(true).register(Holder2.class, 100).build();
        Holder h = new Holder();
        h.n = 9;
        Hooked hooked = new Hooked();
        h.hooked = new ArrayList<>(List.of(hooked, hooked)); // the second is a back reference to the first
        h.after = new ArrayList<>(List.of("z"));
        List<Object> message = new ArrayList<>(List.of(h, h.after, hooked));
        Throwable e = assertThrows(BlitException.class, () -> r.fromBytes(w.toBytes(message)));
        // the hook object itself is never made, so a back reference to it from what the reader keeps is refused
        assertTrue(e.getMessage().contains("back reference"), e.getMessage());
        List<?> back = (List<?>) r.fromBytes(w.toBytes(new ArrayList<>(List.of(h, h.after))));
        Holder2 h2 = (Holder2) back.get(0);
        assertEquals(9, h2.n);
        assertSame(h2.after, back.get(1));
        assertEquals(List.of("z"), h2.after);
    }

    private static final Blit READER = Blit.builder().compatible(true).register(Hooked.class, 100).build();

    /** {@code 64}, a table of the given entries, then what follows. */
    private static byte[] message(String entriesHex, String after) {
        byte[] t = HEX.parseHex(entriesHex);
        StringBuilder sb = new StringBuilder("64 ").append(String.format("%02x", t.length)).append(' ').append(entriesHex);
        return HEX.parseHex((sb + " " + after).trim());
    }

    private static final String HOOKED = str(Hooked.class.getName());

    @Test
    void hostileTablesAreRefusedWithWhatAndWhere() {
        String[][] cases = {
            {"02 " + HOOKED + " 12 01 0f", "invalid type code 18 of entry dev.blit.compat.HookTableTest$Hooked at offset"},
            // FORMAT.md: a hook class's fields have codes 1..9 (a String one is 9, tagged), never 10
            {"03 " + HOOKED + " 11 03 78 0a 01 0f", "invalid type code 10 of entry x at offset 39"},
            {"03 " + HOOKED + " 11 " + HOOKED + " 11 01 0f", "class dev.blit.compat.HookTableTest$Hooked named twice at offset"},
            {"03 " + HOOKED + " 11 03 78 05 03 78 05 01 0f", "field dev.blit.compat.HookTableTest$Hooked.x named twice"},
            {"03 03 78 05 " + HOOKED + " 11 01 0f", "field x at offset 1 before any class's entry"},
            {"02 " + HOOKED + " 11 01 0f 00", "trailing bytes at offset"},
            {"02 01 0f " + HOOKED + " 11", "after the own-serializer marker"},
            {"01 " + HOOKED + " 11", "no own-serializer marker"},
            {"ff ff ff ff 0f " + HOOKED + " 11 01 0f", "offset"},
            {"02 " + HOOKED + " 11 01 0e", "invalid entry (an empty name with code 14) at offset"},
            {"01 01 0f", "no class's entry"},
        };
        for (String[] c : cases) {
            BlitException e = assertThrows(BlitException.class, () -> READER.fromBytes(message(c[0], "00")), c[0]);
            assertTrue(e.getMessage().contains("malformed field table of dev.blit.compat.HookTableTest$Hooked at offset 1")
                    && e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
        }
        // a table that claims more bytes than there are
        BlitException cut = assertThrows(BlitException.class, () -> READER.fromBytes(HEX.parseHex("64 7f 02")));
        assertTrue(cut.getMessage().contains("offset"), cut.getMessage());
    }

    /** Every prefix of a message, and every one-byte change in its table, gives a value or a BlitException. */
    @Test
    void damagedMessagesGiveBlitExceptionsOnly() {
        Blit w = Blit.builder().compatible(true).references(true).register(Holder.class, 100).register(Hooked.class, 101)
                .build();
        Blit r = Blit.builder().compatible(true).references(true).register(Holder2.class, 100).build();
        Holder h = new Holder();
        h.hooked = new Hooked();
        byte[] good = w.toBytes(h);
        byte[] own = READER.toBytes(new Hooked());
        assertEquals(0, ((Holder2) r.fromBytes(good)).n); // undamaged, read past by its table
        Random random = new Random(20261201);
        for (byte[] bytes : new byte[][] {good, own}) {
            for (Blit reader : new Blit[] {r, READER}) {
                for (int n = 0; n < bytes.length; n++) {
                    readOrRefuse(reader, java.util.Arrays.copyOf(bytes, n));
                    byte[] changed = bytes.clone();
                    changed[n] = (byte) random.nextInt(256);
                    readOrRefuse(reader, changed);
                }
            }
        }
    }

    private static void readOrRefuse(Blit reader, byte[] bytes) {
        try {
            reader.fromBytes(bytes);
        } catch (BlitException e) {
            assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
        }
    }
}
