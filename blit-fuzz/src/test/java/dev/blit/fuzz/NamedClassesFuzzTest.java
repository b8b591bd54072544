package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@link Blit#fromBytes(byte[])} on a Blit that writes the workload classes by their names
 * ({@code allowClassNames("dev.blit.fuzz.*")}; only what cannot be named is registered: the JDK's exceptions
 * and the lambdas' capturing class), references off and on, and with tight limits: any bytes decode to a value
 * or fail with a {@link BlitException} naming the offset, whatever names and class references they hold.
 * Seeded with the workload samples written by name, so the fuzzer starts from valid name tables.
 */
class NamedClassesFuzzTest {
    private static final Blit PLAIN = builder(false).build();
    private static final Blit REFS = builder(true).build();
    private static final Blit COMPATIBLE = builder(true).compatible(true).build();
    /** Small enough that the fuzzer reaches the limit checks. */
    private static final Blit TIGHT = builder(true).maxLength(64).maxAllocationPerRead(4096).maxDepth(16).build();

    static Blit.Builder builder(boolean references) {
        return Blit.builder()
                .register(Workloads.Lambdas.class, 110)
                .register(IllegalStateException.class, 111)
                .register(java.io.IOException.class, 112)
                .register(Object.class, 120)
                .register(java.util.Random.class, 121)
                .allowClassNames("dev.blit.fuzz.*")
                .references(references);
    }

    static Stream<Arguments> namedEncodings() {
        List<byte[]> all = new ArrayList<>();
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = references ? REFS : PLAIN;
            Workloads.samples(references).values().forEach(v -> all.add(blit.toBytes(v)));
        }
        all.add(COMPATIBLE.toBytes(Workloads.samples(true).get("order")));
        return all.stream().map(b -> Arguments.of((Object) b));
    }

    @MethodSource("namedEncodings")
    @FuzzTest(maxDuration = "10s")
    void anyBytesDecodeAsNamedClassesOrFailWithBlitException(byte[] input) {
        Findings.decodeAndWriteAgain(PLAIN, input);
        Findings.decodeAndWriteAgain(REFS, input);
        Findings.decodeAndWriteAgain(COMPATIBLE, input);
        Findings.decodeAndWriteAgain(TIGHT, input);
    }
}
