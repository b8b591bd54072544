package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.serial.JavaSerialization;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What registration covers at its edges (enum constants with bodies under {@code registerHierarchy}, an enum with
 * no constants in an {@code EnumSet}), and that the advice of each refusal names a call that compiles and works.
 */
class RegistrationAdviceTest {
    interface Operation {
        int apply(int a, int b);
    }

    enum Plain implements Operation {
        ADD;

        @Override
        public int apply(int a, int b) {
            return a + b;
        }
    }

    enum WithBodies implements Operation {
        PLUS {
            @Override
            public int apply(int a, int b) {
                return a + b;
            }
        },
        TIMES {
            @Override
            public int apply(int a, int b) {
                return a * b;
            }
        }
    }

    enum NoConstants {
    }

    /** Writes an {@code Operation} as its enum's name and constant, whichever enum it is. */
    static final class OperationSerializer implements Serializer<Operation> {
        @Override
        public void write(WriteBuffer out, Operation value) {
            Enum<?> e = (Enum<?>) value;
            out.writeString(e.getDeclaringClass().getName());
            out.writeString(e.name());
        }

        @Override
        @SuppressWarnings({"unchecked", "rawtypes"})
        public Operation read(ReadBuffer in) {
            String type = in.readString();
            Class c = type.equals(Plain.class.getName()) ? Plain.class : WithBodies.class;
            return (Operation) Enum.valueOf(c, in.readString());
        }
    }

    private static final Blit HIERARCHY = Blit.builder().registerHierarchy(Operation.class, 100, new OperationSerializer())
            .build();

    @Test
    void aConstantWithABodyIsCoveredByTheHierarchyItsEnumIsIn() {
        assertSame(Plain.ADD, HIERARCHY.fromBytes(HIERARCHY.toBytes(Plain.ADD)));
        // Its class is an anonymous subclass of the enum: it was refused as one, not taken for its enum
        assertSame(WithBodies.TIMES, HIERARCHY.fromBytes(HIERARCHY.toBytes(WithBodies.TIMES)));
    }

    @Test
    void anUnregisteredConstantWithABodyIsNamedAsItsEnum() {
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().build().toBytes(WithBodies.PLUS));
        assertTrue(e.getMessage().contains("register(dev.blit.RegistrationAdviceTest.WithBodies.class, id)"), e.getMessage());
        assertFalse(e.getMessage().contains("anonymous"), e.getMessage());
    }

    @Test
    void anEnumSetOrEnumMapOfAnEnumOnlyAHierarchyCoversIsRefusedSayingSo() {
        for (Object value : new Object[]{EnumSet.of(Plain.ADD), new EnumMap<>(Map.of(Plain.ADD, 1))}) {
            BlitException e = assertThrows(BlitException.class, () -> HIERARCHY.toBytes(value));
            assertTrue(e.getMessage().contains("registerHierarchy(" + Operation.class.getName() + ")"), e.getMessage());
            assertTrue(e.getMessage().contains("register dev.blit.RegistrationAdviceTest.Plain itself"), e.getMessage());
            assertFalse(e.getMessage().contains("array"), e.getMessage());
        }
        // as it says: registered itself, the enum's sets and maps are written, its constants still under the hierarchy
        Blit both = Blit.builder().register(Plain.class, 101).registerHierarchy(Operation.class, 100, new OperationSerializer())
                .build();
        assertEquals(EnumSet.of(Plain.ADD), both.fromBytes(both.toBytes(EnumSet.of(Plain.ADD))));
    }

    @Test
    void anEnumSetOfAnEnumWithNoConstantsIsWrittenAsAnEnumMapOfOneIs() {
        Blit blit = Blit.builder().register(NoConstants.class, 100).build();
        EnumSet<NoConstants> set = EnumSet.noneOf(NoConstants.class);
        Object back = blit.fromBytes(blit.toBytes(set));
        assertEquals(set, back);
        @SuppressWarnings("unchecked")
        EnumSet<NoConstants> typed = (EnumSet<NoConstants>) back;
        assertEquals(EnumSet.allOf(NoConstants.class), EnumSet.complementOf(typed)); // of that enum
        assertEquals(new EnumMap<>(NoConstants.class), blit.fromBytes(blit.toBytes(new EnumMap<>(NoConstants.class))));
    }

    @Test
    void theSuggestedRegisterCallNamesTheClassAsSourceCodeDoes() {
        class Local {
            class Nested {
                int z;
            }
        }
        BlitException nested = assertThrows(BlitException.class, () -> Blit.builder().build().toBytes(new Local().new Nested()));
        assertTrue(nested.getMessage().contains("register(Local.Nested.class, id)"), nested.getMessage());
        BlitException dollar = assertThrows(BlitException.class, () -> Blit.builder().build().toBytes(new Dollar$Named()));
        assertTrue(dollar.getMessage().contains("register(dev.blit.Dollar$Named.class, id)"), dollar.getMessage());
        // a Class value of an unregistered class says the same
        BlitException type = assertThrows(BlitException.class, () -> Blit.builder().build().toBytes(Dollar$Named.class));
        assertTrue(type.getMessage().contains("register(dev.blit.Dollar$Named.class, id)"), type.getMessage());
    }

    @Test
    void aClassOfARegisteredNameFromAnotherLoaderIsSaidToBeOne() throws Exception {
        Class<?> twin = new Isolating().loadClass(Dollar$Named.class.getName());
        Blit blit = Blit.builder().register(Dollar$Named.class, 100).build();
        java.lang.reflect.Constructor<?> make = twin.getDeclaredConstructor();
        make.setAccessible(true); // package-private, in a runtime package of its own loader
        Object value = make.newInstance();
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(value));
        assertTrue(e.getMessage().contains("is another one, loaded by"), e.getMessage());
    }

    @Test
    void javaSerializationIsAdvisedOnlyWhereItWritesTheClass() {
        // Class is written by ObjectOutputStream as a descriptor, not through hooks: the serializer wrote nothing, and
        // reading it threw an IllegalAccessError on Java 17
        BlitException classAdvice = assertThrows(BlitException.class, () -> Blit.builder().register(Class.class, 100).build());
        assertFalse(classAdvice.getMessage().contains("writes it through its java.io hooks"), classAdvice.getMessage());
        BlitException create = assertThrows(BlitException.class, () -> JavaSerialization.create(Class.class, null));
        assertTrue(create.getMessage().contains("special case"), create.getMessage());
        // ConcurrentHashMap's writeObject writes Segments, private to the JDK: writing failed at the first value
        BlitException chm = assertThrows(BlitException.class,
                () -> Blit.builder().register(ConcurrentHashMap.class, 100).build());
        assertTrue(chm.getMessage().contains("ConcurrentHashMap$Segment, a class private to the JDK"), chm.getMessage());
        // where it is advised it works (a JDK class Blit builds in whose hooks write public classes)
        BlitException date = assertThrows(BlitException.class, () -> Blit.builder().register(java.util.Date.class, 100).build());
        assertTrue(date.getMessage().contains("JavaSerialization.create(java.util.Date.class, null) writes it"), date.getMessage());
    }

    /** Defines its own copy of a class of this package from the same bytes, as a second application's loader would. */
    private static final class Isolating extends ClassLoader {
        Isolating() {
            super(RegistrationAdviceTest.class.getClassLoader());
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            if (!name.equals(Dollar$Named.class.getName())) {
                return super.loadClass(name, resolve);
            }
            try (InputStream in = getParent().getResourceAsStream(name.replace('.', '/') + ".class")) {
                byte[] bytes = in.readAllBytes();
                return defineClass(name, bytes, 0, bytes.length);
            } catch (java.io.IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    interface Shape {
    }

    static final class Square implements Shape {
        int side;
    }

    static final class ShapeSerializer implements Serializer<Shape> {
        @Override
        public void write(WriteBuffer out, Shape value) {
            out.writeInt(((Square) value).side);
        }

        @Override
        public Shape read(ReadBuffer in) {
            Square s = new Square();
            s.side = in.readInt();
            return s;
        }
    }

    /** A serializer registered for an interface writes none of its implementations: the message says registerHierarchy. */
    @Test
    void anUnregisteredImplementationOfAnInterfaceWithASerializerSuggestsRegisterHierarchy() {
        Blit blit = Blit.builder().register(Shape.class, 100, new ShapeSerializer()).build();
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(new Square()));
        String shape = "dev.blit.RegistrationAdviceTest.Shape";
        assertEquals("class " + Square.class.getName() + " is not registered; add Blit.builder().register("
                + "dev.blit.RegistrationAdviceTest.Square.class, id) with an id >= 100; or, for " + shape + "'s serializer"
                + " (id 100) to write it, registerHierarchy(" + shape + ".class, 100, serializer) instead of register,"
                + " which gives the serializer the interface alone: no value is of it, and its id is only read",
                e.getMessage());
        // without a serializer, the interface is registered for arrays and declared types: no such advice
        e = assertThrows(BlitException.class, () -> Blit.builder().register(Shape.class, 100).build().toBytes(new Square()));
        assertFalse(e.getMessage().contains("registerHierarchy"), e.getMessage());
        Blit hierarchy = Blit.builder().registerHierarchy(Shape.class, 100, new ShapeSerializer()).build();
        Square s = new Square();
        s.side = 3;
        assertEquals(3, ((Square) hierarchy.fromBytes(hierarchy.toBytes(s))).side);
    }
}

/** A top-level class whose own name holds a {@code $}, which is no nesting. */
class Dollar$Named {
    int x;
}
