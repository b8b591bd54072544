package dev.blit.log;

import dev.blit.Blit;
import dev.blit.Marshallable;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
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
