package dev.blit.serial;

import dev.blit.Blit;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The stream methods a hook calls behave as under {@code ObjectOutputStream}/{@code ObjectInputStream}: each
 * test runs the same hooks through JDK serialization and through Blit and expects the same outcome.
 */
class HookStreamMethodsTest {

    static Object throughJdk(Object value) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

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
}
