package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.function.Consumer;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The shared round-trip harness (modelled on Kryo's {@code KryoTestCase.roundTrip}): a value goes through
 * every write backend, which must all produce the same bytes of exactly the expected length, and those
 * bytes go back through every read backend, each of which must give back an equal value and consume
 * exactly those bytes. Every truncation of the bytes must then fail with a {@link BlitException} (never
 * another throwable), from a byte array and from a stream, and random corruptions of them must decode or
 * fail with a {@link BlitException}, nothing else.
 *
 * <p>Write backends: {@link Blit#toBytes}, a growable {@link WriteBuffer} starting small, a fixed
 * {@link WriteBuffer#wrap} region of exactly the length at a non-zero offset (and one a byte too short,
 * which must overflow), {@link WriteBuffer#to(ByteBuffer)} over a heap buffer at a non-zero position and
 * over a direct buffer of exactly the length (a tiny staging area), and {@link WriteBuffer#to(java.io.OutputStream)}.
 *
 * <p>Read backends: {@link Blit#fromBytes}, {@link ReadBuffer#of(byte[], int, int)} at a non-zero offset with
 * trailing garbage, {@link ReadBuffer#of(ByteBuffer)} over a heap, a read-only heap and a direct buffer,
 * {@link ReadBuffer#of(InputStream)} over an ordinary stream and over one that returns one byte per call, and
 * {@link ReadBuffer#exactly(InputStream)} over both kinds with garbage after the value, which must still be in
 * the stream afterwards; {@link Blit#read(InputStream)} twice over a stream of the value written twice.
 *
 * <p>Equality is pluggable; the default, {@link #deepEquals}, compares arrays element by element (floats
 * and doubles by raw bits, so NaN payloads and {@code -0.0} count), lists and maps recursively. The
 * byte-level entry points ({@link #encode}, {@link #decode}) serve tests of the buffers themselves.
 */
public final class RoundTrip {
    /** Values longer than this have their truncations sampled instead of tried one by one. */
    private static final int EXHAUSTIVE_TRUNCATION = 2048;
    /** Same, for truncations read from a one-byte-a-call stream (each one costs a read call a byte). */
    private static final int EXHAUSTIVE_STREAM_TRUNCATION = 256;
    private static final int OFFSET = 7;
    private static final int MUTATIONS = 64;
    private static final byte GARBAGE = (byte) 0xA5;

    /** Built on first use, so the byte-level helpers do not depend on the object layer. */
    private static Blit defaultBlit;

    private RoundTrip() {
    }

    /** {@code value} through JDK serialization and back: what Blit's handling of the {@code java.io} hooks is held to. */
    public static Object throughJdk(Object value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (java.io.ObjectInputStream in = new java.io.ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    /**
     * Round-trips {@code value} through a {@link Blit} with the default configuration.
     *
     * @param value          any built-in value, or null
     * @param expectedLength its exact encoded length
     * @param <T>            the value's type
     * @return the value as {@code fromBytes} decoded it
     */
    public static <T> T roundTrip(T value, int expectedLength) {
        return roundTrip(defaultBlit(), value, expectedLength);
    }

    /**
     * Round-trips {@code value} through a {@link Blit} with the default configuration, at whatever length
     * it encodes to, handing every decoded copy to {@code check}.
     *
     * @param value any built-in value, or null
     * @param check asserts on one decoded copy
     * @param <T>   the value's type
     * @return the value as {@code fromBytes} decoded it
     */
    public static <T> T roundTrip(T value, Consumer<Object> check) {
        Blit blit = defaultBlit();
        return roundTrip(blit, value, blit.toBytes(value).length, (expected, actual) -> {
            check.accept(actual);
            return true;
        });
    }

    /**
     * Round-trips {@code value}, comparing with {@link #deepEquals}.
     *
     * @param blit           the configuration to write and read with
     * @param value          the value, or null
     * @param expectedLength its exact encoded length
     * @param <T>            the value's type
     * @return the value as {@code fromBytes} decoded it, for further checks (identity, cycles)
     */
    public static <T> T roundTrip(Blit blit, T value, int expectedLength) {
        return roundTrip(blit, value, expectedLength, RoundTrip::deepEquals);
    }

    /**
     * Round-trips {@code value} with a caller's notion of equality (for cyclic graphs, or types whose
     * {@code equals} is identity).
     *
     * @param blit           the configuration to write and read with
     * @param value          the value, or null
     * @param expectedLength its exact encoded length
     * @param equality       (original, decoded) -&gt; equal
     * @param <T>            the value's type
     * @return the value as {@code fromBytes} decoded it
     */
    public static <T> T roundTrip(Blit blit, T value, int expectedLength, BiPredicate<? super T, Object> equality) {
        byte[] reference = blit.toBytes(value);
        assertEquals(expectedLength, reference.length,
                () -> "toBytes length, bytes: " + hex(reference) + describe(value));
        byte[] bytes = encode(out -> blit.write(value, out), expectedLength);
        assertArrayEquals(reference, bytes, () -> "toBytes and the buffers disagree" + describe(value));

        ByteArrayOutputStream viaFacade = new ByteArrayOutputStream();
        blit.write(value, viaFacade);
        assertArrayEquals(reference, viaFacade.toByteArray(), () -> "Blit.write(OutputStream)" + describe(value));

        Object fromBytes = blit.fromBytes(reference);
        check(equality, value, fromBytes, "fromBytes");
        decode(reference, blit::read, decoded -> check(equality, value, decoded, "read"));

        byte[] trailing = Arrays.copyOf(reference, reference.length + 1);
        assertThrows(BlitException.class, () -> blit.fromBytes(trailing), "a trailing byte must be rejected");
        ByteArrayInputStream twice = new ByteArrayInputStream(concat(reference, reference));
        check(equality, value, blit.read(twice), "Blit.read(InputStream), the first of two");
        check(equality, value, blit.read(twice), "Blit.read(InputStream), the second of two");
        assertEquals(0, twice.available(), "Blit.read(InputStream) twice must take both values' bytes exactly");

        assertTruncationsRejected(reference, bytes1 -> blit.fromBytes(bytes1), in -> blit.read(in));
        assertMutationsFailOnlyWithBlitException(blit, reference, Arrays.hashCode(reference));
        @SuppressWarnings("unchecked")
        T result = (T) fromBytes;
        return result;
    }

    private static synchronized Blit defaultBlit() {
        if (defaultBlit == null) {
            defaultBlit = Blit.builder().build();
        }
        return defaultBlit;
    }

    private static <T> void check(BiPredicate<? super T, Object> equality, T expected, Object actual, String where) {
        if (!equality.test(expected, actual)) {
            fail(where + ": decoded " + show(actual) + " but wrote " + show(expected));
        }
    }

    // ---------------------------------------------------------------- byte level

    /**
     * Runs {@code writer} against every write backend and checks they all produce the same
     * {@code expectedLength} bytes, leave the bytes around a fixed region alone, and advance a
     * {@code ByteBuffer}'s position by exactly that much.
     *
     * @param writer         writes one value to the buffer it is given
     * @param expectedLength the exact number of bytes it must write
     * @return the bytes
     */
    public static byte[] encode(Consumer<WriteBuffer> writer, int expectedLength) {
        List<byte[]> results = new ArrayList<>();
        List<String> names = new ArrayList<>();

        WriteBuffer growable = new WriteBuffer(1);
        writer.accept(growable);
        assertEquals(expectedLength, growable.position(), () -> "growable: length of " + hex(growable.toByteArray()));
        results.add(growable.toByteArray());
        names.add("growable WriteBuffer");

        byte[] region = new byte[OFFSET + expectedLength + 5];
        Arrays.fill(region, GARBAGE);
        WriteBuffer fixed = WriteBuffer.wrap(region, OFFSET, expectedLength);
        writer.accept(fixed);
        assertEquals(expectedLength, fixed.position(), "fixed region: bytes written");
        for (int i = 0; i < OFFSET; i++) {
            assertEquals(GARBAGE, region[i], "fixed region: byte before the region overwritten");
        }
        for (int i = OFFSET + expectedLength; i < region.length; i++) {
            assertEquals(GARBAGE, region[i], "fixed region: byte after the region overwritten");
        }
        results.add(Arrays.copyOfRange(region, OFFSET, OFFSET + expectedLength));
        names.add("WriteBuffer.wrap at offset " + OFFSET);

        if (expectedLength > 0) {
            WriteBuffer tooSmall = WriteBuffer.wrap(new byte[OFFSET + expectedLength], OFFSET, expectedLength - 1);
            BlitException e = assertThrows(BlitException.class, () -> writer.accept(tooSmall),
                    "a fixed region one byte too small must overflow");
            assertTrue(e.getMessage().contains("offset"), () -> "overflow message names no offset: " + e.getMessage());
        }

        ByteBuffer heap = ByteBuffer.allocate(expectedLength + 2 * OFFSET);
        heap.position(OFFSET);
        WriteBuffer toHeap = WriteBuffer.to(heap);
        writer.accept(toHeap);
        toHeap.flush();
        assertEquals(OFFSET + expectedLength, heap.position(), "heap ByteBuffer: position after flush");
        results.add(Arrays.copyOfRange(heap.array(), OFFSET, OFFSET + expectedLength));
        names.add("WriteBuffer.to(heap ByteBuffer)");

        ByteBuffer direct = ByteBuffer.allocateDirect(expectedLength);
        WriteBuffer toDirect = WriteBuffer.to(direct);
        writer.accept(toDirect);
        toDirect.flush();
        assertEquals(expectedLength, direct.position(), "direct ByteBuffer: position after flush");
        byte[] fromDirect = new byte[expectedLength];
        direct.flip();
        direct.get(fromDirect);
        results.add(fromDirect);
        names.add("WriteBuffer.to(direct ByteBuffer)");

        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        WriteBuffer toStream = WriteBuffer.to(sink);
        writer.accept(toStream);
        assertEquals(expectedLength, toStream.position(), "stream: position before flush");
        toStream.flush();
        results.add(sink.toByteArray());
        names.add("WriteBuffer.to(OutputStream)");

        byte[] first = results.get(0);
        for (int i = 1; i < results.size(); i++) {
            int k = i;
            assertArrayEquals(first, results.get(i),
                    () -> names.get(k) + " wrote other bytes than " + names.get(0) + ": " + hex(results.get(k))
                            + " vs " + hex(first));
        }
        return first;
    }

    /**
     * Reads {@code bytes} through every read backend with {@code reader}, checks that each consumed all of
     * them, and hands each decoded value to {@code check}.
     *
     * @param bytes  exactly one encoded value
     * @param reader reads one value
     * @param check  asserts on a decoded value
     * @param <T>    the decoded type
     */
    public static <T> void decode(byte[] bytes, Function<ReadBuffer, T> reader, Consumer<? super T> check) {
        int n = bytes.length;
        byte[] padded = new byte[OFFSET + n + 9];
        Arrays.fill(padded, GARBAGE);
        System.arraycopy(bytes, 0, padded, OFFSET, n);

        readOne("ReadBuffer.of(byte[])", ReadBuffer.of(bytes), n, reader, check);
        readOne("ReadBuffer.of(byte[], " + OFFSET + ", " + n + ")", ReadBuffer.of(padded, OFFSET, n), n, reader, check);

        ByteBuffer heap = ByteBuffer.wrap(padded, 0, OFFSET + n).position(OFFSET);
        readOne("ReadBuffer.of(heap ByteBuffer)", ReadBuffer.of(heap), n, reader, check);
        assertEquals(OFFSET, heap.position(), "ReadBuffer.of(ByteBuffer) must leave the position alone");

        ByteBuffer readOnly = ByteBuffer.wrap(padded, 0, OFFSET + n).position(OFFSET).asReadOnlyBuffer();
        readOne("ReadBuffer.of(read-only ByteBuffer)", ReadBuffer.of(readOnly), n, reader, check);

        ByteBuffer direct = ByteBuffer.allocateDirect(n + OFFSET);
        direct.position(OFFSET);
        direct.put(bytes);
        direct.position(OFFSET);
        readOne("ReadBuffer.of(direct ByteBuffer)", ReadBuffer.of(direct), n, reader, check);

        readOne("ReadBuffer.of(InputStream)", ReadBuffer.of(new ByteArrayInputStream(bytes)), n, reader, check);
        readOne("ReadBuffer.of(one byte a read)", ReadBuffer.of(trickle(bytes, n)), n, reader, check);

        // A stream read exactly takes the value's bytes and not one more: the garbage after it stays unread.
        // A stream that supports mark is read ahead and given back the rest by settle(), which Blit.read calls
        // after a value and a hand-written reader of primitives calls itself.
        ByteArrayInputStream followed = new ByteArrayInputStream(padded, OFFSET, n + 9);
        ReadBuffer exact = ReadBuffer.exactly(followed);
        readOne("ReadBuffer.exactly(InputStream)", exact, n, reader, check);
        exact.settle();
        assertEquals(9, followed.available(), "ReadBuffer.exactly(InputStream) must leave what follows the value in the stream");
        InputStream trickled = trickle(Arrays.copyOfRange(padded, OFFSET, OFFSET + n + 9), n + 9);
        readOne("ReadBuffer.exactly(one byte a read)", ReadBuffer.exactly(trickled), n, reader, check);
        assertEquals(GARBAGE & 0xFF, readUnchecked(trickled), "ReadBuffer.exactly(one byte a read) must leave what follows the value");
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    private static int readUnchecked(InputStream in) {
        try {
            return in.read();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static <T> void readOne(String name, ReadBuffer in, int n, Function<ReadBuffer, T> reader,
                                    Consumer<? super T> check) {
        T value;
        try {
            value = reader.apply(in);
        } catch (RuntimeException | Error e) {
            throw new AssertionError(name + " failed to read its bytes", e);
        }
        assertEquals(n, in.offset(), () -> name + ": bytes consumed");
        try {
            check.accept(value);
        } catch (AssertionError e) {
            throw new AssertionError(name + ": " + e.getMessage(), e);
        }
    }

    /**
     * Checks that every proper prefix of {@code bytes} (a sample of them for long inputs) is rejected with a
     * {@link BlitException}, from a byte array and from a one-byte-a-call stream that ends early.
     *
     * @param bytes      exactly one encoded value
     * @param fromBytes  decodes a whole byte array (and must notice it ends too early)
     * @param fromStream decodes one value from a stream
     */
    public static void assertTruncationsRejected(byte[] bytes, Consumer<byte[]> fromBytes,
                                                 Consumer<InputStream> fromStream) {
        for (int k : cuts(bytes.length, EXHAUSTIVE_TRUNCATION, 64)) {
            byte[] prefix = Arrays.copyOf(bytes, k);
            assertRejected(() -> fromBytes.accept(prefix), "bytes[0.." + k + ") of " + bytes.length);
        }
        for (int k : cuts(bytes.length, EXHAUSTIVE_STREAM_TRUNCATION, 8)) {
            InputStream in = trickle(bytes, k);
            assertRejected(() -> fromStream.accept(in), "a stream ending after " + k + " of " + bytes.length + " bytes");
        }
    }

    /**
     * Overwrites one to three random bytes of a valid encoding, {@value #MUTATIONS} times: decoding each
     * must give a value or a {@link BlitException}, never another exception or error.
     *
     * @param blit  decodes the mutated bytes
     * @param bytes a valid encoding
     * @param seed  for the random mutations, so a failure can be replayed
     */
    public static void assertMutationsFailOnlyWithBlitException(Blit blit, byte[] bytes, long seed) {
        if (bytes.length == 0) {
            return;
        }
        java.util.Random random = new java.util.Random(seed);
        for (int round = 0; round < MUTATIONS; round++) {
            byte[] b = bytes.clone();
            int flips = 1 + random.nextInt(3);
            for (int i = 0; i < flips; i++) {
                b[random.nextInt(b.length)] = (byte) random.nextInt(256);
            }
            try {
                blit.fromBytes(b);
            } catch (BlitException expected) {
                // a rejection is fine; only its type matters here
            } catch (Throwable t) {
                throw new AssertionError("decoding the mutated bytes " + hex(b) + " (from " + hex(bytes) + ") threw "
                        + t + " instead of a BlitException", t);
            }
        }
    }

    private static void assertRejected(Runnable r, String what) {
        try {
            r.run();
        } catch (BlitException expected) {
            return;
        } catch (Throwable t) {
            throw new AssertionError(what + " threw " + t + " instead of a BlitException", t);
        }
        fail(what + " was accepted");
    }

    /** Every cut below {@code length} when it is small; otherwise the first and last few and a few in between. */
    private static int[] cuts(int length, int exhaustive, int few) {
        if (length <= exhaustive) {
            int[] all = new int[length];
            Arrays.setAll(all, i -> i);
            return all;
        }
        int[] some = new int[3 * few];
        int k = 0;
        for (int i = 0; i < few; i++) {
            some[k++] = i;
            some[k++] = length - 1 - i;
            some[k++] = (int) ((long) length * (i + 1) / (few + 2));
        }
        return some;
    }

    /**
     * @param bytes the content
     * @param n     how many of them the stream holds
     * @return a stream of {@code bytes[0..n)} that hands out one byte per read call
     */
    public static InputStream trickle(byte[] bytes, int n) {
        return new InputStream() {
            private int at;

            @Override
            public int read() {
                return at < n ? bytes[at++] & 0xFF : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (len == 0) {
                    return 0;
                }
                if (at >= n) {
                    return -1;
                }
                b[off] = bytes[at++];
                return 1;
            }
        };
    }

    // ---------------------------------------------------------------- equality and display

    /** @return what Java serialization writes of a serializable lambda (its writeReplace), as a list */
    static List<Object> described(Object lambda) {
        try {
            java.lang.reflect.Method m = lambda.getClass().getDeclaredMethod("writeReplace");
            m.setAccessible(true);
            java.lang.invoke.SerializedLambda sl = (java.lang.invoke.SerializedLambda) m.invoke(lambda);
            List<Object> d = new java.util.ArrayList<>(List.of(sl.getCapturingClass(), sl.getFunctionalInterfaceClass(),
                    sl.getFunctionalInterfaceMethodName(), sl.getFunctionalInterfaceMethodSignature(),
                    sl.getImplMethodKind(), sl.getImplClass(), sl.getImplMethodName(), sl.getImplMethodSignature(),
                    sl.getInstantiatedMethodType()));
            for (int i = 0; i < sl.getCapturedArgCount(); i++) {
                d.add(sl.getCapturedArg(i));
            }
            return d;
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Deep equality: same-class arrays element by element (floats and doubles by raw bits), lists element
     * by element and maps with deeply equal values, anything else (sets included) by {@code equals}; boxed
     * floats and doubles by raw bits.
     *
     * @param a one value
     * @param b another
     * @return whether they are deeply equal
     */
    public static boolean deepEquals(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof Float && b instanceof Float) {
            return Float.floatToRawIntBits((Float) a) == Float.floatToRawIntBits((Float) b);
        }
        if (a instanceof Double && b instanceof Double) {
            return Double.doubleToRawLongBits((Double) a) == Double.doubleToRawLongBits((Double) b);
        }
        if (a instanceof java.io.Serializable && a.getClass().isHidden() && a.getClass().getName().contains("$$Lambda")) {
            // A lambda equals only itself, and a rebuilt one has a class of its own (spun for the call site in
            // $deserializeLambda$): two are the same lambda if Java serialization describes them alike.
            return b.getClass().isHidden() && deepEquals(described(a), described(b));
        }
        if (a instanceof java.net.URL && b instanceof java.net.URL) {
            // URL.equals resolves both hosts through the name service: slow, or a hang, where there is none
            return a.toString().equals(b.toString());
        }
        if (a instanceof Throwable && b instanceof Throwable) {
            // identity is all Throwable.equals knows: the same class and the same state through its public methods
            Throwable x = (Throwable) a;
            Throwable y = (Throwable) b;
            return x.getClass() == y.getClass() && java.util.Objects.equals(x.getMessage(), y.getMessage())
                    && deepEquals(x.getCause(), y.getCause()) && deepEquals(x.getStackTrace(), y.getStackTrace())
                    && deepEquals(x.getSuppressed(), y.getSuppressed());
        }
        if (a.getClass().isArray()) {
            if (a.getClass() != b.getClass()) {
                return false;
            }
            int n = Array.getLength(a);
            if (n != Array.getLength(b)) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (!deepEquals(Array.get(a, i), Array.get(b, i))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof List && b instanceof List) {
            List<?> x = (List<?>) a;
            List<?> y = (List<?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            Iterator<?> i = x.iterator();
            Iterator<?> j = y.iterator();
            while (i.hasNext()) {
                if (!deepEquals(i.next(), j.next())) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map && b instanceof Map) {
            Map<?, ?> x = (Map<?, ?>) a;
            Map<?, ?> y = (Map<?, ?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> e : x.entrySet()) {
                if (!y.containsKey(e.getKey()) || !deepEquals(e.getValue(), y.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        return a.equals(b);
    }

    /**
     * @param hex hex pairs, spaces allowed: {@code "0b 05 68 69"}
     * @return the bytes
     */
    public static byte[] bytes(String hex) {
        return java.util.HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    /**
     * @param bytes any bytes
     * @return them as lower-case hex pairs separated by spaces (the first 256 bytes of long inputs)
     */
    public static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        int n = Math.min(bytes.length, 256);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(Character.forDigit((bytes[i] >> 4) & 0xF, 16)).append(Character.forDigit(bytes[i] & 0xF, 16));
        }
        if (n < bytes.length) {
            sb.append(" ... (").append(bytes.length).append(" bytes)");
        }
        return sb.toString();
    }

    private static String describe(Object value) {
        return " (value " + show(value) + ")";
    }

    private static String show(Object v) {
        if (v == null) {
            return "null";
        }
        String s;
        if (v instanceof Object[]) {
            s = Arrays.deepToString((Object[]) v);
        } else if (v.getClass().isArray()) {
            int n = Array.getLength(v);
            StringBuilder sb = new StringBuilder(v.getClass().getComponentType().getName()).append('[').append(n).append("] {");
            for (int i = 0; i < Math.min(n, 8); i++) {
                sb.append(i > 0 ? ", " : "").append(Array.get(v, i));
            }
            s = sb.append(n > 8 ? ", ...}" : "}").toString();
        } else {
            s = Objects.toString(v) + " : " + v.getClass().getName();
        }
        return s.length() > 300 ? s.substring(0, 300) + "..." : s;
    }
}
