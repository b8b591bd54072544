package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The round-trip harness of the built-in type tests: every value is encoded with references off and on
 * (the bytes must agree for an unshared value), decoded from an array with both instances, from a stream
 * and from a stream that hands out one byte per read; and every truncation of its encoding must be
 * rejected with a {@link BlitException} that names an offset.
 */
final class RoundTrip {
    private RoundTrip() {
    }

    /** Registered under id 100, as FORMAT.md's examples assume. */
    enum Color { RED, GREEN, BLUE }

    /** More than 64 constants: its EnumSets are the JDK's "jumbo" class. */
    enum Wide {
        W00, W01, W02, W03, W04, W05, W06, W07, W08, W09, W10, W11, W12, W13, W14, W15, W16, W17, W18, W19,
        W20, W21, W22, W23, W24, W25, W26, W27, W28, W29, W30, W31, W32, W33, W34, W35, W36, W37, W38, W39,
        W40, W41, W42, W43, W44, W45, W46, W47, W48, W49, W50, W51, W52, W53, W54, W55, W56, W57, W58, W59,
        W60, W61, W62, W63, W64, W65, W66, W67, W68, W69
    }

    /** A user comparator, registered with a serializer of its own (it has no state to write). */
    static final class ByLength implements Comparator<Object> {
        @Override
        public int compare(Object a, Object b) {
            int c = Integer.compare(a.toString().length(), b.toString().length());
            return c != 0 ? c : a.toString().compareTo(b.toString());
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof ByLength;
        }

        @Override
        public int hashCode() {
            return 1;
        }
    }

    static final int COLOR_ID = 100;
    static final int WIDE_ID = 101;
    static final int BY_LENGTH_ID = 102;

    static final Blit PLAIN = blit(false);
    static final Blit TRACKING = blit(true);

    static Blit blit(boolean references) {
        return Blit.builder()
                .register(Color.class, COLOR_ID)
                .register(Wide.class, WIDE_ID)
                .register(ByLength.class, BY_LENGTH_ID, new Serializer<ByLength>() {
                    @Override
                    public void write(WriteBuffer out, ByLength value) {
                    }

                    @Override
                    public ByLength read(ReadBuffer in) {
                        return new ByLength();
                    }

                    @Override
                    public boolean tracksReferences() {
                        return false;
                    }
                })
                .references(references)
                .build();
    }

    /** Round-trips {@code value} and checks each copy is equal to it and of exactly its class. */
    static <T> T assertRoundTrips(T value) {
        return roundTrip(value, copy -> {
            assertEquals(value, copy);
            assertEquals(value.getClass(), copy.getClass(), "class of the decoded value");
        });
    }

    /**
     * Round-trips {@code value} through every decoding path, hands each copy to {@code check}, and checks
     * that every truncation of the encoding is rejected.
     *
     * @return the copy decoded from an array with references off
     */
    @SuppressWarnings("unchecked")
    static <T> T roundTrip(T value, Consumer<T> check) {
        byte[] bytes = PLAIN.toBytes(value);
        assertArrayEquals(bytes, TRACKING.toBytes(value), "an unshared value is the same bytes with references on");
        T plain = (T) PLAIN.fromBytes(bytes);
        check.accept(plain);
        check.accept((T) TRACKING.fromBytes(bytes));
        check.accept((T) PLAIN.read(new ByteArrayInputStream(bytes)));
        check.accept((T) PLAIN.read(trickle(bytes)));
        byte[] twice = Arrays.copyOf(bytes, 2 * bytes.length);
        System.arraycopy(bytes, 0, twice, bytes.length, bytes.length);
        ByteArrayInputStream stream = new ByteArrayInputStream(twice);
        check.accept((T) PLAIN.read(stream)); // Blit.read(InputStream) takes one value's bytes, no more:
        assertEquals(bytes.length, stream.available(), "the second value must still be in the stream");
        check.accept((T) PLAIN.read(stream));
        assertEveryTruncationIsRejected(bytes);
        return plain;
    }

    /** Decodes with both instances; each must throw a BlitException that names an offset. */
    static BlitException assertRejected(byte[] bytes) {
        BlitException e = null;
        for (Blit blit : List.of(PLAIN, TRACKING)) {
            e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes), () -> "decoding " + hex(bytes));
            assertTrue(e.getMessage().contains("offset"), () -> "no offset in the message of " + hex(bytes));
        }
        return e;
    }

    static BlitException assertRejected(String hex) {
        return assertRejected(bytes(hex));
    }

    static void assertEveryTruncationIsRejected(byte[] bytes) {
        for (int n = 0; n < bytes.length; n++) {
            byte[] prefix = Arrays.copyOf(bytes, n);
            for (Blit blit : List.of(PLAIN, TRACKING)) {
                BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(prefix),
                        () -> "truncated to " + prefix.length + " bytes: " + hex(bytes));
                assertTrue(e.getMessage().contains("offset"), e::getMessage);
            }
        }
    }

    /** The value's exact encoding, as lowercase hex with spaces; also checks the length. */
    static void assertEncoding(String expectedHex, Object value) {
        byte[] expected = bytes(expectedHex);
        byte[] actual = PLAIN.toBytes(value);
        assertEquals(expectedHex.replace(" ", ""), HexFormat.of().formatHex(actual), "encoding of " + value);
        assertEquals(expected.length, actual.length);
    }

    /**
     * Flips random bytes of a valid encoding many times; every outcome must be a value or a BlitException,
     * never another exception or error.
     */
    static void assertMutationsFailOnlyWithBlitException(byte[] bytes, long seed) {
        Random random = new Random(seed);
        for (int round = 0; round < 300; round++) {
            byte[] b = bytes.clone();
            int flips = 1 + random.nextInt(3);
            for (int i = 0; i < flips; i++) {
                b[random.nextInt(b.length)] = (byte) random.nextInt(256);
            }
            for (Blit blit : List.of(PLAIN, TRACKING)) {
                try {
                    blit.fromBytes(b);
                } catch (BlitException expected) {
                    // fine
                } catch (Throwable t) {
                    fail("decoding " + hex(b) + " threw " + t, t);
                }
            }
        }
    }

    static byte[] bytes(String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    static String hex(byte[] b) {
        return HexFormat.ofDelimiter(" ").formatHex(b);
    }

    /** A stream that returns at most one byte per read, to exercise every refill path. */
    static InputStream trickle(byte[] bytes) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        };
    }
}
