package dev.blit.fuzz;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every workload object, encoded with references on and off, then damaged thousands of ways: bits flipped,
 * bytes replaced, every truncation, random bytes appended, inserted, removed or repeated, huge
 * lengths written in. Each variant must
 * decode to a value or fail with a {@link BlitException} naming an offset, from a byte array and from a
 * stream; a value that decodes must be writable again. The module's tests run with {@code -Xmx256m}, so an
 * allocation the input does not justify fails the run with an {@code OutOfMemoryError}.
 */
class MutationSuiteTest {
    /** Variants of each random kind per workload and setting: 17,500 a case, 175,000 in all. */
    private static final int VARIANTS = 2500;
    /** A hang guard for a whole case (thousands of decodes that take well under a second together). */
    private static final Duration HANG_GUARD = Duration.ofMinutes(2);
    private static final byte[] INTERESTING = {0x00, 0x01, 0x02, 0x0b, 0x24, 0x64, 0x7f, (byte) 0x80, (byte) 0xff};
    /** Varints that make the largest lengths and counts: where a decoder that trusts a header allocates. */
    private static final byte[][] HUGE = {
            {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07}, // 2^31 - 1
            {(byte) 0x80, (byte) 0x80, (byte) 0x80, (byte) 0x80, 0x08}, // 2^31
            {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}, // 2^32 - 1
            {(byte) 0x80, (byte) 0xc2, (byte) 0xd7, 0x2f},               // 100,000,000
            {(byte) 0x80, (byte) 0x80, (byte) 0x80, 0x40},               // 2^27
    };

    static Stream<Arguments> workloads() {
        List<Arguments> cases = new ArrayList<>();
        for (boolean references : new boolean[] {false, true}) {
            Workloads.samples(references).forEach((name, value) -> cases.add(Arguments.of(name, references, value)));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}, references {1}")
    @MethodSource("workloads")
    void everyMutationDecodesOrFailsWithBlitException(String name, boolean references, Object value) {
        Blit blit = Workloads.blit(references);
        byte[] original = blit.toBytes(value);
        assertArrayEquals(original, blit.toBytes(blit.fromBytes(original)), "the unmutated " + name + " must round-trip");

        Random random = new Random(name.hashCode() * 31L + (references ? 1 : 0));
        Probe probe = new Probe(blit);
        assertTimeoutPreemptively(HANG_GUARD, () -> {
            for (int n = 0; n < original.length; n++) {
                probe.mustFail("truncated to " + n, Arrays.copyOf(original, n));
            }
            for (int i = 0; i < VARIANTS; i++) {
                probe.decode("bit flip", flipBits(original, random));
                probe.decode("byte replaced", replaceBytes(original, random));
                probe.decode("bytes appended", append(original, random));
                probe.decode("bytes inserted", insert(original, random));
                probe.decode("bytes removed", remove(original, random));
                probe.decode("range repeated", repeat(original, random));
                probe.decode("huge varint", hugeVarint(original, random));
            }
        }, () -> "no result within " + HANG_GUARD + " for " + name + "; last input (" + probe.kind + "): " + hex(probe.input));
        assertTrue(probe.values > 0 && probe.failures > 0,
                () -> name + ": expected both values and failures, got " + probe.values + " / " + probe.failures);
    }

    /** Decodes variants, keeping the last one for the hang guard's message. */
    private static final class Probe {
        final Blit blit;
        volatile String kind = "";
        volatile byte[] input = new byte[0];
        int values;
        int failures;

        Probe(Blit blit) {
            this.blit = blit;
        }

        void mustFail(String kind, byte[] bytes) {
            int before = failures;
            decode(kind, bytes);
            assertEquals(before + 1, failures, () -> kind + " decoded to a value: " + hex(bytes));
        }

        void decode(String kind, byte[] bytes) {
            this.kind = kind;
            this.input = bytes;
            Object fromArray = attempt(kind + ", from an array", bytes, () -> blit.fromBytes(bytes));
            // A stream has no known end, so lengths are not checked against it: another path through the code.
            attempt(kind + ", from a stream", bytes, () -> blit.read(new ByteArrayInputStream(bytes)));
            if (fromArray != FAILED) {
                values++;
                attempt(kind + ", written again", bytes, () -> blit.toBytes(fromArray));
            } else {
                failures++;
            }
        }
    }

    private static final Object FAILED = new Object();

    private static Object attempt(String what, byte[] bytes, java.util.function.Supplier<Object> decode) {
        try {
            return decode.get();
        } catch (BlitException e) {
            if (e.getMessage() == null || !e.getMessage().contains("offset")) {
                fail(what + ": a BlitException without an offset: " + e.getMessage() + "\ninput: " + hex(bytes), e);
            }
            return FAILED;
        } catch (Throwable t) {
            return fail(what + ": " + t + "\ninput: " + hex(bytes), t);
        }
    }

    // ---------------------------------------------------------------- mutations

    private static byte[] flipBits(byte[] original, Random r) {
        byte[] b = original.clone();
        for (int i = 1 + r.nextInt(3); i > 0; i--) {
            int bit = r.nextInt(b.length * 8);
            b[bit >> 3] ^= (byte) (1 << (bit & 7));
        }
        return b;
    }

    private static byte[] replaceBytes(byte[] original, Random r) {
        byte[] b = original.clone();
        for (int i = 1 + r.nextInt(2); i > 0; i--) {
            b[r.nextInt(b.length)] = r.nextBoolean() ? INTERESTING[r.nextInt(INTERESTING.length)] : (byte) r.nextInt();
        }
        return b;
    }

    private static byte[] append(byte[] original, Random r) {
        byte[] b = Arrays.copyOf(original, original.length + 1 + r.nextInt(16));
        for (int i = original.length; i < b.length; i++) {
            b[i] = (byte) r.nextInt();
        }
        return b;
    }

    private static byte[] insert(byte[] original, Random r) {
        int at = r.nextInt(original.length + 1);
        byte[] extra = new byte[1 + r.nextInt(8)];
        r.nextBytes(extra);
        if (r.nextBoolean()) {
            extra[0] = INTERESTING[r.nextInt(INTERESTING.length)];
        }
        return splice(original, at, 0, extra);
    }

    /** A varint of a huge value written over, or inserted before, a random byte. */
    private static byte[] hugeVarint(byte[] original, Random r) {
        int at = r.nextInt(original.length);
        return splice(original, at, r.nextBoolean() ? 1 : 0, HUGE[r.nextInt(HUGE.length)]);
    }

    private static byte[] remove(byte[] original, Random r) {
        int at = r.nextInt(original.length);
        int n = 1 + r.nextInt(Math.min(8, original.length - at));
        return splice(original, at, n, new byte[0]);
    }

    private static byte[] repeat(byte[] original, Random r) {
        int from = r.nextInt(original.length);
        int n = 1 + r.nextInt(Math.min(32, original.length - from));
        return splice(original, from, 0, Arrays.copyOfRange(original, from, from + n));
    }

    /** {@code original} with {@code removed} bytes at {@code at} replaced by {@code inserted}. */
    private static byte[] splice(byte[] original, int at, int removed, byte[] inserted) {
        byte[] b = new byte[original.length - removed + inserted.length];
        System.arraycopy(original, 0, b, 0, at);
        System.arraycopy(inserted, 0, b, at, inserted.length);
        System.arraycopy(original, at + removed, b, at + inserted.length, original.length - at - removed);
        return b;
    }

    private static String hex(byte[] bytes) {
        return Findings.hex(bytes);
    }
}
