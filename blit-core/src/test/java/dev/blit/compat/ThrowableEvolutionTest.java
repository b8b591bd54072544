package dev.blit.compat;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Exceptions in compatible mode (FORMAT.md, "Throwables"): their own fields carry a field table, so an error
 * class may gain, lose or widen fields between the writer's release and the reader's, as a plain class may.
 * Each pair of classes below is one class in two releases: the writer registers one under an id, the reader
 * the other under the same id.
 */
class ThrowableEvolutionTest {

    /** Release 1 of an RPC error: a code, set after the (String, Throwable) constructor. */
    static final class RejectedV1 extends RuntimeException {
        int code;

        RejectedV1(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Release 2: a detail added, and a field whose initializer stays when the writer lacked it. */
    static final class RejectedV2 extends RuntimeException {
        int code;
        String detail;
        int retries = 3;

        RejectedV2(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A release where the code became a String: not a compatible change. */
    static final class RejectedText extends RuntimeException {
        String code;

        RejectedText(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Final fields, so built by the constructor that takes them, which makes the message from them. */
    static final class LimitV1 extends RuntimeException {
        final int limit;

        LimitV1(int limit) {
            super("over the limit of " + limit);
            this.limit = limit;
        }
    }

    /**
     * Release 2 of {@link LimitV1}: the limit widened to long, and a unit added, which the constructor is given as
     * null for release 1's bytes.
     */
    static final class LimitV2 extends RuntimeException {
        final long limit;
        final String unit;

        LimitV2(long limit, String unit) {
            super("over the limit of " + limit);
            this.limit = limit;
            this.unit = unit;
        }
    }

    private static Blit compatible(Class<?> rejected, Class<?> limit) {
        return Blit.builder().compatible(true).register(rejected, 100).register(limit, 101)
                .register(IOException.class, 102).register(IllegalStateException.class, 103).build();
    }

    private static final Blit V1 = compatible(RejectedV1.class, LimitV1.class);
    private static final Blit V2 = compatible(RejectedV2.class, LimitV2.class);

    private static <T extends Throwable> T traced(T t) {
        t.setStackTrace(new StackTraceElement[] {new StackTraceElement("a.Rpc", "call", "Rpc.java", 12)});
        return t;
    }

    @Test
    void theTableComesOnceAMessageFirstForAnExceptionWithoutOwnFieldsToo() {
        IllegalStateException e = new IllegalStateException("bad");
        e.setStackTrace(new StackTraceElement[0]);
        // tag 103, the table (3 bytes: 1 entry, the exception marker: empty name, code 11), message "bad", no cause,
        // frames or suppressed exceptions
        assertEquals("67 03 01 01 0b 07 62 61 64 00 00 00", RoundTrip.hex(V1.toBytes(e)));
        RejectedV1 r = new RejectedV1("no", null);
        r.code = 7;
        r.setStackTrace(new StackTraceElement[0]);
        // tag 100, the table (9 bytes: 2 entries, the marker, "code" int), "no", no cause, frames or suppressed,
        // code 7; the second occurrence in the message has no table
        assertEquals("24 02 64 09 02 01 0b 09 63 6f 64 65 05 05 6e 6f 00 00 00 0e 64 05 6e 6f 00 00 00 0e",
                RoundTrip.hex(V1.toBytes(new ArrayList<>(List.of(r, r)))));
        // every decoding path, truncations and mutations, as for any value
        RejectedV1 full = traced(new RejectedV1("full", traced(new IOException("io"))));
        full.code = -5;
        full.addSuppressed(traced(new IllegalStateException("also")));
        RoundTrip.roundTrip(V1, full, V1.toBytes(full).length, (a, b) -> RoundTrip.deepEquals(a, b)
                && ((RejectedV1) b).code == -5);
        RoundTrip.assertMutationsFailOnlyWithBlitException(V1, V1.toBytes(full), 31);
    }

    @Test
    void aNewerReaderWidensAndDefaultsWhatTheOlderWriterDidNotHave() {
        RejectedV1 old = traced(new RejectedV1("rejected", traced(new IOException("disk"))));
        old.code = 42;
        RejectedV2 read = assertInstanceOf(RejectedV2.class, V2.fromBytes(V1.toBytes(old)));
        assertEquals("rejected", read.getMessage());
        assertEquals(42, read.code);
        assertNull(read.detail);                // not in the writer's table: the field's default
        assertEquals(3, read.retries);          // ... which for a field set after the constructor is its initializer
        assertEquals("disk", read.getCause().getMessage());
        assertArrayEquals(old.getStackTrace(), read.getStackTrace());

        LimitV2 limit = assertInstanceOf(LimitV2.class, V2.fromBytes(V1.toBytes(traced(new LimitV1(10)))));
        assertEquals(10L, limit.limit);         // int written, long read
        assertNull(limit.unit);                 // the constructor that takes the fields is given null for it
        assertEquals("over the limit of 10", limit.getMessage());
    }

    @Test
    void anOlderReaderDropsWhatTheNewerWriterAdded() {
        RejectedV2 newer = traced(new RejectedV2("rejected", null));
        newer.code = 9;
        newer.detail = "no stock";
        newer.retries = 1;
        RejectedV1 read = assertInstanceOf(RejectedV1.class, V1.fromBytes(V2.toBytes(newer)));
        assertEquals(9, read.code);
        assertEquals("rejected", read.getMessage());
        // the second occurrence in the message has no table: it is read by the first one's mapping
        List<?> back = (List<?>) V1.fromBytes(V2.toBytes(new ArrayList<>(List.of(newer, newer))));
        assertEquals(9, ((RejectedV1) back.get(1)).code);
    }

    @Test
    void anIncompatibleFieldOrAMalformedTableIsADecodingErrorWithItsOffset() {
        RejectedText text = new RejectedText("rejected", null);
        text.code = "E42";
        byte[] bytes = compatible(RejectedText.class, LimitV1.class).toBytes(text);
        BlitException e = assertThrows(BlitException.class, () -> V1.fromBytes(bytes));
        assertTrue(e.getMessage().contains("code is a int but the writer's field table at offset 1 says string"),
                e.getMessage());
        // a long is never narrowed to an int: the newer limit cannot be read by the older class
        BlitException narrowed = assertThrows(BlitException.class, () -> V1.fromBytes(V2.toBytes(new LimitV2(5, "s"))));
        assertTrue(narrowed.getMessage().contains("limit is a int but the writer's field table at offset 1 says long"),
                narrowed.getMessage());
        // the message lists every widening FORMAT.md allows (it left out byte to short and the ones to float, double)
        assertTrue(narrowed.getMessage().contains("(byte to short; byte, short or char to int, long, float or double; int to"
                + " long or double; float to double)"), narrowed.getMessage());
        // a table that says 2 bytes but holds a field entry cut short
        BlitException malformed = assertThrows(BlitException.class,
                () -> V1.fromBytes(RoundTrip.bytes("64 02 01 09 05 6e 6f 00 00 00")));
        assertTrue(malformed.getMessage().contains("malformed field table of " + RejectedV1.class.getName()
                + " at offset 1"), malformed.getMessage());
        // a table longer than what follows
        BlitException cut = assertThrows(BlitException.class, () -> V1.fromBytes(RoundTrip.bytes("64 09 01 09 63")));
        assertTrue(cut.getMessage().contains("offset 1"), cut.getMessage());
    }

    @Test
    void schemaConsistentModeIsUnchanged() {
        Blit consistent = Blit.builder().register(RejectedV1.class, 100).build();
        RejectedV1 r = new RejectedV1("no", null);
        r.code = 7;
        r.setStackTrace(new StackTraceElement[0]);
        assertEquals("64 05 6e 6f 00 00 00 0e", RoundTrip.hex(consistent.toBytes(r)));
    }
}
