package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.log.BlitLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A class's own reading code (a {@link Marshallable}, a user's {@link Serializer}, a record's compact constructor)
 * that throws on bytes it did not expect gives the caller a {@link BlitException} with the offset and the original
 * as its cause, as any other bad input does; on the writing side, where the input is the caller's own object, the
 * user's exception reaches the caller unchanged.
 */
class UserCodeFailureTest {
    /** Checks what it reads, as a careful hand-written codec does, with an exception of its own choosing. */
    public static final class Counted implements Marshallable {
        int count;

        public Counted() {
        }

        Counted(int count) {
            this.count = count;
        }

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeInt(count);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            count = in.readInt();
            if (count < 0) {
                throw new IllegalArgumentException("count " + count + " < 0");
            }
        }
    }

    public static final class Temperature {
        final double celsius;

        Temperature(double celsius) {
            this.celsius = celsius;
        }
    }

    static final Serializer<Temperature> TEMPERATURE = new Serializer<>() {
        @Override
        public void write(WriteBuffer out, Temperature t) {
            out.writeDouble(t.celsius);
        }

        @Override
        public Temperature read(ReadBuffer in) {
            double c = in.readDouble();
            if (!(c >= -273.15)) {
                throw new IllegalStateException("below absolute zero: " + c);
            }
            return new Temperature(c);
        }
    };

    public record Range(int lo, int hi) {
        public Range {
            if (lo > hi) {
                throw new IllegalArgumentException(lo + " > " + hi);
            }
        }
    }

    /** A generated class holding the three, so their failures happen deep inside a value. */
    public static final class Reading {
        String name;
        Counted counted;
        Temperature temperature;
        Range range;
    }

    /** Throws while writing: the caller's own bug, which it gets back as it was thrown. */
    public static final class Unwritable implements Marshallable {
        static final UnsupportedOperationException FAILURE = new UnsupportedOperationException("not today");

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeInt(1);
            throw FAILURE;
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            in.readInt();
        }
    }

    private static Blit blit(boolean references) {
        return Blit.builder().references(references)
                .register(Counted.class, 100)
                .register(Temperature.class, 101, TEMPERATURE)
                .register(Range.class, 102)
                .register(Reading.class, 103)
                .register(Unwritable.class, 104)
                .build();
    }

    private static Reading reading(String name, int count, double celsius, int lo, int hi) {
        Reading r = new Reading();
        r.name = name;
        r.counted = new Counted(count);
        r.temperature = new Temperature(celsius);
        r.range = new Range(lo, hi);
        return r;
    }

    @Test
    void aMarshallablesExceptionIsABlitExceptionAtItsOffsetWithTheOriginalAsCause() {
        Blit blit = blit(false);
        byte[] bytes = blit.toBytes(new Counted(-1));
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
        assertEquals("reading failed at offset " + bytes.length + ": java.lang.IllegalArgumentException: count -1 < 0"
                + " (thrown in " + Counted.class.getName() + ".readMarshallable)", e.getMessage());
        assertInstanceOf(IllegalArgumentException.class, e.getCause());
    }

    /** A message interface: registered for its arrays and declared types, as any interface is. */
    public interface Message extends Marshallable {
    }

    public static final class Ping implements Message {
        int x;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeInt(x);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            x = in.readInt();
        }
    }

    public abstract static class Base implements Marshallable {
        @Override
        public void writeMarshallable(WriteBuffer out) {
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
        }
    }

    /** Its constructor throws a checked exception. */
    public static final class Refusing extends Base {
        public Refusing() throws java.io.IOException {
            if (refuse) {
                throw new java.io.IOException("refused");
            }
        }

        static boolean refuse;
    }

    @Test
    void anInterfaceExtendingMarshallableRegistersForItsArrays() {
        Blit blit = Blit.builder().register(Message.class, 100).register(Ping.class, 101).build();
        Ping p = new Ping();
        p.x = 7;
        Message[] back = (Message[]) blit.fromBytes(blit.toBytes(new Message[] {p}));
        assertEquals(7, ((Ping) back[0]).x);
    }

    @Test
    void anAbstractMarshallablesIdAndACheckedExceptionOfAConstructorSayWhere() throws Exception {
        Blit blit = Blit.builder().register(Base.class, 100).register(Refusing.class, 101).build();
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(new byte[] {100, 1, 0, 0, 0}));
        assertTrue(e.getMessage().startsWith("type id 100 at offset 0 is " + Base.class.getName() + ", registered with this"
                + " Blit instance as an interface or abstract class"), e.getMessage());
        byte[] bytes = blit.toBytes(new Refusing());
        Refusing.refuse = true;
        try {
            e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
            assertEquals("constructing " + Refusing.class.getName() + " from the content at offset 1 failed:"
                    + " java.io.IOException: refused", e.getMessage());
            assertInstanceOf(java.io.IOException.class, e.getCause());
        } finally {
            Refusing.refuse = false;
        }
    }

    @Test
    void aUserSerializersExceptionDeepInAGeneratedClassIsABlitException() {
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = blit(references);
            byte[] bytes = blit.toBytes(List.of("first", reading("cold", 1, -300, 1, 2)));
            BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
            assertTrue(e.getMessage().startsWith("reading failed at offset "), e.getMessage());
            assertTrue(e.getMessage().contains("java.lang.IllegalStateException: below absolute zero: -300.0 (thrown in "
                    + UserCodeFailureTest.class.getName() + "$1.read)"), e.getMessage());
            assertInstanceOf(IllegalStateException.class, e.getCause());
            // Read into an existing object, and from a stream, alike.
            assertThrows(BlitException.class, () -> blit.readInto(ReadBuffer.of(bytes), new ArrayList<>()));
            assertThrows(BlitException.class, () -> blit.read(new java.io.ByteArrayInputStream(bytes)));
        }
    }

    @Test
    void aLogRecordWhoseClassRefusesItNamesTheRecord(@TempDir Path dir) {
        Blit blit = blit(true);
        try (BlitLog log = BlitLog.open(dir.resolve("log"), blit)) {
            log.append(reading("fine", 1, 20, 1, 2));
            log.append(new Counted(-5));
            assertEquals("fine", ((Reading) log.read(0)).name);
            BlitException e = assertThrows(BlitException.class, () -> log.read(1));
            assertTrue(e.getMessage().startsWith("record 1 "), e.getMessage());
            assertTrue(e.getMessage().contains("count -5 < 0"), e.getMessage());
        }
    }

    /** Every one-byte change of a message of these classes is read or refused with a BlitException, nothing else. */
    @Test
    void damagedBytesNeverEscapeAsTheUsersExceptions() {
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = blit(references);
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                values.add(reading("r" + i, i + 1, 10 * i, i, i + 2));
                values.add(new Counted(i));
            }
            byte[] bytes = blit.toBytes(values);
            int[] refused = new int[1];
            for (int at = 0; at < bytes.length; at++) {
                for (int change : new int[] {0x80, 0xff, 0x01, 0x7f}) {
                    byte[] damaged = bytes.clone();
                    damaged[at] ^= (byte) change;
                    try {
                        blit.fromBytes(damaged);
                    } catch (BlitException e) {
                        if (e.getCause() instanceof IllegalArgumentException || e.getCause() instanceof IllegalStateException) {
                            refused[0]++;
                        }
                    } catch (RuntimeException | Error e) {
                        fail("byte " + at + " ^ " + change + ": " + e, e);
                    }
                }
            }
            assertTrue(refused[0] > 10, "the classes' own checks refused only " + refused[0] + " damaged copies");
        }
    }

    /** Reads a document and, finding it empty, throws a checked exception the compiler never saw (Lombok's @SneakyThrows, Kotlin). */
    public static final class Document implements Marshallable {
        String text = "";

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeString(text);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            text = in.readString();
            if (text.isEmpty()) {
                throw UserCodeFailureTest.<RuntimeException>sneaky(new java.io.IOException("empty document"));
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static <E extends Throwable> E sneaky(Throwable e) throws E {
        throw (E) e;
    }

    @Test
    void aCheckedExceptionThrownUndeclaredByReadingCodeIsABlitExceptionToo() {
        Blit blit = Blit.builder().register(Document.class, 100).build();
        byte[] bytes = blit.toBytes(new Document());
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
        assertInstanceOf(java.io.IOException.class, e.getCause());
        assertTrue(e.getMessage().contains("empty document") && e.getMessage().contains("offset"), e.getMessage());
    }

    @Test
    void writingHandsTheUsersOwnExceptionBackAndLeavesTheBufferAsItWas() {
        Blit blit = blit(false);
        WriteBuffer out = new WriteBuffer();
        blit.write("before", out);
        long mark = out.position();
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> blit.write(List.of(new Unwritable()), out));
        assertSame(Unwritable.FAILURE, e);
        assertEquals(mark, out.position());
    }

    /** Refuses a version it does not know with a BlitException of its own making. */
    static final class Versioned {
    }

    static final Serializer<Versioned> VERSIONED = new Serializer<>() {
        @Override
        public void write(WriteBuffer out, Versioned v) {
            out.writeByte(9);
        }

        @Override
        public Versioned read(ReadBuffer in) {
            int version = in.readByte();
            if (version != 1) {
                throw new BlitException("unsupported version " + version);
            }
            return new Versioned();
        }
    };

    @Test
    void aBlitExceptionOfTheReadingCodesOwnIsReportedAsAnyOtherOfItsExceptions() {
        Blit blit = Blit.builder().register(Versioned.class, 100, VERSIONED).build();
        byte[] bytes = blit.toBytes(List.of("pad", new Versioned()));
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
        assertEquals("reading failed at offset 9: dev.blit.BlitException: unsupported version 9 (thrown in "
                + UserCodeFailureTest.class.getName() + "$2.read)", e.getMessage());
        assertEquals("unsupported version 9", e.getCause().getMessage());
        // Blit's own, from a read the serializer asked for, comes as it is.
        BlitException truncated = assertThrows(BlitException.class,
                () -> blit.fromBytes(java.util.Arrays.copyOf(bytes, bytes.length - 1)));
        assertEquals(null, truncated.getCause(), truncated.getMessage());
    }

    /** Writes an int, or, when told to, fails with a checked exception the compiler never saw (Lombok's @SneakyThrows). */
    static final class Sneaky {
        static boolean fail;
        final int v;

        Sneaky(int v) {
            this.v = v;
        }
    }

    static final Serializer<Sneaky> SNEAKY = new Serializer<>() {
        @Override
        public void write(WriteBuffer out, Sneaky s) {
            if (Sneaky.fail) {
                throw UserCodeFailureTest.<RuntimeException>sneaky(new java.io.IOException("checked"));
            }
            out.writeInt(s.v);
        }

        @Override
        public Sneaky read(ReadBuffer in) {
            return new Sneaky(in.readInt());
        }
    };

    /** The value past the 8 KiB staging area, so that part of it has left for the file or ByteBuffer when it fails. */
    @Test
    void aCheckedExceptionThrownUndeclaredByWritingCodeLeavesNothingBehind(@TempDir Path dir) throws Exception {
        Blit blit = Blit.builder().register(Sneaky.class, 100, SNEAKY).build();
        Object big = List.of("x".repeat(30000), new Sneaky(2));
        Path file = dir.resolve("f.bin");
        try {
            try (dev.blit.log.ObjectFile.Writer w = dev.blit.log.ObjectFile.writer(file, blit)) {
                w.write(new Sneaky(1));
                Sneaky.fail = true;
                Exception e = assertThrows(Exception.class, () -> w.write(big));
                assertInstanceOf(java.io.IOException.class, e);
                Sneaky.fail = false;
                w.write(new Sneaky(3));
            }
            List<Object> back = new ArrayList<>();
            try (dev.blit.log.ObjectFile.Reader r = dev.blit.log.ObjectFile.reader(file, blit)) {
                r.forEach(back::add);
            }
            assertEquals(2, back.size(), back.toString());
            assertEquals(3, ((Sneaky) back.get(1)).v);
            java.nio.ByteBuffer target = java.nio.ByteBuffer.allocate(100_000).position(7);
            Sneaky.fail = true;
            assertInstanceOf(java.io.IOException.class, assertThrows(Exception.class, () -> blit.write(big, target)));
            assertEquals(7, target.position());
        } finally {
            Sneaky.fail = false;
        }
    }

    /** Writes its payload, or null when the payload cannot be written: it catches the failure and goes on. */
    static final class Attachment {
        final Object payload;

        Attachment(Object payload) {
            this.payload = payload;
        }
    }

    static final class Unregistered {
    }

    static final Serializer<Attachment> FORGIVING = new Serializer<>() {
        @Override
        public void write(WriteBuffer out, Attachment a) {
            try {
                out.writeObject(a.payload);
            } catch (BlitException e) {
                out.writeObject(null);
            }
        }

        @Override
        public Attachment read(ReadBuffer in) {
            return new Attachment(in.readObject());
        }
    };

    /**
     * A nested value that fails halfway leaves its bytes and reference numbers in the message; a serializer that
     * catches that and goes on made bytes that read back as garbage. The whole value fails instead.
     */
    @Test
    void aSerializerThatSwallowsAFailedNestedWriteFailsTheWholeValue() {
        for (boolean references : new boolean[] {false, true}) {
            Blit blit = Blit.builder().references(references).register(Attachment.class, 100, FORGIVING).build();
            Object value = List.of(new Attachment(new ArrayList<>(List.of("abc", new Unregistered()))), "after");
            BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(value));
            assertTrue(e.getMessage().contains("caught the exception and went on"), e.getMessage());
            WriteBuffer out = new WriteBuffer();
            blit.write("before", out);
            long mark = out.position();
            assertThrows(BlitException.class, () -> blit.write(value, out));
            assertEquals(mark, out.position(), "nothing of the value stays");
            // Failing before it wrote anything, the nested value leaves nothing to undo: that is fine.
            Attachment direct = (Attachment) ((List<?>) blit.fromBytes(blit.toBytes(
                    List.of(new Attachment(new Unregistered()), "after")))).get(0);
            assertEquals(null, direct.payload);
        }
    }
}
