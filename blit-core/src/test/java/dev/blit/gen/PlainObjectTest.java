package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A bare {@code new Object()}, the lock or sentinel a class keeps in a field, registered as Kryo registers it
 * ({@code register(Object.class, id)}): a class with no fields, so its content is empty, and with references on
 * a lock shared by two holders stays shared. {@code java.lang} is closed to Blit, which needs no access to it:
 * the constructor is public. Registering it used to fail: at {@code build()} with a message asking to open
 * {@code java.lang}, and, with a class holding an {@code Object} field, inside the code generator.
 */
class PlainObjectTest {

    /** Holds anything: the field whose declared type is the registered class itself. */
    static final class Holder {
        Object value;
        Object lock;

        Holder(Object value, Object lock) {
            this.value = value;
            this.lock = lock;
        }

        private Holder() {
        }
    }

    /** A class with no fields, whose bytes a bare Object's must match in every mode. */
    static final class Empty {
    }

    private static Blit.Builder builder() {
        return Blit.builder().register(Object.class, 100).register(Holder.class, 101).register(Empty.class, 102);
    }

    @Test
    void aBareObjectIsItsTagAloneThroughEveryBackend() {
        Blit blit = builder().build();
        assertEquals("64", HexFormat.of().formatHex(blit.toBytes(new Object())));
        Object back = RoundTrip.roundTrip(blit, new Object(), 1, (a, b) -> b.getClass() == Object.class);
        assertEquals(Object.class, back.getClass());
    }

    @Test
    void aFieldDeclaredObjectHoldsABareObjectOrAnythingElse() {
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = builder().references(references).build();
            Holder h = (Holder) blit.fromBytes(blit.toBytes(new Holder("text", new Object())));
            assertEquals("text", h.value);
            assertEquals(Object.class, h.lock.getClass());
            Holder nested = (Holder) blit.fromBytes(blit.toBytes(new Holder(new Holder(null, null), List.of(1))));
            assertNull(((Holder) nested.value).lock);
            assertEquals(List.of(1), nested.lock);
        }
    }

    @Test
    void withReferencesASharedLockStaysSharedAndWithoutThemEachUseIsItsOwn() {
        Object lock = new Object();
        List<Object> list = new ArrayList<>(List.of(lock, new Holder(lock, lock), new Object[] {lock}));
        List<?> shared = (List<?>) builder().references(true).build().fromBytes(builder().references(true).build().toBytes(list));
        assertSame(shared.get(0), ((Holder) shared.get(1)).value);
        assertSame(shared.get(0), ((Holder) shared.get(1)).lock);
        assertSame(shared.get(0), ((Object[]) shared.get(2))[0]);
        List<?> copies = (List<?>) builder().build().fromBytes(builder().build().toBytes(list));
        assertNotSame(copies.get(0), ((Holder) copies.get(1)).value);
        assertEquals(Object.class, ((Object[]) copies.get(2))[0].getClass());
    }

    /** Whatever the mode, a bare Object is written as a class without fields is (the dump reads both alike). */
    @Test
    void inEveryModeItsBytesAreThoseOfAClassWithoutFields() {
        for (Blit blit : List.of(builder().build(), builder().references(true).build(), builder().compatible(true).build(),
                builder().flat(true).build())) {
            byte[] object = blit.toBytes(new Object());
            byte[] empty = blit.toBytes(new Empty());
            assertEquals(100, object[0]);
            assertEquals(102, empty[0]);
            object[0] = empty[0];
            assertArrayEquals(empty, object);
            assertEquals(Object.class, blit.fromBytes(blit.toBytes(new Holder(null, new Object()))) instanceof Holder h
                    ? h.lock.getClass() : null);
        }
    }

    @Test
    void generatedAndReflectiveSerializersAgree() {
        Blit generated = builder().references(true).build();
        Blit reflective = Blit.builder().references(true).register(Object.class, 100, reflective(Object.class))
                .register(Holder.class, 101, reflective(Holder.class)).register(Empty.class, 102).build();
        Holder h = new Holder(new Object(), List.of("a"));
        byte[] bytes = generated.toBytes(h);
        assertArrayEquals(bytes, reflective.toBytes(h));
        assertEquals(Object.class, ((Holder) reflective.fromBytes(bytes)).value.getClass());
    }

    @SuppressWarnings("unchecked")
    private static <T> dev.blit.Serializer<T> reflective(Class<T> c) {
        return (dev.blit.Serializer<T>) (dev.blit.Serializer<?>) new ReflectiveSerializer(ClassModel.of(c, null), false);
    }

    @Test
    void unregisteredItIsRefusedShowingTheRegistration() {
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().build().toBytes(new Object()));
        assertTrue(e.getMessage().contains("register(java.lang.Object.class, id)"), e.getMessage());
    }
}
