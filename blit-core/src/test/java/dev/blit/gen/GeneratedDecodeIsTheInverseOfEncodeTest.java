package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.RoundTrip;
import dev.blit.gen.Fixtures.Color;
import dev.blit.gen.Fixtures.Finals;
import dev.blit.gen.Fixtures.Pixel;
import dev.blit.gen.Fixtures.Point;
import dev.blit.gen.Fixtures.Primitives;
import dev.blit.gen.Fixtures.Quote;
import dev.blit.gen.Fixtures.Segment;
import dev.blit.gen.Fixtures.Visibility;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * Random instances of the fixtures: decoding gives back an object that encodes to the same bytes, through
 * every backend of {@link RoundTrip}, and the generated serializers write exactly what the reflective ones
 * write.
 */
class GeneratedDecodeIsTheInverseOfEncodeTest {
    private static final Blit GENERATED = TestBlits.generated().build();
    private static final Blit REFLECTIVE = TestBlits.reflective().build();

    @Property(tries = 300)
    void decodeIsTheInverseOfEncode(@ForAll("objects") Object value) {
        byte[] bytes = GENERATED.toBytes(value);
        assertArrayEquals(REFLECTIVE.toBytes(value), bytes);
        RoundTrip.roundTrip(GENERATED, value, bytes.length, (a, b) -> Arrays.equals(bytes, GENERATED.toBytes(b)));
        assertArrayEquals(bytes, GENERATED.toBytes(REFLECTIVE.fromBytes(bytes)));
    }

    @Provide
    Arbitrary<Object> objects() {
        Arbitrary<String> strings = Arbitraries.strings().ofMaxLength(12).injectNull(0.1);
        Arbitrary<Point> points = Combinators.combine(Arbitraries.integers(), Arbitraries.integers()).as(Point::new);
        Arbitrary<Object> visibility = Combinators.combine(Arbitraries.integers(), Arbitraries.integers(), strings,
                Arbitraries.doubles()).as(Visibility::new);
        Arbitrary<Object> primitives = Combinators.combine(Arbitraries.integers(), Arbitraries.longs(),
                Arbitraries.chars(), Arbitraries.floats(), Arbitraries.shorts(), Arbitraries.bytes()).as((i, j, c, f, s, b) -> {
                    Primitives p = new Primitives();
                    p.i = i;
                    p.j = j;
                    p.c = c;
                    p.f = f;
                    p.s = s;
                    p.b = b;
                    p.z = (i & 1) != 0;
                    p.d = j / 7.0;
                    return p;
                });
        Arbitrary<Object> quotes = Combinators.combine(Arbitraries.longs(),
                Arbitraries.doubles().array(double[].class).ofMaxSize(5).injectNull(0.2)).as(Quote::new);
        Arbitrary<Object> segments = Combinators.combine(points.injectNull(0.2), points.injectNull(0.2), strings).as(Segment::new);
        Arbitrary<Object> pixels = Combinators.combine(points, Arbitraries.of(Color.class).injectNull(0.2)).as(Pixel::new);
        Arbitrary<Object> finals = Combinators.combine(Arbitraries.integers().injectNull(0.3), strings,
                Arbitraries.longs().array(long[].class).ofMaxSize(4).injectNull(0.3), Arbitraries.of(Boolean.TRUE, Boolean.FALSE).injectNull(0.3))
                .as((count, text, longs, flag) -> {
                    Finals f = new Finals();
                    f.count = count;
                    f.text = text;
                    f.longs = longs;
                    f.flag = flag;
                    return f;
                });
        return Arbitraries.oneOf(visibility, primitives, quotes, segments, pixels, finals, points.map(p -> p));
    }
}
