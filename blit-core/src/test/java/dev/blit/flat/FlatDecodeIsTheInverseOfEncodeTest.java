package dev.blit.flat;

import dev.blit.Blit;
import dev.blit.RoundTrip;
import dev.blit.flat.FlatClassTest.AllKinds;
import dev.blit.gen.ClassModel;
import dev.blit.gen.ReflectiveSerializer;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Random flat objects: every value of every primitive type survives the block, generated or reflective. */
class FlatDecodeIsTheInverseOfEncodeTest {
    private static final Blit GENERATED = Blit.builder().register(AllKinds.class, 100).build();
    private static final Blit REFLECTIVE = Blit.builder()
            .register(AllKinds.class, 100, new ReflectiveSerializer(ClassModel.of(AllKinds.class, null))).build();

    @Property(tries = 300)
    void decodeIsTheInverseOfEncode(@ForAll("flats") AllKinds value) {
        byte[] bytes = GENERATED.toBytes(value);
        assertEquals(1 + 1 + 2 + 8 + 4 + 4 + 8 + 2 + 1, bytes.length);
        assertArrayEquals(REFLECTIVE.toBytes(value), bytes);
        RoundTrip.roundTrip(GENERATED, value, bytes.length);
        assertEquals(value, REFLECTIVE.fromBytes(bytes));
    }

    @Provide
    Arbitrary<AllKinds> flats() {
        return Combinators.combine(Arbitraries.integers(), Arbitraries.longs(), Arbitraries.chars(), Arbitraries.floats(),
                Arbitraries.shorts(), Arbitraries.bytes(), Arbitraries.doubles(), Arbitraries.of(true, false))
                .as((i, j, c, f, s, b, d, z) -> {
                    AllKinds a = new AllKinds();
                    a.i = i;
                    a.j = j;
                    a.c = c;
                    a.f = f;
                    a.s = s;
                    a.b = b;
                    a.d = d;
                    a.z = z;
                    return a;
                });
    }
}
