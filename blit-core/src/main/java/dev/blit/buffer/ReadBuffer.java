package dev.blit.buffer;

import dev.blit.BlitException;

import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * The read side of every Blit backend: the exact inverse of {@link WriteBuffer}.
 *
 * <p>Like the write side it is one final class over a {@code byte[]} window. A {@code byte[]} region or a
 * heap {@code ByteBuffer} is read in place; a direct or memory-mapped {@code ByteBuffer} and an
 * {@link InputStream} are copied into the window in bulk as it empties.
 *
 * <p>Bad input never escapes as anything but a {@link BlitException} naming the offset, counted from where
 * this buffer started reading. A declared length is checked against what the input can still hold before
 * anything is allocated; from a stream, whose length is unknown, large payloads are read in growing steps
 * so an allocation is never more than twice the bytes that actually arrived. While Blit reads, its
 * {@link ReadLimits} also bound every declared length and the memory the read allocates in total.
 */
public final class ReadBuffer {
    /**
     * A stream's window starts this small and doubles at each refill up to {@link Upstream#WINDOW}: reading one small
     * value from a freshly opened file (the common case for object files) then allocates and zeroes 1 KiB,
     * not 8, while a long stream reaches full-size reads after three refills.
     */
    private static final int FIRST_WINDOW = 1024;
    /** The window {@link #exactly(InputStream)} starts with: it grows only to what one read needs. */
    private static final int FIRST_EXACT_WINDOW = 256;
    /** What {@link ReadLimits} charges per array, string or collection besides its elements. */
    private static final int OBJECT_BYTES = 32;
    /** What {@link ReadLimits} charges per reference slot. */
    private static final int REFERENCE_BYTES = 8;

    // Package-private for the classes beside this one (Varints decodes, Upstream refills): the cursor is theirs to move too.
    byte[] array;
    int position;
    int limit;
    /** Logical offset of {@code array[0]}: offset() == origin + position. */
    long origin;
    /** Where the window's bytes come from when it is not the caller's array: a stream or a direct buffer; else null. */
    private final Upstream upstream;
    private ObjectReader objects;
    /**
     * The limits last attached, kept when they are detached ({@link #limited} false): Blit attaches its limits for
     * each value it reads and detaches them after, and storing a reference into a buffer that has lived long
     * enough to be promoted takes the GC write barrier's slow path (a memory fence), a few percent of reading a
     * small value; storing it only when it changes spares that. {@link #reset} keeps its array the same way.
     */
    private ReadLimits limits;
    /** Whether {@link #limits} are in force. */
    private boolean limited;
    /** {@code limits.maxLength()}, or no limit; a field of its own so the check is one load and compare. */
    private int maxLength = Integer.MAX_VALUE;
    /** Bytes the current read may still allocate; counts down from {@code limits.maxAllocationPerRead()}. */
    private long allowance = Long.MAX_VALUE;

    private ReadBuffer(byte[] array, int position, int limit, Upstream upstream) {
        this.array = array;
        this.position = position;
        this.limit = limit;
        this.origin = -position;
        this.upstream = upstream;
    }

    /**
     * Reads {@code bytes} in place.
     *
     * @param bytes the input
     * @return a buffer at offset 0
     */
    public static ReadBuffer of(byte[] bytes) {
        return new ReadBuffer(bytes, 0, bytes.length, null);
    }

    /**
     * Reads {@code bytes[offset .. offset+length)} in place; offsets in errors count from {@code offset}.
     *
     * @param bytes  the input
     * @param offset first byte
     * @param length how many bytes may be read
     * @return a buffer positioned at {@code offset}
     */
    public static ReadBuffer of(byte[] bytes, int offset, int length) {
        checkRegion(bytes, offset, length);
        return new ReadBuffer(bytes, offset, offset + length, null);
    }

    private static void checkRegion(byte[] bytes, int offset, int length) {
        if (offset < 0 || length < 0 || offset > bytes.length - length) {
            throw new BlitException("region [" + offset + ", " + offset + "+" + length + ") is outside an array of "
                    + bytes.length + " bytes");
        }
    }

    /**
     * Re-points this buffer at {@code bytes[offset .. offset+length)}, keeping whatever Blit attached to it,
     * so a reader that decodes message after message allocates nothing per message (like the write side's
     * {@link WriteBuffer#clear()}). Only for buffers over arrays, not streams or direct buffers.
     *
     * @param bytes  the input
     * @param offset first byte; offsets in errors count from here
     * @param length how many bytes may be read
     * @return this buffer
     */
    public ReadBuffer reset(byte[] bytes, int offset, int length) {
        if (upstream != null) {
            throw new BlitException("only a buffer over an array can be reset to another array");
        }
        checkRegion(bytes, offset, length);
        if (array != bytes) { // the same array message after message: spare the barriered store (see limits)
            array = bytes;
        }
        this.position = offset;
        this.limit = offset + length;
        this.origin = -offset;
        return this;
    }

    /**
     * Reads the bytes between {@code buffer}'s position and limit. A heap buffer is read in place; a
     * direct or mapped one is copied into an internal window as needed. {@code buffer}'s position is left
     * alone; call {@link #offset()} to learn how far reading got.
     *
     * @param buffer the input
     * @return a buffer at offset 0
     */
    public static ReadBuffer of(ByteBuffer buffer) {
        if (buffer.hasArray() && !buffer.isReadOnly()) {
            int at = buffer.arrayOffset() + buffer.position();
            return new ReadBuffer(buffer.array(), at, at + buffer.remaining(), null);
        }
        ByteBuffer view = buffer.duplicate();
        return new ReadBuffer(new byte[Math.min(Upstream.WINDOW, Math.max(16, view.remaining()))], 0, 0, new Upstream(null, view, false));
    }

    /**
     * Reads from a stream through an internal window. The buffer may read ahead of what it returns: bytes it
     * took from the stream past the last value read are in the buffer, not the stream, so read every value
     * through this one buffer ({@link #exactly(InputStream)} takes no byte past a value). The stream is not
     * closed by Blit.
     *
     * @param in the input
     * @return a buffer at offset 0
     */
    public static ReadBuffer of(InputStream in) {
        return new ReadBuffer(new byte[FIRST_WINDOW], 0, 0, new Upstream(java.util.Objects.requireNonNull(in, "in"), null, false));
    }

    /**
     * Reads from a stream without ever taking a byte from it that the values read do not use: after a value,
     * the stream is right after its last byte, so whatever follows (the next value, or data of another kind)
     * is still there for whoever reads next. {@link dev.blit.Blit#read(InputStream)} reads this way.
     *
     * <p>A stream that supports {@code mark} and {@code reset} (a {@code BufferedInputStream}, a
     * {@code ByteArrayInputStream}) is marked at each refill and read ahead by what it has at hand
     * ({@code available()}, up to a window), and what the value did not use is given back ({@code reset}, then
     * {@code skip} over what it did) by {@link #settle()}, which {@link dev.blit.Blit#read(ReadBuffer)} calls after
     * each value it reads from this buffer: a read or two per value. Call it yourself after reading primitives
     * from this buffer by hand, before the stream goes to another reader, and likewise after {@link #isExhausted()},
     * which reads ahead to find out whether a byte is left and does not give it back by itself. The stream's mark is
     * this buffer's then: one you set before reading through it is replaced, so mark again after, not before. Any
     * other stream is asked for what the read at hand needs (a field, a varint's next byte, a string's or array's
     * bytes; for {@code isExhausted()}, one byte, which then stays in this buffer for the next value), a read each
     * time: over a stream that makes a system call per read (a socket's, a {@code FileInputStream}),
     * put a {@code BufferedInputStream} in between; to read many values from a stream that holds nothing else,
     * {@link #of(InputStream)} is faster still.
     *
     * @param in the input, left open
     * @return a buffer at offset 0
     */
    public static ReadBuffer exactly(InputStream in) {
        return new ReadBuffer(new byte[FIRST_EXACT_WINDOW], 0, 0, new Upstream(java.util.Objects.requireNonNull(in, "in"), null, true));
    }

    // ---------------------------------------------------------------- cursor

    /** @return bytes consumed since this buffer started reading */
    public long offset() {
        return origin + position;
    }

    /**
     * @return bytes that can be read without waiting for a stream: everything left for an array or
     *         {@code ByteBuffer}, only what is buffered for a stream
     */
    public long remainingKnown() {
        return upstream == null ? limit - position : limit - position + upstream.remaining();
    }

    /**
     * Whether the input is used up. For a stream this may block to find out, and it reads ahead: when the window
     * is empty, it takes bytes from the stream into this buffer to see whether there are any. Over a buffer made
     * by {@link #exactly(InputStream)} on a stream that supports {@code mark}, {@link #settle()} gives them back,
     * as after reading primitives by hand: call it before the stream goes to another reader. Over one that does
     * not, the one byte it took stays in this buffer, for the next read from it.
     *
     * @return true if no byte is left
     */
    public boolean isExhausted() {
        if (position < limit) {
            return false;
        }
        return upstream == null || !tryFill(1);
    }

    /**
     * Makes sure {@code n} bytes can be read; a {@link BlitException} with the offset if the input ends
     * first. Generated deserializers call it once for a fixed-size block.
     *
     * @param n bytes needed
     */
    public void require(int n) {
        if (limit - position < n) {
            fill(n);
        }
    }

    /**
     * {@link #require(int)} for a reader that will go on to need {@code wanted} bytes in all (a long array read
     * in steps): a stream read {@link #exactly} is then asked for them in one go, not {@code n} at a time.
     */
    void require(int n, int wanted) {
        if (limit - position < n && !tryFill(n, wanted)) {
            throw truncated(n);
        }
    }

    /**
     * Consumes {@code n} bytes at the cursor and returns where they start in {@link #array()}. The read twin
     * of {@link WriteBuffer#claim(int)}: generated code reads a fixed-layout block (FORMAT.md "Flat classes")
     * with this one bounds check, then loads every field at a constant offset from the returned index.
     *
     * <p>{@code n} is often a length read from the bytes themselves, so a bad one is bad input: a negative
     * {@code n} is a {@link BlitException} too, and so is one larger than the input (checked against what a
     * {@code ByteBuffer} still holds before any window is made for it; from a stream, whose length is unknown,
     * the window grows as the bytes arrive, so a stream that claims more than it sends costs about twice what it
     * sent, not what it claimed).
     *
     * @param n bytes to consume
     * @return the index in {@link #array()} of the first of them
     * @throws BlitException naming the offset if the input ends first, or if {@code n} is negative
     */
    public int take(int n) {
        // For generated code n is a constant, and the JIT drops "n < 0"; for a length read from the bytes it is
        // one more compare, and a negative one must not move the cursor back. fill refuses it.
        if (limit - position < n || n < 0) {
            fill(n);
        }
        int p = position;
        position = p + n;
        return p;
    }

    /**
     * @return the array that holds the bytes of the last {@link #take(int)}: the caller's own array, or this
     *         buffer's window over a stream or direct buffer, which the next read may overwrite or replace
     */
    public byte[] array() {
        return array;
    }

    /** @return the bytes in the window, readable without a refill */
    int buffered() {
        return limit - position;
    }

    /** @return true when the input is a stream, whose length is unknown until it ends */
    boolean isStream() {
        return upstream != null && upstream.isStream();
    }

    private void fill(int n) {
        if (n < 0) {
            throw ReadErrors.negativeLength(n, offset());
        }
        if (!tryFill(n)) {
            throw truncated(n);
        }
    }

    /** Compacts the window and reads until {@code n} bytes are available; false if the input ends first. */
    private boolean tryFill(int n) {
        return tryFill(n, n);
    }

    /**
     * {@link #tryFill(int)}, where the caller will need {@code wanted} bytes in all (at least {@code n}): a
     * stream read {@link #exactly} may then ask it for that many at once rather than {@code n} at a time.
     */
    private boolean tryFill(int n, int wanted) {
        return upstream != null ? upstream.fill(this, n, wanted) : limit - position >= n;
    }

    /**
     * For a buffer made by {@link #exactly(InputStream)} over a stream that supports {@code mark}: gives the bytes
     * read ahead and not used back to the stream, so that it stands right after the last byte read from this
     * buffer. {@link dev.blit.Blit#read(ReadBuffer)} calls it after each value; a no-op when nothing is held
     * back, and for every other buffer.
     *
     * @throws BlitException if the stream cannot be reset to its mark or skipped
     */
    public void settle() {
        if (upstream != null) {
            upstream.settle(this);
        }
    }

    /**
     * @param needed bytes that were needed
     * @return the exception for input that ends too early
     */
    public BlitException truncated(long needed) {
        return ReadErrors.truncated(offset(), needed, remainingKnown());
    }

    /**
     * @param what a description of what was wrong
     * @return an exception naming the current offset
     */
    public BlitException malformed(String what) {
        return new BlitException(what + " at offset " + offset());
    }

    // ---------------------------------------------------------------- objects

    /** @return the object reader attached by Blit, or null when this buffer is read on its own */
    public ObjectReader objects() {
        return objects;
    }

    /**
     * Attaches the object layer (Blit does this for the duration of a read).
     *
     * @param objects the reader for {@link #readObject()}, or null to detach
     * @return the reader attached before, to restore afterwards
     */
    public ObjectReader objects(ObjectReader objects) {
        ObjectReader previous = this.objects;
        this.objects = objects;
        return previous;
    }

    /** @return the limits in force, or null when none were attached (see {@link #limits(ReadLimits)}) */
    public ReadLimits limits() {
        return limited ? limits : null;
    }

    /**
     * Attaches read limits and starts a fresh allocation budget. Blit does this for the duration of a read
     * (unless the buffer already has limits, which then stay in force); without limits only the remaining
     * input bounds a declared length.
     *
     * @param limits the limits from now on, or null for none
     * @return the limits attached before
     */
    public ReadLimits limits(ReadLimits limits) {
        ReadLimits previous = limits();
        limited = limits != null;
        if (limited && this.limits != limits) {
            this.limits = limits;
        }
        ReadLimits l = limits != null ? limits : ReadLimits.NONE;
        this.maxLength = l.maxLength();
        this.allowance = l.maxAllocationPerRead();
        return previous;
    }

    /**
     * Reads one tagged value. Only available while Blit reads this buffer, e.g. inside a
     * {@code Marshallable}; outside a {@code Blit} call on it (also once one that used it has ended) it throws a
     * {@link BlitException}.
     *
     * @return the value, possibly null
     */
    public Object readObject() {
        ObjectReader r = objects;
        if (r == null) {
            throw new BlitException("readObject needs a Blit instance: read through Blit.read(buffer)");
        }
        return r.readObject(this);
    }

    /**
     * Reads one tagged value and checks its type. A primitive type stands for its wrapper, as in
     * {@link dev.blit.Blit#read(ReadBuffer, Class)}: {@code int.class} accepts an {@code Integer} (a null read
     * for it is returned as null, and unboxing it is then the caller's {@code NullPointerException}).
     *
     * @param type the expected type
     * @param <T>  the expected type
     * @return the value, possibly null
     */
    @SuppressWarnings("unchecked")
    public <T> T readObject(Class<T> type) {
        long at = offset();
        Object v = readObject();
        Class<?> boxed = type.isPrimitive() ? java.lang.invoke.MethodType.methodType(type).wrap().returnType() : type;
        if (v != null && !boxed.isInstance(v)) {
            throw new BlitException("expected " + type.getTypeName() + " at offset " + at + " but found "
                    + v.getClass().getTypeName());
        }
        return (T) v;
    }

    /**
     * See {@link ObjectReader#reference(Object)}.
     *
     * @param value the object just created by a deserializer, before its fields are read
     */
    public void reference(Object value) {
        ObjectReader r = objects;
        if (r != null) {
            r.reference(value);
        }
    }

    // ---------------------------------------------------------------- fixed-size primitives

    /** @return one signed byte */
    public byte readByte() {
        if (position == limit) {
            fill(1);
        }
        return array[position++];
    }

    /**
     * Consumes the next byte if it is {@code b}, for a format that marks an optional part with a byte no
     * other value starts with (a collection's run header, FORMAT.md "Runs").
     *
     * @param b the byte to look for
     * @return whether it was there (and is consumed); false, consuming nothing, otherwise or at the end of input
     */
    public boolean readByteIf(byte b) {
        if (position == limit && !tryFill(1)) {
            return false;
        }
        if (array[position] != b) {
            return false;
        }
        position++;
        return true;
    }

    /**
     * Consumes the next {@code expected.length} bytes if they are already buffered and exactly {@code expected},
     * as {@link #readByteIf} does for one byte; otherwise consumes nothing and returns false (it never waits for
     * a stream: the caller then reads the bytes the usual way). For a decoder that expects the bytes it saw in the
     * last message, a class name a stream of values repeats in each, to recognise them without decoding them.
     *
     * @param expected the bytes
     * @return whether they were next, and are now consumed
     */
    public boolean readBytesIf(byte[] expected) {
        int n = expected.length;
        if (limit - position < n || !Arrays.equals(array, position, position + n, expected, 0, n)) {
            return false;
        }
        position += n;
        return true;
    }

    /** @return true for 1, false for 0; anything else is malformed */
    public boolean readBoolean() {
        byte b = readByte();
        if ((b & ~1) != 0) {
            position--;
            throw malformed("invalid boolean byte 0x" + Integer.toHexString(b & 0xFF));
        }
        return b != 0;
    }

    /** @return two bytes, little-endian */
    public short readShort() {
        require(2);
        short v = (short) WriteBuffer.SHORT.get(array, position);
        position += 2;
        return v;
    }

    /** @return two bytes, little-endian */
    public char readChar() {
        return (char) readShort();
    }

    /** @return four bytes, little-endian */
    public int readInt() {
        require(4);
        int v = (int) WriteBuffer.INT.get(array, position);
        position += 4;
        return v;
    }

    /** @return eight bytes, little-endian */
    public long readLong() {
        require(8);
        long v = (long) WriteBuffer.LONG.get(array, position);
        position += 8;
        return v;
    }

    /** @return raw IEEE 754 bits, four bytes */
    public float readFloat() {
        return Float.intBitsToFloat(readInt());
    }

    /** @return raw IEEE 754 bits, eight bytes */
    public double readDouble() {
        return Double.longBitsToDouble(readLong());
    }

    // ---------------------------------------------------------------- varints

    /** @return an unsigned LEB128 value of at most five bytes */
    public int readUnsignedVarInt() {
        // One-byte values (tags, counts, short lengths) stay under the JIT's 35-byte limit for inlining at
        // any call site, however cold; the rest is a call.
        int p = position;
        int b;
        if (p < limit && (b = array[p]) >= 0) {
            position = p + 1;
            return b;
        }
        return Varints.intTail(this);
    }

    /** @return a zig-zag varint */
    public int readVarInt() {
        int v = readUnsignedVarInt();
        return (v >>> 1) ^ -(v & 1);
    }

    /** @return an unsigned LEB128 value of at most ten bytes */
    public long readUnsignedVarLong() {
        return Varints.readLong(this);
    }

    /** @return a zig-zag varint */
    public long readVarLong() {
        long v = readUnsignedVarLong();
        return (v >>> 1) ^ -(v & 1);
    }

    /**
     * Reads the length header of an array, string or collection: unsigned varint {@code length + 1},
     * 0 meaning null (returned as -1). A length whose elements could not fit in what the input still holds
     * is rejected here, before anything is allocated, as is one over the {@link ReadLimits} in force; the
     * limits' allocation budget is charged {@code length × elementSize} (8 bytes an element when
     * {@code elementSize} is 0) plus a small constant.
     *
     * @param elementSize the smallest number of bytes one element takes (0 when elements may take none); for
     *                    a primitive array, the size of its elements
     * @return the length, or -1 for null
     */
    public int readLength(int elementSize) {
        long at = offset();
        int h = readUnsignedVarInt();
        if (h == 0) {
            return -1;
        }
        int length = h - 1;
        if (length < 0) {
            throw ReadErrors.invalid("length", length, at);
        }
        long bytes = (long) length * elementSize;
        checkAvailable(bytes, at, length);
        charge(length, OBJECT_BYTES + (elementSize > 0 ? bytes : (long) length * REFERENCE_BYTES), at, "length");
        return length;
    }

    /**
     * Reads an element count (unsigned varint, never null) of a collection or array whose elements take at
     * least {@code minElementBytes} each, rejecting counts the remaining input cannot hold or the
     * {@link ReadLimits} in force forbid. The allocation budget is charged 8 bytes (a reference slot) per
     * element and per byte of {@code minElementBytes}: 8 for a collection, 16 for a map's entry.
     *
     * @param minElementBytes the fewest bytes one element can take (1 for tagged values)
     * @return the count
     */
    public int readCount(int minElementBytes) {
        long at = offset();
        int n = readUnsignedVarInt();
        if (n < 0) {
            throw ReadErrors.invalid("count", n, at);
        }
        checkAvailable((long) n * minElementBytes, at, n);
        long slots = (long) n * Math.max(1, Math.min(minElementBytes, 1 << 16)); // clamped: no overflow below
        charge(n, OBJECT_BYTES + slots * REFERENCE_BYTES, at, "count");
        return n;
    }

    /**
     * How much to allocate up front for {@code count} elements: all of them when the input is in memory
     * (the count was checked against it), a bounded step when it comes from a stream.
     *
     * @param count a count read with {@link #readCount} or {@link #readLength}
     * @return the capacity to start with; grow as elements arrive
     */
    public int initialCapacity(int count) {
        return isStream() ? Math.min(count, 1024) : count;
    }

    private void checkAvailable(long bytes, long at, long declared) {
        if (!isStream() && bytes > remainingKnown()) {
            throw ReadErrors.notAvailable(declared, at, bytes, remainingKnown());
        }
    }

    /** The limit check on every declared length: two compares and a subtraction, nothing per element. */
    private void charge(int length, long bytes, long at, String what) {
        if (length > maxLength || (allowance -= bytes) < 0) {
            throw overLimit(length, bytes, at, what);
        }
    }

    private BlitException overLimit(int length, long bytes, long at, String what) {
        return length > maxLength ? ReadErrors.overMaxLength(what, length, at, maxLength)
                : overBudget(bytes, at, what + " " + length);
    }

    /**
     * Charges the allocation budget of the read in progress (see {@link ReadLimits}) for memory, or work,
     * that no length header declared. Blit's collections use it for the hashing of keys that are themselves
     * collections; a hand-written deserializer may use it for what it builds on its own. Without limits
     * attached it costs nothing that matters: the budget is then practically infinite.
     *
     * @param bytes what to charge
     * @param at    the offset to name if the budget is exceeded
     * @param what  what the charge is for, for the message (e.g. "hashing the key")
     */
    public void charge(long bytes, long at, String what) {
        if ((allowance -= bytes) < 0) {
            throw overBudget(bytes, at, what);
        }
    }

    private BlitException overBudget(long bytes, long at, String what) {
        long max = limited ? limits.maxAllocationPerRead() : Long.MAX_VALUE;
        long wanted = max - allowance; // allowance went negative by the amount over the budget
        allowance += bytes; // nothing was allocated; keep the budget sane for a caller that catches this
        return ReadErrors.overBudget(what, at, bytes, wanted, max);
    }

    // ---------------------------------------------------------------- strings

    /** @return a string written by {@link WriteBuffer#writeString}, or null */
    public String readString() {
        // Most strings are short Latin-1 ones already in the array: a one-byte header 1..127 with coder bit 0
        // (an odd header byte) and at most 63 chars. Checked and charged here as readLength would, without
        // the offset, the varint call and the stream checks of the general path below.
        int p = position;
        if (p < limit) {
            int h = array[p];
            int len = h >>> 1;
            if ((h & 0x81) == 1 && small(p, len, len)) { // 1..127 and odd: a Latin-1 header
                @SuppressWarnings("deprecation") // the Latin-1 copy, as below
                String s = new String(array, 0, p + 1, len);
                position += len;
                return s;
            }
        }
        return readStringInGeneral();
    }

    private String readStringInGeneral() {
        long at = offset();
        int h = readUnsignedVarInt();
        if (h == 0) {
            return null;
        }
        int header = h - 1;
        int len = header >>> 1;
        if (header < 0) {
            throw ReadErrors.invalid("string header", header, at);
        }
        if ((header & 1) != 0) {
            return readUtf16(len, at);
        }
        checkAvailable(len, at, len);
        charge(len, OBJECT_BYTES + (long) len, at, "string length");
        if (limit - position >= len) {
            // Latin-1 is exactly what this constructor makes with a high byte of 0 (char = byte & 0xff): a copy
            // of the range, and small enough for the JIT to inline, unlike String(byte[], int, int, Charset),
            // whose general decoder is 840 bytes of bytecode and always a call. This method, too, is kept
            // under the JIT's 325-byte limit for inlining hot methods: the UTF-16 case is a call of its own.
            @SuppressWarnings("deprecation")
            String s = new String(array, 0, position, len);
            position += len;
            return s;
        }
        return new String(SteppedReads.raw(this, len), StandardCharsets.ISO_8859_1);
    }

    private String readUtf16(int len, long at) {
        long bytes = (long) len << 1;
        checkAvailable(bytes, at, len);
        charge(len, OBJECT_BYTES + bytes, at, "string length");
        return new String(SteppedReads.elements(this, len, 2, char[]::new, Bulk::getChars, Arrays::copyOf));
    }

    // ---------------------------------------------------------------- bulk

    /**
     * Raw bytes into {@code dst}.
     *
     * @param dst    destination
     * @param offset first index
     * @param length how many
     */
    public void readBytes(byte[] dst, int offset, int length) {
        int done = 0;
        while (done < length) {
            if (position == limit && !tryFill(1, length - done)) {
                throw truncated(length - done);
            }
            int n = Math.min(length - done, limit - position);
            System.arraycopy(array, position, dst, offset + done, n);
            position += n;
            done += n;
        }
    }

    /**
     * The fast path of the primitive-array readers: a one-byte header (a non-null array of at most 126
     * elements) whose elements are all in {@link #array()} already and within the limits. Charges the budget
     * as {@link #readLength} would and consumes the header; returns -1, consuming nothing, when any of that
     * does not hold, and {@link SteppedReads#array} then reads (or rejects) the array.
     */
    private int smallLength(int shift) {
        int p = position;
        if (p < limit) {
            int n = array[p] - 1; // headers 1..127 are one byte; 0 (null) and continuation bytes go below 0
            if (n >= 0 && small(p, n, n << shift)) {
                return n;
            }
        }
        return -1;
    }

    /**
     * The checks of {@link #readLength} for a one-byte header at {@code p} declaring {@code n} elements of
     * {@code bytes} bytes in all: they are in the window, within {@code maxLength} and the allocation budget.
     * If so, charges the budget, consumes the header and returns true; else consumes nothing.
     */
    private boolean small(int p, int n, int bytes) {
        long cost = OBJECT_BYTES + bytes;
        if (limit - p - 1 >= bytes && n <= maxLength && allowance - cost >= 0) {
            allowance -= cost;
            position = p + 1;
            return true;
        }
        return false;
    }

    /**
     * A primitive array: {@link #smallLength}'s fast path, else the general path ({@link SteppedReads#array}).
     * Each public reader passes constant method references, so once this is inlined into it the calls are direct.
     */
    private <A> A readPrimitives(int shift, IntFunction<A> create, SteppedReads.Decoder<A> decoder,
                                 SteppedReads.Grow<A> grow) {
        int small = smallLength(shift);
        if (small >= 0) {
            A a = create.apply(small);
            decoder.decode(array, position, a, 0, small);
            position += small << shift;
            return a;
        }
        return SteppedReads.array(this, 1 << shift, create, decoder, grow);
    }

    /** @return a nullable array written by {@link WriteBuffer#writeByteArray} */
    public byte[] readByteArray() {
        int n = readLength(1);
        if (n < 0) {
            return null;
        }
        if (limit - position >= n) {
            byte[] a = Arrays.copyOfRange(array, position, position + n);
            position += n;
            return a;
        }
        return SteppedReads.raw(this, n);
    }

    /** @return a nullable array written by {@link WriteBuffer#writeBooleanArray} */
    public boolean[] readBooleanArray() {
        int n = readLength(1);
        if (n < 0) {
            return null;
        }
        byte[] raw = limit - position >= n ? null : SteppedReads.raw(this, n);
        boolean[] a = new boolean[n];
        byte[] src = raw != null ? raw : array;
        int off = raw != null ? 0 : position;
        for (int i = 0; i < n; i++) {
            byte b = src[off + i];
            if ((b & ~1) != 0) {
                throw ReadErrors.invalidBoolean(b, raw != null ? offset() - n + i : offset() + i);
            }
            a[i] = b != 0;
        }
        if (raw == null) {
            position += n;
        }
        return a;
    }

    /** @return a nullable array written by {@link WriteBuffer#writeShortArray} */
    public short[] readShortArray() {
        return readPrimitives(1, short[]::new, Bulk::getShorts, Arrays::copyOf);
    }

    /** @return a nullable array written by {@link WriteBuffer#writeCharArray} */
    public char[] readCharArray() {
        return readPrimitives(1, char[]::new, Bulk::getChars, Arrays::copyOf);
    }

    /** @return a nullable array written by {@link WriteBuffer#writeIntArray} */
    public int[] readIntArray() {
        return readPrimitives(2, int[]::new, Bulk::getInts, Arrays::copyOf);
    }

    /** @return a nullable array written by {@link WriteBuffer#writeLongArray} */
    public long[] readLongArray() {
        return readPrimitives(3, long[]::new, Bulk::getLongs, Arrays::copyOf);
    }

    /**
     * @return a non-null array written by {@link WriteBuffer#writeCompactIntArray}, or by
     *         {@link WriteBuffer#writeIntArray} (a null header is the narrow form's escape here, not null)
     */
    public int[] readCompactIntArray() {
        long at = offset();
        int p = position;
        int[] a = p < limit && array[p] != Narrow.ESCAPE ? readIntArray() : Narrow.ints(this);
        if (a == null) { // a null header padded past its one byte (80 00): 00 alone is the narrow form's escape
            throw ReadErrors.nullHeader("int[]", at);
        }
        return a;
    }

    /** @return a non-null array written by {@link WriteBuffer#writeCompactLongArray} or {@link WriteBuffer#writeLongArray} */
    public long[] readCompactLongArray() {
        long at = offset();
        int p = position;
        long[] a = p < limit && array[p] != Narrow.ESCAPE ? readLongArray() : Narrow.longs(this);
        if (a == null) {
            throw ReadErrors.nullHeader("long[]", at);
        }
        return a;
    }

    /** @return a nullable array written by {@link WriteBuffer#writeFloatArray} */
    public float[] readFloatArray() {
        return readPrimitives(2, float[]::new, Bulk::getFloats, Arrays::copyOf);
    }

    /** @return a nullable array written by {@link WriteBuffer#writeDoubleArray} */
    public double[] readDoubleArray() {
        return readPrimitives(3, double[]::new, Bulk::getDoubles, Arrays::copyOf);
    }
}
