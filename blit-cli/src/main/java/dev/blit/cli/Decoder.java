package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.gen.ClassLayout;
import dev.blit.types.TypeIds;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decodes tagged values (FORMAT.md) into {@link Node} trees without instantiating anything: built-in values
 * are self-describing, compatible-mode user objects carry their field tables, and classes named with
 * {@code --register} give names and field order. Each {@link #message} is one independent value (its own
 * reference numbers and field tables).
 */
final class Decoder {
    /**
     * How deeply values may nest: as deeply as {@code Blit.read} lets them by default (its depth counts the value
     * being read, the dump's its parents). {@link Dump} reads on a thread whose stack holds that.
     */
    static final int MAX_DEPTH = dev.blit.Blit.DEFAULT_MAX_DEPTH;
    /** Array elements shown inline. */
    static final int SHOWN = 16;
    /**
     * The tagged values one message keeps in its tree: past them, the elements and entries of its collections
     * are still read (and checked) but not kept, and one item says how many were not shown ({@link Elided}), so
     * that a list of millions is dumped in bounded memory.
     */
    static final int KEPT = 50_000;

    /** How user objects without a class are read: detect field tables, or insist on one reading. */
    enum Mode { AUTO, COMPATIBLE, SCHEMA }

    /** Thrown where a value's content cannot be parsed without its class: the message stops there. */
    static final class Undecodable extends BlitException {
        private static final long serialVersionUID = 1L;

        Undecodable(String message) {
            super(message);
        }
    }

    private final Input in;
    private final Leaves leaves;
    private final ExtendedValues extended;
    private final FieldTables fieldTables;
    private final ThrowableValues throwables;
    private final UserTypes types;
    /** Id 99, extended id 43, and the message's class names. */
    final ClassesByName named;
    /** Type descriptors (typed arrays, enum sets and maps) and enum constants. */
    final TypeDescriptors descriptors;
    final Mode mode;

    // per message
    /** By user id, or by the key of a class written by name ({@link UserTypes#named}). */
    final Map<Long, FieldTables.Table> tables = new HashMap<>();
    /**
     * What the user objects read so far in this message tell of the writer's mode, for {@link Mode#AUTO}: one
     * Blit instance writes a whole message in one mode, so a field table read (or a first occurrence that had
     * none) decides how a later exception is read ({@link ThrowableValues#exception}); null while nothing did.
     */
    Mode evidence;
    /** Whether this message's reading took an empty table on a guess ({@link #emptyTableFits}). */
    private boolean emptyGuessed;
    /** False while a message is read again without that guess. */
    private boolean guessEmpty = true;
    private int nextRef;
    /** The tagged values this message's tree holds ({@link #KEPT}). */
    private int kept;
    /** Each tracked object (its type id, extended id, name), by reference number (the first {@link #nextRef}). */
    private Node[] tracked = new Node[16];
    /** The reference numbers of the objects being read that exist only once read ({@link BuiltinIds#builtFromContent}). */
    private final java.util.BitSet building = new java.util.BitSet();
    /**
     * The object the last back reference pointed at (a user id's object may be of any class: a readResolve can
     * return anything).
     */
    private Node lastTarget;
    private boolean marked;
    boolean sawBackReference;
    /**
     * The offset of the first user object read from its field table without its class; -1 if none, -2 once said.
     * Its content was taken to end after its fields, as a plain class's does; an exception's or a collection's
     * of the user's goes on (FORMAT.md, "Throwables", "Collections and maps the user extends"), so damage found
     * after it may be the dump's misreading, which {@link Dump} says.
     */
    long classless = -1;

    Decoder(Input in, UserTypes types, Mode mode, boolean flat) {
        this.in = in;
        this.leaves = new Leaves(in);
        this.extended = new ExtendedValues(this, in, leaves, types);
        this.fieldTables = new FieldTables(this, in, flat);
        this.throwables = new ThrowableValues(this, in, fieldTables, types);
        this.types = types;
        this.named = new ClassesByName(this, in, types);
        this.descriptors = new TypeDescriptors(this, in, types);
        this.mode = mode;
    }

    /**
     * Decodes one value at the cursor into a child of {@code parent}. On failure the partial tree stays in
     * {@code parent}, the innermost item carries the error, and the exception is rethrown.
     */
    void message(Node parent, String key) {
        long start = in.pos;
        int children = parent.children.size();
        begin();
        try {
            value(parent, key, 0);
        } catch (BlitException e) {
            if (e instanceof Undecodable || !emptyGuessed) {
                throw e;
            }
            // A class without fields was read as compatible on the guess that 01 00 after its tag was its table
            // (see emptyTableFits); the message is damaged that way, so read it again without the guess, and
            // show the reading that got further if both find damage, as exception() does for one value.
            long reached = in.pos;
            again(parent, start, children);
            guessEmpty = false;
            try {
                value(parent, key, 0);
            } catch (BlitException s) {
                if (s instanceof Undecodable || in.pos >= reached) {
                    throw s;
                }
                again(parent, start, children);
                guessEmpty = true;
                value(parent, key, 0); // fails again, as before
            } finally {
                guessEmpty = true;
            }
        }
    }

    /** What a message starts from: nothing read before it can be referred to. */
    private void begin() {
        tables.clear();
        evidence = null;
        nextRef = 0;
        kept = 0;
        building.clear();
        marked = false;
        sawBackReference = false;
        emptyGuessed = false;
        named.begin();
    }

    /** Back to the start of the message at {@code start}, its partial tree dropped from {@code parent}. */
    private void again(Node parent, long start, int children) {
        in.pos = start;
        parent.children.subList(children, parent.children.size()).clear();
        begin();
    }

    /**
     * Whether a field table guessed ({@link Mode#AUTO}) may be empty for class {@code t} (an empty table,
     * {@code 01 00}, is also what many a schema-consistent content starts with): for an exception (see
     * {@link #exception}), and for a class with no fields at all, whose schema-consistent content is empty, so
     * that {@code 01 00} after its tag is either its table or the next value (a back reference to the
     * message's first object). The table is the likelier, and if the message turns out damaged it is read again
     * without that guess ({@link #message}).
     */
    boolean emptyTableFits(UserTypes.UserType t) {
        if (t != null && t.fieldsFirst() && t.fields().isEmpty() && guessEmpty) {
            emptyGuessed = true;
            return true;
        }
        return t != null && t.shape() == UserTypes.Shape.THROWABLE;
    }

    void value(Node parent, String key, int depth) {
        value(parent, key, depth, -1);
    }

    /** A tagged value; or, with {@code run} a type id, an element of a run of that type (content only). */
    private void value(Node parent, String key, int depth, long run) {
        Node n = parent.add(new Node(in.pos, key));
        kept++;
        try {
            long tag = run >= 0 ? run : in.uvar(32) & 0xffffffffL;
            if (depth >= MAX_DEPTH && tag != TypeIds.NULL && tag != TypeIds.REFERENCE) { // as the library counts
                throw new BlitException("values nest deeper than " + MAX_DEPTH + " at offset " + n.start);
            }
            if (tag > Integer.MAX_VALUE) { // the library reads a negative int, which no class is registered as
                n.type = "type id " + tag;
                throw new BlitException("unknown type id " + tag + " at offset " + n.start + " (over 2147483647, which"
                        + " no class can be registered as: the library reads it as " + (int) tag + ")");
            }
            n.id = (int) tag;
            if (tag >= TypeIds.FIRST_USER_ID) {
                user(n, tag, depth);
            } else {
                builtin(n, (int) tag, depth);
            }
            if (n.ref >= 0) {
                building.clear(n.ref);
            }
            if (run >= 0 && in.pos == n.start) {
                throw new BlitException("an element of a run at offset " + n.start
                        + " took no bytes; a run holds only values whose content is never empty");
            }
            if (n.id == TypeIds.NULL && !"comparator".equals(key)
                    && (BuiltinIds.refusesNull(parent) || parent.nullFreeKeys && !key.endsWith(".value"))) {
                // these JDK classes refuse null, so the library cannot build one
                throw new BlitException("a " + parent.type + " cannot hold null, found at offset " + n.start);
            }
        } catch (BlitException | ArithmeticException | IllegalArgumentException e) {
            if (!marked && !(e instanceof Undecodable)) {
                marked = true;
                n.error = e.getMessage();
            }
            throw e instanceof BlitException b ? b : new BlitException(e.getMessage() + " at offset " + in.pos);
        } finally {
            n.end = in.pos;
        }
    }

    private void builtin(Node n, int tag, int depth) {
        n.type = Names.builtin(tag);
        switch (tag) {
            case TypeIds.NULL -> n.id = 0;
            case TypeIds.REFERENCE -> {
                long at = in.pos;
                long index = in.uvar(32) & 0xffffffffL;
                sawBackReference = true;
                if (index >= nextRef) {
                    throw new BlitException("back reference to object #" + index + " at offset " + at + ", but only "
                            + nextRef + " objects came before it");
                }
                if (building.get((int) index)) {
                    throw new BlitException("back reference at offset " + n.start + " to object #" + index + ", a "
                            + tracked[(int) index].type + " that exists only once its content is read");
                }
                lastTarget = tracked[(int) index];
                n.value = "object #" + index;
            }
            case TypeIds.FALSE -> n.value = "false";
            case TypeIds.TRUE -> n.value = "true";
            case TypeIds.BYTE -> n.value = Byte.toString((byte) in.u8());
            case TypeIds.SHORT -> n.value = Short.toString(in.i16());
            case TypeIds.CHAR -> n.value = Names.quote(Character.toString((char) in.i16()));
            case TypeIds.INT -> n.value = Long.toString(in.svar(32));
            case TypeIds.LONG -> n.value = Long.toString(in.svar(64));
            case TypeIds.FLOAT -> n.value = Names.f32(in.i32());
            case TypeIds.DOUBLE -> n.value = Names.f64(in.i64());
            case TypeIds.STRING -> {
                long at = in.pos;
                String s = in.quotedStr();
                if (s == null) {
                    throw new BlitException("null string header inside a String value at offset " + at);
                }
                n.value = s;
            }
            case TypeIds.BOOLEAN_ARRAY, TypeIds.BYTE_ARRAY, TypeIds.SHORT_ARRAY, TypeIds.CHAR_ARRAY, TypeIds.INT_ARRAY,
                 TypeIds.LONG_ARRAY, TypeIds.FLOAT_ARRAY, TypeIds.DOUBLE_ARRAY -> {
                track(n);
                n.value = leaves.primitiveArray(tag);
            }
            case TypeIds.OBJECT_ARRAY -> {
                track(n);
                collection(n, in.count(1, "length"), depth);
            }
            case TypeIds.TYPED_ARRAY -> {
                track(n);
                n.type = descriptors.read(n) + "[]";
                n.descriptor = descriptors.id(); // for the class of an array holding this one: UserTypes.classOf
                n.dims = descriptors.dims();
                collection(n, in.count(1, "length"), depth, descriptors.elements());
            }
            case TypeIds.BIG_INTEGER, TypeIds.BIG_DECIMAL, TypeIds.UUID, TypeIds.INSTANT, TypeIds.LOCAL_DATE,
                 TypeIds.LOCAL_TIME, TypeIds.LOCAL_DATE_TIME, TypeIds.OFFSET_DATE_TIME, TypeIds.ZONED_DATE_TIME,
                 TypeIds.DURATION, TypeIds.PERIOD, TypeIds.ZONE_ID, TypeIds.ZONE_OFFSET, TypeIds.LOCALE, TypeIds.URI,
                 TypeIds.CURRENCY, TypeIds.PATTERN, TypeIds.YEAR, TypeIds.YEAR_MONTH, TypeIds.MONTH_DAY,
                 TypeIds.DAY_OF_WEEK, TypeIds.MONTH, TypeIds.OFFSET_TIME, TypeIds.CHARSET -> n.value = leaves.value(tag);
            case TypeIds.CLASS -> n.value = descriptors.classValue(n, leaves);
            case TypeIds.EXTENDED -> {
                track(n);
                extended.value(n, depth);
            }
            case TypeIds.BIT_SET, TypeIds.STRING_BUILDER, TypeIds.STRING_BUFFER, TypeIds.ATOMIC_INTEGER,
                 TypeIds.ATOMIC_LONG, TypeIds.ATOMIC_BOOLEAN, TypeIds.TIME_ZONE, TypeIds.GREGORIAN_CALENDAR,
                 TypeIds.SQL_DATE, TypeIds.SQL_TIME, TypeIds.SQL_TIMESTAMP -> {
                track(n);
                n.value = leaves.value(tag);
            }
            case TypeIds.OPTIONAL -> value(n, "value", depth + 1);
            case TypeIds.ARRAY_LIST, TypeIds.LINKED_LIST, TypeIds.ARRAY_DEQUE, TypeIds.HASH_SET, TypeIds.LINKED_HASH_SET,
                 TypeIds.IMMUTABLE_LIST, TypeIds.IMMUTABLE_SET, TypeIds.UNMODIFIABLE_LIST, TypeIds.UNMODIFIABLE_SET,
                 TypeIds.ARRAYS_AS_LIST, TypeIds.UNMODIFIABLE_COLLECTION, TypeIds.VECTOR,
                 TypeIds.COPY_ON_WRITE_ARRAY_LIST -> {
                track(n);
                collection(n, in.count(1, "count"), depth);
            }
            case TypeIds.HASH_MAP, TypeIds.LINKED_HASH_MAP, TypeIds.CONCURRENT_HASH_MAP, TypeIds.IMMUTABLE_MAP,
                 TypeIds.UNMODIFIABLE_MAP, TypeIds.HASHTABLE -> {
                track(n);
                entries(n, in.count(2, "count"), depth);
            }
            case TypeIds.TREE_MAP, TypeIds.UNMODIFIABLE_SORTED_MAP, TypeIds.CONCURRENT_SKIP_LIST_MAP -> {
                track(n);
                comparator(n, depth);
                entries(n, in.count(2, "count"), depth);
            }
            case TypeIds.TREE_SET, TypeIds.UNMODIFIABLE_SORTED_SET, TypeIds.PRIORITY_QUEUE,
                 TypeIds.CONCURRENT_SKIP_LIST_SET -> {
                track(n);
                comparator(n, depth);
                collection(n, in.count(1, "count"), depth);
            }
            case TypeIds.ENUM_SET -> {
                track(n);
                descriptors.enumSet(n);
            }
            case TypeIds.ENUM_MAP -> {
                track(n);
                descriptors.enumMap(n, depth);
            }
            case TypeIds.EMPTY_LIST, TypeIds.EMPTY_SET, TypeIds.EMPTY_MAP, TypeIds.REVERSE_ORDER -> {
            }
            case TypeIds.SINGLETON_LIST, TypeIds.SINGLETON_SET -> {
                track(n);
                value(n, "[0]", depth + 1);
            }
            case TypeIds.SINGLETON_MAP -> {
                track(n);
                value(n, "key", depth + 1);
                value(n, "value", depth + 1);
            }
            case TypeIds.DATE -> {
                track(n);
                n.value = Names.instantMillis(in.svar(64));
            }
            case TypeIds.OPTIONAL_INT -> n.value = in.bool() ? Long.toString(in.svar(32)) : "empty";
            case TypeIds.OPTIONAL_LONG -> n.value = in.bool() ? Long.toString(in.svar(64)) : "empty";
            case TypeIds.OPTIONAL_DOUBLE -> n.value = in.bool() ? Names.f64(in.i64()) : "empty";
            default -> throw new BlitException("unknown type id " + tag + " at offset " + n.start
                    + " (ids below " + TypeIds.FIRST_USER_ID + " are Blit's and this one is not assigned)");
        }
    }

    /**
     * Whether tracked object {@code n} exists only once its content is read, so that a back reference to it from
     * inside is refused: for id 99, known only after the extended id that follows the tag.
     */
    void building(Node n, boolean fromContent) {
        building.set(n.ref, fromContent);
    }

    private void track(Node n) {
        if (nextRef == tracked.length) {
            tracked = Arrays.copyOf(tracked, 2 * nextRef);
        }
        tracked[nextRef] = n;
        building.set(nextRef, BuiltinIds.builtFromContent(n.id)); // for id 99, set again once its extended id is read
        n.ref = nextRef++;
    }

    /**
     * A sorted collection's comparator: absent, or a value that must be one ({@link UserTypes#notAComparator}).
     * Ordered by one of the JDK's that Blit names ({@link BuiltinIds#comparesNaturally}), or without a comparator,
     * the elements or keys cannot be null.
     */
    void comparator(Node n, int depth) {
        n.nullFreeKeys = true;
        if (in.bool()) {
            long at = in.pos;
            value(n, "comparator", depth + 1);
            Node c = n.children.get(n.children.size() - 1);
            Node target = c.id == TypeIds.REFERENCE ? lastTarget : c;
            if (types.notAComparator(target)) {
                throw new BlitException("expected a Comparator at offset " + at + " but found "
                        + (target != c ? "a back reference to object #" + target.ref + ", " : "") + target.type
                        + (target.notAComparator ? " (its functional interface is no Comparator)" : ""));
            }
            n.nullFreeKeys = BuiltinIds.comparesNaturally(target);
        }
    }

    /** {@code count} tagged values, as {@link #collection} reads them when they are not a run. */
    private void elements(Node n, int count, int depth, long exact) {
        n.value = count + (count == 1 ? " element" : " elements");
        Elided elided = new Elided(n, "elements");
        try {
            for (int i = 0; i < count; i++) {
                elided.next();
                element(n, i, depth, exact);
                elided.read();
            }
        } finally {
            elided.close();
        }
    }

    private void element(Node n, int i, int depth, long exact) {
        long at = in.pos;
        value(n, "[" + i + "]", depth + 1);
        Node child = n.children.get(n.children.size() - 1);
        long tag = child.id;
        if (tag == TypeIds.REFERENCE) { // the object it points at: its class, if a built-in id tells it
            child = lastTarget;
            tag = lastTarget.id < TypeIds.FIRST_USER_ID ? lastTarget.id : TypeIds.REFERENCE;
        }
        if (tag > TypeIds.REFERENCE && !BuiltinIds.fits(tag, exact)) {
            throw types.notAnElement(n, i, child, at);
        }
        types.checkElement(n, i, child, exact, at);
    }

    /** @return {@code child}, or the object it points at if it is a back reference just read */
    Node target(Node child) {
        return child.id == TypeIds.REFERENCE ? lastTarget : child;
    }

    void collection(Node n, int count, int depth) {
        collection(n, count, depth, -1);
    }

    /**
     * A collection's or reference array's elements: tagged values, or a run (FORMAT.md "Runs"): a type id, then
     * each one's content. With {@code exact} a type id, every element must be of that type (or null); see {@link #fits}.
     */
    private void collection(Node n, int count, int depth, long exact) {
        if (count == 0 || in.peek() != TypeIds.RUN) {
            elements(n, count, depth, exact);
            return;
        }
        in.u8();
        long at = in.pos;
        long run = in.uvar(32) & 0xffffffffL;
        runType(run, false, count + " elements", at);
        if (!BuiltinIds.fits(run, exact)) {
            throw new BlitException("a run of " + types.typeName(run) + " at offset " + at + " in a " + n.type);
        }
        n.value = count + " elements, a run of type id " + run;
        Elided elided = new Elided(n, "elements");
        try {
            for (int i = 0; i < count; i++) {
                elided.next();
                long from = in.pos;
                value(n, "[" + i + "]", depth + 1, run);
                types.checkElement(n, i, n.children.get(n.children.size() - 1), exact, from);
                if (i == 0) { // named as its first element is
                    n.value = count + " elements, a run of " + n.children.get(n.children.size() - 1).type + " (" + run + ")";
                }
                elided.read();
            }
        } finally {
            elided.close();
        }
    }

    /**
     * The elements (or entries) of one collection read past {@link #KEPT}: each is read into the tree as usual,
     * then dropped from it, and {@link #close} puts one item in their place that says how many there were. An
     * element that fails stays, with its error.
     */
    private final class Elided {
        private final Node n;
        private final String what;
        /** Where in {@code n.children} the dropped ones were, or -1 while none is dropped. */
        private int at = -1;
        private long from;
        private long count;

        Elided(Node n, String what) {
            this.n = n;
            this.what = what;
        }

        /** Before each element: whether the tree is full. */
        void next() {
            if (at < 0 && kept >= KEPT) {
                at = n.children.size();
                from = in.pos;
            }
        }

        /** After an element read whole: dropped, if the tree was full. */
        void read() {
            if (at >= 0) {
                List<Node> dropped = n.children.subList(at, n.children.size());
                for (Node d : dropped) {
                    forget(d);
                }
                dropped.clear();
                count++;
            }
        }

        /**
         * Lets the tree of {@code d} go: a back reference needs only what {@link Node#stub} keeps of the objects
         * numbered in it.
         */
        private void forget(Node d) {
            kept--;
            if (d.ref >= 0 && tracked[d.ref] == d) {
                tracked[d.ref] = d.stub();
                if (lastTarget == d) {
                    lastTarget = tracked[d.ref];
                }
            }
            for (Node c : d.children) {
                forget(c);
            }
        }

        void close() {
            if (count == 0) {
                return;
            }
            Node s = new Node(from, null);
            s.end = at < n.children.size() ? n.children.get(at).start : in.pos;
            s.type = "... " + count + " more " + what + ", not shown";
            s.elided = true;
            n.children.add(at, s);
        }
    }

    /**
     * A run's type id, checked as the library checks it (FORMAT.md "Runs").
     *
     * @param tagged whether 0 is allowed, meaning a tagged side of a map's entries (returned as -1)
     */
    private static long runType(long id, boolean tagged, String of, long at) {
        if (id == TypeIds.NULL && tagged) {
            return -1;
        }
        if (id <= TypeIds.TRUE || id == TypeIds.RUN) {
            throw new BlitException("a run of " + of + " at offset " + at + " has type id " + id
                    + ", which " + (id == TypeIds.RUN ? "is not a type" : "has no content"));
        }
        return id;
    }

    /**
     * A map's entries: tagged keys and values, or a run (FORMAT.md "Runs"): the keys' type id and the values'
     * (0: that side is tagged), then each entry's key and value, content only on a side that is a run.
     */
    void entries(Node n, int count, int depth) {
        n.value = count + (count == 1 ? " entry" : " entries");
        long keys = -1;
        long values = -1;
        if (count > 0 && in.peek() == TypeIds.RUN) {
            in.u8();
            long at = in.pos;
            keys = runType(in.uvar(32) & 0xffffffffL, true, count + " entries' keys", at);
            values = runType(in.uvar(32) & 0xffffffffL, true, count + " entries' values", at);
            if (keys < 0 && values < 0) {
                throw new BlitException("a run of " + count + " entries at offset " + at
                        + " names a type for neither the keys nor the values");
            }
        }
        Elided elided = new Elided(n, "entries");
        try {
            for (int i = 0; i < count; i++) {
                elided.next();
                value(n, "[" + i + "].key", depth + 1, keys);
                value(n, "[" + i + "].value", depth + 1, values);
                if (i == 0 && (keys >= 0 || values >= 0)) {
                    n.value = count + (count == 1 ? " entry" : " entries") + ", a run of "
                            + (keys >= 0 ? n.children.get(n.children.size() - 2).type + " (" + keys + ") keys" : "tagged keys")
                            + " and " + (values >= 0 ? n.children.get(n.children.size() - 1).type + " (" + values + ") values"
                            : "tagged values");
                }
                elided.read();
            }
        } finally {
            elided.close();
        }
    }

    // ---------------------------------------------------------------- user classes

    /**
     * A user class's content, after its tag: of user id {@code id}, or of a class written by name, {@code id} then
     * its key ({@link ClassesByName}; already numbered, as every id-99 value is, and named).
     */
    void user(Node n, long id, int depth) {
        UserTypes.UserType t = types.get(id);
        n.type = t != null ? t.name() : BuiltinIds.isNamed(id) ? n.type : "user class";
        int marked = t == null ? NO_TABLE : markerTable(n, t, id);
        if (t != null && t.shape() == UserTypes.Shape.ENUM) {
            long at = in.pos;
            long ordinal = in.uvar(32) & 0xffffffffL;
            Object[] constants = t.constants();
            if (ordinal >= constants.length) {
                throw new BlitException("ordinal " + ordinal + " at offset " + at + " is past the " + constants.length
                        + " constants of " + t.name());
            }
            n.value = UserTypes.constantName(constants[(int) ordinal]) + " (ordinal " + ordinal + ")";
            if (!n.children.isEmpty()) { // written by name: the ordinal after the class reference, shown as such
                Node o = n.add(new Node(at, "ordinal"));
                o.type = "uvar";
                o.value = Long.toString(ordinal);
                o.end = in.pos;
            }
            return;
        }
        if (n.ref < 0) {
            track(n);
        }
        if (t != null && t.shape() == UserTypes.Shape.ELEMENTS) {
            building(n, true); // built from its elements, like List.of: it exists only once they are read
            if (Map.class.isAssignableFrom(t.type())) { // Serializer.map serves only maps
                entries(n, in.count(2, "count"), depth);
            } else {
                collection(n, in.count(1, "count"), depth);
            }
            return;
        }
        if (t != null && t.shape() == UserTypes.Shape.THROWABLE) {
            building(n, true); // like a record, the library's exception exists only once its content is read
            throwables.exception(n, t, depth);
            return;
        }
        boolean hooks = marked == HOOK_TABLE || marked == TABLE_EARLIER && tables.get(id) != null && tables.get(id).hooks();
        if (t != null && t.shape() == UserTypes.Shape.OPAQUE && !hooks) { // a hook class's table says how to read it
            if (types.blit() != null) {
                Opaque.ownSerializer(in, n, types.blit(), BuiltinIds.isNamed(id) ? n.type : null,
                        marked == NO_TABLE ? null : ClassLayout.markerTable(ClassLayout.MARKER_OPAQUE), marked == TABLE_HERE);
                return;
            }
            Opaque.content(in, n, t.why() + " (--blit can decode it)");
        }
        long key = id;
        FieldTables.Table table;
        if (tables.containsKey(key)) {
            table = tables.get(key);
            if (table != null) {
                n.note = "no field table: it came earlier in this message";
            }
        } else {
            Mode reading = mode == Mode.AUTO && evidence != null ? evidence : mode; // one mode a message
            table = reading == Mode.SCHEMA ? null : fieldTables.table(n, t, hooks ? Mode.COMPATIBLE : reading);
            tables.put(key, table);
            if (table != null) {
                evidence = Mode.COMPATIBLE;
            } else if (mode == Mode.AUTO && evidence == null && t != null && t.fieldsFirst()
                    && !t.fields().isEmpty()) {
                evidence = Mode.SCHEMA; // a compatible writer's table would have named one of its fields
            }
        }
        if (table != null) {
            if (t == null && classless == -1) {
                classless = n.start;
            }
            fieldTables.compatibleFields(n, table, t, depth);
        } else if (t != null) {
            fieldTables.schemaFields(n, t, depth);
        } else {
            Opaque.content(in, n, "a schema-consistent object's content cannot be read without its class (" + types.missing(id) + ")");
        }
        if (table == null && t != null && t.shape() == UserTypes.Shape.CONTAINER) { // compatible: at the table's marker
            containerContent(n, t, Map.class.isAssignableFrom(t.type()), depth);
        }
    }

    /** What {@link #markerTable} found: no table (schema-consistent), the table here, or the table earlier. */
    private static final int NO_TABLE = 0;
    private static final int TABLE_HERE = 1;
    private static final int TABLE_EARLIER = 2;
    /** A Serializable hook class's table of its classes and fields is here, not yet read ({@link FieldTables}). */
    private static final int HOOK_TABLE = 3;

    /**
     * Compatible mode: the table of its marker alone that an enum's value ({@code 03 01 01 0e}), or one of a class
     * written by its own serializer ({@code 03 01 01 0f}), starts with the first time its class appears in a
     * message (FORMAT.md, "Compatible mode"). Read (and shown) here when it is due; guessed at in AUTO mode by its
     * four bytes, which a compatible writer always puts there, so their absence says the message is
     * schema-consistent. Plain classes, exceptions and collections of the user's have tables of their own (read by
     * {@link FieldTables}); for them this does nothing.
     *
     * A class serialized through its java.io hooks as a Serializable has a table of its classes and fields instead
     * (FORMAT.md, "Compatible mode"), which is left to {@link FieldTables}.
     *
     * @return {@link #NO_TABLE}, {@link #TABLE_HERE} (consumed), {@link #TABLE_EARLIER} or {@link #HOOK_TABLE}
     */
    private int markerTable(Node n, UserTypes.UserType t, long key) {
        int marker = t.shape() == UserTypes.Shape.ENUM ? ClassLayout.MARKER_ENUM
                : t.shape() == UserTypes.Shape.OPAQUE || t.shape() == UserTypes.Shape.ELEMENTS ? ClassLayout.MARKER_OPAQUE : 0;
        if (marker == 0) {
            return NO_TABLE;
        }
        if (tables.containsKey(key)) {
            if (tables.get(key) == null) {
                return NO_TABLE;
            }
            n.note = "no field table: it came earlier in this message";
            return TABLE_EARLIER;
        }
        Mode reading = mode == Mode.AUTO && evidence != null ? evidence : mode;
        byte[] table = ClassLayout.markerTable(marker);
        long start = in.pos;
        boolean here = in.remaining() >= table.length;
        for (int i = 0; here && i < table.length; i++) {
            here = in.byteAt(start + i) == (table[i] & 0xff);
        }
        if (marker == ClassLayout.MARKER_OPAQUE && !here && reading != Mode.SCHEMA && fieldTables.hookTableHere()) {
            return HOOK_TABLE;
        }
        if (reading == Mode.SCHEMA || !here && reading == Mode.AUTO) {
            tables.put(key, null);
            if (mode == Mode.AUTO && evidence == null) {
                evidence = Mode.SCHEMA; // a compatible writer puts the table there
            }
            return NO_TABLE;
        }
        Node node = n.add(new Node(start, null));
        node.type = "field table";
        if (!here) {
            node.end = Math.min(in.limit, start + table.length);
            throw new BlitException(ClassLayout.notMarkerTable(t.name(), start, marker)); // as the library says it
        }
        in.pos = start + table.length;
        node.end = in.pos;
        node.value = "(" + ClassLayout.markerName(marker) + ")";
        tables.put(key, new FieldTables.Table(new String[] {""}, new int[] {marker}, marker));
        evidence = Mode.COMPATIBLE;
        return TABLE_HERE;
    }

    /**
     * A user collection's elements or a user map's entries, after its own fields (FORMAT.md, "Collections and maps
     * the user extends").
     *
     * @param t the class, or null when the dump does not have it (a compatible-mode table's marker said which)
     */
    void containerContent(Node n, UserTypes.UserType t, boolean map, int depth) {
        Node e = n.add(new Node(in.pos, map ? "entries" : "elements"));
        // "elements: java.util.ArrayList, 3 elements"; without the class, what the marker says
        e.type = t != null ? ClassLayout.containerBase(t.type()).getName() : map ? "Map" : "Collection";
        try {
            if (map) {
                entries(e, in.count(2, "count"), depth);
            } else {
                collection(e, in.count(1, "count"), depth);
            }
        } catch (BlitException x) {
            mark(e, x);
            throw x;
        } finally {
            e.end = in.pos;
        }
    }

    /** An exception's message, cause, stack trace and suppressed exceptions ({@link ThrowableValues#content}). */
    void throwableContent(Node n, UserTypes.UserType t, int depth) {
        throwables.content(n, t, depth);
    }

    /**
     * What reading a value changes in the decoder and its tree, kept to rewind a guess ({@link ThrowableValues#exception}):
     * the objects numbered after it are only appended to {@link #tracked}, so its count is enough.
     */
    final class Snapshot {
        private final long pos = in.pos;
        private final Map<Long, FieldTables.Table> tables = new HashMap<>(Decoder.this.tables);
        private final int names = Decoder.this.named.count();
        private final int nextRef = Decoder.this.nextRef;
        private final java.util.BitSet building = (java.util.BitSet) Decoder.this.building.clone();
        private final Node lastTarget = Decoder.this.lastTarget;
        private final boolean marked = Decoder.this.marked;
        private final boolean sawBackReference = Decoder.this.sawBackReference;
        private final Mode evidence = Decoder.this.evidence;
        private final int children;
        private final String note;

        Snapshot(Node n) {
            children = n.children.size();
            note = n.note;
        }

        void restore(Node n) {
            in.pos = pos;
            Decoder.this.tables.clear();
            Decoder.this.tables.putAll(tables);
            Decoder.this.nextRef = nextRef;
            Decoder.this.building.clear();
            Decoder.this.building.or(building);
            Decoder.this.lastTarget = lastTarget;
            Decoder.this.marked = marked;
            Decoder.this.sawBackReference = sawBackReference;
            Decoder.this.evidence = evidence;
            Decoder.this.named.truncate(names);
            n.children.subList(children, n.children.size()).clear();
            n.note = note;
        }
    }

    void mark(Node f, BlitException e) {
        if (!marked) {
            marked = true;
            f.error = e.getMessage();
        }
    }
}
