package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.buffer.WriteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.LongStream;

import static dev.blit.log.LogTesting.describe;
import static dev.blit.log.LogTesting.matches;
import static dev.blit.log.LogTesting.record;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectFileTest {
    private static final Blit BLIT = LogTesting.blit();
    private static final int VALUES = 100_000;

    @TempDir
    Path dir;

    private static Iterable<Object> records(long n) {
        return () -> LongStream.range(0, n).mapToObj(LogTesting::record).iterator();
    }

    private static void assertReadsRecords(ObjectFile.Reader r, long n) {
        long i = 0;
        for (Object o : r) {
            if (!matches(i, o)) {
                throw new AssertionError("value " + i + " is " + describe(o));
            }
            i++;
        }
        assertEquals(n, i);
        assertEquals(n, r.count());
        assertFalse(r.hasNext());
    }

    @Test
    void hundredThousandSmallObjectsComeBackOneByOneFromAMappedFile() {
        Path file = dir.resolve("values.blit");
        assertEquals(VALUES, ObjectFile.write(file, BLIT, records(VALUES)));
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
            assertReadsRecords(r, VALUES);
        }
    }

    @Test
    void hundredThousandSmallObjectsComeBackOneByOneFromAStream() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectFile.Writer w = ObjectFile.writer(bytes, BLIT)) {
            for (Object v : records(VALUES)) {
                w.write(v);
            }
            assertEquals(VALUES, w.count());
        }
        try (ObjectFile.Reader r = ObjectFile.reader(new ByteArrayInputStream(bytes.toByteArray()), BLIT)) {
            assertReadsRecords(r, VALUES);
        }
    }

    @Test
    void fileAndStreamHoldTheSameBytesPlainConcatenatedValues() throws IOException {
        Path file = dir.resolve("values.blit");
        ObjectFile.write(file, BLIT, records(1000));
        ByteArrayOutputStream expected = new ByteArrayOutputStream();
        for (Object v : records(1000)) {
            expected.write(BLIT.toBytes(v));
        }
        assertArrayEquals(expected.toByteArray(), Files.readAllBytes(file));
        ByteArrayOutputStream viaBuffer = new ByteArrayOutputStream();
        WriteBuffer out = WriteBuffer.to(viaBuffer);
        for (Object v : records(1000)) {
            BLIT.write(v, out);
        }
        out.flush();
        assertArrayEquals(expected.toByteArray(), viaBuffer.toByteArray());
    }

    @Test
    void mappedReaderHoldsOneWindowAtATimeAndReadsValuesThatStraddleWindows() {
        Path file = dir.resolve("big.blit");
        int n = 40_000;
        ObjectFile.write(file, BLIT, records(n));
        int window = 64 * 1024;
        // From Java 22 on the old window is unmapped at once, so this process maps one window of the file at a time.
        boolean countMappings = Mapping.unmapsAtOnce() && Files.isReadable(LogTesting.PROC_MAPS);
        ObjectFile.Reader closed;
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT, window)) {
            long i = 0;
            while (r.hasNext()) {
                Object o = r.next();
                assertTrue(matches(i, o), "value " + i);
                assertTrue(r.mappedBytes() <= window, "mapped " + r.mappedBytes());
                if (countMappings && i % 2_000 == 0) {
                    assertEquals(1, LogTesting.mappingsOf(file), "value " + i);
                }
                i++;
            }
            assertEquals(n, i);
            assertTrue(r.windowsMapped() > 20, "windows: " + r.windowsMapped());
            closed = r;
        }
        if (countMappings) {
            assertEquals(0, LogTesting.mappingsOf(file));
        }
        assertFalse(closed.hasNext()); // and keeps the reader reachable until here
    }

    @Test
    void aClosedReaderSaysSoRatherThanThatNoValueIsLeft() throws IOException {
        Path file = dir.resolve("values.blit");
        ObjectFile.write(file, BLIT, records(3));
        ObjectFile.Reader r = ObjectFile.reader(file, BLIT);
        assertTrue(matches(0, r.next()));
        r.close();
        assertFalse(r.hasNext());
        BlitException e = assertThrows(BlitException.class, r::next);
        assertTrue(e.getMessage().contains("reader is closed"), e.getMessage());
        ObjectFile.Reader s = ObjectFile.reader(new ByteArrayInputStream(Files.readAllBytes(file)), BLIT);
        s.close();
        assertThrows(BlitException.class, () -> s.iterator().next());
    }

    @Test
    void aFileOfUpTo64KibIsReadWholeWithoutAMappingAndALargerOneIsMapped() throws IOException {
        // A byte[] whose encoding is exactly READ_WHOLE bytes, then one a byte longer: the boundary on both sides.
        int n = ObjectFile.READ_WHOLE - 8;
        while (BLIT.toBytes(new byte[n]).length < ObjectFile.READ_WHOLE) {
            n++;
        }
        assertEquals(ObjectFile.READ_WHOLE, BLIT.toBytes(new byte[n]).length);
        for (int extra = 0; extra <= 1; extra++) {
            byte[] value = new byte[n + extra];
            Arrays.fill(value, (byte) (7 + extra));
            Path file = dir.resolve("edge" + extra + ".blit");
            ObjectFile.write(file, BLIT, List.of(value));
            assertEquals(ObjectFile.READ_WHOLE + extra, Files.size(file));
            try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
                assertArrayEquals(value, (byte[]) r.next());
                assertFalse(r.hasNext());
                assertEquals(extra, r.windowsMapped(), "windows mapped for a file of " + Files.size(file) + " bytes");
            }
        }
        // Many small values in a small file: every one read, nothing mapped.
        Path small = dir.resolve("small.blit");
        ObjectFile.write(small, BLIT, records(200));
        assertTrue(Files.size(small) < ObjectFile.READ_WHOLE, "size " + Files.size(small));
        try (ObjectFile.Reader r = ObjectFile.reader(small, BLIT)) {
            long i = 0;
            for (Object o : r) {
                assertTrue(matches(i, o), "value " + i);
                i++;
            }
            assertEquals(200, i);
            assertEquals(0, r.windowsMapped());
            assertEquals(0, r.mappedBytes());
        }
    }

    @Test
    void badBytesInASmallFileReadWholeAreABlitExceptionWithTheValuesOffset() throws IOException {
        BlitException e = badByteAtValue("bad-small.blit", 20, 10, ObjectFile.WINDOW, 0);
        assertTrue(e.getMessage().contains("; offsets below count from 0"), e.getMessage());
    }

    @Test
    void valueLargerThanTheWindowGetsABiggerWindow() {
        Path file = dir.resolve("large.blit");
        long[] big = new long[1000];
        Arrays.setAll(big, i -> i * 3L);
        ObjectFile.write(file, BLIT, Arrays.asList("a", big, "b", big));
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT, 1024)) {
            assertEquals("a", r.next());
            assertArrayEquals(big, (long[]) r.next());
            assertEquals("b", r.next());
            assertArrayEquals(big, (long[]) r.next());
            assertFalse(r.hasNext());
            assertTrue(r.mappedBytes() <= 16 * 1024, "mapped " + r.mappedBytes());
        }
    }

    @Test
    void badBytesInTheMiddleOfAMappedFileAreABlitExceptionWithTheValuesOffset() throws IOException {
        badByteAtValue("bad.blit", 1000, 500, 1024, -1);
    }

    /**
     * Writes {@code n} records, puts an unassigned built-in id where value {@code bad} starts, and reads through a
     * reader with the given window: every value before it, then a {@code BlitException} naming its number and
     * offset in the file. {@code mapped}: how many windows the reader must have mapped by then, or -1 for any.
     */
    private BlitException badByteAtValue(String name, int n, int bad, int window, long mapped) throws IOException {
        Path file = dir.resolve(name);
        ObjectFile.write(file, BLIT, records(n));
        long at = 0;
        for (int i = 0; i < bad; i++) {
            at += BLIT.toBytes(record(i)).length;
        }
        byte[] all = Files.readAllBytes(file);
        all[(int) at] = (byte) 99; // a built-in id that is not assigned
        Files.write(file, all);
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT, window)) {
            for (int i = 0; i < bad; i++) {
                assertTrue(matches(i, r.next()));
            }
            BlitException e = assertThrows(BlitException.class, r::next);
            assertTrue(e.getMessage().contains("value #" + bad + " at offset " + at + " of " + file), e.getMessage());
            if (mapped >= 0) {
                assertEquals(mapped, r.windowsMapped());
            }
            return e;
        }
    }

    @Test
    void truncatedFileReadsUpToTheLastWholeValueThenNamesTheOffset() throws IOException {
        Path file = dir.resolve("cut.blit");
        ObjectFile.write(file, BLIT, records(10));
        byte[] all = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(all, all.length - 3));
        long lastStart = all.length - BLIT.toBytes(record(9)).length;
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
            for (int i = 0; i < 9; i++) {
                assertTrue(matches(i, r.next()));
            }
            BlitException e = assertThrows(BlitException.class, r::next);
            assertTrue(e.getMessage().contains("value #9 at offset " + lastStart), e.getMessage());
        }
        try (ObjectFile.Reader r = ObjectFile.reader(new ByteArrayInputStream(Arrays.copyOf(all, all.length - 3)), BLIT)) {
            for (int i = 0; i < 9; i++) {
                assertTrue(matches(i, r.next()));
            }
            BlitException e = assertThrows(BlitException.class, r::next);
            assertTrue(e.getMessage().contains("value #9 at stream offset " + lastStart), e.getMessage());
        }
    }

    @Test
    void emptyFileHasNoValues() throws IOException {
        Path file = dir.resolve("empty.blit");
        Files.write(file, new byte[0]);
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
            assertFalse(r.hasNext());
            assertThrows(NoSuchElementException.class, r::next);
        }
    }

    @Test
    void writerLeavesACallersStreamOpenAndClosesAFileItOpened() throws IOException {
        class TrackingStream extends OutputStream {
            final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            boolean closed;

            @Override
            public void write(int b) {
                bytes.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) {
                bytes.write(b, off, len);
            }

            @Override
            public void close() {
                closed = true;
            }
        }
        TrackingStream out = new TrackingStream();
        try (ObjectFile.Writer w = ObjectFile.writer(out, BLIT)) {
            w.write("x");
            w.write(null);
        }
        assertFalse(out.closed);
        assertArrayEquals(new byte[]{11, 3, 'x', 0}, out.bytes.toByteArray());
        InputStream in = new ByteArrayInputStream(out.bytes.toByteArray());
        List<Object> back = new ArrayList<>();
        try (ObjectFile.Reader r = ObjectFile.reader(in, BLIT)) {
            r.forEach(back::add);
        }
        assertEquals(Arrays.asList("x", null), back);
    }

    /**
     * A flush that failed after the stream took part of the bytes (a connection reset mid-write) left the writer
     * taking values: the next flush sent the staged bytes again after the part already sent, and the stream read
     * back as values never written. What such a stream holds past the last good flush is unknown, so the writer
     * now takes no more values, and closing it sends nothing more.
     */
    @Test
    void aWriterWhoseStreamFailedTakesNoMoreValues() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        boolean[] failOnce = {false};
        OutputStream out = new OutputStream() {
            @Override
            public void write(int b) {
                sink.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (failOnce[0]) {
                    failOnce[0] = false;
                    sink.write(b, off, 4);
                    throw new IOException("connection reset after 4 bytes");
                }
                sink.write(b, off, len);
            }
        };
        ObjectFile.Writer w = ObjectFile.writer(out, BLIT);
        w.write("hello");
        w.write(List.of(1, 2, 3));
        failOnce[0] = true;
        assertThrows(BlitException.class, w::flush);
        BlitException e = assertThrows(BlitException.class, () -> w.write("after"));
        assertTrue(e.getMessage().contains("takes no more values") && e.getMessage().contains("connection reset"),
                e.getMessage());
        assertThrows(BlitException.class, w::flush);
        w.close();
        assertEquals(4, sink.size(), "nothing after the part the failed flush sent");
    }

    /** A file on a full disk (/dev/full): the failed flush or sync stops the writer, which then refuses values. */
    @Test
    void aWriterWhoseFileFailedTakesNoMoreValues() {
        Path full = Path.of("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(full), "no /dev/full here");
        ObjectFile.Writer w = ObjectFile.writer(full, BLIT);
        w.write("a");
        assertThrows(BlitException.class, w::sync);
        BlitException e = assertThrows(BlitException.class, () -> w.write("b"));
        assertTrue(e.getMessage().contains("takes no more values"), e.getMessage());
        assertThrows(BlitException.class, w::sync);
        w.close();
    }

    /**
     * A value larger than the largest window a mapped read takes (1 GiB; lowered to 64 MiB here) is no torn tail either: the
     * appender reads the rest of the file as a stream and appends after it. It used to call the file cut short and
     * advise truncating it before that value, which would have lost it and all after it (found by a scale hunt).
     */
    @Test
    void anAppenderReadsPastAValueLargerThanTheLargestWindow() {
        Path file = dir.resolve("big.blit");
        byte[] big = new byte[70_000_000]; // over the first window (64 MiB), which is also the largest one here
        java.util.Arrays.fill(big, (byte) 7);
        ObjectFile.write(file, BLIT, List.of("a", big, "b"));
        int before = ObjectFile.maxWindow;
        ObjectFile.maxWindow = ObjectFile.WINDOW;
        try {
            try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
                assertEquals("a", r.next());
                BlitException e = assertThrows(BlitException.class, r::next);
                assertTrue(e.getMessage().contains("read it through reader(InputStream, blit)"), e.getMessage());
            }
            try (ObjectFile.Writer w = ObjectFile.appender(file, BLIT)) {
                w.write("appended");
            }
        } finally {
            ObjectFile.maxWindow = before;
        }
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
            assertEquals("a", r.next());
            assertArrayEquals(big, (byte[]) r.next());
            assertEquals("b", r.next());
            assertEquals("appended", r.next());
            assertFalse(r.hasNext());
        }
    }

    /** A value the file's Blit wrote but reads only with higher limits is no torn tail: nothing is to be cut. */
    @Test
    void anAppenderSaysAValueIsOverTheReadLimitsWithoutCallingTheFileTorn() {
        Blit limited = Blit.builder().maxLength(1000).build();
        Path file = dir.resolve("limits.blit");
        ObjectFile.write(file, limited, List.of("small", "x".repeat(2000), "after"));
        BlitException e = assertThrows(BlitException.class, () -> ObjectFile.appender(file, limited));
        assertTrue(e.getMessage().contains("value #1, at offset 7, is over this Blit's read limits")
                && e.getMessage().contains("maxLength"), e.getMessage());
        assertFalse(e.getMessage().contains("truncate"), e.getMessage());
        Blit roomy = Blit.builder().maxLength(4000).build();
        try (ObjectFile.Writer w = ObjectFile.appender(file, roomy)) {
            w.write("appended");
        }
        try (ObjectFile.Reader r = ObjectFile.reader(file, roomy)) {
            assertEquals("small", r.next());
            assertEquals("x".repeat(2000), r.next());
            assertEquals("after", r.next());
            assertEquals("appended", r.next());
        }
    }

    @Test
    void randomBytesEndInValuesOrABlitExceptionNeverAnotherException() throws IOException {
        java.util.Random random = new java.util.Random(7);
        Path file = dir.resolve("noise.blit");
        for (int t = 0; t < 500; t++) {
            byte[] noise = new byte[1 + random.nextInt(200)];
            random.nextBytes(noise);
            Files.write(file, noise);
            for (boolean mapped : new boolean[]{true, false}) {
                try (ObjectFile.Reader r = mapped ? ObjectFile.reader(file, BLIT)
                        : ObjectFile.reader(new ByteArrayInputStream(noise), BLIT)) {
                    for (Object ignored : r) {
                        // values or a BlitException
                    }
                } catch (BlitException e) {
                    assertTrue(e.getMessage().contains("offset"), e.getMessage());
                }
            }
        }
    }

    /** Creates a named pipe with mkfifo, or skips the test where there is none. */
    static Path fifo(Path file) throws InterruptedException {
        try {
            Process p = new ProcessBuilder("mkfifo", file.toString()).redirectErrorStream(true).start();
            assumeTrue(p.waitFor() == 0 && Files.exists(file), "mkfifo failed");
        } catch (IOException e) {
            assumeTrue(false, "no mkfifo: " + e);
        }
        return file;
    }

    /**
     * A named pipe, or /dev/stdin fed by a pipe ({@code cat f | prog /dev/stdin}): the reader trusted its size, which
     * is 0, and read no value without a word. It is read as a stream now.
     */
    @Test
    void aNamedPipeIsReadAsAStreamNotAsAnEmptyFile() throws Exception {
        Path pipe = fifo(dir.resolve("pipe"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectFile.Writer w = ObjectFile.writer(bytes, BLIT)) {
            for (Object v : records(1000)) {
                w.write(v);
            }
        }
        Thread feeder = new Thread(() -> {
            try {
                Files.write(pipe, bytes.toByteArray());
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        feeder.setDaemon(true); // never left blocked in opening the pipe if the reader fails first
        feeder.start();
        try (ObjectFile.Reader r = ObjectFile.reader(pipe, BLIT)) {
            assertReadsRecords(r, 1000);
        }
        feeder.join(10_000);
        BlitException e = assertThrows(BlitException.class, () -> ObjectFile.reader(dir, BLIT));
        assertTrue(e.getMessage().contains("is a directory"), e.getMessage());
    }

    /**
     * A file cut short while a mapped reader was between windows: mapping the next window past the new end said
     * "Channel not open for writing - cannot extend file to required size". It now says the file became shorter.
     */
    @Test
    void aFileShortenedUnderAMappedReaderIsSaidToHaveBecomeShorter() throws IOException {
        Path file = dir.resolve("big.blit");
        ObjectFile.write(file, BLIT, records(40_000));
        long size = Files.size(file);
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT, 64 * 1024)) {
            assertTrue(matches(0, r.next()));
            try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file,
                    java.nio.file.StandardOpenOption.WRITE)) {
                ch.truncate(size / 2);
            }
            BlitException e = assertThrows(BlitException.class, () -> {
                while (r.hasNext()) {
                    r.next();
                }
            });
            assertTrue(e.getMessage().contains("the file became shorter while it was read (" + size
                    + " bytes when it was opened, " + size / 2 + " now)"), e.getMessage());
        }
    }

    @Test
    void missingFileIsABlitException() {
        assertThrows(BlitException.class, () -> ObjectFile.reader(dir.resolve("nope"), BLIT));
        assertThrows(BlitException.class, () -> ObjectFile.writer(dir.resolve("no/such/dir/f"), BLIT));
    }
}
