package dev.blit.types;

/**
 * The wire's type tags. A tagged value starts with an unsigned varint: {@link #NULL}, {@link #REFERENCE}
 * (a back reference; an index follows) or the id of its type. Ids below {@link #FIRST_USER_ID} belong to
 * Blit; the ones listed here are fixed forever (FORMAT.md), the gaps are reserved for later built-ins.
 */
public final class TypeIds {
    private TypeIds() {
    }

    public static final int NULL = 0;
    public static final int REFERENCE = 1;
    public static final int FALSE = 2;
    public static final int TRUE = 3;
    public static final int BYTE = 4;
    public static final int SHORT = 5;
    public static final int CHAR = 6;
    public static final int INT = 7;
    public static final int LONG = 8;
    public static final int FLOAT = 9;
    public static final int DOUBLE = 10;
    public static final int STRING = 11;

    public static final int BOOLEAN_ARRAY = 12;
    public static final int BYTE_ARRAY = 13;
    public static final int SHORT_ARRAY = 14;
    public static final int CHAR_ARRAY = 15;
    public static final int INT_ARRAY = 16;
    public static final int LONG_ARRAY = 17;
    public static final int FLOAT_ARRAY = 18;
    public static final int DOUBLE_ARRAY = 19;
    /** {@code Object[]}: length, then tagged elements. */
    public static final int OBJECT_ARRAY = 20;
    /** Any other reference array ({@code String[]}, {@code int[][]}, {@code Point[]}): component type, length, elements. */
    public static final int TYPED_ARRAY = 21;

    public static final int BIG_INTEGER = 22;
    public static final int BIG_DECIMAL = 23;
    public static final int UUID = 24;
    public static final int INSTANT = 25;
    public static final int LOCAL_DATE = 26;
    public static final int LOCAL_TIME = 27;
    public static final int LOCAL_DATE_TIME = 28;
    public static final int OFFSET_DATE_TIME = 29;
    public static final int ZONED_DATE_TIME = 30;
    public static final int DURATION = 31;
    public static final int PERIOD = 32;
    public static final int ZONE_ID = 33;
    public static final int ZONE_OFFSET = 34;
    public static final int OPTIONAL = 35;

    public static final int ARRAY_LIST = 36;
    public static final int LINKED_LIST = 37;
    public static final int ARRAY_DEQUE = 38;
    public static final int HASH_MAP = 39;
    public static final int LINKED_HASH_MAP = 40;
    public static final int TREE_MAP = 41;
    public static final int TREE_SET = 42;
    public static final int HASH_SET = 43;
    public static final int LINKED_HASH_SET = 44;
    public static final int CONCURRENT_HASH_MAP = 45;
    public static final int ENUM_SET = 46;
    public static final int ENUM_MAP = 47;
    /** {@code List.of}, {@code List.copyOf}, {@code Stream.toList()}. */
    public static final int IMMUTABLE_LIST = 48;
    public static final int IMMUTABLE_SET = 49;
    public static final int IMMUTABLE_MAP = 50;
    public static final int EMPTY_LIST = 51;
    public static final int EMPTY_SET = 52;
    public static final int EMPTY_MAP = 53;
    public static final int SINGLETON_LIST = 54;
    public static final int SINGLETON_SET = 55;
    public static final int SINGLETON_MAP = 56;
    public static final int UNMODIFIABLE_LIST = 57;
    public static final int UNMODIFIABLE_SET = 58;
    public static final int UNMODIFIABLE_MAP = 59;
    public static final int ARRAYS_AS_LIST = 60;
    public static final int UNMODIFIABLE_COLLECTION = 61;
    public static final int UNMODIFIABLE_SORTED_SET = 62;
    public static final int UNMODIFIABLE_SORTED_MAP = 63;
    public static final int DATE = 64;
    public static final int OPTIONAL_INT = 65;
    public static final int OPTIONAL_LONG = 66;
    public static final int OPTIONAL_DOUBLE = 67;
    public static final int REVERSE_ORDER = 68;
    // 69 is RUN, below.
    public static final int LOCALE = 70;
    public static final int URI = 71;
    public static final int CURRENCY = 72;
    public static final int PATTERN = 73;
    public static final int YEAR = 74;
    public static final int YEAR_MONTH = 75;
    public static final int MONTH_DAY = 76;
    public static final int DAY_OF_WEEK = 77;
    public static final int MONTH = 78;
    public static final int BIT_SET = 79;
    public static final int STRING_BUILDER = 80;
    public static final int STRING_BUFFER = 81;
    public static final int ATOMIC_INTEGER = 82;
    public static final int ATOMIC_LONG = 83;
    public static final int ATOMIC_BOOLEAN = 84;
    public static final int VECTOR = 85;
    public static final int COPY_ON_WRITE_ARRAY_LIST = 86;
    public static final int PRIORITY_QUEUE = 87;
    public static final int CONCURRENT_SKIP_LIST_SET = 88;
    public static final int CONCURRENT_SKIP_LIST_MAP = 89;
    public static final int HASHTABLE = 90;
    public static final int OFFSET_TIME = 91;
    public static final int TIME_ZONE = 92;
    public static final int GREGORIAN_CALENDAR = 93;
    public static final int CHARSET = 94;
    /** Ids 95..97 are installed only where the {@code java.sql} module is present. */
    public static final int SQL_DATE = 95;
    public static final int SQL_TIME = 96;
    public static final int SQL_TIMESTAMP = 97;
    /** A {@code Class} value: the id of a class this Blit instance knows (FORMAT.md). */
    public static final int CLASS = 98;
    /**
     * The escape to a second space of built-in ids: the tag is followed by a {@code uvar} extended id, then
     * that type's content (FORMAT.md): a serializable lambda, a {@code Path}, a {@code File}, an {@code InetAddress},
     * an {@code InetSocketAddress}, or one of the collections, entries, comparators and holders 5..36, a {@code StackTraceElement} (37), a {@code URL} (38), one of the JDK's enums
     * {@code TimeUnit}, {@code ChronoUnit} and {@code RoundingMode} (39..41), a {@code ByteBuffer} (42), a value
     * of a class written by its name (43), or one of Java 21's unmodifiable sequenced views (44..46).
     */
    public static final int EXTENDED = 99;
    /** Extended id of a serializable lambda or method reference (after {@link #EXTENDED}). */
    public static final int EXT_SERIALIZABLE_LAMBDA = 0;
    /** Extended id of a {@code java.nio.file.Path} of the default file system. */
    public static final int EXT_PATH = 1;
    /** Extended id of a {@code java.io.File}. */
    public static final int EXT_FILE = 2;
    /** Extended id of a {@code java.net.InetAddress} (IPv4 or IPv6). */
    public static final int EXT_INET_ADDRESS = 3;
    /** Extended id of a {@code java.net.InetSocketAddress}. */
    public static final int EXT_INET_SOCKET_ADDRESS = 4;
    /** Extended id of an {@code AbstractMap.SimpleEntry}: key, value. */
    public static final int EXT_SIMPLE_ENTRY = 5;
    /** Extended id of an {@code AbstractMap.SimpleImmutableEntry}: key, value. */
    public static final int EXT_SIMPLE_IMMUTABLE_ENTRY = 6;
    /** Extended id of a {@code Map.entry}: key, value, neither null. */
    public static final int EXT_MAP_ENTRY = 7;
    /** Extended id of a sublist of an {@code ArrayList} or another {@code AbstractList}: as {@link #ARRAY_LIST}. */
    public static final int EXT_SUB_LIST = 8;
    /** Extended id of a {@code Collections.synchronizedCollection}: as {@link #ARRAY_LIST}. */
    public static final int EXT_SYNCHRONIZED_COLLECTION = 9;
    /** Extended id of a {@code Collections.synchronizedList}: as {@link #ARRAY_LIST}. */
    public static final int EXT_SYNCHRONIZED_LIST = 10;
    /** Extended id of a {@code Collections.synchronizedSet}: as {@link #ARRAY_LIST}. */
    public static final int EXT_SYNCHRONIZED_SET = 11;
    /** Extended id of a {@code Collections.synchronizedSortedSet} or {@code NavigableSet}: as {@link #TREE_SET}. */
    public static final int EXT_SYNCHRONIZED_SORTED_SET = 12;
    /** Extended id of a {@code Collections.synchronizedMap}: as {@link #HASH_MAP}. */
    public static final int EXT_SYNCHRONIZED_MAP = 13;
    /** Extended id of a {@code Collections.synchronizedSortedMap} or {@code NavigableMap}: as {@link #TREE_MAP}. */
    public static final int EXT_SYNCHRONIZED_SORTED_MAP = 14;
    /** Extended id of a {@code Stack}: as {@link #ARRAY_LIST}. */
    public static final int EXT_STACK = 15;
    /** Extended id of an {@code IdentityHashMap}: as {@link #HASH_MAP}. */
    public static final int EXT_IDENTITY_HASH_MAP = 16;
    /** Extended id of a {@code CopyOnWriteArraySet}: as {@link #ARRAY_LIST}. */
    public static final int EXT_COPY_ON_WRITE_ARRAY_SET = 17;
    /** Extended id of a {@code ConcurrentLinkedQueue}: as {@link #ARRAY_LIST}, no null. */
    public static final int EXT_CONCURRENT_LINKED_QUEUE = 18;
    /** Extended id of a {@code ConcurrentLinkedDeque}: as {@link #ARRAY_LIST}, no null. */
    public static final int EXT_CONCURRENT_LINKED_DEQUE = 19;
    /** Extended id of a {@code ConcurrentHashMap.KeySetView}: as {@link #ARRAY_LIST}, no null. */
    public static final int EXT_CONCURRENT_KEY_SET = 20;
    /** Extended id of a {@code Collections.nCopies}: {@code uvar n}, the element. */
    public static final int EXT_N_COPIES = 21;
    /** Extended id of {@code Comparator.naturalOrder()}: no content. */
    public static final int EXT_NATURAL_ORDER = 22;
    /** Extended id of an {@code AtomicReference}: its value. */
    public static final int EXT_ATOMIC_REFERENCE = 23;
    /** Extended id of {@code String.CASE_INSENSITIVE_ORDER}: no content. */
    public static final int EXT_CASE_INSENSITIVE_ORDER = 24;
    /** Extended id of a {@code java.util.Properties}: as {@link #HASH_MAP}, no null, its defaults not kept. */
    public static final int EXT_PROPERTIES = 25;
    /** Extended id of a {@code LinkedBlockingQueue}: {@code uvar capacity}, then as {@link #ARRAY_LIST}, no null. */
    public static final int EXT_LINKED_BLOCKING_QUEUE = 26;
    /** Extended id of a {@code LinkedBlockingDeque}: as {@link #EXT_LINKED_BLOCKING_QUEUE}. */
    public static final int EXT_LINKED_BLOCKING_DEQUE = 27;
    /** Extended id of an {@code ArrayBlockingQueue}: as {@link #EXT_LINKED_BLOCKING_QUEUE}, head first. */
    public static final int EXT_ARRAY_BLOCKING_QUEUE = 28;
    /** Extended id of a {@code PriorityBlockingQueue}: as {@link #PRIORITY_QUEUE}. */
    public static final int EXT_PRIORITY_BLOCKING_QUEUE = 29;
    /** Extended id of a {@code LinkedTransferQueue}: as {@link #ARRAY_LIST}, no null. */
    public static final int EXT_LINKED_TRANSFER_QUEUE = 30;
    /** Extended id of an {@code AtomicIntegerArray}: {@code uvar length}, then each {@code svar}. */
    public static final int EXT_ATOMIC_INTEGER_ARRAY = 31;
    /** Extended id of an {@code AtomicLongArray}: {@code uvar length}, then each {@code svar}. */
    public static final int EXT_ATOMIC_LONG_ARRAY = 32;
    /** Extended id of an {@code AtomicReferenceArray}: as {@link #ARRAY_LIST}. */
    public static final int EXT_ATOMIC_REFERENCE_ARRAY = 33;
    /** Extended id of a {@code LongAdder}: {@code svar} its sum. */
    public static final int EXT_LONG_ADDER = 34;
    /** Extended id of a {@code DoubleAdder}: {@code f64} its sum. */
    public static final int EXT_DOUBLE_ADDER = 35;
    /** Extended id of a {@code WeakHashMap}: as {@link #HASH_MAP}, from a snapshot of its live entries. */
    public static final int EXT_WEAK_HASH_MAP = 36;
    /** Extended id of a {@code StackTraceElement}: one frame as in a Throwable's stack trace, with no frame before it. */
    public static final int EXT_STACK_TRACE_ELEMENT = 37;
    /** Extended id of a {@code java.net.URL}: {@code str} its external form. */
    public static final int EXT_URL = 38;
    /** Extended id of a {@code java.util.concurrent.TimeUnit}: {@code uvar} its ordinal. */
    public static final int EXT_TIME_UNIT = 39;
    /** Extended id of a {@code java.time.temporal.ChronoUnit}: {@code uvar} its ordinal. */
    public static final int EXT_CHRONO_UNIT = 40;
    /** Extended id of a {@code java.math.RoundingMode}: {@code uvar} its ordinal. */
    public static final int EXT_ROUNDING_MODE = 41;
    /** Extended id of a {@code java.nio.ByteBuffer}: {@code u8} flags, then its remaining bytes as a {@code byte[]}. */
    public static final int EXT_BYTE_BUFFER = 42;
    /**
     * Extended id of a value of a class written by its name ({@code Blit.Builder.allowClassNames}): {@code uvar k},
     * if {@code k} is 0 (the message's next named class) its package (a {@code uvar} index + 1 of one the message
     * gave, or 0 and a {@code str}) and its name in the package as a {@code str}, else the message's named class
     * {@code k - 1}; then the class's content as if it were registered.
     */
    public static final int EXT_NAMED_CLASS = 43;
    /**
     * Extended id of a {@code Collections.unmodifiableSequencedCollection} (Java 21): as
     * {@link #UNMODIFIABLE_COLLECTION}, read as that view where the JDK has it, else as the plain unmodifiable one.
     */
    public static final int EXT_UNMODIFIABLE_SEQUENCED_COLLECTION = 44;
    /** Extended id of a {@code Collections.unmodifiableSequencedSet} (Java 21): as {@link #UNMODIFIABLE_SET}. */
    public static final int EXT_UNMODIFIABLE_SEQUENCED_SET = 45;
    /** Extended id of a {@code Collections.unmodifiableSequencedMap} (Java 21): as {@link #UNMODIFIABLE_MAP}. */
    public static final int EXT_UNMODIFIABLE_SEQUENCED_MAP = 46;
    /**
     * Extended id of a primitive type, only inside a {@code Class} value's descriptor ({@link #CLASS}): {@code u8}
     * 0 {@code boolean}, 1 {@code byte}, 2 {@code short}, 3 {@code char}, 4 {@code int}, 5 {@code long}, 6
     * {@code float}, 7 {@code double}, 8 {@code void}. Never a value of its own, nor an array's component (the
     * primitive arrays have ids of their own).
     */
    public static final int EXT_PRIMITIVE_CLASS = 47;
    /**
     * Extended id of a reversed comparator, {@code Collections.reverseOrder(cmp)} or {@code cmp.reversed()} for a
     * {@code cmp} other than the natural order (what a sorted collection's {@code descendingSet()} holds): the
     * comparator it reverses, as a tagged value.
     */
    public static final int EXT_REVERSED_COMPARATOR = 48;
    /** The last extended id; those above it are unknown. */
    public static final int EXT_LAST = EXT_REVERSED_COMPARATOR;
    /**
     * Not a type: in place of the first element tag of a collection or reference array (or a map's first key tag),
     * it starts a <em>run</em>, a type id followed by the content of every element (FORMAT.md "Runs"). Never
     * registered, so as a value's tag it is unknown.
     */
    public static final int RUN = 69;

    /** Ids from here on are the user's; Blit never takes them. */
    public static final int FIRST_USER_ID = 100;
}
