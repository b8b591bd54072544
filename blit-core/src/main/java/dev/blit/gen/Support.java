package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.Registration;
import dev.blit.internal.WriteSession;

/**
 * Checks and errors shared by generated serializers and {@link ReflectiveSerializer}. Public, with public
 * methods, only because a generated serializer defined as a nestmate of the user's class lives in the
 * user's package and calls it from there; it is not API.
 */
public final class Support {
    private Support() {
    }

    /**
     * @param value    a value just read for a field
     * @param declared the field's declared type
     * @param field    "Class.field", for the message
     * @param at       the offset the value started at
     * @return {@code value}, if the field can hold it
     * @throws BlitException if it cannot (never a ClassCastException later)
     */
    public static Object check(Object value, Class<?> declared, String field, long at) {
        if (value == null || declared.isInstance(value)) {
            return value;
        }
        if (value == dev.blit.internal.ReadSession.SKIPPED) {
            return null; // a value read past, in a field the reader drops: so is the object this field is in
        }
        throw new BlitException("field " + field + " is a " + declared.getTypeName() + " but the value at offset " + at
                + " is a " + value.getClass().getTypeName());
    }

    /**
     * @param type the class whose constructor threw
     * @param at   the offset its content started at
     * @param t    what the constructor threw
     * @return the exception to throw: a BlitException as is, anything else wrapped with the offset
     */
    public static BlitException constructionFailed(Class<?> type, long at, Throwable t) {
        if (t instanceof BlitException) {
            return (BlitException) t;
        }
        if (t instanceof VirtualMachineError) {
            throw (VirtualMachineError) t; // out of memory, stack overflow: not the input's fault to report here
        }
        return new BlitException("constructing " + type.getName() + " from the content at offset " + at + " failed: " + t, t);
    }

    /**
     * One more element of a typed list being written (see SerializerGenerator's typed lists).
     *
     * @return {@code seen + 1}
     * @throws BlitException if the list has more elements than the count already written
     */
    public static int counted(int seen, int size, Object list, WriteBuffer out) {
        if (seen == size) {
            throw WriteSession.changed(list, out);
        }
        return seen + 1;
    }

    /**
     * The {@code ConcurrentModificationException} of a typed list's iterator while the list is written (see
     * SerializerGenerator's typed lists): the list changed since its count was written, by the write of one of
     * its elements, so the bytes so far would read back as something else.
     *
     * @return the BlitException to throw, with {@code x} as its cause
     */
    public static BlitException changed(java.util.ConcurrentModificationException x, Object list, WriteBuffer out) {
        return WriteSession.changed(list, out, x);
    }

    /** @throws BlitException if a typed list written had fewer elements than its count said */
    public static void complete(int seen, int size, Object list, WriteBuffer out) {
        if (seen != size) {
            throw WriteSession.changed(list, out);
        }
    }

    /** {@link #run}: the elements are tagged values; nothing was read. */
    static final int NO_RUN = 0;
    /** {@link #run}: a run of the expected type; its header is read, the caller reads the elements. */
    static final int RUN_OF_EXPECTED = 1;
    /** {@link #run}: a run of another type, read entirely into the list. */
    static final int RUN_READ = 2;

    /**
     * The start of the elements of a typed list being read (see SerializerGenerator's typed lists), after
     * its count: a run (FORMAT.md "Runs") of a type other than the declared element type's is read into
     * {@code list} here, and so is a run of that type if its content may be empty (a class without fields,
     * a user's own serializer), since each element must then be checked for taking bytes
     * ({@link ReadSession#runElement}). The elements of a run of that type whose content is never empty
     * ({@link Registration#runs}) are left to the caller, which reads their content as it reads that type's
     * after a tag.
     *
     * @param session  the read's session
     * @param in       the buffer, just after the list's count
     * @param count    that count
     * @param list     the list, already published
     * @param expected the declared element type's registration
     * @return {@link #NO_RUN}, {@link #RUN_OF_EXPECTED} or {@link #RUN_READ}
     */
    public static int run(ReadSession session, ReadBuffer in, int count, java.util.ArrayList<Object> list,
                          Registration expected) {
        Registration r = session.run(in, count);
        if (r == null) {
            return NO_RUN;
        }
        if (r == expected && r.runs) {
            return RUN_OF_EXPECTED;
        }
        for (int i = 0; i < count; i++) {
            list.add(session.runElement(in, r));
        }
        return RUN_READ;
    }

    /**
     * A boolean of a flat block, checked like {@link ReadBuffer#readBoolean()}.
     *
     * @param b    the byte
     * @param in   the buffer the block was taken from
     * @param back how many bytes before the buffer's offset the byte was
     * @return its value
     */
    public static boolean bool(byte b, ReadBuffer in, int back) {
        if ((b & ~1) != 0) {
            throw new BlitException("invalid boolean byte 0x" + Integer.toHexString(b & 0xFF) + " at offset "
                    + (in.offset() - back));
        }
        return b != 0;
    }
}
