package dev.blit.internal;

import dev.blit.BlitException;

/**
 * The messages of {@link ReadSession}'s refusals, built apart from it: a message's string concatenation is dozens
 * of bytecodes, and kept inline it would push the session's hot methods past the JIT's inlining limits.
 */
final class ReadFailures {
    /** Why a back reference's object cannot be given: see {@link #unusable}. */
    static final int CONSTRUCTING = 0;
    static final int UNSHARED = 1;
    static final int SKIPPED = 2;

    private ReadFailures() {
    }

    static BlitException unknownType(int tag, long at) {
        return new BlitException("unknown type id " + Integer.toUnsignedString(tag) + " at offset " + at
                + " (not a built-in type, not registered with this Blit instance)" + ReadSession.SETTINGS_HINT);
    }

    /** A registration without a serializer of its own: an interface or abstract class, registered for its arrays. */
    static BlitException noSerializer(Registration r, long at) {
        return new BlitException("type id " + r.id + " at offset " + at + " is " + abstractRegistration(r));
    }

    /** The same for the type id of a run (FORMAT.md "Runs"): {@code of} says of what, "3 elements" for one. */
    static BlitException noSerializerForRun(Registration r, String of, long at) {
        return new BlitException("a run of " + of + " at offset " + at + " has type id " + r.id + ", which is "
                + abstractRegistration(r));
    }

    /** "1 entry", "2 entries"; with a side, "1 entry's keys", "2 entries' keys": a map run's count, for a message. */
    static String entries(int count, String side) {
        String entries = count == 1 ? "1 entry" : count + " entries";
        return side.isEmpty() ? entries : entries + (count == 1 ? "'s " : "' ") + side;
    }

    private static String abstractRegistration(Registration r) {
        return r.type.getName() + ", registered with this Blit instance as an interface or abstract class (for arrays"
                + " and declared types): no value is of that class itself, so the writer's class under this id was"
                + " another (a concrete class since made abstract?)";
    }

    /** A back reference with references off, or to a number not read yet. */
    static BlitException noSuchObject(long at, int index, boolean references, int read) {
        if (!references) {
            return new BlitException("back reference at offset " + at + " but this Blit instance has references(false),"
                    + " which reads none" + ReadSession.SETTINGS_HINT);
        }
        return new BlitException("back reference to object #" + Integer.toUnsignedString(index) + " at offset " + at
                + " but only " + read + " objects were read so far" + ReadSession.SETTINGS_HINT);
    }

    /** A back reference to an object that may not be given out: {@link #CONSTRUCTING}, {@link #UNSHARED}, {@link #SKIPPED}. */
    static BlitException unusable(long at, int index, int why) {
        if (why == SKIPPED) {
            return new BlitException("back reference at offset " + at + " to object #" + index + ", which was read in a"
                    + " field this reader's class lacks and drops, past a value of a class this reader has no registration"
                    + " for: register that class with the reader too");
        }
        if (why == UNSHARED) {
            return new BlitException("back reference at offset " + at + " to object #" + index
                    + ", which a readObject method read with readUnshared: it may not be shared");
        }
        return new BlitException("back reference at offset " + at + " to object #" + index
                + ", which is still being constructed: a cycle cannot be restored through a record or"
                + " constructor-built object, a value made from its content (List.of, Map.entry, ...), a sorted"
                + " collection's comparator or a writeReplace result (Blit's writer refuses all of these), nor"
                + " through a value whose Serializer reads its parts before calling in.reference(obj), or never"
                + " calls it, nor through a reference array or Arrays.asList list of more than 1,024 elements read"
                + " from a stream (which grows as its elements arrive; from memory it is read as written)");
    }
}
