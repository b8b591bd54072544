package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Compatible mode reads field tables (names, type codes, lengths) from the wire and maps them onto the
 * reader's classes: any bytes decode or fail with a {@link BlitException} naming the offset. Seeded with
 * the workload samples as compatible-mode messages, so the fuzzer starts from valid tables.
 */
class CompatibleModeFuzzTest {
    private static final Blit PLAIN = Workloads.builder(false).compatible(true).build();
    private static final Blit REFS = Workloads.builder(true).compatible(true).build();

    static Stream<Arguments> compatibleEncodings() {
        return Stream.concat(
                Workloads.samples(false).values().stream().map(v -> Arguments.of((Object) PLAIN.toBytes(v))),
                Workloads.samples(true).values().stream().map(v -> Arguments.of((Object) REFS.toBytes(v))));
    }

    @MethodSource("compatibleEncodings")
    @FuzzTest(maxDuration = "10s")
    void anyBytesDecodeInCompatibleModeOrFailWithBlitException(byte[] input) {
        Findings.decodeAndWriteAgain(PLAIN, input);
        Findings.decodeAndWriteAgain(REFS, input);
    }
}
