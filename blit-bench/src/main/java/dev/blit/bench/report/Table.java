package dev.blit.bench.report;

import dev.blit.bench.Contenders;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The results of one workload (one benchmark class with one set of parameters), ranked by one operation
 * ({@link #rankOperation()}): every row's time for that operation, never a mix of operations.
 */
public final class Table {
    /** The operations every workload may have, in the order they are preferred for ranking. */
    static final List<String> STANDARD = List.of("roundTrip", "write", "read");

    public final String id;
    public final String title;
    private final List<Row> rows = new ArrayList<>();
    private final Map<String, String> pending = new LinkedHashMap<>();
    /** True for a table of one-shot times in milliseconds (generation time), kept in the round-trip column. */
    boolean millis;
    /** Why the workload has no rows at all (its setup failed, every contender was left out), or null. */
    private String notRun;

    Table(String id, String title) {
        this.id = id;
        this.title = title;
    }

    Row row(String contender) {
        for (Row r : rows) {
            if (r.contender.equals(contender)) {
                return r;
            }
        }
        Row r = new Row(contender, Contenders.label(contender), Contenders.isBlit(contender));
        rows.add(r);
        return r;
    }

    void pending(String contender, String reason) {
        pending.put(contender, reason);
    }

    void notRun(String reason) {
        notRun = reason;
    }

    /** @return why this workload has no measured row, or null when it has rows or was not selected */
    public String notRun() {
        return rows().isEmpty() ? notRun : null;
    }

    /**
     * The operation the rows are ranked by and compared with Blit on: the round trip when the Blit reference row
     * has one, otherwise its write, its read, or its first other operation; in a table without a Blit reference
     * row, the operation the most rows measured (ties in that order). Rows that did not measure it rank last.
     *
     * @return {@code roundTrip}, {@code write}, {@code read} or another operation's name; null for a table without rows
     */
    public String rankOperation() {
        if (millis) {
            return "roundTrip";
        }
        List<String> ops = new ArrayList<>(STANDARD);
        ops.addAll(otherOperations());
        Row blit = blitReference();
        if (blit != null) {
            for (String op : ops) {
                if (!Double.isNaN(blit.time(op))) {
                    return op;
                }
            }
        }
        String best = null;
        long bestCount = 0;
        for (String op : ops) {
            long n = measuredRows().stream().filter(r -> !Double.isNaN(r.time(op))).count();
            if (n > bestCount) {
                best = op;
                bestCount = n;
            }
        }
        return best;
    }

    /** @return the operations besides write, read and round trip that some row measured, in order of appearance */
    public List<String> otherOperations() {
        Set<String> ops = new LinkedHashSet<>();
        for (Row r : rows) {
            ops.addAll(r.other.keySet());
        }
        return new ArrayList<>(ops);
    }

    private List<Row> measuredRows() {
        List<Row> out = new ArrayList<>();
        for (Row r : rows) {
            if (r.measured()) {
                out.add(r);
            }
        }
        return out;
    }

    /** @return the measured rows, fastest first by {@link #rankOperation()}, those without it last */
    public List<Row> rows() {
        List<Row> sorted = measuredRows();
        if (millis) { // generation time: cold, then warm
            sorted.sort(Comparator.comparingInt(r -> Contenders.order(r.contender)));
            return sorted;
        }
        String op = rankOperation();
        sorted.sort(Comparator.comparingDouble((Row r) -> {
            double v = op == null ? Double.NaN : r.time(op);
            return Double.isNaN(v) ? Double.MAX_VALUE : v;
        }).thenComparingInt(r -> Contenders.order(r.contender)));
        return sorted;
    }

    /** @return whether this table holds single-shot times in ms (each row's {@code roundTrip}) rather than ns/op */
    public boolean millis() {
        return millis;
    }

    /** @return contenders of this workload that did not run, with the reason */
    public Map<String, String> pending() {
        return pending;
    }

    /** @return the measured row of a contender, or null */
    public Row find(String contender) {
        for (Row r : rows) {
            if (r.contender.equals(contender) && r.measured()) {
                return r;
            }
        }
        return null;
    }

    /**
     * @return a contender's encoded size as its self-check found it, measured in this run or not (-1 unknown): a
     *         filtered run still knows every contender's size
     */
    public int bytes(String contender) {
        for (Row r : rows) {
            if (r.contender.equals(contender)) {
                return r.bytes;
            }
        }
        return -1;
    }

    /** @return the Blit row the others are compared with (see {@link Contenders#BLIT_REFERENCE}), or null */
    public Row blitReference() {
        for (String c : Contenders.BLIT_REFERENCE) {
            Row r = find(c);
            if (r != null) {
                return r;
            }
        }
        return null;
    }

    /** @return {@code a}'s time for an operation divided by {@code b}'s (the same operation), NaN if either is missing */
    public static double ratio(Row a, Row b, String operation) {
        if (a == null || b == null) {
            return Double.NaN;
        }
        return a.time(operation) / b.time(operation);
    }

    /** @return a short name of an operation for headings: {@code rt} for the round trip, the name otherwise */
    public static String shortName(String operation) {
        return "roundTrip".equals(operation) ? "rt" : operation;
    }

    /** @return an operation's name in prose: {@code round trip} for {@code roundTrip}, the name otherwise */
    public static String prose(String operation) {
        return "roundTrip".equals(operation) ? "round trip" : operation;
    }
}
