package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Registered exceptions (FORMAT.md, "Throwables"): the JDK's and the user's, their message, cause, stack trace,
 * suppressed exceptions and own fields, through every decoding path; the constructor each class is rebuilt by;
 * what cannot be rebuilt faithfully refused with a message, never a different exception.
 */
class ThrowableTest {

    /** Final own fields and a constructor that takes them and makes the message from them (JEP 500: no deep reflection). */
    static final class OrderRejected extends RuntimeException {
        final String orderId;
        final int code;

        OrderRejected(String orderId, int code) {
            super("order " + orderId + " rejected: " + code);
            this.orderId = orderId;
            this.code = code;
        }
    }

    /** A non-final own field, set after the (String, Throwable) constructor. */
    static final class Coded extends Exception {
        int code;
        List<String> details;

        Coded(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Only a no-argument constructor, which sets a fixed message. */
    static final class Fixed extends RuntimeException {
        Fixed() {
            super("fixed");
        }
    }

    /** Only a cause constructor (the message is the cause's toString(), as the JDK's are). */
    static final class Wrapper extends RuntimeException {
        Wrapper(IOException cause) {
            super(cause);
        }
    }

    /** A constructor that does not keep the message it is given: rebuilding it would change it. */
    static final class Prefixed extends RuntimeException {
        Prefixed(String message) {
            super("E: " + message);
        }
    }

    /** A getMessage() that adds to the message it was made with: what a writer sees cannot be given back. */
    static final class Suffixed extends RuntimeException {
        int code;

        Suffixed(String message) {
            super(message);
        }

        @Override
        public String getMessage() {
            return super.getMessage() + " (code " + code + ")";
        }
    }

    /** The commonest user exception: a final field and a constructor taking the message and it (JEP 500). */
    static final class Declined extends RuntimeException {
        final int code;

        Declined(String message, int code) {
            super(message);
            this.code = code;
        }
    }

    /** The message among fields, one of them a String too: which parameter is the message, the code tells. */
    static final class Refused extends Exception {
        final String account;
        final long amount;

        Refused(String account, String message, long amount) {
            super(message);
            this.account = account;
            this.amount = amount;
        }
    }

    /** The message, the cause and a final field, as an RPC client's error often has them. */
    static final class Failed extends RuntimeException {
        final int status;

        Failed(String message, Throwable cause, int status) {
            super(message, cause);
            this.status = status;
        }

        /** Not the one Blit uses: the other takes the final field (JEP 500). */
        Failed(String message, Throwable cause) {
            this(message, cause, -1);
        }
    }

    /** Taking the message and its field, but making another message of it: refused on read, as for (String). */
    static final class Reworded extends RuntimeException {
        final int code;

        Reworded(String message, int code) {
            super(message + " (" + code + ")");
            this.code = code;
        }
    }

    /** No constructor Blit can rebuild it with. */
    static final class NoWay extends RuntimeException {
        NoWay(int a, int b) {
            super(a + "/" + b);
        }
    }

    /** A subclass of a JDK exception whose fields are private to java.sql. */
    static final class MySql extends java.sql.SQLException {
        MySql(String message) {
            super(message);
        }
    }

    /**
     * Shaped as {@code ExceptionInInitializerError}: {@code (String)} fixes the cause at null, so {@code initCause}
     * refuses one, and {@code (Throwable)} leaves the message null.
     */
    static final class Initializing extends RuntimeException {
        int attempt;

        Initializing(String message) {
            super(message, null);
        }

        Initializing(Throwable cause) {
            super(null, cause);
        }
    }

    /** Initializing's fields with a (String, Throwable) constructor: writes what Initializing cannot be made as. */
    static final class InitializingTwin extends RuntimeException {
        int attempt;

        InitializingTwin(String message, Throwable cause) {
            super(message, cause);
        }
    }

    record Response(String id, Exception error) {
    }

    private static Blit blit(boolean references) {
        return Blit.builder().references(references)
                .register(IllegalStateException.class, 100).register(IOException.class, 101)
                .register(UncheckedIOException.class, 102).register(RuntimeException.class, 103)
                .register(IllegalArgumentException.class, 104).register(NullPointerException.class, 105)
                .register(OrderRejected.class, 106).register(Coded.class, 107).register(Fixed.class, 108)
                .register(Wrapper.class, 109).register(Prefixed.class, 110).register(Response.class, 111)
                .register(Suffixed.class, 112).register(Declined.class, 113).register(Refused.class, 114)
                .register(Reworded.class, 115).register(Failed.class, 116)
                .register(ExceptionInInitializerError.class, 117).register(Initializing.class, 118)
                .register(java.lang.reflect.UndeclaredThrowableException.class, 119)
                .build();
    }

    private static final Blit PLAIN = blit(false);
    private static final Blit TRACKING = blit(true);

    private static <T> T roundTrip(Blit blit, T value) {
        return RoundTrip.roundTrip(blit, value, blit.toBytes(value).length);
    }

    private static <T extends Throwable> T traced(T t, StackTraceElement... frames) {
        t.setStackTrace(frames);
        return t;
    }

    @Test
    void jdkExceptionsComeBackWithTheirMessageCauseStackTraceAndSuppressed() {
        // real stack traces: this method's, JUnit's, the JDK's frames with their modules and versions
        roundTrip(PLAIN, new IllegalStateException("bad state"));
        roundTrip(PLAIN, new IOException("disk", new IllegalArgumentException("arg")));
        roundTrip(PLAIN, new UncheckedIOException("wrapped", new IOException("io")));
        roundTrip(PLAIN, new RuntimeException(new IOException("as a cause only"))); // message: the cause's toString()
        roundTrip(PLAIN, new IllegalStateException((String) null));
        roundTrip(PLAIN, new NullPointerException());
        IllegalStateException withSuppressed = new IllegalStateException("closing");
        withSuppressed.addSuppressed(new IOException("first"));
        withSuppressed.addSuppressed(new IllegalArgumentException("second"));
        IllegalStateException back = roundTrip(PLAIN, withSuppressed);
        assertEquals(2, back.getSuppressed().length);
        assertEquals("second", back.getSuppressed()[1].getMessage());
        assertEquals(withSuppressed.getStackTrace().length, back.getStackTrace().length);
        assertTrue(back.getStackTrace().length > 1);
    }

    @Test
    void aHelpfulNullPointerMessageIsKept() {
        NullPointerException npe = null;
        try {
            Object o = null;
            o.hashCode();
        } catch (NullPointerException e) {
            npe = e;
        }
        NullPointerException back = roundTrip(PLAIN, npe);
        assertTrue(back.getMessage().contains("\"o\"") || back.getMessage().contains("hashCode"), back.getMessage());
    }

    @Test
    void exactBytes() {
        IllegalStateException e = traced(new IllegalStateException("bad"));
        assertEquals("64 07 62 61 64 00 00 00", RoundTrip.hex(PLAIN.toBytes(e)));
        IllegalStateException framed = traced(new IllegalStateException("bad"),
                new StackTraceElement("app", "m", "1.0", "a.B", "f", "B.java", 7),
                new StackTraceElement("app", "m", "1.0", "a.B$In", "h", "B.java", 9),
                new StackTraceElement(null, null, null, "C", "g", null, -2),
                new StackTraceElement(null, null, null, "C", "k", "Other.java", 1));
        assertEquals("64 07 62 61 64 00 04"
                        + " 04 07 61 70 70 03 6d 07 31 2e 30 07 61 2e 42 03 66 0e" // its file is a.B's source: flag 4
                        + " 05 0d 61 2e 42 24 49 6e 03 68 12"                        // same origin (1), B.java (4)
                        + " 00 00 00 00 03 43 03 67 00 03"                           // all spelled out, no file, line -2
                        + " 03 03 6b 15 4f 74 68 65 72 2e 6a 61 76 61 02"            // same origin and class (1 | 2)
                        + " 00",
                RoundTrip.hex(PLAIN.toBytes(framed)));
        IllegalStateException back = (IllegalStateException) PLAIN.fromBytes(PLAIN.toBytes(framed));
        assertArrayEquals(framed.getStackTrace(), back.getStackTrace());
        assertEquals("app", back.getStackTrace()[0].getClassLoaderName());
        assertEquals(-2, back.getStackTrace()[2].getLineNumber()); // a native method's
    }

    /** A frame on its own (extended id 37), and arrays of them: what an error report keeps of a stack trace. */
    record Report(String what, StackTraceElement[] frames) {
    }

    @Test
    void stackTraceElementsAreValuesOfTheirOwn() {
        StackTraceElement e = new StackTraceElement("app", null, null, "a.B", "f", "B.java", 7);
        assertEquals("63 25 04 07 61 70 70 00 00 07 61 2e 42 03 66 0e", RoundTrip.hex(PLAIN.toBytes(e)));
        assertEquals(e, PLAIN.fromBytes(PLAIN.toBytes(e)));
        StackTraceElement[] frames = new IllegalStateException().getStackTrace();
        StackTraceElement[] back = roundTrip(PLAIN, frames);
        assertArrayEquals(frames, back);
        // a typed array's descriptor: 99, then 37
        assertTrue(RoundTrip.hex(PLAIN.toBytes(new StackTraceElement[] {e})).startsWith("15 63 25 01"),
                RoundTrip.hex(PLAIN.toBytes(new StackTraceElement[] {e})));
        Blit blit = Blit.builder().register(Report.class, 100).build();
        Report r = new Report("failed", frames);
        Report decoded = RoundTrip.roundTrip(blit, r, blit.toBytes(r).length,
                (a, b) -> java.util.Arrays.equals(a.frames(), ((Report) b).frames()));
        assertEquals("failed", decoded.what());
        // alone, a frame has no frame before it to be like
        BlitException flags = assertThrows(BlitException.class, () -> PLAIN.fromBytes(RoundTrip.bytes("63 25 01 03 66 00")));
        assertTrue(flags.getMessage().contains("StackTraceElement at offset 2 has invalid flags 0x1"), flags.getMessage());
        BlitException method = assertThrows(BlitException.class,
                () -> PLAIN.fromBytes(RoundTrip.bytes("63 25 00 00 00 00 03 43 00 00 00")));
        assertTrue(method.getMessage().contains("StackTraceElement at offset 2 has no method name"), method.getMessage());
    }

    @Test
    void userExceptionsKeepTheirOwnFields() {
        OrderRejected rejected = new OrderRejected("o-17", 409);
        rejected.initCause(new IOException("disk full"));
        OrderRejected back = roundTrip(PLAIN, rejected);
        assertEquals("o-17", back.orderId);
        assertEquals(409, back.code);
        assertEquals("order o-17 rejected: 409", back.getMessage());
        assertInstanceOf(IOException.class, back.getCause());

        Coded coded = new Coded("coded", new IllegalStateException("inner"));
        coded.code = 3;
        coded.details = new ArrayList<>(List.of("a", "b"));
        Coded c = roundTrip(PLAIN, coded);
        assertEquals(3, c.code);
        assertEquals(List.of("a", "b"), c.details);

        assertEquals("fixed", roundTrip(PLAIN, new Fixed()).getMessage());
        Wrapper w = roundTrip(PLAIN, new Wrapper(new IOException("io")));
        assertEquals("java.io.IOException: io", w.getMessage());
    }

    @Test
    void exceptionsInsideValuesInBothModesAndCopies() {
        Response r = new Response("r1", new OrderRejected("o1", 1));
        Response back = RoundTrip.roundTrip(PLAIN, r, PLAIN.toBytes(r).length,
                (a, b) -> RoundTrip.deepEquals(a.error(), ((Response) b).error()));
        assertEquals("o1", ((OrderRejected) back.error()).orderId);
        Blit compatible = Blit.builder().compatible(true).register(Response.class, 111)
                .register(OrderRejected.class, 106).build();
        Response c = (Response) compatible.fromBytes(compatible.toBytes(r));
        assertEquals(1, ((OrderRejected) c.error()).code);
        Exception copy = PLAIN.copy(new IllegalStateException("copied", new IOException("x")));
        assertEquals("copied", copy.getMessage());
        assertEquals("x", copy.getCause().getMessage());
    }

    @Test
    void sharedExceptionsComeBackSharedWithReferencesOn() {
        IOException shared = new IOException("shared");
        List<Throwable> list = new ArrayList<>(List.of(shared, new IllegalStateException("user", shared), shared));
        @SuppressWarnings("unchecked")
        List<Throwable> back = (List<Throwable>) TRACKING.fromBytes(TRACKING.toBytes(list));
        assertSame(back.get(0), back.get(2));
        assertSame(back.get(0), back.get(1).getCause());
    }

    @Test
    void aCycleThroughAnExceptionIsRejectedNeverAStackOverflow() {
        IllegalStateException outer = new IllegalStateException("outer");
        IOException inner = new IOException("inner", outer);
        outer.addSuppressed(inner);
        // without references, the depth guard; with them, the back reference to an exception not built yet,
        // refused on writing (CycleThroughConstructedObjectTest has more)
        BlitException plain = assertThrows(BlitException.class, () -> PLAIN.toBytes(outer));
        assertTrue(plain.getMessage().contains("maxDepth"), plain.getMessage());
        BlitException tracked = assertThrows(BlitException.class, () -> TRACKING.toBytes(outer));
        assertTrue(tracked.getMessage().startsWith("cannot write a back reference to the " + IllegalStateException.class.getName()),
                tracked.getMessage());
    }

    @Test
    void aLongCauseChainRoundTripsAndOneDeeperThanMaxDepthIsRejected() {
        Throwable chain = traced(new IOException("root"));
        for (int i = 0; i < 200; i++) {
            chain = traced(new IllegalStateException("level " + i, chain));
        }
        Throwable back = (Throwable) PLAIN.fromBytes(PLAIN.toBytes(chain));
        int depth = 0;
        for (Throwable t = back; t != null; t = t.getCause()) {
            depth++;
        }
        assertEquals(201, depth);
        Blit shallow = Blit.builder().maxDepth(50).register(IllegalStateException.class, 100)
                .register(IOException.class, 101).build();
        Throwable deep = chain;
        assertThrows(BlitException.class, () -> shallow.toBytes(deep));
        byte[] bytes = PLAIN.toBytes(chain);
        Blit shallowReader = Blit.builder().maxDepth(50).register(IllegalStateException.class, 100)
                .register(IOException.class, 101).build();
        BlitException e = assertThrows(BlitException.class, () -> shallowReader.fromBytes(bytes));
        assertTrue(e.getMessage().contains("maxDepth 50"), e.getMessage());
    }

    /**
     * {@code (String message, int code)}: the constructor that takes an exception's own fields and its message (the
     * String parameter that sets no field), and perhaps its cause, builds it, final fields and all; it used to be
     * refused at build(), or built without its final field.
     */
    @Test
    void anExceptionWhoseConstructorTakesItsMessageAndItsFieldsIsBuiltByIt() {
        Declined declined = new Declined("card declined", 51);
        declined.initCause(new IOException("gateway"));
        for (Blit blit : List.of(PLAIN, TRACKING, Blit.builder().compatible(true).register(Declined.class, 113)
                .register(IOException.class, 101).build())) {
            Declined back = roundTrip(blit, declined);
            assertEquals(51, back.code);
            assertEquals("card declined", back.getMessage());
            assertInstanceOf(IOException.class, back.getCause());
        }
        Refused refused = roundTrip(PLAIN, new Refused("acct-9", "insufficient funds", 12_500L));
        assertEquals(List.of("acct-9", "insufficient funds", 12_500L),
                List.of(refused.account, refused.getMessage(), refused.amount));
        Failed failed = roundTrip(TRACKING, new Failed("upstream 503", new IOException("reset"), 503));
        assertEquals(503, failed.status);
        assertEquals("upstream 503", failed.getMessage());
        assertInstanceOf(IOException.class, failed.getCause());
        Failed alone = roundTrip(PLAIN, new Failed("no cause", null, 400));
        assertEquals(List.of(400, "no cause"), List.of(alone.status, alone.getMessage()));
        assertEquals(null, alone.getCause());
        byte[] reworded = PLAIN.toBytes(traced(new Reworded("late", 7)));
        BlitException e = assertThrows(BlitException.class, () -> PLAIN.fromBytes(reworded));
        assertTrue(e.getMessage().contains("rebuilt it with message \"late (7) (7)\"")
                && e.getMessage().contains("(String message, int code)"), e.getMessage());
    }

    /**
     * Where the constructor chosen for a class cannot give the bytes' cause ({@code ExceptionInInitializerError(String)}
     * fixes it at null) or message ({@code UndeclaredThrowableException(Throwable)} leaves it null), the one that
     * takes the cause, {@code (Throwable, String)} or {@code (Throwable)}, rebuilds that exception instead.
     */
    @Test
    void anExceptionWhoseMessageConstructorFixesTheCauseIsRebuiltByItsCauseConstructor() {
        ExceptionInInitializerError eiie = traced(new ExceptionInInitializerError(traced(new IOException("io"))));
        for (Blit blit : List.of(PLAIN, TRACKING)) {
            ExceptionInInitializerError back = roundTrip(blit, eiie);
            assertInstanceOf(IOException.class, back.getCause());
            assertEquals("io", back.getException().getMessage());
            assertEquals(null, back.getMessage());
            assertEquals(eiie.getCause().getMessage(), blit.copy(eiie).getCause().getMessage());
        }
        roundTrip(PLAIN, traced(new ExceptionInInitializerError("message only")));
        java.lang.reflect.UndeclaredThrowableException undeclared = traced(
                new java.lang.reflect.UndeclaredThrowableException(traced(new IOException("io")), "while calling"));
        assertEquals("while calling", roundTrip(PLAIN, undeclared).getMessage());
        Initializing mine = traced(new Initializing(traced(new IllegalStateException("static init"))));
        mine.attempt = 3;
        Initializing back = roundTrip(PLAIN, mine);
        assertEquals(3, back.attempt, "its own fields are set after either constructor");
        assertEquals("static init", back.getCause().getMessage());
        // a message and a cause, which neither constructor gives (written under its id by a class that has both):
        // refused, naming what the chosen constructor made
        byte[] bytes = Blit.builder().register(IOException.class, 101).register(InitializingTwin.class, 118).build()
                .toBytes(traced(new InitializingTwin("both", traced(new IOException("io")))));
        BlitException e = assertThrows(BlitException.class, () -> PLAIN.fromBytes(bytes));
        assertTrue(e.getMessage().contains("rebuilt it with cause null where the bytes at offset 1 hold java.io.IOException"),
                e.getMessage());
    }

    @Test
    void aConstructorThatChangesTheMessageIsRefusedOnRead() {
        byte[] bytes = PLAIN.toBytes(traced(new Prefixed("x")));
        BlitException e = assertThrows(BlitException.class, () -> PLAIN.fromBytes(bytes));
        Suffixed suffixed = traced(new Suffixed("x"));
        suffixed.code = 5;
        byte[] suffixedBytes = PLAIN.toBytes(suffixed);
        BlitException twice = assertThrows(BlitException.class, () -> PLAIN.fromBytes(suffixedBytes));
        assertTrue(twice.getMessage().contains("\"x (code 5) (code 5)\" where the bytes at offset 1 hold \"x (code 5)\""),
                twice.getMessage());
        assertTrue(e.getMessage().contains("rebuilt it with message \"E: E: x\"")
                && e.getMessage().contains("hold \"E: x\"") && e.getMessage().contains("offset 1"), e.getMessage());
    }

    @Test
    void classesThatCannotBeRebuiltAreRefusedWhenBuilt() {
        BlitException none = assertThrows(BlitException.class, () -> Blit.builder().register(NoWay.class, 100).build());
        assertTrue(none.getMessage().contains("cannot rebuild exception"), none.getMessage());
        BlitException sql = assertThrows(BlitException.class, () -> Blit.builder().register(MySql.class, 100).build());
        assertTrue(sql.getMessage().contains("java.sql.SQLException") && sql.getMessage().contains("module java.sql"),
                sql.getMessage());
        BlitException jdk = assertThrows(BlitException.class,
                () -> Blit.builder().register(java.time.format.DateTimeParseException.class, 100).build());
        assertTrue(jdk.getMessage().contains("DateTimeParseException"), jdk.getMessage());
    }

    @Test
    void malformedContentIsRejectedWithItsOffset() {
        // a frame without a method name
        assertRejected("64 07 62 61 64 00 01 00 00 00 00 03 43 00 00 00 00", "stack frame 0", "no method name", "offset 7");
        // a frame without a class name
        assertRejected("64 07 62 61 64 00 01 00 00 00 00 00 03 67 00 00 00", "no class name", "offset 7");
        // the first frame cannot be like the one before it; no flag above 4
        assertRejected("64 07 62 61 64 00 01 01 03 67 00 00 00", "stack frame 0", "invalid flags 0x1", "offset 7");
        assertRejected("64 07 62 61 64 00 01 02 03 67 00 00 00", "invalid flags 0x2", "offset 7");
        assertRejected("64 07 62 61 64 00 02 04 00 00 00 03 43 03 67 00 08 03 67 00 00 00", "stack frame 1",
                "invalid flags 0x8", "offset 16");
        // a file name spelled out where the flag would do is read all the same
        IllegalStateException spelled = (IllegalStateException) PLAIN.fromBytes(
                RoundTrip.bytes("64 07 62 61 64 00 01 00 00 00 00 03 43 03 67 0d 43 2e 6a 61 76 61 00 00"));
        assertEquals("C.java", spelled.getStackTrace()[0].getFileName());
        // a cause that is not a Throwable (Integer 1)
        assertRejected("64 07 62 61 64 07 02 00 00", "cause", "offset 5");
        // a null suppressed exception
        assertRejected("64 07 62 61 64 00 00 01 00", "suppressed exception 0", "offset 8");
        // a suppressed value that is not a Throwable
        assertRejected("64 07 62 61 64 00 00 01 0b 03 61", "suppressed exception 0", "offset 8");
        // more frames than bytes
        assertRejected("64 07 62 61 64 00 ff ff 03 00", "offset 6");
        // a cause the constructor's parameter cannot take: UncheckedIOException(String, IOException)
        assertRejected("66 09 77 72 61 70 68 00 00 00 00 00 00", "cannot be given", "offset 1");
    }

    /** A final field and a mutable one, the constructor taking the message and the final one only. */
    static final class Mixed extends RuntimeException {
        final int code;
        String detail;

        Mixed(String message, int code) {
            super(message);
            this.code = code;
        }
    }

    static class Base extends RuntimeException {
        final int code;

        Base(String message, int code) {
            super(message);
            this.code = code;
        }
    }

    /** Base's final field, and a mutable one of its own that its constructor does not take. */
    static final class Sub extends Base {
        String extra;

        Sub(String message, int code) {
            super(message, code);
        }
    }

    /**
     * The message parameter is not the String field: it goes to super(message). By type alone the constructor takes
     * exactly the fields, which rebuilt detail from the message (or failed the read).
     */
    @Test
    void aFieldTheConstructorDoesNotTakeIsSetAfterItNotTakenFromTheMessage() {
        Blit blit = Blit.builder().register(Mixed.class, 100).register(Sub.class, 101).build();
        for (String detail : new String[] {"timeout", "retry later", null}) {
            Mixed m = traced(new Mixed("timeout", 3));
            m.detail = detail;
            Mixed back = roundTrip(blit, m);
            assertEquals(List.of("timeout", 3), List.of(back.getMessage(), back.code));
            assertEquals(detail, back.detail);
        }
        Sub sub = traced(new Sub("m", 4));
        sub.extra = "e";
        Sub back = roundTrip(blit, sub);
        assertEquals(List.of("m", 4, "e"), List.of(back.getMessage(), back.code, back.extra));
    }

    /** The cause kept in a typed field as well, a common shape. */
    static final class Wrapped extends Exception {
        final IOException root;

        Wrapped(String message, IOException root) {
            super(message, root);
            this.root = root;
        }

        /** Not the one Blit uses: its cause need not be the root. */
        Wrapped(String message, IOException root, Throwable cause) {
            super(message, cause);
            this.root = root;
        }
    }

    /** A cause of its own, in a field getCause() answers from. */
    static final class FieldCause extends RuntimeException {
        Throwable inner;

        FieldCause(String message, Throwable inner) {
            super(message);
            this.inner = inner;
        }

        @Override
        public synchronized Throwable getCause() {
            return inner;
        }
    }

    /**
     * Without references the field and the cause are read as two copies of one exception; the constructor gives the
     * exception the field's, which holds what the bytes' cause holds. A field that holds another cause is refused.
     */
    @Test
    void anOwnFieldThatIsTheCauseTooRoundTripsWithoutReferences() {
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = Blit.builder().references(references).register(Wrapped.class, 100)
                    .register(IOException.class, 101).register(FieldCause.class, 102).build();
            Wrapped back = roundTrip(blit, traced(new Wrapped("failed", traced(new IOException("disk")))));
            assertEquals("failed", back.getMessage());
            assertEquals("disk", back.root.getMessage());
            assertSame(back.root, back.getCause());
            FieldCause field = roundTrip(blit, traced(new FieldCause("f", traced(new IOException("inner")))));
            assertEquals("inner", field.getCause().getMessage());
            byte[] other = blit.toBytes(traced(new Wrapped("failed", traced(new IOException("disk")),
                    traced(new IOException("other")))));
            BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(other));
            assertTrue(e.getMessage().contains("rebuilt it with cause java.io.IOException: disk"), e.getMessage());
        }
    }

    static final class Storage extends Exception {
        Storage(String message, IOException cause) {
            super(message, cause);
        }

        Storage(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static final class Config extends Exception {
        Config(String message) {
            super(message);
        }

        Config(String message, IOException cause) {
            super(message, cause);
        }
    }

    static final class Wrap extends RuntimeException {
        Wrap(IOException cause) {
            super(cause);
        }

        Wrap(Throwable cause) {
            super(cause);
        }
    }

    /** No constructor takes a cause other than an IOException; (int) leaves it for initCause. */
    static final class Strict extends Exception {
        Strict(String message, IOException cause) {
            super(message, cause);
        }

        Strict(int code) {
            super("code " + code);
        }
    }

    /** Each exception is rebuilt by an overload that takes its cause, else (String) and initCause. */
    @Test
    void overloadedCauseConstructorsTakeTheCauseTheirTypeAccepts() {
        Blit blit = Blit.builder().register(Storage.class, 100).register(Config.class, 101).register(Wrap.class, 102)
                .register(Strict.class, 103).register(IOException.class, 104)
                .register(IllegalStateException.class, 105).build();
        for (Throwable cause : new Throwable[] {traced(new IOException("disk")), traced(new IllegalStateException("s")), null}) {
            Storage back = roundTrip(blit, traced(new Storage("store failed", cause)));
            assertEquals("store failed", back.getMessage());
            assertEquals(cause == null ? null : cause.getClass(), back.getCause() == null ? null : back.getCause().getClass());
            Wrap wrap = roundTrip(blit, traced(new Wrap(cause)));
            assertEquals(cause == null ? null : cause.getMessage(), wrap.getCause() == null ? null : wrap.getCause().getMessage());
        }
        Config config = traced(new Config("bad config"));
        config.initCause(traced(new IllegalStateException("parse")));
        Config back = roundTrip(blit, config);
        assertEquals(List.of("bad config", "parse"), List.of(back.getMessage(), back.getCause().getMessage()));
        Strict strict = traced(new Strict(7));
        strict.initCause(new IllegalStateException("no"));
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(strict));
        assertTrue(e.getMessage().contains("Strict") && e.getMessage().contains("java.lang.IllegalStateException")
                && e.getMessage().contains("java.io.IOException"), e.getMessage());
        assertEquals("code 7", roundTrip(blit, traced(new Strict(7))).getMessage());
    }

    static final class Rejected extends RuntimeException {
        final int code;

        Rejected(int code) {
            super("rejected " + code);
            this.code = code;
        }

        Rejected(String message, int code) {
            super(message);
            this.code = code;
        }
    }

    /** The one that takes the message is preferred: the other can rebuild only the message it makes. */
    @Test
    void aConstructorTakingTheMessageIsPreferredToOneMakingIt() {
        Blit blit = Blit.builder().register(Rejected.class, 100).build();
        Rejected back = roundTrip(blit, traced(new Rejected("card expired", 5)));
        assertEquals(List.of("card expired", 5), List.of(back.getMessage(), back.code));
        assertEquals("rejected 6", roundTrip(blit, traced(new Rejected(6))).getMessage());
    }

    static final class Note extends RuntimeException {
        Note(String message) {
            super(message);
        }
    }

    /** A constructor that adds a suppressed exception of its own. */
    static final class Ctx extends RuntimeException {
        Ctx(String message) {
            super(message);
            addSuppressed(new Note("context captured at construction"));
        }
    }

    /** Ctx's shape without what its constructor adds, written under Ctx's id. */
    static final class CtxTwin extends RuntimeException {
        CtxTwin(String message) {
            super(message);
        }
    }

    @Test
    void suppressedExceptionsTheConstructorAddsAreNotAddedTwice() {
        Blit blit = Blit.builder().register(Note.class, 100).register(Ctx.class, 101).build();
        Ctx ctx = traced(new Ctx("c"), new StackTraceElement("C", "m", "C.java", 1));
        ctx.getSuppressed()[0].setStackTrace(new StackTraceElement[] {new StackTraceElement("N", "n", "N.java", 2)});
        ctx.addSuppressed(traced(new Note("later")));
        Ctx once = roundTrip(blit, ctx);
        Ctx twice = roundTrip(blit, once);
        for (Ctx back : List.of(once, twice)) {
            assertEquals(2, back.getSuppressed().length);
            assertEquals("context captured at construction", back.getSuppressed()[0].getMessage());
            assertArrayEquals(ctx.getSuppressed()[0].getStackTrace(), back.getSuppressed()[0].getStackTrace());
            assertEquals("later", back.getSuppressed()[1].getMessage());
        }
        byte[] bytes = Blit.builder().register(Note.class, 100).register(CtxTwin.class, 101).build()
                .toBytes(traced(new CtxTwin("c")));
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
        assertTrue(e.getMessage().contains("added suppressed exception"), e.getMessage());
    }

    static final class Quiet extends RuntimeException {
        Quiet(String message) {
            super(message);
        }

        @Override
        public StackTraceElement[] getStackTrace() {
            return null;
        }
    }

    static final class NullFrame extends RuntimeException {
        NullFrame(String message) {
            super(message);
        }

        @Override
        public StackTraceElement[] getStackTrace() {
            return new StackTraceElement[] {new StackTraceElement("C", "m", "C.java", 1), null};
        }
    }

    @Test
    void aNullStackTraceOrFrameIsRefusedOnWritingNamingTheClass() {
        Blit blit = Blit.builder().register(Quiet.class, 100).register(NullFrame.class, 101).build();
        BlitException quiet = assertThrows(BlitException.class, () -> blit.toBytes(new Quiet("q")));
        assertTrue(quiet.getMessage().contains("Quiet") && quiet.getMessage().contains("getStackTrace() returned null"),
                quiet.getMessage());
        BlitException frame = assertThrows(BlitException.class, () -> blit.toBytes(new NullFrame("n")));
        assertTrue(frame.getMessage().contains("NullFrame") && frame.getMessage().contains("element 1"),
                frame.getMessage());
    }

    /** A final field set from a constant expression: no constructor takes it. */
    static final class Timed extends RuntimeException {
        final long at = System.currentTimeMillis();
        final String code;

        Timed(String message, String code) {
            super(message);
            this.code = code;
        }
    }

    @Test
    void refusalsSayWhatWouldHelp() {
        BlitException sql = assertThrows(BlitException.class,
                () -> Blit.builder().register(java.sql.SQLException.class, 100).build());
        assertTrue(sql.getMessage().contains("JDK class") && sql.getMessage().contains("Serializer of your own")
                && !sql.getMessage().contains("lookup"), sql.getMessage());
        BlitException timed = assertThrows(BlitException.class, () -> Blit.builder().register(Timed.class, 100).build());
        assertTrue(timed.getMessage().contains("compute its final field at"), timed.getMessage());
    }

    private static void assertRejected(String hex, String... parts) {
        BlitException e = assertThrows(BlitException.class, () -> PLAIN.fromBytes(RoundTrip.bytes(hex)));
        for (String p : parts) {
            assertTrue(e.getMessage().contains(p), () -> "'" + p + "' not in: " + e.getMessage());
        }
    }
}
