package dev.blit.serial;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.internal.ReadSession;

import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.NotActiveException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectInputValidation;
import java.io.ObjectStreamClass;
import java.io.StreamCorruptedException;
import java.util.Objects;

/**
 * The {@link ObjectInputStream} a class's {@code readObject} or {@code readExternal} sees: it reads the
 * items of one section (see {@link Items}) and never past the section's end item, so a hook that reads
 * less or more than its writer wrote cannot consume the next object's bytes. What a hook leaves unread is
 * skipped by {@link #end()} (objects are still decoded, as dropped values are, so reference numbering stays in
 * step and, in compatible mode, an object of a class this reader lacks is read past by its table).
 *
 * <p>Arrays that JDK classes allocate from a length they read ({@code CopyOnWriteArrayList},
 * {@code Hashtable}) pass through the stream's {@link ObjectInputFilter}; Blit's filter rejects a length the
 * remaining in-memory input could not possibly fill, then defers to the JVM-wide filter, if any.
 */
final class BlitObjectInput extends ObjectInputStream {
    private static final int BLOCK = -2;
    /** Array elements allowed per remaining input byte, before the array is deemed hostile. */
    private static final long ELEMENTS_PER_BYTE = 8;

    private final ReadBuffer in;
    private final boolean inMemory;
    /** Offset where the current primitive data block ends; no block data when it is at or before the cursor. */
    private long blockEnd;
    /** An item header read ahead and not yet acted on, or -1. */
    private int next = -1;
    private SerialSlot slot;
    /** Compatible mode: how the writer's fields of {@link #slot} are read, when its table differs; null otherwise. */
    private WrittenLayout.Fields fields;
    private Object object;
    private boolean framed;
    /** Outside a section: whether the bare fields were read yet. */
    private boolean fieldsRead;
    /** Where the content of the object read through this stream began: the offset a failed validation names. */
    private final long start;

    BlitObjectInput(ReadBuffer in) throws IOException {
        super();
        this.in = in;
        this.start = in.offset();
        this.inMemory = in.initialCapacity(Integer.MAX_VALUE) == Integer.MAX_VALUE;
        ObjectInputFilter global = ObjectInputFilter.Config.getSerialFilter();
        setObjectInputFilter(info -> {
            if (inMemory && info.arrayLength() > ELEMENTS_PER_BYTE * in.remainingKnown() + 1024) {
                return ObjectInputFilter.Status.REJECTED;
            }
            return global != null ? global.checkInput(info) : ObjectInputFilter.Status.UNDECIDED;
        });
    }

    void begin(SerialSlot slot, Object obj, boolean framed) {
        begin(slot, obj, framed, null);
    }

    /**
     * @param framed the writer's layout: a section (its class had writeObject), else bare fields
     * @param fields compatible mode: the writer's fields of {@code slot} where they differ from the reader's; null
     *               when they are the reader's own
     */
    void begin(SerialSlot slot, Object obj, boolean framed, WrittenLayout.Fields fields) {
        this.slot = slot;
        this.fields = fields;
        this.object = obj;
        this.framed = framed;
        this.fieldsRead = false;
        this.next = -1;
        this.blockEnd = 0;
    }

    /** Skips whatever the hook left unread, through the section's end item. */
    void end() throws IOException {
        if (framed) {
            while (true) {
                long rem = blockEnd - in.offset();
                if (rem > 0) {
                    skipRaw(rem);
                }
                int item = peek();
                if (item == BLOCK) {
                    continue;
                }
                next = -1;
                if (item == Items.END) {
                    break;
                } else if (item == Items.OBJECT) {
                    ReadSession session = ReadSession.of(in);
                    session.dropping();
                    try {
                        session.readObject(in);
                    } finally {
                        session.dropped();
                    }
                } else {
                    skipFields();
                }
            }
        } else if (!fieldsRead && slot != null) {
            skipFields();
        }
        slot = null;
        fields = null;
        object = null;
        framed = false;
    }

    private void skipRaw(long n) {
        byte[] scratch = new byte[(int) Math.min(n, 4096)];
        while (n > 0) {
            int step = (int) Math.min(n, scratch.length);
            in.readBytes(scratch, 0, step);
            n -= step;
        }
    }

    private void skipFields() throws StreamCorruptedException {
        if (slot == null) {
            throw corrupt("fields item in the section of an Externalizable");
        }
        // read as dropped values are: a value of a class this reader lacks is read past by its table
        ReadSession session = ReadSession.of(in);
        session.dropping();
        try {
            if (fields != null) {
                fields.skip(in);
            } else {
                slot.readValues(in);
            }
        } finally {
            session.dropped();
        }
    }

    /** @return the next item: BLOCK while primitive data is left (reading a block header as needed), else its header */
    private int peek() {
        if (in.offset() < blockEnd) {
            return BLOCK;
        }
        if (next >= 0) {
            return next;
        }
        int h = in.readUnsignedVarInt();
        if (h >= 0 && h < Items.FIRST_BLOCK) {
            next = h;
            return h;
        }
        blockEnd = in.offset() + (h & 0xFFFFFFFFL) - (Items.FIRST_BLOCK - 1);
        return BLOCK;
    }

    private StreamCorruptedException corrupt(String what) {
        return new StreamCorruptedException(what + " at offset " + in.offset());
    }

    /** Makes sure {@code n} bytes of primitive data are next, in one block. */
    private void need(int n) throws IOException {
        if (!framed) {
            throw new EOFException("no primitive data: the class has no writeObject method");
        }
        long rem = blockEnd - in.offset();
        if (rem >= n) {
            return;
        }
        if (rem > 0) {
            throw corrupt("a " + n + "-byte read crosses the end of a primitive data block");
        }
        if (peek() == BLOCK) {
            if (blockEnd - in.offset() >= n) {
                return;
            }
            throw corrupt("a " + n + "-byte read crosses the end of a primitive data block");
        }
        throw new EOFException("no primitive data left in the section at offset " + in.offset());
    }

    /** @return bytes of primitive data readable now without crossing an object, fields or the end; 0 if none */
    private long blockData() {
        if (!framed) {
            return 0;
        }
        long rem = blockEnd - in.offset();
        if (rem <= 0 && peek() == BLOCK) {
            rem = blockEnd - in.offset();
        }
        return Math.max(0, rem);
    }

    // ---------------------------------------------------------------- objects and fields

    @Override
    protected Object readObjectOverride() throws IOException {
        nextObject();
        return in.readObject();
    }

    /** Makes sure an object comes next, passing over fields the hook does not ask for, and consumes its item header. */
    private void nextObject() throws IOException {
        if (!framed) {
            if (slot == null) {
                throw new NotActiveException("readObject outside a readObject or readExternal method");
            }
            throw SerialReflection.optionalData(true);
        }
        int item = peek();
        while (item == Items.FIELDS) {
            // fields the hook did not ask for (its writer called defaultWriteObject, it did not): pass over them
            next = -1;
            skipFields();
            item = peek();
        }
        if (item == BLOCK) {
            throw SerialReflection.optionalData(false);
        }
        if (item == Items.END) {
            throw SerialReflection.optionalData(true);
        }
        next = -1;
    }

    /**
     * As under {@code ObjectInputStream}: a back reference read here, or one to the object read here found
     * later in the message, is refused.
     */
    @Override
    public Object readUnshared() throws IOException {
        nextObject();
        return ReadSession.of(in).readUnshared(in);
    }

    @Override
    public void defaultReadObject() throws IOException, ClassNotFoundException {
        SerialSlot s = slot;
        if (s == null) {
            throw new NotActiveException("defaultReadObject outside a readObject method");
        }
        if (s.directRead) {
            if (!takeFields()) {
                return;
            }
            try {
                if (fields != null) {
                    fields.readInto(in, object);
                } else {
                    s.readFields(in, object);
                }
            } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new BlitException("reading the fields of " + s.type.getName() + " failed", e);
            }
        } else if (s.defaultRead != null) {
            try {
                s.defaultRead.invokeExact(object, (ObjectInputStream) this);
            } catch (IOException | ClassNotFoundException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new BlitException("reading the fields of " + s.type.getName() + " failed", e);
            }
        } else {
            throw new BlitException("cannot set the fields of " + s.type.getName() + " on Java "
                    + Runtime.version().feature() + ": they are private to module " + s.type.getModule().getName()
                    + "; Java 22 and later reach them");
        }
    }

    /** @return whether the fields come next (consumed: their values follow); false leaves them at their defaults */
    private boolean takeFields() {
        if (!framed) {
            boolean first = !fieldsRead;
            fieldsRead = true;
            return first;
        }
        if (peek() == Items.FIELDS) {
            next = -1;
            return true;
        }
        return false;
    }

    @Override
    public GetField readFields() throws IOException {
        SerialSlot s = slot;
        if (s == null) {
            throw new NotActiveException("readFields outside a readObject method");
        }
        if (!takeFields()) {
            return new Get(s, null, null);
        }
        return fields == null ? new Get(s, s.readValues(in), null) : new Get(s, fields.read(in), fields);
    }

    /**
     * As JDK's GetField: a name is looked up among the writer's fields first (in compatible mode, those the reader's
     * class lacks included), then among the reader's, whose fields the writer lacked are defaulted.
     */
    private static final class Get extends GetField {
        private final SerialSlot slot;
        /** Null when the writer wrote no fields: every get returns its default. */
        private final Object[] values;
        /** Compatible mode: the writer's fields, where they differ from the reader's; null when they are the same. */
        private final WrittenLayout.Fields written;

        Get(SerialSlot slot, Object[] values, WrittenLayout.Fields written) {
            this.slot = slot;
            this.values = values;
            this.written = written;
        }

        /** @return the index of the value of field {@code name} of type {@code t} (null: any type), -1 if defaulted */
        private int index(String name, Class<?> t) {
            for (int i = 0; i < slot.fields.length; i++) {
                SerialField f = slot.fields[i];
                if (f.name.equals(name)) {
                    if (t != null && f.type != t && !(t == Object.class && !f.type.isPrimitive())) {
                        break;
                    }
                    return values == null || written != null && !written.present[i] ? -1 : i;
                }
            }
            int e = written == null ? -2 : written.extraIndex(name, t);
            if (e >= 0) {
                return values == null ? -1 : e;
            }
            throw new IllegalArgumentException("no such field " + name + (t == null ? "" : " with type " + t)
                    + " in " + slot.type.getName() + " or its writer's class");
        }

        private Object value(String name, Class<?> type, Object def) {
            int i = index(name, type);
            return i < 0 ? def : values[i];
        }

        @Override
        public ObjectStreamClass getObjectStreamClass() {
            return ObjectStreamClass.lookup(slot.type);
        }

        @Override
        public boolean defaulted(String name) {
            return index(name, null) < 0;
        }

        @Override
        public boolean get(String name, boolean val) {
            return (Boolean) value(name, boolean.class, val);
        }

        @Override
        public byte get(String name, byte val) {
            return (Byte) value(name, byte.class, val);
        }

        @Override
        public char get(String name, char val) {
            return (Character) value(name, char.class, val);
        }

        @Override
        public short get(String name, short val) {
            return (Short) value(name, short.class, val);
        }

        @Override
        public int get(String name, int val) {
            return (Integer) value(name, int.class, val);
        }

        @Override
        public long get(String name, long val) {
            return (Long) value(name, long.class, val);
        }

        @Override
        public float get(String name, float val) {
            return (Float) value(name, float.class, val);
        }

        @Override
        public double get(String name, double val) {
            return (Double) value(name, double.class, val);
        }

        @Override
        public Object get(String name, Object val) {
            return value(name, Object.class, val);
        }
    }

    @Override
    public void registerValidation(ObjectInputValidation obj, int prio) throws NotActiveException, InvalidObjectException {
        if (object == null) {
            throw new NotActiveException("registerValidation outside a readObject method");
        }
        if (obj == null) {
            throw new InvalidObjectException("null callback");
        }
        // run once the whole value is read, as ObjectInputStream runs them when the outermost readObject completes
        ReadSession.of(in).registerValidation(obj, prio, object.getClass(), start);
    }

    // ---------------------------------------------------------------- primitives

    @Override
    public int read() throws IOException {
        return blockData() > 0 ? in.readByte() & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        long avail = blockData();
        if (avail == 0) {
            return -1;
        }
        int n = (int) Math.min(len, avail);
        in.readBytes(b, off, n);
        return n;
    }

    @Override
    public int available() {
        return (int) Math.min(Integer.MAX_VALUE, blockData());
    }

    @Override
    public void readFully(byte[] b) throws IOException {
        readFully(b, 0, b.length);
    }

    @Override
    public void readFully(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        int done = 0;
        while (done < len) {
            int n = read(b, off + done, len - done);
            if (n < 0) {
                throw new EOFException("no primitive data left in the section at offset " + in.offset());
            }
            done += n;
        }
    }

    @Override
    public int skipBytes(int n) {
        int done = 0;
        while (done < n) {
            long avail = blockData();
            if (avail == 0) {
                break;
            }
            int step = (int) Math.min(n - done, avail);
            skipRaw(step);
            done += step;
        }
        return done;
    }

    @Override
    public boolean readBoolean() throws IOException {
        need(1);
        return in.readBoolean();
    }

    @Override
    public byte readByte() throws IOException {
        need(1);
        return in.readByte();
    }

    @Override
    public int readUnsignedByte() throws IOException {
        return readByte() & 0xFF;
    }

    @Override
    public char readChar() throws IOException {
        need(2);
        return in.readChar();
    }

    @Override
    public short readShort() throws IOException {
        need(2);
        return in.readShort();
    }

    @Override
    public int readUnsignedShort() throws IOException {
        return readShort() & 0xFFFF;
    }

    @Override
    public int readInt() throws IOException {
        need(4);
        return in.readInt();
    }

    @Override
    public long readLong() throws IOException {
        need(8);
        return in.readLong();
    }

    @Override
    public float readFloat() throws IOException {
        need(4);
        return in.readFloat();
    }

    @Override
    public double readDouble() throws IOException {
        need(8);
        return in.readDouble();
    }

    @Override
    public String readUTF() throws IOException {
        need(1);
        String s = in.readString();
        if (s == null || in.offset() > blockEnd) {
            throw corrupt("malformed string in primitive data");
        }
        return s;
    }

    /**
     * DataInput's readLine over the section's primitive data: a line ends at "\n", "\r" or "\r\n", the pair
     * consumed as one line end as by {@code ObjectInputStream} (a '\n' left behind would read as an empty line,
     * and every read after it would be one byte off).
     */
    @Override
    @Deprecated
    public String readLine() throws IOException {
        int c = read();
        if (c < 0) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        while (c >= 0 && c != '\n' && c != '\r') {
            sb.append((char) c);
            c = read();
        }
        if (c == '\r' && blockData() > 0) {
            in.readByteIf((byte) '\n');
        }
        return sb.toString();
    }

    @Override
    public void close() {
    }
}
