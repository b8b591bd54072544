package dev.blit.bench.report;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;

import static dev.blit.bench.report.TableTest.NA;
import static dev.blit.bench.report.TableTest.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link SvgChart}: chart.svg is well-formed XML whose bars are the tables' numbers. */
class SvgChartTest {
    private static final double PLOT_LEFT = 300;
    private static final double PLOT_WIDTH = 630;

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new InputSource(new StringReader(svg))); // throws if not well-formed
    }

    /** A bar: its tooltip and its width. */
    private record Bar(String title, double width) {
    }

    private static List<Bar> bars(Document doc) {
        List<Bar> out = new ArrayList<>();
        NodeList rects = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "rect");
        for (int i = 0; i < rects.getLength(); i++) {
            Element rect = (Element) rects.item(i);
            NodeList title = rect.getElementsByTagNameNS("http://www.w3.org/2000/svg", "title");
            if (title.getLength() == 1) {
                out.add(new Bar(title.item(0).getTextContent(), Double.parseDouble(rect.getAttribute("width"))));
            }
        }
        return out;
    }

    private static String texts(Document doc) {
        StringBuilder sb = new StringBuilder();
        NodeList texts = doc.getElementsByTagNameNS("http://www.w3.org/2000/svg", "text");
        for (int i = 0; i < texts.getLength(); i++) {
            sb.append(texts.item(i).getTextContent()).append('\n');
        }
        return sb.toString();
    }

    @Test
    void theBarsAreTheTablesNumbersInRankOrderOnOneLogAxis() throws Exception {
        Table a = new Table("order[lines=100]", "Order & <lines=100>");
        row(a, "kryo", 30, 40, 2000);
        row(a, "blitGenerated", 10, 15, 25);
        a.row("blitGenerated").other.put("copy", new double[] {5, NA});
        Table b = TextReportTest.writesOnly(); // 10, 30 and the floor's 5, 6, 1
        Document doc = parse(SvgChart.svg(List.of(a, b), TextReportTest.ENV));

        List<Bar> bars = bars(doc);
        List<String> expected = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (Table t : List.of(a, b)) {
            for (Row r : t.rows()) {
                String[] ops = {"write", "read", "roundTrip"};
                String[] labels = {"write", "read", "round trip"};
                for (int i = 0; i < 3; i++) {
                    if (!Double.isNaN(r.time(ops[i]))) {
                        expected.add(r.label + " " + labels[i] + ": " + TextReport.nanos(r.time(ops[i])) + " ns");
                        values.add(r.time(ops[i]));
                    }
                }
            }
        }
        assertEquals(expected, bars.stream().map(Bar::title).toList());
        // one axis for every workload: from the decade below the fastest time (1 ns) to the one above the slowest (2,000)
        int lo = 0;
        int hi = 4;
        for (int i = 0; i < values.size(); i++) {
            double w = Math.max(1, (Math.log10(values.get(i)) - lo) / (hi - lo) * PLOT_WIDTH);
            assertEquals(w, bars.get(i).width(), 0.051, bars.get(i).title());
        }
        String texts = texts(doc);
        assertTrue(texts.contains("Order & <lines=100>"), texts);
        assertTrue(texts.contains(TextReportTest.ENV.mode), texts);
        assertTrue(texts.contains("are not drawn: see report.md"), "copy is not drawn, and the chart says so");
        assertTrue(texts.contains("1 ns\n") && texts.contains("10 µs\n"), texts);
    }

    @Test
    void withoutOtherOperationsNoNoteAboutThem() throws Exception {
        Document doc = parse(SvgChart.svg(List.of(TextReportTest.writesOnly()), TextReportTest.ENV));
        assertFalse(texts(doc).contains("not drawn"));
        assertEquals(5, bars(doc).size());
        assertTrue(bars(doc).stream().allMatch(bar -> bar.width() >= 1 && bar.width() <= PLOT_WIDTH));
    }

    @Test
    void anEmptyChartIsStillWellFormed() throws Exception {
        Document doc = parse(SvgChart.svg(List.of(), TextReportTest.ENV));
        assertEquals("svg", doc.getDocumentElement().getLocalName());
        assertEquals(0, bars(doc).size());
    }

    @Test
    void longLabelsLoseTheirParenthetical() {
        assertEquals("Blit generated, classes unregistered, written by name",
                SvgChart.shortLabel("Blit generated, classes unregistered, written by name (allowClassNames; reused buffers)"));
        assertEquals("Blit generated (reused buffers)", SvgChart.shortLabel("Blit generated (reused buffers)"));
    }
}
