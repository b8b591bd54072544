package dev.blit.types;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.math.RoundingMode;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
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

/**
 * Id 98 (FORMAT.md): a {@code Class} value is a type descriptor: the id its class's values are written under, 21
 * and a component's descriptor for an array of references, 99 and an extended id for an extended built-in that can
 * be an array's component (and 99, 43 and a class reference for a class written by name: {@code NamedClassTest}).
 */
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
        // arrays of references: 21, then the component
        assertEncoding("62 15 0b", String[].class);
        assertEncoding("62 15 10", int[][].class);
        assertEncoding("62 15 15 64", RoundTrip.Color[][].class);
        assertEncoding("62 15 14", Object[][].class);
        // the extended built-ins that can be an array's component: 99, then the extended id
        assertEncoding("62 63 01", Path.class);
        assertEncoding("62 63 26", URL.class);
        assertEncoding("62 63 27", TimeUnit.class);
        assertEncoding("62 63 2a", ByteBuffer.class);
        assertEncoding("62 15 63 25", StackTraceElement[].class);
        // a primitive type: 99, 47, its code
        assertEncoding("62 63 2f 04", int.class);
        assertEncoding("62 63 2f 08", void.class);
        for (Class<?> c : List.of(String.class, int[].class, Object[].class, Boolean.class, Class.class, Locale.class,
                RoundTrip.Color.class, RoundTrip.Wide.class, Timestamp.class, Charset.class, Map.of().getClass(),
                String[].class, int[][].class, Object[][].class, RoundTrip.Color[][].class, Path.class, File.class,
                InetAddress.class, InetSocketAddress.class, URL.class, TimeUnit.class, ChronoUnit.class, RoundingMode.class,
                ByteBuffer.class, StackTraceElement[].class, Path[][].class, boolean.class, byte.class, short.class,
                char.class, int.class, long.class, float.class, double.class, void.class)) {
            roundTrip(c, copy -> assertSame(c, copy));
        }
        List<Object> twice = new ArrayList<>(List.of(String.class, String.class));
        assertEquals(twice, TRACKING.fromBytes(TRACKING.toBytes(twice)));
    }

    @Test
    void aClassWithoutAnIdOfItsOwnIsRefusedOnWrite() {
        Blit withOp = Blit.builder().register(Op.class, 100).build();
        for (Class<?> c : List.of(List.of(1).getClass(), Thread.class, StandardCharsets.UTF_8.getClass(),
                Op.PLUS.getClass(), Thread[].class, java.lang.reflect.Array.newInstance(List.of(1).getClass(), 0).getClass(),
                Path.of("x").getClass(), Inet4Address.class, ByteBuffer.allocate(1).getClass(), Runnable.class)) {
            BlitException e = assertThrows(BlitException.class, () -> withOp.toBytes(c), c::getName);
            assertTrue(e.getMessage().contains("cannot write Class " + c.getTypeName()), e.getMessage());
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
        // a component the same way; an extended id that is no array's component (a lambda's, a collection's)
        assertTrue(assertRejected("62 15 02").getMessage().contains("at offset 2 names id 2, under which java.lang.Boolean is not written"));
        for (String hex : List.of("62 63 00", "62 63 05", "62 63 2c", "62 15 63 24", "62 63 80 80 80 80 08")) {
            assertTrue(assertRejected(hex).getMessage().contains(", under which no Class is written"), hex);
        }
        // 43, a class written by name: this Blit reads none
        assertTrue(assertRejected("62 63 2b 01").getMessage().contains("class reference 1 at offset 3"));
        assertTrue(assertRejected("62 15 15").getMessage().contains("truncated"));
        // a primitive type's code past void, one as an array's component (int[] is id 16), none at all
        assertTrue(assertRejected("62 63 2f 09").getMessage().contains("at offset 3: primitive type 9"));
        assertTrue(assertRejected("62 15 63 2f 04").getMessage().contains("at offset 2: a primitive type as an array's component"));
        assertTrue(assertRejected("62 63 2f").getMessage().contains("truncated"));
        // 47 is no value of its own
        assertTrue(assertRejected("63 2f 04").getMessage().contains("unknown extended built-in id 47"));
        // as many dimensions as a typed array's descriptor may have, and no more
        assertEquals(200, ((Class<?>) PLAIN.fromBytes(bytes("62 " + "15 ".repeat(200) + "0b"))).getName().indexOf('L'));
        assertTrue(assertRejected("62 " + "15 ".repeat(201) + "0b").getMessage().contains("nested more than 200 levels"));
        // and a writer writes no more: String[]x200 is written, String[]x201 refused, not written for a reader to refuse
        Class<?> deepest = ObjectArraySerializerTest.arrayOf(String.class, 200);
        assertSame(deepest, PLAIN.fromBytes(PLAIN.toBytes(deepest)));
        Class<?> deeper = ObjectArraySerializerTest.arrayOf(String.class, 201);
        assertEquals("cannot write the Class of a 201-dimensional array of java.lang.String: its type descriptor would"
                + " nest more than 200 array types, which no reader takes (FORMAT.md, id 98)",
                assertThrows(BlitException.class, () -> PLAIN.toBytes(deeper)).getMessage());
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
        Typed t = new Typed(Typed.class, Integer.class, List.of(long[].class, String.class, Typed[].class, Path.class));
        for (boolean compatible : new boolean[] {false, true}) {
            Blit blit = Blit.builder().register(Typed.class, 120).compatible(compatible).build();
            assertEquals(t, blit.fromBytes(blit.toBytes(t), Typed.class), "compatible " + compatible);
            assertThrows(BlitException.class, () -> blit.toBytes(new Typed(Thread.class, null, List.of())));
        }
    }
}
