package dev.blit.gen;

import dev.blit.Blit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Blit as its users meet it on the module path: its jar an automatic module {@code dev.blit} (the manifest's
 * {@code Automatic-Module-Name}), ASM a named module beside it, and the user's classes in a named module
 * {@code m.user} that {@code requires dev.blit}, run in a child JVM with {@code -m}. The other tests run with
 * Blit on the class path, where it shares the unnamed module with the classes it serializes, or load modules
 * into a layer while Blit stays unnamed ({@link ModuleAccessTest}); neither covers what {@link Access#nestHost}
 * checks here for real: that a user's lookup ({@code Blit.builder().lookup(MethodHandles.lookup())}) gets the
 * generated serializer defined as a hidden nestmate in the user's package, since {@code m.user} reads
 * {@code dev.blit}, an automatic module exports every package, and one class loader sees both. A class in a
 * package only opened to {@code dev.blit}, with no lookup, falls back to a serializer in {@code dev.blit.gen}
 * (a lookup Blit takes itself lacks module access). Both must round-trip, and the JVM must print no warning.
 */
class ModulePathTest {
    @TempDir
    static Path dir;
    /** Per class registered in the child ("Point", "Box"): the facts it printed, key to value. */
    private static final Map<String, Map<String, String>> facts = new HashMap<>();
    private static String output;
    private static int exit;
    private static String modulePath;

    /** What a child JVM did: its exit code and everything it printed. */
    private record Child(int exit, String output) {
    }

    @BeforeAll
    static void runUserModuleInAChildJvm() throws Exception {
        Path blit = blitJar();
        Path asm = Path.of(ClassWriter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path user = compileUserModule(blit);
        modulePath = String.join(File.pathSeparator, blit.toString(), asm.toString(), user.toString());
        Child first = runChild("child.txt", "ALL-MODULE-PATH");
        exit = first.exit();
        output = first.output();
        for (String line : output.lines().collect(Collectors.toList())) {
            String[] words = line.split(" ");
            Map<String, String> kv = new HashMap<>();
            for (int i = 1; i < words.length; i++) {
                int eq = words[i].indexOf('=');
                if (eq > 0) {
                    kv.put(words[i].substring(0, eq), words[i].substring(eq + 1));
                }
            }
            facts.put(words[0], kv);
        }
    }

    /** Runs m.user's Main in a child JVM, with {@code addModules} resolved beside it. */
    private static Child runChild(String logName, String addModules) throws Exception {
        Path log = dir.resolve(logName);
        // The published jar shades ASM; here it is its own module, which nothing requires: add it by hand.
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--module-path", modulePath, "--add-modules", addModules, "-m", "m.user/m.user.p.Main")
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!child.waitFor(60, TimeUnit.SECONDS)) {
            child.destroyForcibly().waitFor();
            fail("child JVM still running after 60 s:\n" + Files.readString(log));
        }
        return new Child(child.exitValue(), Files.readString(log));
    }

    /** Blit's compiled classes as an automatic module named dev.blit, as its published jar declares. */
    private static Path blitJar() throws Exception {
        Path classes = Path.of(Blit.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        if (!Files.isDirectory(classes)) {
            return classes;
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Automatic-Module-Name"), "dev.blit");
        Path jar = dir.resolve("blit.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest);
             Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().collect(Collectors.toList())) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace(File.separatorChar, '/')));
                Files.copy(f, (OutputStream) out);
                out.closeEntry();
            }
        }
        return jar;
    }

    private static Path compileUserModule(Path blit) throws Exception {
        Path src = dir.resolve("src");
        write(src, "module-info.java", "module m.user { requires dev.blit; exports m.user.p; opens m.user.q to dev.blit; }");
        write(src, "m/user/p/Point.java", "package m.user.p;\n"
                + "public final class Point {\n"
                + "    private int x;\n"
                + "    private String label;\n"
                + "    Point() { }\n"
                + "    static Point of(int x, String label) { Point p = new Point(); p.x = x; p.label = label; return p; }\n"
                + "    static java.util.function.IntUnaryOperator adder(int k) { return (java.util.function.IntUnaryOperator & java.io.Serializable) x -> x + k; }\n"
                + "    public boolean equals(Object o) { return o instanceof Point && ((Point) o).x == x && ((Point) o).label.equals(label); }\n"
                + "    public int hashCode() { return x; }\n"
                + "}\n");
        write(src, "m/user/q/Box.java", "package m.user.q;\n"
                + "public final class Box {\n"
                + "    private long id;\n"
                + "    private String name;\n"
                + "    Box() { }\n"
                + "    public static Box of(long id, String name) { Box b = new Box(); b.id = id; b.name = name; return b; }\n"
                + "    public static java.util.function.IntUnaryOperator adder(int k) { return (java.util.function.IntUnaryOperator & java.io.Serializable) x -> x + k; }\n"
                + "    public boolean equals(Object o) { return o instanceof Box && ((Box) o).id == id && ((Box) o).name.equals(name); }\n"
                + "    public int hashCode() { return (int) id; }\n"
                + "}\n");
        write(src, "m/user/p/Hooked.java", "package m.user.p;\n"
                + "import java.io.*;\n"
                + "public final class Hooked implements Serializable {\n"
                + "    int x;\n"
                + "    transient int y; // written by the hooks only\n"
                + "    private void writeObject(ObjectOutputStream out) throws IOException { out.defaultWriteObject(); out.writeInt(y); }\n"
                + "    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException { in.defaultReadObject(); y = in.readInt(); }\n"
                + "}\n");
        write(src, "m/user/p/Main.java", "package m.user.p;\n"
                + "import dev.blit.Blit;\n"
                + "import java.lang.invoke.MethodHandles;\n"
                + "import m.user.q.Box;\n"
                + "public final class Main {\n"
                + "    public static void main(String[] args) {\n"
                + "        // The lookup is for m.user.p only: Box, in m.user.q, gets none.\n"
                + "        Blit blit = Blit.builder().lookup(MethodHandles.lookup())\n"
                + "                .register(Point.class, 100).register(Box.class, 101).build();\n"
                + "        report(blit, Point.class, Point.of(3, \"three\"));\n"
                + "        report(blit, Box.class, Box.of(7L, \"seven\"));\n"
                + "        Hooked h = new Hooked();\n"
                + "        h.x = 1;\n"
                + "        h.y = 2;\n"
                + "        try {\n"
                + "            Blit hooks = Blit.builder().lookup(MethodHandles.lookup()).register(Hooked.class, 102).build();\n"
                + "            Hooked back = hooks.fromBytes(hooks.toBytes(h), Hooked.class);\n"
                + "            System.out.println(\"Hooked x=\" + back.x + \" y=\" + back.y);\n"
                + "        } catch (dev.blit.BlitException e) {\n"
                + "            System.out.println(\"Hooked refused=\" + e.getMessage().replace(' ', '_'));\n"
                + "        }\n"
                + "        // A lambda's class is in its capturing class's package: Blit reflects on it, so the package must be open.\n"
                + "        lambda(\"LambdaOpened\", Blit.builder().register(Box.class, 101).build(), Box.adder(5));\n"
                + "        lambda(\"LambdaLookup\", Blit.builder().lookup(MethodHandles.lookup()).register(Point.class, 100).build(), Point.adder(5));\n"
                + "        // No lookup: Point gets a serializer of the user's (its fields are out of Blit's reach), its lambdas none.\n"
                + "        lambda(\"LambdaClosed\", Blit.builder().register(Point.class, 100, new dev.blit.Serializer<Point>() {\n"
                + "            public void write(dev.blit.buffer.WriteBuffer out, Point p) { }\n"
                + "            public Point read(dev.blit.buffer.ReadBuffer in) { return null; }\n"
                + "        }).build(), Point.adder(5));\n"
                + "    }\n"
                + "    private static void lambda(String name, Blit blit, java.util.function.IntUnaryOperator f) {\n"
                + "        try {\n"
                + "            java.util.function.IntUnaryOperator back = (java.util.function.IntUnaryOperator) blit.fromBytes(blit.toBytes(f));\n"
                + "            System.out.println(name + \" applied=\" + back.applyAsInt(1));\n"
                + "        } catch (dev.blit.BlitException e) {\n"
                + "            System.out.println(name + \" refused=\" + e.getMessage().replace(' ', '_'));\n"
                + "        }\n"
                + "    }\n"
                + "    private static <T> void report(Blit blit, Class<T> type, T value) {\n"
                + "        Class<?> k = blit.serializerOf(type).getClass();\n"
                + "        T back = blit.fromBytes(blit.toBytes(value), type);\n"
                + "        System.out.println(type.getSimpleName() + \" serializer=\" + k.getName() + \" hidden=\" + k.isHidden()\n"
                + "                + \" package=\" + k.getPackageName() + \" module=\" + k.getModule().getName()\n"
                + "                + \" roundtrip=\" + (back != value && value.equals(back) ? \"ok\" : \"FAIL\"));\n"
                + "    }\n"
                + "}\n");
        Path out = dir.resolve("out/m.user");
        List<String> args = List.of("--release", "17", "--module-path", blit.toString(), "-d", out.toString(),
                src.resolve("module-info.java").toString(), src.resolve("m/user/p/Point.java").toString(),
                src.resolve("m/user/p/Main.java").toString(), src.resolve("m/user/p/Hooked.java").toString(),
                src.resolve("m/user/q/Box.java").toString());
        ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertEquals(0, javac.run(null, diagnostics, diagnostics, args.toArray(new String[0])), diagnostics.toString());
        return out;
    }

    private static void write(Path root, String file, String source) throws Exception {
        Files.createDirectories(root.resolve(file).getParent());
        Files.writeString(root.resolve(file), source);
    }

    @Test
    void theChildExitsCleanlyWithoutWarnings() {
        assertEquals(0, exit, output);
        assertFalse(output.lines().anyMatch(l -> l.contains("WARNING")), output);
    }

    @Test
    void withTheUsersLookupTheSerializerIsAHiddenNestmateInTheUsersPackage() {
        // The point of this test: Access.nestHost accepts an automatic module dev.blit read by m.user.
        assertHiddenSerializerRoundTrips("Point", "m.user.p", "m.user");
    }

    @Test
    void withoutALookupAnOpenedPackageFallsBackToBlitsPackage() {
        assertHiddenSerializerRoundTrips("Box", "dev.blit.gen", "dev.blit");
    }

    /** The child's facts for {@code type}: round trip, and a hidden generated serializer in that package and module. */
    private static void assertHiddenSerializerRoundTrips(String type, String pkg, String module) {
        Map<String, String> kv = factsOf(type);
        assertEquals("ok", kv.get("roundtrip"), output);
        assertEquals("true", kv.get("hidden"), output);
        assertEquals(pkg, kv.get("package"), output);
        assertEquals(module, kv.get("module"), output);
        assertTrue(kv.get("serializer").startsWith(pkg + "." + ClassSerializers.GENERATED + "$" + type + "/"), output);
    }

    /**
     * Blit honours {@code writeObject}/{@code readObject} through {@code sun.reflect.ReflectionFactory}, in
     * {@code jdk.unsupported}, which a JVM launched with {@code -m} does not resolve unless something requires
     * it (an automatic module requires nothing). Without it the class must be refused with the fix, never
     * given a field-by-field serializer that drops what the hooks write; with it, the hooks run.
     */
    @Test
    void serializationHooksNeedJdkUnsupportedAndAreRefusedWithTheFixWithoutIt() throws Exception {
        String refused = factsOf("Hooked").get("refused");
        assertTrue(refused != null && refused.contains("--add-modules_jdk.unsupported"), output);
        Child child = runChild("child-unsupported.txt", "ALL-MODULE-PATH,jdk.unsupported");
        String withIt = child.output();
        assertEquals(0, child.exit(), withIt);
        assertTrue(withIt.lines().anyMatch("Hooked x=1 y=2"::equals), withIt);
    }

    /**
     * A serializable lambda's class lives in its capturing class's package, and Blit reaches its
     * {@code writeReplace} (and the capturing class's {@code $deserializeLambda$}) by deep reflection where the
     * package is opened to {@code dev.blit}, and otherwise through the lookup the user handed over for that
     * package; with neither it is refused, with both ways out in the message.
     */
    @Test
    void lambdasNeedTheirPackageOpenedToBlitOrALookupFromIt() {
        assertEquals("6", factsOf("LambdaOpened").get("applied"), output);
        assertEquals("6", factsOf("LambdaLookup").get("applied"), output);
        String refused = factsOf("LambdaClosed").get("refused");
        assertTrue(refused != null && refused.contains("open_the_package_to_dev.blit,_or_hand_Blit_a_lookup_from_it"), output);
    }

    private static Map<String, String> factsOf(String type) {
        Map<String, String> kv = facts.get(type);
        if (kv == null) {
            fail("no line for " + type + " in the child's output:\n" + output);
        }
        return kv;
    }
}
