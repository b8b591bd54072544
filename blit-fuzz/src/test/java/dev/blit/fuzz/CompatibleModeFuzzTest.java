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

    /**
     * Order's, MediaContent's and Catalog's ids (102, 105, 123) registered alone, each to a class without fields:
     * every field of theirs is dropped, and every class in them (lines, customers, media, images, their enums) is one
     * this reader lacks, read past by its table (UnknownClass) or, in a type descriptor, as Object.
     */
    private static final Blit LACKING = lacking(false);
    private static final Blit LACKING_REFS = lacking(true);

    static final class NoOrder {
    }

    static final class NoMedia {
    }

    static final class NoCatalog {
    }

    private static Blit lacking(boolean references) {
        return Blit.builder().compatible(true).references(references).register(NoOrder.class, 102)
                .register(NoMedia.class, 105).register(NoCatalog.class, 123).build();
    }

    static Stream<Arguments> compatibleEncodings() {
        return Stream.concat(
                Workloads.samples(false).values().stream().map(v -> Arguments.of((Object) PLAIN.toBytes(v))),
                Workloads.samples(true).values().stream().map(v -> Arguments.of((Object) REFS.toBytes(v))));
    }

    /** The seeds the readers that lack classes start from are read past, not refused: the fuzzer starts in that code. */
    @org.junit.jupiter.api.Test
    void theReadersThatLackTheClassesReadTheOrderAndTheMediaPast() {
        for (boolean references : new boolean[] {false, true}) {
            Blit writer = references ? REFS : PLAIN;
            Blit reader = references ? LACKING_REFS : LACKING;
            java.util.Map<String, Object> samples = Workloads.samples(references);
            org.junit.jupiter.api.Assertions.assertInstanceOf(NoOrder.class, reader.fromBytes(writer.toBytes(samples.get("order"))));
            org.junit.jupiter.api.Assertions.assertInstanceOf(NoMedia.class,
                    reader.fromBytes(writer.toBytes(samples.get("mediaContent"))));
            org.junit.jupiter.api.Assertions.assertInstanceOf(NoCatalog.class,
                    reader.fromBytes(writer.toBytes(samples.get("catalog"))));
        }
    }

    @MethodSource("compatibleEncodings")
    @FuzzTest(maxDuration = "10s")
    void anyBytesDecodeInCompatibleModeOrFailWithBlitException(byte[] input) {
        Findings.decodeAndWriteAgain(PLAIN, input);
        Findings.decodeAndWriteAgain(REFS, input);
        Findings.decodeAndWriteAgain(LACKING, input);
        Findings.decodeAndWriteAgain(LACKING_REFS, input);
    }
}
