package dev.blit.bench.report;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link Tables}: JMH results and plain numbers into rows, units, medians, sizes, pending and not-run workloads. */
class TablesTest {
    private static final String CLASS = "dev.blit.bench.x.SomeBenchmark";
    private static final String ID = "SomeBenchmark";

    private static Tables add(Measurement... results) {
        Tables tables = new Tables();
        tables.addAll(List.of(results), JmhResults::id);
        return tables;
    }

    private static Table only(Tables tables) {
        assertEquals(1, tables.all().size());
        return tables.all().get(0);
    }

    @Test
    void medianOfAnOddNumberOfIterationsIsTheMiddleOne() {
        // mean 35, median 11: one slow iteration moves the mean, not the median
        Row r = only(add(JmhResults.average(CLASS, "kryoRoundTrip", TimeUnit.NANOSECONDS, Double.NaN, 10, 84, 11))).find("kryo");
        assertEquals(11, r.roundTrip(), 1e-9);
    }

    @Test
    void medianOfAnEvenNumberOfIterationsIsTheMeanOfTheMiddleTwo() {
        Row r = only(add(JmhResults.average(CLASS, "kryoWrite", TimeUnit.NANOSECONDS, Double.NaN, 100, 10, 30, 20))).find("kryo");
        assertEquals(25, r.write(), 1e-9);
    }

    @Test
    void medianOfNoIterationsIsTheFallback() {
        assertEquals(7.5, Tables.medianOfScores(List.of(), 7.5));
    }

    @Test
    void microsecondsPerOpAreConvertedToNanoseconds() {
        Measurement us = JmhResults.average(CLASS, "blitLogRead", TimeUnit.MICROSECONDS, Double.NaN, 2.0, 2.5, 3.0);
        assertEquals("us/op", us.scoreUnit());
        Row r = only(add(us)).find("blitLog");
        assertEquals(2500, r.read(), 1e-6);
        assertEquals(us.error() * 1000, r.error("read"), 1e-6);
        assertEquals(1, Tables.nanosPer("ns/op"));
        assertEquals(1e3, Tables.nanosPer("us/op"));
        assertEquals(1e6, Tables.nanosPer("ms/op"));
        assertEquals(1e9, Tables.nanosPer("s/op"));
    }

    @Test
    void aMethodNotNamedWriteReadOrRoundTripIsAnOperationColumnOfItsOwn() {
        Tables tables = add(
                JmhResults.average(CLASS, "blitGeneratedRoundTrip", TimeUnit.NANOSECONDS, Double.NaN, 50, 50, 50),
                JmhResults.average(CLASS, "blitGeneratedCopy", TimeUnit.NANOSECONDS, Double.NaN, 30, 31, 32),
                JmhResults.average(CLASS, "handReadInto", TimeUnit.MICROSECONDS, Double.NaN, 0.04, 0.04, 0.04));
        Table t = only(tables);
        assertEquals(List.of("copy", "readInto"), t.otherOperations());
        Row blit = t.find("blitGenerated");
        assertEquals(50, blit.roundTrip(), 1e-9);
        assertEquals(31, blit.time("copy"), 1e-9);
        assertEquals(Map.of("copy", 31.0), blit.other());
        Row hand = t.find("hand");
        assertNotNull(hand, "handReadInto has a row of its own");
        assertEquals(40, hand.time("readInto"), 1e-6);
        assertTrue(Double.isNaN(hand.roundTrip()));
        assertEquals(2, t.rows().size());
    }

    @Test
    void allocationComesFromTheRoundTripsGcProfile() {
        Row r = only(add(JmhResults.average(CLASS, "kryoRoundTrip", TimeUnit.NANOSECONDS, 96, 10, 10, 10))).find("kryo");
        assertEquals(96, r.alloc(), 1e-9);
    }

    @Test
    void singleShotTimesAreAMillisecondTableRankedByCreationOrderOfContenders() {
        Table t = only(add(JmhResults.singleShot(CLASS, "warmBuild", 2, 3, 4),
                JmhResults.singleShot(CLASS, "coldBuild", 40, 30, 35, 45)));
        assertTrue(t.millis());
        assertEquals("roundTrip", t.rankOperation());
        assertEquals(List.of("coldBuild", "warmBuild"), t.rows().stream().map(r -> r.contender).toList());
        assertEquals(37.5, t.find("coldBuild").roundTrip(), 1e-9, "median of the shots, in ms");
        assertEquals(3, t.find("warmBuild").roundTrip(), 1e-9);
    }

    @Test
    void measuredOutsideJmhAndSizesFromTheSelfCheck() {
        Tables tables = new Tables();
        tables.table("seed", "Seed");
        tables.measured("seed", "cFloor", "write", 3);
        tables.measured("seed", "cFloor", "read", 4);
        tables.measured("seed", "cFloor", "roundTrip", 8);
        tables.size("seed", "cFloor", 40);
        tables.size("seed", "kryo", 55); // a size for a contender this run did not measure
        tables.measured("nothing", "cFloor", "write", 1); // no such table: ignored
        Table t = only(tables);
        Row floor = t.find("cFloor");
        assertEquals(3, floor.write());
        assertEquals(4, floor.read());
        assertEquals(8, floor.roundTrip());
        assertEquals(40, floor.bytes());
        assertNull(t.find("kryo"), "a size alone is not a measured row");
        assertEquals(55, t.bytes("kryo"));
        assertEquals(-1, t.bytes("jdk"));
        assertEquals(1, t.rows().size());
        assertTrue(tables.hasRows("seed"));
        assertFalse(tables.hasRows("nothing"));
    }

    @Test
    void aWorkloadWithoutRowsIsListedAsNotRunWithItsFirstReason() {
        Tables tables = new Tables();
        tables.table("a", "A");
        tables.table("b", "B");
        tables.table("c", "C");
        tables.size("b", "kryo", 10); // sizes and pending contenders are not rows
        tables.pending("b", "kryo", "left out by --filter");
        tables.notRun("b", "every contender was left out before timing");
        tables.notRun("b", "a second reason");
        tables.measured("c", "cFloor", "write", 1);
        tables.notRun("c", "should be ignored: it has a row");
        List<Table> all = tables.all();
        assertEquals(List.of("b", "c"), all.stream().map(t -> t.id).toList(), "a: no rows and no reason, not listed");
        assertEquals("every contender was left out before timing", all.get(0).notRun());
        assertTrue(all.get(0).rows().isEmpty());
        assertEquals(Map.of("kryo", "left out by --filter"), all.get(0).pending());
        assertNull(all.get(1).notRun());
    }

    @Test
    void aReasonGivenBeforeTheWorkloadGotRowsIsNotShownOnceItHasThem() {
        Tables tables = new Tables();
        tables.table("a", "A");
        tables.notRun("a", "its setup failed");
        assertEquals("its setup failed", only(tables).notRun());
        tables.measured("a", "cFloor", "roundTrip", 2);
        assertNull(only(tables).notRun());
        assertTrue(TextReport.notes(only(tables)).stream().noneMatch(n -> n.contains("its setup failed")));
    }

    @Test
    void aResultOfAWorkloadWithoutATableGetsOneTitledWithItsKey() {
        Tables tables = add(JmhResults.average(CLASS, "kryoWrite", TimeUnit.NANOSECONDS, Double.NaN, 5));
        Table t = only(tables);
        assertEquals(ID, t.id);
        assertEquals(ID, t.title);
        assertTrue(Double.isNaN(t.find("kryo").error("write")), "one iteration has no error");
    }
}
