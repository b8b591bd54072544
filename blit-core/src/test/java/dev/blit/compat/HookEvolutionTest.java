package dev.blit.compat;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compatible mode evolves a class serialized through its java.io hooks as JDK serialization does with a fixed
 * serialVersionUID (FORMAT.md, "Compatible mode"): its table lists its serializable classes (16 bare, 17 with a
 * section) and their fields, so a reader matches classes and fields by name, leaves the fields the writer lacked at
 * their defaults (GetField says they are defaulted), drops what it lacks, widens losslessly, calls readObjectNoData
 * for a class new to the hierarchy, and refuses an incompatible change naming the field. Each version is a class
 * of the same name in a loader of its own ({@link HookVersions}).
 */
class HookEvolutionTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

    /** The repro: a field added to a class with writeObject/readObject that write and read data of their own. */
    private static final String P1 = "public class P implements Serializable {"
            + " public int a = 1; public String s = \"x\"; public transient int extra;"
            + " private void writeObject(ObjectOutputStream o) throws IOException { o.defaultWriteObject(); o.writeInt(7); }"
            + " private void readObject(ObjectInputStream i) throws IOException, ClassNotFoundException {"
            + "   i.defaultReadObject(); extra = i.readInt(); }"
            + " public String toString() { return \"P(\" + a + \",\" + s + \",\" + extra + \")\"; } }";
    private static final String P2 = "public class P implements Serializable {"
            + " public int a = 1; public String s = \"x\"; public long added = 5; public transient int extra;"
            + " private void writeObject(ObjectOutputStream o) throws IOException { o.defaultWriteObject(); o.writeInt(7); }"
            + " private void readObject(ObjectInputStream i) throws IOException, ClassNotFoundException {"
            + "   i.defaultReadObject(); extra = i.readInt(); }"
            + " public String toString() { return \"P(\" + a + \",\" + s + \",\" + added + \",\" + extra + \")\"; } }";

    static Blit blit(ClassLoader loader, String... names) {
        Blit.Builder b = Blit.builder().compatible(true).references(true);
        int id = 100;
        for (String n : names) {
            b.register(HookVersions.load(loader, n), id++);
        }
        return b.build();
    }

    @Test
    void aFieldAddedKeepsItsDefaultAndAFieldRemovedIsDropped() {
        ClassLoader v1 = HookVersions.compile(P1);
        ClassLoader v2 = HookVersions.compile(P2);
        byte[] old = blit(v1, "P").toBytes(HookVersions.make(v1, "P"));
        // tag, table (15 bytes: 4 entries: hv.P with a section, a int, s reference, the marker), then the section
        assertEquals("64 0f 04 09 68 76 2e 50 11 03 61 05 03 73 09 01 0f 02 02 0b 03 78 06 07 00 00 00 00", HEX.formatHex(old));
        assertEquals("P(1,x,0,7)", blit(v2, "P").fromBytes(old).toString()); // the JDK leaves added at 0 too
        byte[] newer = blit(v2, "P").toBytes(HookVersions.make(v2, "P"));
        assertEquals("P(1,x,7)", blit(v1, "P").fromBytes(newer).toString());
        // the same class reads its own table as in schema-consistent mode
        assertEquals("P(1,x,5,7)", blit(v2, "P").fromBytes(newer).toString());
    }

    /** Bare fields (a class with readResolve alone): widened, added, dropped; an incompatible change refused. */
    @Test
    void bareFieldsWidenAndAnIncompatibleChangeIsRefusedNamingTheField() {
        ClassLoader v1 = HookVersions.compile("public class Q implements Serializable { public int n = 300;"
                + " public String label = \"q\"; public short gone = 9; private Object readResolve() { return this; }"
                + " public String toString() { return n + \" \" + label + \" \" + gone; } }");
        ClassLoader v2 = HookVersions.compile("public class Q implements Serializable { public long n; public Object label;"
                + " public boolean flag; private Object readResolve() { return this; }"
                + " public String toString() { return n + \" \" + label + \" \" + flag; } }");
        ClassLoader v3 = HookVersions.compile("public class Q implements Serializable { public String n;"
                + " private Object readResolve() { return this; } }");
        byte[] old = blit(v1, "Q").toBytes(HookVersions.make(v1, "Q"));
        assertEquals("300 q false", blit(v2, "Q").fromBytes(old).toString());
        BlitException e = assertThrows(BlitException.class, () -> blit(v3, "Q").fromBytes(old));
        assertTrue(e.getMessage().contains("field hv.Q.n is a java.lang.String but the writer's field table at offset 1 says int"),
                e.getMessage());
        byte[] newer = blit(v2, "Q").toBytes(HookVersions.make(v2, "Q"));
        BlitException narrowed = assertThrows(BlitException.class, () -> blit(v1, "Q").fromBytes(newer));
        assertTrue(narrowed.getMessage().contains("field hv.Q.n is a int but the writer's field table at offset 1 says long"),
                narrowed.getMessage());
    }

    @Test
    void readFieldsSaysWhichFieldsTheWriterLacked() {
        ClassLoader v1 = HookVersions.compile(P1);
        ClassLoader v2 = HookVersions.compile("public class P implements Serializable {"
                + " public long a; public String s; public long added; public transient String seen;"
                + " private void readObject(ObjectInputStream i) throws IOException, ClassNotFoundException {"
                + "   ObjectInputStream.GetField f = i.readFields();"
                + "   a = f.get(\"a\", -1L); s = (String) f.get(\"s\", null); added = f.get(\"added\", 42L);"
                + "   seen = f.defaulted(\"a\") + \" \" + f.defaulted(\"added\") + \" \" + i.readInt(); }"
                + " private void writeObject(ObjectOutputStream o) throws IOException { o.defaultWriteObject(); o.writeInt(8); }"
                + " public String toString() { return a + \" \" + s + \" \" + added + \" \" + seen; } }");
        byte[] old = blit(v1, "P").toBytes(HookVersions.make(v1, "P"));
        assertEquals("1 x 42 false true 7", blit(v2, "P").fromBytes(old).toString());
    }

    /**
     * As JDK's GetField, which looks a name up in the writer's class descriptor first: a field the writer had and the
     * reader's class no longer declares is readable by name, by its own type, and not defaulted (a migration reads it).
     */
    @Test
    void readFieldsReadsAFieldTheReaderNoLongerDeclares() {
        ClassLoader v1 = HookVersions.compile("public class T implements Serializable { public int celsius = 21;"
                + " public String label = \"room\"; public Object note = java.util.List.of(\"n\");"
                + " private void writeObject(ObjectOutputStream o) throws IOException { o.defaultWriteObject(); o.writeObject(note); } }");
        ClassLoader v2 = HookVersions.compile("public class T implements Serializable { public double kelvin;"
                + " public String label; public transient String seen;"
                + " private static String fails(java.util.concurrent.Callable<?> c) { try { c.call(); return \"no\"; }"
                + "   catch (IllegalArgumentException e) { return \"IAE\"; }"
                + "   catch (Exception e) { throw new IllegalStateException(e); } }"
                + " private void readObject(ObjectInputStream i) throws IOException, ClassNotFoundException {"
                + "   ObjectInputStream.GetField f = i.readFields(); label = (String) f.get(\"label\", \"none\");"
                + "   kelvin = f.defaulted(\"kelvin\") ? f.get(\"celsius\", 0) + 273.15 : f.get(\"kelvin\", 0d);"
                + "   Object note = f.get(\"note\", null);"
                + "   seen = f.defaulted(\"celsius\") + \" \" + note + \" \" + (i.readObject() == note)"
                + "     + \" \" + fails(() -> f.get(\"celsius\", 0L))"
                + "     + \" \" + fails(() -> f.get(\"celsius\", null))"
                + "     + \" \" + fails(() -> f.get(\"neither\", 0))"
                + "     + \" \" + fails(() -> f.defaulted(\"neither\")); }"
                + " public String toString() { return kelvin + \" \" + label + \" \" + seen; } }");
        byte[] old = blit(v1, "T").toBytes(HookVersions.make(v1, "T"));
        assertEquals("294.15 room false [n] true IAE IAE IAE IAE", blit(v2, "T").fromBytes(old).toString());
    }

    /**
     * A class that gained java.io hooks, or lost them all, is written field by field by one side and through its
     * hooks by the other: compatible mode does not convert between the two, and says so naming the class.
     */
    @Test
    void aClassThatGainedOrLostItsHooksIsRefusedSayingSo() {
        ClassLoader plain = HookVersions.compile("public class G implements Serializable { public int n = 3; public String s = \"g\"; }");
        ClassLoader hooks = HookVersions.compile("public class G implements Serializable { public int n = 3; public String s = \"g\";"
                + " private void readObject(ObjectInputStream i) throws IOException, ClassNotFoundException { i.defaultReadObject(); } }");
        ClassLoader empty = HookVersions.compile("public class G implements Serializable { }");
        byte[] fieldByField = blit(plain, "G").toBytes(HookVersions.make(plain, "G"));
        BlitException e = assertThrows(BlitException.class, () -> blit(hooks, "G").fromBytes(fieldByField));
        assertTrue(e.getMessage().contains("compatible mode cannot read hv.G at offset 1: the writer's class was written"
                + " field by field (its field table lists fields, not the classes of a hierarchy) and the reader's is"
                + " serialized through its java.io hooks, which compatible mode does not convert between"), e.getMessage());
        byte[] none = blit(empty, "G").toBytes(HookVersions.make(empty, "G"));
        e = assertThrows(BlitException.class, () -> blit(hooks, "G").fromBytes(none));
        assertTrue(e.getMessage().contains("the writer's class was written field by field"), e.getMessage());
        byte[] throughHooks = blit(hooks, "G").toBytes(HookVersions.make(hooks, "G"));
        e = assertThrows(BlitException.class, () -> blit(plain, "G").fromBytes(throughHooks));
        assertTrue(e.getMessage().contains("compatible mode cannot read hv.G at offset 1: the writer's class was"
                + " serialized through its java.io hooks (its field table lists the classes of a hierarchy) and the"
                + " reader's is written field by field, which compatible mode does not convert between"), e.getMessage());
    }

    /**
     * What a reader's hook leaves unread is skipped, as the JDK does, and an object of a class this reader lacks
     * in it (in a section's objects or in an unread fields item) is read past by its table as a dropped value is;
     * the objects after it keep their reference numbers.
     */
    @Test
    void anObjectOfAClassTheReaderLacksIsSkippedWithWhatTheHookLeavesUnread() {
        String extra = "public class Extra implements Serializable { public int e = 5; public String s = \"extra\"; }";
        ClassLoader v1 = HookVersions.compile(extra, "public class L implements Serializable { public int x = 1;"
                + " public Object gone = new Extra(); public transient java.util.List<String> tail = new java.util.ArrayList<>(java.util.List.of(\"t\"));"
                + " private void writeObject(ObjectOutputStream o) throws IOException {"
                + "   o.defaultWriteObject(); o.writeObject(new Extra()); o.writeObject(tail); } }");
        String[] readers = { // no readObject: the fields item is read, the rest skipped
            " private void writeObject(ObjectOutputStream o) throws IOException { o.defaultWriteObject(); }",
            " private void readObject(ObjectInputStream i) throws IOException, ClassNotFoundException { i.defaultReadObject(); }",
            " private void readObject(ObjectInputStream i) { x = 7; }"}; // the fields item unread too
        Object l = HookVersions.make(v1, "L");
        byte[] bytes = blit(v1, "L", "Extra").toBytes(new ArrayList<>(List.of(l, field(l, "tail"))));
        for (int k = 0; k < readers.length; k++) {
            ClassLoader v2 = HookVersions.compile("public class L implements Serializable { public int x;" + readers[k]
                    + " public String toString() { return \"L\" + x; } }");
            assertEquals(k == 2 ? "[L7, [t]]" : "[L1, [t]]", blit(v2, "L").fromBytes(bytes).toString());
        }
    }

    private static final String BASE = "public class Base implements Serializable {"
            + " public java.util.List<String> items = new java.util.ArrayList<>(java.util.List.of(\"i1\", \"i2\"));"
            + " public transient String tag = \"t\";"
            + " private void writeObject(ObjectOutputStream o) throws IOException { o.defaultWriteObject();"
            + "   o.writeObject(items); o.writeUTF(\"base\"); }"
            + " private void readObject(ObjectInputStream i) throws IOException, ClassNotFoundException {"
            + "   i.defaultReadObject(); i.readObject(); tag = i.readUTF(); }"
            + " private void readObjectNoData() throws ObjectStreamException { tag = \"nodata\"; } }";

    @Test
    void aSuperclassAddedGetsReadObjectNoDataAndOneRemovedIsDropped() {
        ClassLoader v1 = HookVersions.compile("public class R implements Serializable { public int r = 4;"
                + " public String toString() { return \"R\" + r; } private Object readResolve() { return this; } }");
        ClassLoader v2 = HookVersions.compile(BASE, "public class R extends Base { public int r = 4;"
                + " public String toString() { return \"R\" + r + \" \" + tag + \" \" + items; }"
                + " private Object readResolve() { return this; } }");
        byte[] old = blit(v1, "R").toBytes(HookVersions.make(v1, "R"));
        assertEquals("R4 nodata null", blit(v2, "R").fromBytes(old).toString());
        byte[] newer = blit(v2, "R").toBytes(HookVersions.make(v2, "R"));
        assertEquals("R4 base [i1, i2]", blit(v2, "R").fromBytes(newer).toString());
        assertEquals("R4", blit(v1, "R").fromBytes(newer).toString());
    }

    /**
     * With references on, what a dropped class's section holds still takes its reference numbers: the list its
     * writeObject wrote (a field and an object item, the second a back reference) is the one a later back
     * reference outside finds, and the numbers after it stay in step.
     */
    @Test
    void referencesStayAlignedAfterADroppedClass() {
        ClassLoader v1 = HookVersions.compile("public class R implements Serializable { public int r = 4;"
                + " private Object readResolve() { return this; } }");
        ClassLoader v2 = HookVersions.compile(BASE, "public class R extends Base { public int r = 4;"
                + " private Object readResolve() { return this; } }");
        Object r = HookVersions.make(v2, "R");
        Object items = field(r, "items");
        ArrayList<Object> other = new ArrayList<>(List.of("o"));
        List<Object> message = new ArrayList<>(List.of(r, items, other, other));
        List<?> back = (List<?>) blit(v1, "R").fromBytes(blit(v2, "R").toBytes(message));
        assertEquals(List.of("i1", "i2"), back.get(1));
        assertEquals(List.of("o"), back.get(2));
        assertSame(back.get(2), back.get(3));
    }

    /** writeObject added in v2 (a bare writer, a reader's readObject), and removed (a section, no readObject). */
    @Test
    void aSectionAndBareFieldsReadEachOther() {
        ClassLoader bare = HookVersions.compile("public class S implements Serializable { public int n = 3;"
                + " private Object readResolve() { return this; } public String toString() { return \"S\" + n; } }");
        ClassLoader framed = HookVersions.compile("public class S implements Serializable { public int n = 3;"
                + " public transient int extra;"
                + " private void writeObject(ObjectOutputStream o) throws IOException { o.defaultWriteObject();"
                + "   o.writeInt(11); o.writeObject(\"more\"); }"
                + " private void readObject(ObjectInputStream i) throws IOException, ClassNotFoundException {"
                + "   i.defaultReadObject(); try { extra = i.readInt(); } catch (EOFException e) { extra = -1; }"
                + "   if (i.read() != -1) throw new AssertionError(); }"
                + " public String toString() { return \"S\" + n + \" \" + extra; } }");
        byte[] old = blit(bare, "S").toBytes(HookVersions.make(bare, "S"));
        assertEquals("S3 -1", blit(framed, "S").fromBytes(old).toString()); // the end of its data, as the JDK gives it
        byte[] newer = blit(framed, "S").toBytes(List.of(HookVersions.make(framed, "S"), "after"));
        assertEquals("[S3, after]", blit(bare, "S").fromBytes(newer).toString()); // the section's rest skipped
    }

    /** The registered class renamed (the id says it is the same class): its part still goes into the reader's. */
    @Test
    void theRegisteredClassRenamedIsStillMatched() {
        Blit w = Blit.builder().compatible(true).register(Versions.HookV1.class, 100).build();
        Blit r = Blit.builder().compatible(true).register(Versions.HookV2.class, 100).build();
        Versions.HookV1 v = new Versions.HookV1();
        v.a = 12;
        Versions.HookV2 back = (Versions.HookV2) r.fromBytes(w.toBytes(v));
        assertEquals(12L, back.a);
        assertEquals(null, back.b);
    }

    private static Object field(Object o, String name) {
        try {
            return o.getClass().getField(name).get(o);
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
