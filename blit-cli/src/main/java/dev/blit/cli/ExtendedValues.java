package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.types.TypeIds;

/**
 * The values of id 99, the second space of built-in ids (FORMAT.md, "Extended ids"), for {@link Decoder}: most
 * of them are written as the content of a built-in of the first space (a collection as 36, a map as 39, a
 * sorted one as 41 or 42, an entry as 56), so they are read by the decoder's own methods for those, with what
 * differs (names, nulls, when each is numbered) told by {@link BuiltinIds} and {@link Names}. Kept apart so
 * that the decoder stays readable as the space grows.
 */
final class ExtendedValues {
    private final Decoder decoder;
    private final Input in;
    private final Leaves leaves;
    private final UserTypes types;

    ExtendedValues(Decoder decoder, Input in, Leaves leaves, UserTypes types) {
        this.decoder = decoder;
        this.in = in;
        this.leaves = leaves;
        this.types = types;
    }

    /**
     * Id 99 (FORMAT.md): an extended id, then its content. 1..4 (Path, File, Inet(Socket)Address) are leaves; 0,
     * a serializable lambda, ends with its captured values (whether its capturing class registers it, and
     * defines it with captured values of those types, only the classes can tell, as for a user id's tag); 5..36
     * are written as the content of the built-in each resembles (36, 39, 41, 42, 56, 87), the bounded queues
     * (26..28) with their capacity first, and read here as those are; the atomic arrays (31, 32) and the adders
     * (34, 35) are leaves, their values shown as a primitive array's and an {@code AtomicLong}'s are; 43, a class
     * of the user's written by name, is its class reference, then a registered class's content ({@link ClassesByName});
     * 48, a reversed comparator, the comparator it reverses.
     */
    void value(Node n, int depth) {
        long at = in.pos;
        long ext = in.uvar(32) & 0xffffffffL;
        n.ext = (int) Math.min(ext, Integer.MAX_VALUE);
        decoder.building(n, BuiltinIds.builtFromContent(TypeIds.EXTENDED, ext));
        String name = Names.extended(ext);
        if (name != null) {
            n.type = name;
        }
        switch (name == null ? -1 : n.ext) {
            case TypeIds.EXT_SERIALIZABLE_LAMBDA -> {
                leaves.extended(n, ext, at, types);
                int count = in.count(1, "captured value count");
                for (int i = 0; i < count; i++) {
                    decoder.value(n, "captured[" + i + "]", depth + 1);
                }
            }
            case TypeIds.EXT_PATH, TypeIds.EXT_FILE, TypeIds.EXT_INET_ADDRESS, TypeIds.EXT_INET_SOCKET_ADDRESS,
                 TypeIds.EXT_URL, TypeIds.EXT_BYTE_BUFFER ->
                    leaves.extended(n, ext, at, types);
            case TypeIds.EXT_TIME_UNIT, TypeIds.EXT_CHRONO_UNIT, TypeIds.EXT_ROUNDING_MODE -> { // as a registered enum
                long ordinalAt = in.pos;
                n.value = decoder.descriptors.constant(BuiltinIds.extendedElements(ext), in.uvar(32) & 0xffffffffL, "ordinal", ordinalAt);
            }
            case TypeIds.EXT_SIMPLE_ENTRY, TypeIds.EXT_SIMPLE_IMMUTABLE_ENTRY, TypeIds.EXT_MAP_ENTRY -> {
                decoder.value(n, "key", depth + 1);
                decoder.value(n, "value", depth + 1);
            }
            case TypeIds.EXT_SUB_LIST, TypeIds.EXT_SYNCHRONIZED_COLLECTION, TypeIds.EXT_SYNCHRONIZED_LIST,
                 TypeIds.EXT_SYNCHRONIZED_SET, TypeIds.EXT_STACK, TypeIds.EXT_COPY_ON_WRITE_ARRAY_SET,
                 TypeIds.EXT_CONCURRENT_LINKED_QUEUE, TypeIds.EXT_CONCURRENT_LINKED_DEQUE, TypeIds.EXT_CONCURRENT_KEY_SET ->
                    decoder.collection(n, in.count(1, "count"), depth);
            case TypeIds.EXT_SYNCHRONIZED_MAP, TypeIds.EXT_IDENTITY_HASH_MAP, TypeIds.EXT_PROPERTIES ->
                    decoder.entries(n, in.count(2, "count"), depth);
            case TypeIds.EXT_SYNCHRONIZED_SORTED_SET -> {
                decoder.comparator(n, depth);
                decoder.collection(n, in.count(1, "count"), depth);
            }
            case TypeIds.EXT_SYNCHRONIZED_SORTED_MAP -> {
                decoder.comparator(n, depth);
                decoder.entries(n, in.count(2, "count"), depth);
            }
            case TypeIds.EXT_N_COPIES -> nCopies(n, depth);
            case TypeIds.EXT_NATURAL_ORDER, TypeIds.EXT_CASE_INSENSITIVE_ORDER -> {
            }
            case TypeIds.EXT_ATOMIC_REFERENCE -> decoder.value(n, "value", depth + 1);
            case TypeIds.EXT_REVERSED_COMPARATOR -> reversed(n, at, depth);
            case TypeIds.EXT_LINKED_BLOCKING_QUEUE, TypeIds.EXT_LINKED_BLOCKING_DEQUE -> bounded(n, Integer.MAX_VALUE, depth);
            // ArrayBlockingQueue allocates its array of capacity references at once: the JDK's largest array
            case TypeIds.EXT_ARRAY_BLOCKING_QUEUE -> bounded(n, Integer.MAX_VALUE - 8, depth);
            case TypeIds.EXT_PRIORITY_BLOCKING_QUEUE -> { // as PriorityQueue (87)
                decoder.comparator(n, depth);
                decoder.collection(n, in.count(1, "count"), depth);
            }
            case TypeIds.EXT_LINKED_TRANSFER_QUEUE, TypeIds.EXT_ATOMIC_REFERENCE_ARRAY ->
                    decoder.collection(n, in.count(1, "count"), depth);
            case TypeIds.EXT_ATOMIC_INTEGER_ARRAY -> n.value = atomicArray(32);
            case TypeIds.EXT_ATOMIC_LONG_ARRAY -> n.value = atomicArray(64);
            case TypeIds.EXT_LONG_ADDER -> n.value = Long.toString(in.svar(64));
            case TypeIds.EXT_DOUBLE_ADDER -> {
                long sumAt = in.pos;
                long bits = in.i64();
                if (bits == Long.MIN_VALUE) { // the library's rule: one value, one encoding
                    throw new BlitException("a DoubleAdder's sum at offset " + sumAt
                            + " is -0.0, which no DoubleAdder holds: a second encoding of 0.0");
                }
                n.value = Names.f64(bits);
            }
            case TypeIds.EXT_WEAK_HASH_MAP, TypeIds.EXT_UNMODIFIABLE_SEQUENCED_MAP -> decoder.entries(n, in.count(2, "count"), depth);
            case TypeIds.EXT_UNMODIFIABLE_SEQUENCED_COLLECTION, TypeIds.EXT_UNMODIFIABLE_SEQUENCED_SET -> // as 61 and 58
                    decoder.collection(n, in.count(1, "count"), depth);
            case TypeIds.EXT_STACK_TRACE_ELEMENT -> n.value = ThrowableValues.shown(ThrowableValues.frame(in, "StackTraceElement", null));
            case TypeIds.EXT_NAMED_CLASS -> decoder.named.value(n, depth);
            default -> throw new BlitException("unknown extended built-in id " + ext + " at offset " + at);
        }
    }

    /**
     * {@code Collections.nCopies} (extended id 21): {@code uvar n}, a count of copies that take no bytes (so not
     * checked against the input, but an {@code int}), then the one element, which must be null for no copies:
     * the library reads {@code nCopies(0, e)} as an empty list, so a value there would be a second encoding of it.
     */
    private void nCopies(Node n, int depth) {
        long at = in.pos;
        long count = in.uvar(32) & 0xffffffffL;
        if (count > Integer.MAX_VALUE) {
            throw new BlitException("Collections.nCopies count " + count + " at offset " + at + " is over " + Integer.MAX_VALUE);
        }
        n.value = count + (count == 1 ? " copy" : " copies");
        decoder.value(n, "element", depth + 1);
        Node element = n.children.get(n.children.size() - 1);
        if (count == 0 && element.id != TypeIds.NULL) {
            throw new BlitException("Collections.nCopies at offset " + n.start + " has no copies, but its element at offset "
                    + element.start + " is not null");
        }
    }

    /**
     * A reversed comparator (extended id 48): the comparator it reverses, which the library reads back as
     * {@code Collections.reverseOrder(cmp)}: a Comparator (as a sorted collection's is checked), and not one whose
     * reverse is written as itself ({@code naturalOrder()}, {@code reverseOrder()}, a reversed comparator), which
     * the library refuses as a second encoding, in its words.
     */
    private void reversed(Node n, long at, int depth) {
        long innerAt = in.pos;
        decoder.value(n, "reverses", depth + 1);
        Node c = n.children.get(n.children.size() - 1);
        Node target = decoder.target(c);
        if (target.id == TypeIds.NULL || types.notAComparator(target)) {
            throw new BlitException("expected a Comparator at offset " + innerAt + " but found "
                    + (target.id == TypeIds.NULL ? "null" : (target != c ? "a back reference to object #" + target.ref
                    + ", " : "") + target.type + (target.notAComparator ? " (its functional interface is no Comparator)" : "")));
        }
        String second = target.id == TypeIds.REVERSE_ORDER ? "Collections.reverseOrder()"
                : target.id != TypeIds.EXTENDED ? null
                : target.ext == TypeIds.EXT_NATURAL_ORDER ? "Comparator.naturalOrder()"
                : target.ext == TypeIds.EXT_REVERSED_COMPARATOR ? "a reversed comparator" : null;
        if (second != null) {
            throw new BlitException("reversed comparator at offset " + at + " reverses " + second + " at offset " + innerAt
                    + ", whose reverse is written as itself, not as a reversed comparator: a second encoding of it");
        }
        n.nullFreeKeys = BuiltinIds.comparesNaturally(target); // String.CASE_INSENSITIVE_ORDER's reverse takes Strings
    }

    /**
     * A bounded blocking queue (extended ids 26..28): {@code uvar capacity}, 1 to {@code max}, then its elements
     * as 36's, at most that many; refused with the library's words. The capacity is shown before the count, so
     * that it is there when the count or an element is refused. {@code ArrayBlockingQueue}'s array of capacity
     * references is charged to the library's {@code maxAllocationPerRead}; the dump keeps no such budget (it
     * allocates nothing per element), so a capacity under 2^31 - 9 that the budget refuses is read here.
     */
    private void bounded(Node n, int max, int depth) {
        long at = in.pos;
        long capacity = in.uvar(32) & 0xffffffffL;
        if (capacity < 1 || capacity > max) {
            throw new BlitException("queue capacity " + capacity + " at offset " + at + " is not between 1 and " + max);
        }
        String shown = "capacity " + capacity;
        n.value = shown;
        try {
            long countAt = in.pos;
            int count = in.count(1, "count");
            if (count > capacity) {
                throw new BlitException("queue of capacity " + capacity + " has " + count + " elements at offset " + countAt);
            }
            decoder.collection(n, count, depth);
        } finally { // the elements' summary, where reading got to them, after the capacity
            n.value = n.value == null || n.value.equals(shown) ? shown : shown + ", " + n.value;
        }
    }

    /**
     * {@code AtomicIntegerArray} and {@code AtomicLongArray} (31, 32): {@code uvar length}, then each element an
     * {@code svar} of {@code bits}; shown as a primitive array is, its first {@link Decoder#SHOWN} elements
     * (every element is read: a varint's length is known only once read).
     */
    private String atomicArray(int bits) {
        int length = in.count(1, "count");
        StringBuilder sb = new StringBuilder("{");
        for (int i = 0; i < length; i++) {
            long v = in.svar(bits);
            if (i < Decoder.SHOWN) {
                sb.append(i > 0 ? ", " : "").append(v);
            }
        }
        sb.append(length > Decoder.SHOWN ? ", ...} (" : "} (").append(length);
        return sb.append(length == 1 ? " element)" : " elements)").toString();
    }
}
