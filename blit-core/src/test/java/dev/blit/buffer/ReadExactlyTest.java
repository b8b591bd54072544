package dev.blit.buffer;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ReadBuffer#exactly(InputStream)} and {@link Blit#read(InputStream)}: a value read from a stream takes
 * its own bytes and no more (what follows stays for its own reader), and large values still come in few calls.
 * Every round trip of the suite also reads through {@code exactly} with garbage after the value
 * ({@link RoundTrip#decode}); this class covers the sizes and the sequences those do not.
 */
class ReadExactlyTest {
    private static final Blit BLIT = Blit.builder().build();

    /** Counts the calls made to it and the bytes it handed out. */
    private static final class Counting extends FilterInputStream {
        int calls;
        long delivered;
        /** Whether it passes mark/reset on (a ByteArrayInputStream's): then it is read ahead and given back. */
        private final boolean markable;

        Counting(InputStream in) {
            this(in, false);
        }

        Counting(InputStream in, boolean markable) {
            super(in);
            this.markable = markable;
        }

        @Override
        public boolean markSupported() {
            return markable && super.markSupported();
        }

        @Override
        public int read() throws IOException {
            calls++;
            int b = super.read();
            delivered += b < 0 ? 0 : 1;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            calls++;
            int n = super.read(b, off, len);
            delivered += Math.max(n, 0);
            return n;
        }
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    @Test
    void valuesWrittenOneByOneToAStreamAreReadOneByOne() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        List<Object> values = Arrays.asList("one", 2L, null, List.of("three", 3), new int[]{4, 4, 4, 4}, "five", Map.of("k", 6));
        for (Object v : values) {
            BLIT.write(v, out);
        }
        ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
        for (Object v : values) {
            assertTrue(RoundTrip.deepEquals(v, BLIT.read(in)), () -> "read back " + v);
        }
        assertEquals(0, in.available());
        BlitException e = assertThrows(BlitException.class, () -> BLIT.read(in));
        assertTrue(e.getMessage().contains("offset 0"), e.getMessage());
    }

    @Test
    void whatFollowsAValueStaysInTheStream() throws IOException {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("name", "Ann");
        value.put("scores", new double[]{1.5, 2.5});
        value.put("tags", List.of("a", "b", "c", "d", "e"));
        byte[] header = BLIT.toBytes(value);
        byte[] rest = "\r\nContent-Length: 0\r\n".getBytes(StandardCharsets.US_ASCII);
        for (InputStream in : List.of(new ByteArrayInputStream(concat(header, rest)),
                RoundTrip.trickle(concat(header, rest), header.length + rest.length))) {
            assertTrue(RoundTrip.deepEquals(value, BLIT.read(in)));
            assertArrayEquals(rest, in.readAllBytes());
        }
    }

    /** A value whose last bytes are a varint: the readers that look ahead for a varint's five bytes must not take them. */
    @Test
    void aVarintAtTheEndTakesOnlyItsOwnBytes() throws IOException {
        for (long v : new long[]{0, 1, 300, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40}) {
            byte[] bytes = BLIT.toBytes(v);
            ByteArrayInputStream in = new ByteArrayInputStream(concat(bytes, new byte[]{(byte) 0x80, (byte) 0x80, 7}));
            assertEquals(v, BLIT.read(in));
            assertArrayEquals(new byte[]{(byte) 0x80, (byte) 0x80, 7}, in.readAllBytes());
        }
    }

    /** Large payloads are asked for in window-sized reads, not a field's few bytes at a time. */
    @Test
    void largeValuesComeInFewCalls() throws IOException {
        char[] wide = new char[20_000];
        Arrays.fill(wide, 'é');
        wide[7] = '\u20ac'; // not Latin-1: the string is UTF-16 on the wire
        Object[] values = {new byte[100_000], new double[10_000], new long[5_000], "x".repeat(50_000), new String(wide),
                new short[30_000], new char[30_000]};
        for (Object value : values) {
            byte[] bytes = BLIT.toBytes(value);
            for (boolean markable : new boolean[] {false, true}) {
                Counting in = new Counting(new ByteArrayInputStream(concat(bytes, new byte[]{42})), markable);
                Object back = BLIT.read(in);
                assertTrue(RoundTrip.deepEquals(value, back));
                if (!markable) {
                    assertEquals(bytes.length, in.delivered, "no byte past the value");
                }
                int most = bytes.length / 8192 + 8;
                assertTrue(in.calls <= most, () -> in.calls + " calls for " + bytes.length + " bytes (at most " + most + ")");
                assertEquals(42, in.read(), "the byte after the value is the stream's next");
            }
        }
    }

    /**
     * A stream that supports mark and reset (BufferedInputStream, ByteArrayInputStream) is read ahead and given back
     * what the value did not use: a call or two per value, not one per field, and the stream still stands right
     * after each value.
     */
    @Test
    void aMarkableStreamIsReadAheadAndGivenBackWhatTheValueDidNotUse() throws IOException {
        List<Object> values = List.of(List.of("one", 2, 3.0, List.of("nested", 5L)), "two", new long[] {1, 2, 3},
                java.util.Map.of("k", "v"), 42);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (Object v : values) {
            all.writeBytes(BLIT.toBytes(v));
        }
        all.writeBytes(new byte[] {9, 8, 7});
        for (boolean markable : new boolean[] {false, true}) {
            Counting counting = new Counting(new ByteArrayInputStream(all.toByteArray()), markable);
            InputStream in = markable ? counting : new java.io.BufferedInputStream(counting, 3); // a tiny buffer, many refills
            for (Object v : values) {
                assertTrue(RoundTrip.deepEquals(v, BLIT.read(in)), v::toString);
            }
            assertArrayEquals(new byte[] {9, 8, 7}, in.readAllBytes(), "what follows the values is still in the stream");
            if (markable) {
                assertTrue(counting.calls <= 2 * values.size() + 1, counting.calls + " reads for " + values.size() + " values");
            }
        }
        // the same values one field a read: many more calls without mark
        Counting plain = new Counting(new ByteArrayInputStream(all.toByteArray()), false);
        for (Object v : values) {
            BLIT.read(plain);
        }
        assertTrue(plain.calls > 4 * values.size(), plain.calls + " reads");
    }

    /** A stream whose reset fails after the value was read: a BlitException saying so, not a value and a lost position. */
    @Test
    void aStreamThatCannotBeResetIsReported() {
        byte[] bytes = concat(BLIT.toBytes("value"), new byte[] {1, 2, 3});
        InputStream broken = new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            public synchronized void reset() throws IOException {
                throw new IOException("no reset today");
            }
        };
        BlitException e = assertThrows(BlitException.class, () -> BLIT.read(broken));
        assertTrue(e.getMessage().startsWith("giving the 3 bytes read ahead of offset 7 back to the input stream failed"),
                e.getMessage());
        assertEquals("no reset today", e.getCause().getMessage());
    }

    /** The same bytes and the same errors as a stream read ahead, with the stream failing or ending early. */
    @Test
    void truncationAndFailureAreReportedAsForAnyStream() {
        byte[] bytes = BLIT.toBytes(List.of("alpha", new long[]{1, 2, 3}, "beta"));
        for (int k = 0; k < bytes.length; k++) {
            byte[] prefix = Arrays.copyOf(bytes, k);
            String exact = assertThrows(BlitException.class, () -> BLIT.read(new ByteArrayInputStream(prefix))).getMessage();
            String ahead = assertThrows(BlitException.class, () -> BLIT.read(ReadBuffer.of(new ByteArrayInputStream(prefix)))).getMessage();
            assertEquals(ahead, exact, "bytes[0.." + (k) + ")");
        }
        InputStream failing = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("connection reset");
            }
        };
        BlitException e = assertThrows(BlitException.class, () -> BLIT.read(failing));
        assertTrue(e.getMessage().contains("offset 0") && e.getCause().getMessage().equals("connection reset"), e.getMessage());
    }
}
