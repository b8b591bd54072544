package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.internal.NamedClasses;

import java.util.ArrayList;
import java.util.List;

/**
 * Id 99, extended id 43: the values of the user's classes written by their name (FORMAT.md, "Classes written by
 * name"), for {@link Decoder}. A class reference is {@code 00}, the class's package ({@code 00} and its name the
 * first time a message names it, later its index plus one) and its name in the package the first time a message
 * names the class, later that class's index plus one; each message (each value of a stream, each record of a log)
 * starts with no names, so the table here is the message's ({@link #begin}, rewound with the decoder's other
 * state when a guess fails). The content after the reference is exactly a registered class's, so it is read as
 * one ({@link Decoder#user}), the class standing under the key {@link UserTypes#named} gives it: with its fields'
 * names where the class can be loaded, and as a user id whose class was not given where not (a field table in
 * compatible mode; else the value stops there, naming the class).
 *
 * <p>What every reader refuses is damage here too, with its offset: a reference to a name the message has not
 * given, a package reference likewise, a null package or name, a name in its package that holds a dot, one over 1,024 chars, one that is no binary class name or lies in the JDK's packages (no
 * pattern may allow those, so no Blit loads them), and, once loaded, a class the library never reads by name.
 * Whether a name matches the reader's {@code allowClassNames}, and names a class the reader has, only the reader
 * tells: the dump, which may be given another classpath or none, does not refuse those.
 */
final class ClassesByName {

    private final Decoder decoder;
    private final Input in;
    private final UserTypes types;
    /** The names the message being read gave so far, by index. */
    private final List<String> names = new ArrayList<>();
    /** The packages the message being read gave so far, by index. */
    private final List<String> packages = new ArrayList<>();
    /** How many packages the message had given at each count of names, to rewind both together. */
    private final List<Integer> packagesAt = new ArrayList<>();

    ClassesByName(Decoder decoder, Input in, UserTypes types) {
        this.decoder = decoder;
        this.in = in;
        this.types = types;
    }

    /** A message starts with no names. */
    void begin() {
        names.clear();
        packages.clear();
        packagesAt.clear();
    }

    /** @return how many names the message gave so far, to rewind to with {@link #truncate} */
    int count() {
        return names.size();
    }

    /** Forgets the names given after the first {@code count}: the decoder reads a value again. */
    void truncate(int count) {
        if (count < names.size()) {
            packages.subList(packagesAt.get(count), packages.size()).clear();
            packagesAt.subList(count, packagesAt.size()).clear();
            names.subList(count, names.size()).clear();
        }
    }

    /**
     * A value, after its tag and extended id: its class reference (shown as a child, "class"), then its content
     * as a registered class's. The value is tracked already, as every id-99 value is.
     */
    void value(Node n, int depth) {
        Node c = n.add(new Node(in.pos, "class"));
        long key;
        try {
            key = reference(c);
        } catch (BlitException e) {
            decoder.mark(c, e);
            throw e;
        } finally {
            c.end = in.pos;
        }
        n.named = key;
        n.type = types.typeName(key);
        decoder.user(n, key, depth);
    }

    /**
     * The class reference of a type descriptor (a typed array's component, an EnumSet's or EnumMap's enum: 99, 43,
     * then this), noting on {@code n}, the value it describes, a name it gives (the values after it refer to it).
     *
     * @return the class's key ({@link UserTypes#named})
     */
    long descriptor(Node n) {
        int given = names.size();
        long key = reference(new Node(in.pos, null));
        if (names.size() > given) {
            n.note = "its type gives class name #" + given;
        }
        return key;
    }

    /** Reads a class reference into {@code c} ("new name #0" and the name, or "name #0"). */
    private long reference(Node c) {
        long at = in.pos;
        long k = in.uvar(32) & 0xffffffffL;
        if (k != 0) {
            int i = NamedClasses.checkReference(k, names.size(), false, at);
            String name = names.get(i);
            c.type = "name #" + i;
            c.value = Names.quote(name);
            return types.named(name, at);
        }
        long nameAt = in.pos;
        int given = packages.size();
        try {
            return newName(c, nameAt, given);
        } catch (BlitException e) {
            packages.subList(given, packages.size()).clear(); // a package read for a name that failed
            throw e;
        }
    }

    private long newName(Node c, long nameAt, int given) {
        String pkg = pkg(c);
        long simpleAt = in.pos;
        String name = NamedClasses.join(pkg, in.name(false), simpleAt, nameAt);
        // The library's own checks: what it refuses before any pattern or class loader is asked.
        if (!NamedClasses.isBinaryName(name) || NamedClasses.inJdkPackages(name)) {
            throw new BlitException("class name " + Names.quote(name) + " at offset " + nameAt + (NamedClasses.isBinaryName(name)
                    ? " is in the JDK's packages, which no Blit loads by name" : " is no binary class name, which no Blit reads"));
        }
        c.type = "new name #" + names.size();
        c.value = Names.quote(name);
        long key = types.named(name, nameAt);
        packagesAt.add(given);
        names.add(name);
        return key;
    }

    /** The package of a new class name: {@code 00} and a new one, or the index plus one of one given before. */
    private String pkg(Node c) {
        long at = in.pos;
        long p = in.uvar(32) & 0xffffffffL;
        if (p != 0) {
            int i = NamedClasses.checkReference(p, packages.size(), true, at);
            c.note = "in package #" + i;
            return packages.get(i);
        }
        long pkgAt = in.pos;
        String pkg = NamedClasses.checkPackage(in.name(true), pkgAt);
        c.note = "in new package #" + packages.size();
        packages.add(pkg);
        return pkg;
    }
}
