package dev.blit.graph;


/**
 * Object-identity to index map for the writer's reference tracking: open addressing with linear probing
 * over {@link System#identityHashCode}, cheaper than {@code IdentityHashMap} (no entry objects, no
 * boxing). Only created when references are on; with references off the writer holds null and pays for
 * nothing but a null check.
 */
public final class IdentityTable {
    private Object[] keys;
    private int[] values;
    private int size;
    private int mask;
    /**
     * The object most recently found again, and its index: a graph tends to point back at the same parent
     * from each of its children (an order's lines at the order), and this one comparison spares those
     * repeats the hash and the probe.
     */
    private Object lastHit;
    private int lastHitIndex;

    public IdentityTable() {
        keys = new Object[32];
        values = new int[32];
        mask = 31;
    }

    /**
     * Returns the index of {@code key} if it was seen before; otherwise records it under the next index
     * and returns -1.
     *
     * @param key an object about to be written
     * @return its earlier index, or -1 if this is its first occurrence
     */
    public int putIfAbsent(Object key) {
        if (key == lastHit) {
            return lastHitIndex;
        }
        int i = mix(System.identityHashCode(key)) & mask;
        Object[] k = keys;
        while (true) {
            Object existing = k[i];
            if (existing == null) {
                k[i] = key;
                values[i] = size++;
                if (size > (mask + 1) >> 1) {
                    rehash();
                }
                return -1;
            }
            if (existing == key) {
                lastHit = key;
                return lastHitIndex = values[i];
            }
            i = (i + 1) & mask;
        }
    }

    /**
     * @param key an object
     * @return its index if it was recorded, else -1; records nothing
     */
    public int indexOf(Object key) {
        Object[] k = keys;
        for (int i = mix(System.identityHashCode(key)) & mask; k[i] != null; i = (i + 1) & mask) {
            if (k[i] == key) {
                return values[i];
            }
        }
        return -1;
    }

    /**
     * Gives out the next index without recording an object under it: for a value written as
     * {@code ObjectOutputStream.writeUnshared} writes one, which the reader numbers like any other but which no
     * later occurrence may refer back to.
     */
    public void skip() {
        size++;
    }

    /** @return how many indexes were given out: the objects recorded, and those {@link #skip}ped */
    public int size() {
        return size;
    }

    /**
     * Forgets every object. The next message starts in a new array sized for what this one used (a power of
     * two at least twice {@code size}, so that as many entries fit again without a rehash, and never larger
     * than now): the zeroing then costs what {@code Arrays.fill} over the used part would, an unusually large
     * graph does not make every later small message clear a big table, and a young array makes the GC write
     * barrier of every store into it the cheap one (a table that lived long enough to be promoted takes the
     * card-marking slow path on stores of new objects).
     */
    public void clear() {
        lastHit = null;
        if (size == 0) {
            return;
        }
        int capacity = Math.min(keys.length, Math.max(32, Integer.highestOneBit(size) << 2));
        keys = new Object[capacity];
        if (values.length != capacity) {
            values = new int[capacity];
            mask = capacity - 1;
        }
        size = 0;
    }

    private static int mix(int h) {
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    private void rehash() {
        Object[] oldKeys = keys;
        int[] oldValues = values;
        int capacity = oldKeys.length * 2;
        keys = new Object[capacity];
        values = new int[capacity];
        mask = capacity - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            Object key = oldKeys[j];
            if (key != null) {
                int i = mix(System.identityHashCode(key)) & mask;
                while (keys[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = key;
                values[i] = oldValues[j];
            }
        }
    }
}
