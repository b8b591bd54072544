package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.types.TypeIds;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The classes a Blit instance writes by their name rather than by an id ({@code Blit.Builder.allowClassNames}):
 * a class of the user's that has no registration, whose name matches one of the user's patterns. This is the
 * opt-in Kryo ({@code setRegistrationRequired(false)}) and Fory ({@code requireClassRegistration(false)}) offer,
 * with the allowlist in front of it that both recommend and neither requires: the reader checks a name against
 * the patterns <em>before</em> it loads a class, so bytes can make it load and instantiate only classes the user
 * listed, never a JDK class or a library's (the gadget chains that made Java serialization infamous).
 *
 * <p>A class gets its serializer on first use (the first value written, or the first name read), made as a
 * registered class's is, and keeps it; every thread sees one registration per class. On the wire (FORMAT.md,
 * "Classes written by name") a value is the tag {@link TypeIds#EXTENDED}, the extended id
 * {@link TypeIds#EXT_NAMED_CLASS}, the class's name the first time a message names it (later, its index among
 * the message's names), then its content exactly as if it were registered.
 */
public final class NamedClasses {
    /** What never loads by name: the JDK's own packages, whatever a pattern says. */
    private static final Pattern JDK = Pattern.compile("(java|javax|jdk|sun|com\\.sun)(\\..*)?");
    private static final Pattern NAME = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*");
    /** The longest class name read: longer ones are refused before anything is looked up. */
    public static final int MAX_NAME = 1024;

    /** Makes the serializer of a class's content, as for a class registered without a serializer. */
    public interface Binder {
        /**
         * @param type a concrete class of the user's
         * @param late set to {@link Registration#late} of the class (its element 0)
         * @return its content's serializer
         * @throws BlitException if the class cannot be serialized
         */
        Serializer<?> contentOf(Class<?> type, boolean[] late);
    }

    private final List<String> patterns;
    private final Set<String> classes = new HashSet<>();
    private final Set<String> packages = new HashSet<>();
    private final List<String> trees = new ArrayList<>();
    private final ClassLoader loader;
    private final Binder binder;
    private final ConcurrentHashMap<Class<?>, Registration> byClass = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, Registration> byName = new ConcurrentHashMap<>();
    /** The package of every class written by name, one String each, so a writer compares packages by identity. */
    private final java.util.Map<String, String> packageNames = new java.util.HashMap<>();
    /** Classes allowed by name that cannot be serialized, with why: at most one per class that exists. */
    private final java.util.Map<Class<?>, String> refusals = new java.util.HashMap<>();

    /**
     * @param patterns the user's patterns, each checked by {@link #check}
     * @param loader   where names read are loaded from
     * @param binder   makes a class's content serializer
     */
    public NamedClasses(List<String> patterns, ClassLoader loader, Binder binder) {
        this.patterns = List.copyOf(patterns);
        this.loader = loader;
        this.binder = binder;
        for (String p : this.patterns) {
            if (p.endsWith(".**")) {
                trees.add(p.substring(0, p.length() - 3));
            } else if (p.endsWith(".*")) {
                packages.add(p.substring(0, p.length() - 2));
            } else {
                classes.add(p);
            }
        }
    }

    /**
     * @param name text read where a class name belongs
     * @return whether it has the form of a binary class name ({@code com.acme.Order$Line}); the dump checks names
     *         with this too
     */
    public static boolean isBinaryName(String name) {
        return NAME.matcher(name).matches();
    }

    /**
     * @param name a binary class or package name
     * @return whether it lies in the JDK's packages, which are never loaded by name, whatever a pattern says
     */
    public static boolean inJdkPackages(String name) {
        return JDK.matcher(name).matches();
    }

    /**
     * Checks a reference to a class or package the message named before (FORMAT.md's {@code classref} and
     * {@code pkgref}: its index + 1), as every reader does, the dump too.
     *
     * @param ref   the {@code uvar} read, not 0, as an unsigned value
     * @param given how many classes (or packages) the message named so far
     * @param pkg   whether it refers to a package
     * @param at    its offset
     * @return the index it refers to
     * @throws BlitException past those given
     */
    public static int checkReference(long ref, int given, boolean pkg, long at) {
        if (ref - 1 >= given) {
            throw new BlitException((pkg ? "package" : "class") + " reference " + ref + " at offset " + at + ": this message"
                    + " named " + given + (pkg ? " packages so far (0 introduces one)" : " classes so far (0 introduces a name)"));
        }
        return (int) (ref - 1);
    }

    /**
     * Checks a package name read (FORMAT.md's {@code pkgref}), as every reader does, the dump too.
     *
     * @param pkg what was read, possibly null
     * @param at  its offset
     * @return {@code pkg}
     * @throws BlitException for null, or over {@link #MAX_NAME} chars
     */
    public static String checkPackage(String pkg, long at) {
        if (pkg == null) {
            throw new BlitException("null package name at offset " + at);
        }
        if (pkg.length() > MAX_NAME) {
            throw new BlitException("package name of " + pkg.length() + " chars at offset " + at + ": at most " + MAX_NAME
                    + " are read");
        }
        return pkg;
    }

    /**
     * A class's binary name from its package and its name in it, as read, checked as every reader checks it
     * (the dump too) before anything else: the name in the package must be there and hold no dot (the package
     * ends at the last one), and the whole at most {@link #MAX_NAME} chars.
     *
     * @param pkg      the package, checked ("" for the unnamed package)
     * @param simple   the name in it, possibly null
     * @param simpleAt its offset
     * @param nameAt   the offset of the class reference's package, for the whole name
     * @return the binary name
     */
    public static String join(String pkg, String simple, long simpleAt, long nameAt) {
        if (simple == null || simple.indexOf('.') >= 0) {
            throw new BlitException((simple == null ? "null class name" : "class name " + quoted(simple)
                    + ", which holds a dot,") + " at offset " + simpleAt + " (the name in its package)");
        }
        String name = pkg.isEmpty() ? simple : pkg + "." + simple;
        if (name.length() > MAX_NAME) {
            throw new BlitException("class name of " + name.length() + " chars at offset " + nameAt + ": at most "
                    + MAX_NAME + " are read");
        }
        return name;
    }

    /**
     * @param pattern a class's binary name ({@code com.acme.Order}, {@code com.acme.Order$Line}), a package's
     *                classes ({@code com.acme.*}: not its subpackages), or a package and all below it
     *                ({@code com.acme.**})
     * @return the pattern
     * @throws BlitException for anything else, and for the JDK's packages, which are never loaded by name
     */
    public static String check(String pattern) {
        String name = pattern.endsWith(".**") ? pattern.substring(0, pattern.length() - 3)
                : pattern.endsWith(".*") ? pattern.substring(0, pattern.length() - 2) : pattern;
        if (!isBinaryName(name)) {
            throw new BlitException("allowClassNames: " + quoted(pattern) + " is not a class name, a package followed by"
                    + " .* (its classes) or a package followed by .** (its classes and its subpackages')");
        }
        if (inJdkPackages(name)) {
            throw new BlitException("allowClassNames: " + quoted(pattern) + " names the JDK's classes, which are never"
                    + " loaded by name: the JDK types Blit writes are built in (FORMAT.md), any other needs a registration");
        }
        return pattern;
    }

    /** @return whether {@code name}, a class's binary name, matches one of the patterns */
    boolean allows(String name) {
        if (!isBinaryName(name) || inJdkPackages(name)) {
            return false;
        }
        if (classes.contains(name)) {
            return true;
        }
        int dot = name.lastIndexOf('.');
        String pkg = dot < 0 ? "" : name.substring(0, dot);
        if (packages.contains(pkg)) {
            return true;
        }
        for (String t : trees) {
            if (pkg.equals(t) || pkg.startsWith(t) && pkg.charAt(t.length()) == '.') {
                return true;
            }
        }
        return false;
    }

    /** @return the patterns, for messages */
    String patterns() {
        return patterns.toString();
    }

    /**
     * The registration a value of {@code type} is written with, made on first use.
     *
     * @param type the class of a value, which the registry has no registration for
     * @return its registration (id {@link TypeIds#EXTENDED}), or null if its name is not allowed or it has no
     *         name to load it by
     * @throws BlitException if the class is allowed but cannot be serialized
     */
    Registration forClass(Class<?> type) {
        Registration r = byClass.get(type);
        if (r != null) {
            return r;
        }
        Class<?> parent = type.getSuperclass();
        Class<?> c = parent != null && parent.isEnum() && !type.isEnum() ? parent : type; // a constant with a body
        if (c != type) {
            return forClass(c);
        }
        if (!nameable(type) || !allows(type.getName())) {
            return null;
        }
        return create(type, false);
    }

    /**
     * @param type a class
     * @return whether it can be found again by its name and is one of the user's (not the JDK's, nor made at run
     *         time): whether a pattern could let it be written by name
     */
    static boolean nameable(Class<?> type) {
        ClassLoader l = type.getClassLoader();
        return l != null && l != ClassLoader.getPlatformClassLoader() && !type.isArray() && !type.isPrimitive()
                && !type.isAnonymousClass() && !type.isLocalClass() && !type.isHidden() && !type.isSynthetic()
                && !type.isInterface() && (!Modifier.isAbstract(type.getModifiers()) || type.isEnum()); // an enum whose
                // constants implement its abstract methods is abstract
    }

    /**
     * @param loaded whether {@code type} is what this instance's class loader gives for its name (it was just
     *               loaded through it); if not known, it is asked
     */
    private Registration create(Class<?> type, boolean loaded) {
        // The class's static initializer is user code, and may itself use this Blit instance, for a class written by
        // name too (an enum's table of constants made with copy()): run it here, before the lock, never under it. A
        // thread in that initializer waiting for the lock while the lock's holder waits for the initializer (an
        // enum's serializer asks for its constants) would be a deadlock neither thread could leave.
        LinkageError initFailed = null;
        try {
            Class.forName(type.getName(), true, type.getClassLoader());
        } catch (ClassNotFoundException e) {
            // not found by its own loader under its name: nothing to initialize here, contentOf meets what it meets
        } catch (LinkageError e) {
            initFailed = e; // ExceptionInInitializerError and the like: refused below, as contentOf's would be
        }
        synchronized (this) { // one serializer per class, however many threads meet it first
            Registration r = byClass.get(type);
            if (r != null) {
                return r;
            }
            String refused = refusals.get(type);
            if (refused != null) {
                throw new BlitException(refused);
            }
            Serializer<?> content;
            boolean[] late = new boolean[1];
            try {
                if (initFailed != null) {
                    throw initFailed;
                }
                content = binder.contentOf(type, late);
            } catch (BlitException e) {
                // Kept: bytes that name such a class in every message would otherwise buy a failed generation each.
                refusals.put(type, e.getMessage());
                throw e;
            } catch (LinkageError | RuntimeException e) {
                // A class whose fields name classes its loader cannot find (NoClassDefFoundError), and the like.
                String why = "cannot serialize " + type.getName() + ": " + e;
                refusals.put(type, why);
                throw new BlitException(why, e);
            }
            r = new Registration(TypeIds.EXTENDED, type);
            String name = type.getName();
            int dot = name.lastIndexOf('.');
            String pkg = dot < 0 ? "" : name.substring(0, dot);
            String known = packageNames.putIfAbsent(pkg, pkg);
            r.bind(new Named(new ClassName(type, known != null ? known : pkg, name.substring(dot + 1)), content));
            r.late = late[0];
            if (loaded || loads(type)) {
                // Only then: a name read is this instance's loader's class, whatever same-named class of another
                // loader the instance wrote before ("Flat cannot be cast to Flat").
                byName.put(type.getName(), r);
            }
            byClass.put(type, r);
            return r;
        }
    }

    /**
     * The registration of a class named by the bytes: checked against the patterns first, then loaded through the
     * instance's class loader, not initialized until it passed every check here; then initialized (its static
     * initializer runs, as reading its value would run it) before its serializer is made, holding no lock of Blit's.
     *
     * @param name     the name read
     * @param at       its offset, for errors
     * @param registry the instance's registry, to refuse a class that has an id of its own
     * @return its registration
     * @throws BlitException if the name is not allowed, names no class, or one Blit cannot read by name
     */
    Registration forName(String name, long at, Registry registry) {
        Registration r = byName.get(name);
        if (r != null) {
            return r;
        }
        if (!allows(name)) {
            throw new BlitException("class name " + quoted(name) + " at offset " + at + " is not allowed: it matches none"
                    + " of allowClassNames " + patterns + ", so it is not loaded");
        }
        Class<?> c;
        try {
            c = Class.forName(name, false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
            throw new BlitException("class name " + quoted(name) + " at offset " + at + " names no class this Blit"
                    + " instance can load (" + e + ")", e);
        }
        Registration own = registry.registered(c);
        if (own != null) {
            throw new BlitException("class name " + quoted(name) + " at offset " + at + " names a class registered"
                    + " with this Blit instance (id " + own.id + "), which is written by its id, never by its name");
        }
        if (!c.getName().equals(name) || !nameable(c) || (c.getSuperclass() != null && c.getSuperclass().isEnum() && !c.isEnum())) {
            throw new BlitException("class name " + quoted(name) + " at offset " + at + " names " + c.getName()
                    + ", which is not written by name (an interface, an abstract class, an enum constant's body, or a"
                    + " class only its loader can name)");
        }
        try {
            return create(c, true);
        } catch (BlitException e) {
            throw new BlitException("class name " + quoted(name) + " at offset " + at + ": " + e.getMessage(), e);
        }
    }

    /** @return whether this instance's class loader finds {@code type} itself by its name */
    private boolean loads(Class<?> type) {
        try {
            return Class.forName(type.getName(), false, loader) == type;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /** Text from the bytes in a message: quoted and cut short. */
    static String quoted(String s) {
        return "\"" + (s.length() > 200 ? s.substring(0, 200) + "..." : s) + "\"";
    }

    /**
     * Reads the rest of a value of a class written by name: the class reference, then its content. For the
     * extended built-ins' serializer, which reads the extended id itself (a run of id 99, an overlong extended
     * id); a tagged value is read by {@code ReadSession} directly.
     *
     * @param in the buffer, just after the extended id
     * @return the value
     */
    public static Object read(ReadBuffer in) {
        Registration r = ReadSession.of(in).readNamedClass(in);
        return contentOf(r).read(in); // a class read past in a dropped field (UnknownClass) has no name of its own here
    }

    /**
     * @param r the registration of a class written by name
     * @return its name as written: package and name in it, as the bytes of two {@code str}s
     */
    static ClassName name(Registration r) {
        return ((Named) r.serializer).name;
    }

    /**
     * @param r a registration
     * @return the serializer of its values' content: for a class written by name, without its extended id and
     *         class reference (what the serializer of the same class registered would be)
     */
    public static Serializer<?> contentOf(Registration r) {
        return r.serializer instanceof Named ? ((Named) r.serializer).content : r.serializer;
    }

    /** @return whether {@code r} is the registration of a class written by name */
    public static boolean isNamed(Registration r) {
        return r.serializer instanceof Named;
    }

    /**
     * A class's name as it is written: its package (FORMAT.md's {@code pkgref}: "" for the unnamed package), then
     * its name in the package, each as the bytes of a {@code name} ({@link PackedNames}), made once per class. A message names a package
     * once, however many of its classes it names: the classes of one application mostly share a few packages, and
     * the package is most of a name's length ({@code com.acme.orders.} in {@code com.acme.orders.Order}).
     */
    static final class ClassName {
        final Class<?> type;
        /** One String per package ({@code packageNames}), compared by identity. */
        final String pkg;
        final byte[] pkgWire;
        final byte[] simpleWire;

        ClassName(Class<?> type, String pkg, String simple) {
            this.type = type;
            this.pkg = pkg;
            this.pkgWire = PackedNames.encode(pkg, true);
            this.simpleWire = PackedNames.encode(simple, false);
        }
    }

    /**
     * The serializer of a class written by name, under {@link TypeIds#EXTENDED}: its extended id and class
     * reference, then its content. Tracked, as every value under that tag is (the reader numbers the value
     * before it knows its class). Reading does not go through it: {@code ReadSession} reads the class reference
     * and calls {@link #content} (or the extended built-ins' serializer calls {@link NamedClasses#read}).
     */
    private static final class Named implements Serializer<Object> {
        final ClassName name;
        final Serializer<Object> content;

        @SuppressWarnings("unchecked")
        Named(ClassName name, Serializer<?> content) {
            this.name = name;
            this.content = (Serializer<Object>) content;
        }

        @Override
        public void write(WriteBuffer out, Object value) {
            out.writeUnsignedVarInt(TypeIds.EXT_NAMED_CLASS);
            TypeWriter.writeClassName(WriteSession.of(out), out, name);
            content.write(out, value);
        }

        @Override
        public Object read(ReadBuffer in) {
            return content.read(in); // not reached: see the class comment
        }
    }
}
