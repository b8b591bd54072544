package dev.blit.bench.report;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Table}: one ranking operation per table, ratios of the same operation in both rows. */
class TableTest {
    static final double NA = Double.NaN;

    /** A row with the given times (NaN: not measured) and no errors. */
    static Row row(Table t, String contender, double write, double read, double roundTrip) {
        Row r = t.row(contender);
        r.write = write;
        r.read = read;
        r.roundTrip = roundTrip;
        return r;
    }

    static List<String> order(Table t) {
        return t.rows().stream().map(r -> r.contender).toList();
    }

    @Test
    void rankedByRoundTripWhenBlitHasOneRowsWithoutItLast() {
        Table t = new Table("seed", "Seed");
        row(t, "kryo", 1, 1, 40);
        row(t, "blitGenerated", 10, 10, 20);
        row(t, "jdk", 0.5, 0.5, NA); // fastest write and read, no round trip
        row(t, "cFloor", 3, 4, 8);
        assertEquals("roundTrip", t.rankOperation());
        assertEquals(List.of("cFloor", "blitGenerated", "kryo", "jdk"), order(t));
        assertEquals("blitGenerated", t.blitReference().contender);
        assertEquals(2.0, Table.ratio(t.find("kryo"), t.blitReference(), "roundTrip"));
        assertTrue(Double.isNaN(Table.ratio(t.find("jdk"), t.blitReference(), "roundTrip")));
    }

    @Test
    void aTableWhoseBlitRowHasOnlyWritesIsRankedByWrite() {
        Table t = new Table("seed", "Seed");
        row(t, "blitGenerated", 10, NA, NA);
        row(t, "kryo", 30, NA, NA);
        row(t, "cFloor", 5, 6, 1); // the floor's round trip would rank it first, and its ratio would be 0.1x
        assertEquals("write", t.rankOperation());
        assertEquals(List.of("cFloor", "blitGenerated", "kryo"), order(t));
        Row blit = t.blitReference();
        assertEquals(0.5, Table.ratio(t.find("cFloor"), blit, t.rankOperation()), "write over write");
        assertEquals(3.0, Table.ratio(t.find("kryo"), blit, t.rankOperation()));
    }

    @Test
    void blitsReadThenAnOtherOperationWhenItHasNeitherRoundTripNorWrite() {
        Table t = new Table("x", "X");
        row(t, "blitGenerated", NA, 7, NA);
        row(t, "kryo", 1, 9, 2);
        assertEquals("read", t.rankOperation());
        assertEquals(List.of("blitGenerated", "kryo"), order(t));

        Table u = new Table("y", "Y");
        u.row("blitGenerated").other.put("copy", new double[] {4, NA});
        row(u, "kryo", 1, 1, 1);
        u.row("kryo").other.put("copy", new double[] {2, NA});
        assertEquals("copy", u.rankOperation());
        assertEquals(List.of("kryo", "blitGenerated"), order(u));
    }

    @Test
    void withoutABlitRowTheOperationMostRowsMeasured() {
        Table t = new Table("x", "X");
        row(t, "kryo", 5, NA, NA);
        row(t, "jdk", 3, NA, NA);
        row(t, "cFloor", 9, 9, 1);
        assertNull(t.blitReference());
        assertEquals("write", t.rankOperation());
        assertEquals(List.of("jdk", "kryo", "cFloor"), order(t));

        Table tie = new Table("y", "Y");
        row(tie, "kryo", 5, 5, NA);
        row(tie, "jdk", NA, NA, 3);
        row(tie, "cFloor", NA, 1, 2);
        assertEquals("roundTrip", tie.rankOperation(), "a tie goes to round trip, then write, then read");
    }

    @Test
    void theBlitReferenceIsTheFirstBlitReferenceContenderMeasured() {
        Table t = new Table("x", "X");
        row(t, "blitBuffer", 1, 1, 1);
        row(t, "blitToBytes", 2, 2, 2);
        assertEquals("blitBuffer", t.blitReference().contender, "blitToBytes is no reference");
        row(t, "blitGenerated", 3, 3, 3);
        assertEquals("blitGenerated", t.blitReference().contender);
        t.row("blitConsistent").bytes = 10; // a size only: not measured, not a reference
        assertEquals("blitGenerated", t.blitReference().contender);
    }

    @Test
    void tiesKeepTheContendersOrder() {
        Table t = new Table("x", "X");
        row(t, "jdk", NA, NA, 5);
        row(t, "kryo", NA, NA, 5);
        row(t, "blitGenerated", NA, NA, 5);
        assertEquals(List.of("blitGenerated", "kryo", "jdk"), order(t));
    }

    @Test
    void operationNames() {
        assertEquals("rt", Table.shortName("roundTrip"));
        assertEquals("write", Table.shortName("write"));
        assertEquals("round trip", Table.prose("roundTrip"));
        assertEquals("copy", Table.prose("copy"));
        assertTrue(Double.isNaN(Table.ratio(null, new Row("a", "a", false), "write")));
    }
}
