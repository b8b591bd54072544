package dev.blit.compat;

import dev.blit.Blit;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** More compatible classes than the write session's 64-bit fast set: every one still gets exactly one table. */
class ManyClassesTest {
    record C0(int v0) {
    }

    record C1(int v1) {
    }

    record C2(int v2) {
    }

    record C3(int v3) {
    }

    record C4(int v4) {
    }

    record C5(int v5) {
    }

    record C6(int v6) {
    }

    record C7(int v7) {
    }

    record C8(int v8) {
    }

    record C9(int v9) {
    }

    record C10(int v10) {
    }

    record C11(int v11) {
    }

    record C12(int v12) {
    }

    record C13(int v13) {
    }

    record C14(int v14) {
    }

    record C15(int v15) {
    }

    record C16(int v16) {
    }

    record C17(int v17) {
    }

    record C18(int v18) {
    }

    record C19(int v19) {
    }

    record C20(int v20) {
    }

    record C21(int v21) {
    }

    record C22(int v22) {
    }

    record C23(int v23) {
    }

    record C24(int v24) {
    }

    record C25(int v25) {
    }

    record C26(int v26) {
    }

    record C27(int v27) {
    }

    record C28(int v28) {
    }

    record C29(int v29) {
    }

    record C30(int v30) {
    }

    record C31(int v31) {
    }

    record C32(int v32) {
    }

    record C33(int v33) {
    }

    record C34(int v34) {
    }

    record C35(int v35) {
    }

    record C36(int v36) {
    }

    record C37(int v37) {
    }

    record C38(int v38) {
    }

    record C39(int v39) {
    }

    record C40(int v40) {
    }

    record C41(int v41) {
    }

    record C42(int v42) {
    }

    record C43(int v43) {
    }

    record C44(int v44) {
    }

    record C45(int v45) {
    }

    record C46(int v46) {
    }

    record C47(int v47) {
    }

    record C48(int v48) {
    }

    record C49(int v49) {
    }

    record C50(int v50) {
    }

    record C51(int v51) {
    }

    record C52(int v52) {
    }

    record C53(int v53) {
    }

    record C54(int v54) {
    }

    record C55(int v55) {
    }

    record C56(int v56) {
    }

    record C57(int v57) {
    }

    record C58(int v58) {
    }

    record C59(int v59) {
    }

    record C60(int v60) {
    }

    record C61(int v61) {
    }

    record C62(int v62) {
    }

    record C63(int v63) {
    }

    record C64(int v64) {
    }

    record C65(int v65) {
    }

    record C66(int v66) {
    }

    record C67(int v67) {
    }

    record C68(int v68) {
    }

    record C69(int v69) {
    }

    @Test
    void everyClassGetsOneTablePerMessage() {
        List<Class<?>> types = List.of(C0.class, C1.class, C2.class, C3.class, C4.class, C5.class, C6.class, C7.class, C8.class, C9.class, C10.class, C11.class, C12.class, C13.class, C14.class, C15.class, C16.class, C17.class, C18.class, C19.class, C20.class, C21.class, C22.class, C23.class, C24.class, C25.class, C26.class, C27.class, C28.class, C29.class, C30.class, C31.class, C32.class, C33.class, C34.class, C35.class, C36.class, C37.class, C38.class, C39.class, C40.class, C41.class, C42.class, C43.class, C44.class, C45.class, C46.class, C47.class, C48.class, C49.class, C50.class, C51.class, C52.class, C53.class, C54.class, C55.class, C56.class, C57.class, C58.class, C59.class, C60.class, C61.class, C62.class, C63.class, C64.class, C65.class, C66.class, C67.class, C68.class, C69.class);
        Blit.Builder b = Blit.builder().compatible(true);
        for (int i = 0; i < types.size(); i++) {
            b.register(types.get(i), 100 + i);
        }
        Blit blit = b.build();
        List<Object> values = new ArrayList<>(List.of(new C0(0), new C1(1), new C2(2), new C3(3), new C4(4), new C5(5), new C6(6), new C7(7), new C8(8), new C9(9), new C10(10), new C11(11), new C12(12), new C13(13), new C14(14), new C15(15), new C16(16), new C17(17), new C18(18), new C19(19), new C20(20), new C21(21), new C22(22), new C23(23), new C24(24), new C25(25), new C26(26), new C27(27), new C28(28), new C29(29), new C30(30), new C31(31), new C32(32), new C33(33), new C34(34), new C35(35), new C36(36), new C37(37), new C38(38), new C39(39), new C40(40), new C41(41), new C42(42), new C43(43), new C44(44), new C45(45), new C46(46), new C47(47), new C48(48), new C49(49), new C50(50), new C51(51), new C52(52), new C53(53), new C54(54), new C55(55), new C56(56), new C57(57), new C58(58), new C59(59), new C60(60), new C61(61), new C62(62), new C63(63), new C64(64), new C65(65), new C66(66), new C67(67), new C68(68), new C69(69)));
        int once = blit.toBytes(values).length;
        List<Object> twice = new ArrayList<>(values);
        twice.addAll(values);
        int secondHalf = 0;
        for (Object v : values) {
            int id = 100 + types.indexOf(v.getClass());
            int value = types.indexOf(v.getClass()); // C<i> holds i
            // the tag (1 or 2 bytes) and the svar of the one int, no table
            secondHalf += (id < 128 ? 1 : 2) + (value < 64 ? 1 : 2);
        }
        int doubled = blit.toBytes(twice).length;
        assertEquals(once + 1 + secondHalf, doubled); // + 1: the list's count, 140, takes two bytes
        RoundTrip.roundTrip(blit, twice, doubled);
    }
}
