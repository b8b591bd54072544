package dev.blit.bench;

import dev.blit.bench.Workloads.Workload;
import dev.blit.bench.floor.CFloor;
import dev.blit.bench.gen.GenerationBenchmark;
import dev.blit.bench.report.Environment;
import dev.blit.bench.report.JsonReport;
import dev.blit.bench.report.SvgChart;
import dev.blit.bench.report.Table;
import dev.blit.bench.report.Tables;
import dev.blit.bench.report.TextReport;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code blit bench}: checks every workload's contenders, runs the JMH benchmarks, and writes the tables,
 * {@code results.json}, {@code report.md} and {@code chart.svg}.
 *
 * <p>Quick mode (the default) runs the headline contenders ({@link Contenders#HEADLINE}: 218 benchmarks, the
 * generation-time ones included) with one fork, short iterations and a 256 MiB heap. Each benchmark takes about 2 s
 * on two idle cores and 6 s on busy ones, most of it JVM start-up and the peers' own code generation in each fork:
 * from about 8 minutes to over 20; its numbers are good for ratios, not for publication. {@code --all} adds the other
 * contenders (305 benchmarks, about 1.4 times as long); {@code --full} runs those 305 with one-second iterations
 * (8 s of iterations each) and a 1 GiB heap: over 40 minutes. The C floor ({@link CFloor}) is built and checked with the contenders and timed after JMH; the
 * generation-time benchmark runs in a JMH run of its own (see {@link GenerationBenchmark}).
 */
public final class Main {
    private static final String USAGE = String.join("\n",
            "usage: blit bench [--full|--all] [--filter REGEX] [--out DIR] [--verbose] [--check]",
            "  --full          every contender, publication-grade iterations (1 fork, 3 x 1 s warmup, 5 x 1 s measurement;",
            "                  305 benchmarks, over 40 minutes)",
            "  --all           every contender in quick mode (305 benchmarks); by default quick mode (218 benchmarks, about",
            "                  8 minutes on 2 idle cores, over 20 on busy ones) runs the headline contenders (Blit's main rows,",
            "                  the hand-written baselines, Fory, Kryo, Chronicle's fastest path, JDK)",
            "  --filter REGEX  run only benchmarks whose name matches (case-insensitive), e.g. seed, kryo, 'order.*Read'",
            "                  names look like dev.blit.bench.seed.SeedBufferBenchmark.kryoRoundTrip",
            "  --out DIR       where to write results.json, report.md, chart.svg, jmh.log (default: bench-results)",
            "  --verbose       JMH's own output on the terminal instead of one line per benchmark",
            "  --check         only verify every contender round-trips and print the encoded sizes (with --filter: the",
            "                  workloads it selects; a failure counts toward the exit code when --filter selects that contender)",
            "exit code: 0 when every selected benchmark ran and every selected contender passed its self-check; 1 when one",
            "failed; 2 for a usage error or a --filter that matches no benchmark");

    private Main() {
    }

    public static void main(String[] args) throws IOException, RunnerException {
        boolean full = false;
        boolean all = false;
        boolean verbose = false;
        boolean checkOnly = false;
        String filter = null;
        Path out = Path.of("bench-results");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--full":
                    full = true;
                    break;
                case "--all":
                    all = true;
                    break;
                case "--verbose":
                    verbose = true;
                    break;
                case "--check":
                    checkOnly = true;
                    break;
                case "--filter":
                    filter = value(args, ++i);
                    break;
                case "--out":
                    out = Path.of(value(args, ++i));
                    break;
                case "-h":
                case "--help":
                    System.out.println(USAGE);
                    return;
                default:
                    System.err.println("unknown argument: " + args[i] + "\n" + USAGE);
                    System.exit(2);
            }
        }
        if (filter != null) {
            try {
                Pattern.compile(filter, Pattern.CASE_INSENSITIVE); // as JMH will: (?i) + filter
            } catch (PatternSyntaxException e) {
                System.err.println("--filter " + filter + ": not a regular expression: " + e.getDescription()
                        + (e.getIndex() >= 0 ? " near index " + e.getIndex() : "") + "\n" + USAGE);
                System.exit(2);
            }
        }
        System.exit(run(full, all || full || filter != null, verbose, checkOnly, filter, out));
    }

    private static String value(String[] args, int i) {
        if (i >= args.length) {
            System.err.println(args[i - 1] + " needs a value\n" + USAGE);
            System.exit(2);
        }
        return args[i];
    }

    /**
     * @param every whether to run every contender, not only {@link Contenders#HEADLINE} (implied by --full and --filter)
     */
    private static int run(boolean full, boolean every, boolean verbose, boolean checkOnly, String filter, Path out)
            throws IOException, RunnerException {
        // By default the workloads of Workloads.ALL; --filter reaches any benchmark in the jar.
        List<String> includes = new ArrayList<>();
        if (filter == null) {
            for (Workload w : Workloads.ALL) {
                includes.add("^" + quote(w.benchmark().getName()) + "\\.");
            }
        } else {
            includes.add("(?i)" + filter);
        }
        // What the run selects, before anything is left out: self-checks run for these workloads only, and a failure
        // counts toward the exit code only for a contender the run would measure.
        Set<String> selected = new TreeSet<>();
        for (BenchmarkListEntry e : find(includes, List.of())) {
            selected.add(e.getUsername());
        }
        if (selected.isEmpty()) {
            System.err.println("no benchmark matches --filter " + filter + "\n" + USAGE);
            return 2;
        }
        Tables tables = new Tables();
        List<String> excludes = new ArrayList<>();
        int problems = checkContenders(tables, excludes, every, checkOnly, selected);
        boolean floorSelected = Workloads.ALL.stream()
                .anyMatch(w -> FLOOR_WORKLOADS.contains(w.name()) && selectedWorkload(w, selected));
        CFloor floor = floorSelected ? CFloor.build(System.out) : null;
        if (floor != null) {
            problems += checkFloor(floor, tables);
        }
        if (checkOnly) {
            return problems == 0 ? 0 : 1;
        }

        // The generation-time benchmark runs on its own, with its annotations: quick mode's iteration overrides
        // would turn its cold first build into a warm one.
        String generation = "^" + quote(GenerationBenchmark.class.getName()) + "\\.";
        List<String> mainExcludes = new ArrayList<>(excludes);
        mainExcludes.add(generation);
        int total = count(includes, mainExcludes);
        List<String> generationIncludes = new ArrayList<>();
        int generationTotal = 0;
        for (BenchmarkListEntry e : find(includes, excludes)) {
            if (e.getUsername().startsWith(GenerationBenchmark.class.getName() + ".")) {
                generationIncludes.add("^" + quote(e.getUsername()) + "$");
                generationTotal++;
            }
        }
        if (total + generationTotal == 0) {
            System.err.println("every benchmark " + (filter == null ? "of the run" : "--filter " + filter + " matches")
                    + " was left out before timing: see the self-check lines above");
            return 1;
        }
        Files.createDirectories(out);
        Path jmhJson = out.resolve("jmh.json");
        Path generationJson = out.resolve("jmh-generation.json");
        Files.deleteIfExists(jmhJson);
        Files.deleteIfExists(generationJson);
        String mode = full
                ? "full mode: 1 fork, 3 x 1 s warmup, 5 x 1 s measurement per benchmark"
                : "quick mode: " + (every ? "every contender" : "the headline contenders (--all for every one)")
                        + ", 1 fork, 3 x 200 ms warmup, 5 x 120 ms measurement per benchmark, 256 MiB heap"
                        + " (ratios, not publication numbers)";
        ChainedOptionsBuilder options = new OptionsBuilder()
                .shouldFailOnError(false)
                .addProfiler(GCProfiler.class)
                .jvmArgsAppend(full ? Jvm.ARGS : Jvm.QUICK_ARGS)
                .result(jmhJson.toString())
                .resultFormat(ResultFormatType.JSON);
        includes.forEach(options::include);
        mainExcludes.forEach(options::exclude);
        if (full) {
            // One fork: with 305 benchmarks, a second fork would double a run of over 40 minutes on 2 cores.
            options.forks(1).warmupIterations(3).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(5).measurementTime(TimeValue.seconds(1));
        } else {
            options.forks(1).warmupIterations(3).warmupTime(TimeValue.milliseconds(200))
                    .measurementIterations(5).measurementTime(TimeValue.milliseconds(120));
        }
        // Generation time: single shots as annotated (cold: 1 fork, no warmup, 1 shot; warm: 10 + 20 shots);
        // full mode repeats them in 5 forks.
        ChainedOptionsBuilder generationOptions = new OptionsBuilder()
                .shouldFailOnError(false)
                .jvmArgsAppend(Jvm.ARGS)
                .result(generationJson.toString())
                .resultFormat(ResultFormatType.JSON);
        generationIncludes.forEach(generationOptions::include);
        if (full) {
            generationOptions.forks(5);
        }
        awaitOtherJmhRuns();
        int all = total + generationTotal;
        System.out.println("\nRunning " + all + (all == 1 ? " benchmark, " : " benchmarks, ") + mode + ".");
        Collection<RunResult> results = new ArrayList<>();
        int failures = 0;
        if (verbose) {
            if (total > 0) {
                results.addAll(new Runner(options.verbosity(VerboseMode.NORMAL).build()).run());
            }
            if (generationTotal > 0) {
                results.addAll(new Runner(generationOptions.verbosity(VerboseMode.NORMAL).build()).run());
            }
        } else {
            Path logFile = out.resolve("jmh.log");
            System.out.println("JMH output: " + logFile + "   ('.' warmup, ':' measurement iteration)");
            try (PrintStream log = new PrintStream(Files.newOutputStream(logFile), true, StandardCharsets.UTF_8)) {
                if (total > 0) {
                    OutputFormat logFormat = OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL);
                    ProgressFormat progress = new ProgressFormat(System.out, logFormat, all);
                    results.addAll(new Runner(options.build(), progress).run());
                    failures += progress.failures();
                }
            }
            if (generationTotal > 0) {
                try (PrintStream log = new PrintStream(Files.newOutputStream(logFile, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND), true, StandardCharsets.UTF_8)) {
                    OutputFormat logFormat = OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL);
                    ProgressFormat progress = new ProgressFormat(System.out, logFormat, total, all);
                    results.addAll(new Runner(generationOptions.build(), progress).run());
                    failures += progress.failures();
                }
            }
        }

        tables.add(results, (benchmarkClass, params) -> {
            Workload w = Workloads.of(benchmarkClass);
            if (w == null) { // a benchmark class not (yet) in Workloads.ALL, reached through --filter
                return benchmarkClass.substring(benchmarkClass.lastIndexOf('.') + 1) + (params.isEmpty() ? "" : " " + params);
            }
            return w.id(w.param() == null ? "" : params.getOrDefault(w.param(), ""));
        });
        if (floor != null) {
            runFloor(floor, tables, full);
        }
        // A selected workload without a row is listed as not run, with the reason, instead of vanishing.
        List<BenchmarkListEntry> runnable = new ArrayList<>(find(includes, excludes));
        for (Workload w : Workloads.ALL) {
            if (!selectedWorkload(w, selected)) {
                continue;
            }
            String prefix = w.benchmark().getName() + ".";
            boolean anyRunnable = runnable.stream().anyMatch(e -> e.getUsername().startsWith(prefix));
            for (String v : w.values()) {
                tables.notRun(w.id(v), anyRunnable
                        ? "none of its benchmarks gave a result (see " + out.resolve("jmh.log") + ")"
                        : "every contender " + (filter == null ? "of the run" : "--filter selects") + " was left out before timing");
            }
        }
        List<Table> tablesRun = tables.all();
        Environment env = new Environment(mode);
        System.out.println();
        System.out.print(TextReport.console(tablesRun, env));
        String raw = mergeJsonArrays(Files.exists(jmhJson) ? Files.readString(jmhJson) : null,
                Files.exists(generationJson) ? Files.readString(generationJson) : null);
        Files.writeString(out.resolve("results.json"), JsonReport.json(tablesRun, env, raw));
        Files.writeString(out.resolve("report.md"), TextReport.markdown(tablesRun, env));
        Files.writeString(out.resolve("chart.svg"), SvgChart.svg(tablesRun.stream().filter(t -> !t.millis() && !t.rows().isEmpty()).toList(), env));
        System.out.println("\nWrote " + out.resolve("results.json") + ", " + out.resolve("report.md") + ", " + out.resolve("chart.svg"));
        if (failures > 0) {
            System.out.println(failures + " benchmark(s) failed; see " + out.resolve("jmh.log"));
        }
        return problems + failures == 0 ? 0 : 1;
    }

    /** @return whether the run selects a benchmark of this workload's class */
    private static boolean selectedWorkload(Workload w, Set<String> selected) {
        if (w == null) {
            return false;
        }
        String prefix = w.benchmark().getName() + ".";
        return selected.stream().anyMatch(b -> b.startsWith(prefix));
    }

    /**
     * @return whether the run would measure this contender of a selected workload: one of its benchmark methods is
     *         selected (a self-check contender with no method of its own, as in the generation workload, goes with
     *         its workload), and quick mode does not leave it out
     */
    private static boolean selectedContender(Workload w, String contender, Set<String> selected, boolean every) {
        if (!every && !Contenders.HEADLINE.contains(contender)) {
            return false;
        }
        String prefix = w.benchmark().getName() + ".";
        boolean hasMethod = false;
        for (java.lang.reflect.Method m : w.benchmark().getMethods()) {
            if (m.isAnnotationPresent(org.openjdk.jmh.annotations.Benchmark.class)
                    && Contenders.splitAny(m.getName())[0].equals(contender)) {
                hasMethod = true;
                if (selected.contains(prefix + m.getName())) {
                    return true;
                }
            }
        }
        return !hasMethod;
    }

    /**
     * Runs the setup of every workload the run selects in this JVM: records sizes and pending contenders in
     * {@code tables}, and adds an exclude pattern for every contender (or workload) that must not be measured.
     *
     * @param checkOnly whether this is {@code --check} (every contender of a selected workload counts, quick mode or not)
     * @param selected  the benchmarks the run selects (class.method), before any is left out
     * @return how many selected contenders or workloads failed their check
     */
    private static int checkContenders(Tables tables, List<String> excludes, boolean every, boolean checkOnly,
                                       Set<String> selected) {
        int problems = 0;
        System.out.println("Checking contenders (every decoder must give back what was encoded)...");
        for (Workload w : Workloads.ALL) {
            if (!selectedWorkload(w, selected)) {
                continue;
            }
            Map<String, String> pending = new LinkedHashMap<>();
            for (String v : w.values()) {
                String id = w.id(v);
                tables.table(id, w.title(v));
                SelfCheck check;
                try {
                    check = w.selfCheck().apply(v);
                } catch (RuntimeException | LinkageError e) {
                    String reason = "its setup FAILED: " + SelfCheck.describe(e);
                    System.out.println("  " + id + ": " + reason + "; workload not run");
                    excludes.add("^" + quote(w.benchmark().getName()) + "\\.");
                    for (String other : w.values()) {
                        tables.table(w.id(other), w.title(other));
                        tables.notRun(w.id(other), reason);
                    }
                    problems++;
                    break;
                }
                StringBuilder line = new StringBuilder("  " + id + " bytes:");
                check.sizes().forEach((c, n) -> {
                    tables.size(id, c, n);
                    line.append(' ').append(c).append('=').append(n);
                });
                System.out.println(line);
                check.pending().forEach((c, reason) -> {
                    tables.pending(id, c, reason);
                    pending.put(c, reason);
                });
                if (!every) {
                    for (String c : check.sizes().keySet()) {
                        if (!Contenders.HEADLINE.contains(c)) {
                            tables.pending(id, c, QUICK_SKIP);
                            pending.put(c, QUICK_SKIP);
                        }
                    }
                }
                for (Map.Entry<String, String> f : check.failed().entrySet()) {
                    String reason = "self-check FAILED: " + f.getValue();
                    tables.pending(id, f.getKey(), reason);
                    if (selectedContender(w, f.getKey(), selected, every || checkOnly)) {
                        pending.put(f.getKey(), reason);
                        problems++;
                    } else {
                        pending.put(f.getKey(), reason + " (not selected by this run; not counted in the exit code)");
                    }
                }
            }
            pending.forEach((c, reason) -> {
                if (!reason.equals(QUICK_SKIP)) {
                    System.out.println("  " + w.name() + ": " + c + " not run: " + reason);
                }
                excludes.add("^" + quote(w.benchmark().getName()) + "\\." + quote(c) + "(Write|Read|RoundTrip)$");
            });
        }
        return problems;
    }

    /** The C floor's check: it round-trips both workloads and gives their sizes. @return 1 if it failed */
    private static int checkFloor(CFloor floor, Tables tables) {
        if (floor.skipped() != null) {
            System.out.println("  C floor (memcpy) skipped: " + floor.skipped());
            for (String id : FLOOR_WORKLOADS) {
                tables.pending(id, CFloor.CONTENDER, floor.skipped());
            }
            return 0;
        }
        try {
            StringBuilder line = new StringBuilder("  C floor (memcpy) bytes:");
            for (CFloor.Result r : floor.run(true, 0)) {
                tables.size(r.workload(), CFloor.CONTENDER, r.bytes());
                line.append(' ').append(r.workload()).append('=').append(r.bytes());
            }
            System.out.println(line);
            return 0;
        } catch (IOException | RuntimeException e) {
            System.out.println("  C floor (memcpy): self-check FAILED: " + e.getMessage());
            for (String id : FLOOR_WORKLOADS) {
                tables.pending(id, CFloor.CONTENDER, "self-check FAILED: " + e.getMessage());
            }
            return 1;
        }
    }

    /** Why a contender is left out of a default run; the report folds the contenders with this reason into one line. */
    private static final String QUICK_SKIP = "quick mode runs the headline contenders; --all or --full runs every one";

    /** The workloads floor.c implements (their table ids). */
    private static final List<String> FLOOR_WORKLOADS = List.of("seed", "marketdata");

    /** Times the C floor after JMH is done (nothing else of ours running), for the workloads that were measured. */
    private static void runFloor(CFloor floor, Tables tables, boolean full) {
        if (floor.skipped() != null || FLOOR_WORKLOADS.stream().noneMatch(tables::hasRows)) {
            return;
        }
        System.out.println("Timing the C floor (memcpy)...");
        try {
            for (CFloor.Result r : floor.run(false, full ? 10_000_000L : 2_000_000L)) {
                if (tables.hasRows(r.workload())) {
                    tables.measured(r.workload(), CFloor.CONTENDER, r.op(), r.ns());
                }
            }
        } catch (IOException | RuntimeException e) {
            System.out.println("  C floor (memcpy) FAILED: " + e.getMessage());
            for (String id : FLOOR_WORKLOADS) {
                tables.pending(id, CFloor.CONTENDER, "FAILED: " + e.getMessage());
            }
        }
    }

    /** @return JMH's two JSON result arrays as one (either may be null or empty) */
    static String mergeJsonArrays(String a, String b) {
        String x = a == null ? "" : a.strip();
        String y = b == null ? "" : b.strip();
        if (x.length() < 2 || x.equals("[]") || x.matches("\\[\\s*\\]")) {
            return y.isEmpty() ? null : y;
        }
        if (y.length() < 2 || y.matches("\\[\\s*\\]")) {
            return x;
        }
        return x.substring(0, x.lastIndexOf(']')).stripTrailing() + ",\n" + y.substring(y.indexOf('[') + 1).stripLeading();
    }

    /** @return the benchmarks that match */
    private static java.util.SortedSet<BenchmarkListEntry> find(List<String> includes, List<String> excludes) {
        OutputFormat quiet = OutputFormatFactory.createFormatInstance(
                new PrintStream(PrintStream.nullOutputStream()), VerboseMode.SILENT);
        return BenchmarkList.defaultList().find(quiet, includes, excludes);
    }

    /** @return how many benchmark runs (method x parameter combination) JMH will make */
    private static int count(List<String> includes, List<String> excludes) {
        int n = 0;
        for (BenchmarkListEntry e : find(includes, excludes)) {
            int combinations = 1;
            Map<String, String[]> params = e.getParams().orElse(null);
            if (params != null) {
                for (String[] values : params.values()) {
                    combinations *= Math.max(1, values.length);
                }
            }
            n += combinations;
        }
        return n;
    }

    /**
     * JMH refuses to start while another JMH run holds its lock file (two runs on one machine would spoil
     * each other's numbers). On a shared machine, wait for it instead of failing.
     */
    private static void awaitOtherJmhRuns() throws IOException {
        Path lock = Path.of(System.getProperty("java.io.tmpdir"), "jmh.lock");
        try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            boolean told = false;
            while (true) {
                FileLock held = channel.tryLock();
                if (held != null) {
                    held.release();
                    return;
                }
                if (!told) {
                    System.out.println("Another JMH run holds " + lock + "; waiting for it to finish...");
                    told = true;
                }
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for " + lock, e);
                }
            }
        }
    }

    private static String quote(String s) {
        return s.replace(".", "\\.");
    }
}
