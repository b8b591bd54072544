package dev.blit.bench.report;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.blit.bench.report.TableTest.NA;
import static dev.blit.bench.report.TableTest.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link TextReport}: the console and Markdown tables and the notes under them. */
class TextReportTest {
    static final Environment ENV = new Environment("quick: test & <mode>");

    /** @return the Markdown table under {@code ## title}, one map of column header to cell per row */
    static List<Map<String, String>> markdownTable(String markdown, String title) {
        List<String> lines = Arrays.asList(markdown.split("\n"));
        int at = lines.indexOf("## " + title);
        assertTrue(at >= 0, "no table " + title + " in\n" + markdown);
        List<String[]> cells = new ArrayList<>();
        for (int i = at + 2; i < lines.size() && lines.get(i).startsWith("|"); i++) {
            String line = lines.get(i);
            cells.add(line.substring(2, line.length() - 2).split(" \\| ", -1));
        }
        List<Map<String, String>> out = new ArrayList<>();
        for (String[] c : cells.subList(2, cells.size())) { // after the header and the alignment line
            Map<String, String> m = new LinkedHashMap<>();
            for (int i = 0; i < c.length; i++) {
                m.put(cells.get(0)[i], c[i]);
            }
            out.add(m);
        }
        return out;
    }

    /** A table of writes only on Blit's side, with a C floor that has all three operations. */
    static Table writesOnly() {
        Table t = new Table("seed", "Seed");
        row(t, "blitGenerated", 10, NA, NA).bytes = 40;
        row(t, "kryo", 30, NA, NA).bytes = 60;
        row(t, "cFloor", 5, 6, 1).bytes = 40;
        return t;
    }

    @Test
    void theRatioColumnNamesTheOperationAndDividesItByBlitsSame() {
        List<Map<String, String>> rows = markdownTable(TextReport.markdown(List.of(writesOnly()), ENV), "Seed");
        assertEquals(List.of("#", "contender", "write ns", "read ns", "round trip ns", "write vs Blit", "bytes", "size vs Blit",
                "alloc B/rt"), List.copyOf(rows.get(0).keySet()));
        assertEquals("C floor (memcpy)", rows.get(0).get("contender"));
        assertEquals("0.50x", rows.get(0).get("write vs Blit"), "the floor's write over Blit's write, not its round trip (0.10x)");
        assertEquals("1.0", rows.get(0).get("round trip ns"));
        assertEquals("**Blit generated (reused buffers)**", rows.get(1).get("contender"));
        assertEquals("1.00x", rows.get(1).get("write vs Blit"));
        assertEquals("3.00x", rows.get(2).get("write vs Blit"));
        assertEquals("1.50x", rows.get(2).get("size vs Blit"));
        assertEquals("-", rows.get(2).get("read ns"));
        assertEquals(List.of("1", "2", "3"), rows.stream().map(r -> r.get("#")).toList());
    }

    @Test
    void aRoundTripTableSaysRtVsBlit() {
        Table t = new Table("x", "X");
        row(t, "blitGenerated", 10, 10, 20);
        row(t, "kryo", 1, 1, 50);
        List<Map<String, String>> rows = markdownTable(TextReport.markdown(List.of(t), ENV), "X");
        assertEquals("1.00x", rows.get(0).get("rt vs Blit"));
        assertEquals("2.50x", rows.get(1).get("rt vs Blit"));
        assertTrue(TextReport.notes(t).contains("Blit reference row: Blit generated (reused buffers), rank 1 of 2 by round trip."),
                TextReport.notes(t).toString());
    }

    @Test
    void theNoteSaysWhichOperationRanksTheTable() {
        List<String> notes = TextReport.notes(writesOnly());
        assertTrue(notes.contains("Blit reference row: Blit generated (reused buffers), rank 2 of 3 by write"
                + " (it has no round trip in this run)."), notes.toString());
        Table noBlit = new Table("x", "X");
        row(noBlit, "kryo", NA, 4, NA);
        assertTrue(TextReport.notes(noBlit).contains("Ranked by read (no Blit reference row in this run)."));
    }

    @Test
    void otherOperationsHaveColumnsOfTheirOwn() {
        Table t = new Table("x", "X");
        row(t, "blitGenerated", 10, 10, 20).other.put("copy", new double[] {1234.4, 1});
        row(t, "hand", NA, NA, NA).other.put("readInto", new double[] {12.34, NA});
        List<Map<String, String>> rows = markdownTable(TextReport.markdown(List.of(t), ENV), "X");
        assertEquals(List.of("#", "contender", "write ns", "read ns", "round trip ns", "copy ns", "readInto ns", "rt vs Blit",
                "bytes", "size vs Blit", "alloc B/rt"), List.copyOf(rows.get(0).keySet()));
        assertEquals("1,234", rows.get(0).get("copy ns"));
        assertEquals("-", rows.get(0).get("readInto ns"));
        assertEquals("hand", rows.get(1).get("contender"));
        assertEquals("12.3", rows.get(1).get("readInto ns"));
        assertEquals("-", rows.get(1).get("rt vs Blit"));
        String console = TextReport.console(List.of(t), ENV);
        assertTrue(console.lines().anyMatch(l -> l.contains("copy ns") && l.contains("readInto ns") && l.contains("rt vs Blit")), console);
    }

    @Test
    void aScoreWhoseErrorIsAboveAQuarterOfItIsMarked() {
        Table t = new Table("x", "X");
        Row blit = row(t, "blitGenerated", 100, 100, 200);
        blit.writeError = 25; // exactly a quarter: not marked
        blit.readError = 26;
        blit.roundTripError = 10;
        List<Map<String, String>> rows = markdownTable(TextReport.markdown(List.of(t), ENV), "X");
        assertEquals("100", rows.get(0).get("write ns"));
        assertEquals("100?", rows.get(0).get("read ns"));
        assertEquals("200", rows.get(0).get("round trip ns"));
        assertTrue(TextReport.notes(t).stream().anyMatch(n -> n.startsWith("?: JMH's 99.9% error is more than 25%")));

        blit.readError = 25;
        assertFalse(TextReport.notes(t).stream().anyMatch(n -> n.startsWith("?:")), "nothing is noisy");
        blit.other.put("copy", new double[] {8, 3});
        assertTrue(TextReport.notes(t).stream().anyMatch(n -> n.startsWith("?:")), "an other operation is noisy");
        assertEquals("8.0?", markdownTable(TextReport.markdown(List.of(t), ENV), "X").get(0).get("copy ns"));
    }

    @Test
    void aWorkloadNotRunIsListedWithItsReasonAndItsPendingContenders() {
        Tables tables = new Tables();
        tables.table("a", "Workload A");
        tables.pending("a", "kryo", "self-check FAILED: boom");
        tables.pending("a", "jdk", "self-check FAILED: boom");
        tables.pending("a", "cFloor", "no C compiler");
        tables.notRun("a", "every contender of the run was left out before timing");
        tables.table("b", "Workload B");
        tables.measured("b", "cFloor", "write", 1);
        List<Table> all = tables.all();

        String console = TextReport.console(all, ENV);
        assertTrue(console.contains("== Workload A ==\n"
                + "  Not run: every contender of the run was left out before timing.\n"
                + "  Not run: Kryo 5 (registered); JDK Serializable (self-check FAILED: boom).\n"
                + "  Not run: C floor (memcpy) (no C compiler).\n"), console);
        assertTrue(console.contains("== Workload B =="), console);

        String markdown = TextReport.markdown(all, ENV);
        assertTrue(markdown.contains("## Workload A\n\n- Not run: every contender of the run was left out before timing.\n"
                + "- Not run: Kryo 5 (registered); JDK Serializable (self-check FAILED: boom).\n"), markdown);
        assertEquals(1, markdownTable(markdown, "Workload B").size());
    }

    @Test
    void theConsoleTableIsAligned() {
        String console = TextReport.console(List.of(writesOnly()), ENV);
        List<String> lines = console.lines().dropWhile(l -> !l.equals("== Seed ==")).skip(1).limit(4).toList();
        assertTrue(lines.get(0).startsWith("#  contender"), console);
        assertEquals(1, lines.stream().mapToInt(String::length).distinct().count(), "every line as wide:\n" + console);
        assertTrue(lines.get(2).contains("* Blit generated (reused buffers)"), console);
    }

    @Test
    void numberFormats() {
        assertEquals("-", TextReport.nanos(NA));
        assertEquals("99.9", TextReport.nanos(99.94));
        assertEquals("1,234,567", TextReport.nanos(1234567.2));
        assertEquals("0.50x", TextReport.times(0.5));
        assertEquals("12.3x", TextReport.times(12.34));
        assertEquals("1,234x", TextReport.times(1234.4));
        assertEquals("-", TextReport.times(Double.POSITIVE_INFINITY));
    }

    @Test
    void sizesInTheNotesComeFromTheSelfCheckAlsoForAContenderNotMeasured() {
        Tables tables = new Tables();
        tables.table("order[lines=100]", "Order");
        tables.size("order[lines=100]", "blitGenerated", 40);
        tables.size("order[lines=100]", "kryo", 55); // self-checked, not measured in this (filtered) run
        tables.measured("order[lines=100]", "blitGenerated", "roundTrip", 10);
        tables.measured("order[lines=100]", "jdk", "roundTrip", 50);
        Table t = tables.all().get(0);
        List<String> notes = TextReport.notes(t);
        assertTrue(notes.contains("Fastest other contender (not Blit, not hand-written): JDK Serializable, 5.00x of Blit's round trip"
                + " (target: at least 1.30x); bytes: Blit 40, Kryo 55 (target: no larger than Kryo's; sizes from the self-check)."),
                notes.toString());
        assertEquals(List.of("blitGenerated", "jdk"), t.rows().stream().map(r -> r.contender).toList());
    }
}
