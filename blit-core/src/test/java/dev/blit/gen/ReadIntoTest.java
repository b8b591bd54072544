package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.log.BlitLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link Blit#readInto} on classes that are not flat: a class made by its no-argument constructor with only
 * non-final fields is filled in place by its generated serializer and by the reflective one alike (the same
 * bytes {@code read} takes, the fields given the values read); a class with a final field, and every class in
 * compatible mode, comes back as a new object.
 */
class ReadIntoTest {
    /** Mutable, with references of every kind: filled in place. */
    static final class Order {
        long id;
        String description;
        BigDecimal total;
        List<Line> lines;
        Object note;
    }

    static final class Line {
        Order order;
        int number;
        String text;
    }

    /** A final field taken by a constructor: never overwritten, so read as a new object. */
    static final class Stamped {
        private final long id;
        String note;

        Stamped(long id) {
            this.id = id;
        }

        long id() {
            return id;
        }
    }

    private static Blit.Builder generated() {
        return Blit.builder().register(Order.class, 100).register(Line.class, 101).register(Stamped.class, 102)
                .register(WideClass.WIDE_350, 103);
    }

    private static Blit.Builder reflective() {
        return Blit.builder().register(Order.class, 100, serializer(Order.class)).register(Line.class, 101, serializer(Line.class))
                .register(Stamped.class, 102, serializer(Stamped.class)).register(wide(), 103, serializer(wide()));
    }

    @SuppressWarnings("unchecked")
    private static Class<Object> wide() {
        return (Class<Object>) WideClass.WIDE_350;
    }

    @SuppressWarnings("unchecked")
    private static <T> Serializer<T> serializer(Class<T> type) {
        return (Serializer<T>) new ReflectiveSerializer(ClassModel.of(type, null));
    }

    private static final List<Function<Boolean, Blit>> BLITS = List.of(
            refs -> generated().references(refs).build(), refs -> reflective().references(refs).build());

    private static Order order(long id, int lines) {
        Order o = new Order();
        o.id = id;
        o.description = "order " + id;
        o.total = BigDecimal.valueOf(id * 100 + 5, 2);
        o.lines = new ArrayList<>();
        for (int i = 0; i < lines; i++) {
            Line l = new Line();
            l.number = i;
            l.text = "line " + i;
            o.lines.add(l);
        }
        o.note = List.of("n", id);
        return o;
    }

    private static void assertSameContent(Order expected, Order actual) {
        assertEquals(expected.id, actual.id);
        assertEquals(expected.description, actual.description);
        assertEquals(expected.total, actual.total);
        assertEquals(expected.note, actual.note);
        assertEquals(expected.lines.size(), actual.lines.size());
        for (int i = 0; i < expected.lines.size(); i++) {
            assertEquals(expected.lines.get(i).number, actual.lines.get(i).number);
            assertEquals(expected.lines.get(i).text, actual.lines.get(i).text);
        }
    }

    @Test
    void aMutableClassWithReferencesIsFilledInPlaceByGeneratedAndReflectiveCodeAlike() {
        for (Function<Boolean, Blit> make : BLITS) {
            for (boolean refs : new boolean[] {false, true}) {
                Blit blit = make.apply(refs);
                Order target = order(1, 3);
                List<Line> oldLines = target.lines;
                Order written = order(2, 2);
                byte[] bytes = blit.toBytes(written);
                assertSame(target, blit.readInto(ReadBuffer.of(bytes), target));
                assertSameContent(written, target);
                assertNotSame(oldLines, target.lines, "a field gets the value read, not the old one filled");
                assertSameContent(written, (Order) blit.fromBytes(bytes)); // the same bytes read makes

                // Order in a stream, one after the other into the same target
                WriteBuffer out = new WriteBuffer();
                for (int i = 0; i < 5; i++) {
                    blit.write(order(10 + i, i), out);
                }
                ReadBuffer in = ReadBuffer.of(out.toByteArray());
                for (int i = 0; i < 5; i++) {
                    assertSame(target, blit.readInto(in, target));
                    assertSameContent(order(10 + i, i), target);
                }
                assertTrue(in.isExhausted());
            }
        }
    }

    @Test
    void withReferencesOnTheTargetIsTheObjectItsOwnFieldsPointBackAt() {
        for (Function<Boolean, Blit> make : BLITS) {
            Blit blit = make.apply(true);
            Order written = order(7, 2);
            for (Line l : written.lines) {
                l.order = written; // back references to the order
            }
            written.note = written; // and itself
            Order target = new Order();
            assertSame(target, blit.readInto(ReadBuffer.of(blit.toBytes(written)), target));
            assertSame(target, target.note);
            assertSame(target, target.lines.get(0).order);
            assertSame(target, target.lines.get(1).order);
            assertEquals("line 1", target.lines.get(1).text);
        }
    }

    @Test
    void aClassWiderThanOneGeneratedMethodIsFilledInPlace() {
        for (Function<Boolean, Blit> make : BLITS) {
            Blit blit = make.apply(false);
            Object written = WideClass.sample(WideClass.WIDE_350);
            Object target;
            try {
                target = WideClass.WIDE_350.getDeclaredConstructor().newInstance();
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
            assertSame(target, blit.readInto(ReadBuffer.of(blit.toBytes(written)), target));
            for (int i = 0; i < 350; i++) {
                Object expected = WideClass.value(i);
                Object actual = WideClass.get(target, i);
                if (expected instanceof int[]) {
                    assertArrayEquals((int[]) expected, (int[]) actual, WideClass.name(i));
                } else {
                    assertEquals(expected, actual, WideClass.name(i));
                }
            }
        }
    }

    @Test
    void aFinalFieldOrCompatibleModeGivesANewObject() {
        for (Function<Boolean, Blit> make : BLITS) {
            Blit blit = make.apply(false);
            Stamped s = new Stamped(42);
            s.note = "n";
            Stamped target = new Stamped(1);
            Stamped back = blit.readInto(ReadBuffer.of(blit.toBytes(s)), target);
            assertNotSame(target, back);
            assertEquals(42, back.id());
            assertEquals(1, target.id());
            assertNull(target.note);
        }
        Blit compatible = generated().compatible(true).build();
        Order target = new Order();
        Order written = order(3, 1);
        Order back = compatible.readInto(ReadBuffer.of(compatible.toBytes(written)), target);
        assertNotSame(target, back);
        assertSameContent(written, back);
        assertNull(target.description);
    }

    @Test
    void badBytesAreABlitExceptionWithTheirOffsetAndMayLeaveTheTargetPartlyFilled() {
        for (Function<Boolean, Blit> make : BLITS) {
            Blit blit = make.apply(false);
            byte[] bytes = blit.toBytes(order(5, 2));
            Order target = new Order();
            BlitException e = assertThrows(BlitException.class,
                    () -> blit.readInto(ReadBuffer.of(Arrays.copyOf(bytes, bytes.length - 3)), target));
            assertTrue(e.getMessage().contains("offset"), e.getMessage());
            assertEquals(5, target.id, "partly overwritten, as Serializer.readInto says");
            // a value of another class is refused before anything is read into the target
            Order untouched = order(9, 0);
            assertThrows(BlitException.class, () -> blit.readInto(ReadBuffer.of(blit.toBytes(new Line())), untouched));
            assertSameContent(order(9, 0), untouched);
        }
    }

    @Test
    void aLogReadsItsRecordsIntoOneReusedObject(@TempDir Path dir) {
        Blit blit = generated().build();
        try (BlitLog log = BlitLog.open(dir, blit)) {
            for (int i = 0; i < 4; i++) {
                log.append(order(i, i));
            }
            Order reused = new Order();
            for (int i = 0; i < 4; i++) {
                assertSame(reused, log.readInto(i, reused));
                assertSameContent(order(i, i), reused);
            }
        }
    }
}
