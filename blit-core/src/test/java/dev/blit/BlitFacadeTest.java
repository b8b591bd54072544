package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlitFacadeTest {

    /** A hand-written seed object, the article's shape. */
    static final class Seed implements Marshallable {
        long sourceId;
        boolean special;
        int orderCode;
        int priority;
        double[] prices;
        long[] quantities;
        Object note;

        Seed() {
        }

        static Seed sample() {
            Seed s = new Seed();
            s.sourceId = 1010L;
            s.special = true;
            s.orderCode = 777;
            s.priority = 99;
            s.prices = new double[]{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0};
            s.quantities = new long[]{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
            s.note = "hello";
            return s;
        }

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeLong(sourceId);
            out.writeBoolean(special);
            out.writeInt(orderCode);
            out.writeInt(priority);
            out.writeDoubleArray(prices);
            out.writeLongArray(quantities);
            out.writeObject(note);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            sourceId = in.readLong();
            special = in.readBoolean();
            orderCode = in.readInt();
            priority = in.readInt();
            prices = in.readDoubleArray();
            quantities = in.readLongArray();
            note = in.readObject();
        }

        void assertSameAs(Seed o) {
            assertEquals(sourceId, o.sourceId);
            assertEquals(special, o.special);
            assertEquals(orderCode, o.orderCode);
            assertEquals(priority, o.priority);
            assertArrayEquals(prices, o.prices);
            assertArrayEquals(quantities, o.quantities);
            assertEquals(note, o.note);
        }
    }

    /** Holds another node, to make chains and cycles by hand. */
    static final class Node implements Marshallable {
        Object next;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeObject(next);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            next = in.readObject();
        }
    }

    static final class NotRegistered {
    }

    private final Blit blit = Blit.builder().register(Seed.class, 100).register(Node.class, 101).build();

    @Test
    void toStringShowsTheOptionsRegistrationsPatternsAndLimits() {
        assertEquals("Blit[references=false, compatible=false, flat=true, 2 classes registered: 100 " + Seed.class.getName()
                + ", 101 " + Node.class.getName() + ", maxDepth=2048, maxLength=100000000, maxAllocationPerRead=268435456]",
                blit.toString());
        Blit.Builder many = Blit.builder().references(true).compatible(true).maxDepth(50).maxLength(7)
                .maxAllocationPerRead(1000).allowClassNames("com.acme.**", "org.example.Point");
        Class<?>[] types = {Seed.class, Node.class, NotRegistered.class, A.class, B.class, C.class, D.class, E.class, F.class,
                G.class};
        for (int i = 0; i < types.length; i++) {
            many.register(types[i], 200 + i);
        }
        String s = many.build().toString();
        assertTrue(s.startsWith("Blit[references=true, compatible=true, flat=true, 10 classes registered: 200 "
                + Seed.class.getName() + ", 201 "), s);
        assertTrue(s.contains(", 207 " + E.class.getName() + ", ..., allowClassNames [com.acme.**, org.example.Point], "
                + "maxDepth=50, maxLength=7, maxAllocationPerRead=1000]"), s);
        assertEquals("Blit[references=false, compatible=false, flat=false, 0 classes registered, maxDepth=2048, "
                + "maxLength=100000000, maxAllocationPerRead=268435456]", Blit.builder().flat(false).build().toString());
    }

    /**
     * A serializer taken from {@code serializerOf} and called on a bare buffer (Kryo's {@code writeObject} habit)
     * fails saying what to call, not only that the buffer has no Blit behind it.
     */
    @Test
    void aSerializerCalledOutsideBlitSaysToCallBlit() {
        Blit tagged = Blit.builder().register(Tagged.class, 150).build();
        @SuppressWarnings("unchecked")
        Serializer<Object> serializer = (Serializer<Object>) tagged.serializerOf(Tagged.class);
        Tagged t = new Tagged("x", List.of("a", "b"));
        BlitException w = assertThrows(BlitException.class, () -> serializer.write(new WriteBuffer(), t));
        assertTrue(w.getMessage().contains("writes inside Blit.write(value, out)"), w.getMessage());
        byte[] bytes = tagged.toBytes(t);
        BlitException r = assertThrows(BlitException.class,
                () -> serializer.read(ReadBuffer.of(bytes, 2, bytes.length - 2))); // past the tag, 2 bytes (150)
        assertTrue(r.getMessage().contains("reads inside Blit.read(in)"), r.getMessage());
    }

    record Tagged(String name, List<String> tags) {
    }

    /** Writes an {@link A} by hand; two instances of it are two different serializers. */
    static final class OwnA implements Serializer<A> {
        @Override
        public void write(WriteBuffer out, A value) {
            out.writeVarInt(value.x);
        }

        @Override
        public A read(ReadBuffer in) {
            A a = new A();
            a.x = in.readVarInt();
            return a;
        }
    }

    /**
     * The same registration twice (two parts of an application registering a class they share) counts once; a
     * class under two ids, two classes under one id, or one class under one id with two serializers is refused,
     * saying which.
     */
    @Test
    void aRepeatedRegistrationCountsOnceAndAConflictingOneIsRefused() {
        OwnA own = new OwnA();
        Blit twice = Blit.builder().register(A.class, 150, own).register(B.class, 151).register(A.class, 150, own)
                .register(B.class, 151).build();
        assertTrue(twice.toString().contains("2 classes registered: 150 " + A.class.getName() + ", 151 "
                + B.class.getName() + ","), twice.toString());
        A a = new A();
        a.x = 7;
        assertEquals(7, ((A) twice.fromBytes(twice.toBytes(a))).x);
        String[][] conflicts = {
                {"ids", A.class.getName() + " is registered twice (ids 150 and 160)"},
                {"classes", "id 150 is taken by " + A.class.getName() + "; cannot register " + B.class.getName()
                        + " under it too"},
                {"serializers", A.class.getName() + " is registered twice under id 150, with different serializers"},
                {"generated", A.class.getName() + " is registered twice under id 150, with different serializers"},
        };
        for (String[] c : conflicts) {
            Blit.Builder b = Blit.builder().register(A.class, 150, own);
            switch (c[0]) {
                case "ids" -> b.register(A.class, 160, own);
                case "classes" -> b.register(B.class, 150);
                case "serializers" -> b.register(A.class, 150, new OwnA());
                default -> b.register(A.class, 150);
            }
            BlitException e = assertThrows(BlitException.class, b::build, c[0]);
            assertEquals(c[1], e.getMessage(), c[0]);
        }
    }

    static final class A { int x; }
    static final class B { int x; }
    static final class C { int x; }
    static final class D { int x; }
    static final class E { int x; }
    static final class F { int x; }
    static final class G { int x; }

    @Test
    void nullIsOneByte() {
        assertArrayEquals(new byte[]{0}, blit.toBytes(null));
        assertNull(blit.fromBytes(new byte[]{0}));
    }

    @Test
    void marshallableRoundTripsWithExactLength() {
        Seed seed = Seed.sample();
        byte[] bytes = blit.toBytes(seed);
        // tag 100 (1) + long 8 + bool 1 + 2 ints 8 + double[] (1 + 80) + long[] (1 + 80) + "hello" (tag 1 + header 1 + 5)
        assertEquals(1 + 8 + 1 + 8 + 81 + 81 + 7, bytes.length);
        Seed back = blit.fromBytes(bytes, Seed.class);
        seed.assertSameAs(back);
    }

    @Test
    void everyBackendReadsWhatAnyOtherWrote() {
        Seed seed = Seed.sample();
        byte[] expected = blit.toBytes(seed);

        ByteBuffer direct = ByteBuffer.allocateDirect(512);
        blit.write(seed, direct);
        assertEquals(expected.length, direct.position());
        direct.flip();
        ((Seed) blit.read(direct)).assertSameAs(seed);
        assertEquals(expected.length, direct.position());

        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        blit.write(seed, stream);
        assertArrayEquals(expected, stream.toByteArray());
        ((Seed) blit.read(new ByteArrayInputStream(stream.toByteArray()))).assertSameAs(seed);

        byte[] region = new byte[expected.length + 10];
        WriteBuffer fixed = WriteBuffer.wrap(region, 5, expected.length);
        blit.write(seed, fixed);
        ((Seed) blit.read(ReadBuffer.of(region, 5, expected.length))).assertSameAs(seed);
    }

    @Test
    void manyValuesStreamThroughOneBuffer() {
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        WriteBuffer out = WriteBuffer.to(stream);
        for (int i = 0; i < 1000; i++) {
            blit.write(i % 3 == 0 ? Seed.sample() : "value " + i, out);
        }
        out.flush();
        ReadBuffer in = ReadBuffer.of(new ByteArrayInputStream(stream.toByteArray()));
        for (int i = 0; i < 1000; i++) {
            Object v = blit.read(in);
            if (i % 3 == 0) {
                ((Seed) v).assertSameAs(Seed.sample());
            } else {
                assertEquals("value " + i, v);
            }
        }
        assertTrue(in.isExhausted());
    }

    @Test
    void wrongExpectedTypeIsABlitException() {
        byte[] bytes = blit.toBytes("text");
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes, Integer.class));
        assertTrue(e.getMessage().contains("java.lang.Integer") && e.getMessage().contains("at offset 0"), e.getMessage());
        assertEquals(5, blit.fromBytes(blit.toBytes(5), int.class));
        WriteBuffer out = new WriteBuffer();
        blit.write(5, out);
        long second = out.position();
        blit.write("text", out);
        ReadBuffer in = ReadBuffer.of(out.array(), 0, (int) out.position());
        assertEquals(5, blit.read(in, Integer.class));
        BlitException e2 = assertThrows(BlitException.class, () -> blit.read(in, Integer.class));
        assertTrue(e2.getMessage().contains("at offset " + second), e2.getMessage());
    }

    @Test
    void unregisteredClassNamesTheClassAndTheCallToAdd() {
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(new NotRegistered()));
        assertTrue(e.getMessage().contains("NotRegistered"), e.getMessage());
        assertTrue(e.getMessage().contains("register("), e.getMessage());
    }

    /** An anonymous class without an enclosing instance. */
    private static Runnable staticAnonymous() {
        return new Runnable() {
            @Override
            public void run() {
            }
        };
    }

    @Test
    void anonymousClassesAreRefusedByName() {
        Runnable r = new Runnable() {
            @Override
            public void run() {
            }
        };
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(r));
        assertTrue(e.getMessage().contains("anonymous class") && e.getMessage().contains("(a java.lang.Runnable)")
                && e.getMessage().contains("make it a named class"), e.getMessage());
        // it said no source could name the class to register it; an instance's getClass() can, as README allows
        assertTrue(e.getMessage().contains("or register it through an instance of it, register(instance.getClass(), id)")
                && !e.getMessage().contains("no source code can name it"), e.getMessage());
        Runnable fromStatic = staticAnonymous();
        Blit withAnonymous = Blit.builder().register(fromStatic.getClass(), 100).build();
        assertEquals(fromStatic.getClass(), withAnonymous.fromBytes(withAnonymous.toBytes(fromStatic)).getClass());
        // double-brace initialization: the message says so, rather than suggest register(BlitFacadeTest.1.class, id)
        java.util.Map<String, Integer> doubleBrace = new java.util.HashMap<>() {
            {
                put("a", 1);
            }
        };
        BlitException d = assertThrows(BlitException.class, () -> blit.toBytes(doubleBrace));
        assertTrue(d.getMessage().contains("(a java.util.HashMap)") && d.getMessage().contains("fill a plain new HashMap<>()")
                && !d.getMessage().contains(".1.class"), d.getMessage());
        class Local {
        }
        BlitException l = assertThrows(BlitException.class, () -> blit.toBytes(new Local()));
        assertTrue(l.getMessage().contains("local class") && l.getMessage().contains("register(Local.class, id)"),
                l.getMessage());
    }

    @Test
    void aPrimitiveTypeHasNoSerializerAndTheMessageSaysWhichBoxHasOne() {
        BlitException e = assertThrows(BlitException.class, () -> blit.serializerOf(int.class));
        assertTrue(e.getMessage().contains("written as its box, a java.lang.Integer") && !e.getMessage().contains("register(int"),
                e.getMessage()); // it advised register(int.class, id), which build() refuses
        assertTrue(blit.serializerOf(Integer.class) != null);
    }

    @Test
    void unknownIdOnReadIsABlitExceptionWithOffset() {
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(new byte[]{(byte) 0xC7, 0x01}));
        assertTrue(e.getMessage().contains("unknown type id 199"), e.getMessage());
        assertTrue(e.getMessage().contains("offset 0"), e.getMessage());
        // An id past 2^31 is a varint's unsigned value, not a negative number
        BlitException big = assertThrows(BlitException.class,
                () -> blit.fromBytes(new byte[]{(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x0F}));
        assertTrue(big.getMessage().contains("unknown type id 4294967295 at offset 0"), big.getMessage());
    }

    @Test
    void idsBelowOneHundredAreReserved() {
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(Seed.class, 99).build());
        assertTrue(e.getMessage().contains("reserved"), e.getMessage());
    }

    @Test
    void duplicateIdsAreRefused() {
        assertThrows(BlitException.class, () -> Blit.builder().register(Seed.class, 100).register(Node.class, 100).build());
    }

    @Test
    void trailingBytesAreRejected() {
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(new byte[]{0, 0}));
        assertTrue(e.getMessage().contains("trailing"), e.getMessage());
    }

    @Test
    void cycleWithReferencesOffHitsTheDepthGuard() {
        Node a = new Node();
        a.next = a;
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(a));
        assertTrue(e.getMessage().contains("maxDepth"), e.getMessage());
    }

    @Test
    void cycleWithReferencesOnComesBackAsACycle() {
        Blit refs = Blit.builder().register(Node.class, 101).references(true).build();
        Node a = new Node();
        Node b = new Node();
        a.next = b;
        b.next = a;
        Node back = (Node) refs.fromBytes(refs.toBytes(a));
        assertSame(back, ((Node) back.next).next);
    }

    @Test
    void backReferenceWithReferencesOffIsRejected() {
        Blit refs = Blit.builder().register(Node.class, 101).references(true).build();
        Node a = new Node();
        a.next = a;
        byte[] bytes = refs.toBytes(a);
        assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
    }

    @Test
    void deepChainsRoundTripAndTooDeepIsABlitException() {
        Node head = new Node();
        Node n = head;
        for (int i = 0; i < 1000; i++) {
            Node next = new Node();
            n.next = next;
            n = next;
        }
        Node back = (Node) blit.fromBytes(blit.toBytes(head));
        int depth = 0;
        for (Object x = back; x != null; x = ((Node) x).next) {
            depth++;
        }
        assertEquals(1001, depth);
        Blit shallow = Blit.builder().register(Node.class, 101).maxDepth(100).build();
        assertThrows(BlitException.class, () -> shallow.toBytes(head));
        byte[] deep = blit.toBytes(head);
        assertThrows(BlitException.class, () -> shallow.fromBytes(deep));
    }

    @Test
    void hostileNestingCannotOverflowTheStack() {
        // 100,000 nested Nodes claimed by 200,000 bytes: the depth guard stops it long before the stack ends.
        byte[] bytes = new byte[200_000];
        for (int i = 0; i < bytes.length; i += 1) {
            bytes[i] = 101;
        }
        assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
        Blit unguarded = Blit.builder().register(Node.class, 101).maxDepth(Integer.MAX_VALUE).build();
        assertThrows(BlitException.class, () -> unguarded.fromBytes(bytes));
    }

    @Test
    void eachMessageOnAReusedBufferStandsAlone() {
        Blit refs = Blit.builder().register(Node.class, 101).references(true).build();
        Node shared = new Node();
        WriteBuffer out = new WriteBuffer();
        refs.write(shared, out);
        long first = out.position();
        refs.write(shared, out); // must not become a back reference into the first message
        assertEquals(first * 2, out.position());
        ReadBuffer in = ReadBuffer.of(out.array(), 0, (int) out.position());
        Object a = refs.read(in);
        Object b = refs.read(in);
        assertTrue(a instanceof Node && b instanceof Node && a != b);
    }

    @Test
    void aReadBufferResetToNewBytesReadsThemFromOffsetZero() {
        byte[] one = blit.toBytes("one");
        byte[] two = blit.toBytes(Seed.sample());
        ReadBuffer in = ReadBuffer.of(one);
        assertEquals("one", blit.read(in));
        ((Seed) blit.read(in.reset(two, 0, two.length))).assertSameAs(Seed.sample());
        assertEquals(two.length, in.offset());
        BlitException e = assertThrows(BlitException.class, () -> blit.read(in.reset(two, 0, 3)));
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
        assertThrows(BlitException.class, () -> ReadBuffer.of(new ByteArrayInputStream(one)).reset(two, 0, 1));
    }

    @Test
    void twoInstancesCanTakeTurnsOnOneBuffer() {
        Blit other = Blit.builder().register(Node.class, 100).build(); // Node under another id
        WriteBuffer out = new WriteBuffer();
        blit.write(new Node(), out);
        other.write(new Node(), out);
        blit.write(new Node(), out);
        byte[] bytes = out.toByteArray();
        assertEquals(101, bytes[0]);
        assertEquals(100, bytes[2]);
        assertEquals(101, bytes[4]);
    }

    @Test
    void anInstanceTakingOverABufferKeepsItsSessionThereForItsNextCalls() {
        Blit other = Blit.builder().register(Node.class, 100).build();
        WriteBuffer out = new WriteBuffer();
        blit.write(new Node(), out);
        Object first = out.objects();
        other.write(new Node(), out);
        Object session = out.objects();
        assertNotSame(first, session, "the instance that wrote last leaves its own session on the buffer");
        other.write(new Node(), out);
        assertSame(session, out.objects(), "and reuses it for its next write");
        ReadBuffer in = ReadBuffer.of(out.array(), 0, (int) out.position());
        blit.read(in);
        Object firstRead = in.objects();
        other.read(in);
        Object readSession = in.objects();
        assertNotSame(firstRead, readSession, "the instance that read last leaves its own session on the buffer");
        other.read(in);
        assertSame(readSession, in.objects(), "and reuses it for its next read");
    }

    @Test
    void twoInstancesTakingTurnsOnOneBufferEachKeepTheirSession() {
        Blit other = Blit.builder().register(Node.class, 100).build();
        WriteBuffer out = new WriteBuffer();
        blit.write(new Node(), out);
        Object mine = out.objects();
        other.write(new Node(), out);
        Object theirs = out.objects();
        for (int i = 0; i < 3; i++) {
            blit.write(new Node(), out);
            assertSame(mine, out.objects(), "write " + i + ": the first instance finds its session again");
            other.write(new Node(), out);
            assertSame(theirs, out.objects(), "write " + i + ": and so does the second");
        }
        ReadBuffer in = ReadBuffer.of(out.array(), 0, (int) out.position());
        blit.read(in);
        Object myRead = in.objects();
        other.read(in);
        Object theirRead = in.objects();
        for (int i = 0; i < 3; i++) {
            assertNotNull(blit.read(in));
            assertSame(myRead, in.objects(), "read " + i + ": the first instance finds its session again");
            assertNotNull(other.read(in));
            assertSame(theirRead, in.objects(), "read " + i + ": and so does the second");
        }
        assertTrue(in.isExhausted(), "all eight values read back");
        // A third instance displaces the spare: the buffer keeps two sessions at most.
        Blit third = Blit.builder().register(Node.class, 100).build();
        third.write(new Node(), out);
        blit.write(new Node(), out);
        assertNotSame(mine, out.objects(), "the first instance's session was dropped when a third took its place");
    }

    /**
     * writeObject and readObject work only inside a Blit call, also on a buffer a Blit call used before: its idle
     * session there took them once, and the objects they numbered leaked into the next message's references.
     */
    @Test
    void writeObjectAndReadObjectRefuseOnceTheBlitCallOnTheBufferHasEnded() {
        Blit refs = Blit.builder().references(true).build();
        WriteBuffer out = new WriteBuffer();
        refs.write("first", out);
        List<Object> shared = new ArrayList<>(List.of("s"));
        BlitException w = assertThrows(BlitException.class, () -> out.writeObject(shared));
        assertTrue(w.getMessage().contains("not being written by a Blit instance"), w.getMessage());
        assertThrows(BlitException.class, () -> dev.blit.internal.WriteSession.of(out));
        refs.write(new ArrayList<>(List.of(shared, shared)), out);
        ReadBuffer in = ReadBuffer.of(out.toByteArray());
        assertEquals("first", refs.read(in));
        assertThrows(BlitException.class, in::readObject);
        assertThrows(BlitException.class, () -> dev.blit.internal.ReadSession.of(in));
        in.reference("nothing to number outside a read"); // a no-op, as on a buffer Blit never read
        assertEquals(List.of(List.of("s"), List.of("s")), refs.read(in));
        assertTrue(in.isExhausted());
    }

    /** Its content is its payload as a byte array made by a nested toBytes of the same instance (and read back with fromBytes). */
    static final class Sealed implements Marshallable {
        static Blit self;
        Object payload;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeByteArray(self.toBytes(payload));
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            payload = self.fromBytes(in.readByteArray());
        }
    }

    @Test
    void toBytesAndFromBytesNestedInThemselvesFailingOrHugeStillGiveExactBytes() {
        Blit b = Blit.builder().register(Sealed.class, 102).register(Seed.class, 100).build();
        Sealed.self = b;
        Seed seed = Seed.sample();
        byte[] plain = b.toBytes(seed);
        Sealed sealed = new Sealed();
        sealed.payload = seed;
        byte[] nested = b.toBytes(sealed);
        assertArrayEquals(plain, b.toBytes(seed), "after a nested toBytes");
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(nested, b.toBytes(sealed), "nested toBytes, round " + i);
            ((Seed) b.fromBytes(nested, Sealed.class).payload).assertSameAs(seed);
            b.fromBytes(plain, Seed.class).assertSameAs(seed);
        }
        // A failure in the middle of a value (an unregistered class) leaves nothing behind for the next call.
        assertThrows(BlitException.class, () -> b.toBytes(List.of(seed, new Object())));
        assertArrayEquals(plain, b.toBytes(seed), "after a failed toBytes");
        byte[] truncated = java.util.Arrays.copyOf(plain, plain.length - 1);
        assertThrows(BlitException.class, () -> b.fromBytes(truncated));
        byte[] trailing = java.util.Arrays.copyOf(plain, plain.length + 1);
        assertThrows(BlitException.class, () -> b.fromBytes(trailing));
        b.fromBytes(plain, Seed.class).assertSameAs(seed);
        // A value far larger than the buffer the next calls may keep, then a small one again.
        byte[] big = new byte[1 << 20];
        big[12345] = 7;
        assertArrayEquals(big, b.fromBytes(b.toBytes(big), byte[].class));
        assertArrayEquals(plain, b.toBytes(seed), "after a huge value");
        b.fromBytes(plain, Seed.class).assertSameAs(seed);
    }

    /** Writes its payload with a second, nested Blit.write on the same buffer. */
    static final class Envelope implements Marshallable {
        static Blit inner;
        Object payload;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            inner.write(payload, out);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            payload = inner.read(in);
        }
    }

    @Test
    void aNestedWriteThroughTheSameBufferGetsItsOwnSession() {
        Envelope.inner = blit;
        Blit outer = Blit.builder().register(Envelope.class, 102).register(Seed.class, 100).build();
        Envelope e = new Envelope();
        e.payload = Seed.sample();
        WriteBuffer out = new WriteBuffer();
        outer.write(e, out);
        outer.write(e, out);
        ReadBuffer in = ReadBuffer.of(out.array(), 0, (int) out.position());
        ((Seed) ((Envelope) outer.read(in)).payload).assertSameAs(Seed.sample());
        ((Seed) ((Envelope) outer.read(in)).payload).assertSameAs(Seed.sample());
    }

    static Envelope links(int n) {
        Envelope top = null;
        for (int i = 0; i < n; i++) {
            Envelope l = new Envelope();
            l.payload = top;
            top = l;
        }
        return top;
    }

    @Test
    void maxDepthBoundsTheNestingThroughNestedWriteAndReadCalls() {
        // Each nested call started at depth 0: with maxDepth(10), 500 levels were written and read.
        Blit shallow = Blit.builder().references(true).maxDepth(10).register(Envelope.class, 100).register(Seed.class, 101).build();
        Blit deep = Blit.builder().references(true).register(Envelope.class, 100).register(Seed.class, 101).build();
        try {
            Envelope.inner = shallow;
            Envelope few = links(5);
            Envelope back = shallow.fromBytes(shallow.toBytes(few), Envelope.class);
            for (int i = 1; i < 5; i++) {
                back = (Envelope) back.payload;
            }
            assertNull(back.payload);
            BlitException w = assertThrows(BlitException.class, () -> shallow.toBytes(links(500)));
            assertTrue(w.getMessage().contains("deeper than maxDepth 10"), w.getMessage());

            Envelope.inner = deep;
            byte[] bytes = deep.toBytes(links(500));
            Envelope.inner = shallow;
            BlitException r = assertThrows(BlitException.class, () -> shallow.fromBytes(bytes));
            assertTrue(r.getMessage().contains("deeper than maxDepth 10"), r.getMessage());

            // A nested call is a message of its own: what it shares with the outer value comes back as a copy.
            Seed shared = Seed.sample();
            Envelope holder = new Envelope();
            holder.payload = shared;
            Object[] pair = shallow.fromBytes(shallow.toBytes(new Object[] {shared, holder}), Object[].class);
            ((Seed) pair[0]).assertSameAs(shared);
            assertNotSame(pair[0], ((Envelope) pair[1]).payload);
        } finally {
            Envelope.inner = null;
        }
    }

    @Test
    void oneInstanceServesEightThreads() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                final int id = t;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 2000; i++) {
                        Seed s = Seed.sample();
                        s.sourceId = id * 100_000L + i;
                        Seed back = (Seed) blit.fromBytes(blit.toBytes(s));
                        s.assertSameAs(back);
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    enum Op {
        PLUS {
            @Override
            int apply(int a, int b) {
                return a + b;
            }
        },
        MINUS {
            @Override
            int apply(int a, int b) {
                return a - b;
            }
        };

        abstract int apply(int a, int b);
    }

    /**
     * What a Kryo user registers for an enum whose constants have bodies: each constant's class. Blit writes a
     * constant as its enum; such a registration took the constant over through Enum's java.io hooks, so build()
     * accepted it and every value written with it failed to read ("can't deserialize enum").
     */
    @Test
    void theClassOfAnEnumConstantWithABodyIsRefusedInFavourOfItsEnum() {
        BlitException e = assertThrows(BlitException.class,
                () -> Blit.builder().register(Op.class, 100).register(Op.PLUS.getClass(), 101).build());
        assertTrue(e.getMessage().contains("is the class of a constant of " + Op.class.getName())
                && e.getMessage().contains("register the enum"), e.getMessage());
        Blit blit = Blit.builder().register(Op.class, 100).build();
        assertSame(Op.MINUS, blit.fromBytes(blit.toBytes(Op.MINUS)));
    }

    enum Side { BUY, SELL, SHORT, COVER, HOLD }

    private static final String MAY = "; the bytes may have been written with other settings (compatible, flat,"
            + " references) or other registrations than this Blit's";

    /**
     * Bytes of a Blit built otherwise meet refusals that used to name one setting as the difference: compatible
     * bytes read by a schema-consistent reader with references(false) said "this Blit instance has
     * references(false); write and read with the same setting", where references were not what differed. They now
     * end by saying which settings (or registrations) may differ, never that one does.
     */
    @Test
    void refusalsAMismatchMeetsSayTheSettingsMayDifferNotWhichOne() {
        Blit compat = Blit.builder().register(Side.class, 100).compatible(true).build();
        Blit plain = Blit.builder().register(Side.class, 100).build();
        BlitException backRef = assertThrows(BlitException.class,
                () -> plain.fromBytes(compat.toBytes(new ArrayList<>(List.of(Side.BUY, Side.SELL))), Object.class));
        assertEquals("back reference at offset 4 but this Blit instance has references(false), which reads none" + MAY,
                backRef.getMessage());
        BlitException trailing = assertThrows(BlitException.class, () -> plain.fromBytes(compat.toBytes(Side.SELL)));
        assertEquals("4 trailing bytes after the value at offset 2" + MAY, trailing.getMessage());
        Blit refs = Blit.builder().register(Side.class, 100).references(true).build();
        BlitException notYet = assertThrows(BlitException.class,
                () -> refs.fromBytes(compat.toBytes(new ArrayList<>(List.of(Side.BUY, Side.SELL)))));
        assertTrue(notYet.getMessage().endsWith("objects were read so far" + MAY), notYet.getMessage());
        BlitException unknown = assertThrows(BlitException.class,
                () -> Blit.builder().build().fromBytes(plain.toBytes(Side.SELL)));
        assertEquals("unknown type id 100 at offset 0 (not a built-in type, not registered with this Blit instance)"
                + MAY, unknown.getMessage());
    }
}
