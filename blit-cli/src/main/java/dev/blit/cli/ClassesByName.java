package dev.blit.cli;

import dev.blit.BlitException;
import dev.blit.internal.NamedClasses;

import java.util.ArrayList;
import java.util.List;

/**
 * Id 99, extended id 43: the values of the user's classes written by their name (FORMAT.md, "Classes written by
 * name"), for {@link Decoder}. A class reference is {@code 00} and the class's binary name the first time a
 * message names it, later that name's index plus one; each message (each value of a stream, each record of a log)
 * starts with no names, so the table here is the message's ({@link #begin}, rewound with the decoder's other
 * state when a guess fails). The content after the reference is exactly a registered class's, so it is read as
 * one ({@link Decoder#user}), the class standing under the key {@link UserTypes#named} gives it: with its fields'
 * names where the class can be loaded, and as a user id whose class was not given where not (a field table in
 * compatible mode; else the value stops there, naming the class).
 *
 * <p>What every reader refuses is damage here too, with its offset: a reference to a name the message has not
 * given, a null name, one over 1,024 chars, one that is no binary class name or lies in the JDK's packages (no
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

    ClassesByName(Decoder decoder, Input in, UserTypes types) {
        this.decoder = decoder;
        this.in = in;
        this.types = types;
    }

    /** A message starts with no names. */
    void begin() {
        names.clear();
    }

    /** @return how many names the message gave so far, to rewind to with {@link #truncate} */
    int count() {
        return names.size();
    }

    /** Forgets the names given after the first {@code count}: the decoder reads a value again. */
    void truncate(int count) {
        names.subList(count, names.size()).clear();
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
            if (k - 1 >= names.size()) {
                throw new BlitException("class reference " + k + " at offset " + at + ": this message named "
                        + names.size() + " classes so far (0 introduces a name)");
            }
            String name = names.get((int) (k - 1));
            c.type = "name #" + (k - 1);
            c.value = Names.quote(name);
            return types.named(name, at);
        }
        long nameAt = in.pos;
        String name = in.str();
        if (name == null) {
            throw new BlitException("null class name at offset " + nameAt);
        }
        if (name.length() > NamedClasses.MAX_NAME) {
            throw new BlitException("class name of " + name.length() + " chars at offset " + nameAt + ": at most "
                    + NamedClasses.MAX_NAME + " are read");
        }
        // The library's own checks: what it refuses before any pattern or class loader is asked.
        if (!NamedClasses.isBinaryName(name) || NamedClasses.inJdkPackages(name)) {
            throw new BlitException("class name " + Names.quote(name) + " at offset " + nameAt + (NamedClasses.isBinaryName(name)
                    ? " is in the JDK's packages, which no Blit loads by name" : " is no binary class name, which no Blit reads"));
        }
        c.type = "new name #" + names.size();
        c.value = Names.quote(name);
        long key = types.named(name, nameAt);
        names.add(name);
        return key;
    }
}
