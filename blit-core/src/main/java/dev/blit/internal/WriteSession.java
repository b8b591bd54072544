package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.buffer.ObjectWriter;
import dev.blit.buffer.WriteBuffer;
import dev.blit.graph.IdentityTable;
import dev.blit.types.TypeIds;

/**
 * The state of one write: which registry, how deep, which objects were already written. Created per
 * call and attached to the buffer, so a {@code Blit} holds no per-thread state at all.
 */
public final class WriteSession implements ObjectWriter {
    /** Entries of the class-lookup cache (a power of two), in pairs; see {@code seenTypes}. */
    private static final int SEEN = 64;
    final Registry registry;
    private final int maxDepth;
    /** Null when references are off: the fast path then costs one null check. */
    final IdentityTable refs;
    int depth;
    /**
     * With references on, the values being written whose class is {@link Registration#late} (a record, a class built
     * by its constructor, an exception; also those {@link #contentBuiltAfter} names, and, while their comparator or
     * replacement is written, those {@link #writePartBefore} names, at a negative level that says which), innermost
     * last: their reference numbers and their levels, so that a back reference to one
     * of them from inside it is refused here rather than written as bytes no reader can take back. Numbers, not the
     * objects: ints cost no GC barrier to store. Empty for most graphs, so a back reference checks one field.
     */
    private int[] lateIds = new int[8];
    private int[] lateLevels = new int[8];
    private int lateCount;
    /** Compatible mode: which classes' field tables this message already holds; see {@link #describe}. */
    private long describedLow;
    /** The same, for slots from 64 on (an instance with that many compatible classes). */
    private boolean[] described;
    /**
     * The classes this message named so far ({@link TypeWriter#writeClassName}), by index; null until one is. Searched
     * from the start: a message names a handful of classes, and comparing a few references beats hashing
     * (the 100-line Order writes 202 named values of 3 classes). Past {@link #NAMED_SCAN} a map takes over.
     */
    Class<?>[] named;
    int namedCount;
    /** The named classes by index once a message names more than {@link #NAMED_SCAN}; null until then. */
    java.util.IdentityHashMap<Class<?>, Integer> namedIndex;
    static final int NAMED_SCAN = 8;
    /** The packages this message named so far, by index (see {@link TypeWriter#writeClassName}). */
    String[] packages;
    int packageCount;

    /** The Blit instance this session writes for; a session is reused only by its owner. */
    private final Object owner;
    /** Whether a write is under way; a nested write through the same buffer then gets its own session. */
    private boolean active;
    /**
     * The idle session of the instance that used the buffer before this one, kept so that two instances
     * taking turns on one buffer both find theirs again (see {@link #claim}). At most one: the spare of a
     * spare is dropped, so a buffer holds two sessions at most.
     */
    private WriteSession spare;
    /**
     * A two-way cache of class lookups, indexed by the class's identity hash (a class may sit in its slot or
     * the slot's pair): a graph mixes a handful of classes (an order, its lines, strings, decimals, lists),
     * and the registry's {@link ClassValue} probe costs several times these array loads. Direct-mapped, two
     * hot classes sharing a slot evicted each other on every object. Entries hold only classes the registry
     * resolved, so a session never keeps an unregistered class alive.
     */
    private final Class<?>[] seenTypes = new Class<?>[SEEN];
    private final Registration[] seenRegistrations = new Registration[SEEN];
    /**
     * The last class looked up and its registration, checked before {@code seenTypes}: a value of the type
     * written just before (the next top-level object, the next element of a homogeneous collection) then
     * costs one compare, not the class's identity hash (a read of its header and a few tests on it), which
     * was a tenth of the seed object's write.
     */
    private Class<?> lastType;
    private Registration lastRegistration;

    public WriteSession(Registry registry, boolean references, int maxDepth) {
        this(null, registry, references, maxDepth);
    }

    /**
     * @param owner      the Blit instance that may {@link #claim} this session again for later writes
     * @param registry   its registry
     * @param references whether to track identity
     * @param maxDepth   the nesting limit
     */
    public WriteSession(Object owner, Registry registry, boolean references, int maxDepth) {
        this.owner = owner;
        this.registry = registry;
        this.maxDepth = maxDepth;
        this.refs = references ? new IdentityTable() : null;
    }

    /**
     * A Blit keeps its session on the buffer it wrote to (idle: it refuses {@link WriteBuffer#writeObject} until
     * then), so that the next write to that
     * buffer (the common case: one reused buffer per thread) allocates nothing. When a second instance takes the
     * buffer over, the first one's idle session stays behind as the newcomer's spare, and comes back when the
     * first instance writes again: two instances taking turns on one buffer both reuse their sessions.
     *
     * @param w     what the buffer has attached
     * @param owner the Blit instance about to write
     * @return the owner's idle session on this buffer, ready for a new message, or null if there is none
     */
    private static WriteSession claim(ObjectWriter w, Object owner) {
        if (w instanceof WriteSession) {
            WriteSession s = (WriteSession) w;
            if (!s.active) {
                if (s.owner == owner) {
                    return s;
                }
                WriteSession o = s.spare;
                if (o != null && o.owner == owner) {
                    s.spare = null;
                    o.spare = s;
                    return o;
                }
            }
        }
        return null;
    }

    /**
     * For a new session about to replace what the buffer has attached: keeps an idle session of another
     * instance as this one's spare (see {@link #claim}). A session in use is not kept here: the nested write
     * puts it back when done.
     *
     * @param previous what the buffer has attached, or null
     */
    private void keep(ObjectWriter previous) {
        if (previous instanceof WriteSession && !((WriteSession) previous).active) {
            WriteSession p = (WriteSession) previous;
            p.spare = null;
            spare = p;
        }
    }

    /**
     * Starts a message of {@code owner}'s on {@code out}: claims its idle session there (or makes one), attaches
     * it and begins it. Pair with {@link #end(WriteBuffer, ObjectWriter)} in a {@code finally}.
     *
     * @param out        the buffer
     * @param previous   what the buffer has attached ({@link WriteBuffer#objects()})
     * @param owner      the Blit instance about to write
     * @param registry   its registry
     * @param references whether it tracks identity
     * @param maxDepth   its nesting limit
     * @return the session, active
     */
    public static WriteSession start(WriteBuffer out, ObjectWriter previous, Object owner, Registry registry,
                                     boolean references, int maxDepth) {
        WriteSession s = claim(previous, owner);
        if (s == null) {
            s = new WriteSession(owner, registry, references, maxDepth);
            s.keep(previous);
        }
        if (s != previous) { // the same session message after message: spare the barriered store (ReadBuffer.limits)
            out.objects(s);
        }
        s.begin(nestedDepth(previous));
        return s;
    }

    /**
     * Ends the message {@link #start} began, and leaves the buffer with what it is to hold: for a write nested in
     * another's value, the outer write's session (it goes on with its own), else this session, idle, which the next
     * write finds and which refuses {@link WriteBuffer#writeObject} until then.
     *
     * @param out      the buffer
     * @param previous what it had attached before {@link #start}
     */
    public void end(WriteBuffer out, ObjectWriter previous) {
        end();
        if (inUse(previous)) {
            out.objects(previous);
        }
    }

    /**
     * Whether a buffer's attached session is in the middle of a message, so that a write (read) by another
     * Blit instance through the same buffer, nested in it, must put it back when done. A session that is not
     * in use (another instance used this buffer before) is replaced and kept as the new one's spare
     * ({@link #keep}): putting it back would make every later call of the new instance build a session of its own.
     *
     * @param w what the buffer has attached, or null
     * @return true if it is a session in use
     */
    private static boolean inUse(ObjectWriter w) {
        return w instanceof WriteSession && ((WriteSession) w).active;
    }


    /**
     * @param previous what the buffer had attached before this write, or null
     * @return the depth of the write in progress on the buffer (a session in use: this write is nested in one of
     *         its values), else 0
     */
    private static int nestedDepth(ObjectWriter previous) {
        return previous instanceof WriteSession && ((WriteSession) previous).active ? ((WriteSession) previous).depth : 0;
    }

    /**
     * Starts one message: per-message state is empty here, whatever happened to the previous one.
     *
     * @param depth the nesting it starts at: 0, or for a write nested in another's value (a
     *              {@code Marshallable} calling {@code Blit.write}) the outer one's ({@link #nestedDepth}), so that
     *              {@code maxDepth} bounds the nesting through such calls too
     */
    private void begin(int depth) {
        active = true;
        this.depth = depth;
        startDepth = depth;
        if (refs != null) {
            refs.clear(); // a no-op when end() did it: a message never inherits another's numbers
        }
        lateCount = 0;
        describedLow = 0;
        if (described != null) {
            java.util.Arrays.fill(described, false);
        }
        if (namedCount > 0) {
            java.util.Arrays.fill(named, 0, namedCount, null); // a session keeps no class alive past its message
            namedCount = 0;
            namedIndex = null;
            packageCount = 0; // the package names stay: Strings, which keep no class alive
        }
    }

    /** Ends one message, dropping references to the objects written so the session retains none of them. */
    private void end() {
        active = false;
        if (refs != null) {
            refs.clear();
        }
    }

    /**
     * @param out a buffer being written by Blit
     * @return the session attached to it
     */
    public static WriteSession of(WriteBuffer out) {
        ObjectWriter w = out.objects();
        if (w instanceof WriteSession && ((WriteSession) w).active) {
            return (WriteSession) w;
        }
        throw notWriting();
    }

    /** Idle between messages, or never attached: no write of Blit's is under way on the buffer. */
    private static BlitException notWriting() {
        return new BlitException("this buffer is not being written by a Blit instance: a Serializer (one from"
                + " Blit.serializerOf too) writes inside Blit.write(value, out), which attaches what its nested values need;"
                + " call that instead");
    }

    public Registry registry() {
        return registry;
    }

    @Override
    public void writeObject(WriteBuffer out, Object value) {
        if (!active) { // the session stays on its buffer between writes: WriteBuffer.writeObject then is misuse
            throw notWriting();
        }
        if (value == null) {
            out.writeByte(TypeIds.NULL);
            return;
        }
        write(out, value, registration(value.getClass()));
    }

    /**
     * Writes the value of a message ({@code Blit.write}). Every level a value enters is left when its content is
     * written, so a level still open at the end means that a nested write failed (threw past the {@code exit} of
     * the values it was in) and a serializer of the user's caught the exception and went on: what the failed
     * value wrote before failing, its bytes and reference numbers, is in the message, which would not read back.
     * So the message fails here; nothing of it stays in the buffer. Costs one compare per message.
     *
     * @param out   the buffer
     * @param value the value, or null
     */
    public void writeMessage(WriteBuffer out, Object value) {
        writeObject(out, value);
        if (depth != startDepth) {
            throw WriteErrors.swallowed(out);
        }
    }

    /** The depth {@link #begin} started the message at. */
    private int startDepth;

    Registration registration(Class<?> type) {
        if (type == lastType) {
            return lastRegistration;
        }
        return cached(type);
    }

    private Registration cached(Class<?> type) {
        int slot = type.hashCode() & (SEEN - 1);
        Registration r;
        if (seenTypes[slot] == type) {
            r = seenRegistrations[slot];
        } else if (seenTypes[slot ^ 1] == type) {
            r = seenRegistrations[slot ^ 1];
        } else {
            r = lookUp(type, slot);
        }
        lastType = type;
        lastRegistration = r;
        return r;
    }

    /** A cache miss: asks the registry, and keeps the answer in whichever of the pair's two entries is free. */
    private Registration lookUp(Class<?> type, int slot) {
        Registration r = registry.forClass(type);
        int at = seenTypes[slot] == null || seenTypes[slot ^ 1] != null ? slot : slot ^ 1;
        seenRegistrations[at] = r;
        seenTypes[at] = type;
        return r;
    }

    /**
     * Writes a non-null value whose registration the caller already knows (generated code passes the one
     * of a field's declared final type, skipping the class lookup).
     *
     * @param out   the buffer
     * @param value non-null, of exactly {@code r.type} (or an alias of it)
     * @param r     its registration
     */
    public void write(WriteBuffer out, Object value, Registration r) {
        if (enter(out, value, r)) {
            r.serializer.write(out, value);
            exit();
        }
    }

    /**
     * Writes a field's value whose class may replace itself ({@code writeReplace}), refusing a replacement the
     * field cannot hold: a reader, which checks every field's value against its declared type, would refuse
     * the bytes (and {@code ObjectInputStream} too fails on such a stream), so they are never written. Called
     * for the fields whose declared type has a {@code writeReplace} or {@code readResolve} by name
     * ({@link dev.blit.serial.JavaSerialization#mayReplace}), by generated code and {@code ReflectiveSerializer}
     * alike; any other field's value goes straight to {@link #writeObject}.
     *
     * @param out      the buffer
     * @param value    the field's value, or null
     * @param declared the field's declared type
     * @param field    "Class.field", for the message
     */
    public void writeField(WriteBuffer out, Object value, Class<?> declared, String field) {
        if (value == null) {
            out.writeByte(TypeIds.NULL);
            return;
        }
        Object outer = replacing;
        Class<?> outerType = replacingDeclared;
        String outerField = replacingField;
        replacing = value;
        replacingDeclared = declared;
        replacingField = field;
        try {
            writeObject(out, value);
        } finally {
            replacing = outer;
            replacingDeclared = outerType;
            replacingField = outerField;
        }
    }

    /** The value {@link #writeField} is writing, its field's declared type and name; null outside of it. */
    private Object replacing;
    private Class<?> replacingDeclared;
    private String replacingField;

    /**
     * Called where a {@code writeReplace}'s result is about to be written in place of a value: refuses it if
     * the value is a field's being written by {@link #writeField} and the field cannot hold the replacement,
     * unless the replacement's class has a {@code writeReplace} or {@code readResolve} of its own (a
     * serialization proxy, whose {@code readResolve} gives back an object of the original's class): what that
     * reads back as is known only on reading, where the field's type is checked too.
     *
     * @param out         the buffer
     * @param value       the value replaced
     * @param replacement what its writeReplace returned, not of its class
     * @throws BlitException if the field the value is written from cannot hold the replacement
     */
    public static void replacing(WriteBuffer out, Object value, Object replacement) {
        ObjectWriter w = out.objects();
        if (!(w instanceof WriteSession)) {
            return;
        }
        WriteSession s = (WriteSession) w;
        if (s.replacing != value || replacement == null || s.replacingDeclared.isInstance(replacement)
                || dev.blit.serial.JavaSerialization.mayReplace(replacement.getClass())) {
            // A replacement that may itself resolve to another object (a serialization proxy's readResolve giving
            // back the original's class) is left to the reader, which checks what it resolves to.
            return;
        }
        throw new BlitException("field " + s.replacingField + " is a " + s.replacingDeclared.getTypeName() + " but the"
                + " writeReplace of its value, a " + value.getClass().getTypeName() + ", gives a "
                + replacement.getClass().getTypeName() + ", which the field cannot hold: a reader would refuse it (as"
                + " ObjectInputStream does); declare the field as a type both are, or return a "
                + s.replacingDeclared.getTypeName() + " from writeReplace");
    }

    /**
     * The first half of {@link #write(WriteBuffer, Object, Registration)}, for generated code that writes
     * the content itself (so that its call to the content's serializer is its own, monomorphic call site):
     * writes a back reference and returns false, or writes the tag, enters one level deeper and returns true;
     * the caller then writes the content and calls {@link #exit()}.
     *
     * @param out   the buffer
     * @param value non-null, of exactly {@code r.type} (or an alias of it)
     * @param r     its registration
     * @return whether the caller must write the content
     */
    public boolean enter(WriteBuffer out, Object value, Registration r) {
        if (refs != null && r.tracked && wroteReference(out, value, r)) {
            return false;
        }
        writeTag(out, value, r);
        return true;
    }

    /** Writes the tag of a value whose content follows, and enters its level. */
    private void writeTag(WriteBuffer out, Object value, Registration r) {
        int id = r.id;
        if (id == TypeIds.TRUE && !((Boolean) value)) {
            id = TypeIds.FALSE;
        }
        out.writeUnsignedVarInt(id);
        if (++depth > maxDepth) {
            throw tooDeep(out, value);
        }
    }

    /**
     * Writes a value as {@code ObjectOutputStream.writeUnshared} does: whole, even if it was written before, and
     * never found again by identity, so that a later occurrence is written whole too rather than as a back
     * reference to it. It still takes its reference number, so that the reader, which numbers every tracked
     * value it reads, stays in step.
     *
     * @param out   the buffer
     * @param value the value, or null
     */
    public void writeUnshared(WriteBuffer out, Object value) {
        if (value == null || refs == null) {
            writeObject(out, value);
            return;
        }
        Registration r = registration(value.getClass());
        if (!r.tracked) {
            write(out, value, r);
            return;
        }
        refs.skip();
        if (r.late) {
            enteringLate();
        }
        writeTag(out, value, r);
        r.serializer.write(out, value);
        exit();
    }

    /**
     * {@link #enter} for a leaf that is never tracked: a built-in value whose content generated code writes
     * itself, which contains no other value (a String, a boxed number). Its tag and the same depth check, but
     * no level is entered, so there is no {@link #exit} to call: nothing is written below a leaf, so counting
     * its level up and down again could only matter to the check, made here as {@code enter} makes it.
     * Generated code passes the id as a constant, so the tag's varint comes down to a store.
     *
     * @param out   the buffer
     * @param value the leaf, not null (for the message if it is too deep)
     * @param id    its type id
     */
    public void enterLeaf(WriteBuffer out, Object value, int id) {
        out.writeUnsignedVarInt(id);
        if (depth >= maxDepth) {
            throw leafTooDeep(out, value);
        }
    }

    /**
     * {@link #tooDeep} for a leaf whose tag is written: counts the level the leaf did not enter, as a value that
     * failed inside its level leaves it counted, so that {@link #writeMessage} sees the failure if a serializer of
     * the user's swallows it.
     */
    private BlitException leafTooDeep(WriteBuffer out, Object value) {
        depth++;
        return tooDeep(out, value);
    }

    /**
     * {@link #enterLeaf} for a leaf that is tracked (a primitive array): with references on, a back reference
     * if the same array was written before in this message.
     *
     * @param out   the buffer
     * @param value the array, not null
     * @param id    its type id
     * @return whether the caller must write the content
     */
    public boolean enterTrackedLeaf(WriteBuffer out, Object value, int id) {
        if (refs != null && wroteReference(out, value, null)) {
            return false;
        }
        enterLeaf(out, value, id);
        return true;
    }

    /**
     * Writes a back reference if {@code value} was written before in this message; else numbers it, and notes
     * it if its class is {@link Registration#late} ({@code r} null for a leaf, never late).
     */
    private boolean wroteReference(WriteBuffer out, Object value, Registration r) {
        int earlier = refs.putIfAbsent(value);
        if (earlier < 0) {
            if (r != null && r.late) {
                enteringLate();
            }
            return false;
        }
        if (lateCount > 0) {
            refuseCycleThroughLate(earlier, value);
        }
        out.writeByte(TypeIds.REFERENCE);
        out.writeUnsignedVarInt(earlier);
        return true;
    }

    /**
     * Writes the elements of a collection whose count is already written as a run (FORMAT.md "Runs"), if they
     * can be one: at least {@link #MIN_RUN}, none null, all of one class whose registration allows runs (its content is never
     * empty) and which is not tracked (or references are off), since a run has no place for a back reference.
     * Then the run header ({@link TypeIds#RUN} and the class's id) and each element's content follow, each
     * counted as a level of depth, as a tagged value would be. Otherwise nothing is written.
     *
     * @param out  the buffer
     * @param c    the collection
     * @param size its size, as written in the count
     * @return whether the elements were written (as a run); false means the caller writes them tagged
     * @throws BlitException if the collection changes while it is written
     */
    public boolean writeRun(WriteBuffer out, java.util.Collection<?> c, int size) {
        return RunWriter.startRun(this, out, c, size, null, c) != NO_RUN;
    }

    /**
     * {@link #writeRun(WriteBuffer, java.util.Collection, int)} for the elements of a reference array, whose
     * length is already written.
     *
     * @param out the buffer
     * @param a   the array
     * @return whether the elements were written (as a run); false means the caller writes them tagged
     * @throws BlitException if an element changes while the array is written
     */
    public boolean writeRun(WriteBuffer out, Object[] a) {
        return a.length >= MIN_RUN && RunWriter.startRun(this, out, java.util.Arrays.asList(a), a.length, null, a) != NO_RUN;
    }

    /**
     * The fewest elements Blit writes as a run. A run's header is two bytes where most ids are one, so two
     * elements save nothing, and looking at every element first costs a few ns per collection, which
     * MediaContent's two-element lists measured (write 121 -> 128 ns): from four elements on it pays.
     * Readers take a run of any length.
     */
    public static final int MIN_RUN = 4;

    /** {@link #startRun}: the elements are not a run; nothing is written. */
    public static final int NO_RUN = 0;
    /** {@link #startRun}: a run of the expected class; its header is written, the caller writes the elements. */
    public static final int RUN_OF_EXPECTED = 1;
    /** {@link #startRun}: a run of another class, written entirely. */
    public static final int RUN_WRITTEN = 2;

    /**
     * {@link #writeRun} for generated code that writes elements of one declared class itself: when the run is
     * of exactly that class, only its header is written, and the caller writes each element's content between
     * {@link #enterRun} (or {@link #runLeaf}) and {@link #exit}, checking that each is still of that class.
     *
     * @param out      the buffer
     * @param c        the collection
     * @param size     its size, as written in the count
     * @param expected the registration whose elements the caller writes itself, or null
     * @return {@link #NO_RUN}, {@link #RUN_OF_EXPECTED} or {@link #RUN_WRITTEN}
     */
    public int startRun(WriteBuffer out, java.util.Collection<?> c, int size, Registration expected) {
        return RunWriter.startRun(this, out, c, size, expected, c);
    }

    /**
     * Writes a map's entries, whose count is already written: as a run (FORMAT.md "Runs") when there are at
     * least {@link #MIN_RUN} and every key, or every value, is of one class that may be a run (as for
     * {@link #writeRun}; that side's type id once, then its contents; the other side, id 0, stays tagged),
     * else each key and value as a tagged value.
     *
     * @param out     the buffer
     * @param entries the entries, in the order to write them
     * @param size    their number, as written in the count
     * @param source  the map, for the error if it changes while written
     * @throws BlitException if the entries change while they are written
     */
    public void writeEntries(WriteBuffer out, java.util.Collection<? extends java.util.Map.Entry<?, ?>> entries, int size,
                             Object source) {
        RunWriter.writeEntries(this, out, entries, size, source);
    }

    /**
     * Before the content of an element of a run (no tag): one more level of depth, left with {@link #exit}.
     *
     * @param out   the buffer, for the offset of an error
     * @param value the element
     */
    public void enterRun(WriteBuffer out, Object value) {
        if (++depth > maxDepth) {
            throw tooDeep(out, value);
        }
    }

    /**
     * Before the content of an element of a run that is a leaf (see {@link #enterLeaf}): the depth check of
     * {@link #enterRun} without a level to leave.
     *
     * @param out   the buffer, for the offset of an error
     * @param value the element
     */
    public void runLeaf(WriteBuffer out, Object value) {
        if (depth >= maxDepth) {
            throw tooDeep(out, value);
        }
    }

    /**
     * @param c   a collection being written
     * @param out the buffer
     * @return the error for a collection whose size or elements changed while it was written: the bytes
     *         already written would read back as something else
     */
    public static BlitException changed(Object c, WriteBuffer out) {
        return new BlitException("a " + c.getClass().getTypeName() + " changed while it was written (offset "
                + out.position() + "); collections must not be modified during a write");
    }

    /** {@link #changed(Object, WriteBuffer)}, with the ConcurrentModificationException its iterator threw as cause. */
    public static BlitException changed(Object c, WriteBuffer out, RuntimeException cause) {
        return (BlitException) changed(c, out).initCause(cause);
    }

    /** Built apart from {@link #enter}, whose bytecode the message's concatenation would more than double. */
    private BlitException tooDeep(WriteBuffer out, Object value) {
        return WriteErrors.tooDeep(out, value, maxDepth, refs != null, registry);
    }

    /**
     * Compatible mode: whether the class with this slot is written for the first time in this message, so
     * that its field table must follow its tag (FORMAT.md, "Compatible mode"). Marks it as written. The
     * state lives and dies with this session, one message: what a Blit writes never depends on anything it
     * wrote or read before.
     *
     * @param slot the class's index among the compatible classes of the Blit instance
     * @return true the first time only
     */
    public boolean describe(int slot) {
        if (slot < 64) {
            long bit = 1L << slot;
            if ((describedLow & bit) != 0) {
                return false;
            }
            describedLow |= bit;
            return true;
        }
        boolean[] d = described;
        if (d == null || slot >= d.length) {
            d = described = java.util.Arrays.copyOf(d == null ? new boolean[0] : d, Math.max(16, slot * 2 + 1));
        }
        if (d[slot]) {
            return false;
        }
        d[slot] = true;
        return true;
    }

    /** Ends the level {@link #enter} began, after the content was written. */
    public void exit() {
        if (lateCount > 0 && lateLevels[lateCount - 1] == depth) {
            lateCount--;
        }
        depth--;
    }

    /** Notes the value just numbered, whose level {@link #enter} is about to begin, as being written. */
    private void enteringLate() {
        pushLate(refs.size() - 1, depth + 1);
    }

    /**
     * For a built-in serializer whose reader builds the value only after its content (a {@code Map.entry}), under
     * an id shared with others that are not {@link Registration#late}: called as its content begins, it makes a
     * back reference to {@code value} from inside that content refused, as for a late class.
     *
     * @param value the value whose content is being written, at the current level
     */
    public void contentBuiltAfter(Object value) {
        int id = refs == null ? -1 : refs.indexOf(value);
        if (id >= 0) {
            pushLate(id, depth);
        }
    }

    /**
     * {@link #lateLevels} of a value one of whose parts is being written that its reader reads before it makes the
     * value (see {@link #writePartBefore}). No level {@link #exit} leaves is negative: that method removes it.
     */
    private static final int MADE_FROM_COMPARATOR = -1;
    /** {@link #MADE_FROM_COMPARATOR} for the {@code writeReplace} result of the value being written. */
    private static final int MADE_FROM_REPLACEMENT = -2;

    /**
     * Writes the comparator of a sorted collection or map (or of a wrapper of one) as a tagged value. Its reader
     * reads the comparator first and makes the collection from it, so with references on a back reference to
     * the collection from inside its comparator (a comparator that holds what it orders) is refused here, rather
     * than written as bytes no reader can take back. A back reference to it from its elements stays allowed.
     *
     * @param out        the buffer
     * @param comparator the comparator, not null
     * @param collection the value whose content is being written, at the current level
     */
    public void writeComparator(WriteBuffer out, Object comparator, Object collection) {
        writePartBefore(out, comparator, collection, MADE_FROM_COMPARATOR);
    }

    /**
     * Writes what the {@code writeReplace} of the value being written returned, as a tagged value. The reader has
     * the original only once it has read the replacement (through its {@code readResolve}), so with references on
     * a back reference to the original from inside its replacement is refused here (FORMAT.md, "Replacement").
     *
     * @param out         the buffer
     * @param replacement the replacement, or null
     * @param original    the value whose {@code writeReplace} returned it, at the current level
     */
    public void writeReplacement(WriteBuffer out, Object replacement, Object original) {
        writePartBefore(out, replacement, original, MADE_FROM_REPLACEMENT);
    }

    /**
     * Writes {@code part} with {@code whole} noted as not made yet, {@code why}, if it was numbered; a slow path:
     * only comparators and replacements come here.
     */
    private void writePartBefore(WriteBuffer out, Object part, Object whole, int why) {
        int id = refs == null || part == null ? -1 : refs.indexOf(whole);
        if (id < 0) {
            writeObject(out, part);
            return;
        }
        int mark = lateCount;
        pushLate(id, why);
        writeObject(out, part);
        lateCount = mark;
    }

    /**
     * @param value a value about to be written as a replacement
     * @return whether references are on and {@code value} was written before in this message, so that it can be
     *         written as a back reference to itself
     */
    public boolean wasWritten(Object value) {
        return refs != null && refs.indexOf(value) >= 0;
    }

    private void pushLate(int id, int level) {
        if (lateCount == lateIds.length) {
            lateIds = java.util.Arrays.copyOf(lateIds, lateCount * 2);
            lateLevels = java.util.Arrays.copyOf(lateLevels, lateCount * 2);
        }
        lateIds[lateCount] = id;
        lateLevels[lateCount++] = level;
    }

    private void refuseCycleThroughLate(int earlier, Object value) {
        for (int i = lateCount - 1; i >= 0; i--) { // innermost first: what is being written in it says most
            if (lateIds[i] == earlier) {
                throw WriteErrors.backReferenceInto(value, earlier, lateLevels[i] == MADE_FROM_COMPARATOR ? "comparator"
                        : lateLevels[i] == MADE_FROM_REPLACEMENT ? "replacement" : null, registry);
            }
        }
    }

    /**
     * Writes the type of a class, for values that carry one (typed arrays, enum sets): its id, and for an
     * array class of references the descriptor of its component after {@link TypeIds#TYPED_ARRAY}; for a
     * class written by name, its extended id and class reference.
     *
     * @param out  the buffer
     * @param type a class Blit knows
     */
    public void writeType(WriteBuffer out, Class<?> type) {
        TypeWriter.writeType(this, out, type);
    }
}
