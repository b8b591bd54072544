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

        Counting(InputStream in) {
            super(in);
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
    void largeValuesComeInFewCalls() {
        char[] wide = new char[20_000];
        Arrays.fill(wide, 'é');
        wide[7] = '\u20ac'; // not Latin-1: the string is UTF-16 on the wire
        Object[] values = {new byte[100_000], new double[10_000], new long[5_000], "x".repeat(50_000), new String(wide),
                new short[30_000], new char[30_000]};
        for (Object value : values) {
            byte[] bytes = BLIT.toBytes(value);
            Counting in = new Counting(new ByteArrayInputStream(concat(bytes, new byte[]{42})));
            Object back = BLIT.read(in);
            assertTrue(RoundTrip.deepEquals(value, back));
            assertEquals(bytes.length, in.delivered, "no byte past the value");
            int most = bytes.length / 8192 + 8;
            assertTrue(in.calls <= most, () -> in.calls + " calls for " + bytes.length + " bytes (at most " + most + ")");
        }
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
