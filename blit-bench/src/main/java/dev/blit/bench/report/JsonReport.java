package dev.blit.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code results.json}: the environment, a summary per workload (the same numbers as the tables) and,
 * under {@code "jmh"}, JMH's own JSON results untouched. Per workload, {@code rankedBy} names the operation its
 * rows are ranked by, each row's {@code vsBlit} divides its time for that operation by the Blit reference row's,
 * {@code roundTripVsBlit} divides round trip by round trip (null when either has none), {@code other} holds the
 * operations of methods not named write, read or round trip, and {@code notRun} says why a workload has no rows.
 */
public final class JsonReport {
    private JsonReport() {
    }

    /**
     * @param tables  the summaries
     * @param env     the environment
     * @param rawJmh  JMH's JSON output (an array), or null
     * @return the document
     */
    public static String json(List<Table> tables, Environment env, String rawJmh) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\n");
        sb.append("  \"date\": ").append(str(env.date)).append(",\n");
        sb.append("  \"jdk\": ").append(str(env.jdk)).append(",\n");
        sb.append("  \"os\": ").append(str(env.os)).append(",\n");
        sb.append("  \"cpu\": ").append(str(env.cpu)).append(",\n");
        sb.append("  \"cores\": ").append(env.cores).append(",\n");
        sb.append("  \"mode\": ").append(str(env.mode)).append(",\n");
        sb.append("  \"unit\": \"ns/op\",\n");
        sb.append("  \"statistic\": \"median of the measurement iterations (JMH's mean and error are under jmh)\",\n");
        sb.append("  \"workloads\": [");
        for (int i = 0; i < tables.size(); i++) {
            Table t = tables.get(i);
            Row blit = t.blitReference();
            String op = t.rankOperation();
            sb.append(i == 0 ? "\n" : ",\n");
            sb.append("    {\"id\": ").append(str(t.id)).append(", \"title\": ").append(str(t.title))
                    .append(", \"blitReference\": ").append(blit == null ? "null" : str(blit.contender))
                    .append(", \"unit\": ").append(t.millis() ? "\"ms (single shot, in roundTrip)\"" : "\"ns/op\"")
                    .append(", \"rankedBy\": ").append(op == null ? "null" : str(op))
                    .append(", \"notRun\": ").append(t.notRun() == null ? "null" : str(t.notRun())).append(",\n");
            sb.append("     \"rows\": [");
            List<Row> rows = t.rows();
            for (int j = 0; j < rows.size(); j++) {
                Row r = rows.get(j);
                sb.append(j == 0 ? "\n" : ",\n");
                sb.append("       {\"rank\": ").append(j + 1)
                        .append(", \"contender\": ").append(str(r.contender))
                        .append(", \"label\": ").append(str(r.label))
                        .append(", \"blit\": ").append(r.blit)
                        .append(", \"write\": ").append(num(r.write))
                        .append(", \"writeError\": ").append(num(r.writeError))
                        .append(", \"read\": ").append(num(r.read))
                        .append(", \"readError\": ").append(num(r.readError))
                        .append(", \"roundTrip\": ").append(num(r.roundTrip))
                        .append(", \"roundTripError\": ").append(num(r.roundTripError))
                        .append(", \"other\": ").append(other(r))
                        .append(", \"vsBlit\": ").append(num(op == null ? Double.NaN : Table.ratio(r, blit, op)))
                        .append(", \"roundTripVsBlit\": ").append(num(Table.ratio(r, blit, "roundTrip")))
                        .append(", \"bytes\": ").append(r.bytes < 0 ? "null" : String.valueOf(r.bytes))
                        .append(", \"allocBytesPerRoundTrip\": ").append(num(r.alloc)).append('}');
            }
            sb.append("\n     ],\n     \"pending\": {");
            int k = 0;
            for (Map.Entry<String, String> e : t.pending().entrySet()) {
                sb.append(k++ == 0 ? "" : ", ").append(str(e.getKey())).append(": ").append(str(e.getValue()));
            }
            sb.append("},\n     \"notes\": [");
            List<String> notes = TextReport.notes(t);
            for (int n = 0; n < notes.size(); n++) {
                sb.append(n == 0 ? "" : ", ").append(str(notes.get(n)));
            }
            sb.append("]}");
        }
        sb.append("\n  ],\n");
        sb.append("  \"jmh\": ").append(rawJmh == null || rawJmh.isBlank() ? "null" : rawJmh.strip()).append('\n');
        sb.append("}\n");
        return sb.toString();
    }

    /** @return the operations besides write, read and round trip, {@code {"copy": {"ns": .., "error": ..}}} */
    private static String other(Row r) {
        StringBuilder sb = new StringBuilder("{");
        for (String op : r.other.keySet()) {
            sb.append(sb.length() == 1 ? "" : ", ").append(str(op)).append(": {\"time\": ").append(num(r.time(op)))
                    .append(", \"error\": ").append(num(r.error(op))).append('}');
        }
        return sb.append('}').toString();
    }

    private static String num(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "null" : String.format(Locale.ROOT, "%.4f", v);
    }

    static String str(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"':
                    sb.append("\\\"");
                    break;
                case '\\':
                    sb.append("\\\\");
                    break;
                case '\n':
                    sb.append("\\n");
                    break;
                default:
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
            }
        }
        return sb.append('"').toString();
    }
}
