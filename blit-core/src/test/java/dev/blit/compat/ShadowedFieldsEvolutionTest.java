package dev.blit.compat;

import dev.blit.Blit;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Compatible mode names a shadowed field by its declaring class in the field table: by its simple name, or by
 * its binary name when two classes of the hierarchy that declare the field share a simple name (here
 * {@code Outer.Base} and {@code Other.Base}, both declaring {@code x}). With simple names alone the table
 * named {@code Base.x} twice, which the writer's own class read (its table matched byte for byte) but any other
 * version refused as malformed.
 */
class ShadowedFieldsEvolutionTest {

    static class Base {
        int x;
    }

    static final class Other {
        static class Base extends ShadowedFieldsEvolutionTest.Base {
            int x;
        }
    }

    /** The writer's version. */
    static final class SubV1 extends Other.Base {
        int x;
    }

    /** The reader's version: one field more. */
    static final class SubV2 extends Other.Base {
        int x;
        int y = 9;
    }

    @Test
    void shadowedFieldsOfClassesWithTheSameSimpleNameSurviveAChangedClass() {
        SubV1 v = new SubV1();
        ((Base) v).x = 1;
        ((Other.Base) v).x = 2;
        v.x = 3;
        for (boolean references : new boolean[]{false, true}) {
            Blit writer = Blit.builder().compatible(true).references(references).register(SubV1.class, 100).build();
            Blit reader = Blit.builder().compatible(true).references(references).register(SubV2.class, 100).build();
            byte[] bytes = writer.toBytes(v);
            SubV2 back = (SubV2) reader.fromBytes(bytes);
            assertEquals(1, ((Base) back).x);
            assertEquals(2, ((Other.Base) back).x);
            assertEquals(3, back.x);
            assertEquals(9, back.y, "a field the writer lacked keeps its initializer");
            SubV1 again = (SubV1) Blit.builder().compatible(true).references(references).register(SubV1.class, 100).build()
                    .fromBytes(reader.toBytes(back));
            assertEquals(1, ((Base) again).x);
            assertEquals(2, ((Other.Base) again).x);
            assertEquals(3, again.x);
        }
    }

    static class Root {
        int x;
    }

    /** Before: Root's x only. */
    static final class Plain extends Root {
        String name;
    }

    /** After: a field shadowing Root's x added, which renames Root's on the wire ({@code Root.x}). */
    static final class Shadowing extends Root {
        String name;
        int x = -99;
    }

    /**
     * A shadowing field removed: the writer's {@code Root.x} is Root's field, and its bare {@code x} the dropped
     * one. The bare name went to the reader's only {@code x}, Root's, so Root's x read the dropped field's value.
     */
    @Test
    void aShadowingFieldRemovedLeavesTheSuperclassFieldItsOwnValue() {
        Shadowing v = new Shadowing();
        ((Root) v).x = 1;
        v.x = 2;
        v.name = "n";
        Blit writer = Blit.builder().compatible(true).register(Shadowing.class, 100).build();
        Blit reader = Blit.builder().compatible(true).register(Plain.class, 100).build();
        Plain back = (Plain) reader.fromBytes(writer.toBytes(v));
        assertEquals(1, back.x);
        assertEquals("n", back.name);
    }

    /**
     * A shadowing field added: the writer's bare {@code x} (Root's, as it had no other) went silently to the
     * reader's new shadowing field, and Root's x kept its zero. The table cannot say which of the two it is, so
     * reading refuses it, saying why, rather than guess.
     */
    @Test
    void aShadowingFieldAddedIsRefusedRatherThanGuessed() {
        Plain v = new Plain();
        v.x = 1;
        v.name = "n";
        Blit writer = Blit.builder().compatible(true).register(Plain.class, 100).build();
        Blit reader = Blit.builder().compatible(true).register(Shadowing.class, 100).build();
        dev.blit.BlitException e = org.junit.jupiter.api.Assertions.assertThrows(dev.blit.BlitException.class,
                () -> reader.fromBytes(writer.toBytes(v)));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("the writer's field x may be any of"),
                e.getMessage());
    }

    static final class Third {
        static class Base {
            int x;
        }
    }

    static final class Fourth {
        static class Base extends Third.Base {
            int x;
        }
    }

    /** The writer's: one class named Base above it, so its shadowed field is written {@code Base.x}. */
    static final class OneBase extends Third.Base {
        int x;
    }

    /** The reader's: a second class named Base inserted; {@code Base.x} could be either Base's field. */
    static final class TwoBases extends Fourth.Base {
        int x;
    }

    @Test
    void aQualifierThatNamesTwoOfTheReadersClassesIsRefusedRatherThanGuessed() {
        OneBase v = new OneBase();
        ((Third.Base) v).x = 1;
        v.x = 2;
        Blit writer = Blit.builder().compatible(true).register(OneBase.class, 100).build();
        Blit reader = Blit.builder().compatible(true).register(TwoBases.class, 100).build();
        dev.blit.BlitException e = org.junit.jupiter.api.Assertions.assertThrows(dev.blit.BlitException.class,
                () -> reader.fromBytes(writer.toBytes(v)));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("the writer's field Base.x may be either"),
                e.getMessage());
    }
}
