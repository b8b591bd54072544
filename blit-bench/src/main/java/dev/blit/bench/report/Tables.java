package dev.blit.bench.report;

import dev.blit.bench.Contenders;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Turns JMH's run results into one {@link Table} per workload and parameter set. */
public final class Tables {
    private final Map<String, Table> tables = new LinkedHashMap<>();

    /**
     * Creates the table of a workload up front, so that its sizes and pending contenders have a place even
     * when nothing of it was measured.
     *
     * @param id    the workload key, e.g. {@code order[lines=100]}
     * @param title its heading
     * @return the table
     */
    public Table table(String id, String title) {
        return tables.computeIfAbsent(id, k -> new Table(id, title));
    }

    /** Records an encoded size. */
    public void size(String id, String contender, int bytes) {
        Table t = tables.get(id);
        if (t != null) {
            t.row(contender).bytes = bytes;
        }
    }

    /**
     * Records a time measured outside JMH (the C floor).
     *
     * @param operation {@code write}, {@code read} or {@code roundTrip}
     */
    public void measured(String id, String contender, String operation, double ns) {
        Table t = tables.get(id);
        if (t == null) {
            return;
        }
        Row row = t.row(contender);
        switch (operation) {
            case "write":
                row.write = ns;
                break;
            case "read":
                row.read = ns;
                break;
            default:
                row.roundTrip = ns;
                break;
        }
    }

    /** @return whether a workload's table has a row measured by JMH (any Blit or peer row) */
    public boolean hasRows(String id) {
        Table t = tables.get(id);
        return t != null && !t.rows().isEmpty();
    }

    /** Records a contender that did not run. */
    public void pending(String id, String contender, String reason) {
        Table t = tables.get(id);
        if (t != null) {
            t.pending(contender, reason);
        }
    }

    /**
     * Adds measurements.
     *
     * @param results what JMH returned
     * @param idOf    maps a benchmark class and its parameters to the workload key used in {@link #table}; a
     *                key without a table gets one titled with the key
     */
    public void add(Collection<RunResult> results, java.util.function.BiFunction<String, Map<String, String>, String> idOf) {
        List<Measurement> measured = new ArrayList<>();
        for (RunResult rr : results) {
            measured.add(Measurement.of(rr));
        }
        addAll(measured, idOf);
    }

    /** {@link #add}, of JMH's results as plain values. */
    void addAll(Collection<Measurement> results, java.util.function.BiFunction<String, Map<String, String>, String> idOf) {
        for (Measurement m : results) {
            String benchmark = m.benchmark();
            int dot = benchmark.lastIndexOf('.');
            // Every measured benchmark gets a row: one not named <contender>(Write|Read|RoundTrip) (blitCopy,
            // handReadInto, blitFirst) is an operation column of its own.
            String[] split = Contenders.splitAny(benchmark.substring(dot + 1));
            String id = idOf.apply(benchmark.substring(0, dot), m.params());
            Table t = tables.computeIfAbsent(id, k -> new Table(k, k));
            if (m.singleShot()) {
                // One-shot times (generation): one row per method, the time (in the benchmark's unit, ms) as its round trip.
                t.millis = true;
                Row row = t.row(benchmark.substring(dot + 1));
                row.roundTrip = medianOfScores(m.iterations(), m.score());
                row.roundTripError = m.error();
                continue;
            }
            Row row = t.row(split[0]);
            // The tables are in ns/op; a class timed in another unit (LogOpenBenchmark: us/op) is converted.
            double toNanos = nanosPer(m.scoreUnit());
            double score = medianOfScores(m.iterations(), m.score()) * toNanos;
            double error = m.error() * toNanos;
            switch (split[1]) {
                case "write":
                    row.write = score;
                    row.writeError = error;
                    break;
                case "read":
                    row.read = score;
                    row.readError = error;
                    break;
                case "roundTrip":
                    row.roundTrip = score;
                    row.roundTripError = error;
                    row.alloc = m.allocNorm();
                    break;
                default:
                    row.other.put(split[1], new double[] {score, error});
                    break;
            }
        }
    }

    /** @return the ns in one unit of a JMH average-time score unit such as {@code us/op} (1 if not a time per op) */
    static double nanosPer(String unit) {
        if (unit == null) {
            return 1;
        }
        switch (unit) {
            case "us/op":
                return 1e3;
            case "ms/op":
                return 1e6;
            case "s/op":
                return 1e9;
            default:
                return 1;
        }
    }

    /**
     * @param iterations measurement iterations
     * @param otherwise  what to return when there are none
     * @return the median of their primary scores, as the tables show it
     */
    public static double medianOf(Collection<IterationResult> iterations, double otherwise) {
        return medianOfScores(Measurement.scores(iterations), otherwise);
    }

    /**
     * The median of the measurement iterations' scores, over all forks. On a shared machine one iteration
     * that lost the CPU to another process moves JMH's mean a long way and the median hardly at all; JMH's
     * mean and error stay in results.json.
     *
     * @param scores    the iterations' scores
     * @param otherwise what to return when there are none
     */
    static double medianOfScores(List<Double> scores, double otherwise) {
        if (scores.isEmpty()) {
            return otherwise;
        }
        List<Double> sorted = new ArrayList<>(scores);
        Collections.sort(sorted);
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    /** Records why a workload has no rows (the first reason given is kept). */
    public void notRun(String id, String reason) {
        Table t = tables.get(id);
        if (t != null && t.rows().isEmpty() && t.notRun() == null) {
            t.notRun(reason);
        }
    }

    /** @return the tables with at least one measured row, or with a reason they have none, in creation order */
    public List<Table> all() {
        List<Table> out = new ArrayList<>();
        for (Table t : tables.values()) {
            if (!t.rows().isEmpty() || t.notRun() != null) {
                out.add(t);
            }
        }
        return out;
    }
}
