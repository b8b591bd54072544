package dev.blit.types;

import dev.blit.BlitException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;

import static dev.blit.types.RoundTrip.TRACKING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectArraySerializerTest {

    @Test
    void anElementOfTheWrongClassNamesTheArrayTypeAsSourceCodeDoes() {
        // An Object[][] (21, then its component Object[], 20) of 1 element, an Integer (7): not "[Ljava.lang.Object;[]"
        BlitException e = assertThrows(BlitException.class,
                () -> dev.blit.Blit.builder().build().fromBytes(java.util.HexFormat.of().parseHex("1514010702")));
        assertTrue(e.getMessage().startsWith("element 0 of a java.lang.Object[][] is a java.lang.Integer at offset"),
                e.getMessage());
    }

    @Test
    void anElementOfTheWrongClassIsReportedAtTheOffsetItStartsAt() {
        // A String[] (21, then its component String, 11) of 2 elements: an Integer (7) at offset 3, then a null
        dev.blit.Blit blit = dev.blit.Blit.builder().build();
        BlitException tagged = assertThrows(BlitException.class,
                () -> blit.fromBytes(java.util.HexFormat.of().parseHex("150b02070200")));
        assertEquals("element 0 of a java.lang.String[] is a java.lang.Integer at offset 3", tagged.getMessage());
        // the same as a run (69) of Integers, whose first content starts at offset 5
        BlitException run = assertThrows(BlitException.class,
                () -> blit.fromBytes(java.util.HexFormat.of().parseHex("150b0245070204")));
        assertEquals("element 0 of a java.lang.String[] is a java.lang.Integer at offset 5", run.getMessage());
    }

    @Test
    void selfContainingArrayRoundTripsFromMemory() {
        Object[] array = new Object[3000];
        array[0] = array;
        Object[] copy = (Object[]) TRACKING.fromBytes(TRACKING.toBytes(array));
        assertEquals(3000, copy.length);
        assertSame(copy, copy[0]);
    }

    @Test
    void largeSelfContainingArrayFromAStreamIsRejectedRatherThanPointingAtADiscardedArray() {
        // From a stream the array starts small and is replaced as it grows, so an early back reference to
        // it would go stale; such a reference is refused instead.
        Object[] array = new Object[3000];
        array[0] = array;
        byte[] bytes = TRACKING.toBytes(array);
        assertThrows(BlitException.class, () -> TRACKING.read(new ByteArrayInputStream(bytes)));
        Object[] small = new Object[10];
        small[0] = small;
        Object[] copy = (Object[]) TRACKING.read(new ByteArrayInputStream(TRACKING.toBytes(small)));
        assertSame(copy, copy[0]);
    }

    @Test
    void aLargeArrayWrittenAsARunIsNumberedWhenCompleteFromAStream() {
        // A String[3000] is a run (strings are not tracked); from a stream it starts small and grows, so it is
        // published when complete, through its reference slot, which reading the run must leave in place.
        String[] strings = new String[3000];
        for (int i = 0; i < strings.length; i++) {
            strings[i] = "s" + i;
        }
        Object[] outer = {strings, strings};
        byte[] bytes = TRACKING.toBytes(outer);
        for (Object[] copy : new Object[][]{(Object[]) TRACKING.read(new ByteArrayInputStream(bytes)),
                (Object[]) TRACKING.fromBytes(bytes)}) {
            assertSame(copy[0], copy[1]);
            assertEquals(java.util.Arrays.asList(strings), java.util.Arrays.asList((String[]) copy[0]));
        }
    }

    static class Base {
        int x;
    }

    static class Sub extends Base {
    }

    enum Big { B0, B1, B2, B3, B4, B5, B6, B7, B8, B9, B10, B11, B12, B13, B14, B15, B16, B17, B18, B19, B20, B21, B22,
        B23, B24, B25, B26, B27, B28, B29, B30, B31, B32, B33, B34, B35, B36, B37, B38, B39, B40, B41, B42, B43, B44, B45,
        B46, B47, B48, B49, B50, B51, B52, B53, B54, B55, B56, B57, B58, B59, B60, B61, B62, B63, B64, B65 }

    /**
     * A type id names one class, which is what the reader makes an array of: an array of a JDK-private class that
     * shares a built-in's id (List.of(1)'s class shares List.of's ListN id) or of a subclass under
     * registerHierarchy would read back as another array class (or not at all, its element not fitting), so it
     * is refused on write, as an array of a subclass of an extended built-in is.
     */
    @Test
    void anArrayOfAClassWrittenUnderAnotherClasssIdIsRefusedOnWrite() {
        Class<?>[] sharing = {java.util.List.of(1).getClass(), java.util.Set.of(1).getClass(),
                java.util.Map.of(1, 1).getClass(), java.util.List.of(1, 2, 3).subList(0, 1).getClass(),
                java.util.Collections.unmodifiableList(new java.util.LinkedList<>()).getClass(),
                java.util.EnumSet.allOf(Big.class).getClass(), java.nio.charset.StandardCharsets.UTF_8.getClass()};
        dev.blit.Blit blit = dev.blit.Blit.builder().build();
        for (Class<?> c : sharing) {
            Object array = java.lang.reflect.Array.newInstance(c, 0);
            BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(array), c.getName());
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("cannot write an array of " + c.getName()
                    + ": its elements are written under id"), e.getMessage());
        }
        Object one = java.lang.reflect.Array.newInstance(java.util.List.of(1).getClass(), 1);
        java.lang.reflect.Array.set(one, 0, java.util.List.of(1));
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(one));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("read back as a java.util.ImmutableCollections$ListN[]"),
                e.getMessage());
        dev.blit.Blit hierarchy = dev.blit.Blit.builder().registerHierarchy(Base.class, 100, new dev.blit.Serializer<Base>() {
            @Override
            public void write(dev.blit.buffer.WriteBuffer out, Base value) {
                out.writeVarInt(value.x);
            }

            @Override
            public Base read(dev.blit.buffer.ReadBuffer in) {
                Base b = new Base();
                b.x = in.readVarInt();
                return b;
            }
        }).build();
        e = assertThrows(BlitException.class, () -> hierarchy.toBytes(new Sub[]{new Sub()}));
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("registerHierarchy(" + Base.class.getName()
                + ")'s, so it would read back as a " + Base.class.getName() + "[]"), e.getMessage());
        // the classes that own their id still come back as themselves
        Object[] own = {new Base[]{new Sub()}, new java.nio.charset.Charset[]{java.nio.charset.StandardCharsets.UTF_8},
                java.lang.reflect.Array.newInstance(java.util.List.of(1, 2, 3).getClass(), 0),
                java.lang.reflect.Array.newInstance(java.util.EnumSet.noneOf(java.time.DayOfWeek.class).getClass(), 0)};
        for (Object a : own) {
            dev.blit.Blit b = a instanceof Base[] ? hierarchy : blit;
            assertEquals(a.getClass(), b.fromBytes(b.toBytes(a)).getClass());
        }
    }

    static Class<?> arrayOf(Class<?> c, int dimensions) {
        for (int i = 0; i < dimensions; i++) {
            c = java.lang.reflect.Array.newInstance(c, 0).getClass();
        }
        return c;
    }

    @Test
    void anArrayWhoseComponentsDescriptorNestsMoreArrayTypesThanAReaderTakesIsRefusedOnWriting() {
        // A 201-dimensional String array: its component's descriptor nests 200 21s (FORMAT.md, id 21), the most a reader takes
        for (Class<?> base : new Class<?>[]{String.class, Object.class, int.class}) {
            int most = base == String.class ? 201 : 202; // Object[] and int[] are ids of their own, no 21
            Object deepest = java.lang.reflect.Array.newInstance(arrayOf(base, most - 1), 1);
            assertSame(deepest.getClass(), TRACKING.fromBytes(TRACKING.toBytes(deepest)).getClass());
            Object deeper = java.lang.reflect.Array.newInstance(arrayOf(base, most), 1);
            BlitException e = assertThrows(BlitException.class, () -> TRACKING.toBytes(deeper));
            assertEquals("cannot write a " + (most + 1) + "-dimensional array of " + base.getName() + ": the type descriptor"
                    + " of its component would nest 201 array types, more than the 200 a reader takes (FORMAT.md, id 21)",
                    e.getMessage());
        }
    }
}
