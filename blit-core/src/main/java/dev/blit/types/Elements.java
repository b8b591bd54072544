package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.Registration;
import dev.blit.internal.WriteSession;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The pieces every collection and map encoding shares: {@code uvar count} then tagged values, the
 * optional comparator of sorted collections, and the conversion of whatever a JDK collection throws at a
 * hostile element (a null in an {@code ArrayDeque}, a duplicate in {@code Set.of}, a non-comparable key in
 * a {@code TreeMap}) into a {@link BlitException} that names the offset.
 */
final class Elements {
    private Elements() {
    }

    /** {@code uvar count}, then the elements as a run if they can be one, else each as a tagged value. */
    static void writeCollection(WriteBuffer out, Collection<?> c) {
        WriteSession session = WriteSession.of(out);
        int size = c.size();
        out.writeUnsignedVarInt(size);
        if (session.writeRun(out, c, size)) {
            return;
        }
        int n = 0;
        java.util.Iterator<?> it = c.iterator();
        while (true) {
            Object e;
            try { // only the iterator's own calls: a change to c during the write, which a fail-fast iterator notices
                if (!it.hasNext()) {
                    break;
                }
                e = it.next();
            } catch (java.util.ConcurrentModificationException x) {
                throw WriteSession.changed(c, out, x);
            }
            if (n++ == size) {
                throw WriteSession.changed(c, out);
            }
            session.writeObject(out, e);
        }
        if (n != size) {
            throw WriteSession.changed(c, out);
        }
    }

    /** {@code uvar count}, then the entries as a run if their keys or values can be one, else key and value tagged. */
    static void writeMap(WriteBuffer out, Map<?, ?> m) {
        int size = m.size();
        out.writeUnsignedVarInt(size);
        WriteSession.of(out).writeEntries(out, m.entrySet(), size, m);
    }

    /** A map's content from a snapshot of its entries (count, then as {@link #writeMap}); {@code source} for errors. */
    static void writeEntries(WriteBuffer out, List<? extends Map.Entry<?, ?>> entries, Object source) {
        out.writeUnsignedVarInt(entries.size());
        WriteSession.of(out).writeEntries(out, entries, entries.size(), source);
    }

    /** Reads {@code count} elements (a run, or tagged values) into {@code c}. */
    static void readInto(ReadBuffer in, int count, Collection<Object> c) {
        ReadSession session = ReadSession.of(in);
        Registration run = session.run(in, count);
        boolean hashed = c instanceof Set;
        int entered = session.enterRun(run, in.offset());
        for (int i = 0; i < count; i++) {
            long at = in.offset();
            Object e = session.element(in, run, entered, at);
            if (hashed) {
                chargeKey(in, e, at);
            }
            try {
                c.add(e);
            } catch (RuntimeException x) {
                if (!session.discarding()) {
                    throw rejected(c, at, x);
                }
            }
        }
        session.exitRun(entered);
    }

    /**
     * A value created before its content: {@code value} (the collection itself, or a view or wrapper of it) is
     * published for back references, then {@code count} elements are read into {@code target}, so the value may
     * contain itself.
     *
     * @return {@code value}
     */
    static <V> V published(ReadBuffer in, int count, Collection<Object> target, V value) {
        in.reference(value);
        readInto(in, count, target);
        return value;
    }

    /** {@link #published(ReadBuffer, int, Collection, Object)} for a map's entries. */
    static <V> V published(ReadBuffer in, int count, Map<Object, Object> target, V value) {
        in.reference(value);
        readInto(in, count, target);
        return value;
    }

    /**
     * Reads {@code count} key/value pairs (a run, or tagged values) into {@code m}. The keys of an
     * {@code IdentityHashMap} (or a subclass) are not charged as hashed: it never calls their {@code hashCode}
     * or {@code equals}, so a key that contains itself, or one the JDK would take long to hash, costs it nothing.
     */
    static void readInto(ReadBuffer in, int count, Map<Object, Object> m) {
        ReadSession session = ReadSession.of(in);
        Registration[] run = session.mapRun(in, count);
        Registration keys = run == null ? null : run[0];
        Registration values = run == null ? null : run[1];
        boolean hashed = !(m instanceof IdentityHashMap);
        for (int i = 0; i < count; i++) {
            long at = in.offset();
            Object k = session.element(in, keys);
            if (hashed) {
                chargeKey(in, k, at);
            }
            Object v = session.element(in, values);
            try {
                m.put(k, v);
            } catch (RuntimeException x) {
                if (!session.discarding()) {
                    throw rejected(m, at, x);
                }
            }
        }
    }

    /**
     * What hashing or comparing a key costs the read's budget per element it visits: about the time it takes
     * to allocate and clear that much memory, so the default budget bounds the walk to a fraction of a second.
     */
    private static final int KEY_ELEMENT_BYTES = 64;
    /** Visits charged at once, so the walk below costs one budget check per chunk. */
    private static final int KEY_CHUNK = 1024;
    /** Nesting that only a cycle reaches (decoding is bounded by maxDepth long before). */
    private static final int KEY_NESTING = 1 << 16;
    /** Where a weight stops growing: two of them added, or one doubled, still fit in a long. */
    private static final long WEIGHT_CAP = Long.MAX_VALUE / 4;

    /**
     * Charges the read's allocation budget for the work of hashing {@code key} and comparing it once with a
     * key of its shape, when it is itself a collection or map about to go into a set or be a map key, or a
     * value whose {@code hashCode} and {@code equals} are those of its contents (an {@code Optional}, a map
     * entry: {@code Map.entry}, {@code SimpleEntry}, {@code SimpleImmutableEntry}). The JDK hashes and compares
     * those by walking them, once per path: with shared references a few bytes make a key of 2^60 paths.
     * Comparing goes further: a set ({@code AbstractSet.equals}, through {@code contains}) hashes each of its
     * elements again and compares it, and a map ({@code AbstractMap.equals}, through {@code get}) does the same
     * for each key, twice for a key whose value is null (get, then containsKey): a chain of 60 nested singleton
     * maps with null values takes 2^60 steps to compare with its twin even without sharing (found by the
     * fuzzer; RegressionTest in blit-fuzz), and as many wrapped in an {@code Optional} or an entry, while a
     * chain of maps whose values are not null takes a number of steps quadratic in its depth. The walk below
     * counts those steps: each element visited weighs how many times hashing ({@code h}) plus how many times
     * the comparison ({@code e}) reaches it, from {@code h = e = 1} at the key; an element of a collection,
     * an optional's value, an entry's key and value get their container's {@code h} and {@code e}; an
     * element of a set or a key of a map is hashed {@code e} more times (its {@code h} is its container's
     * {@code h + e}, its {@code e} its container's), twice as many for a key whose value is null (then
     * {@code h + 2e} and {@code 2e}). It stops with a {@link BlitException} naming the offset once the budget
     * is spent, before the JDK starts. Anything else is not walked: its hash is its own business (strings
     * cache theirs; registered classes run their own code).
     */
    static void chargeKey(ReadBuffer in, Object key, long at) {
        if (!walked(key)) {
            return;
        }
        try {
            walk(in, key, at);
        } catch (BlitException e) {
            throw e;
        } catch (RuntimeException e) { // a registered class that is a Collection, with an iterator of its own
            throw new BlitException("the " + key.getClass().getName() + " at offset " + at
                    + " cannot be iterated to hash it as a set element or map key: " + e, e);
        }
    }

    /** Whether hashing or comparing {@code o} goes into values it holds: what the walk below goes through. */
    private static boolean walked(Object o) {
        return o instanceof Collection || o instanceof Map || o instanceof Optional || o instanceof Map.Entry;
    }

    /** One container being walked: what it holds next, and the weights {@link #chargeKey} says it passes on. */
    private static final class Frame {
        final Iterator<?> children;
        final long hashes;
        final long compares;
        /** A set's elements, or a map's keys: hashed again by each comparison. */
        final boolean looksUp;
        final boolean map;

        Frame(Object container, long hashes, long compares) {
            this.children = children(container);
            this.hashes = hashes;
            this.compares = compares;
            this.map = container instanceof Map;
            this.looksUp = map || container instanceof Set;
        }
    }

    private static void walk(ReadBuffer in, Object key, long at) {
        ArrayDeque<Frame> frames = new ArrayDeque<>();
        long visits = visit(in, at, 0, 1, 1, key, frames);
        while (!frames.isEmpty()) {
            Frame f = frames.peek();
            if (!f.children.hasNext()) {
                frames.pop();
                continue;
            }
            Object child = f.children.next();
            if (f.map) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) child;
                long compares = e.getValue() == null ? capped(2 * f.compares) : f.compares;
                visits = visit(in, at, visits, capped(f.hashes + compares), compares, e.getKey(), frames);
                visits = visit(in, at, visits, f.hashes, f.compares, e.getValue(), frames);
            } else if (f.looksUp) {
                visits = visit(in, at, visits, capped(f.hashes + f.compares), f.compares, child, frames);
            } else {
                visits = visit(in, at, visits, f.hashes, f.compares, child, frames);
            }
            if (frames.size() > KEY_NESTING) {
                throw new BlitException("a collection at offset " + at + " nests more than " + KEY_NESTING
                        + " levels (it contains itself) and cannot be hashed as a set element or map key");
            }
        }
        in.charge(visits * KEY_ELEMENT_BYTES, at, "hashing the key");
    }

    private static long visit(ReadBuffer in, long at, long visits, long hashes, long compares, Object o,
                              ArrayDeque<Frame> frames) {
        visits += hashes + compares;
        if (visits >= KEY_CHUNK) { // charge as we go, so an endless walk ends as soon as the budget does
            in.charge(Math.min(visits, Long.MAX_VALUE / KEY_ELEMENT_BYTES) * KEY_ELEMENT_BYTES, at, "hashing the key");
            visits = 0;
        }
        if (walked(o)) {
            frames.push(new Frame(o, hashes, compares));
        }
        return visits;
    }

    /**
     * What the walk goes through next in {@code container}: a map's entries (their keys and values weighed
     * apart), a collection's elements, an optional's value, an entry's key and value (an entry alone hashes
     * and compares each once).
     */
    private static Iterator<?> children(Object container) {
        if (container instanceof Map) {
            return ((Map<?, ?>) container).entrySet().iterator();
        }
        if (container instanceof Collection) {
            return ((Collection<?>) container).iterator();
        }
        if (container instanceof Optional) {
            Optional<?> o = (Optional<?>) container;
            return o.isPresent() ? Collections.singleton(o.get()).iterator() : Collections.emptyIterator();
        }
        Map.Entry<?, ?> e = (Map.Entry<?, ?>) container;
        return Arrays.asList(e.getKey(), e.getValue()).iterator();
    }

    /** Sets and maps of fewer elements are not probed ahead: their worst case is a few thousand comparisons. */
    private static final int PROBE_CHECKED = 64;
    /** What one comparison while probing costs the budget, as a {@code CopyOnWriteArraySet}'s pair (16). */
    private static final int PROBE_BYTES = 16;

    /**
     * Charges the read's budget for the probing {@code Set.of} and {@code Map.of} (ids 49, 50) will do to place
     * the elements (or keys, every {@code slots}-th item) of {@code items}. The JDK puts them in a table of
     * twice as many slots by linear probing from {@code floorMod(hashCode, slots)}, comparing the element with
     * every occupied slot it passes: elements of colliding hash codes (any class: 64,000 {@code Long}s of one
     * hash code take seconds) cost quadratic time, which no tree bin bounds. The same probing is done here on
     * occupancy alone (no {@code equals}), charging {@value #PROBE_BYTES} bytes per slot passed as it goes, so
     * colliding elements fail with the offset once the budget is spent; hash codes that crowd together without
     * colliding (a million strings "k0".."k999999") also probe far, and are charged for it (the JDK's own
     * {@code Set.copyOf} of them takes about a second).
     */
    static void chargeProbes(ReadBuffer in, Object[] items, int slots, long at) {
        int n = items.length / slots;
        if (n < PROBE_CHECKED || n > Integer.MAX_VALUE / 2) {
            return; // few, or more than the JDK can make a table of
        }
        int length = 2 * n;
        boolean[] taken = new boolean[length];
        long passed = 0;
        for (int i = 0; i < items.length; i += slots) {
            Object e = items[i];
            if (e == null) {
                return; // the JDK refuses it at once
            }
            int idx = Math.floorMod(e.hashCode(), length);
            while (taken[idx]) {
                if (++passed == KEY_CHUNK) {
                    in.charge((long) KEY_CHUNK * PROBE_BYTES, at, "placing the " + n + " elements of a Set.of or "
                            + "Map.of (it probes linearly from each hash code: hash codes that collide, or crowd"
                            + " together as those of similar strings do, cost more than one pass)");
                    passed = 0;
                }
                if (++idx == length) {
                    idx = 0;
                }
            }
            taken[idx] = true;
        }
        if (passed > 0) {
            in.charge(passed * PROBE_BYTES, at, "placing the " + n + " elements of a Set.of or Map.of (colliding "
                    + "hash codes are probed linearly)");
        }
    }

    /** {@code weight}, at most {@link #WEIGHT_CAP}: the sum or double of two capped weights does not overflow. */
    private static long capped(long weight) {
        return Math.min(weight, WEIGHT_CAP);
    }

    /**
     * Reads {@code count} elements into a new array, growing it as they arrive so that a count from a stream
     * (which was not checked against the input's length) cannot allocate ahead of the bytes.
     *
     * @param slots 1 for a collection's elements; 2 for a map's keys and values, alternating ({@code count} is
     *              twice the number of entries then)
     */
    static Object[] readArray(ReadBuffer in, int count, int slots) {
        ReadSession session = ReadSession.of(in);
        Registration run = slots == 1 ? session.run(in, count) : null;
        Registration[] sides = slots == 2 ? session.mapRun(in, count / 2) : null;
        Object[] a = new Object[in.initialCapacity(count)];
        for (int i = 0; i < count; i++) {
            if (i == a.length) {
                a = Arrays.copyOf(a, (int) Math.min(count, 2L * a.length));
            }
            a[i] = session.element(in, sides == null ? run : sides[i & 1]);
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

    /**
     * {@code bool}: false for natural ordering; true, then the comparator as a tagged value. Its reader makes the
     * collection from the comparator, so a cycle from the comparator back to {@code collection} is refused
     * ({@link WriteSession#writeComparator}).
     *
     * @param collection the sorted collection or map (or the wrapper of one) being written, whose comparator is {@code c}
     */
    static void writeComparator(WriteBuffer out, Comparator<?> c, Object collection) {
        if (c == null) {
            out.writeBoolean(false);
        } else {
            out.writeBoolean(true);
            WriteSession.of(out).writeComparator(out, c, collection);
        }
    }

    @SuppressWarnings("unchecked")
    static Comparator<Object> readComparator(ReadBuffer in) {
        if (!in.readBoolean()) {
            return null;
        }
        long at = in.offset();
        ReadSession session = ReadSession.of(in);
        Object c = session.readObject(in);
        if (!(c instanceof Comparator)) {
            if (c == ReadSession.SKIPPED && session.discarding()) {
                return null; // a comparator of a class this reader lacks, in a value read only to be dropped
            }
            throw new BlitException("expected a Comparator at offset " + at + " but found "
                    + (c == null ? "null" : c.getClass().getTypeName()));
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
