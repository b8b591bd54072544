package dev.blit.log;

import dev.blit.Blit;
import dev.blit.Marshallable;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * A rough look at append and read speed, for a MarketData-sized record (2 longs, 16 doubles: 145 bytes of
 * payload). Not a benchmark (JMH rows live in blit-bench); run by hand:
 * {@code java -cp <test classpath> dev.blit.log.LogAppendSpeed [records]}.
 */
public final class LogAppendSpeed {
    private LogAppendSpeed() {
    }

    static final class Quote implements Marshallable {
        long id;
        long time;
        final double[] v = new double[16];

        @Override
        public void writeMarshallable(WriteBuffer out) {
            out.ensure(144);
            out.writeLong(id);
            out.writeLong(time);
            for (double d : v) {
                out.writeDouble(d);
            }
        }

        @Override
        public void readMarshallable(ReadBuffer in) {
            id = in.readLong();
            time = in.readLong();
            for (int i = 0; i < 16; i++) {
                v[i] = in.readDouble();
            }
        }
    }

    public static void main(String[] args) throws IOException {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        Blit blit = Blit.builder().register(Quote.class, 100).build();
        Quote q = new Quote();
        for (int i = 0; i < 16; i++) {
            q.v[i] = i * 1.25;
        }
        WriteBuffer heap = new WriteBuffer(1024);
        java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            long x = 0;
            for (int i = 0; i < n; i++) {
                q.id = i;
                heap.clear();
                blit.write(q, heap);
                crc.reset();
                crc.update(heap.array(), 0, (int) heap.position());
                x += crc.getValue();
            }
            long t1 = System.nanoTime();
            System.out.printf("baseline: encode + crc to heap %.0f ns each (%d)%n", (t1 - t0) / (double) n, x);
        }
        for (int round = 0; round < 5; round++) {
            Path dir = Files.createTempDirectory("blitlog-speed");
            try (BlitLog log = BlitLog.open(dir, blit)) {
                long t0 = System.nanoTime();
                for (int i = 0; i < n; i++) {
                    q.id = i;
                    log.append(q);
                }
                long t1 = System.nanoTime();
                long sum = 0;
                for (int i = 0; i < n; i++) {
                    sum += ((Quote) log.read(i)).id;
                }
                long t2 = System.nanoTime();
                System.out.printf("round %d: append %.2f M records/s (%.0f ns each), read by index %.2f M records/s (%d)%n",
                        round, n / ((t1 - t0) / 1e3), (t1 - t0) / (double) n, n / ((t2 - t1) / 1e3), sum);
            } finally {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }
}
