package dev.blit.bench.report;

import dev.blit.bench.Contenders;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The results of one workload (one benchmark class with one set of parameters), ranked by round trip. */
public final class Table {
    public final String id;
    public final String title;
    private final List<Row> rows = new ArrayList<>();
    private final Map<String, String> pending = new LinkedHashMap<>();
    /** True for a table of one-shot times in milliseconds (generation time), kept in the round-trip column. */
    boolean millis;

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

    /** @return the measured rows, fastest round trip first */
    public List<Row> rows() {
        List<Row> sorted = new ArrayList<>();
        for (Row r : rows) {
            if (r.rankTime() != Double.MAX_VALUE) {
                sorted.add(r);
            }
        }
        if (millis) { // generation time: cold, then warm
            sorted.sort(Comparator.comparingInt(r -> Contenders.order(r.contender)));
            return sorted;
        }
        sorted.sort(Comparator.comparingDouble(Row::rankTime).thenComparingInt(r -> Contenders.order(r.contender)));
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
            if (r.contender.equals(contender) && r.rankTime() != Double.MAX_VALUE) {
                return r;
            }
        }
        return null;
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

    /** @return {@code a}'s time for an operation divided by {@code b}'s, NaN if either is missing */
    public static double ratio(Row a, Row b, String operation) {
        if (a == null || b == null) {
            return Double.NaN;
        }
        return a.time(operation) / b.time(operation);
    }
}
