package dev.blit.types;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.ReadSession;
import dev.blit.internal.RegistryBuilder;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Date;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Numbers and small values: {@code BigInteger}, {@code BigDecimal}, {@code UUID}, the {@code Optional}s
 * and {@code Date}. All but {@code Date} (which is mutable) are immutable and not reference-tracked.
 */
final class ValueTypes {
    private ValueTypes() {
    }

    static void install(RegistryBuilder rb) {
        rb.add(TypeIds.BIG_INTEGER, BigInteger.class, new Codec(TypeIds.BIG_INTEGER));
        rb.add(TypeIds.BIG_DECIMAL, BigDecimal.class, new Codec(TypeIds.BIG_DECIMAL));
        rb.add(TypeIds.UUID, UUID.class, new Codec(TypeIds.UUID));
        rb.add(TypeIds.OPTIONAL, Optional.class, new Codec(TypeIds.OPTIONAL));
        rb.add(TypeIds.OPTIONAL_INT, OptionalInt.class, new Codec(TypeIds.OPTIONAL_INT));
        rb.add(TypeIds.OPTIONAL_LONG, OptionalLong.class, new Codec(TypeIds.OPTIONAL_LONG));
        rb.add(TypeIds.OPTIONAL_DOUBLE, OptionalDouble.class, new Codec(TypeIds.OPTIONAL_DOUBLE));
        rb.add(TypeIds.DATE, Date.class, new Codec(TypeIds.DATE));
    }

    /** One class for all of them, switching on the wire id: see {@link BuiltinTypes.ById} for why. */
    private static final class Codec extends BuiltinTypes.ById {
        Codec(int id) {
            // All immutable except {@code Date}, whose identity is kept.
            super(id, id == TypeIds.DATE);
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            switch (id) {
                case TypeIds.BIG_INTEGER:
                    LeafContent.writeBigInteger(out, (BigInteger) v);
                    return;
                case TypeIds.BIG_DECIMAL:
                    LeafContent.writeBigDecimal(out, (BigDecimal) v);
                    return;
                case TypeIds.UUID:
                    LeafContent.writeUuid(out, (UUID) v);
                    return;
                case TypeIds.OPTIONAL:
                    out.writeObject(((Optional<?>) v).orElse(null));
                    return;
                case TypeIds.OPTIONAL_INT:
                    out.writeBoolean(((OptionalInt) v).isPresent());
                    if (((OptionalInt) v).isPresent()) {
                        out.writeVarInt(((OptionalInt) v).getAsInt());
                    }
                    return;
                case TypeIds.OPTIONAL_LONG:
                    out.writeBoolean(((OptionalLong) v).isPresent());
                    if (((OptionalLong) v).isPresent()) {
                        out.writeVarLong(((OptionalLong) v).getAsLong());
                    }
                    return;
                case TypeIds.OPTIONAL_DOUBLE:
                    out.writeBoolean(((OptionalDouble) v).isPresent());
                    if (((OptionalDouble) v).isPresent()) {
                        out.writeDouble(((OptionalDouble) v).getAsDouble());
                    }
                    return;
                case TypeIds.DATE:
                    out.writeVarLong(((Date) v).getTime());
                    return;
                default:
                    throw new IllegalStateException("no built-in value type has id " + id);
            }
        }

        @Override
        public Object read(ReadBuffer in) {
            switch (id) {
                case TypeIds.BIG_INTEGER:
                    return LeafContent.readBigInteger(in);
                case TypeIds.BIG_DECIMAL:
                    return LeafContent.readBigDecimal(in);
                case TypeIds.UUID:
                    return LeafContent.readUuid(in);
                case TypeIds.OPTIONAL:
                    return Optional.ofNullable(ReadSession.of(in).readObject(in));
                case TypeIds.OPTIONAL_INT:
                    return in.readBoolean() ? OptionalInt.of(in.readVarInt()) : OptionalInt.empty();
                case TypeIds.OPTIONAL_LONG:
                    return in.readBoolean() ? OptionalLong.of(in.readVarLong()) : OptionalLong.empty();
                case TypeIds.OPTIONAL_DOUBLE:
                    return in.readBoolean() ? OptionalDouble.of(in.readDouble()) : OptionalDouble.empty();
                case TypeIds.DATE:
                    return new Date(in.readVarLong());
                default:
                    throw new IllegalStateException("no built-in value type has id " + id);
            }
        }
    }
}
