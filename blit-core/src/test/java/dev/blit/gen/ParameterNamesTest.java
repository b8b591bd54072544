package dev.blit.gen;

import dev.blit.Blit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.ToolProvider;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * A constructor whose bytecode does not copy its parameters straight into the fields, and whose parameter
 * types are ambiguous: only parameter names ({@code -parameters}) can match it.
 */
class ParameterNamesTest {
    private static final String SPAN = "package p;\n"
            + "public final class Span {\n"
            + "    private final int end;\n"
            + "    private final int start;\n"
            + "    public Span(int start, int end) { this.start = Math.abs(start); this.end = Math.abs(end); }\n"
            + "    public String toString() { return start + \"..\" + end; }\n"
            + "}\n";

    @TempDir
    Path dir;

    private Class<?> compile(String name, String... options) throws Exception {
        Path src = dir.resolve(name + "/src/p/Span.java");
        Path out = dir.resolve(name + "/out");
        Files.createDirectories(src.getParent());
        Files.createDirectories(out);
        Files.writeString(src, SPAN);
        String[] args = new String[options.length + 3];
        System.arraycopy(options, 0, args, 0, options.length);
        args[options.length] = "-d";
        args[options.length + 1] = out.toString();
        args[options.length + 2] = src.toString();
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, args));
        URLClassLoader loader = new URLClassLoader(new URL[]{out.toUri().toURL()}, getClass().getClassLoader());
        return loader.loadClass("p.Span");
    }

    @Test
    void parameterNamesMatchAConstructorNeitherBytecodeNorTypesCan() throws Exception {
        Class<?> span = compile("named", "-parameters");
        assertEquals(ClassModel.Strategy.CONSTRUCTOR, ClassModel.of(span, null).strategy());
        Blit blit = Blit.builder().register(span, 100).build();
        Object s = span.getConstructor(int.class, int.class).newInstance(3, 8);
        assertEquals("3..8", blit.fromBytes(blit.toBytes(s)).toString());
    }

    @Test
    void withoutParameterNamesTheSameClassCannotBeBuilt() throws Exception {
        Class<?> span = compile("unnamed");
        assertThrows(dev.blit.BlitException.class, () -> ClassModel.of(span, null));
    }
}
