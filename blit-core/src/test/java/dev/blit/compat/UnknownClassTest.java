package dev.blit.compat;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Marshallable;
import dev.blit.RoundTrip;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Compatible mode: a reader drops a field its class lacks even when the value's class is one it has no
 * registration for (the writer's next release added {@code Address address}, {@code Status status}, ... with
 * classes of their own), reading past it by the field table every user class's first value in a message carries:
 * fields, an exception's content, a collection's elements or a map's entries, an enum's ordinal. Content of a
 * class's own serializer ({@code Marshallable}, a user {@code Serializer}) cannot be read past, and says so.
 */
class UnknownClassTest {

    enum Status { NEW, SHIPPED, LOST }

    record Geo(double lat, double lon) {
    }

    record Address(String street, Geo geo, Status status) {
    }

    static final class Trouble extends Exception {
        final int code;

        Trouble(String message, Throwable cause, int code) {
            super(message, cause);
            this.code = code;
        }
    }

    static final class Bag extends ArrayList<Address> {
        String label;
    }

    static final class Note implements Marshallable {
        int n;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeInt(n);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            n = in.readInt();
        }
    }

    static final class Leaf {
        String name;

        Leaf() {
        }

        Leaf(String name) {
            this.name = name;
        }
    }

    /** The writer's class: the reader's {@link Kept} and fields of classes the reader has never heard of. */
    static final class Added {
        Leaf a;
        Address address;
        Bag bag;
        Map<String, Address> byName;
        List<Address> history;
        Object note;
        Status status;
        Trouble trouble;
        long id;
        Leaf z;
    }

    /** The reader's class. */
    static final class Kept {
        Leaf a;
        long id;
        Leaf z;
    }

    private static Blit writer(boolean references) {
        return Blit.builder().compatible(true).references(references).register(Added.class, 100).register(Leaf.class, 101)
                .register(Address.class, 105).register(Status.class, 106).register(Geo.class, 107)
                .register(Trouble.class, 108).register(Bag.class, 109).register(Note.class, 110)
                .register(IOException.class, 111).build();
    }

    private static Blit reader(boolean references) {
        return Blit.builder().compatible(true).references(references).register(Kept.class, 100).register(Leaf.class, 101)
                .build();
    }

    private static Added sample(int lines) {
        Added v = new Added();
        v.a = new Leaf("a");
        v.z = v.a;
        v.id = 42;
        v.address = new Address("Main", new Geo(1.5, 2.5), Status.SHIPPED);
        v.status = Status.LOST;
        v.history = new ArrayList<>();
        v.byName = new LinkedHashMap<>();
        for (int i = 0; i < lines; i++) {
            Address x = new Address("street " + i, i % 2 == 0 ? null : new Geo(i, -i), Status.values()[i % 3]);
            v.history.add(x);
            v.byName.put("k" + i, x);
        }
        v.trouble = new Trouble("declined", new IOException("disk"), 7);
        v.trouble.addSuppressed(new IOException("also"));
        v.bag = new Bag();
        v.bag.label = "bag";
        v.bag.add(v.address);
        return v;
    }

    @Test
    void fieldsOfClassesTheReaderLacksAreReadPastAndDropped() {
        for (boolean references : new boolean[]{false, true}) {
            for (int lines : new int[]{0, 1, 2, 5}) { // 5: runs of an unknown class, in the list and the map's values
                Added v = sample(lines);
                if (!references) {
                    v.z = new Leaf("a"); // shared only with references on
                }
                byte[] bytes = writer(references).toBytes(v);
                Kept k = (Kept) reader(references).fromBytes(bytes);
                assertEquals(42, k.id);
                assertEquals("a", k.a.name);
                if (references) {
                    assertSame(k.a, k.z, "back references after the values read past still point at the right objects");
                }
                if (lines == 5) {
                    RoundTrip.assertTruncationsRejected(bytes, b -> reader(references).fromBytes(b),
                            in -> reader(references).read(in));
                    mutationsFailOnlyWithBlitException(reader(references), bytes);
                }
            }
        }
    }

    /**
     * Classes written by name ({@code allowClassNames}) that the reader does not read by name (its patterns do not
     * allow them, or it reads no names at all) are read past the same way, never loaded; an enum written by name
     * keeps its reference number, as every value written by name has one.
     */
    @Test
    void classesWrittenByNameTheReaderDoesNotAllowAreReadPast() {
        for (boolean references : new boolean[]{false, true}) {
            Blit byName = Blit.builder().compatible(true).references(references).register(Added.class, 100)
                    .register(Leaf.class, 101).register(IOException.class, 111)
                    .allowClassNames(UnknownClassTest.class.getPackageName() + ".*").build();
            Added v = sample(5);
            if (!references) {
                v.z = new Leaf("a");
            }
            byte[] bytes = byName.toBytes(v);
            for (Blit reader : new Blit[]{reader(references), Blit.builder().compatible(true).references(references)
                    .register(Kept.class, 100).register(Leaf.class, 101).allowClassNames("com.elsewhere.*").build()}) {
                Kept k = (Kept) reader.fromBytes(bytes);
                assertEquals(42, k.id);
                if (references) {
                    assertSame(k.a, k.z);
                }
            }
            mutationsFailOnlyWithBlitException(reader(references), bytes);
        }
        // where the reader keeps the value, a name it does not allow is refused as before
        Blit byName = Blit.builder().compatible(true).allowClassNames(UnknownClassTest.class.getPackageName() + ".*").build();
        BlitException e = assertThrows(BlitException.class, () -> reader(false).fromBytes(byName.toBytes(new Leaf("x"))));
        assertTrue(e.getMessage().contains("reads no class by name"), e.getMessage());
    }

    @Test
    void contentOfAClassesOwnSerializerCannotBeReadPast() {
        Added v = sample(1);
        Note note = new Note();
        note.n = 5;
        v.note = note;
        BlitException e = assertThrows(BlitException.class, () -> reader(false).fromBytes(writer(false).toBytes(v)));
        assertTrue(e.getMessage().startsWith("the value of type id 110 at offset ") && e.getMessage().contains("was written"
                + " by its class's own serializer (its field table says so), which only that class's code can read; it is"
                + " the value of the writer's field note, which " + Kept.class.getName() + " lacks"), e.getMessage());
        Serializer<Leaf> own = new Serializer<>() {
            @Override
            public void write(WriteBuffer out, Leaf value) {
                out.writeString(value.name);
            }

            @Override
            public Leaf read(ReadBuffer in) {
                return new Leaf(in.readString());
            }
        };
        Added w = new Added();
        w.note = new Leaf("custom");
        Blit custom = Blit.builder().compatible(true).register(Added.class, 100).register(Leaf.class, 112, own).build();
        e = assertThrows(BlitException.class, () -> reader(false).fromBytes(custom.toBytes(w)));
        assertTrue(e.getMessage().contains("type id 112") && e.getMessage().contains("own serializer"), e.getMessage());
    }

    /** A kept field may not end up with something of a dropped value that held a class the reader lacks. */
    @Test
    void whatTheReaderKeepsNeverHoldsAValueItReadPast() {
        Blit writer = Blit.builder().compatible(true).references(true).register(Holder.class, 100)
                .register(Address.class, 105).register(Leaf.class, 101).build();
        Blit reader = Blit.builder().compatible(true).references(true).register(Held.class, 100).register(Leaf.class, 101)
                .build();
        Holder h = new Holder();
        h.address = new Address("x", null, null);
        h.kept = h.address; // a back reference to the value read past
        assertRejectedAsReadPast(reader, writer.toBytes(h));
        Holder g = new Holder();
        g.address = new Address("y", null, null);
        g.dropped = new Leaf("inside the dropped field, beside an unknown class");
        g.kept = g.dropped;
        // "dropped" sorts after "address": the Leaf is read in the first dropped field... of its own; still refused:
        // it was read in a field the reader drops that held no unknown class, so it stays referable
        Held ok = (Held) reader.fromBytes(writer.toBytes(g));
        assertEquals("inside the dropped field, beside an unknown class", ((Leaf) ok.kept).name);
        Holder2 t = new Holder2();
        t.box = new Box();
        t.box.leaf = new Leaf("tainted");
        t.box.address = new Address("z", null, null);
        t.kept = t.box.leaf; // inside a dropped value that also held an unknown class: not referable
        Blit writer2 = Blit.builder().compatible(true).references(true).register(Holder2.class, 100)
                .register(Address.class, 105).register(Leaf.class, 101).register(Box.class, 102).build();
        Blit reader2 = Blit.builder().compatible(true).references(true).register(Held.class, 100).register(Leaf.class, 101)
                .register(Box.class, 102).build();
        assertRejectedAsReadPast(reader2, writer2.toBytes(t));
    }

    private static void assertRejectedAsReadPast(Blit reader, byte[] bytes) {
        BlitException e = assertThrows(BlitException.class, () -> reader.fromBytes(bytes));
        assertTrue(e.getMessage().contains("which was read in a field this reader's class lacks and drops, past a value of"
                + " a class this reader has no registration for"), e.getMessage());
    }

    static final class Holder {
        Address address;
        Leaf dropped;
        Object kept;
    }

    static final class Box {
        Address address;
        Leaf leaf;
    }

    static final class Holder2 {
        Box box;
        Object kept;
    }

    static final class Held {
        Object kept;
    }

    /** FORMAT.md's bytes: an enum's and a Marshallable's first value in a message carry a table of their marker alone. */
    @Test
    void enumsAndOwnSerializersCarryAMarkerTableOnceAMessage() {
        Blit blit = Blit.builder().compatible(true).register(Status.class, 106).register(Note.class, 110).build();
        assertEquals("6a 03 01 01 0e 02", RoundTrip.hex(blit.toBytes(Status.LOST)).trim());
        // an ArrayList of three: the table with the first only; a run header only from four elements
        assertEquals("24 03 6a 03 01 01 0e 02 6a 00 6a 02",
                RoundTrip.hex(blit.toBytes(new ArrayList<>(List.of(Status.LOST, Status.NEW, Status.LOST)))).trim());
        Note n = new Note();
        n.n = 1;
        assertEquals("6e 03 01 01 0f 01 00 00 00", RoundTrip.hex(blit.toBytes(n)).trim());
        assertEquals(Status.LOST, blit.fromBytes(blit.toBytes(Status.LOST)));
        // a reader with the class insists on the table of its kind
        for (String wrong : new String[]{"6a 03 01 01 0f 02", "6a 02", "6a 03 01 01 0d 02", "6a 04 01 01 0e 00 02"}) {
            BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(RoundTrip.bytes(wrong)), wrong);
            assertTrue(e.getMessage().contains("offset 1") || e.getMessage().contains("offset 2"), e.getMessage());
        }
        assertThrows(BlitException.class, () -> blit.fromBytes(RoundTrip.bytes("6e 03 01 01 0e 01 00 00 00")));
        // and a class's table never holds them: a plain class with an enum marker
        Blit plain = Blit.builder().compatible(true).register(Leaf.class, 101).build();
        BlitException e = assertThrows(BlitException.class, () -> plain.fromBytes(RoundTrip.bytes("65 03 01 01 0e")));
        assertTrue(e.getMessage().contains("enum marker at offset 1 (entry 0), where this class's table has none"), e.getMessage());
    }

    /** Tables a reader without the class refuses, each with its offset, as it would refuse them with the class. */
    @Test
    void malformedTablesOfUnknownClassesAreRefused() {
        Blit reader = Blit.builder().compatible(true).register(Kept.class, 100).build();
        // Kept's id, with a table of two fields, "id" (a long) and "status" (a reference), then id's value 0 and
        // status's: 6a (106) and a table (with "status" alone, the table would share no name with Kept's: refused)
        String head = "64 0d 02 05 69 64 06 0d 73 74 61 74 75 73 09 00 ";
        String[][] cases = {
                {"6a 05 02 01 0b 01 0b 00", "exception marker"}, // twice
                {"6a 05 02 01 0e 01 0e 00", "enum marker"}, // twice
                {"6a 06 02 03 78 05 01 0e 00", "enum marker"}, // with a field
                {"6a 06 02 01 0c 03 78 05 00", "elements marker"}, // not last
                {"6a 04 01 03 78 00", "invalid field entry"}, // code 0
                {"6a 04 01 03 78 10", "invalid field entry"}, // code 16
                {"6a 07 02 03 78 05 03 78 05 00 00", "named twice"},
                {"6a 04 01 01 0e 00 02", "trailing bytes"},
                {"6a 03 01 01 0f 09", "own serializer"},
        };
        for (String[] c : cases) {
            BlitException e = assertThrows(BlitException.class, () -> reader.fromBytes(RoundTrip.bytes(head + c[0])), c[0]);
            assertTrue(e.getMessage().contains(c[1]) && e.getMessage().contains("offset"), c[0] + ": " + e.getMessage());
        }
        // the well-formed one reads: the enum's marker alone, then ordinal 2
        assertEquals(0L, ((Kept) reader.fromBytes(RoundTrip.bytes(head + "6a 03 01 01 0e 02"))).id);
    }

    /** The writer's class whose added fields name classes the reader lacks in type descriptors. */
    static final class Described {
        Leaf a;
        Address[] addresses;
        EnumMap<Status, Address> byStatus;
        Object anyArray;
        EnumSet<Status> flags;
        Address[][] grid;
        long id;
        Class<?> kind;
        EnumSet<Status> none;
        Leaf z;
    }

    private static Described described() {
        Described d = new Described();
        d.a = new Leaf("a");
        d.z = d.a;
        d.id = 42;
        Address home = new Address("Main", new Geo(1, 2), Status.NEW);
        d.addresses = new Address[] {home, null, new Address("Side", null, Status.LOST)};
        d.grid = new Address[][] {{home}, {}, null};
        d.anyArray = new Status[] {Status.SHIPPED, Status.LOST};
        d.flags = EnumSet.of(Status.NEW, Status.LOST);
        d.none = EnumSet.noneOf(Status.class);
        d.byStatus = new EnumMap<>(Status.class);
        d.byStatus.put(Status.SHIPPED, home);
        d.byStatus.put(Status.LOST, null);
        d.kind = Address.class;
        return d;
    }

    /**
     * An array of a class the reader lacks ({@code Address[]}, {@code Address[][]}, {@code Status[]} in an
     * {@code Object} field), an {@code EnumSet} or {@code EnumMap} of its enum, a {@code Class} value naming it: their
     * type descriptors name the class by id or by name, and in a field the reader drops they are read past too.
     */
    @Test
    void typeDescriptorsOfClassesTheReaderLacksAreReadPast() {
        for (boolean references : new boolean[] {false, true}) {
            Blit byId = Blit.builder().compatible(true).references(references).register(Described.class, 100)
                    .register(Leaf.class, 101).register(Address.class, 105).register(Status.class, 106)
                    .register(Geo.class, 107).build();
            Blit byName = Blit.builder().compatible(true).references(references).register(Described.class, 100)
                    .register(Leaf.class, 101).allowClassNames(UnknownClassTest.class.getPackageName() + ".*").build();
            for (Blit writer : new Blit[] {byId, byName}) {
                Described d = described();
                if (!references) {
                    d.z = new Leaf("a");
                }
                byte[] bytes = writer.toBytes(d);
                Kept k = (Kept) reader(references).fromBytes(bytes);
                assertEquals(42, k.id);
                assertEquals("a", k.z.name);
                if (references) {
                    assertSame(k.a, k.z);
                }
                RoundTrip.assertTruncationsRejected(bytes, b -> reader(references).fromBytes(b),
                        in -> reader(references).read(in));
                mutationsFailOnlyWithBlitException(reader(references), bytes);
                Described back = (Described) writer.fromBytes(bytes); // the writer reads its own bytes as they were
                assertArrayEquals(d.addresses, back.addresses);
                assertEquals(d.byStatus, back.byStatus);
                assertEquals(EnumSet.of(Status.NEW, Status.LOST), back.flags);
                assertEquals(Address.class, back.kind);
            }
        }
        // where the reader keeps the field, the id is refused as before
        Blit writer = Blit.builder().compatible(true).register(Holder.class, 100).register(Status.class, 106).build();
        Holder h = new Holder();
        h.kept = EnumSet.of(Status.NEW);
        BlitException e = assertThrows(BlitException.class,
                () -> Blit.builder().compatible(true).register(Held.class, 100).build().fromBytes(writer.toBytes(h)));
        assertTrue(e.getMessage().contains("unknown type id 106"), e.getMessage());
    }

    /** Nor does a kept field get an array, set or map read past: they held values of a class the reader lacks. */
    @Test
    void keptDataNeverHoldsAnArraySetOrMapReadPast() {
        for (Object dropped : new Object[] {new Address[] {new Address("x", null, null)}, EnumSet.of(Status.NEW),
                new EnumMap<>(java.util.Map.of(Status.NEW, "n"))}) {
            Blit reader = Blit.builder().compatible(true).references(true).register(Held.class, 100).build();
            Holder3 g = new Holder3();
            g.any = dropped;
            g.kept = dropped; // "any" sorts first: read past there, then a back reference here
            Blit writer3 = Blit.builder().compatible(true).references(true).register(Holder3.class, 100)
                    .register(Address.class, 105).register(Status.class, 106).build();
            assertRejectedAsReadPast(reader, writer3.toBytes(g));
        }
    }

    static final class Holder3 {
        Object any;
        Object kept;
    }

    record Rank(int n) implements Comparable<Rank> {
        @Override
        public int compareTo(Rank o) {
            return Integer.compare(n, o.n);
        }
    }

    static final class ByLength implements java.util.Comparator<String> {
        @Override
        public int compare(String a, String b) {
            return Integer.compare(a.length(), b.length());
        }
    }

    /**
     * The JDK containers that cannot hold what stands for a value read past (sorted ones compare it, {@code Set.of}
     * and {@code Map.of} see two of them as duplicates, a comparator of a class the reader lacks is no comparator)
     * are read past in a dropped field as the others are.
     */
    @Test
    void sortedAndImmutableContainersOfClassesTheReaderLacksAreReadPast() {
        java.util.TreeMap<String, Integer> byLength = new java.util.TreeMap<>(new ByLength());
        byLength.put("aa", 1);
        byLength.put("b", 2);
        List<Rank> ranks = List.of(new Rank(2), new Rank(1), new Rank(3));
        Object[] dropped = {java.util.Set.of(new Rank(1), new Rank(2)), java.util.Map.of(new Rank(1), "a", new Rank(2), "b"),
                new java.util.TreeSet<>(ranks), new java.util.TreeMap<>(Map.of(new Rank(1), 1, new Rank(2), 2)),
                new java.util.PriorityQueue<>(ranks), new java.util.concurrent.ConcurrentSkipListSet<>(ranks),
                new java.util.concurrent.PriorityBlockingQueue<>(ranks), byLength,
                new java.util.concurrent.ConcurrentSkipListMap<>(byLength), java.util.Collections.synchronizedSortedMap(byLength),
                java.util.Collections.unmodifiableSortedMap(byLength), new java.util.TreeSet<>(ranks).headSet(new Rank(3))};
        for (boolean references : new boolean[]{false, true}) {
            Blit writer = Blit.builder().compatible(true).references(references).register(Holder3.class, 100)
                    .register(Rank.class, 105).register(ByLength.class, 106).build();
            Blit reader = Blit.builder().compatible(true).references(references).register(Held.class, 100).build();
            for (Object any : dropped) {
                Holder3 h = new Holder3();
                h.any = any;
                h.kept = "kept";
                byte[] bytes = writer.toBytes(h);
                assertEquals("kept", ((Held) reader.fromBytes(bytes)).kept, any.getClass().getName());
                Object back = ((Holder3) writer.fromBytes(bytes)).any;
                if (any instanceof java.util.Queue) { // no equals of their own: compare what they hold, in order
                    assertEquals(new java.util.TreeSet<>((java.util.Queue<?>) any), new java.util.TreeSet<>((java.util.Queue<?>) back));
                } else {
                    assertEquals(any, back, "the writer reads it back whole");
                }
            }
        }
    }

    private static void mutationsFailOnlyWithBlitException(Blit reader, byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            for (int delta : new int[]{1, 0x40, 0x80}) {
                byte[] m = Arrays.copyOf(bytes, bytes.length);
                m[i] += (byte) delta;
                try {
                    reader.fromBytes(m);
                } catch (BlitException expected) {
                    // fine: rejected with a message
                } catch (Throwable t) {
                    fail("byte " + i + " + " + delta + " gave " + t, t);
                }
            }
        }
    }

    @Test
    void theSameBytesReadWithTheClassesGiveTheValueBack() {
        Added v = sample(5);
        Blit w = writer(true);
        Added back = (Added) w.fromBytes(w.toBytes(v));
        assertEquals(v.address, back.address);
        assertEquals(v.history, back.history);
        assertEquals(v.byName, back.byName);
        assertEquals(Status.LOST, back.status);
        assertEquals(7, back.trouble.code);
        assertArrayEquals(new Object[]{v.address}, back.bag.toArray());
    }
}
