package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.UUID;

/**
 * The content (what follows the tag, FORMAT.md's table) of the built-in leaf values whose encoding is more
 * than one buffer call: a String's (which, being tagged, is never null), a BigInteger's, a BigDecimal's and
 * a UUID's. Used by the built-in serializers and by generated serializers, which write and read these values
 * of a field themselves, from a call site of their own, instead of going through the registration's
 * serializer and a level of the object graph. Public only because a generated serializer defined as a
 * nestmate of the user's class lives in the user's package and calls it from there; it is not API.
 */
public final class LeafContent {
    private LeafContent() {
    }

    /**
     * @param in a buffer just past the tag of a String value
     * @return the string
     * @throws BlitException if the content is a null string header (or malformed)
     */
    public static String readString(ReadBuffer in) {
        return text(in, "String");
    }

    /**
     * A {@code str} that must not be the null header: the content of a String, and the strings inside a
     * built-in value (a Locale's tag, a URI, a Currency's code, a Pattern, a StringBuilder).
     *
     * @param what the value it belongs to, for the message
     */
    static String text(ReadBuffer in, String what) {
        long at = in.offset();
        String s = in.readString();
        if (s == null) {
            throw new BlitException("null string header inside a " + what + " value at offset " + at);
        }
        return s;
    }

    /**
     * The check after a tagged primitive array's content (ids 12..19, {@code arr (never null)}): the tag
     * already said "an array", so the null length header {@code 00} is malformed there, as it is after a
     * String's tag. One value, one encoding: a null array is the tag {@code 00} alone.
     *
     * @param array what {@code ReadBuffer.read...Array} returned, just after the header
     * @param in    the buffer it came from
     * @return {@code array}
     * @throws BlitException if it is null, naming the header's offset
     */
    public static Object array(Object array, ReadBuffer in) {
        if (array == null) {
            throw nullArray(in);
        }
        return array;
    }

    /**
     * The refusal of {@link #array}, apart, for generated code: it tests for null inline and calls this only
     * on the cold path, so the hot path has no call.
     *
     * @param in the buffer, just past the null header
     * @return the exception to throw
     */
    public static BlitException nullArray(ReadBuffer in) {
        return new BlitException("null array header inside an array value at offset " + (in.offset() - 1));
    }

    /** {@code uvar n}, then the {@code n} bytes of {@link BigInteger#toByteArray()} (big-endian, minimal). */
    public static void writeBigInteger(WriteBuffer out, BigInteger v) {
        byte[] b = v.toByteArray();
        out.writeUnsignedVarInt(b.length);
        out.writeBytes(b, 0, b.length);
    }

    /**
     * @param in a buffer just past the tag of a BigInteger value
     * @return the value
     * @throws BlitException for zero bytes, a redundant leading byte, or a truncated input
     */
    public static BigInteger readBigInteger(ReadBuffer in) {
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
    public static void writeBigDecimal(WriteBuffer out, BigDecimal v) {
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

    /**
     * @param in a buffer just past the tag of a BigDecimal value
     * @return the value
     * @throws BlitException for a small unscaled value in the long form, or a malformed or truncated input
     */
    public static BigDecimal readBigDecimal(ReadBuffer in) {
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

    /** The most significant 64 bits, then the least, each a little-endian {@code i64}. */
    public static void writeUuid(WriteBuffer out, UUID v) {
        out.writeLong(v.getMostSignificantBits());
        out.writeLong(v.getLeastSignificantBits());
    }

    /**
     * @param in a buffer just past the tag of a UUID value
     * @return the value
     */
    public static UUID readUuid(ReadBuffer in) {
        long msb = in.readLong();
        return new UUID(msb, in.readLong());
    }
}
