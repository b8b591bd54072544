package dev.blit.compat;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The marker entry of compatible mode's field tables (FORMAT.md, "Compatible mode"): an empty name and code 11
 * first in an exception's table (its message, cause, stack trace and suppressed exceptions come there), 12 or 13
 * last in the table of a collection or map of the user's (its elements or entries follow its fields), none in a
 * plain class's. A reader without the class (the dump) follows the content by it; a reader with the class
 * refuses a table whose marker is not its class's, missing, of another kind or elsewhere, with the offset.
 */
class TableMarkerTest {
    /** A list of the user's with a field of its own. */
    static final class Bag extends ArrayList<Object> {
        int n;
    }

    /** A map of the user's without fields of its own: its table is the marker alone. */
    static final class Index extends TreeMap<String, Object> {
    }

    record Pt(int x) {
    }

    private static final Blit BLIT = Blit.builder().compatible(true).register(Bag.class, 100).register(Index.class, 101)
            .register(Pt.class, 102).register(IllegalStateException.class, 103).build();
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ");

    @Test
    void eachKindOfClassWritesItsMarkerWhereItsContentSaysAndReadsBack() {
        Bag bag = new Bag();
        bag.n = 1;
        bag.add("x");
        // tag 100, table (6 bytes: 2 entries, "n" int, the elements marker ""/12), n = 1, 1 element: "x"
        assertEquals("64 06 02 03 6e 05 01 0c 02 01 0b 03 78", HEX.formatHex(BLIT.toBytes(bag)));
        Index index = new Index();
        index.put("k", 7);
        // tag 101, table (3 bytes: the entries marker alone), 1 entry: "k" -> 7
        assertEquals("65 03 01 01 0d 01 0b 03 6b 07 0e", HEX.formatHex(BLIT.toBytes(index)));
        // a plain class: no marker
        assertEquals("66 04 01 03 78 05 0e", HEX.formatHex(BLIT.toBytes(new Pt(7))));
        IllegalStateException e = new IllegalStateException("m");
        e.setStackTrace(new StackTraceElement[0]);
        // tag 103, table (3 bytes: the exception marker alone), message "m", no cause, frames or suppressed
        assertEquals("67 03 01 01 0b 03 6d 00 00 00", HEX.formatHex(BLIT.toBytes(e)));
        Bag back = RoundTrip.roundTrip(BLIT, bag, 13, (a, b) -> a.equals(b) && ((Bag) b).n == 1);
        assertEquals(1, back.n);
        RoundTrip.roundTrip(BLIT, index, 11);
    }

    @Test
    void aTableWhoseMarkerIsNotItsClasssIsRefusedWithItsOffset() {
        String[][] cases = {
                // Bag: no marker; the entries marker; the elements marker first
                {"64 04 01 03 6e 05 02 01 0b 03 78", "no elements marker, which this class's table has"},
                {"64 06 02 03 6e 05 01 0d 02 00", "entries marker at offset 4 (entry 1), where this class's table has"
                        + " elements as entry 1"},
                {"64 06 02 01 0c 03 6e 05 02 01 0b 03 78", "elements marker at offset 1 (entry 0), where this class's"
                        + " table has elements as entry 1"},
                // Index: the elements marker
                {"65 03 01 01 0c 00", "elements marker at offset 1 (entry 0), where this class's table has entries"},
                // Pt: any marker
                {"66 06 02 03 78 05 01 0c 0e", "elements marker at offset 4 (entry 1), where this class's table has none"},
                {"66 06 02 01 0b 03 78 05 0e", "exception marker at offset 1 (entry 0), where this class's table has none"},
                // Pt: a class written by its own code (an enum's, a Marshallable's or a user serializer's table) where
                // the reader's is written field by field
                {"66 03 01 01 0f 0e", "own serializer marker at offset 1 (entry 0), where this class's table has none"},
                {"66 03 01 01 0e 00", "enum marker at offset 1 (entry 0), where this class's table has none"},
                // IllegalStateException: none, as before markers (01 00); one after a field
                {"67 01 00 03 6d 00 00 00", "no exception marker, which this class's table has"},
                {"67 06 02 03 78 05 01 0b 03 6d 00 00 00", "exception marker at offset 4 (entry 1)"},
                // an empty name with a field's code, a marker's code with a name
                {"66 03 01 01 05 0e", "invalid field entry at offset 1"},
                {"66 04 01 03 78 0b 0e", "invalid field entry at offset 1"},
        };
        for (String[] c : cases) {
            BlitException e = assertThrows(BlitException.class, () -> BLIT.fromBytes(HEX.parseHex(c[0])), c[0]);
            assertTrue(e.getMessage().contains(c[1]) && e.getMessage().contains("malformed field table of"),
                    c[0] + ": " + e.getMessage());
        }
    }
}
