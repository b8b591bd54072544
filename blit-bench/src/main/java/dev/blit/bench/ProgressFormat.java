package dev.blit.bench;

import dev.blit.bench.report.Tables;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.IterationType;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Collection;
import java.util.Locale;

/**
 * One line per benchmark on the terminal ({@code [ 7/87] seed.kryoRead ..... median 121.4 ns/op  ~2m10s left}),
 * while JMH's full output goes to a log file. The time is the median of the measurement iterations, the statistic
 * the tables show (JMH's mean, which the log has, moves a long way when one iteration lost the CPU).
 */
final class ProgressFormat implements OutputFormat {
    private final PrintStream console;
    private final OutputFormat log;
    private final int total;
    private final long started = System.nanoTime();
    private int count;
    private final int done;
    private boolean open;
    private boolean failed;
    private int failures;

    ProgressFormat(PrintStream console, OutputFormat log, int total) {
        this(console, log, 0, total);
    }

    /** A progress line numbering that continues after {@code done} benchmarks of an earlier run. */
    ProgressFormat(PrintStream console, OutputFormat log, int done, int total) {
        this.console = console;
        this.log = log;
        this.count = done;
        this.done = done;
        this.total = total;
    }

    int failures() {
        return failures;
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        closeLine(null);
        count++;
        open = true;
        failed = false;
        console.printf(Locale.ROOT, "[%" + String.valueOf(total).length() + "d/%d] %-44s ", count, total, name(params));
        console.flush();
        log.startBenchmark(params);
    }

    @Override
    public void iteration(BenchmarkParams params, IterationParams iteration, int index) {
        console.print(iteration.getType() == IterationType.WARMUP ? "." : ":");
        console.flush();
        log.iteration(params, iteration, index);
    }

    @Override
    public void iterationResult(BenchmarkParams params, IterationParams iteration, int index, IterationResult result) {
        log.iterationResult(params, iteration, index, result);
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        closeLine(result);
        log.endBenchmark(result);
    }

    private void closeLine(BenchmarkResult result) {
        if (!open) {
            return;
        }
        open = false;
        if (result == null || failed) {
            failures++;
            console.print(" FAILED (see jmh.log)");
        } else {
            console.printf(Locale.ROOT, " median %10.1f %s", Tables.medianOf(result.getIterationResults(),
                    result.getPrimaryResult().getScore()), result.getScoreUnit());
        }
        long elapsed = System.nanoTime() - started;
        long left = count == 0 ? 0 : elapsed / Math.max(1, count - done) * (total - count) / 1_000_000_000L;
        console.printf(Locale.ROOT, "  ~%dm%02ds left%n", left / 60, left % 60);
    }

    private static String name(BenchmarkParams params) {
        String b = params.getBenchmark();
        String[] parts = b.split("\\.");
        String workload = parts.length >= 3 ? parts[parts.length - 3] : "";
        StringBuilder sb = new StringBuilder(workload).append('.').append(parts[parts.length - 1]);
        for (String k : params.getParamsKeys()) {
            sb.append(' ').append(k).append('=').append(params.getParam(k));
        }
        return sb.toString();
    }

    @Override
    public void startRun() {
        log.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> results) {
        closeLine(null);
        log.endRun(results);
    }

    @Override
    public void print(String s) {
        log.print(s);
    }

    @Override
    public void println(String s) {
        if (s != null && s.contains("<failure>")) {
            failed = true;
        }
        log.println(s);
    }

    @Override
    public void flush() {
        log.flush();
        console.flush();
    }

    @Override
    public void close() {
        log.close();
    }

    @Override
    public void verbosePrintln(String s) {
        log.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        log.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        log.write(b);
    }
}
