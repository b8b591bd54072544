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
        return compileSource(name, "Span", SPAN, options);
    }

    private Class<?> compileSource(String name, String className, String source, String... options) throws Exception {
        Path src = dir.resolve(name + "/src/p/" + className + ".java");
        Path out = dir.resolve(name + "/out");
        Files.createDirectories(src.getParent());
        Files.createDirectories(out);
        Files.writeString(src, source);
        String[] args = new String[options.length + 3];
        System.arraycopy(options, 0, args, 0, options.length);
        args[options.length] = "-d";
        args[options.length + 1] = out.toString();
        args[options.length + 2] = src.toString();
        assertEquals(0, ToolProvider.getSystemJavaCompiler().run(null, null, null, args));
        URLClassLoader loader = new URLClassLoader(new URL[]{out.toUri().toURL()}, getClass().getClassLoader());
        return loader.loadClass("p." + className);
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

    /**
     * Names say nothing of what a constructor does with its parameters: with {@code -parameters}, a constructor
     * that computes a field, or stores its parameters crosswise, was paired by names and changed the value on
     * every round trip (500 cents came back as 50,000), where the same class compiled without names is refused
     * or paired by its bytecode. Names are now checked against the bytecode.
     */
    @Test
    void namesThatTheConstructorsCodeContradictsAreNotTrusted() throws Exception {
        String price = "package p;\n"
                + "public final class Price {\n"
                + "    public final long cents;\n"
                + "    public Price(long cents) { this.cents = cents * 100; }\n"
                + "}\n";
        String range = "package p;\n"
                + "public final class Range {\n"
                + "    public final int lo;\n"
                + "    public final int hi;\n"
                + "    public Range(int lo, int hi) { this.lo = hi; this.hi = lo; }\n"
                + "    public String toString() { return lo + \"..\" + hi; }\n"
                + "}\n";
        String tag = "package p;\n"
                + "public final class Tag {\n"
                + "    public final String name;\n"
                + "    public Tag(String name) { this.name = name + \"!\"; }\n"
                + "}\n";
        for (String options : new String[]{"-parameters", "-g:none"}) {
            String at = options.substring(1).replace(':', '_');
            Class<?> p = compileSource("price" + at, "Price", price, options);
            assertRefusedComputing(p, "cents");
            Class<?> t = compileSource("tag" + at, "Tag", tag, options);
            assertRefusedComputing(t, "name");
            Class<?> r = compileSource("range" + at, "Range", range, options);
            Blit blit = Blit.builder().register(r, 100).build();
            Object v = r.getConstructor(int.class, int.class).newInstance(1, 2);
            assertEquals("2..1", v.toString());
            assertEquals("2..1", blit.copy(v).toString(), options);
        }
    }

    /**
     * With {@code -parameters} too: a name matching the field ({@code size}, stored by {@code super(size)} and then
     * doubled by a method of the object) or a field built through a condition ({@code enabled = !disabled}, paired
     * by type) changed the value on every round trip.
     */
    @Test
    void namesDoNotPairAFieldBuiltThroughAConditionOrSetAgainByAMethod() throws Exception {
        String flag = "package p;\n"
                + "public final class Flag {\n"
                + "    public final String name;\n"
                + "    public final boolean enabled;\n"
                + "    public Flag(String name, boolean disabled) { this.name = name; this.enabled = !disabled; }\n"
                + "}\n";
        String grid = "package p;\n"
                + "public class Grid {\n"
                + "    static class Base { private int size; Base(int size) { this.size = size; } void resize(int s) { size = s; } }\n"
                + "    public static final class Sub extends Base {\n"
                + "        public final String name;\n"
                + "        public Sub(int size, String name) { super(size); resize(size * 2); this.name = name; }\n"
                + "    }\n"
                + "}\n";
        for (String options : new String[]{"-parameters", "-g:none"}) {
            String at = options.substring(1).replace(':', '_');
            Class<?> f = compileSource("flag" + at, "Flag", flag, options);
            assertRefusedComputing(f, "enabled");
            Class<?> g = compileSource("grid" + at, "Grid", grid, options).getClassLoader().loadClass("p.Grid$Sub");
            assertRefusedComputing(g, "size");
        }
    }

    /** {@code build()} refuses {@code type}, saying its constructors compute {@code field} (so no parameter is paired). */
    private static void assertRefusedComputing(Class<?> type, String field) {
        dev.blit.BlitException e = assertThrows(dev.blit.BlitException.class, () -> Blit.builder().register(type, 100).build());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("compute " + field), e.getMessage());
    }
}
