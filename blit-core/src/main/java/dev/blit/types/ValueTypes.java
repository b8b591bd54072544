package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.Serializer;
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

    /** One class for all of them, switching on the wire id: see {@link BuiltinTypes.Scalar} for why. */
    private static final class Codec implements Serializer<Object> {
        private final int id;

        Codec(int id) {
            this.id = id;
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            switch (id) {
                case TypeIds.BIG_INTEGER:
                    writeBigInteger(out, (BigInteger) v);
                    return;
                case TypeIds.BIG_DECIMAL:
                    writeBigDecimal(out, (BigDecimal) v);
                    return;
                case TypeIds.UUID:
                    out.writeLong(((UUID) v).getMostSignificantBits());
                    out.writeLong(((UUID) v).getLeastSignificantBits());
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
                    return readBigInteger(in);
                case TypeIds.BIG_DECIMAL:
                    return readBigDecimal(in);
                case TypeIds.UUID:
                    long msb = in.readLong();
                    return new UUID(msb, in.readLong());
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

        /** All immutable except {@code Date}, whose identity is kept. */
        @Override
        public boolean tracksReferences() {
            return id == TypeIds.DATE;
        }
    }

    /** {@code uvar n}, then the {@code n} bytes of {@link BigInteger#toByteArray()} (big-endian, minimal). */
    private static void writeBigInteger(WriteBuffer out, BigInteger v) {
        byte[] b = v.toByteArray();
        out.writeUnsignedVarInt(b.length);
        out.writeBytes(b, 0, b.length);
    }

    private static BigInteger readBigInteger(ReadBuffer in) {
        long at = in.offset();
        int n = in.readCount(1);
        if (n == 0) {
            throw new BlitException("BigInteger of zero bytes at offset " + at);
        }
        byte[] b = Elements.readBytes(in, n);
        // toByteArray never writes a leading byte that only repeats the sign of the next one.
        if (n > 1 && (b[0] == 0 && b[1] >= 0 || b[0] == -1 && b[1] < 0)) {
            throw new BlitException("BigInteger at offset " + at + " has a redundant leading byte (not minimal)");
        }
        try {
            return new BigInteger(b);
        } catch (ArithmeticException x) {
            throw Elements.invalid("BigInteger", at, x);
        }
    }

    /**
     * {@code svar scale}, then the unscaled value as an {@code svar} long; {@code Long.MIN_VALUE} there is
     * an escape, followed by the unscaled value as a BigInteger ({@code uvar n} + bytes) for values that
     * do not fit in a long, and for {@code Long.MIN_VALUE} itself.
     */
    private static void writeBigDecimal(WriteBuffer out, BigDecimal v) {
        out.writeVarInt(v.scale());
        if (v.precision() <= 18) {
            // Fits a long (|unscaled| < 10^18) and is never the escape. Read through a copy at scale 0, whose
            // longValueExact is the unscaled value: unscaledValue() would build a BigInteger (and its array)
            // every time for the compact decimals that prices and costs are.
            out.writeVarLong(v.scaleByPowerOfTen(v.scale()).longValueExact());
            return;
        }
        BigInteger unscaled = v.unscaledValue();
        if (unscaled.bitLength() < 64 && unscaled.longValue() != Long.MIN_VALUE) {
            out.writeVarLong(unscaled.longValue());
        } else {
            out.writeVarLong(Long.MIN_VALUE);
            writeBigInteger(out, unscaled);
        }
    }

    private static BigDecimal readBigDecimal(ReadBuffer in) {
        int scale = in.readVarInt();
        long unscaled = in.readVarLong();
        if (unscaled != Long.MIN_VALUE) {
            return BigDecimal.valueOf(unscaled, scale);
        }
        long at = in.offset();
        BigInteger big = readBigInteger(in);
        if (big.bitLength() < 64 && big.longValue() != Long.MIN_VALUE) {
            throw new BlitException("BigDecimal at offset " + at + " has a small unscaled value in the long form");
        }
        return new BigDecimal(big, scale);
    }
}
