package dev.blit.buffer;

import dev.blit.BlitException;

/**
 * What one read may ask for, beyond what the input itself can justify: the longest array, string or
 * collection, and the bytes that all arrays, strings and collections decoded for one value may take
 * together. {@code Blit} attaches its limits (set with {@code Blit.builder().maxLength(n)} and
 * {@code maxAllocationPerRead(bytes)}) to a {@link ReadBuffer} for the duration of each read; a buffer read
 * on its own has none unless {@link ReadBuffer#limits(ReadLimits)} gives it some.
 *
 * <p>Why both: a declared length is already checked against the bytes that remain, but a stream has no
 * known end, and a small input can still describe many small objects. The length limit turns an absurd
 * header into an early, clear error; the allocation budget bounds the memory one value can cost however the
 * input is shaped. Allocation is counted approximately, when a length is read: {@code length × element
 * size} for primitive arrays, one or two bytes a char for strings, 8 bytes a slot for collections (16 an
 * entry for maps), plus a small constant per object; and, as work rather than memory, 64 bytes for every
 * element the JDK will visit to hash a collection that is a set element or map key (so a key of 2^60
 * shared paths is refused instead of hashed).
 *
 * @param maxLength            the most elements (or chars) one array, string or collection may declare
 * @param maxAllocationPerRead the most bytes that the arrays, strings and collections of one read may take
 */
public record ReadLimits(int maxLength, long maxAllocationPerRead) {
    /** No limit beyond the input's own length: what a {@link ReadBuffer} read on its own enforces. */
    public static final ReadLimits NONE = new ReadLimits(Integer.MAX_VALUE, Long.MAX_VALUE);

    /**
     * @param maxLength            at least 0
     * @param maxAllocationPerRead at least 0
     */
    public ReadLimits {
        if (maxLength < 0) {
            throw new BlitException("maxLength must not be negative, was " + maxLength);
        }
        if (maxAllocationPerRead < 0) {
            throw new BlitException("maxAllocationPerRead must not be negative, was " + maxAllocationPerRead);
        }
    }
}
