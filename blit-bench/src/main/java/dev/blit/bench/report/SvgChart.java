package dev.blit.bench.report;

import java.util.List;
import java.util.Locale;

/**
 * {@code chart.svg}, written by hand: per workload, three horizontal bars per contender (write, read,
 * round trip) on one logarithmic ns axis shared by every workload, Blit's rows on a tinted band. Other
 * operations (methods such as {@code blitCopy}) are in the tables, not here; the chart says so when there are any.
 */
public final class SvgChart {
    private static final int WIDTH = 1000;
    private static final int LABEL_RIGHT = 290;
    private static final int PLOT_LEFT = 300;
    private static final int PLOT_RIGHT = 930;
    private static final int BAR = 7;
    private static final int ROW = 3 * (BAR + 1) + 8;
    private static final String[] OPS = {"write", "read", "roundTrip"};
    private static final String[] OP_LABELS = {"write", "read", "round trip"};
    private static final String[] COLORS = {"#4e79a7", "#f28e2b", "#59a14f"};

    private SvgChart() {
    }

    /** @return the SVG document */
    public static String svg(List<Table> tables, Environment env) {
        double min = Double.MAX_VALUE;
        double max = 0;
        int rows = 0;
        for (Table t : tables) {
            for (Row r : t.rows()) {
                rows++;
                for (String op : OPS) {
                    double v = r.time(op);
                    if (!Double.isNaN(v) && v > 0) {
                        min = Math.min(min, v);
                        max = Math.max(max, v);
                    }
                }
            }
        }
        if (max == 0) {
            min = 1;
            max = 10;
        }
        int lo = (int) Math.floor(Math.log10(min));
        int hi = (int) Math.ceil(Math.log10(max));
        if (hi == lo) {
            hi++;
        }
        int height = 100 + tables.size() * 50 + rows * ROW + 20;
        StringBuilder sb = new StringBuilder();
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(WIDTH).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(WIDTH).append(' ').append(height)
                .append("\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n");
        sb.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        text(sb, 20, 28, "Blit and its peers: ns per operation, log scale (lower is better)", "font-size=\"17\" font-weight=\"bold\"");
        text(sb, 20, 46, env.summary(), "font-size=\"11\" fill=\"#555\"");
        text(sb, 20, 60, env.mode, "font-size=\"11\" fill=\"#555\"");
        for (int i = 0; i < OPS.length; i++) {
            int x = PLOT_LEFT + i * 120;
            sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"72\" width=\"14\" height=\"10\" fill=\"%s\"/>\n", x, COLORS[i]));
            text(sb, x + 20, 81, OP_LABELS[i], "");
        }
        text(sb, PLOT_LEFT + 3 * 120, 81, "bold, tinted: Blit", "font-weight=\"bold\"");
        if (tables.stream().anyMatch(t -> !t.otherOperations().isEmpty())) {
            text(sb, 20, 94, "Operations other than write, read and round trip (e.g. copy, readInto) are not drawn: see report.md.",
                    "font-size=\"11\" fill=\"#555\"");
        }
        int y = 100;
        for (Table t : tables) {
            y += 22;
            text(sb, 20, y, t.title, "font-size=\"14\" font-weight=\"bold\"");
            y += 10;
            int top = y;
            int bottom = y + t.rows().size() * ROW;
            for (int d = lo; d <= hi; d++) {
                double x = x(Math.pow(10, d), lo, hi);
                sb.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", x, top, x, bottom));
                text(sb, x, bottom + 12, decade(d), "font-size=\"10\" fill=\"#777\" text-anchor=\"middle\"");
            }
            for (Row r : t.rows()) {
                if (r.blit) {
                    sb.append(String.format(Locale.ROOT, "<rect x=\"10\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#fff4cc\"/>\n",
                            y + 1, WIDTH - 20, ROW - 2));
                }
                text(sb, LABEL_RIGHT, y + ROW / 2 + 4, shortLabel(r.label), "text-anchor=\"end\"" + (r.blit ? " font-weight=\"bold\"" : ""));
                for (int i = 0; i < OPS.length; i++) {
                    double v = r.time(OPS[i]);
                    int by = y + 4 + i * (BAR + 1);
                    if (Double.isNaN(v) || v <= 0) {
                        continue;
                    }
                    double w = Math.max(1, x(v, lo, hi) - PLOT_LEFT);
                    sb.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>%s %s: %s ns</title></rect>\n",
                            PLOT_LEFT, by, w, BAR, COLORS[i], escape(r.label), OP_LABELS[i], TextReport.nanos(v)));
                    text(sb, PLOT_LEFT + w + 3, by + BAR, TextReport.nanos(v), "font-size=\"8\" fill=\"#333\"");
                }
                y += ROW;
            }
            y += 18;
        }
        sb.append("</svg>\n");
        return sb.toString();
    }

    private static double x(double v, int lo, int hi) {
        double f = (Math.log10(v) - lo) / (hi - lo);
        return PLOT_LEFT + Math.max(0, Math.min(1, f)) * (PLOT_RIGHT - PLOT_LEFT);
    }

    private static String decade(int d) {
        double v = Math.pow(10, d);
        if (v >= 1_000_000) {
            return (long) (v / 1_000_000) + " ms";
        }
        if (v >= 1000) {
            return (long) (v / 1000) + " µs";
        }
        return (v >= 1 ? String.valueOf((long) v) : String.valueOf(v)) + " ns";
    }

    private static void text(StringBuilder sb, double x, double y, String s, String attributes) {
        sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\"%s>%s</text>\n", x, y,
                attributes.isEmpty() ? "" : " " + attributes, escape(s)));
    }

    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /**
     * A label that fits the label column (about 44 characters at this font): a long one loses its parenthetical,
     * which the tables keep.
     */
    static String shortLabel(String label) {
        int paren = label.indexOf(" (");
        return label.length() > 40 && paren > 0 ? label.substring(0, paren) : label;
    }
}
