package dev.blit.serial;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import dev.blit.gen.ClassSerializers;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import static dev.blit.serial.HookSerializationTest.hex;
import static dev.blit.RoundTrip.throughJdk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A Serializable record's writeReplace and readResolve are called, as JDK serialization calls them on records;
 * its writeObject and readObject are not, as JDK serialization ignores them; a record with neither hook keeps
 * its generated serializer.
 */
class RecordHooksTest {

    record Interned(String key) implements Serializable {
        private Object readResolve() {
            return new Interned(key + "#resolved");
        }
    }

    record Replaced(int x) implements Serializable {
        private Object writeReplace() {
            return new Proxy("proxied " + x);
        }
    }

    static final class Proxy implements Serializable {
        final String text;

        Proxy(String text) {
            this.text = text;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Proxy && ((Proxy) o).text.equals(text);
        }

        @Override
        public int hashCode() {
            return text.hashCode();
        }
    }

    /** The JDK ignores a record's writeObject and readObject: these would fail if called. */
    record IgnoredHooks(int x) implements Serializable {
        private void writeObject(ObjectOutputStream out) throws IOException {
            throw new IOException("a record's writeObject is not called");
        }

        private void readObject(ObjectInputStream in) throws IOException {
            throw new IOException("a record's readObject is not called");
        }
    }

    record Plain(int x, String s) implements Serializable {
    }

    static Blit blit(Blit.Builder b) {
        return b.register(Interned.class, 100).register(Replaced.class, 101).register(Proxy.class, 102)
                .register(IgnoredHooks.class, 103).register(Plain.class, 104).build();
    }

    @Test
    void readResolveOfARecordGivesWhatItReturnsAndChangesNoByte() throws Exception {
        assertEquals(new Interned("k#resolved"), throughJdk(new Interned("k")));
        Blit blit = blit(Blit.builder());
        // 64 | key "k": the record's components, as without the hook
        assertEquals("64 03 6b", hex(blit.toBytes(new Interned("k"))));
        RoundTrip.roundTrip(blit, new Interned("k"), 3, (a, b) -> b.equals(new Interned("k#resolved")));
    }

    @Test
    void writeReplaceOfARecordWritesTheReplacement() throws Exception {
        assertEquals(new Proxy("proxied 7"), throughJdk(new Replaced(7)));
        Blit blit = blit(Blit.builder());
        // 65: Replaced | 01: replaced | 66: Proxy, its field text "proxied 7" (13: 9 chars)
        assertEquals("65 01 66 13 70 72 6f 78 69 65 64 20 37", hex(blit.toBytes(new Replaced(7))));
        RoundTrip.roundTrip(blit, new Replaced(7), 13, (a, b) -> b.equals(new Proxy("proxied 7")));
    }

    @Test
    void writeObjectAndReadObjectOfARecordAreIgnoredAsByTheJdk() throws Exception {
        assertEquals(new IgnoredHooks(3), throughJdk(new IgnoredHooks(3)));
        Blit blit = blit(Blit.builder());
        // 67 | x: a flat block (i32f 3), as for any record of one int
        assertEquals("67 03 00 00 00", hex(blit.toBytes(new IgnoredHooks(3))));
        RoundTrip.roundTrip(blit, new IgnoredHooks(3), 5);
    }

    @Test
    void aRecordWithoutWriteReplaceOrReadResolveKeepsItsGeneratedSerializer() {
        Blit blit = blit(Blit.builder().flat(false));
        for (Class<?> c : List.of(Plain.class, IgnoredHooks.class)) {
            assertTrue(ClassSerializers.isGenerated(blit.serializerOf(c), false), blit.serializerOf(c).getClass().getName());
        }
        // The hooks are called around the generated one.
        assertTrue(ClassSerializers.isGenerated(ClassSerializers.unmarked(blit.serializerOf(Interned.class)), false));
    }

    @Test
    void everyOccurrenceOfAResolvedRecordIsTheResolvedObject() {
        Blit blit = blit(Blit.builder().references(true));
        Interned k = new Interned("k");
        List<Object> twice = new ArrayList<>(List.of(k, k));
        // 24: ArrayList, 2 elements: the record (#1), then a back reference to #1
        assertEquals("24 02 64 03 6b 01 01", hex(blit.toBytes(twice)));
        List<?> back = (List<?>) blit.fromBytes(blit.toBytes(twice));
        assertEquals(new Interned("k#resolved"), back.get(0));
        assertSame(back.get(0), back.get(1));
    }

    @Test
    void aBackReferenceToAReplacedRecordGetsItsReplacement() {
        Blit blit = blit(Blit.builder().references(true));
        Replaced r = new Replaced(7);
        List<?> back = (List<?>) blit.fromBytes(blit.toBytes(new ArrayList<>(List.of(r, r))));
        assertInstanceOf(Proxy.class, back.get(0));
        assertSame(back.get(0), back.get(1));
    }

    record Holder(List<Object> items) implements Serializable {
        private Object readResolve() {
            return this;
        }
    }

    @Test
    void aCycleThroughAResolvedRecordIsStillRefusedOnWriting() {
        Blit blit = Blit.builder().references(true).register(Holder.class, 100).build();
        Holder h = new Holder(new ArrayList<>());
        h.items().add(h);
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(h));
        assertTrue(e.getMessage().contains("cannot write a back reference"), e.getMessage());
    }

    @Test
    void aRunOfResolvedRecordsResolvesEachElement() {
        Blit blit = blit(Blit.builder());
        List<Interned> list = new ArrayList<>(List.of(new Interned("a"), new Interned("b"), new Interned("c")));
        assertEquals(List.of(new Interned("a#resolved"), new Interned("b#resolved"), new Interned("c#resolved")),
                blit.fromBytes(blit.toBytes(list)));
    }

    @Test
    void compatibleModeCallsTheHooksToo() {
        Blit blit = blit(Blit.builder().compatible(true));
        assertEquals(new Interned("k#resolved"), blit.fromBytes(blit.toBytes(new Interned("k"))));
        assertEquals(new Proxy("proxied 7"), blit.fromBytes(blit.toBytes(new Replaced(7))));
        assertEquals(new IgnoredHooks(3), blit.fromBytes(blit.toBytes(new IgnoredHooks(3))));
    }
}
