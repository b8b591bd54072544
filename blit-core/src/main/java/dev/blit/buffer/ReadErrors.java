package dev.blit.buffer;

import dev.blit.BlitException;

/**
 * The messages of {@link ReadBuffer}'s refusals, built here so that the hot methods that throw them stay small
 * enough for the JIT to inline: each is one call on a path that bad input alone takes.
 */
final class ReadErrors {
    private ReadErrors() {
    }

    static BlitException truncated(long at, long needed, long available) {
        return new BlitException("truncated input at offset " + at + ": " + needed + " bytes needed, " + available
                + " available");
    }

    static BlitException negativeLength(int n, long at) {
        return new BlitException("negative length " + n + " at offset " + at);
    }

    static BlitException malformedVarint(int bits, long at) {
        return new BlitException("malformed varint (more than " + bits + " bits) at offset " + at);
    }

    /** A length or count header whose unsigned value does not fit an {@code int}. */
    static BlitException invalid(String what, int value, long at) {
        return new BlitException("invalid " + what + " " + Integer.toUnsignedString(value) + " at offset " + at);
    }

    static BlitException notAvailable(long declared, long at, long bytes, long remaining) {
        return new BlitException("declared length " + declared + " at offset " + at + " needs " + bytes
                + " bytes but only " + remaining + " remain");
    }

    /**
     * Limits a caller attached to a buffer ({@link ReadBuffer#limits(ReadLimits)}) are not the builder's, and their
     * budget counts every value read until they are detached, not one read: the messages say so in passing, rather
     * than the buffer keeping track of whose limits it has.
     */
    private static final String OWN_LIMITS = " (or, for ReadLimits attached to the buffer, whose budget counts every"
            + " value read until they are detached, in those)";

    static BlitException overMaxLength(String what, int length, long at, int maxLength) {
        return new BlitException(what + " " + length + " at offset " + at + " exceeds maxLength " + maxLength
                + "; raise it with Blit.builder().maxLength(n)" + OWN_LIMITS);
    }

    static BlitException overBudget(String what, long at, long bytes, long total, long max) {
        return new BlitException(what + " at offset " + at + " needs about " + bytes + " bytes, bringing this read to "
                + total + " bytes, over maxAllocationPerRead " + max
                + "; raise it with Blit.builder().maxAllocationPerRead(bytes)" + OWN_LIMITS);
    }

    static BlitException nullHeader(String what, long at) {
        return new BlitException("null array header at offset " + at + " where " + what + " is read (never null there)");
    }

    static BlitException invalidBoolean(byte b, long at) {
        return new BlitException("invalid boolean byte 0x" + Integer.toHexString(b & 0xFF) + " in a boolean array at offset "
                + at);
    }
}
