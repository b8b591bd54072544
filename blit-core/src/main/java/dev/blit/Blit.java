package dev.blit;

import dev.blit.buffer.ObjectReader;
import dev.blit.buffer.ObjectWriter;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.ReadLimits;
import dev.blit.buffer.WriteBuffer;
import dev.blit.gen.ClassSerializers;
import dev.blit.internal.NamedClasses;
import dev.blit.internal.ReadSession;
import dev.blit.internal.Registration;
import dev.blit.internal.Registry;
import dev.blit.internal.RegistryBuilder;
import dev.blit.internal.WriteSession;
import dev.blit.types.BuiltinTypes;
import dev.blit.types.TypeIds;

import java.io.InputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Modifier;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Turns objects into bytes and back. Build one with {@link #builder()}, register your classes, and share
 * the instance: its configuration is immutable, it is thread-safe, and it keeps no per-thread state (no
 * pools, no ThreadLocals), so it serves platform and virtual threads alike. The one thing it holds between
 * calls is a single idle buffer each for {@link #toBytes} and {@link #fromBytes} (and {@link #copy}, which
 * uses both), which a call takes if no other call has it, so that one thread at a time allocates no buffer
 * per call.
 *
 * <pre>{@code
 * Blit blit = Blit.builder()
 *     .register(Order.class, 100)
 *     .register(OrderLine.class, 101)
 *     .references(true)
 *     .build();
 * byte[] bytes = blit.toBytes(order);
 * Order copy = blit.fromBytes(bytes, Order.class);
 * }</pre>
 *
 * <p>Every value is written as a tagged value (FORMAT.md): a type id, then its content. The JDK types in
 * {@link TypeIds} need no registration; every other class must be registered under an id of 100 or more,
 * so that bytes from an untrusted source can only ever instantiate classes the application listed.
 */
public final class Blit {
    /** Default for {@link Builder#maxDepth(int)}. */
    public static final int DEFAULT_MAX_DEPTH = 2048;
    /**
     * Default for {@link Builder#maxLength(int)}: 100 million elements or chars, far above any one field of
     * a message (a 100 MB string or byte array), far below the JVM's array limit, so an absurd header fails
     * with its offset instead of an {@code OutOfMemoryError}.
     */
    public static final int DEFAULT_MAX_LENGTH = 100_000_000;
    /**
     * Default for {@link Builder#maxAllocationPerRead(long)}: 256 MiB, what a handful of concurrent reads of
     * hostile input can cost a server with a few GB of heap, and more than any one message of ordinary size
     * needs (SECURITY.md).
     */
    public static final long DEFAULT_MAX_ALLOCATION_PER_READ = 256L << 20;

    /** Buffers above this size are not kept for the next {@link #toBytes}: one huge value must not pin its array. */
    private static final int IDLE_KEEP = 1 << 16;
    private static final byte[] NO_BYTES = new byte[0];

    private final Registry registry;
    private final boolean references;
    private final boolean flat;
    private final boolean compatible;
    private final int maxDepth;
    private final ReadLimits limits;
    /**
     * One idle buffer, its session still attached, for the next {@link #toBytes}, and one for the next
     * {@link #fromBytes}: taken with an atomic swap and put back after a call that succeeded, so a caller that
     * finds the slot full (the common case: one thread at a time per instance) allocates neither buffer nor
     * session, and one that finds it empty (another thread has it, or a nested call) builds its own, as it
     * would without the slot. Not a pool and not a ThreadLocal: at most one each, never waited for, not tied
     * to a thread (so virtual threads share it too).
     */
    private final AtomicReference<WriteBuffer> idleOut = new AtomicReference<>();
    private final AtomicReference<ReadBuffer> idleIn = new AtomicReference<>();

    private Blit(Builder b) {
        this.references = b.references;
        this.flat = b.flat;
        this.compatible = b.compatible;
        this.maxDepth = b.maxDepth;
        this.limits = new ReadLimits(b.maxLength, b.maxAllocationPerRead);
        RegistryBuilder rb = new RegistryBuilder(b.lookups).compactArrays(b.compactArrays);
        BuiltinTypes.install(rb);
        ClassSerializers.Options options = new ClassSerializers.Options(b.flat, b.compatible);
        List<Registration> toBind = new ArrayList<>();
        for (Builder.Entry e : b.entries) {
            if (e.id < TypeIds.FIRST_USER_ID) {
                throw new BlitException("id " + e.id + " for " + e.type.getName() + " is reserved for Blit's built-in "
                        + "types; use an id >= " + TypeIds.FIRST_USER_ID);
            }
            if (e.serializer == null && e.type.isPrimitive()) {
                throw new BlitException("cannot register primitive type " + e.type);
            }
            Registration r = rb.add(e.id, e.type, e.serializer == null ? null : ClassSerializers.users(e.serializer, e.type,
                    options));
            if (e.hierarchy) {
                rb.hierarchy(r);
            }
            if (e.serializer == null) {
                toBind.add(r);
            } else {
                r.runs = ClassSerializers.runs(e.serializer);
                r.late = ClassSerializers.late(e.serializer);
            }
        }
        // Two passes: every Registration exists before any serializer is made, so generated code for
        // mutually recursive classes can point at each other's registrations.
        for (Registration r : toBind) {
            ClassSerializers.bind(r, rb, rb.lookupFor(r.type), options);
        }
        // Classes written by name get their serializers later, on first use, from the same builder and options
        // (which only NamedClasses touches from then on, one class at a time).
        NamedClasses named = b.classNames.isEmpty() ? null : new NamedClasses(b.classNames,
                b.classLoader != null ? b.classLoader : defaultLoader(), (type, late) -> ClassSerializers.content(type, rb,
                rb.lookupFor(type), options, late));
        this.registry = rb.build(named);
    }

    /** The thread's context class loader where it has one (an application server's), else Blit's own. */
    private static ClassLoader defaultLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : Blit.class.getClassLoader();
    }

    /**
     * @return a builder with references off, registration required, and the default limits
     *         {@link #DEFAULT_MAX_DEPTH}, {@link #DEFAULT_MAX_LENGTH} and {@link #DEFAULT_MAX_ALLOCATION_PER_READ}
     */
    public static Builder builder() {
        return new Builder();
    }

    // ---------------------------------------------------------------- byte arrays

    /**
     * @param value any built-in or registered value, or null
     * @return its encoding
     * @throws BlitException if a class in the graph is not registered, or the graph is too deep
     */
    public byte[] toBytes(Object value) {
        WriteBuffer out = written(value);
        byte[] bytes = out.toByteArray();
        keep(out);
        return bytes;
    }

    /**
     * @param bytes exactly one encoded value
     * @return the value, possibly null
     * @throws BlitException if the bytes are malformed, truncated, or followed by trailing bytes
     */
    public Object fromBytes(byte[] bytes) {
        return readWhole(bytes, bytes.length);
    }

    /**
     * @param bytes exactly one encoded value
     * @param type  the type expected
     * @param <T>   the type expected
     * @return the value, possibly null
     * @throws BlitException if the bytes are malformed or hold a value of another type
     */
    public <T> T fromBytes(byte[] bytes, Class<T> type) {
        return CallFailures.checkType(fromBytes(bytes), type, 0);
    }

    /**
     * A deep copy, as Kryo's and Fory's {@code copy} make one: exactly what {@code fromBytes(toBytes(value))}
     * returns, read back from the buffer it was written to, without the byte array in between. So it is a
     * copy of everything the value reaches, strings and boxes included, with this instance's rules: with
     * {@code references(true)} shared objects stay shared and cycles stay cycles among the copies; without,
     * each path gets its own copy and a cycle is a {@link BlitException}. Unregistered classes fail as on write.
     *
     * <p>A value whose class no caller can name, a JDK-private view or wrapper or a lambda, is copied as the class
     * its bytes read back as (FORMAT.md): a {@code TreeMap}'s {@code headMap} as a {@code TreeMap},
     * {@code Collections.asLifoQueue} as a {@code LinkedList}, a {@code WeakHashMap}'s entry as an
     * {@code AbstractMap.SimpleEntry}. That class keeps the interface the value is used through ({@code SortedMap},
     * {@code Queue}, {@code Map.Entry}), not the private class's other supertypes ({@code AbstractQueue},
     * {@code WeakReference}): declare {@code T} as that interface. Likewise a value written under another class's
     * registration ({@link Builder#registerHierarchy}) is copied as whatever that class's serializer builds, as
     * {@code fromBytes} reads it: declare {@code T} as the registered class.
     *
     * @param value any built-in or registered value, or null
     * @param <T>   its type
     * @return the copy, or null
     * @throws BlitException if the value cannot be written, or, for a class a caller can name, its copy is not
     *                       of its class (a {@code writeReplace} or {@code readResolve} that returns another type)
     */
    @SuppressWarnings("unchecked")
    public <T> T copy(T value) {
        WriteBuffer out = written(value);
        Object copy = readWhole(out.array(), (int) out.position());
        keep(out);
        return value == null ? null : (T) checkCopy(copy, value.getClass());
    }

    /**
     * A copy has the original's class, except where that class is one no caller can name: a JDK-private class
     * read back as the public class it behaves like or another of its family ({@code List.of(..).subList(..)} as
     * a {@code List.of} list, {@code asLifoQueue} as a {@code LinkedList}), or a lambda, whose class is spun anew.
     * Such a copy is what {@code fromBytes} gives, unchecked: checking it against the private class's public
     * supertypes would refuse copies {@code fromBytes(toBytes(value))} reads, where those supertypes are its
     * implementation ({@code AbstractQueue}, {@code WeakReference}, the {@code Externalizable} of Java 25's
     * {@code LinkedList.reversed()}) rather than the interface it is used through. So is the copy of a value written
     * as another class it is registered under ({@link Builder#registerHierarchy}: whatever that serializer builds,
     * a Guava {@code ImmutableList.reverse()} read back by {@code ImmutableList::copyOf}). Any other class (every
     * other user class) must come back as an instance of itself.
     */
    private Object checkCopy(Object copy, Class<?> type) {
        boolean unnamed = BuiltinTypes.isSerializableLambda(type)
                || (type.getClassLoader() == null && !Modifier.isPublic(type.getModifiers()));
        if (unnamed) {
            return copy;
        }
        Registration r = registry.find(type);
        return r != null && r.type != type ? copy : CallFailures.checkType(copy, type, 0);
    }

    /** {@code value} written into the idle buffer, or a new one; on failure the buffer is dropped, not kept. */
    private WriteBuffer written(Object value) {
        WriteBuffer out = idleOut.getAndSet(null);
        if (out == null) {
            out = new WriteBuffer(256);
        }
        write(value, out);
        return out;
    }

    /** Makes {@code out} the idle buffer again, unless a large value grew it past {@link #IDLE_KEEP}. */
    private void keep(WriteBuffer out) {
        if (out.array().length <= IDLE_KEEP) {
            out.clear();
            idleOut.lazySet(out);
        }
    }

    /** Reads exactly one value, all of {@code bytes[0 .. length)}, through the idle read buffer if free. */
    private Object readWhole(byte[] bytes, int length) {
        ReadBuffer in = idleIn.getAndSet(null);
        in = in == null ? ReadBuffer.of(bytes, 0, length) : in.reset(bytes, 0, length);
        Object v = read(in); // on failure the buffer is dropped, not put back
        if (in.offset() != length) {
            throw new BlitException((length - in.offset()) + " trailing bytes after the value at offset " + in.offset()
                    + ReadSession.SETTINGS_HINT);
        }
        idleIn.lazySet(in.reset(NO_BYTES, 0, 0)); // it must not keep the caller's bytes alive
        return v;
    }

    // ---------------------------------------------------------------- buffers

    /**
     * Appends one value to {@code out}, at its cursor. A stream- or ByteBuffer-bound buffer is not flushed:
     * call {@link WriteBuffer#flush()} when a batch is done.
     *
     * <p>A value that cannot be written (an unregistered class inside it, say) leaves {@code out} as it found
     * it: the cursor goes back to where the value began ({@link WriteBuffer#rewind}), so the values before
     * it stay a valid sequence and the next one can follow. The one exception is a value larger than a stream-
     * or ByteBuffer-bound buffer's staging area, part of which may already have been sent on when it failed.
     *
     * <p>Called from inside another value being written to {@code out} (a {@link Marshallable}'s
     * {@code writeMarshallable} writing its child with it), this write is a message of its own within that
     * one: an object it shares with the outer value is written again in full, not as a back reference (so it
     * reads back as a separate copy), and the outer value's back references do not reach into it. Write the
     * child with {@link WriteBuffer#writeObject} to keep it in the outer message instead. Its nesting still
     * counts from the outer value's depth: {@code maxDepth} bounds the levels of both together, as it does
     * through {@code writeObject}.
     *
     * @param value the value, or null
     * @param out   the destination
     */
    public void write(Object value, WriteBuffer out) {
        ObjectWriter previous = out.objects();
        WriteSession session = WriteSession.start(out, previous, this, registry, references, maxDepth);
        long mark = out.position();
        try {
            session.writeMessage(out, value);
        } catch (StackOverflowError e) {
            BlitException failure = CallFailures.stackOverflow("writing", out.position(), references ? "the object graph is"
                    : "the object graph is (with references(false) a cycle, an object that reaches itself, never ends:"
                    + " use references(true) for one)");
            undo(out, mark);
            throw failure;
        } catch (Throwable e) {
            undo(out, mark);
            throw e;
        } finally {
            session.end(out, previous); // a nested write: the outer one goes on with its own session
        }
    }

    /** Takes a failed value's bytes back, unless a serializer of the user's moved the cursor before where it began. */
    private static void undo(WriteBuffer out, long mark) {
        if (mark <= out.position()) {
            out.rewind(mark);
        }
    }

    /**
     * Reads one value at {@code in}'s cursor; the cursor ends right after it, ready for the next. The read
     * is bounded by this instance's limits ({@link Builder#maxLength(int)},
     * {@link Builder#maxAllocationPerRead(long)}), with a fresh allocation budget for each value, unless
     * {@code in} already has {@link ReadLimits} attached (a read nested in a {@code Marshallable}), which then
     * stay in force.
     *
     * <p>A read nested in another value being read from {@code in} (a {@link Marshallable}'s
     * {@code readMarshallable} reading its child with it) reads what a nested {@link #write(Object, WriteBuffer)}
     * wrote: a message of its own, whose back references reach only objects read inside it. Its nesting counts
     * from the outer value's depth, so {@code maxDepth} bounds the levels of both together (and the budget of
     * {@code maxAllocationPerRead} is the outer read's, as above).
     *
     * @param in the source
     * @return the value, possibly null
     */
    public Object read(ReadBuffer in) {
        return readValue(in, null);
    }

    /**
     * Reads one value into an object the caller already has, where its serializer can fill it in place:
     * that of a registered class made by its no-argument constructor whose fields are all non-final (flat or
     * not; its fields get the values read; not in compatible mode, where a field the writer lacked would keep
     * the target's old value), and a {@link Marshallable} (in either mode); see {@link Serializer#readInto}.
     * Otherwise, or if the bytes hold a value of another class or null, the value read is returned as
     * {@link #read(ReadBuffer, Class)} would return it.
     * The bytes are the same either way: this changes only where the value lands.
     *
     * @param in     the source
     * @param target the object to fill, never null
     * @param <T>    its type
     * @return {@code target}, filled; or a new value of its class; or null
     * @throws BlitException if the value read is not an instance of {@code target}'s class
     */
    @SuppressWarnings("unchecked")
    public <T> T readInto(ReadBuffer in, T target) {
        long at = in.offset();
        return CallFailures.checkType(readValue(in, java.util.Objects.requireNonNull(target, "target")), (Class<T>) target.getClass(), at);
    }

    /** {@link #read(ReadBuffer)}, into {@code target} when it is not null. */
    private Object readValue(ReadBuffer in, Object target) {
        ObjectReader previous = in.objects();
        ReadSession session = ReadSession.start(in, previous, this, registry, references, maxDepth);
        boolean attach = in.limits() == null;
        if (attach) {
            in.limits(limits);
        }
        try {
            Object v = target == null ? session.readObject(in) : session.readInto(in, target);
            session.validate(); // registerValidation callbacks: once the whole value is read
            if (attach) {
                in.settle(); // a stream read ahead (ReadBuffer.exactly) gets back what the value did not use
            }
            return v;
        } catch (StackOverflowError e) {
            throw CallFailures.stackOverflow("reading", in.offset(), "the input nests");
        } catch (BlitException e) {
            throw CallFailures.madeByBlit(e) ? e : CallFailures.codeFailed(in.offset(), e);
        } catch (Exception e) { // a checked one too: code the JVM let throw it undeclared (Lombok's @SneakyThrows, Kotlin)
            throw CallFailures.codeFailed(in.offset(), e);
        } finally {
            if (attach) {
                CallFailures.settleAfterFailure(in);
            }
            session.end(in, previous); // a nested read: the outer one goes on with its own session
            if (attach) {
                in.limits(null);
            }
        }
    }

    /**
     * @param in   the source
     * @param type the type expected
     * @param <T>  the type expected
     * @return the value, possibly null
     */
    public <T> T read(ReadBuffer in, Class<T> type) {
        long at = in.offset();
        return CallFailures.checkType(read(in), type, at);
    }

    /**
     * Writes one value into {@code target} (heap, direct or memory-mapped) at its position, and advances
     * the position past it.
     *
     * @param value  the value, or null
     * @param target the destination
     * @throws BlitException if {@code target} has too little room. Whatever fails (this, or the value's own
     *                       code), the position is then unchanged
     */
    public void write(Object value, ByteBuffer target) {
        int start = target.position();
        WriteBuffer out = WriteBuffer.to(target);
        try {
            write(value, out);
            out.flush();
        } catch (Throwable e) { // a checked one too: code the JVM let throw it undeclared (Lombok's @SneakyThrows)
            // A failed write leaves no partial value behind the caller's position, whoever's code failed: a
            // value past the staging area has already sent part of itself into the target.
            target.position(start);
            throw e;
        }
    }

    /**
     * Reads one value from {@code source} at its position, and advances the position past it.
     *
     * @param source the input
     * @return the value, possibly null
     */
    public Object read(ByteBuffer source) {
        ReadBuffer in = ReadBuffer.of(source);
        Object v = read(in);
        source.position(source.position() + (int) in.offset());
        return v;
    }

    // ---------------------------------------------------------------- streams

    /**
     * Writes one value to {@code out} and flushes it. To write many values, wrap the stream once with
     * {@link WriteBuffer#to(OutputStream)} and call {@link #write(Object, WriteBuffer)} for each.
     *
     * @param value the value, or null
     * @param out   the stream, left open
     */
    public void write(Object value, OutputStream out) {
        WriteBuffer buffer = WriteBuffer.to(out);
        write(value, buffer);
        buffer.flush();
    }

    /**
     * Reads one value from a stream and leaves the stream right after it, as {@link java.io.ObjectInputStream}'s
     * {@code readObject} does: values written one after another with {@link #write(Object, OutputStream)} come
     * back one per call, and data of another kind after a value stays in the stream for its own reader.
     * It takes only the value's bytes from the stream ({@link ReadBuffer#exactly(InputStream)}): from one that
     * supports {@code mark} it reads ahead and gives back what the value did not use (using the stream's mark, so a
     * mark set before the call does not survive it), from any other it asks for a few bytes at a time; so give it
     * a {@code BufferedInputStream} over a socket or file. To read
     * many values from a stream that holds nothing else, wrap it once with {@link ReadBuffer#of(InputStream)},
     * which reads ahead a window at a time, and call {@link #read(ReadBuffer)} for each.
     *
     * @param in the stream, left open
     * @return the value, possibly null
     */
    public Object read(InputStream in) {
        return read(ReadBuffer.exactly(in));
    }

    /**
     * The classes registered with this instance (ids from {@value TypeIds#FIRST_USER_ID} on), for tools
     * that show Blit bytes to a person ({@code blit dump --blit}) and need to name what they find.
     *
     * @return id to class, in id order
     */
    public java.util.SortedMap<Integer, Class<?>> registrations() {
        return registry.userTypes();
    }

    /**
     * @param type a registered or built-in class
     * @return the serializer this instance writes it with (generated, flat, hook-based, or the user's own)
     * @throws BlitException if the class is not known to this instance
     */
    public Serializer<?> serializerOf(Class<?> type) {
        return NamedClasses.contentOf(registry.forClass(type)); // a class written by name: its content, as a registered one's
    }

    /**
     * What a log line or a debugger should show of an instance: the options that decide its bytes, its
     * registrations (the first few), the class-name patterns it allows and its read limits, e.g.
     * {@code Blit[references=true, compatible=false, flat=true, 2 classes registered: 100 com.acme.Order,
     * 101 com.acme.OrderLine, maxDepth=2048, maxLength=100000000, maxAllocationPerRead=268435456]}.
     */
    @Override
    public String toString() {
        java.util.SortedMap<Integer, Class<?>> types = registrations();
        StringBuilder s = new StringBuilder("Blit[references=").append(references).append(", compatible=")
                .append(compatible).append(", flat=").append(flat).append(", ").append(types.size())
                .append(types.size() == 1 ? " class" : " classes").append(" registered");
        int shown = 0;
        for (java.util.Map.Entry<Integer, Class<?>> e : types.entrySet()) {
            s.append(shown == 0 ? ": " : ", ");
            if (shown++ == 8) {
                s.append("...");
                break;
            }
            s.append(e.getKey()).append(' ').append(e.getValue().getName());
        }
        String patterns = registry.namePatterns();
        if (patterns != null) {
            s.append(", allowClassNames ").append(patterns);
        }
        return s.append(", maxDepth=").append(maxDepth).append(", maxLength=").append(limits.maxLength())
                .append(", maxAllocationPerRead=").append(limits.maxAllocationPerRead()).append(']').toString();
    }

    /** @return whether this instance tracks shared references and cycles */
    public boolean references() {
        return references;
    }

    /**
     * @return whether this instance writes classes whose fields are all primitive as flat blocks
     *         ({@link Builder#flat}); reader and writer must agree, which {@code BlitLog} checks on opening
     */
    public boolean flat() {
        return flat;
    }

    /**
     * @return whether this instance is in compatible mode ({@link Builder#compatible}); reader and writer must
     *         agree, which {@code BlitLog} checks on opening
     */
    public boolean compatible() {
        return compatible;
    }

    /**
     * Configures and builds a {@link Blit}. Not thread-safe; the built instance is.
     */
    public static final class Builder {
        private final List<Entry> entries = new ArrayList<>();
        private final List<MethodHandles.Lookup> lookups = new ArrayList<>();
        private final List<String> classNames = new ArrayList<>();
        private ClassLoader classLoader;
        private boolean references;
        private boolean flat = true;
        private boolean compactArrays;
        private boolean compatible;
        private int maxDepth = DEFAULT_MAX_DEPTH;
        private int maxLength = DEFAULT_MAX_LENGTH;
        private long maxAllocationPerRead = DEFAULT_MAX_ALLOCATION_PER_READ;

        private static final class Entry {
            final Class<?> type;
            final int id;
            final Serializer<?> serializer;
            /** Whether the serializer also writes every subclass or implementation of the type (registerHierarchy). */
            final boolean hierarchy;

            Entry(Class<?> type, int id, Serializer<?> serializer, boolean hierarchy) {
                this.type = type;
                this.id = id;
                this.serializer = serializer;
                this.hierarchy = hierarchy;
            }
        }

        private Builder() {
        }

        /**
         * The same registration made twice (two modules of an application registering a class they share, as Kryo
         * allows) counts once; a class under two ids, or two classes or serializers under one id, is refused at
         * {@link #build()}.
         */
        private Builder add(Entry e) {
            for (Entry x : entries) {
                if (x.type == e.type && x.id == e.id && x.serializer == e.serializer && x.hierarchy == e.hierarchy) {
                    return this;
                }
            }
            entries.add(e);
            return this;
        }

        /**
         * Registers a class to be serialized automatically: a record, an enum, a {@link Marshallable}, or a
         * plain class whose non-transient, non-static fields (inherited ones included) are written. The same
         * registration made again counts once; the class under another id, or another class under this id, is
         * refused at {@link #build()}.
         *
         * @param type the class
         * @param id   its wire id; ids from 100 on are always free for users
         * @return this builder
         */
        public Builder register(Class<?> type, int id) {
            return add(new Entry(Objects.requireNonNull(type, "type"), id, null, false));
        }

        /**
         * Registers a class with a serializer of your own, which takes precedence over generated code.
         *
         * @param type       the class
         * @param id         its wire id (100 or more)
         * @param serializer writes and reads its content
         * @param <T>        the class
         * @return this builder
         */
        public <T> Builder register(Class<T> type, int id, Serializer<? super T> serializer) {
            return add(new Entry(Objects.requireNonNull(type, "type"), id, Objects.requireNonNull(serializer, "serializer"),
                    false));
        }

        /**
         * Registers a serializer of your own for a type and every class that extends or implements it, what Kryo
         * calls a default serializer: for types whose implementations are many, private, or not yours, such as a
         * library's immutable collections (Guava's {@code ImmutableList} has a class per size) or the JDK's own
         * private implementations of an interface. Every value whose class has no registration of its own (and is not built
         * in) but is a {@code type} is written under {@code id} by {@code serializer}, and read back as whatever
         * {@code serializer} builds. A class registered by itself keeps its own registration; where a class is a
         * subtype of several such types, the first one registered wins. Built-ins with a type id of their own
         * ({@code HashMap}, {@code ArrayList}, {@code PriorityQueue}, {@code AtomicLong}: FORMAT.md, "Built-in JDK
         * types") are never covered; the JDK classes Blit writes as the extended collections (extended ids 5..36:
         * {@code IdentityHashMap}, {@code Stack}, the concurrent queues, sublists, synchronized wrappers,
         * {@code nCopies}, {@code LongAdder}, ...) and the JDK-private views it writes as the class they behave like
         * (a {@code keySet()}, {@code Collections.newSetFromMap}) are, since they became built in after a hierarchy
         * could take them: {@code registerHierarchy(Map.class, ...)} takes an {@code IdentityHashMap}, not a
         * {@code HashMap}.
         *
         * <p>Reading never instantiates a subclass by name: what comes back is only what your serializer makes.
         *
         * @param type       the class or interface at the top of the hierarchy
         * @param id         its wire id (100 or more)
         * @param serializer writes the content of any {@code type} and reads it back
         * @param <T>        the type
         * @return this builder
         */
        public <T> Builder registerHierarchy(Class<T> type, int id, Serializer<? super T> serializer) {
            return add(new Entry(Objects.requireNonNull(type, "type"), id, Objects.requireNonNull(serializer, "serializer"),
                    true));
        }

        /**
         * Lets values of classes that have no registration be written with their class name, and read by loading
         * the class of that name, for the classes whose names match one of {@code patterns}: what Kryo's
         * {@code setRegistrationRequired(false)} and Fory's {@code requireClassRegistration(false)} do, behind an
         * allowlist. Registration stays the default, and the better choice where it is possible: an id is one or
         * two bytes where a name is its length, once per message (later values of the class in the same message
         * refer to it by a small index, and a second class of a package names only itself), and a registered
         * class's serializer is made at {@link #build()} rather than on first use. Registered classes are always written by id.
         *
         * <p>A reader checks each name it reads against the patterns <em>before</em> it loads anything, so bytes
         * from anywhere can make it load and instantiate only classes you listed: the JDK's packages
         * ({@code java.*}, {@code javax.*}, {@code jdk.*}, {@code sun.*}, {@code com.sun.*}) are refused as
         * patterns, and a library's classes are reached only if you name their package. Classes are loaded
         * (not initialized) through {@link #classLoader}. Interfaces, abstract classes, anonymous, local and
         * hidden classes have no name to write. Writer and reader need the same patterns for the classes they
         * exchange; the bytes of everything else do not change (FORMAT.md, "Classes written by name").
         *
         * @param patterns each a class's binary name ({@code com.acme.Order}, {@code com.acme.Order$Line}), a
         *                 package's classes ({@code com.acme.model.*}, not its subpackages'), or a package's and
         *                 all its subpackages' ({@code com.acme.**})
         * @return this builder
         * @throws BlitException for a pattern of another form, or one naming the JDK's packages
         */
        public Builder allowClassNames(String... patterns) {
            for (String p : patterns) {
                classNames.add(NamedClasses.check(Objects.requireNonNull(p, "pattern")));
            }
            return this;
        }

        /**
         * @param loader where classes written by name ({@link #allowClassNames}) are loaded from when read;
         *               default: the context class loader of the thread that calls {@link #build()}, or Blit's
         *               own class loader if it has none
         * @return this builder
         */
        public Builder classLoader(ClassLoader loader) {
            this.classLoader = Objects.requireNonNull(loader, "loader");
            return this;
        }

        /**
         * Gives Blit access to the classes of one package (the lookup's), for classes in a named module that
         * does not open its package to {@code dev.blit}. Pass {@code MethodHandles.lookup()} from a class in
         * that package.
         *
         * @param lookup a full-privilege lookup in the package of the classes to register
         * @return this builder
         */
        public Builder lookup(MethodHandles.Lookup lookup) {
            lookups.add(Objects.requireNonNull(lookup, "lookup"));
            return this;
        }

        /**
         * @param flat true (the default) to write a record or plain class whose serialized fields are all
         *             primitives (market data, coordinates) as one fixed-layout block of fixed-width fields
         *             (FORMAT.md, "Flat classes"): one capacity check and no varints, the fastest path Blit has.
         *             False writes such classes field by field like any other, {@code int}s and {@code long}s
         *             as varints: smaller when values are small. Writer and reader must use the same setting;
         *             compatible mode never uses flat blocks
         * @return this builder
         */
        public Builder flat(boolean flat) {
            this.flat = flat;
            return this;
        }

        /**
         * @param compact true to write each {@code int[]} and {@code long[]} in the narrowest element width that
         *                holds all its elements (1 to 3 bytes for an int[], 1 to 7 for a long[], sign-extended on
         *                read; FORMAT.md, "Primitive arrays"), where it saves space: ten quantities from 1 to 10
         *                take 10 bytes instead of 80, a timestamp in milliseconds 6 instead of 8.
         *                The writer scans each array once to choose, and keeps the plain form where the compact
         *                one would not be smaller (the compact form costs two bytes), so no array grows. False (the
         *                default) copies every array whole, the fastest path. This changes only what is
         *                written: every Blit reads both forms, so writer and reader need not agree
         * @return this builder
         */
        public Builder compactArrays(boolean compact) {
            this.compactArrays = compact;
            return this;
        }

        /**
         * @param compatible true for compatible mode (FORMAT.md, "Compatible mode"): records and plain classes
         *                   carry their field names and types once per message, and a reader matches fields by
         *                   name, so writer and reader may have different versions of a class (fields added,
         *                   removed, reordered, widened losslessly). False (the default) for schema-consistent
         *                   mode: smaller and faster, but both sides must have the same fields. Writer and reader
         *                   must use the same setting
         * @return this builder
         */
        public Builder compatible(boolean compatible) {
            this.compatible = compatible;
            return this;
        }

        /**
         * @param track true to keep identity: shared objects come back shared, cycles come back as cycles;
         *              false (the default) to write every occurrence in full and pay nothing for tracking
         * @return this builder
         */
        public Builder references(boolean track) {
            this.references = track;
            return this;
        }

        /**
         * @param maxDepth how deeply values may nest, on write and on read, before a {@link BlitException};
         *                 the guard against cycles with references off and against hostile input
         * @return this builder
         */
        public Builder maxDepth(int maxDepth) {
            if (maxDepth < 1) {
                throw new BlitException("maxDepth must be at least 1");
            }
            this.maxDepth = maxDepth;
            return this;
        }

        /**
         * @param maxLength the most elements or chars one array, string or collection may declare on read
         *                  (default {@link #DEFAULT_MAX_LENGTH}); a longer one is a {@link BlitException}
         *                  naming its offset. Writing is not limited
         * @return this builder
         */
        public Builder maxLength(int maxLength) {
            if (maxLength < 0) {
                throw new BlitException("maxLength must not be negative, was " + maxLength);
            }
            this.maxLength = maxLength;
            return this;
        }

        /**
         * @param bytes the most memory the arrays, strings and collections of one decoded value may take
         *              together (default {@link #DEFAULT_MAX_ALLOCATION_PER_READ}), counted approximately
         *              as their lengths are read (see {@link ReadLimits}); a read that would go over is a
         *              {@link BlitException} naming the offset, before the allocation. Each
         *              {@code read}/{@code fromBytes} call has a budget of its own
         * @return this builder
         */
        public Builder maxAllocationPerRead(long bytes) {
            if (bytes < 0) {
                throw new BlitException("maxAllocationPerRead must not be negative, was " + bytes);
            }
            this.maxAllocationPerRead = bytes;
            return this;
        }

        /** @return an immutable, thread-safe Blit */
        public Blit build() {
            return new Blit(this);
        }
    }
}
