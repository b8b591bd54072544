package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.Blit;
import dev.blit.BlitException;

/**
 * Any byte sequence given to {@link Blit#fromBytes(byte[])} decodes to a value or fails with a
 * {@link BlitException}; any other throwable is a finding.
 */
class FromBytesFuzzTest {
    private static final Blit PLAIN = Blit.builder().build();
    private static final Blit REFS = Blit.builder().references(true).build();

    @FuzzTest(maxDuration = "15s")
    void anyBytesDecodeOrFailWithBlitException(byte[] input) {
        decode(PLAIN, input);
        decode(REFS, input);
    }

    private static void decode(Blit blit, byte[] input) {
        try {
            blit.fromBytes(input);
        } catch (BlitException expected) {
            if (expected.getMessage() == null || !expected.getMessage().contains("offset")) {
                throw new AssertionError("BlitException without an offset: " + expected.getMessage(), expected);
            }
        }
    }
}
