package dev.blit.serial;

import dev.blit.BlitException;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.WriteSession;

import java.io.IOException;
import java.io.NotActiveException;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.util.Objects;

/**
 * The {@link ObjectOutputStream} a class's {@code writeObject} or {@code writeExternal} sees: every call
 * lands in Blit's buffer as one of the items of a section (see {@link Items}). Primitive writes are staged
 * and become one data block when an object, the fields or the end of the section comes next, so a run of
 * {@code writeInt}s costs one header byte.
 *
 * <p>Made with the protected no-argument constructor, which switches {@code writeObject} over to
 * {@link #writeObjectOverride}; none of the JDK's stream machinery (descriptors, handles, block data) runs.
 */
final class BlitObjectOutput extends ObjectOutputStream {
    private final WriteBuffer out;
    private WriteBuffer block;
    private SerialSlot slot;
    private Object object;
    /** True inside a hook's section (items); false while writing a hook-less class's fields for the JDK 22+ path. */
    private boolean framed;
    private Put put;

    BlitObjectOutput(WriteBuffer out) throws IOException {
        super();
        this.out = out;
    }

    /** Starts the section of {@code slot} (null for an Externalizable) of {@code obj}. */
    void begin(SerialSlot slot, Object obj, boolean framed) {
        this.slot = slot;
        this.object = obj;
        this.framed = framed;
        this.put = null;
    }

    /** Ends the section: pending primitive data, then the end item. */
    void end() {
        if (framed) {
            flushBlock();
            out.writeByte(Items.END);
        }
        slot = null;
        object = null;
        put = null;
    }

    private void flushBlock() {
        WriteBuffer b = block;
        if (b != null && b.position() > 0) {
            int n = (int) b.position();
            out.writeUnsignedVarInt(n + Items.FIRST_BLOCK - 1);
            out.writeBytes(b.array(), 0, n);
            b.clear();
        }
    }

    private WriteBuffer block() throws IOException {
        if (!framed) {
            throw new NotActiveException("primitive data outside a writeObject or writeExternal method");
        }
        WriteBuffer b = block;
        if (b == null) {
            block = b = new WriteBuffer(64);
        }
        return b;
    }

    // ---------------------------------------------------------------- objects and fields

    @Override
    protected void writeObjectOverride(Object obj) throws IOException {
        if (!framed) {
            throw new NotActiveException("writeObject outside a writeObject or writeExternal method");
        }
        flushBlock();
        out.writeByte(Items.OBJECT);
        out.writeObject(obj);
    }

    /**
     * As under {@code ObjectOutputStream}: the object is written whole even if it was written before, and a
     * later {@code writeObject} of it is never a back reference to this occurrence (with references off, no
     * object is ever one). It still takes a reference number, which the reader gives it as well.
     */
    @Override
    public void writeUnshared(Object obj) throws IOException {
        if (!framed) {
            throw new NotActiveException("writeUnshared outside a writeObject or writeExternal method");
        }
        flushBlock();
        out.writeByte(Items.OBJECT);
        WriteSession.of(out).writeUnshared(out, obj);
    }

    @Override
    public void defaultWriteObject() throws IOException {
        SerialSlot s = slot;
        if (s == null) {
            throw new NotActiveException("defaultWriteObject outside a writeObject method");
        }
        if (s.directWrite) {
            fieldsHeader();
            try {
                s.writeFields(out, object);
            } catch (IOException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new BlitException("writing the fields of " + s.type.getName() + " failed", e);
            }
        } else if (s.defaultWrite != null) {
            put = null;
            try {
                s.defaultWrite.invokeExact(object, (ObjectOutputStream) this);
            } catch (IOException | RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new BlitException("writing the fields of " + s.type.getName() + " failed", e);
            }
        } else {
            throw new BlitException("cannot write the fields of " + s.type.getName() + " on Java "
                    + Runtime.version().feature() + ": they are private to module " + s.type.getModule().getName()
                    + "; Java 22 and later reach them");
        }
    }

    private void fieldsHeader() {
        if (framed) {
            flushBlock();
            out.writeByte(Items.FIELDS);
        }
    }

    @Override
    public PutField putFields() throws IOException {
        if (slot == null) {
            throw new NotActiveException("putFields outside a writeObject method");
        }
        if (put == null) {
            put = new Put(slot);
        }
        return put;
    }

    @Override
    public void writeFields() throws IOException {
        if (put == null) {
            throw new NotActiveException("writeFields without putFields");
        }
        fieldsHeader();
        SerialField[] fields = put.slot.fields;
        for (int i = 0; i < fields.length; i++) {
            fields[i].writeValue(out, put.values[i]);
        }
    }

    private final class Put extends PutField {
        final SerialSlot slot;
        final Object[] values;

        Put(SerialSlot slot) {
            this.slot = slot;
            this.values = new Object[slot.fields.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = slot.fields[i].zero();
            }
        }

        @Override
        public void put(String name, boolean val) {
            values[slot.indexOf(name, boolean.class)] = val;
        }

        @Override
        public void put(String name, byte val) {
            values[slot.indexOf(name, byte.class)] = val;
        }

        @Override
        public void put(String name, char val) {
            values[slot.indexOf(name, char.class)] = val;
        }

        @Override
        public void put(String name, short val) {
            values[slot.indexOf(name, short.class)] = val;
        }

        @Override
        public void put(String name, int val) {
            values[slot.indexOf(name, int.class)] = val;
        }

        @Override
        public void put(String name, long val) {
            values[slot.indexOf(name, long.class)] = val;
        }

        @Override
        public void put(String name, float val) {
            values[slot.indexOf(name, float.class)] = val;
        }

        @Override
        public void put(String name, double val) {
            values[slot.indexOf(name, double.class)] = val;
        }

        @Override
        public void put(String name, Object val) {
            values[slot.indexOf(name, Object.class)] = val;
        }

        @Override
        @Deprecated
        public void write(ObjectOutput stream) throws IOException {
            if (stream != BlitObjectOutput.this) {
                throw new IllegalArgumentException("wrong stream");
            }
            writeFields();
        }
    }

    // ---------------------------------------------------------------- primitives: FORMAT.md fixed widths

    @Override
    public void write(int b) throws IOException {
        block().writeByte(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        block().writeBytes(b, 0, b.length);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        block().writeBytes(b, off, len);
    }

    @Override
    public void writeBoolean(boolean v) throws IOException {
        block().writeBoolean(v);
    }

    @Override
    public void writeByte(int v) throws IOException {
        block().writeByte(v);
    }

    @Override
    public void writeShort(int v) throws IOException {
        block().writeShort(v);
    }

    @Override
    public void writeChar(int v) throws IOException {
        block().writeChar((char) v);
    }

    @Override
    public void writeInt(int v) throws IOException {
        block().writeInt(v);
    }

    @Override
    public void writeLong(long v) throws IOException {
        block().writeLong(v);
    }

    @Override
    public void writeFloat(float v) throws IOException {
        block().writeFloat(v);
    }

    @Override
    public void writeDouble(double v) throws IOException {
        block().writeDouble(v);
    }

    /** The low byte of each char, as DataOutput specifies. */
    @Override
    public void writeBytes(String s) throws IOException {
        WriteBuffer b = block();
        for (int i = 0, n = s.length(); i < n; i++) {
            b.writeByte(s.charAt(i));
        }
    }

    @Override
    public void writeChars(String s) throws IOException {
        WriteBuffer b = block();
        for (int i = 0, n = s.length(); i < n; i++) {
            b.writeChar(s.charAt(i));
        }
    }

    /** A FORMAT.md {@code str}, not modified UTF-8: lossless and without the 64 KiB limit. */
    @Override
    public void writeUTF(String s) throws IOException {
        block().writeString(Objects.requireNonNull(s));
    }

    // ---------------------------------------------------------------- stream control

    @Override
    public void flush() {
    }

    @Override
    public void close() {
    }

    @Override
    public void reset() throws IOException {
        throw new IOException("stream active");
    }

    @Override
    public void useProtocolVersion(int version) {
    }
}
