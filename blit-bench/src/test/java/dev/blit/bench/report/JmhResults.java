package dev.blit.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Builds {@link Measurement}s as {@link Measurement#of} makes them from JMH's results, from plain numbers, for
 * {@link Tables#addAll}. Not from JMH's own result objects: their infrastructure classes call
 * {@code sun.misc.Unsafe} when initialized, which JDK 24 and later warn about in the tests' output.
 */
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
    static Measurement average(String benchmarkClass, String method, TimeUnit unit, double allocNorm, double... scores) {
        return new Measurement(benchmarkClass + "." + method, false, Map.of(), unitLabel(unit) + "/op", list(scores),
                mean(scores), error(scores), allocNorm);
    }

    /** A single-shot result in ms, one shot per value. */
    static Measurement singleShot(String benchmarkClass, String method, double... millis) {
        return new Measurement(benchmarkClass + "." + method, true, Map.of(), "ms/op", list(millis), mean(millis),
                error(millis), Double.NaN);
    }

    private static String unitLabel(TimeUnit unit) {
        switch (unit) {
            case NANOSECONDS:
                return "ns";
            case MICROSECONDS:
                return "us";
            case MILLISECONDS:
                return "ms";
            default:
                return "s";
        }
    }

    private static List<Double> list(double[] values) {
        List<Double> out = new ArrayList<>();
        for (double v : values) {
            out.add(v);
        }
        return out;
    }

    private static double mean(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return values.length == 0 ? Double.NaN : sum / values.length;
    }

    /** A stand-in for JMH's 99.9% interval half-width: the sample standard deviation; NaN for one value, as JMH's. */
    static double error(double[] values) {
        if (values.length < 2) {
            return Double.NaN;
        }
        double m = mean(values);
        double sq = 0;
        for (double v : values) {
            sq += (v - m) * (v - m);
        }
        return Math.sqrt(sq / (values.length - 1));
    }
}
