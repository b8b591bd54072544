package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.types.BuiltinTypes;
import dev.blit.types.TypeIds;

import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * How {@link ReadSession} reads the classes a message names: a type descriptor ({@link ReadSession#readType}) and a
 * reference to a class written by name ({@link ReadSession#readNamedClass}), the read side of {@link TypeWriter}.
 * Kept apart so that the session's class holds what every value goes through; static, on the session's own fields
 * (its names and packages so far), so that a value of a class written by name costs no object more to reach.
 */
final class TypeReader {
    private TypeReader() {
    }

    /** {@link ReadSession#readNamedClass}, on {@code s}'s names and packages so far. */
    static Registration readNamedClass(ReadSession s, ReadBuffer in) {
        long at = in.offset();
        int k = in.readUnsignedVarInt();
        if (k != 0) {
            return s.named[NamedClasses.checkReference(Integer.toUnsignedLong(k), s.namedCount, false, at)];
        }
        // What an earlier message of this session named at this index: a stream or a reused buffer whose messages
        // name their classes in the same order costs a compare of bytes, not strings and a lookup.
        Registration[] n = s.named;
        Registration guess = n != null && s.namedCount < n.length ? n[s.namedCount] : null;
        NamedClasses.ClassName g = guess == null || !NamedClasses.isNamed(guess) ? null : NamedClasses.name(guess);
        long nameAt = in.offset();
        String pkg = readPackage(s, in, g);
        Registration r;
        if (g != null && g.pkg.equals(pkg) && in.readBytesIf(g.simpleWire)) {
            r = guess;
        } else {
            long simpleAt = in.offset();
            String simple = PackedNames.read(in, false);
            String name = NamedClasses.join(pkg, simple, simpleAt, nameAt);
            try {
                r = s.registry.forName(name, nameAt);
            } catch (BlitException e) {
                if (s.dropping == 0) {
                    throw e;
                }
                r = s.unknown(name); // compatible mode, in a field the reader drops: read past, never loaded
            }
        }
        if (s.named == null || s.namedCount == s.named.length) {
            s.named = Arrays.copyOf(s.named == null ? new Registration[0] : s.named, Math.max(8, s.namedCount * 2));
        }
        s.named[s.namedCount++] = r;
        return r;
    }

    /** The package of a new class name: {@code 00} and a new one, or one this message gave before. */
    private static String readPackage(ReadSession s, ReadBuffer in, NamedClasses.ClassName guess) {
        long at = in.offset();
        int p = in.readUnsignedVarInt();
        if (p != 0) {
            return s.packages[NamedClasses.checkReference(Integer.toUnsignedLong(p), s.packageCount, true, at)];
        }
        String pkg;
        if (guess != null && in.readBytesIf(guess.pkgWire)) {
            pkg = guess.pkg;
        } else {
            long pkgAt = in.offset();
            pkg = NamedClasses.checkPackage(PackedNames.read(in, true), pkgAt);
        }
        if (s.packages == null || s.packageCount == s.packages.length) {
            s.packages = Arrays.copyOf(s.packages == null ? new String[0] : s.packages, Math.max(4, s.packageCount * 2));
        }
        s.packages[s.packageCount++] = pkg;
        return pkg;
    }

    /** {@link ReadSession#readType}, under {@code nesting} array types already. */
    static Class<?> readType(ReadSession s, ReadBuffer in, int nesting) {
        long at = in.offset();
        int id = in.readUnsignedVarInt();
        if (id == TypeIds.TYPED_ARRAY) {
            if (nesting >= ReadSession.MAX_TYPE_NESTING) {
                throw new BlitException("array type nested more than " + ReadSession.MAX_TYPE_NESTING + " levels at offset " + at);
            }
            return Array.newInstance(readType(s, in, nesting + 1), 0).getClass();
        }
        if (id == TypeIds.EXTENDED) {
            int ext = in.readUnsignedVarInt();
            if (ext == TypeIds.EXT_NAMED_CLASS) {
                return readNamedClass(s, in).type;
            }
            Class<?> c = BuiltinTypes.extendedClass(ext);
            if (c == null) {
                throw new BlitException("unknown type id 99, extended id " + Integer.toUnsignedString(ext) + ", at offset " + at
                        + ReadSession.SETTINGS_HINT);
            }
            return c;
        }
        Registration r = s.registry.forId(id);
        if (r == null && s.standsIn(id)) {
            return Object.class;
        }
        if (r == null || id == TypeIds.NULL || id == TypeIds.REFERENCE) {
            throw new BlitException("unknown type id " + Integer.toUnsignedString(id) + " at offset " + at
                    + ReadSession.SETTINGS_HINT);
        }
        return r.type;
    }
}
