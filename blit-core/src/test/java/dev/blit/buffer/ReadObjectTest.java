package dev.blit.buffer;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Marshallable;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link ReadBuffer#readObject(Class)} inside a {@link Marshallable}: the type check it makes. */
class ReadObjectTest {
    /** Writes its int as a tagged value and reads it back asking for {@code int.class}. */
    public static final class Box implements Marshallable {
        int v;
        Object other;

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeObject(v);
            out.writeObject(other);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            v = in.readObject(int.class);
            other = in.readObject(long.class);
        }
    }

    private final Blit blit = Blit.builder().register(Box.class, 100).build();

    /** A primitive type stands for its wrapper, as in Blit.read(buffer, int.class). */
    @Test
    void aPrimitiveTypeAcceptsItsWrapper() {
        Box b = new Box();
        b.v = 5;
        b.other = 7L;
        Box read = (Box) blit.fromBytes(blit.toBytes(b));
        assertEquals(5, read.v);
        assertEquals(7L, read.other);
        assertEquals(5, blit.fromBytes(blit.toBytes(5), int.class));

        b.other = null;
        assertNull(((Box) blit.fromBytes(blit.toBytes(b))).other, "null reads as null, as Blit.read does");
    }

    @Test
    void aValueOfAnotherTypeIsStillRefusedWithItsOffset() {
        Box b = new Box();
        b.other = 7; // an Integer where a long is expected
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(blit.toBytes(b)));
        String m = e.getMessage() + (e.getCause() != null ? " / " + e.getCause().getMessage() : "");
        assertEquals(true, m.contains("expected long at offset 3 but found java.lang.Integer"), m);
    }
}
