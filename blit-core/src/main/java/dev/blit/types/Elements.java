package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.WriteSession;

import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Map;

/**
 * The pieces every collection and map encoding shares: {@code uvar count} then tagged values, the
 * optional comparator of sorted collections, and the conversion of whatever a JDK collection throws at a
 * hostile element (a null in an {@code ArrayDeque}, a duplicate in {@code Set.of}, a non-comparable key in
 * a {@code TreeMap}) into a {@link BlitException} that names the offset.
 */
final class Elements {
    private Elements() {
    }

    /** {@code uvar count}, then each element as a tagged value. */
    static void writeCollection(WriteBuffer out, Collection<?> c) {
        WriteSession session = WriteSession.of(out);
        int size = c.size();
        out.writeUnsignedVarInt(size);
        int n = 0;
        for (Object e : c) {
            if (n++ == size) {
                throw modified(c, out);
            }
            session.writeObject(out, e);
        }
        if (n != size) {
            throw modified(c, out);
        }
    }

    /** {@code uvar count}, then key and value of each entry as tagged values. */
    static void writeMap(WriteBuffer out, Map<?, ?> m) {
        WriteSession session = WriteSession.of(out);
        int size = m.size();
        out.writeUnsignedVarInt(size);
        int n = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (n++ == size) {
                throw modified(m, out);
            }
            session.writeObject(out, e.getKey());
            session.writeObject(out, e.getValue());
        }
        if (n != size) {
            throw modified(m, out);
        }
    }

    // The count was written before the elements; a collection that changes size in between (another
    // thread, a broken size()) would leave bytes that read back as something else, so fail instead.
    private static BlitException modified(Object c, WriteBuffer out) {
        return new BlitException("a " + c.getClass().getName() + " changed size while it was written (offset "
                + out.position() + "); collections must not be modified during a write");
    }

    /** Reads {@code count} tagged values into {@code c}. */
    static void readInto(ReadBuffer in, int count, Collection<Object> c) {
        ReadSession session = ReadSession.of(in);
        for (int i = 0; i < count; i++) {
            long at = in.offset();
            Object e = session.readObject(in);
            try {
                c.add(e);
            } catch (RuntimeException x) {
                throw rejected(c, at, x);
            }
        }
    }

    /** Reads {@code count} key/value pairs of tagged values into {@code m}. */
    static void readInto(ReadBuffer in, int count, Map<Object, Object> m) {
        ReadSession session = ReadSession.of(in);
        for (int i = 0; i < count; i++) {
            long at = in.offset();
            Object k = session.readObject(in);
            Object v = session.readObject(in);
            try {
                m.put(k, v);
            } catch (RuntimeException x) {
                throw rejected(m, at, x);
            }
        }
    }

    /**
     * Reads {@code count} tagged values into a new array, growing it as they arrive so that a count from
     * a stream (which was not checked against the input's length) cannot allocate ahead of the bytes.
     */
    static Object[] readArray(ReadBuffer in, int count) {
        ReadSession session = ReadSession.of(in);
        Object[] a = new Object[in.initialCapacity(count)];
        for (int i = 0; i < count; i++) {
            if (i == a.length) {
                a = Arrays.copyOf(a, (int) Math.min(count, 2L * a.length));
            }
            a[i] = session.readObject(in);
        }
        return a;
    }

    /** Exactly {@code n} raw bytes, allocated in growing steps for the same reason as {@link #readArray}. */
    static byte[] readBytes(ReadBuffer in, int n) {
        byte[] b = new byte[in.initialCapacity(n)];
        int done = 0;
        while (done < n) {
            if (done == b.length) {
                b = Arrays.copyOf(b, (int) Math.min(n, 2L * b.length));
            }
            int step = b.length - done;
            in.readBytes(b, done, step);
            done += step;
        }
        return b;
    }

    /** {@code bool}: false for natural ordering; true, then the comparator as a tagged value. */
    static void writeComparator(WriteBuffer out, Comparator<?> c) {
        if (c == null) {
            out.writeBoolean(false);
        } else {
            out.writeBoolean(true);
            WriteSession.of(out).writeObject(out, c);
        }
    }

    @SuppressWarnings("unchecked")
    static Comparator<Object> readComparator(ReadBuffer in) {
        if (!in.readBoolean()) {
            return null;
        }
        long at = in.offset();
        Object c = ReadSession.of(in).readObject(in);
        if (!(c instanceof Comparator)) {
            throw new BlitException("expected a Comparator at offset " + at + " but found "
                    + (c == null ? "null" : c.getClass().getName()));
        }
        return (Comparator<Object>) c;
    }

    /** Initial capacity of a hash table that will hold {@code n} entries without rehashing. */
    static int hashCapacity(int n) {
        return n < 3 ? n + 1 : (int) Math.min(1 << 30, n / 3L * 4 + 4);
    }

    static BlitException rejected(Object target, long at, RuntimeException x) {
        return new BlitException("the value at offset " + at + " cannot go into a " + target.getClass().getName()
                + ": " + x, x);
    }

    static BlitException invalid(String what, long at, RuntimeException x) {
        return new BlitException("invalid " + what + " at offset " + at + ": " + x.getMessage(), x);
    }
}
