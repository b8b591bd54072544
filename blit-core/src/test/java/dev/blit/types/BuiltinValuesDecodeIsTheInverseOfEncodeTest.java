package dev.blit.types;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random values of the built-in JDK types, alone and nested in the mutable and immutable collections,
 * decode to equal values of the same class through every path of {@link RoundTrip}, and every truncation
 * of their encoding is rejected.
 */
class BuiltinValuesDecodeIsTheInverseOfEncodeTest {

    @Property(tries = 400)
    void decodeIsTheInverseOfEncode(@ForAll("values") Object value) {
        RoundTrip.roundTrip(value, copy -> {
            assertEquals(value, copy);
            assertEquals(value == null ? null : value.getClass(), copy == null ? null : copy.getClass());
        });
    }

    @Provide
    Arbitrary<Object> values() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(6, leaves()),
                net.jqwik.api.Tuple.of(1, Arbitraries.lazy(() -> values().list().ofMaxSize(4).map(l -> (Object) new ArrayList<>(l)))),
                // Not empty: List.of() is one JDK singleton, and two of them in a tree would be shared.
                net.jqwik.api.Tuple.of(1, Arbitraries.lazy(() -> leaves().filter(v -> v != null).list().ofMinSize(1).ofMaxSize(4)
                        .map(l -> (Object) List.copyOf(l)))),
                net.jqwik.api.Tuple.of(1, Arbitraries.lazy(() -> Arbitraries.maps(Arbitraries.integers(), values()).ofMaxSize(4)
                        .map(m -> (Object) new HashMap<>(m)))),
                net.jqwik.api.Tuple.of(1, Arbitraries.lazy(() -> Arbitraries.maps(Arbitraries.strings().ofMaxLength(5), values())
                        .ofMaxSize(4).map(m -> (Object) new TreeMap<>(m)))),
                net.jqwik.api.Tuple.of(1, Arbitraries.lazy(() -> Arbitraries.maps(Arbitraries.longs(), values()).ofMaxSize(4)
                        .map(m -> (Object) new LinkedHashMap<>(m)))));
    }

    private static Arbitrary<Object> leaves() {
        Arbitrary<BigInteger> bigIntegers = Arbitraries.bigIntegers()
                .between(BigInteger.TWO.pow(130).negate(), BigInteger.TWO.pow(130));
        Arbitrary<Instant> instants = Combinators.combine(
                Arbitraries.longs().between(Instant.MIN.getEpochSecond(), Instant.MAX.getEpochSecond()),
                Arbitraries.integers().between(0, 999_999_999)).as(Instant::ofEpochSecond);
        Arbitrary<LocalDateTime> dateTimes = Combinators.combine(
                Arbitraries.longs().between(-10_000_000_000L, 10_000_000_000L),
                Arbitraries.integers().between(0, 999_999_999)).as((s, n) -> LocalDateTime.ofEpochSecond(s, n, ZoneOffset.UTC));
        Arbitrary<ZoneOffset> offsets = Arbitraries.integers().between(-64800, 64800).map(ZoneOffset::ofTotalSeconds);
        return Arbitraries.oneOf(
                Arbitraries.just(null),
                bigIntegers.map(b -> b),
                Combinators.combine(bigIntegers, Arbitraries.integers()).as((u, s) -> (Object) new BigDecimal(u, s)),
                Combinators.combine(Arbitraries.longs(), Arbitraries.integers()).as((u, s) -> (Object) BigDecimal.valueOf(u, s)),
                Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as((a, b) -> (Object) new UUID(a, b)),
                instants.map(i -> i),
                dateTimes.map(d -> d),
                dateTimes.map(d -> (Object) d.toLocalDate()),
                dateTimes.map(d -> (Object) d.toLocalTime()),
                Combinators.combine(dateTimes, offsets).as((d, o) -> (Object) OffsetDateTime.of(d, o)),
                Combinators.combine(dateTimes, Arbitraries.of("Europe/Paris", "America/New_York", "Asia/Kolkata", "UTC"))
                        .as((d, z) -> (Object) ZonedDateTime.of(d, ZoneId.of(z))),
                Combinators.combine(Arbitraries.longs(), Arbitraries.integers().between(0, 999_999_999))
                        .as((s, n) -> (Object) Duration.ofSeconds(s, n)),
                Combinators.combine(Arbitraries.integers(), Arbitraries.integers(), Arbitraries.integers())
                        .as((y, m, d) -> (Object) Period.of(y, m, d)),
                offsets.map(o -> o),
                Arbitraries.longs().map(ms -> (Object) new Date(ms)),
                Arbitraries.strings().ofMaxLength(6).injectNull(0.3).map(s -> (Object) Optional.ofNullable(s)));
    }
}
