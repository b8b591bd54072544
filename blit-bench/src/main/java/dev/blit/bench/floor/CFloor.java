package dev.blit.bench.floor;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The C floor (issue 4): {@code src/main/c/floor.c}, packed into the benchmarks jar as {@code /c/floor.c},
 * is written next to the jar ({@code blit-bench/target/floor/}), built there with the system C compiler
 * ({@code $CC}, else {@code cc}, {@code gcc} or {@code clang}, always {@code -O2}) and run. It serializes the
 * seed object and MarketData as C structs with memcpy and reads them back, timed in-process, and prints one
 * JSON line per workload and operation. Where there is no C compiler the floor is skipped with a message.
 */
public final class CFloor {
    /** The contender prefix of the floor's rows. */
    public static final String CONTENDER = "cFloor";

    private static final Pattern LINE = Pattern.compile(
            "\\{\"workload\":\"(\\w+)\",\"op\":\"(\\w+)\"(?:,\"ns\":([0-9.eE+-]+))?,\"bytes\":(\\d+).*");

    /**
     * One line of the floor's output.
     *
     * @param workload {@code seed} or {@code marketdata} (the table ids of those workloads)
     * @param op       {@code write}, {@code read}, {@code roundTrip}, or {@code check}
     * @param ns       ns/op (NaN for {@code check})
     * @param bytes    the encoded size
     */
    public record Result(String workload, String op, double ns, int bytes) {
    }

    private final Path binary;
    private final String skipped;

    private CFloor(Path binary, String skipped) {
        this.binary = binary;
        this.skipped = skipped;
    }

    /** @return why the floor cannot run (no compiler, a failed build), or null when it can */
    public String skipped() {
        return skipped;
    }

    /**
     * Builds the floor program when it is missing or older than its source.
     *
     * @param log where to say what is being done
     * @return the floor, possibly {@linkplain #skipped() skipped}
     */
    public static CFloor build(PrintStream log) {
        try {
            String source;
            try (InputStream in = CFloor.class.getResourceAsStream("/c/floor.c")) {
                if (in == null) {
                    return new CFloor(null, "floor.c is not in the benchmarks jar");
                }
                source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            Path dir = directory();
            Files.createDirectories(dir);
            Path src = dir.resolve("floor.c");
            Path bin = dir.resolve("floor");
            boolean fresh = Files.exists(src) && Files.readString(src, StandardCharsets.UTF_8).equals(source)
                    && Files.isExecutable(bin) && Files.getLastModifiedTime(bin).compareTo(Files.getLastModifiedTime(src)) >= 0;
            if (fresh) {
                return new CFloor(bin, null);
            }
            String cc = compiler();
            if (cc == null) {
                return new CFloor(null, "no C compiler ($CC, cc, gcc or clang) on the PATH");
            }
            Files.writeString(src, source, StandardCharsets.UTF_8);
            Files.deleteIfExists(bin);
            log.println("  building the C floor: " + cc + " -O2 -o " + bin + " " + src);
            Process p = new ProcessBuilder(cc, "-O2", "-o", bin.toString(), src.toString())
                    .redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                return new CFloor(null, cc + " failed: " + output.strip());
            }
            return new CFloor(bin, null);
        } catch (IOException e) {
            return new CFloor(null, "could not build it: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new CFloor(null, "interrupted while building it");
        }
    }

    /**
     * Runs the floor.
     *
     * @param check      true: one verified round trip per workload, sizes only
     * @param iterations operations per timed batch (ignored when checking)
     * @return its results
     * @throws IOException when it cannot be run or fails (a round trip that does not give back what was written)
     */
    public List<Result> run(boolean check, long iterations) throws IOException {
        if (binary == null) {
            throw new IllegalStateException("the C floor is skipped: " + skipped);
        }
        Process p = new ProcessBuilder(binary.toString(), check ? "--check" : String.valueOf(iterations))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IOException(binary + " failed (exit " + (p.isAlive() ? "timeout" : p.exitValue()) + "): " + out.strip());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running " + binary, e);
        }
        List<Result> results = new ArrayList<>();
        for (String line : out.split("\n")) {
            Matcher m = LINE.matcher(line.strip());
            if (m.matches()) {
                results.add(new Result(m.group(1), m.group(2), m.group(3) == null ? Double.NaN : Double.parseDouble(m.group(3)),
                        Integer.parseInt(m.group(4))));
            }
        }
        if (results.isEmpty()) {
            throw new IOException(binary + " printed nothing usable: " + out.strip());
        }
        return results;
    }

    /** @return {@code target/floor} beside the benchmarks jar, or {@code blit-bench/target/floor} */
    static Path directory() {
        try {
            Path code = Path.of(CFloor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path target = Files.isDirectory(code) ? code.getParent() : code.getParent(); // target/classes or target/benchmarks.jar
            if (target != null && target.getFileName() != null && target.getFileName().toString().equals("target")) {
                return target.resolve("floor");
            }
        } catch (URISyntaxException | RuntimeException e) {
            // fall through
        }
        return Path.of("blit-bench", "target", "floor");
    }

    private static String compiler() {
        String cc = System.getenv("CC");
        if (cc != null && !cc.isBlank() && onPath(cc.strip()) != null) {
            return onPath(cc.strip());
        }
        for (String c : new String[] {"cc", "gcc", "clang"}) {
            String found = onPath(c);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    private static String onPath(String name) {
        if (name.contains("/")) {
            return Files.isExecutable(Path.of(name)) ? name : null;
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(java.io.File.pathSeparator)) {
            if (!d.isEmpty() && Files.isExecutable(Path.of(d, name))) {
                return Path.of(d, name).toString();
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "CFloor[%s]", binary == null ? "skipped: " + skipped : binary);
    }
}
