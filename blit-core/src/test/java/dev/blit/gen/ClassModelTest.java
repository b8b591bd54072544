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
            assertTrue(e.getMessage().contains("from their arguments (arithmetic, a string concatenation, a condition"), e.getMessage());
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

    /** A field built through a condition: {@code !disabled}, neither a parameter nor arithmetic. */
    static final class NegatedFlag {
        final String name;
        final boolean enabled;

        NegatedFlag(String name, boolean disabled) {
            this.name = name;
            this.enabled = !disabled;
        }
    }

    enum Side { LEFT, RIGHT }

    /** The same through a conditional expression on a reference. */
    static final class Mirror {
        final Side facing;
        final int n;

        Mirror(Side from, int n) {
            this.facing = from == Side.LEFT ? Side.RIGHT : Side.LEFT;
            this.n = n;
        }
    }

    /** A field set to a constant: no parameter is its value, though the types would pair. */
    static final class Constant {
        final long id;
        final int version;

        Constant(long id, int ignored) {
            this.id = id;
            this.version = 1;
        }
    }

    /**
     * {@code enabled} flipped on every round trip, {@code facing} swapped: the constructor computes them through a
     * jump, which counted as neither a stored parameter nor arithmetic, so they were paired by their unique types.
     */
    @Test
    void fieldsTheConstructorBuildsThroughAConditionOrAConstantAreNotPaired() {
        BlitException e = assertThrows(BlitException.class, () -> ClassModel.of(NegatedFlag.class, null));
        assertTrue(e.getMessage().contains("its constructors compute enabled from their arguments"), e.getMessage());
        e = assertThrows(BlitException.class, () -> ClassModel.of(Mirror.class, null));
        assertTrue(e.getMessage().contains("its constructors compute facing from"), e.getMessage());
        e = assertThrows(BlitException.class, () -> ClassModel.of(Constant.class, null));
        assertTrue(e.getMessage().contains("its constructors compute version from"), e.getMessage());
    }

    /** Two constructors take both fields; the first by descriptor negates, the private one stores them. */
    static final class TwoFlags {
        final String name;
        final boolean enabled;

        TwoFlags(String name, boolean disabled) {
            this(!disabled, name);
        }

        private TwoFlags(boolean enabled, String name) {
            this.name = name;
            this.enabled = enabled;
        }
    }

    /** The first by descriptor converts through a method (paired by type), the other stores its parameters. */
    static final class Temperature {
        final double celsius;
        final String label;

        Temperature(double fahrenheit, String label) {
            this.celsius = toCelsius(fahrenheit);
            this.label = label;
        }

        private Temperature(String label, double celsius) {
            this.celsius = celsius;
            this.label = label;
        }

        static double toCelsius(double f) {
            return (f - 32) / 1.8;
        }
    }

    /** Two constructors paired by type only, neither confirmed by its bytecode: which one is right is a guess. */
    static final class Guess {
        final long id;
        final String label;

        Guess(long id, String label) {
            this.id = Math.abs(id);
            this.label = label.trim();
        }

        Guess(String label, long id) {
            this.id = Math.negateExact(id);
            this.label = label.strip();
        }
    }

    @Test
    void ofSeveralConstructorsTheOneWhoseBytecodeStoresEachParameterIsUsed() throws Exception {
        ClassModel flags = ClassModel.of(TwoFlags.class, null);
        assertEquals(TwoFlags.class.getDeclaredConstructor(boolean.class, String.class), flags.creator());
        ClassModel temp = ClassModel.of(Temperature.class, null);
        assertEquals(Temperature.class.getDeclaredConstructor(String.class, double.class), temp.creator());
        for (String gen : new String[]{null, "reflective"}) {
            String before = System.getProperty("blit.gen");
            try {
                if (gen != null) {
                    System.setProperty("blit.gen", gen);
                }
                Blit blit = Blit.builder().register(TwoFlags.class, 100).register(Temperature.class, 101).build();
                TwoFlags f = blit.copy(blit.copy(new TwoFlags("beta", false)));
                assertTrue(f.enabled, String.valueOf(gen));
                assertEquals("beta", f.name);
                Temperature t = blit.copy(new Temperature("boiling", 100));
                assertEquals(100.0, t.celsius, 0.0, String.valueOf(gen));
            } finally {
                if (before == null) {
                    System.clearProperty("blit.gen");
                } else {
                    System.setProperty("blit.gen", before);
                }
            }
        }
        BlitException e = assertThrows(BlitException.class, () -> ClassModel.of(Guess.class, null));
        assertTrue(e.getMessage().contains("several of its constructors take its serialized fields"), e.getMessage());
    }

    static class Sized {
        private int size;

        Sized(int size) {
            this.size = size;
        }

        void resize(int s) {
            this.size = s;
        }

        int size() {
            return size;
        }
    }

    /** The super call stores {@code cells}, then a method of the object doubles it. */
    static final class Grid extends Sized {
        final String name;

        Grid(int cells, String name) {
            super(cells);
            resize(cells * 2);
            this.name = name;
        }
    }

    /** A method of the object that only reads: the pairing stands. */
    static final class Checked extends Sized {
        final String name;

        Checked(int cells, String name) {
            super(cells);
            check();
            this.name = name;
        }

        void check() {
            if (size() < 0 || name() == null && size() > 1000) {
                throw new IllegalArgumentException();
            }
        }

        String name() {
            return name;
        }
    }

    /** The same, the field stored directly and then set again by the overriding method the constructor calls. */
    static class Base2 {
        int level;

        Base2() {
        }

        void init() {
        }
    }

    static final class Overridden extends Base2 {
        final String id;

        Overridden(String id, int level) {
            this.id = id;
            this.level = level;
            init();
        }

        @Override
        void init() {
            level++;
        }
    }

    /** Grid's size doubled on every round trip (6, 12, 24): the pairing from super(cells) was kept. */
    @Test
    void aFieldAMethodOfTheObjectMaySetAfterTheConstructorStoredItIsNotPaired() {
        BlitException e = assertThrows(BlitException.class, () -> ClassModel.of(Grid.class, null));
        assertTrue(e.getMessage().contains("its constructors compute size from"), e.getMessage());
        e = assertThrows(BlitException.class, () -> ClassModel.of(Overridden.class, null));
        assertTrue(e.getMessage().contains("compute level from"), e.getMessage());
        ClassModel checked = ClassModel.of(Checked.class, null);
        assertEquals(Strategy.CONSTRUCTOR, checked.strategy());
        Blit blit = Blit.builder().register(Checked.class, 100).build();
        Checked c = blit.copy(blit.copy(new Checked(3, "c")));
        assertEquals(3, c.size());
        assertEquals("c", c.name);
        // handing the object to other code after storing its final fields cannot change them: still paired
        ClassModel announced = ClassModel.of(Announced.class, null);
        assertEquals(Strategy.CONSTRUCTOR, announced.strategy());
        Blit b = Blit.builder().register(Announced.class, 101).build();
        Announced a = b.copy(b.copy(new Announced("a", 7)));
        assertEquals("a", a.name);
        assertEquals(7, a.v);
    }

    /** Final fields, and the object added to a registry once they are stored, as listeners and interners do. */
    static final class Announced {
        static final java.util.List<Object> ALL = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        final String name;
        final int v;

        Announced(String name, int v) {
            this.name = name;
            this.v = v;
            ALL.add(this);
        }
    }

    /** A telescoping constructor passing a constant on. */
    static final class Telescoping {
        final int a;
        final int b;

        Telescoping(int a, int b) {
            this(a, b, true);
        }

        private Telescoping(int a, int b, boolean check) {
            if (check && a > b) {
                throw new IllegalArgumentException();
            }
            this.a = a;
            this.b = b;
        }
    }

    abstract static class Entity<I> {
        final I id;

        Entity(I id) {
            this.id = id;
        }
    }

    static final class User extends Entity<Long> {
        final String name;

        User(Long id, String name) {
            super(id);
            this.name = name;
        }
    }

    @Test
    void aConstructorPassingConstantsOnToAnotherIsFollowedAndATypeVariableFieldIsExplained() {
        ClassModel m = ClassModel.of(Telescoping.class, null);
        assertEquals(2, m.creator().getParameterCount());
        Blit blit = Blit.builder().register(Telescoping.class, 100).build();
        Telescoping t = blit.copy(new Telescoping(1, 2));
        assertEquals(1, t.a);
        assertEquals(2, t.b);
        BlitException e = assertThrows(BlitException.class, () -> ClassModel.of(User.class, null));
        assertTrue(e.getMessage().contains("each parameter must be of exactly its field's type, and id (Object) is declared"
                + " as a type variable"), e.getMessage());
    }
}
