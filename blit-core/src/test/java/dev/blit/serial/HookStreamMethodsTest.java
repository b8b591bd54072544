package dev.blit.serial;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.ObjectStreamException;
import java.util.ArrayList;
import java.util.List;

import static dev.blit.RoundTrip.throughJdk;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static dev.blit.serial.HookSerializationTest.hex;

/**
 * The stream methods a hook calls behave as under {@code ObjectOutputStream}/{@code ObjectInputStream}: each
 * test runs the same hooks through JDK serialization and through Blit and expects the same outcome.
 */
class HookStreamMethodsTest {

    // ---------------------------------------------------------------- readLine

    static final class Lines implements Serializable {
        transient List<String> read;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeBytes("a\r\nb\rc\n\r\n");
            out.writeInt(7);
        }

        @SuppressWarnings("deprecation")
        private void readObject(ObjectInputStream in) throws IOException {
            read = List.of(in.readLine(), in.readLine(), in.readLine(), in.readLine(), String.valueOf(in.readInt()));
        }
    }

    @Test
    void readLineTakesCarriageReturnLineFeedAsOneLineEnd() throws Exception {
        List<String> expected = List.of("a", "b", "c", "", "7");
        assertEquals(expected, ((Lines) throughJdk(new Lines())).read);
        Blit blit = Blit.builder().register(Lines.class, 100).build();
        // 64 | 0f: 13 bytes of data, "a\r\nb\rc\n\r\n" then the int 7 | 00: end
        RoundTrip.roundTrip(blit, new Lines(), 16, (a, b) -> ((Lines) b).read.equals(expected));
    }

    // ---------------------------------------------------------------- writeUnshared / readUnshared

    static Blit withReferences(Class<?> type) {
        return Blit.builder().references(true).register(type, 100).build();
    }

    /** Writes one list unshared, then shared, then shared again; reads it back the same ways. */
    static final class UnsharedFirst implements Serializable {
        transient Object unshared;
        transient Object shared;
        transient Object sharedAgain;

        private void writeObject(ObjectOutputStream out) throws IOException {
            List<Integer> list = new ArrayList<>(List.of(1));
            out.writeUnshared(list);
            out.writeObject(list);
            out.writeObject(list);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            unshared = in.readUnshared();
            shared = in.readObject();
            sharedAgain = in.readObject();
        }

        boolean asTheJdkReadsIt() {
            return unshared.equals(List.of(1)) && shared.equals(List.of(1)) && unshared != shared
                    && shared == sharedAgain;
        }
    }

    @Test
    void anObjectWrittenUnsharedIsNeverReferredBackTo() throws Exception {
        assertTrue(((UnsharedFirst) throughJdk(new UnsharedFirst())).asTheJdkReadsIt());
        Blit blit = withReferences(UnsharedFirst.class);
        // 64 (#0) | 01 24 01 07 02: the list whole (#1, not found again) | 01 24 01 07 02: the list whole again (#2)
        // | 01 01 02: a back reference to #2 | 00: end
        assertEquals("64 01 24 01 07 02 01 24 01 07 02 01 01 02 00", hex(blit.toBytes(new UnsharedFirst())));
        RoundTrip.roundTrip(blit, new UnsharedFirst(), 15, (a, b) -> ((UnsharedFirst) b).asTheJdkReadsIt());
    }

    /** Writes one list shared, then unshared. */
    static final class UnsharedSecond implements Serializable {
        transient Object shared;
        transient Object unshared;

        private void writeObject(ObjectOutputStream out) throws IOException {
            List<Integer> list = new ArrayList<>(List.of(1));
            out.writeObject(list);
            out.writeUnshared(list);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            shared = in.readObject();
            unshared = in.readUnshared();
        }

        boolean asTheJdkReadsIt() {
            return shared.equals(List.of(1)) && unshared.equals(List.of(1)) && unshared != shared;
        }
    }

    @Test
    void anObjectWrittenUnsharedAfterItWasSharedIsWrittenWhole() throws Exception {
        assertTrue(((UnsharedSecond) throughJdk(new UnsharedSecond())).asTheJdkReadsIt());
        Blit blit = withReferences(UnsharedSecond.class);
        // 64 | 01 24 01 07 02: the list (#1) | 01 24 01 07 02: the list whole again (#2), not a back reference | 00
        assertEquals("64 01 24 01 07 02 01 24 01 07 02 00", hex(blit.toBytes(new UnsharedSecond())));
        RoundTrip.roundTrip(blit, new UnsharedSecond(), 12, (a, b) -> ((UnsharedSecond) b).asTheJdkReadsIt());
    }

    /** Writes one list twice, shared; reads it back in the order {@link #readUnsharedAt} says. */
    static final class SharedTwice implements Serializable {
        static int readUnsharedAt;

        private void writeObject(ObjectOutputStream out) throws IOException {
            List<Integer> list = new ArrayList<>(List.of(1));
            out.writeObject(list);
            out.writeObject(list);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            for (int i = 0; i < 2; i++) {
                Object ignored = i == readUnsharedAt ? in.readUnshared() : in.readObject();
            }
        }
    }

    @Test
    void aBackReferenceToAnObjectReadUnsharedIsRefused() throws Exception {
        SharedTwice.readUnsharedAt = 0;
        assertThrows(ObjectStreamException.class, () -> throughJdk(new SharedTwice()));
        Blit blit = withReferences(SharedTwice.class);
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(blit.toBytes(new SharedTwice())));
        assertTrue(e.getMessage().contains("readUnshared"), e.getMessage());
    }

    @Test
    void readUnsharedRefusesABackReference() throws Exception {
        SharedTwice.readUnsharedAt = 1;
        assertThrows(ObjectStreamException.class, () -> throughJdk(new SharedTwice()));
        Blit blit = withReferences(SharedTwice.class);
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(blit.toBytes(new SharedTwice())));
        assertTrue(e.getMessage().contains("readUnshared"), e.getMessage());
    }

    @Test
    void withReferencesOffUnsharedIsWhatEveryObjectIs() {
        Blit blit = Blit.builder().register(UnsharedFirst.class, 100).build();
        // the list whole, three times: nothing is ever a back reference
        assertEquals("64 01 24 01 07 02 01 24 01 07 02 01 24 01 07 02 00", hex(blit.toBytes(new UnsharedFirst())));
        UnsharedFirst back = (UnsharedFirst) blit.fromBytes(blit.toBytes(new UnsharedFirst()));
        assertEquals(List.of(1), back.unshared);
        assertEquals(List.of(1), back.sharedAgain);
    }

    // ---------------------------------------------------------------- registerValidation

    /** Two peers, each checking in a validation that its peer points back: only true once the whole graph is read. */
    static final class Peer implements Serializable {
        static final List<String> RAN = new ArrayList<>();
        Peer other;
        String name;
        Holder holder;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
            in.registerValidation(() -> {
                RAN.add(name);
                if (other != null && other.other != this) {
                    throw new java.io.InvalidObjectException(name + ": peer not linked back");
                }
                if (holder != null && holder.peer != this) {
                    throw new java.io.InvalidObjectException(name + ": holder not set yet");
                }
            }, 0);
            // the JDK runs them highest priority first and, among equal priorities, the last registered first
            in.registerValidation(() -> RAN.add(name + ".low"), -1);
            in.registerValidation(() -> RAN.add(name + ".high"), 5);
            in.registerValidation(() -> RAN.add(name + ".second"), 0);
        }
    }

    /** Holds a peer; its field is set only once the peer's readObject has returned. */
    static final class Holder implements Serializable {
        Peer peer;
    }

    static Peer peers() {
        Peer p = new Peer();
        Peer q = new Peer();
        p.name = "p";
        q.name = "q";
        p.other = q;
        q.other = p;
        Holder h = new Holder();
        h.peer = q;
        q.holder = h;
        return p;
    }

    @Test
    void registerValidationCallbacksRunOnceTheWholeValueIsReadInTheJdksOrder() throws Exception {
        // They ran as each object's parts were read: q checked p before p's field pointed at it, and failed.
        Peer.RAN.clear();
        Peer jdk = (Peer) throughJdk(peers());
        List<String> jdkOrder = new ArrayList<>(Peer.RAN);
        // q registers its four while p's defaultReadObject reads it, then p its own
        assertEquals(List.of("p.high", "q.high", "p.second", "p", "q.second", "q", "p.low", "q.low"), jdkOrder);
        Blit blit = Blit.builder().references(true).register(Peer.class, 100).register(Holder.class, 101).build();
        Peer.RAN.clear();
        Peer back = blit.fromBytes(blit.toBytes(peers()), Peer.class);
        assertEquals(jdkOrder, Peer.RAN);
        assertTrue(back.other.other == back && jdk.other.other == jdk);
    }

    @Test
    void aFailingValidationIsABlitExceptionNamingTheClassAndTheOffset() {
        Peer p = new Peer();
        p.name = "p";
        p.other = new Peer(); // not linked back
        p.other.name = "q";
        Blit blit = Blit.builder().references(true).register(Peer.class, 100).register(Holder.class, 101).build();
        byte[] bytes = blit.toBytes(p);
        Peer.RAN.clear();
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes));
        assertTrue(e.getMessage().contains("validating " + Peer.class.getName()) && e.getMessage().contains("at offset 1")
                && e.getMessage().contains("p: peer not linked back"), e.getMessage());
        assertTrue(e.getCause() instanceof java.io.InvalidObjectException, String.valueOf(e.getCause()));
        assertEquals(List.of("p.high", "q.high", "p.second", "p"), Peer.RAN); // none after the failure
    }

    // ---------------------------------------------------------------- OptionalDataException

    static final class ObjectAfterInt implements Serializable {
        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeInt(7);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.readObject(); // the writer wrote an int
        }
    }

    static final class ObjectAfterNothing implements Serializable {
        private void writeObject(ObjectOutputStream out) {
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.readObject(); // the writer wrote nothing
        }
    }

    @Test
    void anOptionalDataExceptionLeftToBlitIsDescribedNotNull() throws Exception {
        // JDK serialization throws it too, with no message: its eof field says which case it is
        assertThrows(java.io.OptionalDataException.class, () -> throughJdk(new ObjectAfterInt()));
        Blit blit = Blit.builder().register(ObjectAfterInt.class, 100).register(ObjectAfterNothing.class, 101).build();
        BlitException primitive = assertThrows(BlitException.class, () -> blit.fromBytes(blit.toBytes(new ObjectAfterInt())));
        assertTrue(primitive.getMessage().contains("readObject found primitive data where an object was written (OptionalDataException)"),
                primitive.getMessage());
        assertTrue(primitive.getMessage().contains("at offset "), primitive.getMessage());
        BlitException eof = assertThrows(BlitException.class, () -> blit.fromBytes(blit.toBytes(new ObjectAfterNothing())));
        assertTrue(eof.getMessage().contains("readObject found no more data written by this class's writeObject"), eof.getMessage());
    }
}
