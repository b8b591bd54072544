package dev.blit.types;

import dev.blit.BlitException;
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
        rb.add(TypeIds.BIG_INTEGER, BigInteger.class, BuiltinTypes.value(ValueTypes::writeBigInteger, ValueTypes::readBigInteger));
        rb.add(TypeIds.BIG_DECIMAL, BigDecimal.class, BuiltinTypes.value(ValueTypes::writeBigDecimal, ValueTypes::readBigDecimal));
        rb.add(TypeIds.UUID, UUID.class, BuiltinTypes.value(
                (out, v) -> {
                    out.writeLong(v.getMostSignificantBits());
                    out.writeLong(v.getLeastSignificantBits());
                },
                in -> {
                    long msb = in.readLong();
                    return new UUID(msb, in.readLong());
                }));
        rb.add(TypeIds.OPTIONAL, Optional.class, BuiltinTypes.<Optional<?>>value(
                (out, v) -> out.writeObject(v.orElse(null)),
                in -> Optional.ofNullable(ReadSession.of(in).readObject(in))));
        rb.add(TypeIds.OPTIONAL_INT, OptionalInt.class, BuiltinTypes.value(
                (out, v) -> {
                    out.writeBoolean(v.isPresent());
                    if (v.isPresent()) {
                        out.writeVarInt(v.getAsInt());
                    }
                },
                in -> in.readBoolean() ? OptionalInt.of(in.readVarInt()) : OptionalInt.empty()));
        rb.add(TypeIds.OPTIONAL_LONG, OptionalLong.class, BuiltinTypes.value(
                (out, v) -> {
                    out.writeBoolean(v.isPresent());
                    if (v.isPresent()) {
                        out.writeVarLong(v.getAsLong());
                    }
                },
                in -> in.readBoolean() ? OptionalLong.of(in.readVarLong()) : OptionalLong.empty()));
        rb.add(TypeIds.OPTIONAL_DOUBLE, OptionalDouble.class, BuiltinTypes.value(
                (out, v) -> {
                    out.writeBoolean(v.isPresent());
                    if (v.isPresent()) {
                        out.writeDouble(v.getAsDouble());
                    }
                },
                in -> in.readBoolean() ? OptionalDouble.of(in.readDouble()) : OptionalDouble.empty()));
        rb.add(TypeIds.DATE, Date.class, BuiltinTypes.tracked(
                (out, v) -> out.writeVarLong(v.getTime()),
                in -> new Date(in.readVarLong())));
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
