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
}
