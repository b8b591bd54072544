package dev.blit.serial;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.Externalizable;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HookSerializationTest {

    static <T> Blit blitFor(Class<T> type) {
        return Blit.builder().register(type, 100, JavaSerialization.create(type, null)).build();
    }

    static String hex(byte[] b) {
        return HexFormat.ofDelimiter(" ").formatHex(b);
    }

    // ---------------------------------------------------------------- writeObject / readObject

    static final class Point implements Serializable {
        int x;
        String label;
        transient int check;

        Point(int x, String label) {
            this.x = x;
            this.label = label;
            this.check = x * 31;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(check);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            check = in.readInt();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Point && ((Point) o).x == x && Objects.equals(((Point) o).label, label)
                    && ((Point) o).check == check;
        }

        @Override
        public int hashCode() {
            return x;
        }
    }

    @Test
    void defaultWriteObjectAndExtraDataAreItemsOfTheClassSection() {
        Blit blit = blitFor(Point.class);
        byte[] bytes = blit.toBytes(new Point(5, "hi"));
        // 64: id 100 | 02: fields item: label "hi" (0b 05 68 69), x svar 5 (0a) | 06: 4 bytes of data: 155 | 00: end
        assertEquals("64 02 0b 05 68 69 0a 06 9b 00 00 00 00", hex(bytes));
        RoundTrip.roundTrip(blit, new Point(5, "hi"), 13, Object::equals);
    }

    static final class Temperature implements Serializable {
        /** What the class keeps... */
        transient double celsius;
        /** ...and what its serialized form holds instead. */
        private static final ObjectStreamField[] serialPersistentFields = {
                new ObjectStreamField("fahrenheit", double.class),
                new ObjectStreamField("unit", String.class),
        };
        String unitSeen;

        Temperature(double celsius) {
            this.celsius = celsius;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            ObjectOutputStream.PutField fields = out.putFields();
            fields.put("fahrenheit", celsius * 9 / 5 + 32);
            fields.put("unit", "F");
            out.writeFields();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            ObjectInputStream.GetField fields = in.readFields();
            assertFalse(fields.defaulted("fahrenheit"));
            assertThrows(IllegalArgumentException.class, () -> fields.get("celsius", 0d));
            assertThrows(IllegalArgumentException.class, () -> fields.get("unit", 0));
            celsius = (fields.get("fahrenheit", 0d) - 32) * 5 / 9;
            unitSeen = (String) fields.get("unit", null);
        }
    }

    @Test
    void serialPersistentFieldsAreWrittenThroughPutFieldAndReadThroughGetField() {
        Blit blit = blitFor(Temperature.class);
        // 64 | 02 fields, by name: fahrenheit f64 212.0, unit "F" (0b 03 46) | 00
        assertEquals("64 02 00 00 00 00 00 80 6a 40 0b 03 46 00", hex(blit.toBytes(new Temperature(100))));
        Temperature t = RoundTrip.roundTrip(blit, new Temperature(100), 14,
                (a, b) -> ((Temperature) b).celsius == 100 && "F".equals(((Temperature) b).unitSeen));
        assertEquals(100, t.celsius);
    }

    // ---------------------------------------------------------------- readResolve / writeReplace

    static final class Singleton implements Serializable {
        static final Singleton INSTANCE = new Singleton();

        private Singleton() {
        }

        private Object readResolve() {
            return INSTANCE;
        }
    }

    @Test
    void readResolveGivesBackTheSingletonItself() {
        Blit blit = blitFor(Singleton.class);
        assertEquals("64", hex(blit.toBytes(Singleton.INSTANCE)));
        assertSame(Singleton.INSTANCE, RoundTrip.roundTrip(blit, Singleton.INSTANCE, 1, (a, b) -> a == b));
    }

    @Test
    void plainRegistrationPicksTheHooksByItself() {
        Blit blit = Blit.builder().register(Singleton.class, 100).build();
        assertSame(Singleton.INSTANCE, blit.fromBytes(blit.toBytes(Singleton.INSTANCE)));
    }

    static final class Vanishing implements Serializable {
        private Object readResolve() {
            return null;
        }
    }

    @Test
    void aBackReferenceToAValueThatResolvedToNullIsNull() {
        Blit blit = Blit.builder().references(true).register(Vanishing.class, 100).build();
        Vanishing v = new Vanishing();
        List<Object> twice = new ArrayList<>(List.of(v, v));
        // 24: ArrayList, 2 elements: the value (#1), then a back reference to #1; both read back as null
        assertEquals("24 02 64 01 01", hex(blit.toBytes(twice)));
        assertEquals(Arrays.asList(null, null), blit.fromBytes(blit.toBytes(twice)));
    }

    @Test
    void theResolvedObjectIsWhatLaterBackReferencesGet() {
        Blit blit = Blit.builder().references(true)
                .register(Singleton.class, 100, JavaSerialization.create(Singleton.class, null)).build();
        List<Object> twice = new ArrayList<>(List.of(Singleton.INSTANCE, Singleton.INSTANCE));
        // 24: ArrayList, 2 elements: the singleton (#1), then a back reference to #1
        assertEquals("24 02 64 01 01", hex(blit.toBytes(twice)));
        List<?> back = (List<?>) blit.fromBytes(blit.toBytes(twice));
        assertSame(Singleton.INSTANCE, back.get(0));
        assertSame(Singleton.INSTANCE, back.get(1));
    }

    static final class Money implements Serializable {
        final long cents;
        final String currency;

        Money(long cents, String currency) {
            this.cents = cents;
            this.currency = currency;
        }

        private Object writeReplace() {
            return new MoneyProxy(cents + " " + currency);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Money && ((Money) o).cents == cents && ((Money) o).currency.equals(currency);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(cents);
        }
    }

    static final class MoneyProxy implements Serializable {
        final String text;

        MoneyProxy(String text) {
            this.text = text;
        }

        private Object readResolve() {
            String[] parts = text.split(" ");
            return new Money(Long.parseLong(parts[0]), parts[1]);
        }
    }

    @Test
    void writeReplaceWritesTheProxyAsATaggedValueOfItsOwnType() {
        Blit blit = Blit.builder()
                .register(Money.class, 100, JavaSerialization.create(Money.class, null))
                .register(MoneyProxy.class, 101, JavaSerialization.create(MoneyProxy.class, null))
                .build();
        // 64: Money | 01: replaced | 65: MoneyProxy, its field text "250 EUR"
        assertEquals("64 01 65 0b 0f 32 35 30 20 45 55 52", hex(blit.toBytes(new Money(250, "EUR"))));
        Money m = RoundTrip.roundTrip(blit, new Money(250, "EUR"), 12, Object::equals);
        assertEquals("EUR", m.currency);
    }

    static final class Normalizing implements Serializable {
        String text;

        Normalizing(String text) {
            this.text = text;
        }

        private Object writeReplace() {
            return new Normalizing(text.trim());
        }
    }

    @Test
    void aReplacementOfTheSameClassIsWrittenInPlaceOfTheOriginal() {
        Blit blit = blitFor(Normalizing.class);
        // 64 | 00: not replaced | text "a" (as ObjectOutputStream, writeReplace is not applied to its own result)
        assertEquals("64 00 0b 03 61", hex(blit.toBytes(new Normalizing("  a "))));
        RoundTrip.roundTrip(blit, new Normalizing(" a"), 5, (x, y) -> ((Normalizing) y).text.equals("a"));
    }

    /** Replaced by the one instance of its name written first: the canonicalising (interning) writeReplace. */
    static final class Unit implements Serializable {
        static final java.util.Map<String, Unit> CANON = new java.util.HashMap<>();
        String name;

        Unit(String name) {
            this.name = name;
        }

        static Unit of(String name) {
            return CANON.computeIfAbsent(name, Unit::new);
        }

        private Object writeReplace() {
            return of(name);
        }
    }

    @Test
    void aReplacementOfTheSameClassWrittenBeforeIsABackReferenceToIt() {
        Unit canon = Unit.of("kg");
        Unit dup = new Unit("kg");
        Object[] three = {canon, dup, dup};
        Blit tracking = Blit.builder().references(true).register(Unit.class, 100).build();
        // 14 03: Object[3] | canon (#1): 64 00 "kg" | dup (#2): 64, 01 replaced, 01 01: a back reference to #1 |
        // dup again: a back reference to #2, which read back as canon
        assertEquals("14 03 64 00 0b 05 6b 67 64 01 01 01 01 02", hex(tracking.toBytes(three)));
        for (Object[] back : new Object[][] {(Object[]) tracking.fromBytes(tracking.toBytes(three)), tracking.copy(three)}) {
            assertSame(back[0], back[1]); // as ObjectOutputStream writes a handle to canon
            assertSame(back[1], back[2]);
            assertEquals("kg", ((Unit) back[0]).name);
        }
        // Not written before: in the original's place, as before; without references, always so.
        assertEquals("14 01 64 00 0b 05 6b 67", hex(tracking.toBytes(new Object[] {dup})));
        Blit plain = Blit.builder().register(Unit.class, 100).build();
        assertEquals("14 03 64 00 0b 05 6b 67 64 00 0b 05 6b 67 64 00 0b 05 6b 67", hex(plain.toBytes(three)));
    }

    public static class Looping implements Serializable {
        public Object next;

        private Object writeReplace() {
            LoopingProxy p = new LoopingProxy();
            p.next = next;
            return p;
        }
    }

    public static class LoopingProxy implements Serializable {
        public Object next;

        private Object readResolve() {
            Looping l = new Looping();
            l.next = next;
            return l;
        }
    }

    public static class LoopingExternal implements Externalizable {
        public Object next;

        public LoopingExternal() {
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeObject(next);
        }

        @Override
        public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
            next = in.readObject();
        }

        private Object writeReplace() {
            LoopingProxy p = new LoopingProxy();
            p.next = next;
            return p;
        }
    }

    /**
     * The reader has the original only once its replacement is read and resolved, so a path from the replacement
     * back to the original cannot be read back: the writer refuses it (FORMAT.md, "Replacement") rather than write
     * bytes no reader takes back. A back reference to the original from outside its replacement is fine.
     */
    @Test
    void aBackReferenceToTheOriginalFromInsideItsReplacementIsRefusedOnWrite() {
        Blit blit = Blit.builder().references(true).register(Looping.class, 100).register(LoopingProxy.class, 101)
                .register(LoopingExternal.class, 102).register(Holder.class, 103).build();
        Looping looping = new Looping();
        Holder through = new Holder();
        looping.next = through; // Looping -> its proxy -> Holder -> Looping
        through.value = looping;
        LoopingExternal external = new LoopingExternal();
        external.next = List.of(new Holder(external));
        for (Object v : List.of(looping, external)) {
            for (BlitException e : List.of(assertThrows(BlitException.class, () -> blit.toBytes(v)),
                    assertThrows(BlitException.class, () -> blit.copy(v)))) {
                assertTrue(e.getMessage().startsWith("cannot write a back reference to the " + v.getClass().getName()
                        + " being written (object #0), from inside what its writeReplace returned: the reader has the "
                        + v.getClass().getSimpleName() + " only once its replacement is read"), e.getMessage());
            }
        }
        looping.next = "plain";
        List<?> twice = blit.copy(new ArrayList<>(List.of(looping, looping)));
        assertSame(twice.get(0), twice.get(1));
        assertEquals("plain", ((Looping) twice.get(0)).next);
    }

    public static class Holder {
        public Object value;

        public Holder() {
        }

        Holder(Object value) {
            this.value = value;
        }
    }

    // A final class whose writeReplace gives a String, which a field declared as it cannot hold
    static final class Tagged implements Serializable {
        final int v;

        Tagged(int v) {
            this.v = v;
        }

        private Object writeReplace() {
            return "T:" + v;
        }
    }

    static final class HoldsTagged {
        Tagged t;
    }

    record TaggedRecord(Tagged t) {
    }

    /** Registered under HoldsTagged's id by a writer, so that its bytes put a String where HoldsTagged has a Tagged. */
    static final class HoldsAnything {
        Object t;
    }

    static final class Resolving implements Serializable {
        int v;

        private Object readResolve() {
            return "R";
        }
    }

    static final class HoldsResolving {
        Resolving r;
    }

    static final class HoldsMoney {
        Money m;
    }

    /** The generated serializer, then the reflective one, of each class, Tagged and the others with their hooks. */
    static List<Blit> bothWays(Class<?>... classes) {
        List<Blit> both = new ArrayList<>();
        for (boolean reflective : new boolean[]{false, true}) {
            Blit.Builder b = Blit.builder().register(Tagged.class, 120).register(Resolving.class, 121)
                    .register(Money.class, 122).register(MoneyProxy.class, 123);
            for (int i = 0; i < classes.length; i++) {
                if (reflective) {
                    b.register(classes[i], 100 + i, dev.blit.gen.ReflectiveSerializer.of(classes[i], null));
                } else {
                    b.register(classes[i], 100 + i);
                }
            }
            both.add(b.build());
        }
        return both;
    }

    @Test
    void aWriteReplaceTheFieldCannotHoldIsRefusedOnWritingNotWrittenForTheReaderToRefuse() {
        HoldsTagged h = new HoldsTagged();
        h.t = new Tagged(3);
        for (Blit blit : bothWays(HoldsTagged.class, TaggedRecord.class)) {
            for (Object value : new Object[]{h, new TaggedRecord(new Tagged(4))}) {
                BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(value));
                String field = value instanceof HoldsTagged ? "HoldsTagged.t" : "TaggedRecord.t";
                assertTrue(e.getMessage().startsWith("field " + field + " is a " + Tagged.class.getName()
                        + " but the writeReplace of its value, a " + Tagged.class.getName() + ", gives a java.lang.String,"
                        + " which the field cannot hold"), e.getMessage());
            }
            // Where the field can hold it, the replacement is written (and read back) as before
            HoldsTagged empty = new HoldsTagged();
            assertEquals(null, ((HoldsTagged) blit.fromBytes(blit.toBytes(empty))).t);
            assertEquals("T:5", blit.fromBytes(blit.toBytes(new Tagged(5))));
            assertEquals(List.of("T:6"), blit.fromBytes(blit.toBytes(new ArrayList<>(List.of(new Tagged(6))))));
        }
    }

    @Test
    void aSerializationProxyWhoseReadResolveGivesTheOriginalBackIsWrittenInAFieldOfTheOriginalsType() {
        HoldsMoney h = new HoldsMoney();
        h.m = new Money(250, "EUR");
        for (Blit blit : bothWays(HoldsMoney.class)) {
            assertEquals(h.m, ((HoldsMoney) blit.fromBytes(blit.toBytes(h))).m);
        }
    }

    static final class HookedAny implements Serializable {
        Object a;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }

    static final class HookedInts implements Serializable {
        int[] a;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }

    @Test
    void aHookedFieldOfAnArrayTypeAndAnArrayValueAreNamedAsSourceCodeNamesThem() {
        HookedAny any = new HookedAny();
        any.a = new long[]{1};
        byte[] bytes = Blit.builder().register(HookedAny.class, 100).build().toBytes(any);
        BlitException e = assertThrows(BlitException.class,
                () -> Blit.builder().register(HookedInts.class, 100).build().fromBytes(bytes));
        assertTrue(e.getMessage().contains("a of type int[] cannot hold the long[] at offset"), e.getMessage());
    }

    @Test
    void aValueOfAnotherClassWhereAFieldOfAReplacingClassIsReadNamesTheFieldAndTheValuesOffset() {
        // Bytes where HoldsTagged.t's slot holds a Tagged replaced by a String, as hostile bytes may
        HoldsAnything any = new HoldsAnything();
        any.t = new Tagged(3);
        byte[] bytes = Blit.builder().register(HoldsAnything.class, 100).register(Tagged.class, 120).build().toBytes(any);
        HoldsResolving r = new HoldsResolving();
        r.r = new Resolving();
        for (Blit blit : bothWays(HoldsTagged.class, HoldsResolving.class)) {
            BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
            assertEquals("field HoldsTagged.t is a " + Tagged.class.getName() + " but the value at offset 1 is a"
                    + " java.lang.String", e.getMessage());
            // A readResolve that gives another class is known only on reading, where it is refused the same way
            e = assertThrows(BlitException.class, () -> blit.fromBytes(blit.toBytes(r)));
            assertEquals("field HoldsResolving.r is a " + Resolving.class.getName() + " but the value at offset 1 is a"
                    + " java.lang.String", e.getMessage());
        }
        for (Blit blit : bothWays(TaggedRecord.class)) {
            BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
            assertEquals("field TaggedRecord.t is a " + Tagged.class.getName() + " but the value at offset 1 is a"
                    + " java.lang.String", e.getMessage());
        }
    }

    // ---------------------------------------------------------------- Externalizable

    public static final class Account implements Externalizable {
        static int constructed;
        long id;
        String owner;
        List<Object> tags;

        public Account() {
            constructed++;
        }

        Account(long id, String owner, List<Object> tags) {
            this.id = id;
            this.owner = owner;
            this.tags = tags;
        }

        @Override
        public void writeExternal(ObjectOutput out) throws IOException {
            out.writeLong(id);
            out.writeUTF(owner);
            out.writeObject(tags);
        }

        @Override
        @SuppressWarnings("unchecked")
        public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
            id = in.readLong();
            owner = in.readUTF();
            tags = (List<Object>) in.readObject();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Account && ((Account) o).id == id && ((Account) o).owner.equals(owner)
                    && ((Account) o).tags.equals(tags);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(id);
        }
    }

    @Test
    void externalizableRunsItsPublicConstructorAndItsOwnMethods() {
        Blit blit = blitFor(Account.class);
        Account a = new Account(7, "ann", new ArrayList<>(List.of("vip")));
        // 64 | 0e: 12 bytes of data: i64f 7, str "ann" | 01: object: ArrayList ["vip"] | 00
        assertEquals("64 0e 07 00 00 00 00 00 00 00 07 61 6e 6e 01 24 01 0b 07 76 69 70 00", hex(blit.toBytes(a)));
        int before = Account.constructed;
        RoundTrip.roundTrip(blit, a, 23, Object::equals);
        assertTrue(Account.constructed > before);
    }

    // ---------------------------------------------------------------- construction and hierarchies

    static class Plain {
        static int constructed;
        int fromConstructor;

        Plain() {
            constructed++;
            fromConstructor = 99;
        }
    }

    static class Named extends Plain implements Serializable {
        String name;
        transient int marker = 42;

        Named(String name) {
            this.name = name;
            this.fromConstructor = 5;
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }

    static final class Labelled extends Named {
        int level;
        transient String derived;

        Labelled(String name, int level) {
            super(name);
            this.level = level;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeUTF(name + "/" + level);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            derived = in.readUTF();
        }
    }

    @Test
    void theFirstNonSerializableSuperclassConstructorRunsAndSerializableFieldsAreRestored() {
        Blit blit = blitFor(Labelled.class);
        Labelled value = new Labelled("n", 3);
        // 64 | Named (no writeObject): its field name, bare: 0b 03 6e | Labelled: 02 level 06, 06: 4 bytes of data, "n/3" (07 6e 2f 33), 00
        assertEquals("64 0b 03 6e 02 06 06 07 6e 2f 33 00", hex(blit.toBytes(value)));
        int before = Plain.constructed;
        Labelled back = RoundTrip.roundTrip(blit, value, 12, (a, b) -> {
            Labelled l = (Labelled) b;
            return l.name.equals("n") && l.level == 3 && l.derived.equals("n/3") && l.fromConstructor == 99
                    && l.marker == 0;
        });
        assertTrue(Plain.constructed > before);
        assertEquals(0, back.marker, "initializers of serializable classes do not run, as with ObjectInputStream");
    }

    // ---------------------------------------------------------------- references

    static final class Node implements Serializable {
        String name;
        Node next;
        transient boolean restored;

        Node(String name) {
            this.name = name;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeObject(this);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            restored = in.readObject() == this;
        }
    }

    @Test
    void cyclesThroughHookSerializedObjectsAreRestored() {
        Blit blit = Blit.builder().references(true)
                .register(Node.class, 100, JavaSerialization.create(Node.class, null)).build();
        Node a = new Node("a");
        Node b = new Node("b");
        a.next = b;
        b.next = a;
        // a #0: fields name "a", next = b #1: fields name "b", next = ref #0; object ref #1; end | object ref #0; end
        assertEquals("64 02 0b 03 61 64 02 0b 03 62 01 00 01 01 01 00 01 01 00 00",
                hex(blit.toBytes(a)));
        Node back = RoundTrip.roundTrip(blit, a, 20, (x, y) -> {
            Node n = (Node) y;
            return n.name.equals("a") && n.next.name.equals("b") && n.next.next == n && n.restored && n.next.restored;
        });
        assertSame(back, back.next.next);
    }

    // ---------------------------------------------------------------- sections protect what follows

    static final class Chatty implements Serializable {
        int kept;

        Chatty(int kept) {
            this.kept = kept;
        }

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(1);
            out.writeObject(new ArrayList<>(List.of("unread")));
            out.writeLong(2);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            in.readInt();
        }
    }

    @Test
    void whatAHookLeavesUnreadIsSkippedAndTheNextValueIsIntact() {
        Blit blit = blitFor(Chatty.class);
        List<Object> list = new ArrayList<>(List.of(new Chatty(4), "after"));
        List<?> back = (List<?>) blit.fromBytes(blit.toBytes(list));
        assertEquals(4, ((Chatty) back.get(0)).kept);
        assertEquals("after", back.get(1));
    }

    static final class Greedy implements Serializable {
        int kept;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.defaultWriteObject();
            out.writeInt(1);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            in.readInt();
            in.readInt();
        }
    }

    @Test
    void aHookReadingPastItsSectionFailsInsteadOfReadingTheNextValue() {
        Blit blit = blitFor(Greedy.class);
        List<Object> list = new ArrayList<>(List.of(new Greedy(), 12345678));
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(blit.toBytes(list)));
        assertTrue(e.getMessage().contains(Greedy.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
    }

    static final class Picky implements Serializable {
        int value;

        Picky(int value) {
            this.value = value;
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            if (value < 0) {
                throw new InvalidObjectException("negative value " + value);
            }
        }
    }

    @Test
    void exceptionsFromHooksBecomeBlitExceptionsNamingTheClassAndOffset() {
        Blit blit = blitFor(Picky.class);
        RoundTrip.roundTrip(blit, new Picky(3), 2, (a, b) -> ((Picky) b).value == 3);
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(blit.toBytes(new Picky(-1))));
        assertTrue(e.getMessage().contains(Picky.class.getName()) && e.getMessage().contains("offset 2")
                && e.getMessage().contains("negative value -1"), e.getMessage());
        assertTrue(e.getCause() instanceof InvalidObjectException);
    }

    // ---------------------------------------------------------------- detection

    static final class NoHooks implements Serializable {
        int x;
    }

    record Rec(int x) implements Serializable {
    }

    @Test
    void hasHooksFindsExternalizableAndEveryKindOfHook() {
        assertTrue(JavaSerialization.hasHooks(Point.class));
        assertTrue(JavaSerialization.hasHooks(Account.class));
        assertTrue(JavaSerialization.hasHooks(Singleton.class));
        assertTrue(JavaSerialization.hasHooks(Money.class));
        assertTrue(JavaSerialization.hasHooks(Labelled.class));
        assertTrue(JavaSerialization.hasHooks(java.util.concurrent.CopyOnWriteArrayList.class));
        assertFalse(JavaSerialization.hasHooks(NoHooks.class));
        assertFalse(JavaSerialization.hasHooks(Rec.class));
        assertFalse(JavaSerialization.hasHooks(Plain.class));
        assertFalse(JavaSerialization.hasHooks(String.class));
    }

    @Test
    void classesJdkSerializationCannotInstantiateAreRefusedUpFront() {
        assertThrows(BlitException.class, () -> JavaSerialization.create(Plain.class, null));
        assertThrows(BlitException.class, () -> JavaSerialization.create(Rec.class, null));
        assertTrue(Arrays.asList(JavaSerialization.class.getMethods()).stream()
                .anyMatch(m -> m.getName().equals("create")));
    }
}
