package dev.blit.serial;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.WriteSession;

/**
 * The {@code replaced} byte of a class with a {@code writeReplace} (FORMAT.md, "Classes serialized through
 * their java.io hooks"), shared by the classes serialized through their hooks and by records, whose
 * {@code writeReplace} JDK serialization honours too.
 */
final class Replacement {
    /** What {@link #write} returns when it wrote the replacement: nothing of the original follows. */
    static final Object WRITTEN = new Object();

    private Replacement() {
    }

    /**
     * Writes the {@code replaced} byte, and the replacement when it is one.
     *
     * @param out         the buffer
     * @param value       the object being written
     * @param replacement what its {@code writeReplace} returned
     * @param type        the object's class
     * @return {@link #WRITTEN}, or the object whose content the caller writes next: as with
     *         {@code ObjectOutputStream}, a replacement of the same class is written in place of the original
     *         (and not replaced again), unless references are on and it was written before in this message: it is
     *         then written as a replacement too, a back reference to it, so that the two read back as one object (the
     *         canonicalising {@code writeReplace}, as {@code ObjectOutputStream} writes a handle to it)
     */
    static Object write(WriteBuffer out, Object value, Object replacement, Class<?> type) {
        if (replacement != value && (replacement == null || replacement.getClass() != type
                || WriteSession.of(out).wasWritten(replacement))) {
            WriteSession.replacing(out, value, replacement); // a field that cannot hold it refuses it
            out.writeByte(1);
            // the reader has the original only once the replacement is read: no back reference to it from inside
            WriteSession.of(out).writeReplacement(out, replacement, value);
            return WRITTEN;
        }
        out.writeByte(0);
        return replacement;
    }

    /**
     * Reads the {@code replaced} byte.
     *
     * @param in   the buffer
     * @param type the class being read, for the message
     * @return whether the replacement, a tagged value, follows (else the object's own content does)
     */
    static boolean read(ReadBuffer in, Class<?> type) {
        long at = in.offset();
        byte replaced = in.readByte();
        if (replaced != 0 && replaced != 1) {
            throw new BlitException("invalid replacement flag " + replaced + " for " + type.getName()
                    + " at offset " + at + " (0: the object itself, 1: its writeReplace result)");
        }
        return replaced == 1;
    }
}
