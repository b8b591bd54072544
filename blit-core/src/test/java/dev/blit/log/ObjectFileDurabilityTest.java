package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static dev.blit.log.LogTesting.describe;
import static dev.blit.log.LogTesting.matches;
import static dev.blit.log.LogTesting.record;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Object files that keep what was written: the atomic save, a writer's sync, the appender's check of the
 * file's end, and values that fail to write leaving nothing behind. {@link ObjectFileProcessTest} kills a
 * process mid-save.
 */
class ObjectFileDurabilityTest {
    private static final Blit BLIT = LogTesting.blit();

    /** Not registered: writing one fails. */
    static final class Unregistered {
    }

    @TempDir
    Path dir;

    private static List<Object> records(long from, long to) {
        return LongStream.range(from, to).mapToObj(LogTesting::record).collect(Collectors.toList());
    }

    /**
     * A value that fails after about {@code before} bytes of it were encoded, in strings of a thousand chars:
     * past the writer's staging area, most of it has been sent on to the file or stream when it fails.
     */
    static Object failing(int before) {
        List<Object> parts = new ArrayList<>();
        for (int n = 0; n < before; n += 1000) {
            parts.add("x".repeat(Math.min(1000, before - n)));
        }
        parts.add(new Unregistered());
        return parts;
    }

    private static List<Object> readAll(Path file) {
        List<Object> values = new ArrayList<>();
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
            r.forEach(values::add);
        }
        return values;
    }

    private static void assertHoldsRecords(Path file, long from, long to) {
        List<Object> values = readAll(file);
        assertEquals(to - from, values.size());
        for (int i = 0; i < values.size(); i++) {
            if (!matches(from + i, values.get(i))) {
                throw new AssertionError("value " + i + " is " + describe(values.get(i)));
            }
        }
    }

    private List<String> filesInDir() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void saveReplacesTheWholeFileAndLeavesNoOtherFile() throws IOException {
        Path file = dir.resolve("values.blit");
        assertEquals(300, ObjectFile.write(file, BLIT, records(0, 300)));
        assertEquals(50, ObjectFile.write(file, BLIT, records(1000, 1050)));
        assertHoldsRecords(file, 1000, 1050);
        assertEquals(List.of("values.blit"), filesInDir());
    }

    @Test
    void aSaveThatFailsLeavesTheFileAsItWasAndNoTemporaryFile() throws IOException {
        Path file = dir.resolve("values.blit");
        ObjectFile.write(file, BLIT, records(0, 300));
        byte[] before = Files.readAllBytes(file);
        for (int size : new int[]{10, 200_000}) {
            List<Object> values = new ArrayList<>(records(0, 5000));
            values.add(failing(size));
            BlitException e = assertThrows(BlitException.class, () -> ObjectFile.write(file, BLIT, values));
            assertTrue(e.getMessage().contains(Unregistered.class.getName()), e.getMessage());
            assertArrayEquals(before, Files.readAllBytes(file));
            assertEquals(List.of("values.blit"), filesInDir());
        }
    }

    @Test
    void anIterableThatThrowsLeavesTheFileAsItWas() throws IOException {
        Path file = dir.resolve("values.blit");
        ObjectFile.write(file, BLIT, records(0, 10));
        byte[] before = Files.readAllBytes(file);
        Iterable<Object> broken = () -> new Iterator<>() {
            int n;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Object next() {
                if (n == 100) {
                    throw new IllegalStateException("source failed");
                }
                return record(n++);
            }
        };
        assertThrows(IllegalStateException.class, () -> ObjectFile.write(file, BLIT, broken));
        assertArrayEquals(before, Files.readAllBytes(file));
        assertEquals(List.of("values.blit"), filesInDir());
    }

    @Test
    void saveKeepsTheFilesPermissionsAndALinkStaysALink() throws IOException {
        assumeTrue(Files.getFileAttributeView(dir, PosixFileAttributeView.class) != null, "POSIX file system");
        Path file = dir.resolve("values.blit");
        ObjectFile.write(file, BLIT, records(0, 10));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        Path link = dir.resolve("link.blit");
        Files.createSymbolicLink(link, file.getFileName());
        ObjectFile.write(link, BLIT, records(10, 30));
        assertTrue(Files.isSymbolicLink(link));
        assertHoldsRecords(file, 10, 30);
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void saveThroughADanglingLinkCreatesItsTargetAndTheLinkStaysALink() throws IOException {
        // current -> sub/next -> data.blit, which does not exist yet: each relative target counts from its link's
        // directory, so the file to create is sub/data.blit (not a regular file in place of the link).
        Files.createDirectory(dir.resolve("sub"));
        Path link = dir.resolve("current");
        Path next = dir.resolve("sub").resolve("next");
        Files.createSymbolicLink(link, Path.of("sub", "next"));
        Files.createSymbolicLink(next, Path.of("data.blit"));
        Path target = dir.resolve("sub").resolve("data.blit");
        assertEquals(2, ObjectFile.write(link, BLIT, records(0, 2)));
        assertTrue(Files.isSymbolicLink(link));
        assertTrue(Files.isSymbolicLink(next));
        assertTrue(Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS));
        assertHoldsRecords(target, 0, 2);
        assertEquals(List.of("current", "sub"), filesInDir());
        // and once it exists, a second save replaces it, through both links
        ObjectFile.write(link, BLIT, records(2, 5));
        assertTrue(Files.isSymbolicLink(link));
        assertHoldsRecords(target, 2, 5);
    }

    @Test
    void saveThroughALinkThatLeadsToItselfFailsAndLeavesIt() throws IOException {
        Path link = dir.resolve("loop");
        Files.createSymbolicLink(link, Path.of("loop"));
        BlitException e = assertThrows(BlitException.class, () -> ObjectFile.write(link, BLIT, records(0, 2)));
        assertTrue(e.getMessage().contains("symbolic links"), e.getMessage());
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(List.of("loop"), filesInDir());
    }

    @Test
    void aWriterDropsAFailedValueSmallOrLargeAndGoesOn() {
        Path file = dir.resolve("values.blit");
        try (ObjectFile.Writer w = ObjectFile.writer(file, BLIT)) {
            for (Object v : records(0, 10)) {
                w.write(v);
            }
            long bytes = w.bytes();
            assertThrows(BlitException.class, () -> w.write(failing(10)));
            assertEquals(bytes, w.bytes());
            // Most of this one reaches the file before it fails: it is cut off again.
            assertThrows(BlitException.class, () -> w.write(failing(300_000)));
            assertEquals(bytes, w.bytes());
            for (Object v : records(10, 20)) {
                w.write(v);
            }
            assertEquals(20, w.count());
        }
        assertHoldsRecords(file, 0, 20);
    }

    @Test
    void aStreamWriterThatSentPartOfAFailedValueTakesNoMore() {
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        ObjectFile.Writer w = ObjectFile.writer(sink, BLIT);
        w.write(record(0));
        assertThrows(BlitException.class, () -> w.write(failing(10)));
        w.write(record(1)); // a small failure cost nothing
        assertThrows(BlitException.class, () -> w.write(failing(300_000)));
        BlitException e = assertThrows(BlitException.class, () -> w.write(record(2)));
        assertTrue(e.getMessage().contains("takes no more values") && e.getMessage().contains("partial value"),
                e.getMessage());
        w.close();
    }

    @Test
    void aStreamThatFailedMakesTheWriterRefuseMore() {
        OutputStream full = new OutputStream() {
            int room = 20_000;

            @Override
            public void write(int b) throws IOException {
                write(new byte[]{(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                if (len > room) {
                    throw new IOException("no space left on device");
                }
                room -= len;
            }
        };
        ObjectFile.Writer w = ObjectFile.writer(full, BLIT);
        BlitException first = assertThrows(BlitException.class, () -> {
            for (Object v : records(0, 10_000)) {
                w.write(v);
            }
        });
        assertTrue(first.getMessage().contains("no space left"), first.getMessage());
        BlitException then = assertThrows(BlitException.class, () -> w.write(record(0)));
        assertTrue(then.getMessage().contains("takes no more values") && then.getMessage().contains("no space left"),
                then.getMessage());
    }

    @Test
    void syncMakesAFileWritersValuesReadableAndIsRefusedOnACallersStream() {
        Path file = dir.resolve("sub").resolve("values.blit");
        assertThrows(BlitException.class, () -> ObjectFile.writer(file, BLIT)); // no such directory
        Path there = dir.resolve("values.blit");
        try (ObjectFile.Writer w = ObjectFile.writer(there, BLIT)) {
            for (Object v : records(0, 100)) {
                w.write(v);
            }
            w.sync();
            assertHoldsRecords(there, 0, 100); // on disk while the writer is still open
        }
        ObjectFile.Writer stream = ObjectFile.writer(new ByteArrayOutputStream(), BLIT);
        BlitException e = assertThrows(BlitException.class, stream::sync);
        assertTrue(e.getMessage().contains("caller's stream"), e.getMessage());
    }

    @Test
    void anAppenderAddsAfterTheValuesAFileHoldsAndCreatesAMissingOne() {
        Path file = dir.resolve("values.blit");
        try (ObjectFile.Writer w = ObjectFile.appender(file, BLIT)) {
            for (Object v : records(0, 100)) {
                w.write(v);
            }
            w.sync();
        }
        try (ObjectFile.Writer w = ObjectFile.appender(file, BLIT)) {
            long before = w.bytes();
            assertTrue(before > 0);
            for (Object v : records(100, 250)) {
                w.write(v);
            }
            assertThrows(BlitException.class, () -> w.write(failing(300_000)));
            w.write(record(250));
            assertEquals(151, w.count());
        }
        assertHoldsRecords(file, 0, 251);
    }

    /**
     * Two appenders on one file, or a file truncated under its appender (logrotate's copytruncate): each wrote at
     * the offset it kept itself, so the second overwrote the first one's synced values, and the truncated file
     * got a hole of zeros that read back as thousands of nulls. The writer now refuses to write to a file whose
     * size is not where it left it.
     */
    @Test
    void aWriterRefusesAFileThatAnotherWriterOrATruncationChangedUnderneath() throws IOException {
        Path file = dir.resolve("values.blit");
        ObjectFile.write(file, BLIT, records(0, 100));
        try (ObjectFile.Writer first = ObjectFile.appender(file, BLIT);
             ObjectFile.Writer second = ObjectFile.appender(file, BLIT)) {
            first.write(record(100));
            first.sync();
            second.write("overwrites record 100");
            BlitException e = assertThrows(BlitException.class, second::sync);
            assertTrue(e.getMessage().contains(file + " changed underneath its writer")
                    && e.getMessage().contains("one writer at a time"), e.getMessage());
            e = assertThrows(BlitException.class, () -> second.write("more"));
            assertTrue(e.getMessage().contains("takes no more values"), e.getMessage());
        }
        assertHoldsRecords(file, 0, 101);

        try (ObjectFile.Writer w = ObjectFile.appender(file, BLIT)) {
            w.write(record(101));
            w.sync();
            try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
                ch.truncate(0); // another program empties the file
            }
            w.write(record(102));
            BlitException e = assertThrows(BlitException.class, w::sync);
            assertTrue(e.getMessage().contains("it is 0 bytes") && e.getMessage().contains("leave a hole"), e.getMessage());
        }
        assertEquals(0, Files.size(file), "nothing written after the truncation");
    }

    @Test
    void anAppenderWithABlitBuiltOtherwiseIsNotToldToEmptyTheFile() throws IOException {
        Path file = dir.resolve("values.blit");
        ObjectFile.write(file, BLIT, records(0, 10));
        long size = Files.size(file);
        Blit compatible = Blit.builder().register(LogTesting.Tick.class, 100).compatible(true).build();
        BlitException e = assertThrows(BlitException.class, () -> ObjectFile.appender(file, compatible));
        assertTrue(e.getMessage().contains("not one value of it reads with this Blit")
                && e.getMessage().contains("append through a Blit built like the one that wrote them")
                && !e.getMessage().contains("truncate it to 0"), e.getMessage());
        assertEquals(size, Files.size(file), "a refused append changes nothing");
        try (ObjectFile.Writer w = ObjectFile.appender(file, BLIT)) {
            w.write(record(10));
        }
        assertHoldsRecords(file, 0, 11);
    }

    @Test
    void anAppenderRefusesAFileThatEndsInsideAValueAndSaysWhereToCutIt() throws IOException {
        Path file = dir.resolve("values.blit");
        ObjectFile.write(file, BLIT, records(0, 40));
        long whole = Files.size(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(whole - 3);
        }
        long lastWholeEnd;
        try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
            for (int i = 0; i < 39; i++) {
                r.next();
            }
            lastWholeEnd = r.end();
        }
        BlitException e = assertThrows(BlitException.class, () -> ObjectFile.appender(file, BLIT));
        assertTrue(e.getMessage().contains("does not end with a whole value")
                && e.getMessage().contains("39 values before offset " + lastWholeEnd)
                && e.getMessage().contains("truncate it to " + lastWholeEnd + " bytes"), e.getMessage());
        assertEquals(whole - 3, Files.size(file), "a refused append changes nothing");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(lastWholeEnd);
        }
        try (ObjectFile.Writer w = ObjectFile.appender(file, BLIT)) {
            w.write(record(39));
        }
        assertHoldsRecords(file, 0, 40);
        assertTrue(Arrays.asList(dir.toFile().list()).contains("values.blit"));
    }
}
