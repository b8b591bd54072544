package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.buffer.ObjectReader;
import dev.blit.buffer.ReadBuffer;
import dev.blit.types.TypeIds;

import java.util.Arrays;

/**
 * The state of one read: the registry, the depth guard and, when references are on, the objects decoded
 * so far in the order the writer first wrote them.
 */
public final class ReadSession implements ObjectReader {
    /** Stands in a reference slot for a tracked value that decoded to null (a readResolve may return null). */
    private static final Object NULL_VALUE = new Object();
    /** Stands in the reference slot of a value read by {@link #readUnshared}, which nothing may refer back to. */
    private static final Object UNSHARED = new Object();
    /**
     * Compatible mode: what a value of a class this reader lacks stands for, read past in a field the reader's
     * class drops ({@link dev.blit.gen.UnknownClass}); it never reaches a field the reader keeps.
     */
    public static final Object SKIPPED = new Object() {
        @Override
        public String toString() {
            return "a value of a class this reader lacks";
        }
    };
    /** The {@code 21}s a typed array's component descriptor may nest (FORMAT.md, id 21); the writer's limit too. */
    public static final int MAX_TYPE_NESTING = 200;
    /**
     * The end of the refusals a reader built otherwise than the writer typically meets (messages, streams and object
     * files do not record the writer's settings): it says what may differ, never that one setting does.
     */
    public static final String SETTINGS_HINT = "; the bytes may have been written with other settings (compatible,"
            + " flat, references) or other registrations than this Blit's";

    final Registry registry;
    private final int maxDepth;
    private Object[] refs;
    private int refCount;
    /** The reference slot of the object being decoded, or -1; see {@link #reference(Object)}. */
    private int pending = -1;
    private int depth;
    /** Compatible mode: per class slot, how this message lays the class out (null until its field table is read). */
    private Object[] layouts;
    /**
     * The classes this message named so far ({@link #readNamedClass}), by index; null until one is. Entries from
     * {@code namedCount} on are those earlier messages named at that index, which the next name is compared with.
     */
    Registration[] named;
    int namedCount;
    /** The packages this message named so far, by index ({@link #readNamedClass}). */
    String[] packages;
    int packageCount;

    /** The Blit instance this session reads for; a session is reused only by its owner. */
    private final Object owner;
    /** Whether a read is under way; a nested read through the same buffer then gets its own session. */
    private boolean active;
    /** The idle session of the instance that read this buffer before this one; see {@link WriteSession#claim}. */
    private ReadSession spare;
    /** Compatible mode: how many fields the reader drops are being read, nested ({@link #dropping}). */
    int dropping;
    /** The first reference number the outermost dropped field took, and whether it read past an unknown class. */
    private int dropStart;
    private boolean skipped;
    /**
     * This message's registrations for the type ids and class names it read past ({@link dev.blit.gen.UnknownClass}),
     * or null.
     */
    private java.util.Map<Object, Registration> unknown;
    /** The {@code registerValidation} callbacks of this message, in the order registered; null when none. */
    private Validations validations;

    public ReadSession(Registry registry, boolean references, int maxDepth) {
        this(null, registry, references, maxDepth);
    }

    /**
     * @param owner      the Blit instance that may {@link #claim} this session again for later reads
     * @param registry   its registry
     * @param references whether back references are allowed
     * @param maxDepth   the nesting limit
     */
    public ReadSession(Object owner, Registry registry, boolean references, int maxDepth) {
        this.owner = owner;
        this.registry = registry;
        this.maxDepth = maxDepth;
        this.refs = references ? new Object[16] : null;
    }

    /**
     * The read-side twin of {@link WriteSession}'s claim: a session left on a reused buffer (idle: it refuses
     * {@link ReadBuffer#readObject()} until then) serves the next read of the same Blit instance, also when another instance read the buffer in
     * between (it is then the spare of that instance's session).
     *
     * @param r     what the buffer has attached
     * @param owner the Blit instance about to read
     * @return the owner's idle session on this buffer, or null if there is none
     */
    private static ReadSession claim(ObjectReader r, Object owner) {
        if (r instanceof ReadSession) {
            ReadSession s = (ReadSession) r;
            if (!s.active) {
                if (s.owner == owner) {
                    return s;
                }
                ReadSession o = s.spare;
                if (o != null && o.owner == owner) {
                    s.spare = null;
                    o.spare = s;
                    return o;
                }
            }
        }
        return null;
    }

    /** The read-side twin of {@link WriteSession}'s keep. */
    private void keep(ObjectReader previous) {
        if (previous instanceof ReadSession && !((ReadSession) previous).active) {
            ReadSession p = (ReadSession) previous;
            p.spare = null;
            spare = p;
        }
    }

    /**
     * The read-side twin of {@link WriteSession#start}.
     *
     * @param in         the buffer
     * @param previous   what the buffer has attached ({@link ReadBuffer#objects()})
     * @param owner      the Blit instance about to read
     * @param registry   its registry
     * @param references whether it tracks identity
     * @param maxDepth   its nesting limit
     * @return the session, active
     */
    public static ReadSession start(ReadBuffer in, ObjectReader previous, Object owner, Registry registry,
                                    boolean references, int maxDepth) {
        ReadSession s = claim(previous, owner);
        if (s == null) {
            s = new ReadSession(owner, registry, references, maxDepth);
            s.keep(previous);
        }
        if (s != previous) { // the same session message after message: spare the barriered store (ReadBuffer.limits)
            in.objects(s);
        }
        s.begin(nestedDepth(previous));
        return s;
    }

    /**
     * The read-side twin of {@link WriteSession#end(WriteBuffer, ObjectWriter)}: between reads the buffer keeps
     * the idle session, which refuses {@link ReadBuffer#readObject()}.
     *
     * @param in       the buffer
     * @param previous what it had attached before {@link #start}
     */
    public void end(ReadBuffer in, ObjectReader previous) {
        end();
        if (inUse(previous)) {
            in.objects(previous);
        }
    }

    /**
     * Whether a buffer's attached session is in the middle of a message, so that a write (read) by another
     * Blit instance through the same buffer, nested in it, must put it back when done. A session that is not
     * in use (another instance used this buffer before) is replaced and kept as the new one's spare
     * ({@link #keep}): putting it back would make every later call of the new instance build a session of its own.
     *
     * @param r what the buffer has attached, or null
     * @return true if it is a session in use
     */
    private static boolean inUse(ObjectReader r) {
        return r instanceof ReadSession && ((ReadSession) r).active;
    }


    /**
     * @param previous what the buffer had attached before this read, or null
     * @return the depth of the read in progress on the buffer (a session in use: this read is nested in one of
     *         its values), else 0
     */
    private static int nestedDepth(ObjectReader previous) {
        return previous instanceof ReadSession && ((ReadSession) previous).active ? ((ReadSession) previous).depth : 0;
    }

    /**
     * Starts one message: nothing read before it can be referred to.
     *
     * @param depth the nesting it starts at: 0, or for a read nested in another's value (a {@code Marshallable}
     *              calling {@code Blit.read}) the outer one's ({@link #nestedDepth}), so that {@code maxDepth}
     *              bounds the nesting through such calls too
     */
    private void begin(int depth) {
        if (refCount > 0) {
            dropRefs(); // a no-op when end() did it: a message never inherits another's numbers
        }
        active = true;
        this.depth = depth;
        pending = -1;
        if (layouts != null) {
            java.util.Arrays.fill(layouts, null);
        }
        namedCount = 0;
        packageCount = 0;
        dropping = 0;
        unknown = null;
        validations = null;
    }

    /**
     * Compatible mode: the value about to be read is that of a field the reader's class lacks, which it drops. In
     * it, and only there, a value of a class this reader has no registration for is read past
     * ({@link dev.blit.gen.UnknownClass}). Pair with {@link #dropped()}.
     */
    public void dropping() {
        if (dropping++ == 0) {
            dropStart = refCount;
            skipped = false;
        }
    }

    /**
     * @return how many levels deep the read is now (what {@code maxDepth} bounds): what a serializer can take as
     *         an estimate of the reading thread's stack depth, which grows with it
     */
    public int depth() {
        return depth;
    }

    /**
     * Compatible mode: whether what is being read will be thrown away whole: a field the reader's class drops,
     * in which a value of a class this reader lacks was read past ({@link #SKIPPED} stands for it). Nothing read
     * there reaches the caller (its reference numbers are voided by {@link #dropped()}), so a JDK container
     * that refuses a stand-in (a {@code TreeSet} comparing it, {@code Set.of} seeing two of them as duplicates)
     * may leave it out instead of failing the read.
     *
     * @return whether a container may leave out what it cannot hold
     */
    public boolean discarding() {
        return dropping > 0 && skipped;
    }

    /**
     * The dropped field's value is read. If it held a value of an unknown class, nothing it numbered may be
     * referred to from what the reader keeps: an object in it may hold {@link #SKIPPED} in a field.
     */
    public void dropped() {
        if (--dropping == 0 && skipped && refs != null) {
            for (int i = dropStart; i < refCount; i++) {
                refs[i] = SKIPPED;
            }
        }
    }

    /**
     * The registration that reads past the values of a class this reader lacks, for this message: {@code key} is
     * its type id (an Integer), or its name (a String) for a class written by name it does not read by that name.
     */
    Registration unknown(Object key) {
        if (unknown == null) {
            unknown = new java.util.HashMap<>();
        }
        skipped = true;
        return unknown.computeIfAbsent(key, k -> k instanceof String ? dev.blit.gen.UnknownClass.named((String) k)
                : dev.blit.gen.UnknownClass.registration((Integer) k));
    }

    /**
     * Gives back the reference number {@link #enter} reserved for the value being read, which turned out to be one
     * the writer does not number (an enum constant of a class this reader lacks). Only before anything else was
     * numbered, which is right after its tag.
     */
    public void untrack() {
        if (pending >= 0 && pending == refCount - 1) {
            refs[pending] = null;
            refCount--;
            pending = -1;
        }
    }

    /**
     * Keeps a callback a class's {@code readObject} gave {@code ObjectInputStream.registerValidation}, to run
     * when the whole value of this message is read ({@link #validate}), as {@code ObjectInputStream} runs it
     * when the outermost {@code readObject} completes.
     *
     * @param type the class whose {@code readObject} registered it, for the message if it fails
     * @param at   where that object's content began
     */
    public void registerValidation(java.io.ObjectInputValidation callback, int priority, Class<?> type, long at) {
        if (validations == null) {
            validations = new Validations();
        }
        validations.add(callback, priority, type, at);
    }

    /**
     * Runs the {@code registerValidation} callbacks of this message, once its value is read whole: highest
     * priority first and, among equal priorities, the one registered last first, as {@code ObjectInputStream}
     * does. Each runs once; whatever one throws (its {@code InvalidObjectException}, an unchecked exception) ends
     * the read as a {@link BlitException} naming the class and the offset of the object that registered it.
     */
    public void validate() {
        if (validations != null) {
            Validations list = validations;
            validations = null;
            list.run();
        }
    }

    /** Ends one message, dropping the decoded objects so the session retains none of them. */
    private void end() {
        active = false;
        validations = null;
        if (refCount > 0) {
            dropRefs();
        }
    }

    private void dropRefs() {
        // Fresh rather than cleared, and sized by this message's use: see IdentityTable.clear.
        refs = new Object[Math.max(16, refCount)];
        refCount = 0;
    }

    /**
     * @param in a buffer being read by Blit
     * @return the session attached to it
     */
    public static ReadSession of(ReadBuffer in) {
        ObjectReader r = in.objects();
        if (r instanceof ReadSession && ((ReadSession) r).active) {
            return (ReadSession) r;
        }
        throw notReading();
    }

    /** Idle between messages, or never attached: no read of Blit's is under way on the buffer. */
    private static BlitException notReading() {
        return new BlitException("this buffer is not being read by a Blit instance: a Serializer (one from"
                + " Blit.serializerOf too) reads inside Blit.read(in), which attaches what its nested values need; call"
                + " that instead");
    }

    public Registry registry() {
        return registry;
    }

    @Override
    public Object readObject(ReadBuffer in) {
        if (!active) { // the session stays on its buffer between reads: ReadBuffer.readObject() then is misuse
            throw notReading();
        }
        long at = in.offset();
        return readObject(in, in.readUnsignedVarInt(), at);
    }

    /**
     * Reads a value as {@code ObjectInputStream.readUnshared} does: a back reference in its place is refused, and
     * so is any later back reference to it (a writer's {@code writeUnshared} never writes either).
     *
     * @param in the buffer, at the tag
     * @return the value, possibly null
     */
    public Object readUnshared(ReadBuffer in) {
        long at = in.offset();
        int tag = in.readUnsignedVarInt();
        if (tag == TypeIds.REFERENCE) {
            throw new BlitException("back reference at offset " + at + " read by readUnshared, which takes only an"
                    + " object written whole (writeUnshared)");
        }
        int number = refCount;
        Object value = readObject(in, tag, at);
        // A tracked value was given the first number its read took, and holds it once read.
        if (refs != null && number < refCount && refs[number] == stored(value)) {
            refs[number] = UNSHARED;
        }
        return value;
    }

    /**
     * Reads one tagged value, into {@code target} if the tag names {@code target}'s class (see
     * {@link dev.blit.Serializer#readInto}); any other tag is read as {@link #readObject(ReadBuffer)} reads it.
     *
     * @param in     the buffer, at the tag
     * @param target the object to fill, never null
     * @return the value: {@code target}, a new object, or null
     */
    public Object readInto(ReadBuffer in, Object target) {
        long at = in.offset();
        int tag = in.readUnsignedVarInt();
        Registration r = registry.forId(tag);
        if (r != null && r.type == target.getClass() && r.serializer != null) {
            int saved = enter(r, at);
            return exit(r.serializer.readInto(in, target), saved);
        }
        if (tag == TypeIds.EXTENDED && r != null && registry.writtenByName(target.getClass())
                && in.readByteIf((byte) TypeIds.EXT_NAMED_CLASS)) {
            return readNamed(in, r, target, at);
        }
        return readObject(in, tag, at);
    }

    /**
     * The rest of a value of a class written by name, after its tag and extended id: its class reference, then
     * its content, as {@link #read(ReadBuffer, Registration, long)} reads a value (a level of depth, a reference
     * number). Read here rather than through the extended built-ins' serializer, which reads the extended id
     * itself, so that a chain of such values nests as few frames a level as one of registered values does.
     *
     * @param target the object to fill if the bytes name its class, or null
     */
    private Object readNamed(ReadBuffer in, Registration extended, Object target, long at) {
        int saved = enter(extended, at);
        Registration named = TypeReader.readNamedClass(this, in);
        @SuppressWarnings("unchecked")
        dev.blit.Serializer<Object> content = (dev.blit.Serializer<Object>) NamedClasses.contentOf(named);
        return exit(target != null && named.type == target.getClass() ? content.readInto(in, target) : content.read(in), saved);
    }

    /**
     * Reads the rest of a tagged value whose tag the caller already read (generated code reads the tag of
     * a field itself, to call the expected type's serializer directly when it matches).
     *
     * @param in  the buffer, just after the tag
     * @param tag the tag
     * @param at  the offset of the tag, for errors
     * @return the value, possibly null
     */
    public Object readObject(ReadBuffer in, int tag, long at) {
        if (tag == TypeIds.NULL) {
            return null;
        }
        if (tag == TypeIds.REFERENCE) {
            return backReference(in, at);
        }
        Registration r = registry.forId(tag);
        if (r == null || r.serializer == null) {
            Registration past = r == null ? readPast(tag) : null;
            if (past == null) {
                throw r == null ? ReadFailures.unknownType(tag, at) : ReadFailures.noSerializer(r, at);
            }
            r = past;
        }
        if (tag == TypeIds.EXTENDED && in.readByteIf((byte) TypeIds.EXT_NAMED_CLASS)) {
            return readNamed(in, r, null, at);
        }
        return read(in, r, at);
    }

    // Failures are built in methods of their own: a message's string concatenation is dozens of bytecodes,
    // and kept inline it would push these hot methods past the JIT's inlining limits.

    private BlitException tooDeep(long at) {
        return new BlitException("object graph deeper than maxDepth " + maxDepth + " at offset " + at
                + "; a deeper structure needs Blit.builder().maxDepth(n)");
    }

    /**
     * Reads the content of a value whose tag was already read and resolved to {@code r}.
     *
     * @param in the buffer
     * @param r  the registration of the tag
     * @param at the offset of the tag, for errors
     * @return the value
     */
    public Object read(ReadBuffer in, Registration r, long at) {
        int saved = enter(r, at);
        return exit(r.serializer.read(in), saved);
    }

    /**
     * The first half of {@link #read(ReadBuffer, Registration, long)}, for generated code that reads the
     * content itself: enters one level deeper and reserves the value's reference slot. The caller reads the
     * content, then passes it to {@link #exit}.
     *
     * @param r  the registration of the tag just read
     * @param at the offset of the tag, for errors
     * @return what {@link #exit} needs to restore
     */
    public int enter(Registration r, long at) {
        if (++depth > maxDepth) {
            throw tooDeep(at);
        }
        int saved = pending;
        if (refs != null && r.tracked) {
            pending = newSlot(); // the slot stays null until exit: null is never a tracked value, so it means pending
        } else {
            pending = -1;
        }
        return saved;
    }

    /**
     * {@link #enter} for a leaf (see {@link WriteSession#enterLeaf}): only the depth check, as {@code enter}
     * makes it; no level is entered and nothing is to be restored. A tracked leaf (a primitive array) is
     * numbered by {@link #trackedLeaf} once read: nothing inside it is numbered, so it gets the number
     * {@code enter} would have reserved for it.
     *
     * @param at the offset of the tag, for errors
     */
    public void enterLeaf(long at) {
        if (depth >= maxDepth) {
            throw tooDeep(at);
        }
    }

    /**
     * Numbers a tracked leaf (a primitive array) just read after {@link #enterLeaf}, when references are on.
     *
     * @param value the array (never null: the null header after an array's tag is refused before this)
     * @return {@code value}
     */
    public Object trackedLeaf(Object value) {
        if (refs != null) {
            int slot = newSlot(); // first: it may replace refs, which an indexed store would have read already
            refs[slot] = stored(value);
        }
        return value;
    }

    /** The next reference number, its slot in {@code refs} made room for (empty until filled). */
    private int newSlot() {
        if (refCount == refs.length) {
            refs = Arrays.copyOf(refs, refCount * 2);
        }
        return refCount++;
    }

    /** What a reference slot holds for {@code value}: itself, or {@link #NULL_VALUE} for null. */
    private static Object stored(Object value) {
        return value == null ? NULL_VALUE : value;
    }

    /**
     * @param value the content just read
     * @param saved what {@link #enter} returned
     * @return {@code value}
     */
    public Object exit(Object value, int saved) {
        if (pending >= 0) {
            Object v = stored(value);
            if (refs[pending] != v) { // reference(value) may have stored it already: spare the barriered store
                refs[pending] = v;
            }
        }
        pending = saved;
        depth--;
        return value;
    }

    /**
     * Reads a collection's run header (FORMAT.md "Runs") if its elements start with one: {@link TypeIds#RUN},
     * then the id of the one type every element has.
     *
     * @param in    the buffer, just after the collection's count
     * @param count that count; a collection without elements has no header
     * @return the elements' registration, to read each with {@link #runElement}; null if they are tagged values
     *         as usual (nothing is consumed then)
     */
    public Registration run(ReadBuffer in, int count) {
        if (count == 0 || !in.readByteIf((byte) TypeIds.RUN)) {
            return null;
        }
        long at = in.offset();
        return runType(in.readUnsignedVarInt(), (count == 1 ? "1 element" : count + " elements"), at);
    }

    /**
     * Reads a map's run header (FORMAT.md "Runs") if its entries start with one: {@link TypeIds#RUN}, then the
     * id of the one type of every key and of every value, each 0 where that side stays tagged (not both).
     *
     * @param in    the buffer, just after the map's count
     * @param count that count; a map without entries has no header
     * @return the keys' and the values' registrations (either may be null: that side is tagged), to read each
     *         with {@link #element}; null if both are tagged as usual (nothing is consumed then)
     */
    public Registration[] mapRun(ReadBuffer in, int count) {
        if (count == 0 || !in.readByteIf((byte) TypeIds.RUN)) {
            return null;
        }
        long at = in.offset();
        int keys = in.readUnsignedVarInt();
        int values = in.readUnsignedVarInt();
        if (keys == TypeIds.NULL && values == TypeIds.NULL) {
            throw new BlitException("a run of " + ReadFailures.entries(count, "") + " at offset " + at
                    + " names a type for neither the keys nor the values");
        }
        return new Registration[] {keys == TypeIds.NULL ? null : runType(keys, ReadFailures.entries(count, "keys"), at),
                values == TypeIds.NULL ? null : runType(values, ReadFailures.entries(count, "values"), at)};
    }

    /** The registration of a run's type id, which must name a type with content. */
    private Registration runType(int id, String of, long at) {
        Registration r = registry.forId(id);
        if (r == null && (r = readPast(id)) != null) {
            return r;
        }
        if (r != null && r.serializer == null && id != TypeIds.NULL && id != TypeIds.REFERENCE) {
            throw ReadFailures.noSerializerForRun(r, of, at); // as a tag of that id is refused (readObject)
        }
        if (r == null || r.serializer == null || id == TypeIds.REFERENCE || id == TypeIds.FALSE || id == TypeIds.TRUE) {
            throw new BlitException("a run of " + of + " at offset " + at + " has type id "
                    + Integer.toUnsignedString(id) + ", which "
                    + (r == null || r.serializer == null ? "is not a built-in or registered type" + SETTINGS_HINT
                            : "has no content"));
        }
        return r;
    }

    /**
     * Reads the next element of a collection (or key or value of a map): a tagged value, or with {@code run}
     * (from {@link #run} or {@link #mapRun}) the next element of that run.
     *
     * @param in  the buffer
     * @param run the run's registration, or null when the elements are tagged
     * @return the element
     */
    public Object element(ReadBuffer in, Registration run) {
        return run == null ? readObject(in) : runElement(in, run);
    }

    /**
     * Reads one element of a run: the content of a value of {@code r}'s type, as {@link #read} reads it
     * after a tag (a level of depth; numbered when references are on and the type is tracked).
     *
     * @param in the buffer
     * @param r  the run's registration, from {@link #run}
     * @return the element
     * @throws BlitException if the element took no bytes: a run of empty values could claim any number of
     *                       elements from a few bytes, so the format rules them out (writers never make one)
     */
    public Object runElement(ReadBuffer in, Registration r) {
        long at = in.offset();
        return nonEmpty(in, read(in, r, at), at);
    }

    private static Object nonEmpty(ReadBuffer in, Object v, long at) {
        if (in.offset() == at) {
            throw new BlitException("an element of a run at offset " + at + " took no bytes"
                    + (v == null ? "" : " (a " + v.getClass().getName() + ")")
                    + "; a run holds only values whose content is never empty");
        }
        return v;
    }

    /** What {@link #enterRun} returns when each element is read on its own (tagged, or numbered). */
    private static final int EACH_ELEMENT = Integer.MIN_VALUE;

    /**
     * Before the elements of a collection or array whose run header ({@link #run}) gave {@code r}: enters, once
     * for all of them, the level {@link #runElement} would enter for each, when none of them is to be numbered
     * (references off, or a type that is not tracked: every run a writer makes). Why: a 10,000-element list
     * spent a fifth of its read entering and leaving a level per element. Each element is then read with
     * {@link #element(ReadBuffer, Registration, int, long)}, and {@link #exitRun} leaves the level. For tagged
     * elements ({@code r} null) and a run of a tracked type with references on (which only hand-made input
     * holds) it enters nothing: each element is read, and numbered, on its own.
     *
     * @param r  the run's registration, or null when the elements are tagged
     * @param at the offset of the first element, for errors
     * @return what {@link #element(ReadBuffer, Registration, int, long)} and {@link #exitRun} take
     */
    public int enterRun(Registration r, long at) {
        if (r == null || refs != null && r.tracked) {
            return EACH_ELEMENT;
        }
        if (++depth > maxDepth) {
            throw tooDeep(at);
        }
        int saved = pending;
        pending = -1;
        return saved;
    }

    /**
     * {@link #element(ReadBuffer, Registration)} after {@link #enterRun}: in a run it entered, the element's
     * content alone, its level already entered.
     *
     * @param in      the buffer
     * @param run     the run's registration, or null when the elements are tagged
     * @param entered what {@link #enterRun} returned
     * @param at      the element's offset ({@code in.offset()}, which the caller has at hand)
     * @return the element
     * @throws BlitException if an element of a run took no bytes (see {@link #runElement})
     */
    public Object element(ReadBuffer in, Registration run, int entered, long at) {
        return entered == EACH_ELEMENT ? element(in, run) : nonEmpty(in, run.serializer.read(in), at);
    }

    /** @param entered what {@link #enterRun} returned: leaves the level it entered, if it entered one */
    public void exitRun(int entered) {
        if (entered != EACH_ELEMENT) {
            pending = entered;
            depth--;
        }
    }

    private Object backReference(ReadBuffer in, long at) {
        int index = in.readUnsignedVarInt();
        if (refs == null || index < 0 || index >= refCount) {
            throw ReadFailures.noSuchObject(at, index, refs != null, refCount);
        }
        Object v = refs[index];
        if (v == SKIPPED && dropping == 0 || v == UNSHARED || v == null) {
            throw ReadFailures.unusable(at, index, v == null ? ReadFailures.CONSTRUCTING
                    : v == UNSHARED ? ReadFailures.UNSHARED : ReadFailures.SKIPPED);
        }
        return v == NULL_VALUE ? null : v;
    }

    /**
     * Compatible mode: how this message lays out the class with this slot, once its field table was read.
     *
     * @param slot the class's index among the compatible classes of the Blit instance
     * @return what {@link #layout(int, Object)} stored, or null when the class has not appeared yet
     */
    public Object layout(int slot) {
        Object[] l = layouts;
        return l != null && slot < l.length ? l[slot] : null;
    }

    /**
     * @param slot   the class's index among the compatible classes of the Blit instance
     * @param layout how the rest of this message lays the class out
     */
    public void layout(int slot, Object layout) {
        Object[] l = layouts;
        if (l == null || slot >= l.length) {
            l = layouts = Arrays.copyOf(l == null ? new Object[0] : l, Math.max(16, slot * 2 + 1));
        }
        l[slot] = layout;
    }

    /**
     * Reads a reference to a class written by its name ({@link TypeWriter#writeClassName}): {@code 00}, a
     * package (or the index plus one of one this message gave before) and a name in it, which together are
     * checked against the instance's patterns before any class is loaded; or the index plus one of a class this
     * message named before.
     *
     * @param in the buffer
     * @return the class's registration
     */
    public Registration readNamedClass(ReadBuffer in) {
        return TypeReader.readNamedClass(this, in);
    }

    @Override
    public void reference(Object value) {
        if (pending >= 0 && active) { // outside a read (idle on its buffer) there is nothing to number
            refs[pending] = stored(value);
        }
    }

    /**
     * Reads a type written by {@link WriteSession#writeType}.
     *
     * @param in the buffer
     * @return the class
     */
    public Class<?> readType(ReadBuffer in) {
        return TypeReader.readType(this, in, 0);
    }

    /**
     * Compatible mode: whether a type descriptor's user id that this reader has no registration for stands for a
     * class read past, in a field the reader drops: the class is {@code Object} there (as for a class written by
     * name that it lacks), an array of it an {@code Object[]} of the values read past, a {@code Class} value
     * {@code Object.class}, all dropped with the field. Anywhere else, or for an id below the user ids, false: the
     * caller refuses the id.
     *
     * @param id the descriptor's id
     * @return whether it is read past
     */
    public boolean standsIn(int id) {
        return readPast(id) != null; // marks the dropped value as holding one: nothing in it is referable from kept data
    }

    /**
     * Compatible mode: the registration that reads past the values of a user id this reader has no registration
     * for, in a field the reader drops; null anywhere else, or for an id below the user ids, where the id is refused.
     */
    private Registration readPast(int id) {
        return dropping > 0 && id >= TypeIds.FIRST_USER_ID ? unknown(id) : null;
    }

    /**
     * Compatible mode: whether an enum's type descriptor just read ({@code EnumSet}, {@code EnumMap}) names an
     * enum this reader lacks, in a field it drops: {@link #readType} gave {@code Object} for it. The caller then
     * reads the value past without its class (the ordinals are all the bytes hold) and returns null.
     *
     * @param type what {@link #readType} returned
     * @return whether to read the value past
     */
    public boolean readsPast(Class<?> type) {
        if (type != Object.class || dropping == 0) {
            return false;
        }
        skipped = true;
        return true;
    }
}
