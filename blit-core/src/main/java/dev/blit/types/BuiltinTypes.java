package dev.blit.types;

import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.Registration;
import dev.blit.internal.RegistryBuilder;

import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Installs the JDK types every Blit instance knows without registration, under the ids of
 * {@link TypeIds}. The content encodings are in FORMAT.md.
 */
public final class BuiltinTypes {
    private BuiltinTypes() {
    }

    /**
     * A serializer from two lambdas, for immutable value types (not reference-tracked).
     */
    static <T> Serializer<T> value(BiConsumer<WriteBuffer, T> w, Function<ReadBuffer, T> r) {
        return new Serializer<>() {
            @Override
            public void write(WriteBuffer out, T value) {
                w.accept(out, value);
            }

            @Override
            public T read(ReadBuffer in) {
                return r.apply(in);
            }

            @Override
            public boolean tracksReferences() {
                return false;
            }
        };
    }

    /**
     * A serializer for mutable values (arrays): reference-tracked.
     */
    static <T> Serializer<T> tracked(BiConsumer<WriteBuffer, T> w, Function<ReadBuffer, T> r) {
        return new Serializer<>() {
            @Override
            public void write(WriteBuffer out, T value) {
                w.accept(out, value);
            }

            @Override
            public T read(ReadBuffer in) {
                return r.apply(in);
            }
        };
    }

    /**
     * Registers every built-in type.
     *
     * @param rb the registry under construction
     */
    public static void install(RegistryBuilder rb) {
        Registration bool = rb.add(TypeIds.TRUE, Boolean.class, value((out, v) -> { }, in -> Boolean.TRUE));
        rb.addReadOnly(TypeIds.FALSE, Boolean.class, value((out, v) -> { }, in -> Boolean.FALSE));
        assert bool.id == TypeIds.TRUE;
        rb.add(TypeIds.BYTE, Byte.class, value((out, v) -> out.writeByte(v), ReadBuffer::readByte));
        rb.add(TypeIds.SHORT, Short.class, value((out, v) -> out.writeShort(v), ReadBuffer::readShort));
        rb.add(TypeIds.CHAR, Character.class, value((out, v) -> out.writeChar(v), ReadBuffer::readChar));
        rb.add(TypeIds.INT, Integer.class, value((out, v) -> out.writeVarInt(v), ReadBuffer::readVarInt));
        rb.add(TypeIds.LONG, Long.class, value((out, v) -> out.writeVarLong(v), ReadBuffer::readVarLong));
        rb.add(TypeIds.FLOAT, Float.class, value((out, v) -> out.writeFloat(v), ReadBuffer::readFloat));
        rb.add(TypeIds.DOUBLE, Double.class, value((out, v) -> out.writeDouble(v), ReadBuffer::readDouble));
        rb.add(TypeIds.STRING, String.class, value(WriteBuffer::writeString, StringContent::read));

        rb.add(TypeIds.BOOLEAN_ARRAY, boolean[].class, tracked(WriteBuffer::writeBooleanArray, ReadBuffer::readBooleanArray));
        rb.add(TypeIds.BYTE_ARRAY, byte[].class, tracked(WriteBuffer::writeByteArray, ReadBuffer::readByteArray));
        rb.add(TypeIds.SHORT_ARRAY, short[].class, tracked(WriteBuffer::writeShortArray, ReadBuffer::readShortArray));
        rb.add(TypeIds.CHAR_ARRAY, char[].class, tracked(WriteBuffer::writeCharArray, ReadBuffer::readCharArray));
        rb.add(TypeIds.INT_ARRAY, int[].class, tracked(WriteBuffer::writeIntArray, ReadBuffer::readIntArray));
        rb.add(TypeIds.LONG_ARRAY, long[].class, tracked(WriteBuffer::writeLongArray, ReadBuffer::readLongArray));
        rb.add(TypeIds.FLOAT_ARRAY, float[].class, tracked(WriteBuffer::writeFloatArray, ReadBuffer::readFloatArray));
        rb.add(TypeIds.DOUBLE_ARRAY, double[].class, tracked(WriteBuffer::writeDoubleArray, ReadBuffer::readDoubleArray));
        rb.add(TypeIds.OBJECT_ARRAY, Object[].class, new ObjectArraySerializer(false));
        rb.addReadOnly(TypeIds.TYPED_ARRAY, Object[].class, new ObjectArraySerializer(true));
        ValueTypes.install(rb);
        TimeTypes.install(rb);
        CollectionTypes.install(rb);
        MapTypes.install(rb);
        UnmodifiableTypes.install(rb);
    }
}
