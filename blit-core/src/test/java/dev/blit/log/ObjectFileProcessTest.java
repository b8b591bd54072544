package dev.blit.log;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.blit.log.LogTesting.child;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** A process that saves an object file over and over ({@link ObjectFile#write}), killed at random moments. */
class ObjectFileProcessTest {
    private static final Blit BLIT = LogTesting.blit();

    @TempDir
    Path dir;

    /**
     * After each SIGKILL the file is one whole version, never a part of one or a mix of two, and never older
     * than the last version the child reported saved. Each version has a different length, so a part or a mix
     * cannot pass for one. (A kill leaves the page cache alone: this tests the one-step replacement, not the
     * forcing to the device, which only a power cut would test.) With the old in-place save (truncate, then
     * write), a kill mid-write left a part of a version.
     */
    @Test
    void aKilledSaveLeavesTheOldVersionOrTheNewOneNeverAPart() throws Exception {
        Path file = dir.resolve("saved.blit");
        Random random = new Random();
        long seed = random.nextLong();
        random.setSeed(seed);
        ObjectFile.write(file, BLIT, LogTesting.version(0));
        long lastSeen = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(40);
        int runs = 0;
        while (runs < 15 && System.nanoTime() < deadline) {
            Process saver = child("save", file.toString(), Long.toString(lastSeen + 1));
            AtomicLong saved = new AtomicLong(lastSeen);
            CountDownLatch started = new CountDownLatch(1);
            Thread pump = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(saver.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        if (line.startsWith("saved ")) {
                            saved.set(Long.parseLong(line.substring(6)));
                            started.countDown();
                        }
                    }
                } catch (IOException ignored) {
                    // the child died
                }
            });
            pump.start();
            if (!started.await(20, TimeUnit.SECONDS)) {
                saver.destroyForcibly();
                fail("saver did not start (seed " + seed + ")");
            }
            Thread.sleep(random.nextInt(300));
            saver.destroyForcibly();
            assertTrue(saver.waitFor(20, TimeUnit.SECONDS));
            pump.join(10_000);

            List<Object> values = new ArrayList<>();
            try (ObjectFile.Reader r = ObjectFile.reader(file, BLIT)) {
                r.forEach(values::add);
            } catch (BlitException e) {
                throw new AssertionError("run " + runs + ": the file does not read whole after the kill (seed " + seed + ")", e);
            }
            long version = LogTesting.isVersion(values);
            assertTrue(version >= 0, "run " + runs + ": the file holds " + values.size()
                    + " values that are no whole version (seed " + seed + ")");
            assertTrue(version >= saved.get(), "run " + runs + ": version " + version + " after the kill, but "
                    + saved.get() + " was reported saved (seed " + seed + ")");
            lastSeen = version;
            runs++;
        }
        assertTrue(runs >= 3, "only " + runs + " runs in the time");
        try (Stream<Path> s = Files.list(dir)) {
            List<String> others = s.map(p -> p.getFileName().toString()).filter(n -> !n.equals("saved.blit"))
                    .collect(Collectors.toList());
            // A kill between creating the temporary file and renaming it leaves the temporary file behind.
            assertTrue(others.stream().allMatch(n -> n.matches("\\.saved\\.blit\\.[0-9a-f]+\\.tmp")), others.toString());
        }
    }
    /**
     * A save that hits a file size limit (EFBIG; a full disk is alike) said only "writing to the output stream failed
     * at offset N: ... File too large", naming no file, while the file written was the temporary one. It now names
     * the file saved, the temporary file, and that the temporary file is deleted.
     */
    @Test
    void aSaveOverTheFileSizeLimitNamesTheFileAndItsTemporary() throws Exception {
        Path file = dir.resolve("big.blit");
        List<String> cmd = List.of("bash", "-c", "ulimit -f 1000 && exec \"$0\" -Xshare:auto -XX:TieredStopAtLevel=1"
                + " -cp \"$1\" dev.blit.log.LogChild bigsave \"$2\"",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), System.getProperty("java.class.path"),
                file.toString());
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        } catch (java.io.IOException e) {
            org.junit.jupiter.api.Assumptions.assumeTrue(false, "no bash: " + e);
            return;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        org.junit.jupiter.api.Assumptions.assumeFalse(out.equals("saved"), "no file size limit here");
        assertTrue(out.startsWith("failed writing to " + file + " (through the temporary file .big.blit.")
                && out.contains("which is deleted; " + file + " is left as it was) failed at offset"), out);
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir)) {
            assertEquals(List.of(), files.collect(java.util.stream.Collectors.toList()));
        }
    }
}
