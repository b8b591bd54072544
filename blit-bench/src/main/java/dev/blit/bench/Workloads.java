package dev.blit.bench;

import dev.blit.bench.bulk.PointListBenchmark;
import dev.blit.bench.bulk.Struct100Benchmark;
import dev.blit.bench.compat.CompatibleBenchmark;
import dev.blit.bench.exception.ExceptionBenchmark;
import dev.blit.bench.file.FileBenchmark;
import dev.blit.bench.gen.GenerationBenchmark;
import dev.blit.bench.log.LogBenchmark;
import dev.blit.bench.marketdata.MarketDataBenchmark;
import dev.blit.bench.mediacontent.MediaContentBenchmark;
import dev.blit.bench.order.OrderBenchmark;
import dev.blit.bench.seed.SeedBufferBenchmark;

import java.util.List;
import java.util.function.Function;

/** The workloads {@link Main} runs, with what it needs to name their tables and check them before timing. */
public final class Workloads {
    private Workloads() {
    }

    /**
     * A benchmark class, optionally with one JMH {@code @Param} whose values give one table each.
     *
     * @param name      short key, e.g. {@code order}; with a parameter the table key is {@code order[lines=100]}
     * @param title     table heading; {@code %s} is replaced by the parameter value
     * @param benchmark the JMH class
     * @param param     the {@code @Param} field's name, or null
     * @param values    its values (one empty string when there is no parameter)
     * @param selfCheck runs the class's setup for a value outside JMH
     */
    public record Workload(String name, String title, Class<?> benchmark, String param, List<String> values,
                           Function<String, SelfCheck> selfCheck) {
        /** @return the table key of one parameter value */
        public String id(String value) {
            return param == null ? name : name + "[" + param + "=" + value + "]";
        }

        /** @return the table heading of one parameter value */
        public String title(String value) {
            return param == null ? title : String.format(title, value);
        }
    }

    public static final List<Workload> ALL = List.of(
            new Workload("seed", "Seed object (Thompson 2014): 4 primitives, double[10], long[10]",
                    SeedBufferBenchmark.class, null, List.of(""), v -> SeedBufferBenchmark.selfCheck()),
            new Workload("file", "Seed file object (Kubrynski 2012): long, long[100], String, null String, to a file and back (file I/O included)",
                    FileBenchmark.class, null, List.of(""), v -> FileBenchmark.selfCheck()),
            new Workload("order", "Order graph, %s line(s), references on (Sutherland 2013)",
                    OrderBenchmark.class, "lines", List.of("1", "100"), v -> OrderBenchmark.selfCheck(Integer.parseInt(v))),
            new Workload("marketdata", "MarketData (Minborg 2022): 2 longs, 16 doubles",
                    MarketDataBenchmark.class, null, List.of(""), v -> MarketDataBenchmark.selfCheck()),
            new Workload("log", "BlitLog vs Chronicle Queue: MarketData records appended without sync, read back by index (records/s below)",
                    LogBenchmark.class, null, List.of(""), v -> LogBenchmark.selfCheck()),
            new Workload("mediacontent", "MediaContent (jvm-serializers): one Media, two Images, strings, a list, enums",
                    MediaContentBenchmark.class, null, List.of(""), v -> MediaContentBenchmark.selfCheck()),
            new Workload("compat", "Schema evolution, %s: Blit schema-consistent and compatible, Fory COMPATIBLE, Kryo CompatibleFieldSerializer",
                    CompatibleBenchmark.class, "workload", List.of("order100", "media"), CompatibleBenchmark::selfCheck),
            new Workload("bulk-struct100", "Bulk: a struct of 100 primitive fields (13 long, int, double, float; 12 short, byte, char, boolean)",
                    Struct100Benchmark.class, null, List.of(""), v -> Struct100Benchmark.selfCheck()),
            new Workload("bulk-list", "Bulk: an ArrayList of 10,000 records Point3(int id, double x, y, z) (throughput in MB/s below)",
                    PointListBenchmark.class, null, List.of(""), v -> PointListBenchmark.selfCheck()),
            new Workload("exception", "Exception as an RPC error reply: a user exception with 2 fields, an IOException cause, 16 + 4 stack frames (Kryo needs --add-opens java.base/java.lang; Fory 1.6 drops the stack traces)",
                    ExceptionBenchmark.class, null, List.of(""), v -> ExceptionBenchmark.selfCheck()),
            new Workload("generation", "Generation time: Blit.build() with one 350-field class registered, plus its first toBytes",
                    GenerationBenchmark.class, null, List.of(""), v -> GenerationBenchmark.selfCheck()));

    /** @return the workload of a benchmark class, or null */
    public static Workload of(String benchmarkClass) {
        for (Workload w : ALL) {
            if (w.benchmark().getName().equals(benchmarkClass)) {
                return w;
            }
        }
        return null;
    }
}
