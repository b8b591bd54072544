package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Any byte sequence given to {@link Blit#fromBytes(byte[])} decodes to a value or fails with a
 * {@link BlitException}; any other throwable is a finding.
 */
class FromBytesFuzzTest {
    private static final Blit PLAIN = Blit.builder().build();
    private static final Blit REFS = Blit.builder().references(true).build();

    /**
     * The tree of built-in types, references off and on, and with compact arrays: a start that reaches every
     * built-in reader.
     */
    static Stream<Arguments> builtIns() {
        return Stream.of(Arguments.of((Object) PLAIN.toBytes(Workloads.builtInTree())),
                Arguments.of((Object) REFS.toBytes(Workloads.builtInTree())),
                Arguments.of((Object) Blit.builder().compactArrays(true).build().toBytes(Workloads.builtInTree())));
    }

    @MethodSource("builtIns")
    @FuzzTest(maxDuration = "15s")
    void anyBytesDecodeOrFailWithBlitException(byte[] input) {
        decode(PLAIN, input);
        decode(REFS, input);
    }

    private static void decode(Blit blit, byte[] input) {
        try {
            blit.fromBytes(input);
        } catch (BlitException expected) {
            Findings.mustNameAnOffset(expected);
        }
    }
}
