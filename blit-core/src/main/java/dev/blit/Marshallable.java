package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

/**
 * A class that writes and reads itself with the buffer API, for when hand-written code is wanted: exact
 * control of the bytes, or state that is not simply fields.
 *
 * <p>Register the class like any other ({@code register(MyType.class, 100)}); it needs a no-argument
 * constructor (of any visibility). Blit creates an instance with it, publishes it for back references,
 * then calls {@link #readMarshallable}. Nested objects go through {@link WriteBuffer#writeObject} and
 * {@link ReadBuffer#readObject()}, which keep them in the message being written: an object shared with the rest
 * of the graph stays shared. A nested {@code Blit.write(child, out)} / {@code Blit.read(in)} on the same buffer
 * works too, but makes the child a message of its own, so what it shares with the outer graph comes back as a
 * copy; its levels count towards {@code maxDepth} all the same (a {@code toBytes}/{@code fromBytes} of its own
 * buffer is a top-level call, counted from 0).
 *
 * <p>An interface or abstract class that extends it registers as any other interface or abstract class (for arrays
 * and declared fields of it); the concrete classes are registered each. An enum that implements it is written as
 * every enum is, as its constant's ordinal: its {@code writeMarshallable} and {@code readMarshallable} are never
 * called (a reader has no instance to read into, only the constants); register the enum with a {@link Serializer}
 * of your own to write its constants another way.
 */
public interface Marshallable {
    /** @param out where to write this object's content */
    void writeMarshallable(WriteBuffer out);

    /**
     * Reads this object's content. Validate freely: an exception thrown here on bytes it does not accept reaches
     * the caller of {@code Blit.read} as a {@link BlitException} with the offset and the exception as its cause,
     * as Blit's own checks do.
     *
     * @param in where to read this object's content from; {@code this} is a freshly constructed instance
     */
    void readMarshallable(ReadBuffer in);
}
