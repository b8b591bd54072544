package dev.blit.internal;

import dev.blit.buffer.WriteBuffer;
import dev.blit.types.TypeIds;

/**
 * How {@link WriteSession} writes the elements of a collection, an array or a map as a run (FORMAT.md "Runs"):
 * looking at the elements first, then the run's header and each element's content without its tag. Kept apart so
 * that the session's class holds what every value goes through; static, on the session's own state (its depth, its
 * references, its class lookups), so that an element of a run costs no object more to reach. What generated code
 * calls stays in the session: {@link WriteSession#startRun}, {@link WriteSession#enterRun},
 * {@link WriteSession#runLeaf}.
 */
final class RunWriter {
    private RunWriter() {
    }

    /**
     * {@link WriteSession#writeRun} and {@link WriteSession#startRun}. {@code source}: what {@code c} holds the
     * elements of (itself, or an array), for the error if they change.
     */
    static int startRun(WriteSession s, WriteBuffer out, Iterable<?> c, int size, Registration expected, Object source) {
        if (size < WriteSession.MIN_RUN) {
            return WriteSession.NO_RUN;
        }
        java.util.Iterator<?> it;
        Class<?> type;
        Registration r;
        int n = 1;
        // The first pass, deciding whether the elements can be a run, runs no code of the user's (their classes
        // alone are looked at): a ConcurrentModificationException here is another thread's change.
        try {
            it = c.iterator();
            Object first = it.hasNext() ? it.next() : null;
            if (first == null) {
                return WriteSession.NO_RUN;
            }
            type = first.getClass();
            r = expected != null && type == expected.type ? expected : s.registration(type);
            if (!mayRun(s, r)) {
                return WriteSession.NO_RUN; // before looking at the others: a list of a tracked class costs one look-up
            }
            while (it.hasNext()) {
                Object e = it.next();
                if (e == null || e.getClass() != type) {
                    return WriteSession.NO_RUN;
                }
                n++;
            }
        } catch (java.util.ConcurrentModificationException x) {
            throw WriteSession.changed(source, out, x);
        }
        if (n != size) {
            return WriteSession.NO_RUN; // the caller's own loop reports the change
        }
        out.writeByte(TypeIds.RUN);
        out.writeUnsignedVarInt(r.id);
        if (r == expected && type == expected.type) {
            return WriteSession.RUN_OF_EXPECTED;
        }
        n = 0;
        it = c.iterator();
        while (true) {
            Object e;
            try { // only the iterator's own calls, as in Elements.writeCollection
                if (!it.hasNext()) {
                    break;
                }
                e = it.next();
            } catch (java.util.ConcurrentModificationException x) {
                throw WriteSession.changed(source, out, x);
            }
            if (n++ == size || e == null || e.getClass() != type) {
                throw WriteSession.changed(source, out);
            }
            writeRunElement(s, out, e, r);
        }
        if (n != size) {
            throw WriteSession.changed(source, out);
        }
        return WriteSession.RUN_WRITTEN;
    }

    /** {@link WriteSession#writeEntries}. */
    static void writeEntries(WriteSession s, WriteBuffer out, java.util.Collection<? extends java.util.Map.Entry<?, ?>> entries,
                             int size, Object source) {
        Class<?> keys = null;
        Class<?> values = null;
        Registration keysAre = null;
        Registration valuesAre = null;
        Class<?>[] sides = size >= WriteSession.MIN_RUN ? runSides(s, out, entries, size, source) : null;
        if (sides != null) {
            keys = sides[0];
            values = sides[1];
            keysAre = keys == null ? null : s.registration(keys);
            valuesAre = values == null ? null : s.registration(values);
            out.writeByte(TypeIds.RUN);
            out.writeUnsignedVarInt(keysAre == null ? TypeIds.NULL : keysAre.id);
            out.writeUnsignedVarInt(valuesAre == null ? TypeIds.NULL : valuesAre.id);
        }
        int n = 0;
        java.util.Iterator<? extends java.util.Map.Entry<?, ?>> it = entries.iterator();
        while (true) {
            java.util.Map.Entry<?, ?> e;
            try { // only the iterator's own calls, as in Elements.writeCollection
                if (!it.hasNext()) {
                    break;
                }
                e = it.next();
            } catch (java.util.ConcurrentModificationException x) {
                throw WriteSession.changed(source, out, x);
            }
            if (n++ == size) {
                throw WriteSession.changed(source, out);
            }
            writeSide(s, out, e.getKey(), keys, keysAre, source);
            writeSide(s, out, e.getValue(), values, valuesAre, source);
        }
        if (n != size) {
            throw WriteSession.changed(source, out);
        }
    }

    /**
     * Which sides of {@code size} entries can be a run (all of one class, none null, and that class may be a
     * run): the keys' class and the values' class, either null where that side cannot; null if neither can.
     * Looks up each side's class once, at the first entry, so a map whose classes cannot be runs costs one
     * look at its first entry.
     */
    private static Class<?>[] runSides(WriteSession s, WriteBuffer out,
                                       java.util.Collection<? extends java.util.Map.Entry<?, ?>> entries, int size, Object source) {
        try { // a ConcurrentModificationException of this first pass is another thread's change, as in startRun
            return runSides(s, entries, size);
        } catch (java.util.ConcurrentModificationException x) {
            throw WriteSession.changed(source, out, x);
        }
    }

    private static Class<?>[] runSides(WriteSession s, java.util.Collection<? extends java.util.Map.Entry<?, ?>> entries, int size) {
        Class<?> k = null;
        Class<?> v = null;
        int n = 0;
        for (java.util.Map.Entry<?, ?> e : entries) {
            Object key = e.getKey();
            Object value = e.getValue();
            if (n++ == 0) {
                k = key == null || !mayRun(s, s.registration(key.getClass())) ? null : key.getClass();
                v = value == null || !mayRun(s, s.registration(value.getClass())) ? null : value.getClass();
            } else {
                if (k != null && (key == null || key.getClass() != k)) {
                    k = null;
                }
                if (v != null && (value == null || value.getClass() != v)) {
                    v = null;
                }
            }
            if (k == null && v == null) {
                return null;
            }
        }
        return n != size ? null : new Class<?>[] {k, v};
    }

    /**
     * Whether values of {@code r} may be a run: their content is never empty, and they are not tracked (or
     * references are off), since a run has no place for a back reference.
     */
    private static boolean mayRun(WriteSession s, Registration r) {
        return r.runs && !(s.refs != null && r.tracked);
    }

    /** One element of a run: its content alone, one level deeper, as after its tag. */
    private static void writeRunElement(WriteSession s, WriteBuffer out, Object value, Registration r) {
        s.enterRun(out, value);
        r.serializer.write(out, value);
        s.depth--;
    }

    /** A key or value: its content if its side is a run of {@code type} ({@code r}), else a tagged value. */
    private static void writeSide(WriteSession s, WriteBuffer out, Object value, Class<?> type, Registration r, Object source) {
        if (type == null) {
            s.writeObject(out, value);
            return;
        }
        if (value == null || value.getClass() != type) {
            throw WriteSession.changed(source, out);
        }
        writeRunElement(s, out, value, r);
    }
}
