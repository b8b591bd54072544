package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Inner (non-static member) classes: their enclosing instance ({@code this$0}) is a field of the outer class's
 * type, written as Kryo and Fory write it and handed back to the constructor, whose first parameter it is. With
 * references on, an outer instance that holds its inner ones comes back shared; with references off, that cycle
 * is refused. Local and anonymous classes, whose captured variables have no type Blit could check, stay refused.
 */
class InnerClassTest {

    /** An outer class holding inner ones; each of them uses its enclosing instance, so javac keeps it. */
    static final class Outer {
        String name;
        List<Line> lines = new ArrayList<>();

        Outer(String name) {
            this.name = name;
        }

        /** Made first when read, so its inner instances, read after it, can point back at it. */
        private Outer() {
        }

        /** Its constructor takes a field besides the enclosing instance. */
        final class Line {
            final int qty;

            Line(int qty) {
                this.qty = qty;
            }

            Outer outer() {
                return Outer.this;
            }

            @Override
            public boolean equals(Object o) {
                return o instanceof Line && ((Line) o).qty == qty && ((Line) o).outer().name.equals(name);
            }

            @Override
            public int hashCode() {
                return qty;
            }
        }

        /** Only the implicit constructor, which takes the enclosing instance alone; mutable fields set after it. */
        final class Note {
            String text = "";

            String owner() {
                return name;
            }
        }

        /** Two levels deep: its enclosing instance is a {@link Section}, whose own is an {@link Outer}. */
        final class Section {
            final String title;

            Section(String title) {
                this.title = title;
            }

            String owner() {
                return name;
            }

            final class Paragraph {
                int words;

                String where() {
                    return title + "@" + owner();
                }
            }
        }

        /** An inner class extending another: each keeps the enclosing instance, which no constructor sets apart. */
        class Base {
            int a;

            String owner() {
                return name;
            }
        }

        final class Sub extends Base {
            int b;

            String mine() {
                return name;
            }
        }
    }

    private static Blit blit(boolean references) {
        return Blit.builder().references(references).register(Outer.class, 100).register(Outer.Line.class, 101)
                .register(Outer.Note.class, 102).register(Outer.Section.class, 103)
                .register(Outer.Section.Paragraph.class, 104).register(Outer.Base.class, 105).build();
    }

    private static Outer sample() {
        Outer o = new Outer("order-7");
        o.lines.add(o.new Line(1));
        o.lines.add(o.new Line(2));
        return o;
    }

    @Test
    void anOuterInstanceHoldingItsInnerOnesComesBackSharedWithReferences() {
        Blit blit = blit(true);
        Outer back = (Outer) blit.fromBytes(blit.toBytes(sample()));
        assertEquals("order-7", back.name);
        assertEquals(List.of(1, 2), List.of(back.lines.get(0).qty, back.lines.get(1).qty));
        assertSame(back, back.lines.get(0).outer());
        assertSame(back, back.lines.get(1).outer());
        // through every backend
        Outer copy = RoundTrip.roundTrip(blit, sample(), blit.toBytes(sample()).length, (a, b) -> {
            Outer o = (Outer) b;
            return o.name.equals(a.name) && o.lines.equals(a.lines) && o.lines.get(1).outer() == o;
        });
        assertEquals(2, copy.lines.size());
        // an inner value written first, whose outer holds it: the inner one is built by its constructor, which needs
        // the outer, which needs the inner one; a cycle through a constructor-built object, refused on writing
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(sample().lines.get(1)));
        assertTrue(e.getMessage().contains("cannot write a back reference to the " + Outer.Line.class.getName()),
                e.getMessage());
        // it advised a no-argument constructor and non-final fields, which an inner class cannot have (this$0 is final)
        assertTrue(e.getMessage().contains("write the outer object rather than the inner one")
                && e.getMessage().contains("or make Line a static nested class")
                && !e.getMessage().contains("non-final fields, which Blit fills"), e.getMessage());
    }

    /** The enclosing instance is a value like any field's: its class needs an id (or a name) as every value's does. */
    @Test
    void anInnerClassRegisteredWithoutItsOuterClassIsRefusedOnWriteNamingIt() {
        Blit blit = Blit.builder().register(Outer.Note.class, 100).build();
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(new Outer("x").new Note()));
        assertTrue(e.getMessage().contains(Outer.class.getName()) && e.getMessage().contains("not registered"), e.getMessage());
    }

    @Test
    void withoutReferencesTheCycleIsRefusedAndAnInnerValueWithoutOneRoundTrips() {
        Blit blit = blit(false);
        BlitException e = assertThrows(BlitException.class, () -> blit.toBytes(sample()));
        assertTrue(e.getMessage().contains("references(true)"), e.getMessage());
        Outer lone = new Outer("solo");
        Outer.Note note = lone.new Note();
        note.text = "hello";
        Outer.Note back = (Outer.Note) blit.fromBytes(blit.toBytes(note));
        assertEquals("hello", back.text);
        assertEquals("solo", back.owner());
    }

    @Test
    void nestedInnerClassesAndInnerSubclassesKeepEachEnclosingInstance() {
        Blit blit = blit(true);
        Outer o = new Outer("doc");
        Outer.Section s = o.new Section("intro");
        Outer.Section.Paragraph p = s.new Paragraph();
        p.words = 42;
        Outer.Section.Paragraph back = (Outer.Section.Paragraph) blit.fromBytes(blit.toBytes(p));
        assertEquals(42, back.words);
        assertEquals("intro@doc", back.where());
        Outer.Base base = o.new Base();
        base.a = 1;
        assertEquals(List.of(1, "doc"), List.of(((Outer.Base) blit.fromBytes(blit.toBytes(base))).a, base.owner()));
        BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(Outer.class, 100)
                .register(Outer.Sub.class, 101).build());
        assertTrue(e.getMessage().contains("extends another inner class"), e.getMessage());
    }

    @Test
    void generatedAndReflectiveSerializersWriteTheSameBytes() {
        Blit generated = blit(true);
        Blit reflective = Blit.builder().references(true)
                .register(Outer.class, 100, reflective(Outer.class)).register(Outer.Line.class, 101, reflective(Outer.Line.class))
                .register(Outer.Note.class, 102, reflective(Outer.Note.class)).build();
        Outer o = sample();
        byte[] bytes = generated.toBytes(o);
        assertArrayEquals(bytes, reflective.toBytes(o));
        Outer viaReflective = (Outer) reflective.fromBytes(bytes);
        assertSame(viaReflective, viaReflective.lines.get(0).outer());
        assertArrayEquals(bytes, generated.toBytes(viaReflective));
    }

    @SuppressWarnings("unchecked")
    private static <T> dev.blit.Serializer<T> reflective(Class<T> c) {
        return (dev.blit.Serializer<T>) (dev.blit.Serializer<?>) new ReflectiveSerializer(ClassModel.of(c, null), false);
    }

    @Test
    void compatibleModeAndClassesWrittenByNameTakeThemToo() {
        Blit compatible = Blit.builder().compatible(true).references(true).register(Outer.class, 100)
                .register(Outer.Line.class, 101).build();
        Outer back = (Outer) compatible.fromBytes(compatible.toBytes(sample()));
        assertSame(back, back.lines.get(1).outer());
        Blit named = Blit.builder().references(true).allowClassNames(InnerClassTest.class.getName() + "$Outer",
                InnerClassTest.class.getName() + "$Outer$Line").build();
        Outer byName = (Outer) named.fromBytes(named.toBytes(sample()));
        assertSame(byName, byName.lines.get(0).outer());
    }

    /**
     * An inner class that never uses its enclosing instance: javac keeps the field for it when it compiles for
     * Java 17 (as this module is), and drops it when it compiles for 18 or later (-XDoptimizeOuterThis, the
     * default there), yet the constructor still takes the instance, so nothing could build the class and
     * registering it says why. Compiled here by the JDK that runs the test, for its own release: on 17 the field
     * is kept and the class round-trips; on the newer JDK CI also runs, it is dropped and refused.
     */
    @Test
    void anInnerClassWithoutItsEnclosingInstanceIsRefusedSayingWhy(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Files.writeString(dir.resolve("Host.java"), "package innerclass; public class Host {"
                + " public class Detached { public int x; } public Detached make(int x) { Detached d = new Detached();"
                + " d.x = x; return d; } }");
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        java.io.StringWriter errors = new java.io.StringWriter();
        int rc = javac.getTask(errors, null, null, List.of("-d", dir.toString(), "-XDoptimizeOuterThis=true"), null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjects(dir.resolve("Host.java"))).call() ? 0 : 1;
        assertEquals(0, rc, errors.toString());
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()},
                InnerClassTest.class.getClassLoader())) {
            Class<?> host = loader.loadClass("innerclass.Host");
            Class<?> detached = loader.loadClass("innerclass.Host$Detached");
            boolean kept = java.util.Arrays.stream(detached.getDeclaredFields()).anyMatch(f -> f.getName().startsWith("this$"));
            assertEquals(Runtime.version().feature() == 17, kept, "javac " + Runtime.version().feature() + " kept this$0");
            Blit.Builder b = Blit.builder().references(true).register(host, 100).register(detached, 101);
            if (kept) {
                Object d = host.getMethod("make", int.class).invoke(host.getConstructor().newInstance(), 3);
                Blit blit = b.build();
                assertEquals(3, detached.getField("x").getInt(blit.fromBytes(blit.toBytes(d))));
            } else {
                BlitException e = assertThrows(BlitException.class, b::build);
                assertTrue(e.getMessage().contains("an inner class whose constructors take an enclosing instance it does"
                        + " not keep"), e.getMessage());
            }
        }
    }

    /**
     * The same for an anonymous and a local class declared in an instance method: javac 18 or later drops their
     * unused this$0 too, and registering them said they needed a no-argument constructor (and, since their
     * field initializers set constants, that their constructors computed the fields). On 17 the field is kept, and
     * refused as every field the compiler adds to a local or anonymous class.
     */
    @Test
    void aLocalOrAnonymousClassWithoutItsEnclosingInstanceIsRefusedSayingWhy(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Files.writeString(dir.resolve("Maker.java"), "package innerclass; public class Maker {"
                + " public static class Base { public int a = 1; }"
                + " public Object anonymous() { return new Base() { public int b = 2; }; }"
                + " public Object local() { class Loc { public int c = 3; } return new Loc(); } }");
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        java.io.StringWriter errors = new java.io.StringWriter();
        boolean ok = javac.getTask(errors, null, null, List.of("-d", dir.toString()), null,
                javac.getStandardFileManager(null, null, null).getJavaFileObjects(dir.resolve("Maker.java"))).call();
        assertTrue(ok, errors.toString());
        try (java.net.URLClassLoader loader = new java.net.URLClassLoader(new java.net.URL[] {dir.toUri().toURL()},
                InnerClassTest.class.getClassLoader())) {
            Class<?> maker = loader.loadClass("innerclass.Maker");
            Object m = maker.getConstructor().newInstance();
            for (String method : new String[]{"anonymous", "local"}) {
                Class<?> c = maker.getMethod(method).invoke(m).getClass();
                boolean kept = java.util.Arrays.stream(c.getDeclaredFields()).anyMatch(f -> f.getName().startsWith("this$"));
                assertEquals(Runtime.version().feature() == 17, kept, "javac " + Runtime.version().feature() + " kept this$0");
                BlitException e = assertThrows(BlitException.class,
                        () -> Blit.builder().register(maker, 100).register(c, 101).build(), method);
                assertTrue(e.getMessage().contains(kept ? "a field the compiler added" : "it is " + (method.equals("local")
                        ? "a local" : "an anonymous") + " class declared where this is in scope (an instance method,"
                        + " constructor or initializer), and its constructor takes an enclosing instance it does not keep"),
                        e.getMessage());
            }
        }
    }

    @Test
    void localAndAnonymousClassesWithCapturedVariablesStayRefused() {
        int captured = 5;
        class Local {
            int value() {
                return captured;
            }
        }
        Object anonymous = new Object() {
            @Override
            public String toString() {
                return Objects.toString(captured);
            }
        };
        for (Class<?> c : List.of(Local.class, anonymous.getClass())) {
            BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(c, 100).build(), c::getName);
            assertTrue(e.getMessage().contains("a field the compiler added"), e.getMessage());
        }
    }
}
