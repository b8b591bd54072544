package dev.blit.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** Where and how a run happened, for the report headers. */
public final class Environment {
    public final String date;
    public final String jdk;
    public final String os;
    public final String cpu;
    public final int cores;
    public final String mode;

    /**
     * @param mode a description of the run's iteration settings
     */
    public Environment(String mode) {
        this.date = ZonedDateTime.now(ZoneOffset.UTC).format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'"));
        this.jdk = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        this.os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
        this.cpu = cpuModel();
        this.cores = Runtime.getRuntime().availableProcessors();
        this.mode = mode;
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch");
    }

    /** @return one line: date, CPU, cores, JDK, OS */
    public String summary() {
        return date + " · " + cpu + " · " + cores + " cores · " + jdk + " · " + os;
    }
}
