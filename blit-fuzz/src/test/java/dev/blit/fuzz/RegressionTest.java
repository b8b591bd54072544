package dev.blit.fuzz;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.blit.fuzz.Findings.bytes;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every input the fuzzers or the mutation suite found a problem with, bytes inline, named for what went
 * wrong. Each must now decode or fail with a {@link BlitException} naming the offset, quickly.
 */
class RegressionTest {
    /** A hang guard, not a timing assertion: each case takes milliseconds now, and ran for hours before. */
    private static final Duration HANG_GUARD = Duration.ofSeconds(30);
    private static final Blit PLAIN = Blit.builder().build();
    private static final Blit REFS = Blit.builder().references(true).build();

    private static void decodesOrFailsWithAnOffset(Blit blit, byte[] input) {
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            try {
                blit.fromBytes(input);
            } catch (BlitException e) {
                Findings.mustNameAnOffset(e);
            }
        });
    }

    private static BlitException rejected(Executable decode, String fragment) {
        BlitException e = assertTimeoutPreemptively(HANG_GUARD, () -> assertThrows(BlitException.class, decode));
        Findings.mustNameAnOffset(e);
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
        return e;
    }

    /**
     * FromBytesFuzzTest, 4-minute run: an unmodifiable set (id 58) inside an Object[] holding nested
     * singleton maps (id 56) with null values. {@code AbstractMap.equals} compares a key whose value is null
     * twice (get, then containsKey), so comparing two such chains 50 deep took 2^50 steps: decoding hung.
     */
    @Test
    void nestedSingletonMapsAsSetElementsNoLongerHangTheDecoder() {
        byte[] found = bytes("14 14 14 14 00 00 1d 00 06 01 00 04 00 00 01 00 00 1d 00 06 01 00 00 00 01 00 00 1d 00 06 01"
                + " 14 14 14 14 16 14 14 38 38 38 38 38 38 38 38 38 38 3a 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38"
                + " 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38 38"
                + " 38 38 38 38 38 00 00 00 00 00 00 00 00 00 00 00 00 00 00 04 00 00 00 00 00 00 00 00 00 00 00 00 00"
                + " 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 13 00 00 00 00 00 00"
                + " 00 00 01 1d 00 00 00 06 01 00 00 00 01 00 00 1d 00 06 01 00 04 00 14 10 00 14 00");
        decodesOrFailsWithAnOffset(PLAIN, found);
        decodesOrFailsWithAnOffset(REFS, found);
    }

    /** The same, reduced: a HashSet (id 43) of two equal chains of 60 singleton maps with null values. */
    @Test
    void twoChainsOfNullValuedSingletonMapsInAHashSetAreRejectedByTheBudget() {
        for (String set : new String[] {"2b", "2c", "3a"}) { // HashSet, LinkedHashSet, unmodifiableSet
            byte[] input = bytes(set + " 02" + chainOfSingletonMaps(60) + chainOfSingletonMaps(60));
            rejected(() -> PLAIN.fromBytes(input), "hashing the key at offset 2");
        }
        byte[] map = bytes("27 01" + chainOfSingletonMaps(60) + " 00"); // a HashMap with one such key
        rejected(() -> PLAIN.fromBytes(map), "over maxAllocationPerRead");
        byte[] shallow = bytes("2b 02" + chainOfSingletonMaps(10) + chainOfSingletonMaps(10));
        assertTrue(((Set<?>) PLAIN.fromBytes(shallow)).size() == 1, "shallow keys are fine");
    }

    /** {@code Set.of}/{@code Map.of} (ids 49, 50) hash their elements too: the same budget bounds them. */
    @Test
    void twoChainsOfNullValuedSingletonMapsInASetOfAreRejectedByTheBudget() {
        byte[] input = bytes("31 02" + chainOfSingletonMaps(60) + chainOfSingletonMaps(60));
        rejected(() -> PLAIN.fromBytes(input), "over maxAllocationPerRead");
    }

    /**
     * With references on, 62 lists that each hold the next one twice make a key of 2^62 paths in 260
     * bytes; {@code List.hashCode} walks every path. The SerialDOS pattern of JDK serialization.
     */
    @Test
    void aSharedListWithTwoToTheSixtyTwoPathsAsASetElementIsRejectedByTheBudget() {
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < 62; i++) {
            List<Object> outer = new ArrayList<>();
            outer.add(list);
            outer.add(list);
            list = outer;
        }
        List<Object> wrapper = new ArrayList<>();
        wrapper.add(list);
        byte[] asList = REFS.toBytes(wrapper); // a list of it is fine: nothing hashes it
        assertTrue(asList.length < 400, "only " + asList.length + " bytes");
        assertTimeoutPreemptively(HANG_GUARD, () -> REFS.fromBytes(asList));
        byte[] asSetElement = asList.clone();
        asSetElement[0] = 0x2b; // the same content as a HashSet: now the element is hashed
        rejected(() -> REFS.fromBytes(asSetElement), "hashing the key at offset 2");
        assertTrue(new HashSet<>(List.of(List.of(1, 2), List.of(3))).size() == 2); // (what a legitimate key set is)
    }

    /**
     * RegisteredClassesFuzzTest, 3-minute run: a LinkedHashMap (id 40) whose keys include a singleton set
     * holding a back reference to the map. It decodes (the map is still nearly empty when that key is
     * hashed), but written again the key comes after other entries and hashing it would recurse forever:
     * the decoder must then reject it with an offset, not overflow the stack or walk forever.
     */
    @Test
    void aMapInsideItsOwnKeyDecodesOrIsRejectedButNeverWalkedForever() {
        byte[] found = bytes("28 20 0b 09 64 00 00 00 00 00 00 00 00 00 00 00 00 37 00 00 00 00 2d 00 00 00 08 00 00 00"
                + " 00 00 01 00 00 00 00 2d 00 01 00 00 00 00 00 08 ef 06 3d 00 00 00 00 00 00 07 00 00 00 00 00 00"
                + " 00 08 00 00 00 00 00 00 00 09 00 00 00 00 02 be 00 00 00 00 00 00 00 00 23 00 00 00");
        for (Blit blit : new Blit[] {REFS, Workloads.blit(true)}) {
            assertTimeoutPreemptively(HANG_GUARD, () -> {
                Object value;
                try {
                    value = blit.fromBytes(found);
                } catch (BlitException e) {
                    Findings.mustNameAnOffset(e);
                    return;
                }
                Findings.readAgain(blit, value);
            });
        }
        decodesOrFailsWithAnOffset(PLAIN, found);
    }

    /** {@code n} singleton maps (id 56), each the key of the next, every value null: 2n + 1 bytes, as hex. */
    private static String chainOfSingletonMaps(int n) {
        return " 38".repeat(n) + " 00" + " 00".repeat(n);
    }

    /**
     * Found by LogFileFuzzTest: a segment sealed (end marker at offset 32) before any record. Its "next
     * segment" has the same first index, so a reader opened the same file again and again until the process
     * ran out of memory mappings and the JVM died. BlitLog never seals an empty segment; it is now damage.
     */
    @Test
    void aLogSegmentSealedWithoutRecordsIsRejectedInsteadOfFollowedForever(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        byte[] segment = bytes("42 4c 49 54 4c 4f 47 00 01 00 00 00 20 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 03 32 c5 11 ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff ff a2 bf 2c 32 42 4c 49 54 4c 18 2c 32 07 00 00 00 0b 07 01 00 00 73 74 00 69 5b da e7 91 00 00 00 00 65 00 40 00");
        java.nio.file.Files.write(dir.resolve("00000000000000000000.seg"), segment);
        Blit blit = Blit.builder().build();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            BlitException r = assertThrows(BlitException.class, () -> dev.blit.log.BlitLog.openReader(dir, blit).size());
            org.junit.jupiter.api.Assertions.assertTrue(r.getMessage().contains("sealed at offset 32"), r.getMessage());
            assertThrows(BlitException.class, () -> dev.blit.log.BlitLog.open(dir, blit));
        });
    }

    /**
     * Found by LogFileFuzzTest (2-minute run, 2026-11-24): the fuzzer solved the header's CRC32C for a header
     * whose magic is not "BLITLOG\0", and the rejection ("unknown header (version 256)") named no offset. Each
     * header field now has its own message with its offset.
     */
    @Test
    void aSegmentHeaderWithAValidChecksumButForeignMagicIsRejectedWithItsOffset(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        byte[] segment = bytes("42 4c 49 c1 ab b3 af 47 00 01 00 00 00 20 00 00 00 03 32 c5 11 32 bf 2c 32 07 00 00 51 71 2e 17 59 40 00 00 00");
        java.nio.file.Files.write(dir.resolve("00000000000000000000.seg"), segment);
        Blit blit = Blit.builder().build();
        BlitException r = assertThrows(BlitException.class, () -> dev.blit.log.BlitLog.openReader(dir, blit).size());
        org.junit.jupiter.api.Assertions.assertTrue(r.getMessage().contains("at offset 0"), r.getMessage());
        BlitException w = assertThrows(BlitException.class, () -> dev.blit.log.BlitLog.open(dir, blit));
        org.junit.jupiter.api.Assertions.assertTrue(w.getMessage().contains("offset"), w.getMessage());
    }
    /**
     * Found by LogFileFuzzTest's run of segment files (2026-11-27, its first seconds): a log whose last two
     * files both have an incomplete header. Opening skips the last one (a file being created), then refuses the
     * one before it, and that message named neither an offset nor a record; it now names offset 0.
     */
    @Test
    void aSegmentWithAnIncompleteHeaderBeforeTheLastIsRejectedWithItsOffset(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Files.write(dir.resolve("00000000000000000000.seg"), bytes("42 4c 49 54 4c 4f 47 00 00 00 00 00 00 00 00 00"));
        java.nio.file.Files.write(dir.resolve("00000000000000000006.seg"), bytes("00 00 00 00 00 00 00 00 00 00"));
        Blit blit = Blit.builder().build();
        BlitException r = assertThrows(BlitException.class, () -> dev.blit.log.BlitLog.openReader(dir, blit).size());
        org.junit.jupiter.api.Assertions.assertTrue(r.getMessage().contains("no complete header at offset 0"), r.getMessage());
        BlitException w = assertThrows(BlitException.class, () -> dev.blit.log.BlitLog.open(dir, blit));
        org.junit.jupiter.api.Assertions.assertTrue(w.getMessage().contains("no complete header at offset 0"), w.getMessage());
    }

    /**
     * Found by RegisteredClassesFuzzTest (2026-11-28, after 140 s): a list holding a WeakHashMap whose key is the
     * list itself decodes (references on), but writing it again overflowed the stack: the map's live entries were
     * copied into a LinkedHashMap, which hashed the key, whose hash code recurses through the map forever.
     */
    @Test
    void aWeakHashMapWhoseKeyHoldsTheMapIsWrittenAgain() {
        Object value = REFS.fromBytes(bytes("24 01 63 24 01 01 00 00"));
        Findings.readAgain(REFS, value);
    }

    /**
     * Found by RegisteredClassesFuzzTest (2026-11-28, in its first 22 s, from the sample's EnumMap of RoundingMode):
     * an empty EnumMap keyed by a JDK enum built in under id 99 decoded, but writing it again was refused: the
     * key type of an empty map is found by probing the registered enums, and the built-in ones were not among them.
     */
    @Test
    void anEmptyEnumMapOfABuiltInJdkEnumIsWrittenAgain() {
        for (String hex : new String[] {"2f 63 27 00", "2f 63 28 00", "2f 63 29 00", "2f 4d 00"}) {
            Findings.readAgain(PLAIN, PLAIN.fromBytes(bytes(hex)));
        }
    }
}
