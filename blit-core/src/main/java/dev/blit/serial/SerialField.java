package dev.blit.serial;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;

/**
 * One serializable field of one class (a non-static, non-transient field, or an entry of
 * {@code serialPersistentFields}), in its FORMAT.md field encoding: {@code bool}, {@code u8}, {@code u16},
 * {@code i16}, {@code svar} for int and long, {@code f32}, {@code f64}, and a tagged value for references.
 */
final class SerialField {
    static final int BOOLEAN = 0;
    static final int BYTE = 1;
    static final int CHAR = 2;
    static final int SHORT = 3;
    static final int INT = 4;
    static final int LONG = 5;
    static final int FLOAT = 6;
    static final int DOUBLE = 7;
    static final int OBJECT = 8;

    final String name;
    final Class<?> type;
    final int kind;
    final Class<?> owner;
    /** {@code (Object)T}, or null when Blit cannot read the field directly. */
    final MethodHandle getter;
    /** {@code (Object, T)void}, or null when Blit cannot set the field directly. */
    final MethodHandle setter;

    SerialField(Class<?> owner, String name, Class<?> type, MethodHandle getter, MethodHandle setter) {
        this.owner = owner;
        this.name = name;
        this.type = type;
        this.kind = kindOf(type);
        Class<?> erased = type.isPrimitive() ? type : Object.class;
        this.getter = getter == null ? null : getter.asType(MethodType.methodType(erased, Object.class));
        this.setter = setter == null ? null : setter.asType(MethodType.methodType(void.class, Object.class, erased));
    }

    static int kindOf(Class<?> t) {
        if (t == boolean.class) {
            return BOOLEAN;
        } else if (t == byte.class) {
            return BYTE;
        } else if (t == char.class) {
            return CHAR;
        } else if (t == short.class) {
            return SHORT;
        } else if (t == int.class) {
            return INT;
        } else if (t == long.class) {
            return LONG;
        } else if (t == float.class) {
            return FLOAT;
        } else if (t == double.class) {
            return DOUBLE;
        }
        return OBJECT;
    }

    /** Writes the field of {@code obj}. */
    void write(WriteBuffer out, Object obj) throws Throwable {
        MethodHandle g = getter;
        switch (kind) {
            case BOOLEAN: out.writeBoolean((boolean) g.invokeExact(obj)); break;
            case BYTE: out.writeByte((byte) g.invokeExact(obj)); break;
            case CHAR: out.writeChar((char) g.invokeExact(obj)); break;
            case SHORT: out.writeShort((short) g.invokeExact(obj)); break;
            case INT: out.writeVarInt((int) g.invokeExact(obj)); break;
            case LONG: out.writeVarLong((long) g.invokeExact(obj)); break;
            case FLOAT: out.writeFloat((float) g.invokeExact(obj)); break;
            case DOUBLE: out.writeDouble((double) g.invokeExact(obj)); break;
            default: out.writeObject((Object) g.invokeExact(obj));
        }
    }

    /** Reads the field's value and stores it in {@code obj}. */
    void read(ReadBuffer in, Object obj) throws Throwable {
        MethodHandle s = setter;
        switch (kind) {
            case BOOLEAN: s.invokeExact(obj, in.readBoolean()); break;
            case BYTE: s.invokeExact(obj, in.readByte()); break;
            case CHAR: s.invokeExact(obj, in.readChar()); break;
            case SHORT: s.invokeExact(obj, in.readShort()); break;
            case INT: s.invokeExact(obj, in.readVarInt()); break;
            case LONG: s.invokeExact(obj, in.readVarLong()); break;
            case FLOAT: s.invokeExact(obj, in.readFloat()); break;
            case DOUBLE: s.invokeExact(obj, in.readDouble()); break;
            default: s.invokeExact(obj, readChecked(in));
        }
    }

    /** Stores a boxed value (the exact box of a primitive field, or a reference it can hold) in {@code obj}. */
    void set(Object obj, Object v) throws Throwable {
        MethodHandle s = setter;
        switch (kind) {
            case BOOLEAN: s.invokeExact(obj, (boolean) (Boolean) v); break;
            case BYTE: s.invokeExact(obj, (byte) (Byte) v); break;
            case CHAR: s.invokeExact(obj, (char) (Character) v); break;
            case SHORT: s.invokeExact(obj, (short) (Short) v); break;
            case INT: s.invokeExact(obj, (int) (Integer) v); break;
            case LONG: s.invokeExact(obj, (long) (Long) v); break;
            case FLOAT: s.invokeExact(obj, (float) (Float) v); break;
            case DOUBLE: s.invokeExact(obj, (double) (Double) v); break;
            default: s.invokeExact(obj, v);
        }
    }

    /** @return the value read, boxed (for GetField and for skipping a section's fields) */
    Object readValue(ReadBuffer in) {
        switch (kind) {
            case BOOLEAN: return in.readBoolean();
            case BYTE: return in.readByte();
            case CHAR: return in.readChar();
            case SHORT: return in.readShort();
            case INT: return in.readVarInt();
            case LONG: return in.readVarLong();
            case FLOAT: return in.readFloat();
            case DOUBLE: return in.readDouble();
            default: return readChecked(in);
        }
    }

    /** Writes a boxed value (from a PutField), of this field's type or null for a reference. */
    void writeValue(WriteBuffer out, Object v) {
        switch (kind) {
            case BOOLEAN: out.writeBoolean((Boolean) v); break;
            case BYTE: out.writeByte((Byte) v); break;
            case CHAR: out.writeChar((Character) v); break;
            case SHORT: out.writeShort((Short) v); break;
            case INT: out.writeVarInt((Integer) v); break;
            case LONG: out.writeVarLong((Long) v); break;
            case FLOAT: out.writeFloat((Float) v); break;
            case DOUBLE: out.writeDouble((Double) v); break;
            default: out.writeObject(v);
        }
    }

    /** @return the value an unset field has: zero, false or null, boxed */
    Object zero() {
        switch (kind) {
            case BOOLEAN: return Boolean.FALSE;
            case BYTE: return (byte) 0;
            case CHAR: return (char) 0;
            case SHORT: return (short) 0;
            case INT: return 0;
            case LONG: return 0L;
            case FLOAT: return 0f;
            case DOUBLE: return 0d;
            default: return null;
        }
    }

    private Object readChecked(ReadBuffer in) {
        long at = in.offset();
        Object v = in.readObject();
        if (v != null && !type.isInstance(v)) {
            throw new BlitException("field " + owner.getName() + "." + name + " of type " + type.getTypeName()
                    + " cannot hold the " + v.getClass().getTypeName() + " at offset " + at);
        }
        return v;
    }

    @Override
    public String toString() {
        return owner.getName() + "." + name;
    }
}
