package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.gen.ClassModel.Strategy;
import org.junit.jupiter.api.Test;

import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClassModelTest {

    /** Mutable, with both constructors: the no-argument one wins, so cycles through it still resolve. */
    static final class MutablePair {
        int a;
        String b;

        MutablePair() {
        }

        MutablePair(int a, String b) {
            this.a = a;
            this.b = b;
        }
    }

    /** The list is copied, so its parameter is matched by its (unique) type rather than by bytecode. */
    static final class Copying {
        private final long id;
        private final List<String> items;

        Copying(long id, List<String> items) {
            this.id = id;
            this.items = List.copyOf(items);
        }
    }

    /** A field written on two paths, and types that do not tell the parameters apart: no match. */
    static final class Conditional {
        private final int a;
        private final int b;

        Conditional(int a, int b) {
            if (a > 0) {
                this.a = a;
            } else {
                this.a = 0;
            }
            this.b = b;
        }
    }

    /** A parameter reassigned before it is stored: not a plain copy, and ambiguous by type. */
    static final class Reassigned {
        private final int a;
        private final int b;

        Reassigned(int a, int b) {
            a = Math.max(a, 0);
            this.a = a;
            this.b = b;
        }
    }

    @Test
    void blitCoreTestsAreCompiledWithoutParameterNamesSoBytecodeAnalysisIsExercised() throws Exception {
        assertFalse(Fixtures.Quote.class.getDeclaredConstructor(long.class, double[].class).getParameters()[0].isNamePresent());
    }

    @Test
    void fieldsAreOrderedTopmostSuperclassFirstThenByName() {
        assertEquals(List.of("baseId", "label", "x", "own", "x"), GeneratedSerializerTest.fieldNames(Fixtures.Derived.class));
        assertEquals(List.of("from", "name", "to"), GeneratedSerializerTest.fieldNames(Fixtures.Segment.class));
        assertEquals(List.of("b", "c", "d", "f", "i", "j", "s", "z"), GeneratedSerializerTest.fieldNames(Fixtures.Primitives.class));
    }

    @Test
    void recordsUseTheirCanonicalConstructorWithComponentsMappedByName() {
        ClassModel m = ClassModel.of(Fixtures.Segment.class, null);
        assertEquals(Strategy.RECORD, m.strategy());
        // parameters (from, to, name); fields (from, name, to)
        assertArrayEquals(new int[]{0, 2, 1}, m.arguments());
    }

    @Test
    void constructorParametersAreMatchedToFieldsThroughTheBytecode() {
        ClassModel range = ClassModel.of(Fixtures.Range.class, null);
        assertEquals(Strategy.CONSTRUCTOR, range.strategy());
        // Range(int lo, int hi); fields (hi, lo)
        assertArrayEquals(new int[]{1, 0}, range.arguments());
        ClassModel venue = ClassModel.of(Fixtures.VenueQuote.class, null);
        assertEquals(Strategy.CONSTRUCTOR, venue.strategy());
        // VenueQuote(long sourceId, long venue) { super(sourceId); ... }; fields (sourceId, venue)
        assertArrayEquals(new int[]{0, 1}, venue.arguments());
        assertEquals(Strategy.CONSTRUCTOR, ClassModel.of(Fixtures.Quote.class, null).strategy());
    }

    @Test
    void aParameterTheConstructorTransformsIsMatchedByItsUniqueType() {
        ClassModel m = ClassModel.of(Copying.class, null);
        assertEquals(Strategy.CONSTRUCTOR, m.strategy());
        assertArrayEquals(new int[]{0, 1}, m.arguments());
        Blit blit = Blit.builder().register(Copying.class, 100).build();
        Copying c = blit.fromBytes(blit.toBytes(new Copying(4, new ArrayList<>(List.of("a", "b")))), Copying.class);
        assertEquals(4, c.id);
        assertEquals(List.of("a", "b"), c.items);
    }

    /** Each field's type is unique, but the constructor computes the fields: pairing by type would change them. */
    static final class Cents {
        private final long cents;
        private final String label;

        Cents(long dollars, String name) {
            this.cents = dollars * 100;
            this.label = "$" + name;
        }
    }

    /** The same through a super call: {@code super(count + 1)} stores a computed value. */
    static class Counted {
        final int count;

        Counted(int count) {
            this.count = count;
        }
    }

    static final class Incremented extends Counted {
        Incremented(int count) {
            super(count + 1);
        }
    }

    /** One field stored unchanged, one computed: no constructor (nor a no-argument one) gives the values back. */
    static final class HalfComputed {
        private final String name;
        private final int n;

        HalfComputed(String name, int count) {
            this.name = name.trim(); // a normalization that gives its result back unchanged: still matched by type
            this.n = count + 1;
        }
    }

    @Test
    void fieldsTheConstructorComputesAreNotPairedWithParametersByType() {
        for (Class<?> c : new Class<?>[]{Cents.class, Incremented.class, HalfComputed.class}) {
            BlitException e = assertThrows(BlitException.class, () -> ClassModel.of(c, null), c.getName());
            assertTrue(e.getMessage().contains("from their arguments (arithmetic or string concatenation)"), e.getMessage());
        }
        BlitException e = assertThrows(BlitException.class, () -> ClassModel.of(HalfComputed.class, null));
        assertTrue(e.getMessage().contains("its constructors compute n from"), e.getMessage());
        e = assertThrows(BlitException.class, () -> ClassModel.of(Cents.class, null));
        assertTrue(e.getMessage().contains("its constructors compute cents, label from"), e.getMessage());
    }

    @Test
    void constructorsThatDoNotCopyTheirParametersStraightIntoTheFieldsAreNotUsed() {
        assertThrows(BlitException.class, () -> ClassModel.of(Conditional.class, null));
        assertThrows(BlitException.class, () -> ClassModel.of(Reassigned.class, null));
    }

    @Test
    void aMutableClassWithANoArgumentConstructorIsFilledFieldByField() {
        assertEquals(Strategy.FIELDS, ClassModel.of(MutablePair.class, null).strategy());
        assertEquals(Strategy.FIELDS, ClassModel.of(Fixtures.Order.class, null).strategy());
        assertEquals(Strategy.FIELDS, ClassModel.of(Fixtures.Legacy.class, null).strategy());
    }

    @Test
    void aLookupHandedOverByTheUserIsUsed() {
        Blit blit = Blit.builder().lookup(MethodHandles.lookup()).register(MutablePair.class, 100).build();
        MutablePair p = blit.fromBytes(blit.toBytes(new MutablePair(3, "x")), MutablePair.class);
        assertEquals(3, p.a);
        assertEquals("x", p.b);
    }

    @Test
    void enumsInterfacesAndAbstractClassesHaveNoFieldModel() {
        assertThrows(BlitException.class, () -> ClassModel.of(Fixtures.Color.class, null));
        assertThrows(BlitException.class, () -> ClassModel.of(Fixtures.Shape.class, null));
        assertThrows(BlitException.class, () -> ClassModel.of(Fixtures.Animal.class, null));
        BlitException e = assertThrows(BlitException.class, () -> ClassModel.of(Fixtures.Unbuildable.class, null));
        assertTrue(e.getMessage().contains("(int a, int b)"), e.getMessage());
    }
}
