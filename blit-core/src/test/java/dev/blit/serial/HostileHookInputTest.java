package dev.blit.serial;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.util.HexFormat;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bytes no writer produces, fed to hook-serialized classes: each must end in a BlitException with an offset. */
class HostileHookInputTest {
    private static final Blit COW = Blit.builder()
            .register(CopyOnWriteArrayList.class, 100, JavaSerialization.create(CopyOnWriteArrayList.class, null))
            .build();

    private static byte[] bytes(String hex) {
        return HexFormat.ofDelimiter(" ").parseHex(hex);
    }

    private static BlitException rejected(Blit blit, String hex) {
        BlitException e = assertThrows(BlitException.class, () -> blit.fromBytes(bytes(hex)));
        assertTrue(e.getMessage().contains("offset"), e.getMessage());
        return e;
    }

    @Test
    void aValidCopyOnWriteArrayListHasThisLayout() {
        // 64 | 02: fields (none) | 06: 4 bytes: size 1 | 01: object 7 (svar 1) | 00
        assertEquals("64 02 06 01 00 00 00 01 07 02 00",
                HexFormat.ofDelimiter(" ").formatHex(COW.toBytes(new CopyOnWriteArrayList<>(new Object[]{1}))));
    }

    @Test
    void aHugeArrayLengthReadByAJdkHookIsRejectedBeforeAllocating() {
        // size 0x7fffffff: CopyOnWriteArrayList would allocate a 2^31 element array for it
        BlitException e = rejected(COW, "64 02 06 ff ff ff 7f 00");
        assertTrue(e.getMessage().contains(CopyOnWriteArrayList.class.getName()), e.getMessage());
    }

    @Test
    void aNegativeArrayLengthIsRejected() {
        rejected(COW, "64 02 06 ff ff ff ff 00");
    }

    @Test
    void aDataBlockLongerThanTheInputIsRejected() {
        rejected(COW, "64 02 ff ff ff ff 0f 01 00 00 00");
    }

    @Test
    void aSectionWithoutItsEndIsRejected() {
        rejected(COW, "64 02 06 00 00 00 00");
    }

    @Test
    void fewerElementsThanTheSizeSaysAreRejected() {
        rejected(COW, "64 02 06 02 00 00 00 01 07 02 00");
    }

    @Test
    void anIntSplitAcrossTwoBlocksIsRejected() {
        rejected(COW, "64 02 04 01 00 04 00 00 00");
    }

    @Test
    void aTruncatedStreamIsRejected() {
        byte[] b = bytes("64 02 06 01 00 00 00 01 07 02 00");
        for (int cut = 0; cut < b.length; cut++) {
            byte[] prefix = java.util.Arrays.copyOf(b, cut);
            assertThrows(BlitException.class, () -> COW.read(ReadBuffer.of(new ByteArrayInputStream(prefix))));
        }
    }

    @Test
    void anInvalidReplacementFlagIsRejected() {
        Blit blit = Blit.builder()
                .register(HookSerializationTest.Money.class, 100,
                        JavaSerialization.create(HookSerializationTest.Money.class, null))
                .build();
        BlitException e = rejected(blit, "64 02");
        assertTrue(e.getMessage().contains("replacement flag"), e.getMessage());
    }

    @Test
    void aValueOfTheWrongTypeForAFieldIsRejectedWithTheFieldName() {
        Blit blit = Blit.builder()
                .register(HookSerializationTest.Point.class, 100,
                        JavaSerialization.create(HookSerializationTest.Point.class, null))
                .build();
        // label holds an Integer (07 02) instead of a String
        BlitException e = rejected(blit, "64 02 07 02 0a 06 9b 00 00 00 00");
        assertTrue(e.getMessage().contains("label"), e.getMessage());
    }
}
