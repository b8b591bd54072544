package dev.blit.types;

import dev.blit.BlitException;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;

import static dev.blit.types.RoundTrip.TRACKING;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ObjectArraySerializerTest {

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
}
