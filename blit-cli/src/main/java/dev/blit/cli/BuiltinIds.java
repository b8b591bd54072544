package dev.blit.cli;

import dev.blit.types.TypeIds;

/**
 * What the dump knows of Blit's built-in ids beyond their names, to refuse what the library refuses: which JDK
 * classes refuse null, which are enums, which are final (so an array of one holds exactly that type).
 */
final class BuiltinIds {
    private BuiltinIds() {
    }

    /**
     * Whether the JDK class of built-in {@code id} refuses a null element, key or value (its comparator aside),
     * whatever the other values are, so that the library cannot build one holding null.
     */
    static boolean refusesNull(int id) {
        return id == TypeIds.ARRAY_DEQUE || id == TypeIds.CONCURRENT_HASH_MAP || id == TypeIds.IMMUTABLE_SET
                || id == TypeIds.IMMUTABLE_MAP || id == TypeIds.PRIORITY_QUEUE || id == TypeIds.CONCURRENT_SKIP_LIST_SET
                || id == TypeIds.CONCURRENT_SKIP_LIST_MAP || id == TypeIds.HASHTABLE;
    }

    /**
     * {@link #refusesNull(int)} for a value: with id 99, for its extended id ({@code Map.entry}, the concurrent
     * queues and deque, a concurrent key set, {@code Properties}, the blocking queues and
     * {@code LinkedTransferQueue}; not {@code AtomicReferenceArray} nor {@code WeakHashMap}).
     */
    static boolean refusesNull(Node n) {
        return n.id == TypeIds.EXTENDED ? n.ext == TypeIds.EXT_MAP_ENTRY || n.ext == TypeIds.EXT_PROPERTIES
                || n.ext >= TypeIds.EXT_CONCURRENT_LINKED_QUEUE && n.ext <= TypeIds.EXT_CONCURRENT_KEY_SET
                || n.ext >= TypeIds.EXT_LINKED_BLOCKING_QUEUE && n.ext <= TypeIds.EXT_LINKED_TRANSFER_QUEUE : refusesNull(n.id);
    }

    /**
     * Whether the library builds the value of built-in {@code id} from its elements, once read (FORMAT.md: the
     * {@code List.of}-style values and the singletons), so that a back reference from inside it to itself is
     * refused; the other tracked built-ins are created, and numbered, before their content. Id 99 depends on
     * its extended id: {@link #builtFromContent(long, long)}.
     */
    static boolean builtFromContent(int id) {
        return id >= TypeIds.IMMUTABLE_LIST && id <= TypeIds.IMMUTABLE_MAP
                || id >= TypeIds.SINGLETON_LIST && id <= TypeIds.SINGLETON_MAP;
    }

    /**
     * {@link #builtFromContent(int)} for id 99 and extended id {@code ext} (FORMAT.md, "numbered after"): a
     * lambda (its capturing class rebuilds it from its captured values), the entries (5..7), {@code nCopies}
     * (21), the atomic arrays of numbers (31, 32: the JDK copies an array into one) and a reversed comparator (48:
     * {@code Collections.reverseOrder} of the comparator read). The leaves 1..4 and adders
     * (34, 35) hold nothing that could point back, and the others (8..20, 23, 25..30, 33, 36) are created empty, then
     * filled: a synchronized list, an AtomicReferenceArray may hold itself. (The library reads an AtomicReferenceArray
     * of more than 1,024 elements from a stream as it reads an Object[] there, made once complete; the dump, like
     * the library from memory, does not.)
     */
    static boolean builtFromContent(long id, long ext) {
        return id != TypeIds.EXTENDED ? builtFromContent((int) id) : ext == TypeIds.EXT_SERIALIZABLE_LAMBDA
                || ext >= TypeIds.EXT_SIMPLE_ENTRY && ext <= TypeIds.EXT_MAP_ENTRY || ext == TypeIds.EXT_N_COPIES
                || ext == TypeIds.EXT_ATOMIC_INTEGER_ARRAY || ext == TypeIds.EXT_ATOMIC_LONG_ARRAY
                || ext == TypeIds.EXT_REVERSED_COMPARATOR;
    }

    /**
     * Whether a sorted collection's comparator {@code c} (a value read, not a back reference) is
     * {@code reverseOrder()}, {@code naturalOrder()} or {@code String.CASE_INSENSITIVE_ORDER}, so that the
     * elements or keys cannot be null: the first two compare them through {@code compareTo}, the third takes
     * Strings; or the reverse of the third (a reversed comparator, 48, that {@link ExtendedValues} marked so).
     */
    static boolean comparesNaturally(Node c) {
        return c.id == TypeIds.REVERSE_ORDER || c.id == TypeIds.EXTENDED
                && (c.ext == TypeIds.EXT_NATURAL_ORDER || c.ext == TypeIds.EXT_CASE_INSENSITIVE_ORDER
                || c.ext == TypeIds.EXT_REVERSED_COMPARATOR && c.nullFreeKeys);
    }

    /**
     * Whether a lambda whose functional interface has the internal name {@code name} ("java/util/Comparator")
     * cannot be a {@code Comparator}, which the dump can tell only for the JDK's interfaces: it asks the JDK's
     * class loaders for the interface, without initializing it. A user's interface may extend {@code Comparator}.
     */
    static boolean notAComparator(String name) {
        if (name.equals("java/util/Comparator") || !name.startsWith("java/")) {
            return false;
        }
        try {
            Class<?> c = Class.forName(name.replace('/', '.'), false, ClassLoader.getPlatformClassLoader());
            return !java.util.Comparator.class.isAssignableFrom(c);
        } catch (ClassNotFoundException | LinkageError e) {
            return false; // not one of the JDK's: only the user's classes can tell
        }
    }

    /**
     * Whether a {@code Class} value (id 98) may name built-in {@code id}: an id some class is written under, so
     * not 0, 1, 21 (typed arrays are written as their classes' ids), 69 ({@code RUN}), 99 (free), nor 2 (a
     * {@code Boolean} is id 3; 2 is only its value false); 95..97 where the java.sql module is present.
     */
    static boolean namesAClass(int id) {
        if (id >= TypeIds.SQL_DATE && id <= TypeIds.SQL_TIMESTAMP) {
            return ModuleLayer.boot().findModule("java.sql").isPresent();
        }
        return id >= TypeIds.TRUE && id <= TypeIds.OBJECT_ARRAY || id >= TypeIds.BIG_INTEGER && id <= TypeIds.REVERSE_ORDER
                || id >= TypeIds.LOCALE && id <= TypeIds.CLASS;
    }

    /**
     * @return the class an extended id (after id 99) names as an array component and a value: 1..4, 37 (a
     *         stack frame) and 38..42 (a URL, the JDK's enums, a ByteBuffer) only, else null (FORMAT.md: a lambda's class, 0,
     *         and the collections and holders 5..36 are no component type; 43, a class written by name, is named
     *         by the class reference after it: {@link ClassesByName}; 44..46, Java 21's sequenced views, and 48, a
     *         reversed comparator, are none)
     */
    static String extendedName(long ext) {
        return ext >= TypeIds.EXT_PATH && ext <= TypeIds.EXT_INET_SOCKET_ADDRESS
                || ext >= TypeIds.EXT_STACK_TRACE_ELEMENT && ext <= TypeIds.EXT_BYTE_BUFFER
                ? Names.extended(ext) : null;
    }

    /** For {@link #fits}: the elements of an array of extended id {@code ext} ({@code Path[]}, ...). */
    static long extendedElements(long ext) {
        return EXTENDED_ELEMENTS - ext;
    }

    /** Below this, {@code exact} is {@link #extendedElements}: tag 99, or a user id (a subclass of the user's). */
    static final long EXTENDED_ELEMENTS = -10;

    /**
     * At or below this (far below every {@link #extendedElements}), an id is the key {@link UserTypes#named} gives a
     * class written by name (id 99, extended id 43): it stands for that class wherever a type id does (a typed
     * array's component, an EnumSet's or EnumMap's enum, what an array's elements must be), so that the dump
     * treats the class as it treats a registered one. As {@code exact} ({@link #fits}) it asks for tag 99 or a
     * user id, as {@link #extendedElements} does: a class of the user's is no JDK class, so no other built-in is
     * one, and a registered class may extend it.
     */
    static final long NAMED = -(1L << 40);

    /** @return whether {@code id} is the key of a class written by name ({@link #NAMED}) */
    static boolean isNamed(long id) {
        return id <= NAMED;
    }

    /**
     * For an array whose elements must be {@code exact} &lt;= {@link #EXTENDED_ELEMENTS}: whether {@code v}, a
     * value of tag 99, can be one. Its extended id must be the component's; in an array of a class written by name,
     * any class written by name may be (whether it is a subclass, only the classes tell: {@link UserTypes#checkElement}).
     */
    static boolean extendedFits(Node v, long exact) {
        return isNamed(exact) ? v.ext == TypeIds.EXT_NAMED_CLASS : v.ext == EXTENDED_ELEMENTS - exact;
    }

    /**
     * @param id a built-in id, or for an extended one {@link #extendedElements} of it
     * @return the constants of that built-in enum ({@code DayOfWeek}, {@code Month}, and the extended
     *         {@code TimeUnit}, {@code ChronoUnit}, {@code RoundingMode}), or null if it is none
     */
    static Object[] enumConstants(long id) {
        if (id == TypeIds.DAY_OF_WEEK) {
            return java.time.DayOfWeek.values();
        } else if (id == TypeIds.MONTH) {
            return java.time.Month.values();
        } else if (id == extendedElements(TypeIds.EXT_TIME_UNIT)) {
            return java.util.concurrent.TimeUnit.values();
        } else if (id == extendedElements(TypeIds.EXT_CHRONO_UNIT)) {
            return java.time.temporal.ChronoUnit.values();
        } else if (id == extendedElements(TypeIds.EXT_ROUNDING_MODE)) {
            return java.math.RoundingMode.values();
        }
        return null;
    }

    /**
     * Whether the built-in type {@code id} is a final class, so that an element of an array of it must have
     * exactly its id (the Booleans: either). Id 33 is the JDK's final {@code ZoneRegion}, not {@code ZoneId}: an
     * array typed 33 holds no {@code ZoneOffset}. Other components (collections, user classes) have subclasses
     * among the types, which the dump does not follow (but see {@link #hasKnownBuiltinSubtypes}); the library
     * checks those too.
     */
    static boolean isFinal(long id) {
        return id >= TypeIds.FALSE && id <= TypeIds.DOUBLE_ARRAY
                || id >= TypeIds.UUID && id <= TypeIds.ZONE_OFFSET || id == TypeIds.OPTIONAL
                || id >= TypeIds.OPTIONAL_INT && id <= TypeIds.OPTIONAL_DOUBLE
                || id >= TypeIds.LOCALE && id <= TypeIds.MONTH // DayOfWeek and Month: enums without constant bodies
                || id == TypeIds.STRING_BUILDER || id == TypeIds.STRING_BUFFER || id == TypeIds.OFFSET_TIME
                || id == TypeIds.CLASS;
    }

    /**
     * Whether the built-in type {@code id} is not final, but no built-in id other than its own (for {@code Date},
     * 64: also java.sql's 95..97, its subclasses) names a subclass of it: {@code Date}, the JDK's {@code ZoneInfo}
     * (92), {@code GregorianCalendar} (93; FORMAT.md: exactly, not {@code BuddhistCalendar}), {@code Charset} (94;
     * each JDK charset class is written as 94) and the java.sql types (95..97). An array of one holds those ids,
     * or user ids (a registered class may extend it; the library checks that).
     */
    static boolean hasKnownBuiltinSubtypes(long id) {
        return id == TypeIds.DATE || id >= TypeIds.TIME_ZONE && id <= TypeIds.SQL_TIMESTAMP;
    }

    /**
     * @return the component class of an array typed {@code id} if {@link #hasKnownBuiltinSubtypes}, which a
     *         registered class may extend (the JDK's {@code ZoneInfo} for 92: none can), else null
     */
    static Class<?> componentClass(long id) {
        String name = id == TypeIds.DATE ? "java.util.Date" : id == TypeIds.TIME_ZONE ? "sun.util.calendar.ZoneInfo"
                : id == TypeIds.GREGORIAN_CALENDAR ? "java.util.GregorianCalendar" : id == TypeIds.CHARSET
                ? "java.nio.charset.Charset" : id == TypeIds.SQL_DATE ? "java.sql.Date" : id == TypeIds.SQL_TIME
                ? "java.sql.Time" : id == TypeIds.SQL_TIMESTAMP ? "java.sql.Timestamp" : null;
        try {
            return name == null ? null : Class.forName(name, false, ClassLoader.getPlatformClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null; // no java.sql module: the library refuses the id itself
        }
    }

    /** The classes of ids 3..20 ({@code Boolean} to {@code Object[]}), in order, for {@link #typeClass}. */
    private static final Class<?>[] SCALARS = {Boolean.class, Byte.class, Short.class, Character.class, Integer.class,
        Long.class, Float.class, Double.class, String.class, boolean[].class, byte[].class, short[].class, char[].class,
        int[].class, long[].class, float[].class, double[].class, Object[].class};
    /** The classes of ids 22..34 ({@code BigInteger} to {@code ZoneOffset}; not 33, the JDK's hidden ZoneRegion). */
    private static final Class<?>[] VALUES = {java.math.BigInteger.class, java.math.BigDecimal.class, java.util.UUID.class,
        java.time.Instant.class, java.time.LocalDate.class, java.time.LocalTime.class, java.time.LocalDateTime.class,
        java.time.OffsetDateTime.class, java.time.ZonedDateTime.class, java.time.Duration.class, java.time.Period.class,
        null, java.time.ZoneOffset.class};

    /**
     * The class the library reads built-in {@code id} as, as a typed array's component ({@code ReadSession.readType}
     * asks its registry), where the dump names it: the boxes, {@code String}, the primitive arrays and
     * {@code Object[]}, the leaves 22..34, and those of {@link #componentClass}. The others (the collections,
     * whose registered classes are often the JDK's private ones, and id 99's) it leaves to the library: null.
     */
    static Class<?> typeClass(long id) {
        return id >= TypeIds.TRUE && id <= TypeIds.OBJECT_ARRAY ? SCALARS[(int) id - TypeIds.TRUE]
                : id >= TypeIds.BIG_INTEGER && id <= TypeIds.ZONE_OFFSET ? VALUES[(int) id - TypeIds.BIG_INTEGER]
                : componentClass(id);
    }

    /**
     * What the elements of a typed array must be, for {@link #fits}: its component {@code descriptor} after
     * {@code dims} dimensions. A user id, or a class written by name ({@link #NAMED}), is kept, for the decoder to
     * ask its class ({@link UserTypes#cannotHold}).
     */
    static long arrayElements(long descriptor, int dims) {
        return dims > 0 ? TYPED_ARRAYS : descriptor == TypeIds.OBJECT_ARRAY ? REFERENCE_ARRAYS
                : isFinal(descriptor) || hasKnownBuiltinSubtypes(descriptor) || descriptor >= TypeIds.FIRST_USER_ID
                || isNamed(descriptor) ? descriptor : -1;
    }

    private static boolean sameType(long tag, long exact) {
        return tag == exact || tag <= TypeIds.TRUE && tag >= TypeIds.FALSE && exact <= TypeIds.TRUE && exact >= TypeIds.FALSE;
    }

    /** For {@code exact}: the elements of an {@code Object[][]} are reference arrays ({@code Object[]} or typed). */
    static final long REFERENCE_ARRAYS = -2;
    /** For {@code exact}: the elements of a {@code T[][]} whose {@code T} is not {@code Object} are typed arrays. */
    static final long TYPED_ARRAYS = -3;

    /**
     * Whether an element of type {@code tag} (not null) can be in an array whose elements must be {@code exact}
     * (-1: anything; {@link #REFERENCE_ARRAYS}, {@link #TYPED_ARRAYS}: arrays of references, or a user id; a final
     * type: that type; a type {@link #hasKnownBuiltinSubtypes}: those, or a user id; a user id: anything here, its
     * class tells the rest).
     * Which typed arrays (or user ids' values) fit an array component needs the classes' subtyping (a
     * {@code Number[][]} may hold an {@code Integer[]}): {@link UserTypes#checkElement} asks the classes, where
     * those given tell.
     */
    static boolean fits(long tag, long exact) {
        if (exact <= EXTENDED_ELEMENTS) {
            return tag == TypeIds.EXTENDED || tag >= TypeIds.FIRST_USER_ID;
        }
        if (exact == REFERENCE_ARRAYS || exact == TYPED_ARRAYS) {
            return tag >= TypeIds.FIRST_USER_ID || tag == TypeIds.TYPED_ARRAY
                    || tag == TypeIds.OBJECT_ARRAY && exact == REFERENCE_ARRAYS;
        }
        if (exact >= 0 && hasKnownBuiltinSubtypes(exact)) {
            return tag >= TypeIds.FIRST_USER_ID || tag == exact
                    || exact == TypeIds.DATE && tag >= TypeIds.SQL_DATE && tag <= TypeIds.SQL_TIMESTAMP;
        }
        return exact < 0 || exact >= TypeIds.FIRST_USER_ID || sameType(tag, exact);
    }
}
