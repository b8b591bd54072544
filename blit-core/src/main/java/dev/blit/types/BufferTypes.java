package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * {@code java.nio.ByteBuffer}, extended id 42 (FORMAT.md): a payload field of a message class, which users could
 * not even register themselves, since every {@code ByteBuffer} is of a class private to the JDK (heap or direct,
 * writable or read-only, mapped). Its <em>remaining</em> bytes are written, as a channel's {@code write} takes
 * them, without moving the caller's position; with them the three things a reader could not guess: whether the
 * buffer was direct, its byte order, whether it was read-only. It comes back holding exactly those bytes, at
 * position 0, so {@code remaining()} is the same; what lay outside position..limit, the mark, and a mapped
 * buffer's file are not kept (a mapped buffer comes back as a plain direct one).
 */
final class BufferTypes {
    static final int DIRECT = 1;
    static final int LITTLE_ENDIAN = 2;
    static final int READ_ONLY = 4;
    private static final int CHUNK = 8192;

    private BufferTypes() {
    }

    static void write(WriteBuffer out, ByteBuffer b) {
        ByteBuffer d = b.duplicate(); // one read of position and limit; the caller's cursor does not move
        int flags = (b.isDirect() ? DIRECT : 0) | (b.order() == ByteOrder.LITTLE_ENDIAN ? LITTLE_ENDIAN : 0)
                | (b.isReadOnly() ? READ_ONLY : 0);
        out.writeByte(flags);
        int n = d.remaining();
        out.writeUnsignedVarInt(n + 1); // FORMAT.md arr: length + 1, never the null header
        if (d.hasArray()) {
            out.writeBytes(d.array(), d.arrayOffset() + d.position(), n);
            return;
        }
        byte[] chunk = new byte[Math.min(n, CHUNK)];
        while (d.hasRemaining()) {
            int k = Math.min(chunk.length, d.remaining());
            d.get(chunk, 0, k);
            out.writeBytes(chunk, 0, k);
        }
    }

    static ByteBuffer read(ReadBuffer in, long at) {
        long flagsAt = in.offset();
        int flags = in.readByte() & 0xFF;
        if ((flags & ~(DIRECT | LITTLE_ENDIAN | READ_ONLY)) != 0) {
            throw new BlitException("ByteBuffer at offset " + at + " has unknown flags 0x" + Integer.toHexString(flags)
                    + " at offset " + flagsAt);
        }
        long bytesAt = in.offset();
        byte[] bytes = in.readByteArray(); // the length checked and charged to the read's allocation budget first
        if (bytes == null) {
            throw new BlitException("null array header inside a ByteBuffer value at offset " + bytesAt);
        }
        ByteBuffer b;
        if ((flags & DIRECT) != 0) {
            in.charge(bytes.length, at, "a direct ByteBuffer"); // its memory besides the array read
            try {
                b = ByteBuffer.allocateDirect(bytes.length);
            } catch (OutOfMemoryError e) { // -XX:MaxDirectMemorySize reached: this value's fault, not the JVM's state
                throw new BlitException("a direct ByteBuffer of " + bytes.length + " bytes at offset " + at
                        + " does not fit in the JVM's direct memory (" + e.getMessage() + ")", e);
            }
            b.put(bytes).flip();
        } else {
            b = ByteBuffer.wrap(bytes);
        }
        if ((flags & READ_ONLY) != 0) {
            b = b.asReadOnlyBuffer();
        }
        return b.order((flags & LITTLE_ENDIAN) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
    }
}
