package dev.blit.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The result tables as terminal text and as Markdown. Each table ranks its rows by one operation
 * ({@link Table#rankOperation()}: the round trip unless the Blit reference row has none) and its {@code vs Blit}
 * column divides each row's time for that operation by the Blit reference row's (the one at {@code 1.00x}):
 * above 1 means slower (or larger) than Blit. Every Blit row is marked with {@code *}.
 */
public final class TextReport {

    private TextReport() {
    }

    /** @return the tables for a terminal, aligned with spaces */
    public static String console(List<Table> tables, Environment env) {
        StringBuilder sb = new StringBuilder();
        sb.append(env.summary()).append('\n').append(env.mode).append('\n');
        for (Table t : tables) {
            sb.append('\n').append("== ").append(t.title).append(" ==\n");
            if (t.notRun() != null) {
                for (String note : notes(t)) {
                    sb.append("  ").append(note).append('\n');
                }
                continue;
            }
            List<String[]> cells = cells(t, false);
            int[] width = new int[cells.get(0).length];
            for (String[] row : cells) {
                for (int i = 0; i < row.length; i++) {
                    width[i] = Math.max(width[i], row[i].length());
                }
            }
            for (String[] row : cells) {
                for (int i = 0; i < row.length; i++) {
                    boolean left = i == 1;
                    String c = row[i];
                    String pad = " ".repeat(width[i] - c.length());
                    sb.append(left ? c + pad : pad + c).append(i == row.length - 1 ? "" : "  ");
                }
                sb.append('\n');
            }
            for (String note : notes(t)) {
                sb.append("  ").append(note).append('\n');
            }
        }
        return sb.toString();
    }

    /** @return the whole report as Markdown */
    public static String markdown(List<Table> tables, Environment env) {
        StringBuilder sb = new StringBuilder();
        sb.append("# Blit benchmark results\n\n");
        sb.append(env.summary()).append("  \n").append(env.mode).append("\n\n");
        sb.append("Times are ns/op (lower is better): JMH average time, the median of the measurement iterations. Each table ranks its rows by one operation, ")
                .append("the round trip unless the Blit reference row has none (then its write, else its read; in a table without a Blit row, ")
                .append("the operation most rows have; the note under the table says which), and its `vs Blit` column ")
                .append("divides each row's time for that operation by the Blit row's (never one operation by another); Blit's rows are in bold, ")
                .append("and the ratios compare each row with the Blit row at 1.00x (above 1: slower or larger than Blit). ")
                .append("A benchmark method not named write, read or round trip (e.g. `blitCopy`, `handReadInto`) has a column of its own. ")
                .append("`alloc B/rt` is the memory allocated per round trip (JMH's gc profiler). ")
                .append("Hand-written codecs know the shape and write no type information; Blit through its facade, Kryo, ")
                .append("Fory and the JDK write a message that names its class. Every reader creates a new object, except Chronicle's"
                        + " Bytes rows, which fill an existing one as Chronicle's API does, and Blit's flat serializer alone, which does the same.\n\n")
                .append("![chart](chart.svg)\n");
        for (Table t : tables) {
            sb.append("\n## ").append(t.title).append("\n\n");
            if (t.notRun() != null) {
                for (String note : notes(t)) {
                    sb.append("- ").append(note).append('\n');
                }
                continue;
            }
            List<String[]> cells = cells(t, true);
            for (int r = 0; r < cells.size(); r++) {
                sb.append('|');
                for (String c : cells.get(r)) {
                    sb.append(' ').append(c).append(" |");
                }
                sb.append('\n');
                if (r == 0) {
                    sb.append("|---:|:---|").append("---:|".repeat(cells.get(0).length - 2)).append('\n');
                }
            }
            List<String> notes = notes(t);
            if (!notes.isEmpty()) {
                sb.append('\n');
                for (String note : notes) {
                    sb.append("- ").append(note).append('\n');
                }
            }
        }
        return sb.toString();
    }

    private static List<String[]> cells(Table t, boolean markdown) {
        List<String[]> out = new ArrayList<>();
        if (t.millis()) {
            out.add(new String[] {"#", "measurement", "ms", "target"});
            int rank = 0;
            for (Row r : t.rows()) {
                String ms = Double.isNaN(r.roundTrip) ? "-" : String.format(Locale.ROOT, "%,.1f", r.roundTrip);
                out.add(new String[] {String.valueOf(++rank), r.label, ms, r.roundTrip < GENERATION_TARGET_MS ? "under 50 ms: met" : "under 50 ms: missed"});
            }
            return out;
        }
        List<String> others = t.otherOperations();
        String op = t.rankOperation();
        List<String> header = new ArrayList<>(List.of("#", "contender", "write ns", "read ns", "round trip ns"));
        for (String o : others) {
            header.add(o + " ns");
        }
        header.addAll(List.of(Table.shortName(op) + " vs Blit", "bytes", "size vs Blit", "alloc B/rt"));
        out.add(header.toArray(new String[0]));
        Row blit = t.blitReference();
        int rank = 0;
        for (Row r : t.rows()) {
            rank++;
            String label = (r.blit ? "* " : "  ") + r.label;
            if (markdown) {
                label = r.blit ? "**" + r.label + "**" : r.label;
            }
            List<String> row = new ArrayList<>(List.of(String.valueOf(rank), label, nanos(r.write, r.writeError),
                    nanos(r.read, r.readError), nanos(r.roundTrip, r.roundTripError)));
            for (String o : others) {
                row.add(nanos(r.time(o), r.error(o)));
            }
            row.add(times(Table.ratio(r, blit, op))); // the same operation in both rows, never a mix
            row.add(r.bytes < 0 ? "-" : String.valueOf(r.bytes));
            row.add(times(blit == null || blit.bytes <= 0 || r.bytes < 0 ? Double.NaN : (double) r.bytes / blit.bytes));
            row.add(Double.isNaN(r.alloc) ? "-" : String.format(Locale.ROOT, "%,.0f", r.alloc));
            out.add(row.toArray(new String[0]));
        }
        return out;
    }

    /** @return the lines under a table: the targets of the issues that apply to it, and pending contenders */
    static List<String> notes(Table t) {
        List<String> notes = new ArrayList<>();
        if (t.notRun() != null) {
            notes.add("Not run: " + t.notRun() + ".");
            notes.addAll(notRun(t));
            return notes;
        }
        if (t.millis()) {
            notes.add("Blit.builder().register(Wide350.class, 100).build() and the first toBytes of a 350-field object"
                    + " (the small-class row: of a two-field Customer instead; JMH single-shot time, median of the shots;"
                    + " issue 4's target: under 50 ms).");
            notes.addAll(notRun(t));
            return notes;
        }
        Row blit = t.blitReference();
        String op = t.rankOperation();
        if (blit != null) {
            int rank = t.rows().indexOf(blit) + 1;
            notes.add("Blit reference row: " + blit.label + ", rank " + rank + " of " + t.rows().size() + " by "
                    + Table.prose(op) + (op.equals("roundTrip") ? "" : " (it has no round trip in this run)") + ".");
        } else if (op != null) {
            notes.add("Ranked by " + Table.prose(op) + " (no Blit reference row in this run).");
        }
        Row buffer = t.find("blitBuffer");
        Row unsafe = t.find("unsafe");
        if (buffer != null && unsafe != null) {
            notes.add(String.format(Locale.ROOT, "Blit buffer API / hand-written Unsafe: write %s, read %s, round trip %s"
                            + " (target: at most 1.10x).", times(Table.ratio(buffer, unsafe, "write")),
                    times(Table.ratio(buffer, unsafe, "read")), times(Table.ratio(buffer, unsafe, "roundTrip"))));
        }
        Row generated = t.find("blitGenerated");
        if (generated != null && unsafe != null) {
            notes.add("Blit generated / hand-written Unsafe, round trip: " + times(Table.ratio(generated, unsafe, "roundTrip"))
                    + " (target: at most 1.00x).");
        }
        Row floor = t.find("cFloor");
        if (floor != null) {
            for (Row r : t.rows()) {
                if (r.blit) {
                    notes.add(r.label + " / C floor: write " + times(Table.ratio(r, floor, "write")) + ", read "
                            + times(Table.ratio(r, floor, "read")) + ", round trip " + times(Table.ratio(r, floor, "roundTrip"))
                            + (r != blit ? "." : t.id.equals("seed") ? " (target: round trip at most 1.50x)."
                            : t.id.equals("marketdata") ? " (target: write and read at most 1.50x)." : "."));
                }
            }
            notes.add("C floor: the same bytes as the hand-written codecs, memcpy field by field into a buffer and back into a"
                    + " struct on the stack (floor.c, cc -O2, timed in-process; it allocates nothing, Java readers create new objects).");
        }
        if (t.id.equals("mediacontent") && blit != null) {
            Row foryC = t.find("foryConsistent");
            Row foryX = t.find("foryCompatible");
            notes.add("Fory / Blit, round trip: SCHEMA_CONSISTENT " + times(Table.ratio(foryC, blit, "roundTrip"))
                    + ", COMPATIBLE " + times(Table.ratio(foryX, blit, "roundTrip")) + " (target: at least 1.30x); bytes: Blit "
                    + (blit.bytes < 0 ? "-" : String.valueOf(blit.bytes)) + ", Kryo "
                    + bytes(t.bytes("kryo")) + " (target: no larger than Kryo's).");
        }
        if (blit != null && t.id.startsWith("order[")) {
            Row fastest = fastestPeer(t);
            notes.add("Fastest other contender (not Blit, not hand-written): " + (fastest == null ? "-" : fastest.label + ", "
                    + times(Table.ratio(fastest, blit, "roundTrip")) + " of Blit's round trip") + " (target: at least 1.30x); bytes: Blit "
                    + blit.bytes + ", Kryo " + bytes(t.bytes("kryo")) + " (target: no larger than Kryo's; sizes from the self-check).");
        }
        Row trivially = t.find("chronicleTriviallyCopyable");
        if (blit != null && trivially != null) {
            notes.add("Chronicle trivially copyable / Blit: write " + times(Table.ratio(trivially, blit, "write")) + ", read "
                    + times(Table.ratio(trivially, blit, "read")) + " (target: at least 1.00x each, Blit no slower; Chronicle"
                    + " fills an existing object, Blit creates one).");
            Row inPlace = t.find("blitInPlace");
            if (inPlace != null) {
                notes.add("Chronicle trivially copyable / " + inPlace.label + ": write " + times(Table.ratio(trivially, inPlace, "write"))
                        + ", read " + times(Table.ratio(trivially, inPlace, "read")) + " (like for like: both write the bare"
                        + " block and fill an existing object; target: at least 1.00x each).");
            }
        }
        Row compact = t.find("blitCompact");
        Row kryoSize = t.find("kryo");
        if (blit != null && compact != null) {
            notes.add("Blit compactArrays(true) / " + blit.label + ": round trip " + times(Table.ratio(compact, blit, "roundTrip"))
                    + ", bytes " + compact.bytes + " against " + blit.bytes + (t.bytes("kryo") < 0 ? ""
                    : " (Kryo " + t.bytes("kryo") + (kryoSize == null ? "" : "; Kryo / compact Blit, round trip "
                    + times(Table.ratio(kryoSize, compact, "roundTrip"))) + ")") + ".");
        }
        Row compatible = t.find("blitCompatible");
        if (t.id.startsWith("compat[") && blit != null && compatible != null) {
            notes.add("Blit compatible / schema-consistent: round trip " + times(Table.ratio(compatible, blit, "roundTrip"))
                    + ", bytes " + times((double) compatible.bytes / blit.bytes) + " (target: at most 1.30x each).");
        }
        Row kryoFile = t.find("kryo");
        if (t.id.equals("file") && blit != null && kryoFile != null) {
            notes.add("Kryo / Blit, round trip with the file I/O: " + times(Table.ratio(kryoFile, blit, "roundTrip"))
                    + " (target: above 1.00x, Blit faster).");
        }
        if (t.id.equals("bulk-list")) {
            notes.add("MB/s (each row's encoded bytes / time; write, read, round trip): " + throughput(t) + ".");
        }
        if (t.id.equals("log")) {
            notes.add("records/s (10^9 / ns per op; append, read by index): " + recordsPerSecond(t)
                    + " (target: appending without sync at least 5,000,000 records/s).");
            Row memcpy = t.find("mappedCopy");
            Row memcpyCrc = t.find("mappedCopyCrc");
            Row inPlace = t.find("blitLogInPlace");
            if (blit != null && memcpy != null) {
                notes.add("Read by index / the memcpy floor's: " + blit.label + " " + times(Table.ratio(blit, memcpy, "read"))
                        + (inPlace == null ? "" : ", " + inPlace.label + " " + times(Table.ratio(inPlace, memcpy, "read")))
                        + (memcpyCrc == null ? "" : "; the floor with the CRC32C check " + times(Table.ratio(memcpyCrc, memcpy, "read")))
                        + " (issue 6: read-back by index at memcpy-like speed).");
            }
        }
        Row reflective = t.find("blitReflective");
        if (blit != null && reflective != null) {
            notes.add("Blit's reflective fallback / " + blit.label + ": write " + times(Table.ratio(reflective, blit, "write"))
                    + ", read " + times(Table.ratio(reflective, blit, "read")) + ", round trip "
                    + times(Table.ratio(reflective, blit, "roundTrip")) + " (the same bytes, without generated code).");
        }
        Row named = t.find("blitNamed");
        if (named != null) {
            Row kryoUnregistered = t.find("kryoUnregistered");
            Row foryUnregistered = t.find("foryUnregistered");
            notes.add("Unregistered, classes written by name: Kryo / Blit, round trip " + times(Table.ratio(kryoUnregistered, named, "roundTrip"))
                    + ", Fory / Blit " + times(Table.ratio(foryUnregistered, named, "roundTrip")) + "; bytes: Blit " + bytes(named)
                    + ", Kryo " + bytes(t.bytes("kryoUnregistered")) + ", Fory " + bytes(t.bytes("foryUnregistered"))
                    + (blit == null ? "" : "; Blit by name / " + blit.label + ": round trip " + times(Table.ratio(named, blit, "roundTrip"))
                    + ", bytes " + bytes(named) + " against " + bytes(blit)) + ".");
        }
        Row jdk = t.find("jdk");
        if (blit != null && jdk != null) {
            notes.add("JDK Serializable / Blit, round trip: " + times(Table.ratio(jdk, blit, "roundTrip")) + ".");
        }
        boolean noisy = false;
        for (Row r : t.rows()) {
            noisy |= r.writeError > NOISY * r.write || r.readError > NOISY * r.read || r.roundTripError > NOISY * r.roundTrip;
            for (String o : r.other.keySet()) {
                noisy |= r.error(o) > NOISY * r.time(o);
            }
        }
        if (noisy) {
            notes.add("?: JMH's 99.9% error is more than 25% of the score (a busy machine or too few iterations; try --full).");
        }
        notes.addAll(notRun(t));
        return notes;
    }

    /** @return one line per reason a contender was not run, naming every contender left out for it */
    private static List<String> notRun(Table t) {
        Map<String, List<String>> byReason = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, String> e : t.pending().entrySet()) {
            byReason.computeIfAbsent(e.getValue(), k -> new ArrayList<>()).add(dev.blit.bench.Contenders.label(e.getKey()));
        }
        List<String> lines = new ArrayList<>();
        byReason.forEach((reason, labels) -> lines.add("Not run: " + String.join("; ", labels) + " (" + reason + ")."));
        return lines;
    }

    /** The contenders an Order target is measured against: every row but Blit's and the hand-written codecs'. */
    private static Row fastestPeer(Table t) {
        Row best = null;
        for (Row r : t.rows()) {
            boolean handWritten = r.contender.equals("unsafe") || r.contender.equals("varHandle") || r.contender.equals("byteBuffer");
            if (!r.blit && !handWritten && !Double.isNaN(r.roundTrip) && (best == null || r.roundTrip < best.roundTrip)) {
                best = r;
            }
        }
        return best;
    }

    /** @return each measured row's throughput, {@code label w/r/rt} in MB/s of its own encoding (10^6 bytes per second) */
    private static String throughput(Table t) {
        List<String> parts = new ArrayList<>();
        for (Row r : t.rows()) {
            if (r.bytes > 0) {
                parts.add(r.label + " " + mbPerS(r.bytes, r.write) + " / " + mbPerS(r.bytes, r.read) + " / "
                        + mbPerS(r.bytes, r.roundTrip));
            }
        }
        return String.join("; ", parts);
    }

    /** @return each measured row's records per second, {@code label write / read}, from ns per record */
    private static String recordsPerSecond(Table t) {
        List<String> parts = new ArrayList<>();
        for (Row r : t.rows()) {
            parts.add(r.label + " " + perSecond(r.write) + " / " + perSecond(r.read));
        }
        return String.join("; ", parts);
    }

    private static String perSecond(double ns) {
        return Double.isNaN(ns) ? "-" : String.format(Locale.ROOT, "%,.0f", 1e9 / ns);
    }

    private static String mbPerS(int bytes, double ns) {
        return Double.isNaN(ns) ? "-" : String.format(Locale.ROOT, "%,.0f", bytes / ns * 1000);
    }

    /** Issue 4: building a Blit with one 350-field class registered should take less than this. */
    private static final double GENERATION_TARGET_MS = 50;

    /** A score whose 99.9% confidence half-interval is more than this share of it is marked {@code ?}. */
    private static final double NOISY = 0.25;

    private static String nanos(double v, double error) {
        String s = nanos(v);
        return !Double.isNaN(v) && error > NOISY * v ? s + "?" : s;
    }

    static String nanos(double v) {
        if (Double.isNaN(v)) {
            return "-";
        }
        return String.format(Locale.ROOT, v < 100 ? "%.1f" : "%,.0f", v);
    }

    /** @return a row's encoded size, or {@code -} for a missing row or size */
    private static String bytes(Row r) {
        return r == null || r.bytes < 0 ? "-" : String.valueOf(r.bytes);
    }

    /** @return an encoded size, or {@code -} when unknown */
    private static String bytes(int n) {
        return n < 0 ? "-" : String.valueOf(n);
    }

    static String times(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return "-";
        }
        return String.format(Locale.ROOT, v < 10 ? "%.2fx" : v < 100 ? "%.1fx" : "%,.0fx", v);
    }
}
