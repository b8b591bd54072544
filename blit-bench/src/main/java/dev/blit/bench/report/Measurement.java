package dev.blit.bench.report;

import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the tables take from one JMH result, as plain values. {@link Tables} works on these rather than on
 * JMH's own objects so that its arithmetic can be tested without building JMH's infrastructure classes, whose
 * static initializers call {@code sun.misc.Unsafe} (a warning on JDK 24 and later).
 *
 * @param benchmark  the benchmark's full name, {@code package.Class.method}
 * @param singleShot whether it was timed in single-shot mode (one-off times, in the benchmark's unit)
 * @param params     its {@code @Param} values by name
 * @param scoreUnit  JMH's score unit, e.g. {@code ns/op} or {@code us/op}
 * @param iterations the primary score of each measurement iteration, over all forks
 * @param score      JMH's score (the mean), used when there are no iterations
 * @param error      JMH's score error (NaN for a single iteration)
 * @param allocNorm  bytes allocated per operation from the gc profiler, or NaN
 */
public record Measurement(String benchmark, boolean singleShot, Map<String, String> params, String scoreUnit,
                          List<Double> iterations, double score, double error, double allocNorm) {

    /** @return what the tables need of {@code rr} */
    public static Measurement of(RunResult rr) {
        Map<String, String> params = new TreeMap<>();
        for (String k : rr.getParams().getParamsKeys()) {
            params.put(k, rr.getParams().getParam(k));
        }
        List<Double> scores = new ArrayList<>();
        for (BenchmarkResult br : rr.getBenchmarkResults()) {
            scores.addAll(scores(br.getIterationResults()));
        }
        double alloc = Double.NaN;
        for (Map.Entry<String, Result> e : rr.getSecondaryResults().entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                alloc = e.getValue().getScore();
                break;
            }
        }
        Result primary = rr.getPrimaryResult();
        return new Measurement(rr.getParams().getBenchmark(),
                rr.getParams().getMode() == org.openjdk.jmh.annotations.Mode.SingleShotTime, params,
                primary.getScoreUnit(), scores, primary.getScore(), primary.getScoreError(), alloc);
    }

    /** @return the primary score of each iteration */
    public static List<Double> scores(java.util.Collection<IterationResult> iterations) {
        List<Double> scores = new ArrayList<>();
        for (IterationResult ir : iterations) {
            scores.add(ir.getPrimaryResult().getScore());
        }
        return scores;
    }
}
