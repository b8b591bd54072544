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

    record Pt(int x, int y) {
    }

    static final class AnyField {
        Object f;
    }

    static final class LongsField {
        long[] f;
    }

    static final class PointsField {
        Pt[] f;
    }

    @Test
    void aFieldOfAnArrayTypeAndAnArrayValueAreNamedAsSourceCodeNamesThem() {
        // Not by their JVM descriptors ("[J", "[Ldev.blit.gen.MalformedInputTest$Pt;"), in generated and reflective code
        AnyField any = new AnyField();
        for (boolean reflective : new boolean[]{false, true}) {
            for (Class<?> reader : new Class<?>[]{LongsField.class, PointsField.class}) {
                Blit.Builder w = Blit.builder().register(Pt.class, 100);
                Blit.Builder r = Blit.builder().register(Pt.class, 100);
                Blit writer = (reflective ? w.register(AnyField.class, 110, ReflectiveSerializer.of(AnyField.class, null))
                        : w.register(AnyField.class, 110)).build();
                Blit blit = (reflective ? r.register(reader, 110, ReflectiveSerializer.of(reader, null))
                        : r.register(reader, 110)).build();
                any.f = reader == LongsField.class ? new int[]{1} : new Object[]{new Pt(1, 2)};
                BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(writer.toBytes(any)));
                assertEquals(reader == LongsField.class
                        ? "field LongsField.f is a long[] but the value at offset 1 is a int[]"
                        : "field PointsField.f is a dev.blit.gen.MalformedInputTest$Pt[] but the value at offset 1 is a"
                        + " java.lang.Object[]", e.getMessage());
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

    /**
     * After a primitive array's tag the null length header is malformed (FORMAT.md: {@code arr (never null)}),
     * as it is after a String's: a null array is the tag 00 alone. Generated code, the reflective serializer,
     * a top-level value and a run of arrays all refuse it, naming the header's offset. (After the tag of an
     * int[] or long[], 00 starts the compact form instead: {@code CompactArraysTest}.)
     */
    @Test
    void theNullHeaderAfterAnArraysTagIsRefusedEverywhere() {
        Blit plain = Blit.builder().build();
        BlitException top = assertThrows(BlitException.class, () -> plain.fromBytes(new byte[] {0x13, 0x00}));
        assertTrue(top.getMessage().contains("null array header inside an array value at offset 1"), top.getMessage());
        assertEquals(null, plain.fromBytes(new byte[] {0x00})); // null itself is the tag 00

        byte[] run = plain.toBytes(java.util.List.of(new double[0], new double[0], new double[0], new double[0]));
        assertEquals("30 04 45 13 01 01 01 01", dev.blit.RoundTrip.hex(run));
        run[6] = 0;
        BlitException inRun = assertThrows(BlitException.class, () -> plain.fromBytes(run));
        assertTrue(inRun.getMessage().contains("offset 6"), inRun.getMessage());

        for (Blit blit : new Blit[] {TestBlits.generated().build(), TestBlits.reflective().build()}) {
            byte[] bytes = blit.toBytes(new Fixtures.Quote(7, new double[0]));
            // prices comes first (canonical order is by name): the class tag, then the field's tag 13 and 01 (empty)
            int header = 2;
            assertEquals(0x13, bytes[header - 1], dev.blit.RoundTrip.hex(bytes));
            assertEquals(0x01, bytes[header], dev.blit.RoundTrip.hex(bytes));
            bytes[header] = 0;
            BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
            assertTrue(e.getMessage().contains("offset " + header), e.getMessage());
        }
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
