package dev.blit;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

import java.util.List;

/**
 * For random trees of built-in values (boxes, strings with any chars, primitive arrays, {@code Object[]}
 * and {@code String[]} nesting), every backend writes the same bytes, every backend reads them back to an
 * equal value, and every truncation is rejected: {@link RoundTrip} over generated values.
 */
class TaggedValueDecodeIsTheInverseOfEncodeTest {
    private static final Blit PLAIN = Blit.builder().build();
    private static final Blit REFERENCES = Blit.builder().references(true).build();

    @Property(tries = 300)
    void withReferencesOff(@ForAll("values") Object value) {
        RoundTrip.roundTrip(PLAIN, value, PLAIN.toBytes(value).length);
    }

    @Property(tries = 300)
    void withReferencesOn(@ForAll("values") Object value) {
        RoundTrip.roundTrip(REFERENCES, value, REFERENCES.toBytes(value).length);
    }

    @Provide
    Arbitrary<Object> values() {
        return Arbitraries.frequencyOf(
                Tuple.of(8, leaves()),
                Tuple.of(1, Arbitraries.lazy(this::objectArrays)),
                Tuple.of(1, Arbitraries.strings().all().ofMaxLength(20).injectNull(0.2).array(String[].class).ofMaxSize(5)));
    }

    private Arbitrary<Object> objectArrays() {
        return values().list().ofMaxSize(5).map(List::toArray);
    }

    private static Arbitrary<Object> leaves() {
        return Arbitraries.oneOf(
                Arbitraries.just(null),
                Arbitraries.of(Boolean.TRUE, Boolean.FALSE),
                Arbitraries.bytes().map(b -> b),
                Arbitraries.shorts().map(s -> s),
                Arbitraries.chars().all().map(c -> c),
                Arbitraries.integers().map(i -> i),
                Arbitraries.longs().map(l -> l),
                Arbitraries.integers().map(Float::intBitsToFloat),
                Arbitraries.longs().map(Double::longBitsToDouble),
                Arbitraries.strings().all().ofMaxLength(40).map(s -> s),
                Arbitraries.strings().withCharRange('\0', '\u00ff').ofMaxLength(40).map(s -> s),
                Arbitraries.of(true, false).array(boolean[].class).ofMaxSize(40).map(a -> a),
                Arbitraries.bytes().array(byte[].class).ofMaxSize(40).map(a -> a),
                Arbitraries.shorts().array(short[].class).ofMaxSize(40).map(a -> a),
                Arbitraries.chars().all().array(char[].class).ofMaxSize(40).map(a -> a),
                Arbitraries.integers().array(int[].class).ofMaxSize(40).map(a -> a),
                Arbitraries.longs().array(long[].class).ofMaxSize(40).map(a -> a),
                Arbitraries.floats().array(float[].class).ofMaxSize(40).map(a -> a),
                Arbitraries.doubles().array(double[].class).ofMaxSize(40).map(a -> a));
    }
}
