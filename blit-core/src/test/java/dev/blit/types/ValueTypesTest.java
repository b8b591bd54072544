package dev.blit.types;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Date;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;

import static dev.blit.types.RoundTrip.PLAIN;
import static dev.blit.types.RoundTrip.TRACKING;
import static dev.blit.types.RoundTrip.assertEncoding;
import static dev.blit.types.RoundTrip.assertRejected;
import static dev.blit.types.RoundTrip.assertRoundTrips;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class ValueTypesTest {

    @Test
    void bigIntegersRoundTripAcrossSignsAndSizes() {
        for (BigInteger v : List.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), BigInteger.valueOf(127),
                BigInteger.valueOf(128), BigInteger.valueOf(-129), BigInteger.valueOf(Long.MIN_VALUE),
                BigInteger.TWO.pow(1000).negate(), new BigInteger("123456789012345678901234567890"))) {
            assertRoundTrips(v);
        }
    }

    @Test
    void bigIntegerIsItsMinimalTwosComplementBytes() {
        assertEncoding("16 01 00", BigInteger.ZERO);
        assertEncoding("16 02 00 80", BigInteger.valueOf(128));
        assertEncoding("16 01 ff", BigInteger.ONE.negate());
    }

    @Test
    void bigIntegerWithRedundantSignByteOrNoBytesIsRejected() {
        assertRejected("16 02 00 01");
        assertRejected("16 02 ff ff");
        assertRejected("16 00");
    }

    @Test
    void bigDecimalsRoundTripWithScaleAndBothUnscaledForms() {
        for (BigDecimal v : List.of(BigDecimal.ZERO, new BigDecimal("1.5"), new BigDecimal("-0.000"),
                new BigDecimal("1E+30"), new BigDecimal("123.456789"), BigDecimal.valueOf(Long.MAX_VALUE, 3),
                BigDecimal.valueOf(Long.MIN_VALUE, -7), new BigDecimal(BigInteger.TWO.pow(63), 2),
                new BigDecimal("-98765432109876543210987654321.0123456789"))) {
            BigDecimal copy = assertRoundTrips(v);
            assertEquals(v.scale(), copy.scale());
        }
    }

    @Test
    void bigDecimalIsScaleThenUnscaledVarint() {
        assertEncoding("17 02 1e", new BigDecimal("1.5"));
        // Long.MIN_VALUE unscaled takes the escape (ten bytes) and the BigInteger form (uvar 8 + 8 bytes).
        assertEquals(1 + 1 + 10 + 1 + 8, PLAIN.toBytes(BigDecimal.valueOf(Long.MIN_VALUE, 0)).length);
    }

    /**
     * Decimals of up to 18 digits are written without their BigInteger (a copy at scale 0 gives the unscaled
     * long): the bytes must be those of the format, scale then unscaled value as zig-zag varints, computed here
     * from unscaledValue(), at the digit-count boundary, for both signs and for negative and large scales.
     */
    @Test
    void compactDecimalsAreWrittenAsTheirUnscaledLong() {
        List<BigDecimal> values = new ArrayList<>();
        for (long u : new long[] {0, 1, -1, 999_999_999_999_999_999L, -999_999_999_999_999_999L,
                1_000_000_000_000_000_000L, -1_000_000_000_000_000_000L, Long.MAX_VALUE, Long.MIN_VALUE + 1}) {
            for (int scale : new int[] {0, 2, -7, 40, -40, Integer.MAX_VALUE, Integer.MIN_VALUE + 1}) {
                values.add(BigDecimal.valueOf(u, scale));
                values.add(new BigDecimal(BigInteger.valueOf(u), scale));
            }
        }
        values.add(new BigDecimal("123.4500")); // trailing zeros belong to the unscaled value
        for (BigDecimal v : values) {
            dev.blit.buffer.WriteBuffer expected = new dev.blit.buffer.WriteBuffer();
            expected.writeUnsignedVarInt(0x17);
            expected.writeVarInt(v.scale());
            expected.writeVarLong(v.unscaledValue().longValueExact());
            assertEquals(HexFormat.of().formatHex(expected.array(), 0, (int) expected.position()),
                    HexFormat.of().formatHex(PLAIN.toBytes(v)), "encoding of " + v + " (scale " + v.scale() + ")");
            BigDecimal copy = assertRoundTrips(v);
            assertEquals(v.scale(), copy.scale());
        }
    }

    @Test
    void bigDecimalWhoseLongFormHoldsASmallValueIsRejected() {
        assertRejected("17 00 ff ff ff ff ff ff ff ff ff 01 01 05");
    }

    @Test
    void uuidIsSixteenFixedBytes() {
        UUID u = UUID.fromString("01234567-89ab-cdef-fedc-ba9876543210");
        assertRoundTrips(u);
        assertRoundTrips(UUID.randomUUID());
        assertEncoding("18 efcdab8967452301 1032547698badcfe", u);
    }

    @Test
    void optionalsRoundTripPresentAndEmpty() {
        assertRoundTrips(Optional.empty());
        assertRoundTrips(Optional.of("x"));
        assertRoundTrips(Optional.of(Optional.of(List.of(1, 2))));
        assertRoundTrips(OptionalInt.empty());
        assertRoundTrips(OptionalInt.of(Integer.MIN_VALUE));
        assertRoundTrips(OptionalLong.empty());
        assertRoundTrips(OptionalLong.of(Long.MAX_VALUE));
        assertRoundTrips(OptionalDouble.empty());
        assertRoundTrips(OptionalDouble.of(-0.0));
        assertRoundTrips(OptionalDouble.of(Double.NaN));
    }

    @Test
    void optionalEncodingsAreTagPlusPresence() {
        assertEncoding("23 00", Optional.empty());
        assertEncoding("23 07 02", Optional.of(1));
        assertEncoding("41 00", OptionalInt.empty());
        assertEncoding("41 01 03", OptionalInt.of(-2));
        assertEncoding("42 01 02", OptionalLong.of(1));
        assertEncoding("43 01 000000000000f03f", OptionalDouble.of(1.0));
    }

    @Test
    void optionalPresenceFlagOtherThanZeroOrOneIsRejected() {
        assertRejected("41 02 03");
    }

    @Test
    void datesRoundTripAndAreTracked() {
        Date d = new Date(1_700_000_000_123L);
        assertRoundTrips(d);
        assertRoundTrips(new Date(-1));
        assertEncoding("40 02", new Date(1));

        List<Date> shared = new ArrayList<>(List.of(d, d));
        @SuppressWarnings("unchecked")
        List<Date> tracked = (List<Date>) TRACKING.fromBytes(TRACKING.toBytes(shared));
        assertSame(tracked.get(0), tracked.get(1));
        @SuppressWarnings("unchecked")
        List<Date> plain = (List<Date>) PLAIN.fromBytes(PLAIN.toBytes(shared));
        assertNotSame(plain.get(0), plain.get(1));
        assertEquals(shared, plain);
    }

    @Test
    void sharedImmutableValuesAreWrittenInFullEvenWithReferences() {
        BigDecimal v = new BigDecimal("1.5");
        List<Object> shared = new ArrayList<>(List.of(v, v));
        // 24 02 | 17 02 1e | 17 02 1e: no back reference for an untracked value type.
        assertEquals(8, TRACKING.toBytes(shared).length);
    }

    @Test
    void mutatedEncodingsFailOnlyWithBlitException() {
        RoundTrip.assertMutationsFailOnlyWithBlitException(PLAIN.toBytes(new ArrayList<>(List.of(
                new BigDecimal("-12.5"), new BigInteger("-98765432109876543210"), UUID.randomUUID(),
                Optional.of(3), OptionalInt.of(4), OptionalLong.of(5), OptionalDouble.of(6), new Date(7)))), 1);
    }
}
