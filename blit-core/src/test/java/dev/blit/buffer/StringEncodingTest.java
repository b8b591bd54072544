package dev.blit.buffer;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static dev.blit.buffer.Bytes.encodes;
import static dev.blit.buffer.Bytes.hex;
import static dev.blit.buffer.Bytes.rejectedAt;
import static dev.blit.buffer.Bytes.roundTrip;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Strings: Latin-1 when every char fits a byte, UTF-16LE otherwise, lossless for every Java string. */
class StringEncodingTest {

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', value = {
            "''                  | 01                         | empty",
            "hi                  | 05 68 69                   | ASCII",
            "é                   | 03 e9                      | Latin-1 e acute",
            "ÿ                   | 03 ff                      | Latin-1 y diaeresis, the last Latin-1 char",
            "aéÿ                 | 07 61 e9 ff                | mixed ASCII and Latin-1",
            "€                   | 04 ac 20                   | BMP euro sign",
            "中文                 | 06 2d 4e 87 65             | CJK",
            "a€                  | 06 61 00 ac 20             | one wide char makes the whole string UTF-16",
            "Ā                   | 04 00 01                   | U+0100, the first char past Latin-1",
    })
    void stringsAreLatin1OrUtf16(String s, String hex, String what) {
        encodes(hex, out -> out.writeString(s), ReadBuffer::readString, s);
    }

    @Test
    void nullIsAZeroHeader() {
        encodes("00", out -> out.writeString(null), ReadBuffer::readString, null);
    }

    @Test
    void supplementaryCharsAreSurrogatePairs() {
        String emoji = new String(Character.toChars(0x1F600));
        encodes("06 3d d8 00 de", out -> out.writeString(emoji), ReadBuffer::readString, emoji);
    }

    @Test
    void loneSurrogatesSurvive() {
        encodes("04 00 d8", out -> out.writeString("\ud800"), ReadBuffer::readString, "\ud800");
        encodes("04 ff db", out -> out.writeString("\udbff"), ReadBuffer::readString, "\udbff");
        encodes("04 00 dc", out -> out.writeString("\udc00"), ReadBuffer::readString, "\udc00");
        encodes("08 61 00 00 dc 00 d8", out -> out.writeString("a\udc00\ud800"), ReadBuffer::readString, "a\udc00\ud800");
    }

    /** Header 127 is the last one-byte header: 63 Latin-1 chars. 63 UTF-16 chars already need 2 bytes. */
    @ParameterizedTest(name = "{0} chars")
    @ValueSource(ints = {62, 63, 64, 65, 8191, 8192, 8193})
    void headerLengthsAreExactAroundVarintBoundaries(int n) {
        String latin = "x".repeat(n);
        int latinHeader = WriteBuffer.varIntSize(((long) n << 1) + 1);
        roundTrip(latinHeader + n, out -> out.writeString(latin), ReadBuffer::readString, latin);
        String wide = "x".repeat(n - 1) + "€";
        int wideHeader = WriteBuffer.varIntSize(((long) n << 1) + 2);
        roundTrip(wideHeader + 2 * n, out -> out.writeString(wide), ReadBuffer::readString, wide);
        if (n == 63) {
            assertEquals(1, latinHeader);
            assertEquals(2, wideHeader, "the optimistic Latin-1 pass must cope with a longer UTF-16 header");
        }
    }

    @Test
    void aHundredThousandCharStringsRoundTrip() {
        Random random = new Random(42);
        StringBuilder latin = new StringBuilder();
        StringBuilder wide = new StringBuilder();
        StringBuilder any = new StringBuilder();
        for (int i = 0; i < 100_000; i++) {
            latin.append((char) random.nextInt(256));
            wide.append((char) (0x100 + random.nextInt(0xFF00)));
            any.append((char) random.nextInt(0x10000));
        }
        roundTrip(3 + 100_000, out -> out.writeString(latin.toString()), ReadBuffer::readString, latin.toString());
        roundTrip(3 + 200_000, out -> out.writeString(wide.toString()), ReadBuffer::readString, wide.toString());
        roundTrip(3 + 200_000, out -> out.writeString(any.toString()), ReadBuffer::readString, any.toString());
        String lateWide = "a".repeat(99_999) + "€";
        roundTrip(3 + 200_000, out -> out.writeString(lateWide), ReadBuffer::readString, lateWide);
    }

    /**
     * Strings that start a few bytes before the 8 KB staging area (stream and ByteBuffer writers) and read
     * window (stream and direct readers) end, so their header, Latin-1 bytes or UTF-16 chars (odd and even
     * offsets) straddle the boundary.
     */
    @Test
    void stringsThatCrossTheStagingBoundaryRoundTrip() {
        String[] strings = {"hello, world", "h€llo, wörld", "\ud83d\ude00\ud83d\ude00", "x".repeat(300), "€".repeat(300)};
        for (int pad = 8170; pad <= 8195; pad++) {
            byte[] padding = new byte[pad];
            for (String s : strings) {
                int length = pad + twiceSize(s);
                roundTrip(length, out -> {
                    out.writeBytes(padding, 0, padding.length);
                    out.writeString(s);
                    out.writeString(s);
                }, in -> {
                    in.readBytes(new byte[padding.length], 0, padding.length);
                    String first = in.readString();
                    assertEquals(s, first);
                    return in.readString();
                }, s);
            }
        }
    }

    /** The encoded size of a string written twice. */
    private static int twiceSize(String s) {
        WriteBuffer b = new WriteBuffer();
        b.writeString(s);
        b.writeString(s);
        return (int) b.position();
    }

    @Test
    void manyStringsInARowThroughEveryBackend() {
        Random random = new Random(7);
        String[] strings = new String[2000];
        for (int i = 0; i < strings.length; i++) {
            StringBuilder sb = new StringBuilder();
            int n = random.nextInt(40);
            int bound = random.nextBoolean() ? 256 : 0x10000;
            for (int k = 0; k < n; k++) {
                sb.append((char) random.nextInt(bound));
            }
            strings[i] = i % 97 == 0 ? null : sb.toString();
        }
        WriteBuffer probe = new WriteBuffer();
        for (String s : strings) {
            probe.writeString(s);
        }
        roundTrip((int) probe.position(), out -> {
            for (String s : strings) {
                out.writeString(s);
            }
        }, in -> {
            String[] back = new String[strings.length];
            for (int i = 0; i < back.length; i++) {
                back[i] = in.readString();
            }
            return back;
        }, strings);
    }

    @Test
    void aStringHeaderLongerThanTheInputIsRejectedWithItsOffset() {
        // header ff ff ff 7f = 2^28-1: Latin-1, 2^27-1 chars, but only two bytes follow
        rejectedAt(1, 7, hex("00 ff ff ff 7f 61 62"), in -> {
            in.readByte();
            in.readString();
        });
        // UTF-16 header 2^28-2 after one byte
        rejectedAt(1, 7, hex("00 fe ff ff 7f 61 00"), in -> {
            in.readByte();
            in.readString();
        });
    }

    @Test
    void aStringHeaderBeyondTheIntRangeIsRejected() {
        rejectedAt(0, hex("ff ff ff ff 0f 61"), ReadBuffer::readString);
    }
}
