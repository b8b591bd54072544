package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamField;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static dev.blit.RoundTrip.throughJdk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A {@code Serializable} class without hooks that declares {@code serialPersistentFields} has exactly the listed
 * fields serialized, as under JDK serialization, whichever serializer Blit makes for it.
 */
class SerialPersistentFieldsTest {

    static final class Config implements Serializable {
        int port;
        /** Not listed: not written, though not transient. */
        int cacheHits;
        /** Not listed, and of a class Blit could not write: no registration is asked for. */
        Thread worker = Thread.currentThread();
        /** Listed: written, though transient. */
        transient String host;
        private static final ObjectStreamField[] serialPersistentFields = {
                new ObjectStreamField("port", int.class),
                new ObjectStreamField("host", String.class),
        };

        Config() {
        }

        Config(int port, int cacheHits, String host) {
            this.port = port;
            this.cacheHits = cacheHits;
            this.host = host;
        }

        boolean readBackFrom(Config written) {
            return port == written.port && host.equals(written.host) && cacheHits == 0;
        }
    }

    @Test
    void onlyTheListedFieldsAreWrittenTransientOrNot() throws Exception {
        Config written = new Config(80, 5, "h");
        assertTrue(((Config) throughJdk(written)).readBackFrom(written));
        for (Blit.Builder b : List.of(Blit.builder(), Blit.builder().flat(false), Blit.builder().references(true))) {
            Blit blit = b.register(Config.class, 100).build();
            // 64 | host "h" (03 68) | port svar 80 (a0 01): by name, as every class's fields
            assertEquals("64 03 68 a0 01", RoundTrip.hex(blit.toBytes(written)));
            RoundTrip.roundTrip(blit, written, 5, (a, back) -> ((Config) back).readBackFrom(a));
        }
    }

    @Test
    void theReflectiveSerializerWritesTheSameFields() {
        Config written = new Config(80, 5, "h");
        Blit blit = Blit.builder().register(Config.class, 100,
                new ReflectiveSerializer(ClassModel.of(Config.class, null), false)).build();
        assertEquals("64 03 68 a0 01", RoundTrip.hex(blit.toBytes(written)));
        RoundTrip.roundTrip(blit, written, 5, (a, back) -> ((Config) back).readBackFrom(a));
    }

    @Test
    void compatibleModeTablesOnlyTheListedFields() {
        Config written = new Config(80, 5, "h");
        Blit blit = Blit.builder().compatible(true).register(Config.class, 100).build();
        byte[] bytes = blit.toBytes(written);
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        assertTrue(text.contains("host") && text.contains("port") && !text.contains("cacheHits"), RoundTrip.hex(bytes));
        assertTrue(((Config) blit.fromBytes(bytes)).readBackFrom(written));
    }

    static class Base implements Serializable {
        int kept;
        int dropped;
        private static final ObjectStreamField[] serialPersistentFields = {new ObjectStreamField("kept", int.class)};
    }

    /** Lists nothing of its own: the superclass's list is the superclass's alone. */
    static final class Sub extends Base {
        int own;
    }

    @Test
    void eachClassOfAHierarchyHasItsOwnList() {
        assertEquals(List.of("kept", "own"), ClassLayout.serializedFields(Sub.class).stream().map(f -> f.getName()).toList());
    }

    static final class Nothing implements Serializable {
        int cached;
        private static final ObjectStreamField[] serialPersistentFields = {};
    }

    @Test
    void anEmptyListMeansNoFields() {
        assertEquals(List.of(), ClassLayout.serializedFields(Nothing.class));
    }

    /** Not private static final ObjectStreamField[]: JDK serialization ignores it, and so does Blit. */
    static final class NotTheDeclaration implements Serializable {
        int a;
        int b;
        static ObjectStreamField[] serialPersistentFields = {new ObjectStreamField("a", int.class)};
    }

    @Test
    void aDeclarationTheJdkIgnoresIsIgnored() {
        assertEquals(List.of("a", "b"), ClassLayout.serializedFields(NotTheDeclaration.class).stream()
                .map(f -> f.getName()).toList());
    }

    record Pair(int a, int b) implements Serializable {
        private static final ObjectStreamField[] serialPersistentFields = {new ObjectStreamField("a", int.class)};
    }

    @Test
    void aRecordKeepsEveryComponentAsUnderTheJdk() throws Exception {
        assertEquals(new Pair(1, 2), throughJdk(new Pair(1, 2)));
        Blit blit = Blit.builder().register(Pair.class, 100).build();
        assertEquals(new Pair(1, 2), blit.fromBytes(blit.toBytes(new Pair(1, 2))));
    }

    static final class Unmatched implements Serializable {
        int port;
        private static final ObjectStreamField[] serialPersistentFields = {
                new ObjectStreamField("port", int.class),
                new ObjectStreamField("legacyPort", int.class),
        };
    }

    static final class OtherType implements Serializable {
        String name = "n";
        private static final ObjectStreamField[] serialPersistentFields = {new ObjectStreamField("name", Object.class)};
    }

    @Test
    void anEntryWithoutItsFieldIsRefusedAtBuildAsTheJdkRefusesItOnWrite() {
        for (Class<?> type : List.<Class<?>>of(Unmatched.class, OtherType.class)) {
            assertThrows(InvalidClassException.class, () -> throughJdk(type.getDeclaredConstructor().newInstance()));
            BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(type, 100).build());
            assertTrue(e.getMessage().contains("serialPersistentFields of " + type.getName()), e.getMessage());
        }
    }

    static final class Duplicated implements Serializable {
        int a;
        private static final ObjectStreamField[] serialPersistentFields = {
                new ObjectStreamField("a", int.class),
                new ObjectStreamField("a", int.class),
        };
    }

    @Test
    void anInvalidListIsRefusedRatherThanTakenForNoFields() throws Exception {
        assertThrows(InvalidClassException.class, () -> throughJdk(new Duplicated()));
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(Duplicated.class, 100).build());
        assertTrue(e.getMessage().contains("invalid"), e.getMessage());
    }
}
