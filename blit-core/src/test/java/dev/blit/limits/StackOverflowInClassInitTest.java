package dev.blit.limits;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A stack overflow inside a class's static initializer leaves the class unusable for the rest of the JVM's life.
 * Hostile input nested just deep enough for the stack to run out where Blit first initializes a class of its own
 * (the {@code java.sql} built-ins, loaded when first met) turned one refused message into a JVM in which no Blit
 * could read or write a {@code java.sql.Date} again ({@code NoClassDefFoundError}). It runs in a fresh JVM
 * ({@link #main}), where nothing initialized those classes before.
 */
class StackOverflowInClassInitTest {

    /** {@code Object[1]} nested {@code depth} times around {@code leaf}. */
    static byte[] nest(int depth, byte[] leaf) {
        byte[] b = new byte[2 * depth + leaf.length];
        for (int i = 0; i < depth; i++) {
            b[2 * i] = 20; // an Object[] (FORMAT.md id 20)
            b[2 * i + 1] = 1; // of one element
        }
        System.arraycopy(leaf, 0, b, 2 * depth, leaf.length);
        return b;
    }

    /**
     * The child: from the deepest nesting down, one message per depth until one is read, on a thread with a small
     * stack so the overflow comes within the default maxDepth; then a java.sql.Date on the main thread. Prints
     * one line per outcome that is not a stack overflow reported as a BlitException.
     */
    public static void main(String[] args) throws Exception {
        Blit blit = Blit.builder().build();
        byte[] leaf = {0x5f, 0x00}; // id 95, a java.sql.Date, 0 ms
        Thread attack = new Thread(null, () -> {
            for (int depth = 2040; depth > 0; depth--) {
                try {
                    blit.fromBytes(nest(depth, leaf));
                    System.out.println("read at depth " + depth);
                    return;
                } catch (BlitException e) {
                    if (!e.getMessage().startsWith("stack overflow")) {
                        System.out.println("refused at depth " + depth + ": " + e.getMessage());
                        return;
                    }
                } catch (Throwable t) {
                    System.out.println("escaped at depth " + depth + ": " + t);
                    return;
                }
            }
        }, "small-stack", 256 * 1024);
        attack.start();
        attack.join();
        try {
            Object back = blit.fromBytes(blit.toBytes(new java.sql.Date(0)));
            System.out.println("afterwards: " + back.getClass().getName());
        } catch (Throwable t) {
            System.out.println("afterwards: " + t);
        }
    }

    @Test
    void anOverflowWhereBlitFirstInitializesAClassLeavesTheClassUsable() throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xshare:auto");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(StackOverflowInClassInitTest.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the child did not finish");
        String[] lines = out.strip().split("\n");
        assertTrue(lines[0].startsWith("read at depth "), out);
        assertEquals("afterwards: java.sql.Date", lines[lines.length - 1], out);
        assertEquals(2, lines.length, out);
    }
}
