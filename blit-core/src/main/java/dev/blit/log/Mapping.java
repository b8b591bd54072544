package dev.blit.log;

import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A memory-mapped region of a file that can be unmapped when its owner is done with it.
 *
 * <p>Why: Java 17 has no public way to unmap a {@link MappedByteBuffer}; the mapping goes only when the
 * collector frees the buffer (Chronicle and others call a JDK-internal cleaner for it, which Blit does not).
 * From Java 22 on, {@code FileChannel.map(mode, offset, size, arena)} maps a region into a
 * {@code java.lang.foreign.Arena}, and closing the arena unmaps it at once; {@code MemorySegment.asByteBuffer()}
 * gives the same {@code MappedByteBuffer} view the rest of the log uses. This class takes that path when the
 * running JDK has it, through method handles (the jar is compiled for Java 17), and the Java 17 one otherwise:
 * the bytes and every access are the same, only {@link #unmap()} differs.
 *
 * <p>After {@link #unmap()}, an access through the buffer throws {@code IllegalStateException} (on 22+), so the
 * owner must unmap only what nothing reads any more: {@link BlitLog#close()} and the regions replaced by a
 * larger mapping of the same file. The arena is a shared one: any thread may read, and closing it is safe
 * while another thread merely holds the buffer.
 */
final class Mapping {
    /** {@code Arena.ofShared()}, typed {@code ()AutoCloseable}; null before Java 22. */
    private static final MethodHandle OF_SHARED;
    /** {@code FileChannel.map(MapMode, long, long, Arena)}, typed to return Object and take an AutoCloseable. */
    private static final MethodHandle MAP;
    /** {@code MemorySegment.asByteBuffer()}, typed {@code (Object)ByteBuffer}. */
    private static final MethodHandle AS_BYTE_BUFFER;

    static {
        MethodHandle ofShared = null;
        MethodHandle map = null;
        MethodHandle asByteBuffer = null;
        if (Runtime.version().feature() >= 22) {
            try {
                MethodHandles.Lookup l = MethodHandles.publicLookup();
                Class<?> arena = Class.forName("java.lang.foreign.Arena");
                Class<?> segment = Class.forName("java.lang.foreign.MemorySegment");
                ofShared = l.findStatic(arena, "ofShared", MethodType.methodType(arena))
                        .asType(MethodType.methodType(AutoCloseable.class));
                map = l.findVirtual(FileChannel.class, "map",
                                MethodType.methodType(segment, FileChannel.MapMode.class, long.class, long.class, arena))
                        .asType(MethodType.methodType(Object.class, FileChannel.class, FileChannel.MapMode.class,
                                long.class, long.class, AutoCloseable.class));
                asByteBuffer = l.findVirtual(segment, "asByteBuffer", MethodType.methodType(java.nio.ByteBuffer.class))
                        .asType(MethodType.methodType(java.nio.ByteBuffer.class, Object.class));
            } catch (ReflectiveOperationException | RuntimeException e) {
                ofShared = null; // a JDK without them after all: the Java 17 path
            }
        }
        OF_SHARED = ofShared;
        MAP = map;
        AS_BYTE_BUFFER = asByteBuffer;
    }

    /** The mapped bytes, little-endian. */
    final MappedByteBuffer buffer;
    /** What unmaps them; null on Java 17 to 21. */
    private AutoCloseable arena;

    private Mapping(MappedByteBuffer buffer, AutoCloseable arena) {
        this.buffer = buffer;
        this.arena = arena;
        buffer.order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Maps {@code size} bytes of {@code channel} from {@code offset}, as {@code channel.map(mode, offset, size)} does.
     *
     * @throws IOException as {@link FileChannel#map} does
     */
    static Mapping map(FileChannel channel, FileChannel.MapMode mode, long offset, long size) throws IOException {
        if (OF_SHARED == null) {
            return new Mapping(channel.map(mode, offset, size), null);
        }
        AutoCloseable arena = null;
        try {
            arena = (AutoCloseable) OF_SHARED.invokeExact();
            Object segment = (Object) MAP.invokeExact(channel, mode, offset, size, arena);
            return new Mapping((MappedByteBuffer) (java.nio.ByteBuffer) AS_BYTE_BUFFER.invokeExact(segment), arena);
        } catch (IOException | RuntimeException | Error e) {
            close(arena);
            throw e;
        } catch (Throwable t) {
            close(arena);
            throw new IllegalStateException(t); // the methods above declare no other checked exception
        }
    }

    /** @return whether {@link #unmap()} releases the mapping at once (Java 22 and later) */
    static boolean unmapsAtOnce() {
        return OF_SHARED != null;
    }

    /**
     * Releases the mapping now on Java 22 and later (every later access through {@link #buffer} throws
     * {@code IllegalStateException}); on earlier versions it is released when the buffer is collected. Idempotent.
     */
    void unmap() {
        AutoCloseable a = arena;
        arena = null;
        close(a);
    }

    private static void close(AutoCloseable arena) {
        if (arena == null) {
            return;
        }
        try {
            arena.close();
        } catch (Exception e) {
            // Arena.close declares none; an IllegalStateException (already closed) leaves nothing to release
        }
    }
}
