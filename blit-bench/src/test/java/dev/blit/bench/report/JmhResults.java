package dev.blit.bench.report;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.AverageTimeResult;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.IterationResultMetaData;
import org.openjdk.jmh.results.ResultRole;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.ScalarResult;
import org.openjdk.jmh.results.SingleShotResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Builds JMH {@link RunResult}s as a run returns them, from plain numbers, for {@link Tables#add}. */
final class JmhResults {
    private JmhResults() {
    }

    /** Workload key of every result built here: the benchmark class's simple name. */
    static String id(String benchmarkClass, Map<String, String> params) {
        return benchmarkClass.substring(benchmarkClass.lastIndexOf('.') + 1);
    }

    /**
     * An average-time result: one measurement iteration per score, in {@code unit} per op.
     *
     * @param method    the benchmark method, e.g. {@code kryoRoundTrip}
     * @param unit      the benchmark's time unit (the score unit is {@code us/op} for microseconds)
     * @param allocNorm bytes allocated per op as the gc profiler reports it, or NaN for none
     * @param scores    each iteration's score in {@code unit}
     */
    static RunResult average(String benchmarkClass, String method, TimeUnit unit, double allocNorm, double... scores) {
        BenchmarkParams params = params(benchmarkClass + "." + method, Mode.AverageTime, unit, scores.length);
        List<IterationResult> iterations = new ArrayList<>();
        for (double score : scores) {
            IterationResult ir = new IterationResult(params, params.getMeasurement(), new IterationResultMetaData(1000, 1000));
            // score = duration / ops in unit: 1000 ops over score * 1000 units, converted to ns
            long ns = Math.round(unit.toNanos(1) * score * 1000);
            ir.addResult(new AverageTimeResult(ResultRole.PRIMARY, method, 1000, ns, unit));
            if (!Double.isNaN(allocNorm)) {
                ir.addResult(new ScalarResult("·gc.alloc.rate.norm", allocNorm, "B/op", AggregationPolicy.AVG));
            }
            iterations.add(ir);
        }
        return new RunResult(params, List.of(new BenchmarkResult(params, iterations)));
    }

    /** A single-shot result in ms, one shot per value. */
    static RunResult singleShot(String benchmarkClass, String method, double... millis) {
        BenchmarkParams params = params(benchmarkClass + "." + method, Mode.SingleShotTime, TimeUnit.MILLISECONDS, millis.length);
        List<IterationResult> iterations = new ArrayList<>();
        for (double ms : millis) {
            IterationResult ir = new IterationResult(params, params.getMeasurement(), new IterationResultMetaData(1, 1));
            ir.addResult(new SingleShotResult(ResultRole.PRIMARY, method, Math.round(ms * 1e6), TimeUnit.MILLISECONDS));
            iterations.add(ir);
        }
        return new RunResult(params, List.of(new BenchmarkResult(params, iterations)));
    }

    private static BenchmarkParams params(String benchmark, Mode mode, TimeUnit unit, int iterations) {
        IterationParams warmup = new IterationParams(IterationType.WARMUP, 0, TimeValue.milliseconds(1), 1);
        IterationParams measurement = new IterationParams(IterationType.MEASUREMENT, iterations, TimeValue.milliseconds(1), 1);
        return new BenchmarkParams(benchmark, benchmark + "_jmhTest", false, 1, new int[] {1}, List.of(), 1, 0, warmup,
                measurement, mode, new WorkloadParams(), unit, 1, "java", List.of(), "17", "vm", "1", "1.37",
                TimeValue.minutes(1));
    }
}
