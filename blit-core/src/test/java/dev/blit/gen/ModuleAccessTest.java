package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.internal.RegistryBuilder;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.lang.invoke.MethodHandles;
import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Classes in named modules, compiled and loaded in a module layer at test time: one module opens its
 * package, the other only exports it and hands Blit a lookup instead.
 */
class ModuleAccessTest {
    @TempDir
    static Path dir;
    private static ModuleLayer layer;

    @BeforeAll
    static void compileModules() throws Exception {
        module("m.open", "module m.open { opens m.open.p; }", "m/open/p/Thing.java",
                "package m.open.p;\n"
                        + "class Thing {\n"
                        + "    private int count;\n"
                        + "    private String name;\n"
                        + "    Thing() { }\n"
                        + "    static Thing of(int count, String name) { Thing t = new Thing(); t.count = count; t.name = name; return t; }\n"
                        + "    public String toString() { return name + count; }\n"
                        + "}\n");
        module("m.closed", "module m.closed { exports m.closed.p; }", "m/closed/p/Secret.java",
                "package m.closed.p;\n"
                        + "import java.lang.invoke.MethodHandles;\n"
                        + "public final class Secret {\n"
                        + "    private final long id;\n"
                        + "    private final String code;\n"
                        + "    public Secret(long id, String code) { this.id = id; this.code = code; }\n"
                        + "    public static MethodHandles.Lookup lookup() { return MethodHandles.lookup(); }\n"
                        + "    public String toString() { return code + id; }\n"
                        + "}\n");
        ModuleFinder finder = ModuleFinder.of(dir.resolve("out/m.open"), dir.resolve("out/m.closed"));
        Configuration cf = ModuleLayer.boot().configuration().resolve(finder, ModuleFinder.of(), Set.of("m.open", "m.closed"));
        layer = ModuleLayer.boot().defineModulesWithOneLoader(cf, ClassLoader.getSystemClassLoader());
    }

    private static void module(String name, String info, String file, String source) throws Exception {
        Path src = dir.resolve("src/" + name);
        Files.createDirectories(src.resolve(file).getParent());
        Files.writeString(src.resolve("module-info.java"), info);
        Files.writeString(src.resolve(file), source);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<String> args = new ArrayList<>(List.of("-d", dir.resolve("out/" + name).toString(),
                src.resolve("module-info.java").toString(), src.resolve(file).toString()));
        assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "javac " + name);
    }

    @Test
    void aClassInAModuleThatOpensItsPackageIsSerialized() throws Exception {
        Class<?> thing = layer.findLoader("m.open").loadClass("m.open.p.Thing");
        assertTrue(thing.getModule().isNamed());
        java.lang.reflect.Method of = thing.getDeclaredMethod("of", int.class, String.class);
        of.setAccessible(true);
        Object t = of.invoke(null, 3, "three");
        Blit blit = Blit.builder().register(thing, 100).build();
        byte[] bytes = blit.toBytes(t);
        Object back = blit.fromBytes(bytes);
        assertEquals(thing, back.getClass());
        assertEquals("three3", back.toString());
        assertArrayEquals(bytes, blit.toBytes(back));
        // Blit (class path) and the class (a named module) are in different modules: no full-privilege lookup,
        // so the serializer lives in Blit's package and reaches the fields through handles.
        assertNull(ClassModel.of(thing, null).host());
        assertInBlitsPackage(ClassSerializers.create(thing, new RegistryBuilder(), null));
    }

    @Test
    void aClosedModuleNeedsALookupAndWorksWithOne() throws Exception {
        Class<?> secret = layer.findLoader("m.closed").loadClass("m.closed.p.Secret");
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(secret, 100).build());
        assertTrue(e.getMessage().contains("must open package m.closed.p"), e.getMessage());

        MethodHandles.Lookup lookup = (MethodHandles.Lookup) secret.getMethod("lookup").invoke(null);
        Blit blit = Blit.builder().lookup(lookup).register(secret, 100).build();
        Object s = secret.getConstructor(long.class, String.class).newInstance(77L, "x");
        byte[] bytes = blit.toBytes(s);
        Object back = blit.fromBytes(bytes);
        assertEquals("x77", back.toString());
        assertEquals(ClassModel.Strategy.CONSTRUCTOR, ClassModel.of(secret, lookup).strategy());
        // A full-privilege lookup, but the module cannot read Blit's (unnamed) module: not a nestmate either.
        assertNull(ClassModel.of(secret, lookup).host());
        assertInBlitsPackage(ClassSerializers.create(secret, new RegistryBuilder(), lookup));
    }

    private static void assertInBlitsPackage(Object serializer) {
        assertTrue(serializer.getClass().isHidden(), serializer.getClass().toString());
        assertEquals("dev.blit.gen", serializer.getClass().getPackageName());
    }
}
