package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.Marshallable;
import dev.blit.Serializer;
import dev.blit.gen.Fixtures.Derived;
import dev.blit.gen.other.Base;
import dev.blit.internal.RegistryBuilder;
import dev.blit.serial.JavaSerialization;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * On the class path, generated serializers are defined as nestmates of the class they serialize and reach
 * its fields and constructor directly (FieldAccess); a field a nestmate may not touch still goes through a
 * handle. The fallback, a serializer in Blit's package, is checked in ModuleAccessTest.
 */
class NestmateAccessTest {
    /** Same package, so a subclass's nestmate may use the non-private fields this class declares. */
    static class Parent {
        private int hidden;
        int shared;
    }

    static final class Child extends Parent {
        private int own;

        Child() {
        }

        Child(int hidden, int shared, int own) {
            ((Parent) this).hidden = hidden;
            this.shared = shared;
            this.own = own;
        }
    }

    @Test
    void everyGeneratedFixtureIsANestmateOfItsClass() {
        List<Class<?>> generated = new ArrayList<>();
        for (Class<?> c : TestBlits.CLASSES) {
            if (c.isEnum() || c.isInterface() || Modifier.isAbstract(c.getModifiers())
                    || Marshallable.class.isAssignableFrom(c) || JavaSerialization.hasHooks(c)) {
                continue;
            }
            for (boolean flat : new boolean[] {true, false}) {
                Serializer<?> s = ClassSerializers.create(c, new RegistryBuilder(), null, new ClassSerializers.Options(flat, false));
                Class<?> k = s.getClass();
                // A VerifyError in the generated code would fall back to ReflectiveSerializer: not hidden.
                assertTrue(k.isHidden(), c + " flat=" + flat + ": " + k);
                assertSame(c.getNestHost(), k.getNestHost(), c + " flat=" + flat);
                assertEquals(c.getPackageName(), k.getPackageName(), c + " flat=" + flat);
            }
            generated.add(c);
        }
        assertTrue(generated.size() >= 15, generated.toString());
    }

    @Test
    void aNestmateReachesOwnFieldsAndSamePackageSuperclassFieldsDirectly() throws Exception {
        assertTrue(FieldAccess.reachable(Child.class, Child.class.getDeclaredField("own")));
        assertTrue(FieldAccess.reachable(Child.class, Parent.class.getDeclaredField("shared")));
        // Private to the superclass: through its handle, although both are in this test's nest.
        assertFalse(FieldAccess.reachable(Child.class, Parent.class.getDeclaredField("hidden")));
        // A superclass in another package: even its public and protected fields go through handles.
        assertFalse(FieldAccess.reachable(Derived.class, Base.class.getDeclaredField("x")));
        assertFalse(FieldAccess.reachable(Derived.class, Base.class.getDeclaredField("label")));
        assertFalse(FieldAccess.reachable(Derived.class, Base.class.getDeclaredField("baseId")));
        assertTrue(FieldAccess.reachable(Derived.class, Derived.class.getDeclaredField("x")));
    }

    @Test
    void directAndHandleAccessMixInOneClass() {
        for (boolean flat : new boolean[] {true, false}) {
            Blit blit = Blit.builder().flat(flat).register(Child.class, 100).build();
            Child back = blit.fromBytes(blit.toBytes(new Child(1, 2, 3)), Child.class);
            assertEquals(1, ((Parent) back).hidden);
            assertEquals(2, back.shared);
            assertEquals(3, back.own);
            Child into = blit.readInto(dev.blit.buffer.ReadBuffer.of(blit.toBytes(new Child(4, 5, 6))), new Child());
            assertNotNull(into);
            assertEquals(4, ((Parent) into).hidden);
            assertEquals(5, into.shared);
            assertEquals(6, into.own);
        }
    }
}
