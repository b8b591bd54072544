package dev.blit.compat;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Versions of classes that keep their names, as a class serialized through its java.io hooks evolves between
 * releases: each version is compiled from source at run time into a class loader of its own, so a writer's
 * {@code hv.P} and a reader's {@code hv.P} are two classes of the same binary name (what JDK serialization's class
 * descriptors, and compatible mode's table of a hook class, match by). {@link Versions} has the nested classes of
 * other evolution tests, which differ in name.
 */
final class HookVersions {
    private HookVersions() {
    }

    /**
     * @param sources Java sources, each a compilation unit in package {@code hv} ("package hv; ..." may be left out)
     * @return a class loader holding them, over the test's own
     */
    static ClassLoader compile(String... sources) {
        try {
            Path dir = Files.createTempDirectory("hv");
            Path src = dir.resolve("src");
            Path out = dir.resolve("classes");
            Files.createDirectories(src.resolve("hv"));
            Files.createDirectories(out);
            List<String> args = new ArrayList<>(List.of("-d", out.toString(), "-nowarn", "-proc:none"));
            for (String s : sources) {
                String body = s.startsWith("package ") ? s : "package hv; import java.io.*; " + s;
                Path f = src.resolve("hv").resolve(className(body) + ".java");
                Files.writeString(f, body);
                args.add(f.toString());
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int rc = javac.run(null, err, err, args.toArray(new String[0]));
            if (rc != 0) {
                throw new AssertionError("javac failed: " + err);
            }
            return new URLClassLoader(new URL[] {out.toUri().toURL()}, HookVersions.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new AssertionError(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the name of the public class a source declares */
    private static String className(String source) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("public (?:final |abstract )*class (\\w+)").matcher(source);
        if (!m.find()) {
            throw new AssertionError("no public class in " + source);
        }
        return m.group(1);
    }

    /** @return class {@code hv.name} of {@code loader} */
    static Class<?> load(ClassLoader loader, String name) {
        try {
            return Class.forName("hv." + name, true, loader);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }

    /** @return a new instance of {@code hv.name} by its public no-arg constructor */
    static Object make(ClassLoader loader, String name) {
        try {
            return load(loader, name).getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }
}
