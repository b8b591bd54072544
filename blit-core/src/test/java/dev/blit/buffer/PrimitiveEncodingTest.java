package dev.blit.buffer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static dev.blit.buffer.Bytes.encodes;
import static dev.blit.buffer.Bytes.hex;
import static dev.blit.buffer.Bytes.rejectedAt;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Fixed-width primitives and varints: exact bytes through every backend, and what the reader rejects. */
class PrimitiveEncodingTest {

    @Test
    void fixedWidthPrimitivesAreLittleEndian() {
        encodes("81", out -> out.writeByte(0x81), ReadBuffer::readByte, (byte) 0x81);
        encodes("00", out -> out.writeByte(0), ReadBuffer::readByte, (byte) 0);
        encodes("7f", out -> out.writeByte(Byte.MAX_VALUE), ReadBuffer::readByte, Byte.MAX_VALUE);
        encodes("80", out -> out.writeByte(Byte.MIN_VALUE), ReadBuffer::readByte, Byte.MIN_VALUE);
        encodes("01", out -> out.writeBoolean(true), ReadBuffer::readBoolean, true);
        encodes("00", out -> out.writeBoolean(false), ReadBuffer::readBoolean, false);
        encodes("34 12", out -> out.writeShort(0x1234), ReadBuffer::readShort, (short) 0x1234);
        encodes("00 80", out -> out.writeShort(Short.MIN_VALUE), ReadBuffer::readShort, Short.MIN_VALUE);
        encodes("ff 7f", out -> out.writeShort(Short.MAX_VALUE), ReadBuffer::readShort, Short.MAX_VALUE);
        encodes("ff ff", out -> out.writeShort(-1), ReadBuffer::readShort, (short) -1);
        encodes("cd ab", out -> out.writeChar('\uabcd'), ReadBuffer::readChar, '\uabcd');
        encodes("ff ff", out -> out.writeChar('\uffff'), ReadBuffer::readChar, '\uffff');
        encodes("00 00", out -> out.writeChar('\0'), ReadBuffer::readChar, '\0');
        encodes("78 56 34 12", out -> out.writeInt(0x12345678), ReadBuffer::readInt, 0x12345678);
        encodes("00 00 00 80", out -> out.writeInt(Integer.MIN_VALUE), ReadBuffer::readInt, Integer.MIN_VALUE);
        encodes("ff ff ff 7f", out -> out.writeInt(Integer.MAX_VALUE), ReadBuffer::readInt, Integer.MAX_VALUE);
        encodes("08 07 06 05 04 03 02 01", out -> out.writeLong(0x0102030405060708L), ReadBuffer::readLong, 0x0102030405060708L);
        encodes("00 00 00 00 00 00 00 80", out -> out.writeLong(Long.MIN_VALUE), ReadBuffer::readLong, Long.MIN_VALUE);
        encodes("ff ff ff ff ff ff ff 7f", out -> out.writeLong(Long.MAX_VALUE), ReadBuffer::readLong, Long.MAX_VALUE);
        encodes("00 00 80 3f", out -> out.writeFloat(1f), ReadBuffer::readFloat, 1f);
        encodes("00 00 00 00 00 00 f0 3f", out -> out.writeDouble(1d), ReadBuffer::readDouble, 1d);
        encodes("00 00 80 7f", out -> out.writeFloat(Float.POSITIVE_INFINITY), ReadBuffer::readFloat, Float.POSITIVE_INFINITY);
        encodes("01 00 00 00", out -> out.writeFloat(Float.MIN_VALUE), ReadBuffer::readFloat, Float.MIN_VALUE);
        encodes("ff ff ff ff ff ff ef 7f", out -> out.writeDouble(Double.MAX_VALUE), ReadBuffer::readDouble, Double.MAX_VALUE);
    }

    @Test
    void floatsKeepNaNPayloadsAndNegativeZeroBitExact() {
        encodes("00 00 00 80", out -> out.writeFloat(-0f), ReadBuffer::readFloat, -0f);
        encodes("00 00 00 00 00 00 00 80", out -> out.writeDouble(-0d), ReadBuffer::readDouble, -0d);
        float quietWithPayload = Float.intBitsToFloat(0x7fc12345);
        encodes("45 23 c1 7f", out -> out.writeFloat(quietWithPayload), ReadBuffer::readFloat, quietWithPayload);
        float negativeNaN = Float.intBitsToFloat(0xffc00001);
        encodes("01 00 c0 ff", out -> out.writeFloat(negativeNaN), ReadBuffer::readFloat, negativeNaN);
        double doublePayload = Double.longBitsToDouble(0x7ff8000000abcdefL);
        encodes("ef cd ab 00 00 00 f8 7f", out -> out.writeDouble(doublePayload), ReadBuffer::readDouble, doublePayload);
        double negativeDoubleNaN = Double.longBitsToDouble(0xfff8000000000001L);
        encodes("01 00 00 00 00 00 f8 ff", out -> out.writeDouble(negativeDoubleNaN), ReadBuffer::readDouble, negativeDoubleNaN);
    }

    @ParameterizedTest(name = "unsigned {0} -> {1}")
    @CsvSource({
            "0, 00",
            "1, 01",
            "63, 3f",
            "64, 40",
            "127, 7f",
            "128, 80 01",
            "16383, ff 7f",
            "16384, 80 80 01",
            "2147483647, ff ff ff ff 07",
            "-2147483648, 80 80 80 80 08",
            "-1, ff ff ff ff 0f",
    })
    void unsignedVarIntsUseSevenBitsAByte(int value, String hex) {
        encodes(hex, out -> out.writeUnsignedVarInt(value), ReadBuffer::readUnsignedVarInt, value);
    }

    @ParameterizedTest(name = "zig-zag {0} -> {1}")
    @CsvSource({
            "0, 00",
            "1, 02",
            "-1, 01",
            "63, 7e",
            "-64, 7f",
            "64, 80 01",
            "-65, 81 01",
            "127, fe 01",
            "128, 80 02",
            "2147483647, fe ff ff ff 0f",
            "-2147483648, ff ff ff ff 0f",
    })
    void varIntsAreZigZagged(int value, String hex) {
        encodes(hex, out -> out.writeVarInt(value), ReadBuffer::readVarInt, value);
    }

    @ParameterizedTest(name = "zig-zag {0}L -> {1}")
    @CsvSource({
            "0, 00",
            "1, 02",
            "-1, 01",
            "63, 7e",
            "64, 80 01",
            "127, fe 01",
            "128, 80 02",
            "2147483647, fe ff ff ff 0f",
            "-2147483648, ff ff ff ff 0f",
            "2147483648, 80 80 80 80 10",
            "9223372036854775807, fe ff ff ff ff ff ff ff ff 01",
            "-9223372036854775808, ff ff ff ff ff ff ff ff ff 01",
    })
    void varLongsAreZigZagged(long value, String hex) {
        encodes(hex, out -> out.writeVarLong(value), ReadBuffer::readVarLong, value);
    }

    @ParameterizedTest(name = "unsigned {0}L -> {1}")
    @CsvSource({
            "0, 00",
            "127, 7f",
            "128, 80 01",
            "9223372036854775807, ff ff ff ff ff ff ff ff 7f",
            "-9223372036854775808, 80 80 80 80 80 80 80 80 80 01",
            "-1, ff ff ff ff ff ff ff ff ff 01",
    })
    void unsignedVarLongsTakeTenBytesAtMost(long value, String hex) {
        encodes(hex, out -> out.writeUnsignedVarLong(value), ReadBuffer::readUnsignedVarLong, value);
    }

    /** Each case is read after three valid bytes, with and without enough bytes behind it for the fast path. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "80 80 80 80 80 00",   // six bytes
            "ff ff ff ff ff 01",   // six bytes
            "ff ff ff ff 1f",      // bit 32 set
            "80 80 80 80 10",      // bit 32 set
            "ff ff ff ff 7f",      // bits 32..34 set
            "ff ff ff ff 8f 00",   // continuation on the fifth byte
    })
    void malformedVarIntsAreRejectedWithTheirOffset(String hex) {
        for (String tail : new String[] {"", " 00 00 00 00 00 00"}) {
            byte[] input = hex("01 02 03 " + hex + tail);
            rejectedAt(3, input, in -> {
                in.readBytes(new byte[3], 0, 3);
                in.readUnsignedVarInt();
            });
            rejectedAt(3, input, in -> {
                in.readBytes(new byte[3], 0, 3);
                in.readVarInt();
            });
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "80 80 80 80 80 80 80 80 80 80 00",   // eleven bytes
            "ff ff ff ff ff ff ff ff ff 02",      // bit 64 set
            "ff ff ff ff ff ff ff ff ff 7f",      // bits 64..69 set
            "80 80 80 80 80 80 80 80 80 81 00",   // continuation on the tenth byte
    })
    void malformedVarLongsAreRejectedWithTheirOffset(String hex) {
        for (String tail : new String[] {"", " 00 00 00 00 00 00 00 00 00 00 00"}) {
            byte[] input = hex("01 02 03 " + hex + tail);
            rejectedAt(3, input, in -> {
                in.readBytes(new byte[3], 0, 3);
                in.readUnsignedVarLong();
            });
            rejectedAt(3, input, in -> {
                in.readBytes(new byte[3], 0, 3);
                in.readVarLong();
            });
        }
    }

    @Test
    void varintsThatEndEarlyAreTruncationsWhereTheInputEnds() {
        rejectedAt(3, hex("00 80 80"), in -> {
            in.readByte();
            in.readUnsignedVarInt();
        });
        rejectedAt(9, hex("00 ff ff ff ff ff ff ff ff"), in -> {
            in.readByte();
            in.readUnsignedVarLong();
        });
    }

    @Test
    void theLargestValidVarintsAreAccepted() {
        for (String tail : new String[] {"", " 00 00 00 00 00 00 00 00 00 00"}) {
            assertEquals(-1, ReadBuffer.of(hex("ff ff ff ff 0f" + tail)).readUnsignedVarInt());
            assertEquals(-1L, ReadBuffer.of(hex("ff ff ff ff ff ff ff ff ff 01" + tail)).readUnsignedVarLong());
        }
    }

    @ParameterizedTest(name = "0x{0}")
    @ValueSource(strings = {"02", "ff", "80", "10"})
    void booleansOtherThanZeroOrOneAreRejected(String bad) {
        rejectedAt(2, hex("01 00 " + bad), in -> {
            in.readBoolean();
            in.readBoolean();
            in.readBoolean();
        });
    }

    @Test
    void fixedWidthPrimitivesThatEndEarlyAreTruncationsAtTheirOffset() {
        rejectedAt(1, hex("00 01"), in -> {
            in.readByte();
            in.readShort();
        });
        rejectedAt(1, hex("00 01"), in -> {
            in.readByte();
            in.readChar();
        });
        rejectedAt(1, hex("00 01 02 03"), in -> {
            in.readByte();
            in.readInt();
        });
        rejectedAt(1, hex("00 01 02 03"), in -> {
            in.readByte();
            in.readFloat();
        });
        rejectedAt(1, hex("00 01 02 03 04 05 06 07"), in -> {
            in.readByte();
            in.readLong();
        });
        rejectedAt(1, hex("00 01 02 03 04 05 06 07"), in -> {
            in.readByte();
            in.readDouble();
        });
        rejectedAt(0, hex(""), ReadBuffer::readByte);
        rejectedAt(0, hex(""), ReadBuffer::readBoolean);
    }

    @Test
    void offsetsCountFromTheStartOfARegion() {
        byte[] bytes = hex("aa bb cc 01 02");
        Bytes.namesOffset(org.junit.jupiter.api.Assertions.assertThrows(dev.blit.BlitException.class,
                () -> ReadBuffer.of(bytes, 3, 2).readInt()), 0);
    }

    @Test
    void aSequenceOfMixedPrimitivesCrossesTheStagingBoundary() {
        // 1,500 rounds of 1+2+4+8+(1..5)+(1..10) bytes: well past two 8 KB staging areas and windows,
        // with every width straddling a boundary at some point.
        int rounds = 1500;
        java.util.function.Consumer<WriteBuffer> writer = out -> {
            for (int i = 0; i < rounds; i++) {
                out.writeByte(i);
                out.writeShort(i * 3);
                out.writeInt(i * 1_000_003);
                out.writeLong(i * 0x1_0000_0001L);
                out.writeUnsignedVarInt(i << (i % 25));
                out.writeVarLong(-((long) i << (i % 55)));
            }
        };
        WriteBuffer probe = new WriteBuffer();
        writer.accept(probe);
        Bytes.roundTrip((int) probe.position(), writer, in -> {
            for (int i = 0; i < rounds; i++) {
                assertEquals((byte) i, in.readByte());
                assertEquals((short) (i * 3), in.readShort());
                assertEquals(i * 1_000_003, in.readInt());
                assertEquals(i * 0x1_0000_0001L, in.readLong());
                assertEquals(i << (i % 25), in.readUnsignedVarInt());
                assertEquals(-((long) i << (i % 55)), in.readVarLong());
            }
            return "ok";
        }, "ok");
    }
}
