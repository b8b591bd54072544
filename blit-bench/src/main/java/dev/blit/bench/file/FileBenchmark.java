package dev.blit.bench.file;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.blit.Blit;
import dev.blit.bench.Contenders;
import dev.blit.bench.Jvm;
import dev.blit.bench.SelfCheck;
import dev.blit.bench.peers.Kryos;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.log.ObjectFile;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * Issue 4's workload 2: the {@link FileObject} written to a temporary file and read back, the file I/O included
 * in the timing as in the article. Every {@code write} opens the file, writes, cuts it to the new length and
 * closes it; every {@code read} opens it, reads a new object and closes it. Sizes are the file's length.
 *
 * <p>Files are overwritten in place and then truncated to their new length, never truncated at open: on ext4 a
 * file truncated to zero and rewritten starts its writeback on close ({@code auto_da_alloc}), and the write would
 * time the disk (milliseconds, mostly noise) instead of the serializer and the system calls. Every contender
 * opens and closes the file the same way ({@link Overwrite}).
 *
 * <ul>
 *   <li>{@code blitGenerated}: Blit encodes into a reused buffer, one {@link FileChannel} write; the read loads the
 *       file into a reused array with one channel read and decodes it.</li>
 *   <li>{@code blitCompact}: as {@code blitGenerated}, with {@code compactArrays(true)}: the long[]'s elements in
 *       the narrowest width that holds them (4 bytes here).</li>
 *   <li>{@code blitObjectFile}: Blit's {@link ObjectFile} writer and reader on file streams.</li>
 *   <li>{@code blitObjectFilePath}: the same writer, and the reader a user opens on a path
 *       ({@link ObjectFile#reader(Path, Blit)}).</li>
 *   <li>{@code kryo}: Kryo {@link Output} / {@link Input} on file streams (reused Kryo buffers).</li>
 *   <li>{@code jdk}: {@link ObjectOutputStream} / {@link ObjectInputStream} on buffered file streams.</li>
 * </ul>
 */
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FileBenchmark {
    private static final int CAPACITY = 8192;

    private final FileObject value = FileObject.sample();
    private Path file;

    private Blit blit;
    private final WriteBuffer blitOut = new WriteBuffer(CAPACITY);
    private final ByteBuffer blitIn = ByteBuffer.allocate(CAPACITY);

    private Kryo kryo;
    private final Output kryoOut = new Output(CAPACITY);
    private final Input kryoIn = new Input(CAPACITY);

    private final SelfCheck check = new SelfCheck();

    /** Builds only the contender JMH is about to measure (see {@link SelfCheck#run}). */
    @Setup
    public void setup(BenchmarkParams params) {
        setup(Contenders.of(params));
    }

    void setup(String only) {
        try {
            file = Files.createTempFile("blit-bench-file", ".bin");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        check.run(only, "blitGenerated", () -> {
            blit = Blit.builder().register(FileObject.class, 100).build();
            blitGeneratedWrite();
            check.verify("blitGenerated", size(), blitGeneratedRead(), value);
        });
        check.run(only, "blitCompact", () -> {
            blit = Blit.builder().register(FileObject.class, 100).compactArrays(true).build();
            blitCompactWrite();
            check.verify("blitCompact", size(), blitCompactRead(), value);
        });
        check.run(only, "blitObjectFile", () -> {
            blit = Blit.builder().register(FileObject.class, 100).build();
            blitObjectFileWrite();
            check.verify("blitObjectFile", size(), blitObjectFileRead(), value);
        });
        check.run(only, "blitObjectFilePath", () -> {
            blit = Blit.builder().register(FileObject.class, 100).build();
            blitObjectFilePathWrite();
            check.verify("blitObjectFilePath", size(), blitObjectFilePathRead(), value);
        });
        check.run(only, "kryo", () -> {
            kryo = Kryos.create(false, FileObject.class, long[].class);
            kryoWrite();
            check.verify("kryo", size(), kryoRead(), value);
        });
        check.run(only, "jdk", () -> {
            jdkWrite();
            check.verify("jdk", size(), jdkRead(), value);
        });
    }

    private int size() {
        try {
            return (int) Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @TearDown
    public void tearDown() throws IOException {
        if (file != null) {
            Files.deleteIfExists(file);
        }
    }

    /** @return sizes, decode checks and pending contenders, from one setup run outside JMH */
    public static SelfCheck selfCheck() {
        FileBenchmark b = new FileBenchmark();
        try {
            b.setup((String) null);
            return b.check;
        } finally {
            try {
                b.tearDown();
            } catch (IOException ignored) {
                // a temp file left behind
            }
        }
    }

    /** An output stream over a file opened without truncation; close cuts the file to what was written. */
    static final class Overwrite extends OutputStream {
        private final FileChannel channel;
        private final OutputStream out;

        Overwrite(Path file) throws IOException {
            channel = FileChannel.open(file, StandardOpenOption.WRITE);
            out = Channels.newOutputStream(channel);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            try {
                channel.truncate(channel.position());
            } finally {
                channel.close();
            }
        }
    }

    // ---------------------------------------------------------------- Blit, reused buffer + one FileChannel write / read

    @Benchmark
    public long blitGeneratedWrite() {
        blitOut.clear();
        blit.write(value, blitOut);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ByteBuffer bb = ByteBuffer.wrap(blitOut.array(), 0, (int) blitOut.position());
            while (bb.hasRemaining()) {
                ch.write(bb);
            }
            ch.truncate(blitOut.position());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return blitOut.position();
    }

    @Benchmark
    public Object blitGeneratedRead() {
        blitIn.clear();
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (ch.read(blitIn) >= 0 && blitIn.hasRemaining()) {
                // until the end of the file
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return blit.read(ReadBuffer.of(blitIn.array(), 0, blitIn.position()));
    }

    @Benchmark
    public Object blitGeneratedRoundTrip() {
        blitGeneratedWrite();
        return blitGeneratedRead();
    }

    // ---------------------------------------------------------------- Blit, compactArrays(true): the same path

    @Benchmark
    public long blitCompactWrite() {
        return blitGeneratedWrite();
    }

    @Benchmark
    public Object blitCompactRead() {
        return blitGeneratedRead();
    }

    @Benchmark
    public Object blitCompactRoundTrip() {
        blitGeneratedWrite();
        return blitGeneratedRead();
    }

    // ---------------------------------------------------------------- Blit ObjectFile (writer on the path, reader on a stream)

    @Benchmark
    public long blitObjectFileWrite() {
        try (OutputStream out = new Overwrite(file); ObjectFile.Writer w = ObjectFile.writer(out, blit)) {
            w.write(value);
            return w.bytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public Object blitObjectFileRead() {
        try (InputStream in = new FileInputStream(file.toFile()); ObjectFile.Reader r = ObjectFile.reader(in, blit)) {
            return r.next();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public Object blitObjectFileRoundTrip() {
        blitObjectFileWrite();
        return blitObjectFileRead();
    }

    // ---------------------------------------------------------------- Blit ObjectFile, the reader on the path

    @Benchmark
    public long blitObjectFilePathWrite() {
        return blitObjectFileWrite();
    }

    @Benchmark
    public Object blitObjectFilePathRead() {
        try (ObjectFile.Reader r = ObjectFile.reader(file, blit)) {
            return r.next();
        }
    }

    @Benchmark
    public Object blitObjectFilePathRoundTrip() {
        blitObjectFileWrite();
        return blitObjectFilePathRead();
    }

    // ---------------------------------------------------------------- Kryo 5 on file streams

    @Benchmark
    public long kryoWrite() {
        try (OutputStream out = new Overwrite(file)) {
            kryoOut.setOutputStream(out);
            kryo.writeClassAndObject(kryoOut, value);
            kryoOut.flush();
            long n = kryoOut.total();
            kryoOut.setOutputStream(null);
            return n;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public Object kryoRead() {
        try (FileInputStream in = new FileInputStream(file.toFile())) {
            kryoIn.setInputStream(in);
            Object o = kryo.readClassAndObject(kryoIn);
            kryoIn.setInputStream(null);
            return o;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Benchmark
    public Object kryoRoundTrip() {
        kryoWrite();
        return kryoRead();
    }

    // ---------------------------------------------------------------- JDK Serializable on buffered file streams

    @Benchmark
    public long jdkWrite() {
        try (ObjectOutputStream out = new ObjectOutputStream(new BufferedOutputStream(new Overwrite(file)))) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return 0;
    }

    @Benchmark
    public Object jdkRead() {
        try (ObjectInputStream in = new ObjectInputStream(new BufferedInputStream(new FileInputStream(file.toFile())))) {
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    @Benchmark
    public Object jdkRoundTrip() {
        jdkWrite();
        return jdkRead();
    }
}
