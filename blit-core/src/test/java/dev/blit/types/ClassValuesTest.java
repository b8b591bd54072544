package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static dev.blit.types.RoundTrip.PLAIN;
import static dev.blit.types.RoundTrip.TRACKING;
import static dev.blit.types.RoundTrip.assertEncoding;
import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.bytes;
import static dev.blit.types.RoundTrip.roundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Id 98 (FORMAT.md): a {@code Class} value is the id its class's values are written under. */
class ClassValuesTest {

    @Test
    void aClassIsItsTypeId() {
        assertEncoding("62 0b", String.class);
        assertEncoding("62 10", int[].class);
        assertEncoding("62 14", Object[].class);
        assertEncoding("62 03", Boolean.class);
        assertEncoding("62 62", Class.class);
        assertEncoding("62 64", RoundTrip.Color.class);
        assertEncoding("62 61", Timestamp.class);
        assertEncoding("62 5e", Charset.class);
        for (Class<?> c : List.of(String.class, int[].class, Object[].class, Boolean.class, Class.class, Locale.class,
                RoundTrip.Color.class, RoundTrip.Wide.class, Timestamp.class, Charset.class, Map.of().getClass())) {
            roundTrip(c, copy -> assertSame(c, copy));
        }
        List<Object> twice = new ArrayList<>(List.of(String.class, String.class));
        assertEquals(twice, TRACKING.fromBytes(TRACKING.toBytes(twice)));
    }

    @Test
    void aClassWithoutAnIdOfItsOwnIsRefusedOnWrite() {
        Blit withOp = Blit.builder().register(Op.class, 100).build();
        for (Class<?> c : List.of(int.class, String[].class, List.of(1).getClass(), Thread.class,
                StandardCharsets.UTF_8.getClass(), Op.PLUS.getClass())) {
            BlitException e = assertThrows(BlitException.class, () -> withOp.toBytes(c), c::getName);
            assertTrue(e.getMessage().contains("cannot write Class " + c.getName()), e.getMessage());
        }
        assertSame(Op.class, withOp.fromBytes(withOp.toBytes(Op.class)));
        assertSame(Op.PLUS, withOp.fromBytes(withOp.toBytes(Op.PLUS)));
    }

    /** Its constants have bodies: classes of their own, written under Op's id. */
    enum Op {
        PLUS {
            @Override
            int apply(int a, int b) {
                return a + b;
            }
        };

        abstract int apply(int a, int b);
    }

    @Test
    void anIdThatIsNotItsClasssOwnIsRejected() {
        assertTrue(assertRejected("62 02").getMessage().contains("under which java.lang.Boolean is not written"));
        assertTrue(assertRejected("62 15").getMessage().contains("under which [Ljava.lang.Object; is not written"));
        // 99, the extended ids: lambdas are read under it, but no class is written under it
        assertTrue(assertRejected("62 63").getMessage().contains("under which java.lang.invoke.SerializedLambda is not written"));
        for (String hex : List.of("62 00", "62 01", "62 45", "62 c8 01", "62 ff ff ff ff 0f")) {
            assertTrue(assertRejected(hex).getMessage().contains("which this Blit instance does not know"), hex);
        }
        assertRejected("62");
    }

    @Test
    void aBuiltInTakenOverByTheUserIsWrittenUnderTheUsersId() {
        Blit own = Blit.builder().register(Locale.class, 150, new Serializer<Locale>() {
            @Override
            public void write(WriteBuffer out, Locale value) {
                out.writeString(value.toLanguageTag());
            }

            @Override
            public Locale read(ReadBuffer in) {
                return Locale.forLanguageTag(in.readString());
            }
        }).build();
        assertEquals("62 96 01", RoundTrip.hex(own.toBytes(Locale.class)));
        assertSame(Locale.class, own.fromBytes(bytes("62 96 01")));
        BlitException e = assertThrows(BlitException.class, () -> own.fromBytes(bytes("62 46")));
        assertTrue(e.getMessage().contains("under which java.util.Locale is not written"), e.getMessage());
        assertSame(Locale.class, PLAIN.fromBytes(bytes("62 46")));
    }

    record Typed(Class<?> type, Object anything, List<Class<?>> more) {
    }

    @Test
    void aRecordWithClassFieldsRoundTripsInBothModes() {
        Typed t = new Typed(Typed.class, Integer.class, List.of(long[].class, String.class));
        for (boolean compatible : new boolean[] {false, true}) {
            Blit blit = Blit.builder().register(Typed.class, 120).compatible(compatible).build();
            assertEquals(t, blit.fromBytes(blit.toBytes(t), Typed.class), "compatible " + compatible);
            assertThrows(BlitException.class, () -> blit.toBytes(new Typed(Thread.class, null, List.of())));
        }
    }
}
