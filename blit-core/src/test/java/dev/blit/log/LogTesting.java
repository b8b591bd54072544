package dev.blit.log;

import dev.blit.Blit;
import dev.blit.Marshallable;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/** Values whose content follows from their index, so a reopened log can be checked record by record. */
final class LogTesting {
    private LogTesting() {
    }

    /** A small hand-written record, registered under id 100. */
    static final class Tick implements Marshallable {
        long time;
        double price;
        String symbol;

        Tick() {
        }

        Tick(long time, double price, String symbol) {
            this.time = time;
            this.price = price;
            this.symbol = symbol;
        }

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.writeLong(time);
            out.writeDouble(price);
            out.writeString(symbol);
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            time = in.readLong();
            price = in.readDouble();
            symbol = in.readString();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Tick && ((Tick) o).time == time && Double.compare(((Tick) o).price, price) == 0
                    && Objects.equals(((Tick) o).symbol, symbol);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(time);
        }

        @Override
        public String toString() {
            return "Tick[" + time + ", " + price + ", " + symbol + "]";
        }
    }

    /** Starts {@link LogChild} with {@code args} in a second JVM of this one's JDK and class path. */
    static Process child(String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xshare:auto");
        cmd.add("-XX:TieredStopAtLevel=1");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(LogChild.class.getName());
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    static Blit blit() {
        return Blit.builder().register(Tick.class, 100).build();
    }

    /** The value stored at {@code index}: sizes vary from a few bytes to about 300. */
    static Object record(long index) {
        int k = (int) (index % 7);
        switch (k) {
            case 0:
                return new Tick(index, index * 0.25, "SYM" + index);
            case 1:
                return "record-" + index + "-" + "x".repeat((int) (index % 97));
            case 2: {
                long[] a = new long[(int) (index % 29)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = index * 31 + i;
                }
                return a;
            }
            case 3:
                return index;
            default:
                return new Object[]{index, "r" + index, new Tick(-index, 1.5, null), null};
        }
    }

    /**
     * The values of version {@code v} of a saved object file: {@code v} itself, then 20 to 2,019 records
     * (depending on v, so versions differ in length), so that a mix of two versions, or a part of one, is told
     * from a whole one by {@link #isVersion}.
     */
    static List<Object> version(long v) {
        int n = 20 + (int) ((v * 7919) % 2000);
        List<Object> values = new ArrayList<>(n + 1);
        values.add(v);
        for (int i = 0; i < n; i++) {
            values.add(record(v * 10_000 + i));
        }
        return values;
    }

    /** @return whether {@code values} are exactly some whole {@link #version}, and which; -1 if not */
    static long isVersion(List<Object> values) {
        if (values.isEmpty() || !(values.get(0) instanceof Long)) {
            return -1;
        }
        long v = (Long) values.get(0);
        return Arrays.deepEquals(version(v).toArray(), values.toArray()) ? v : -1;
    }

    static boolean matches(long index, Object actual) {
        return Arrays.deepEquals(new Object[]{record(index)}, new Object[]{actual});
    }

    static String describe(Object v) {
        return Arrays.deepToString(new Object[]{v});
    }

    /** Where this process's memory mappings are listed (Linux); the mapping tests need it. */
    static final Path PROC_MAPS = Path.of("/proc/self/maps");

    /**
     * @param under a file or directory
     * @return how many of this process's memory mappings are of files at or under it (from {@link #PROC_MAPS})
     */
    static long mappingsOf(Path under) {
        try {
            String prefix = under.toRealPath().toString();
            return Files.readAllLines(PROC_MAPS).stream().filter(l -> {
                int at = l.indexOf(prefix);
                return at > 0 && (l.length() == at + prefix.length() || l.charAt(at + prefix.length()) == '/');
            }).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
