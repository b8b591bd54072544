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
}
