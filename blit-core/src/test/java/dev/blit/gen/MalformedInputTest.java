package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Damaged bytes for generated classes end in a BlitException, whatever byte is damaged and however. */
class MalformedInputTest {
    private static final int[] REPLACEMENTS = {0x00, 0x01, 0x02, 0x03, 0x07, 0x0b, 0x13, 0x14, 0x15, 0x64, 0x65,
            0x6b, 0x7f, 0x80, 0xff};

    @Test
    void everySingleByteDamageIsABlitExceptionOrAValue() {
        for (boolean refs : new boolean[]{false, true}) {
            Blit generated = TestBlits.generated().references(refs).build();
            Blit reflective = TestBlits.reflective().references(refs).build();
            for (Object sample : ReflectiveEquivalenceTest.samples()) {
                byte[] bytes = generated.toBytes(sample);
                for (int i = 0; i < bytes.length; i++) {
                    for (int r : REPLACEMENTS) {
                        byte[] damaged = bytes.clone();
                        damaged[i] = (byte) r;
                        String gen = outcome(generated, damaged);
                        String refl = outcome(reflective, damaged);
                        assertEquals(refl, gen, () -> "generated and reflective disagree on damaged " + sample.getClass().getSimpleName());
                    }
                }
            }
        }
    }

    @Test
    void randomBytesAfterAClassTagAreABlitExceptionOrAValue() {
        Blit blit = TestBlits.generated().references(true).build();
        Random random = new Random(42);
        for (Class<?> c : TestBlits.CLASSES) {
            for (int k = 0; k < 300; k++) {
                byte[] bytes = new byte[1 + random.nextInt(24)];
                random.nextBytes(bytes);
                bytes[0] = (byte) TestBlits.idOf(c);
                outcome(blit, bytes);
            }
        }
    }

    @Test
    void aCorruptOrdinalOfAnEnumFieldNamesItsOffset() {
        Blit blit = TestBlits.generated().build();
        byte[] bytes = blit.toBytes(new Fixtures.Pixel(null, Fixtures.Color.RED));
        bytes[bytes.length - 1] = 9;
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
        assertTrue(e.getMessage().contains("offset 3"), e.getMessage());
    }

    /** @return "ok" or "BlitException", failing the test for anything else thrown */
    private static String outcome(Blit blit, byte[] bytes) {
        try {
            blit.fromBytes(bytes);
            return "ok";
        } catch (BlitException e) {
            assertTrue(e.getMessage().contains("offset") || e.getMessage().contains("trailing"), e.getMessage());
            return "BlitException";
        } catch (Throwable t) {
            throw new AssertionError("damaged input threw " + t + " instead of a BlitException: "
                    + dev.blit.RoundTrip.hex(bytes), t);
        }
    }
}
