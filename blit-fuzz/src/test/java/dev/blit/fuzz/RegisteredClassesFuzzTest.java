package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * {@link Blit#fromBytes(byte[])} on a Blit with the workload classes registered (plain classes, records,
 * enums, a back-pointing graph), references off and on, and with tight limits: any bytes decode to a value
 * or fail with a {@link BlitException} naming the offset. Seeded with the encodings of the workload samples,
 * so the fuzzer starts from valid graphs of registered classes.
 */
class RegisteredClassesFuzzTest {
    private static final Blit PLAIN = Workloads.blit(false);
    private static final Blit REFS = Workloads.blit(true);
    /** Small enough that the fuzzer reaches the limit checks. */
    private static final Blit TIGHT = Workloads.builder(true).maxLength(64).maxAllocationPerRead(4096).maxDepth(16).build();

    static Stream<Arguments> workloadEncodings() {
        return Workloads.encodings().stream().map(b -> Arguments.of((Object) b));
    }

    @MethodSource("workloadEncodings")
    @FuzzTest(maxDuration = "10s")
    void anyBytesDecodeAsRegisteredClassesOrFailWithBlitException(byte[] input) {
        Findings.decodeAndWriteAgain(PLAIN, input);
        Findings.decodeAndWriteAgain(REFS, input);
        Findings.decodeAndWriteAgain(TIGHT, input);
    }
}
