package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

/**
 * Differential: the generated serializers and the reflective ones (the fallback, {@code -Dblit.gen=reflective})
 * are two readers of one format, so on any bytes, with the workload classes registered, references off and on
 * and with tight limits, both must decode a value or both must fail with a {@link BlitException}. Generated
 * code takes shortcuts the reflective serializer does not (a field's expected tag compared inline, leaves
 * read without a level of their own); this is where a shortcut that changes what is accepted shows up.
 */
class GeneratedMatchesReflectiveFuzzTest {
    private static final Blit[] GENERATED = build();
    private static final Blit[] REFLECTIVE = reflective();

    private static Blit[] build() {
        return new Blit[]{Workloads.blit(false), Workloads.blit(true),
                Workloads.builder(true).maxLength(64).maxAllocationPerRead(4096).maxDepth(16).build()};
    }

    /** The same instances with every registered class through the reflective serializer. */
    private static Blit[] reflective() {
        String before = System.getProperty("blit.gen");
        System.setProperty("blit.gen", "reflective");
        try {
            return build();
        } finally {
            if (before == null) {
                System.clearProperty("blit.gen");
            } else {
                System.setProperty("blit.gen", before);
            }
        }
    }

    static Stream<Arguments> workloadEncodings() {
        return Workloads.encodings().stream().map(b -> Arguments.of((Object) b));
    }

    @MethodSource("workloadEncodings")
    @FuzzTest(maxDuration = "10s")
    void generatedAndReflectiveSerializersAcceptTheSameBytes(byte[] input) {
        for (int i = 0; i < GENERATED.length; i++) {
            String generated = outcome(GENERATED[i], input);
            String reflective = outcome(REFLECTIVE[i], input);
            if (generated.startsWith("value") != reflective.startsWith("value")) {
                throw new AssertionError("instance " + i + ": generated code gives " + generated + ", the reflective serializer "
                        + reflective + ", for " + Findings.hex(input));
            }
        }
    }

    private static String outcome(Blit blit, byte[] input) {
        try {
            Object v = blit.fromBytes(input);
            return "value " + (v == null ? "null" : v.getClass().getName());
        } catch (BlitException e) {
            Findings.mustNameAnOffset(e);
            return "BlitException: " + e.getMessage();
        }
    }
}
