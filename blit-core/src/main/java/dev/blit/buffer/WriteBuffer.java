package dev.blit.buffer;

import dev.blit.BlitException;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The write side of every Blit backend: primitives (little-endian), zig-zag varints, strings and bulk
 * primitive arrays, appended at a cursor.
 *
 * <p>Every backend stages bytes in a {@code byte[]} and reaches it through
 * {@link MethodHandles#byteArrayViewVarHandle} views, so the hot path is the same single final class for
 * all of them: a growable heap buffer ({@link #WriteBuffer()}), a fixed region of a caller's array
 * ({@link #wrap(byte[], int, int)}), an {@link OutputStream} ({@link #to(OutputStream)}) or a heap, direct
 * or memory-mapped {@link ByteBuffer} ({@link #to(ByteBuffer)}). The last two drain the staging array in
 * bulk when it fills and on {@link #flush()}. Keeping one class keeps call sites in generated serializers
 * monomorphic, and it makes "one format for every backend" true by construction.
 *
 * <p>Not thread-safe: a buffer belongs to one writer at a time. Re-point it with {@link #clear()} instead
 * of allocating a new one.
 */
public final class WriteBuffer {
    static final VarHandle SHORT = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final int MAX_ARRAY = Integer.MAX_VALUE - 16;
    private static final int DEFAULT_CAPACITY = 256;
    private static final int STAGING_CAPACITY = 8192;
    /**
     * A stream's staging area starts this small and doubles each time it fills, up to
     * {@link #STAGING_CAPACITY}: writing one small value to a freshly opened file allocates and zeroes 1 KiB,
     * not 8, while a long stream reaches full-size writes after three drains.
     */
    private static final int FIRST_STAGING = 1024;

    private byte[] array;
    private int position;
    private int limit;
    private final int start;
    private final boolean growable;
    private final OutputStream stream;
    private final ByteBuffer target;
    /** Bytes already drained to the stream or target; the logical offset is drained + position - start. */
    private long drained;
    private ObjectWriter objects;

    private WriteBuffer(byte[] array, int start, int limit, boolean growable, OutputStream stream, ByteBuffer target) {
        this.array = array;
        this.start = start;
        this.position = start;
        this.limit = limit;
        this.growable = growable;
        this.stream = stream;
        this.target = target;
    }

    /** A growable heap buffer with a small initial capacity. */
    public WriteBuffer() {
        this(DEFAULT_CAPACITY);
    }

    /**
     * A growable heap buffer.
     *
     * @param initialCapacity bytes to allocate up front
     */
    public WriteBuffer(int initialCapacity) {
        this(new byte[Math.max(16, initialCapacity)], 0, Math.max(16, initialCapacity), true, null, null);
    }

    /**
     * A buffer that writes into {@code array[offset .. offset+length)} and never grows: writing past the
     * region is a {@link BlitException}.
     *
     * @param array  the destination
     * @param offset where the region starts
     * @param length how many bytes the region holds
     * @return a buffer whose cursor is at {@code offset}
     */
    public static WriteBuffer wrap(byte[] array, int offset, int length) {
        if (offset < 0 || length < 0 || offset > array.length - length) {
            throw new BlitException("region [" + offset + ", " + offset + "+" + length + ") is outside an array of "
                    + array.length + " bytes");
        }
        return new WriteBuffer(array, offset, offset + length, false, null, null);
    }

    /**
     * A buffer that stages bytes internally and writes them to {@code out} when the staging area fills and
     * on {@link #flush()}. The stream is not closed by Blit.
     *
     * @param out the destination stream
     * @return a buffer bound to {@code out}
     * @throws NullPointerException if {@code out} is null (else the buffer would drop what it is given)
     */
    public static WriteBuffer to(OutputStream out) {
        return new WriteBuffer(new byte[FIRST_STAGING], 0, FIRST_STAGING, false,
                java.util.Objects.requireNonNull(out, "out"), null);
    }

    /**
     * A buffer that stages bytes and copies them in bulk into {@code target} (heap, direct or
     * memory-mapped) from its current position, when staging fills and on {@link #flush()}. A target
     * without room left, or a read-only one, is a {@link BlitException}.
     *
     * @param target the destination; its position advances as bytes are flushed
     * @return a buffer bound to {@code target}
     */
    public static WriteBuffer to(ByteBuffer target) {
        if (target.isReadOnly()) {
            throw new BlitException("cannot write to a read-only ByteBuffer");
        }
        int cap = Math.max(16, Math.min(STAGING_CAPACITY, target.remaining()));
        return new WriteBuffer(new byte[cap], 0, cap, false, null, target);
    }

    // ---------------------------------------------------------------- cursor

    /** @return bytes written through this buffer since it was created or last cleared */
    public long position() {
        return drained + position - start;
    }

    /**
     * Moves the cursor back to an earlier {@link #position()}, dropping what was written after it, if all of
     * that is still here: always in a heap buffer or a fixed region; in a buffer bound to a stream or
     * {@code ByteBuffer}, only while those bytes are still staged (a value larger than the staging area, or a
     * {@link #flush()}, sends bytes on, and they cannot be taken back). {@link dev.blit.Blit#write(Object,
     * WriteBuffer)} calls it when a value fails, so a failed value leaves no partial encoding behind.
     *
     * @param to a position this buffer had, at most the current one
     * @return true if the cursor is now at {@code to}; false, with nothing changed, if some of the bytes
     *         after {@code to} were already drained to the stream or {@code ByteBuffer}
     * @throws BlitException if {@code to} is negative or past the current position
     */
    public boolean rewind(long to) {
        if (to < 0 || to > position()) {
            throw new BlitException("cannot rewind to position " + to + ": the buffer is at " + position());
        }
        if (to < drained) {
            return false;
        }
        position = start + (int) (to - drained);
        return true;
    }

    /** Forgets everything written, keeping the storage: the buffer can be reused for the next message. */
    public void clear() {
        position = start;
        drained = 0;
    }

    /**
     * @return a copy of the bytes written so far that are still staged (for a heap buffer: all of them)
     */
    public byte[] toByteArray() {
        return Arrays.copyOfRange(array, start, position);
    }

    /** @return the backing array of a heap buffer; bytes {@code [arrayOffset(), arrayOffset()+position())} */
    public byte[] array() {
        return array;
    }

    /** @return where the written bytes begin in {@link #array()} */
    public int arrayOffset() {
        return start;
    }

    /**
     * Drains staged bytes to the stream or {@code ByteBuffer} this buffer is bound to (and flushes the
     * stream). A no-op for heap buffers.
     */
    public void flush() {
        drain();
        if (stream != null || target != null) {
            shrinkStaging();
        }
        if (stream != null) {
            try {
                stream.flush();
            } catch (IOException e) {
                throw new BlitException("flushing the output stream failed after " + position() + " bytes: " + e, e);
            }
        }
    }

    /**
     * Makes room for {@code n} more bytes: after it returns, {@code n} bytes can be written without checks.
     * Generated serializers call it once for a whole fixed-size block.
     *
     * @param n bytes needed
     */
    public void ensure(int n) {
        if (limit - position < n) {
            makeRoom(n);
        }
    }

    /**
     * Reserves {@code n} bytes at the cursor for the caller to fill in place, and moves the cursor past them.
     * It exists for fixed-layout blocks (a class whose fields are all primitives, FORMAT.md "Flat classes"):
     * generated code makes one capacity check for the whole block, then stores every field at a constant
     * offset from the returned index through {@link MethodHandles#byteArrayViewVarHandle} views of
     * {@link #array()}, with no per-field bounds check or cursor update: as close to a memory copy as Java
     * gets without {@code Unsafe}. The caller must fill all {@code n} bytes before the next write.
     *
     * @param n bytes to reserve, at least 0
     * @return the index in {@link #array()} of the first reserved byte; fetch the array after this call,
     *         since making room may have replaced it
     * @throws IllegalArgumentException if {@code n} is negative: a mistake in the calling code, not in any
     *         input, which would otherwise move the cursor back over bytes already written
     */
    public int claim(int n) {
        // For generated code n is a constant, and the JIT drops "n < 0"; makeRoom refuses it.
        if (limit - position < n || n < 0) {
            makeRoom(n);
        }
        int p = position;
        position = p + n;
        return p;
    }

    private void makeRoom(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("cannot claim a negative number of bytes: " + n + " (at offset "
                    + position() + ")");
        }
        if (stream != null || target != null) {
            drain();
            if (n <= STAGING_CAPACITY) {
                shrinkStaging();
            }
            widenStaging();
            if (limit - position >= n) {
                return;
            }
            grow(n);
            return;
        }
        if (!growable) {
            throw new BlitException("buffer full at offset " + position() + ": " + n + " more bytes needed, "
                    + (limit - position) + " left in a fixed region of " + (limit - start) + " bytes");
        }
        grow(n);
    }

    /**
     * After a drain (nothing staged): a staging area that grew past its full size for one large value (a long
     * string is staged whole) goes back to it, so that the buffer does not keep the largest value it ever wrote.
     */
    private void shrinkStaging() {
        if (array.length > STAGING_CAPACITY && position == start) {
            array = new byte[STAGING_CAPACITY];
            limit = array.length;
        }
    }

    /** After a drain (nothing staged): a stream's staging area that filled doubles, up to its full size. */
    private void widenStaging() {
        if (stream != null && array.length < STAGING_CAPACITY) {
            array = new byte[Math.min(STAGING_CAPACITY, array.length * 2)];
            limit = array.length;
        }
    }

    private void grow(int n) {
        long needed = (long) position + n;
        if (needed > MAX_ARRAY) {
            throw new BlitException("cannot hold more than " + MAX_ARRAY + " bytes in one buffer (at offset "
                    + position() + ", " + n + " more bytes needed)" + (stream == null && target == null
                    ? ": write a value this large to a stream (Blit.write(value, OutputStream), ObjectFile), which is"
                    + " sent on a staging area's worth at a time" : ""));
        }
        long doubled = Math.max(16L, (long) array.length * 2);
        int capacity = (int) Math.min(MAX_ARRAY, Math.max(needed, doubled));
        array = Arrays.copyOf(array, capacity);
        limit = capacity;
    }

    private void drain() {
        int count = position - start;
        if (count == 0) {
            return;
        }
        if (stream != null) {
            try {
                stream.write(array, start, count);
            } catch (IOException e) {
                throw new BlitException("writing to the output stream failed at offset " + drained + ": " + e, e);
            }
        } else if (target != null) {
            if (target.remaining() < count) {
                throw new BlitException("target ByteBuffer full at offset " + drained + ": " + count
                        + " more bytes to write, " + target.remaining() + " left, and what is still to come is not"
                        + " known until it is written (a value goes out a staging area at a time): a value's whole"
                        + " size is Blit.toBytes(value).length");
            }
            target.put(array, start, count);
        } else {
            return;
        }
        drained += count;
        position = start;
    }

    // ---------------------------------------------------------------- objects

    /** @return the object writer attached by Blit, or null when this buffer is used on its own */
    public ObjectWriter objects() {
        return objects;
    }

    /**
     * Attaches the object layer (Blit does this for the duration of a write).
     *
     * @param objects the writer to use for {@link #writeObject}, or null to detach
     * @return the writer that was attached before, to restore afterwards
     */
    public ObjectWriter objects(ObjectWriter objects) {
        ObjectWriter previous = this.objects;
        this.objects = objects;
        return previous;
    }

    /**
     * Writes any value Blit knows (a built-in type, a registered class, null) with its type tag. Only
     * available while the buffer is being written by {@code Blit}, e.g. inside a {@code Marshallable}: its
     * value goes into that message, numbered among its references. Let an exception from it propagate: a value
     * that failed halfway has left part of itself in the message, so a write that catches it and goes on fails
     * as a whole when it ends ({@code Blit.write} then leaves the buffer as it was before the value).
     *
     * @param value the value, or null
     * @throws BlitException outside a {@code Blit} call on this buffer (also once one that used it has ended),
     *                       or if the value cannot be written
     */
    public void writeObject(Object value) {
        ObjectWriter w = objects;
        if (w == null) {
            throw new BlitException("writeObject needs a Blit instance: write through Blit.write(value, buffer)");
        }
        w.writeObject(this, value);
    }

    // ---------------------------------------------------------------- fixed-size primitives

    /** @param v the low 8 bits are written */
    public void writeByte(int v) {
        if (position == limit) {
            makeRoom(1);
        }
        array[position++] = (byte) v;
    }

    /** @param v written as one byte, 1 or 0 */
    public void writeBoolean(boolean v) {
        writeByte(v ? 1 : 0);
    }

    /** @param v two bytes, little-endian */
    public void writeShort(int v) {
        ensure(2);
        SHORT.set(array, position, (short) v);
        position += 2;
    }

    /** @param v two bytes, little-endian */
    public void writeChar(char v) {
        writeShort(v);
    }

    /** @param v four bytes, little-endian */
    public void writeInt(int v) {
        ensure(4);
        INT.set(array, position, v);
        position += 4;
    }

    /** @param v eight bytes, little-endian */
    public void writeLong(long v) {
        ensure(8);
        LONG.set(array, position, v);
        position += 8;
    }

    /** @param v its raw IEEE 754 bits (NaN payloads kept), four bytes */
    public void writeFloat(float v) {
        writeInt(Float.floatToRawIntBits(v));
    }

    /** @param v its raw IEEE 754 bits (NaN payloads and -0.0 kept), eight bytes */
    public void writeDouble(double v) {
        writeLong(Double.doubleToRawLongBits(v));
    }

    // ---------------------------------------------------------------- varints

    /**
     * Unsigned LEB128: seven bits a byte, low group first, high bit set on all but the last byte. One byte
     * for 0..127, five at most.
     *
     * @param v treated as unsigned
     */
    public void writeUnsignedVarInt(int v) {
        // Tags, counts and short lengths are one byte: that case stays under the JIT's 35-byte limit for
        // inlining at any call site, however cold; the rest is a call.
        int p = position;
        if ((v & ~0x7F) == 0 && p < limit) {
            array[p] = (byte) v;
            position = p + 1;
            return;
        }
        writeUnsignedVarIntTail(v);
    }

    private void writeUnsignedVarIntTail(int v) {
        if (limit - position < 5) {
            slowVar(v & 0xFFFFFFFFL);
            return;
        }
        byte[] a = array;
        int p = position;
        // Two bytes (values up to 16383: most lengths, field values, ids) without the loop. A branch-free
        // encoding of every size in one int store was measured too and was slower (seed write 30 -> 34 ns).
        if ((v >>> 14) == 0) {
            a[p] = (byte) (v | 0x80);
            a[p + 1] = (byte) (v >>> 7);
            position = p + 2;
            return;
        }
        while ((v & ~0x7F) != 0) {
            a[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        a[p++] = (byte) v;
        position = p;
    }

    /** @param v zig-zag encoded (small magnitudes of either sign are short), then {@link #writeUnsignedVarInt} */
    public void writeVarInt(int v) {
        writeUnsignedVarInt((v << 1) ^ (v >> 31));
    }

    /** @param v treated as unsigned; LEB128, ten bytes at most */
    public void writeUnsignedVarLong(long v) {
        if (limit - position < 10) {
            slowVar(v);
            return;
        }
        byte[] a = array;
        int p = position;
        if ((v >>> 14) == 0) {
            if ((v >>> 7) == 0) {
                a[p] = (byte) v;
                position = p + 1;
                return;
            }
            a[p] = (byte) (v | 0x80);
            a[p + 1] = (byte) (v >>> 7);
            position = p + 2;
            return;
        }
        while ((v & ~0x7FL) != 0) {
            a[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        a[p++] = (byte) v;
        position = p;
    }

    /** Near the end of the room: exactly as many bytes as the value needs, one at a time. */
    private void slowVar(long v) {
        ensure(varIntSize(v));
        while ((v & ~0x7FL) != 0) {
            array[position++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        array[position++] = (byte) v;
    }

    /** @param v zig-zag encoded, then {@link #writeUnsignedVarLong} */
    public void writeVarLong(long v) {
        writeUnsignedVarLong((v << 1) ^ (v >> 63));
    }

    // ---------------------------------------------------------------- strings

    /**
     * Writes a nullable string, losslessly (lone surrogates included). Header: unsigned varint 0 for null,
     * otherwise {@code ((length << 1) | coder) + 1}; coder 0 is Latin-1 (one byte a char), coder 1 is
     * UTF-16LE (two bytes a char).
     *
     * <p>Latin-1 in two passes, a check and a copy, because of how the JDK stores strings: one whose chars
     * all fit in a byte is kept as bytes (compact strings, the default), so {@code charAt} of it can never
     * exceed 0xFF and the JIT reduces the check to nothing, and {@link String#getBytes(int, int, byte[], int)}
     * copies those bytes with one {@code System.arraycopy}. Against the one-pass loop it replaces (check and
     * store each char), MediaContent's write went from 186-198 to 128-133 ns (MediaContentBenchmark). Any other
     * string stops the check at its first wide char and is written as UTF-16.
     *
     * @param s the string, or null
     */
    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): the low byte of each char, exact for Latin-1
    public void writeString(String s) {
        if (s == null) {
            writeByte(0);
            return;
        }
        int len = s.length();
        if (len > (MAX_ARRAY >> 1)) {
            throw new BlitException("string of " + len + " chars is too long to write: a string is staged whole, in"
                    + " at most " + MAX_ARRAY + " bytes (" + (MAX_ARRAY >> 1) + " chars)");
        }
        for (int i = 0; i < len; i++) {
            if (s.charAt(i) > 0xFF) {
                writeUtf16(s, len);
                return;
            }
        }
        int h = (len << 1) + 1;
        int p = position;
        if (len < 64 && limit - p > len) { // a one-byte header, and room for it and the chars
            byte[] a = array;
            a[p] = (byte) h;
            s.getBytes(0, len, a, p + 1);
            position = p + 1 + len;
            return;
        }
        // Room for header and chars at once, so a fixed region that is too small fails before the header.
        ensure(varIntSize(h) + len);
        byte[] a = array;
        while ((h & ~0x7F) != 0) {
            a[position++] = (byte) (h | 0x80);
            h >>>= 7;
        }
        a[position++] = (byte) h;
        s.getBytes(0, len, a, position);
        position += len;
    }

    private void writeUtf16(String s, int len) {
        // Room for header and chars at once, so a fixed region that is too small fails before the header.
        int h = (len << 1) + 2;
        ensure(varIntSize(h) + (len << 1));
        writeUnsignedVarInt(h);
        byte[] a = array;
        int p = position;
        for (int i = 0; i < len; i++) {
            SHORT.set(a, p, (short) s.charAt(i));
            p += 2;
        }
        position = p;
    }

    static int varIntSize(long v) {
        int n = 1;
        while ((v & ~0x7FL) != 0) {
            v >>>= 7;
            n++;
        }
        return n;
    }

    // ---------------------------------------------------------------- bulk

    /**
     * Raw bytes, no length.
     *
     * @param src    source array
     * @param offset first byte
     * @param length how many
     */
    public void writeBytes(byte[] src, int offset, int length) {
        if (length > limit - position) {
            if (stream != null && length > array.length) {
                drain();
                try {
                    stream.write(src, offset, length);
                } catch (IOException e) {
                    throw new BlitException("writing to the output stream failed at offset " + drained + ": " + e, e);
                }
                drained += length;
                return;
            }
            makeRoom(length);
        }
        System.arraycopy(src, offset, array, position, length);
        position += length;
    }

    /**
     * Writes a nullable array as unsigned varint {@code length + 1} (0 for null), then its elements.
     * The same header is used by every {@code write*Array} method.
     */
    private boolean arrayHeader(Object a, int length, int elementSize) {
        if (a == null) {
            writeByte(0);
            return false;
        }
        writeUnsignedVarInt(length + 1);
        if ((long) length * elementSize > MAX_ARRAY) {
            throw new BlitException("array of " + length + " elements is too large to write: its content would be "
                    + (long) length * elementSize + " bytes, over the " + MAX_ARRAY + " an array's content may take");
        }
        return true;
    }

    /**
     * The fast path of the primitive-array writers: when the array has at most 126 elements (a one-byte
     * header) and header and elements fit without making room, writes the header, reserves the elements'
     * bytes and returns where they go; otherwise returns -1 having written nothing.
     */
    private int claimSmall(int length, int shift) {
        int p = position;
        if (length < 127 && limit - p > length << shift) {
            array[p] = (byte) (length + 1);
            position = p + 1 + (length << shift);
            return p + 1;
        }
        return -1;
    }

    /** @param a nullable; varint length + 1, then the bytes */
    public void writeByteArray(byte[] a) {
        if (arrayHeader(a, a == null ? 0 : a.length, 1)) {
            writeBytes(a, 0, a.length);
        }
    }

    /** @param a nullable; varint length + 1, then one byte (0 or 1) an element */
    public void writeBooleanArray(boolean[] a) {
        if (arrayHeader(a, a == null ? 0 : a.length, 1)) {
            int i = 0;
            while (i < a.length) {
                int n = room(a.length - i, 1);
                for (int k = 0; k < n; k++) {
                    array[position + k] = (byte) (a[i + k] ? 1 : 0);
                }
                position += n;
                i += n;
            }
        }
    }

    /** @param a nullable; varint length + 1, then two bytes an element */
    public void writeShortArray(short[] a) {
        int p;
        if (a != null && (p = claimSmall(a.length, 1)) >= 0) {
            Bulk.putShorts(array, p, a, 0, a.length);
            return;
        }
        writeArray(a, a == null ? 0 : a.length, 2, Bulk::putShorts);
    }

    /** @param a nullable; varint length + 1, then two bytes an element */
    public void writeCharArray(char[] a) {
        int p;
        if (a != null && (p = claimSmall(a.length, 1)) >= 0) {
            Bulk.putChars(array, p, a, 0, a.length);
            return;
        }
        writeArray(a, a == null ? 0 : a.length, 2, Bulk::putChars);
    }

    /** @param a nullable; varint length + 1, then four bytes an element */
    public void writeIntArray(int[] a) {
        int p;
        if (a != null && (p = claimSmall(a.length, 2)) >= 0) {
            Bulk.putInts(array, p, a, 0, a.length);
            return;
        }
        writeArray(a, a == null ? 0 : a.length, 4, Bulk::putInts);
    }

    /** @param a nullable; varint length + 1, then eight bytes an element */
    public void writeLongArray(long[] a) {
        int p;
        if (a != null && (p = claimSmall(a.length, 3)) >= 0) {
            Bulk.putLongs(array, p, a, 0, a.length);
            return;
        }
        writeArray(a, a == null ? 0 : a.length, 8, Bulk::putLongs);
    }

    /**
     * Writes an {@code int[]} compactly, as Blit writes one with {@code Blit.builder().compactArrays(true)}: when
     * every element fits in one to three bytes and that saves space, the narrow form ({@code 00}, the width, the
     * length header as for {@link #writeIntArray}, each element in that width); otherwise exactly what
     * {@link #writeIntArray} writes. Never larger than the plain form. Read it with {@link ReadBuffer#readCompactIntArray}, which reads both.
     *
     * @param a not null: the header {@code 00} that means null to {@link ReadBuffer#readIntArray} starts the
     *          narrow form here
     */
    public void writeCompactIntArray(int[] a) {
        int w = Narrow.width(java.util.Objects.requireNonNull(a, Narrow.NOT_NULL));
        int p;
        if (!Narrow.saves(a.length, w, 4)) {
            writeIntArray(a);
        } else if ((p = claimNarrow(a.length, w)) >= 0) {
            Narrow.encode(array, p, a, 0, a.length, w);
        } else {
            narrowHeader(w);
            writeArray(a, a.length, w, (dst, off, src, from, n) -> Narrow.encode(dst, off, src, from, n, w));
        }
    }

    /**
     * Writes a {@code long[]} compactly: the narrow form when every element fits in one to seven bytes,
     * otherwise what {@link #writeLongArray} writes (see {@link #writeCompactIntArray}). Read it with
     * {@link ReadBuffer#readCompactLongArray}.
     *
     * @param a not null
     */
    public void writeCompactLongArray(long[] a) {
        int w = Narrow.width(java.util.Objects.requireNonNull(a, Narrow.NOT_NULL));
        int p;
        if (!Narrow.saves(a.length, w, 8)) {
            writeLongArray(a);
        } else if ((p = claimNarrow(a.length, w)) >= 0) {
            Narrow.encode(array, p, a, 0, a.length, w);
        } else {
            narrowHeader(w);
            writeArray(a, a.length, w, (dst, off, src, from, n) -> Narrow.encode(dst, off, src, from, n, w));
        }
    }

    private void narrowHeader(int width) {
        writeByte(Narrow.ESCAPE);
        writeByte(width);
    }

    /** {@link #claimSmall} for the compact form: escape, width and a one-byte header, then the elements' room. */
    private int claimNarrow(int length, int width) {
        int p = position;
        if (length < 127 && limit - p > 2 + length * width) {
            array[p] = Narrow.ESCAPE;
            array[p + 1] = (byte) width;
            array[p + 2] = (byte) (length + 1);
            position = p + 3 + length * width;
            return p + 3;
        }
        return -1;
    }

    /** @param a nullable; varint length + 1, then four bytes (raw bits) an element */
    public void writeFloatArray(float[] a) {
        int p;
        if (a != null && (p = claimSmall(a.length, 2)) >= 0) {
            Bulk.putFloats(array, p, a, 0, a.length);
            return;
        }
        writeArray(a, a == null ? 0 : a.length, 4, Bulk::putFloats);
    }

    /** @param a nullable; varint length + 1, then eight bytes (raw bits) an element */
    public void writeDoubleArray(double[] a) {
        int p;
        if (a != null && (p = claimSmall(a.length, 3)) >= 0) {
            Bulk.putDoubles(array, p, a, 0, a.length);
            return;
        }
        writeArray(a, a == null ? 0 : a.length, 8, Bulk::putDoubles);
    }

    /** Copies {@code n} elements into little-endian bytes (one of {@link Bulk}'s writers). */
    private interface Encoder<A> {
        void encode(byte[] dst, int off, A src, int from, int n);
    }

    /**
     * The general path of the primitive-array writers, where {@link #claimSmall} does not apply: a null or
     * longer array, or one that does not fit at once. Writes the header, then the elements in as many steps
     * as the room allows (one for a heap buffer, which grows; staging-sized ones for streams and
     * ByteBuffers).
     */
    private <A> void writeArray(A a, int length, int size, Encoder<A> encoder) {
        if (arrayHeader(a, length, size)) {
            int i = 0;
            while (i < length) {
                int n = room(length - i, size);
                encoder.encode(array, position, a, i, n);
                position += n * size;
                i += n;
            }
        }
    }

    /**
     * Makes room for as many of {@code wanted} elements of {@code size} bytes as fit: all of them for heap
     * buffers, a staging-area's worth for streams and ByteBuffers.
     */
    private int room(int wanted, int size) {
        long bytes = (long) wanted * size;
        if (limit - position >= bytes) {
            return wanted;
        }
        if (stream != null || target != null) {
            drain();
            shrinkStaging(); // elements go a staging area's worth at a time
            widenStaging();
            int fits = (limit - position) / size;
            if (fits > 0) {
                return Math.min(wanted, fits);
            }
        }
        makeRoom((int) Math.min(bytes, Integer.MAX_VALUE)); // past 2 GiB: grow's "cannot hold more than"
        return wanted;
    }
}
