package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

/** An enum constant as its ordinal (unsigned varint). Immutable singletons: never reference-tracked. */
final class EnumSerializer<E extends Enum<E>> implements Serializer<E> {
    private final Class<?> type;
    private final E[] constants;

    @SuppressWarnings("unchecked")
    EnumSerializer(Class<?> type) {
        this.type = type;
        this.constants = (E[]) type.getEnumConstants();
    }

    @Override
    public void write(WriteBuffer out, E value) {
        out.writeUnsignedVarInt(value.ordinal());
    }

    @Override
    public E read(ReadBuffer in) {
        long at = in.offset();
        int ordinal = in.readUnsignedVarInt();
        if (ordinal < 0 || ordinal >= constants.length) {
            throw notAConstant(ordinal, at);
        }
        return constants[ordinal];
    }

    /** Apart from {@link #read}, which stays small enough to inline where a field of the enum is read. */
    private BlitException notAConstant(int ordinal, long at) {
        return new BlitException("ordinal " + Integer.toUnsignedString(ordinal) + " at offset " + at + " is not a constant of "
                + type.getName() + " (it has " + constants.length + ")");
    }

    @Override
    public boolean tracksReferences() {
        return false;
    }
}
