package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.buffer.WriteBuffer;
import dev.blit.types.BuiltinTypes;
import dev.blit.types.TypeIds;

/**
 * How {@link WriteSession} writes the classes a message names: a type descriptor ({@link WriteSession#writeType})
 * and a reference to a class written by name ({@link #writeClassName}), whose reader is {@link TypeReader}. Kept
 * apart so that the session's class holds what every value goes through; static, on the session's own fields (the
 * names and packages this message gave so far), so that a value of a class written by name costs no object more to
 * reach.
 */
final class TypeWriter {
    private TypeWriter() {
    }

    /**
     * Writes a reference to a class written by its name (FORMAT.md, "Classes written by name"): {@code 00} and
     * its name the first time this message names it (its package's index plus one if the message named the
     * package before, else {@code 00} and the package; then its name in the package), else its index among the
     * message's names, plus one.
     *
     * @param out  the buffer
     * @param name the class's name, its bytes made once per class
     */
    static void writeClassName(WriteSession s, WriteBuffer out, NamedClasses.ClassName name) {
        Class<?> type = name.type;
        int index = namedIndexOf(s, type);
        if (index >= 0) {
            out.writeUnsignedVarInt(index + 1);
            return;
        }
        if (s.named == null || s.namedCount == s.named.length) {
            s.named = java.util.Arrays.copyOf(s.named == null ? new Class<?>[0] : s.named, Math.max(WriteSession.NAMED_SCAN, s.namedCount * 2));
        }
        if (s.namedCount >= WriteSession.NAMED_SCAN) {
            if (s.namedIndex == null) {
                s.namedIndex = new java.util.IdentityHashMap<>();
                for (int i = 0; i < s.namedCount; i++) {
                    s.namedIndex.put(s.named[i], i);
                }
            }
            s.namedIndex.put(type, s.namedCount);
        }
        s.named[s.namedCount++] = type;
        out.writeUnsignedVarInt(0);
        int p = packageIndexOf(s, name.pkg);
        if (p >= 0) {
            out.writeUnsignedVarInt(p + 1);
        } else {
            if (s.packages == null || s.packageCount == s.packages.length) {
                s.packages = java.util.Arrays.copyOf(s.packages == null ? new String[0] : s.packages, Math.max(4, s.packageCount * 2));
            }
            s.packages[s.packageCount++] = name.pkg;
            out.writeUnsignedVarInt(0);
            out.writeBytes(name.pkgWire, 0, name.pkgWire.length);
        }
        out.writeBytes(name.simpleWire, 0, name.simpleWire.length);
    }

    /**
     * @return the index this message gave the package {@code pkg}, or -1: a scan by identity (one String per
     *         package), since a message names few packages, and no more of them than classes
     */
    private static int packageIndexOf(WriteSession s, String pkg) {
        String[] p = s.packages;
        for (int i = 0; i < s.packageCount; i++) {
            if (p[i] == pkg) {
                return i;
            }
        }
        return -1;
    }

    /** @return the index this message gave {@code type}'s name, or -1 */
    private static int namedIndexOf(WriteSession s, Class<?> type) {
        if (s.namedIndex != null) {
            Integer i = s.namedIndex.get(type);
            return i == null ? -1 : i;
        }
        Class<?>[] n = s.named;
        for (int i = 0; i < s.namedCount; i++) {
            if (n[i] == type) {
                return i;
            }
        }
        return -1;
    }

    /** {@link WriteSession#writeType}. */
    static void writeType(WriteSession s, WriteBuffer out, Class<?> type) {
        Registration r = s.registry.forClass(type);
        if (r.id == TypeIds.EXTENDED && NamedClasses.isNamed(r)) {
            out.writeUnsignedVarInt(TypeIds.EXTENDED);
            out.writeUnsignedVarInt(TypeIds.EXT_NAMED_CLASS);
            writeClassName(s, out, NamedClasses.name(r));
            return;
        }
        if (r.id == TypeIds.EXTENDED) {
            // Path[], File[], InetAddress[]: 99, then the extended id of the component (FORMAT.md)
            int ext = BuiltinTypes.extendedIdOf(type);
            if (ext < 0) {
                throw new BlitException("cannot write an array of " + type.getName() + ": of the extended built-ins only"
                        + " Path, File, InetAddress, InetSocketAddress, StackTraceElement, URL, ByteBuffer, TimeUnit,"
                        + " ChronoUnit and RoundingMode can be an array's component type; use an Object[]");
            }
            Class<?> written = BuiltinTypes.extendedClass(ext);
            if (written != type) {
                // An extended id names one class: an Inet4Address[] or a MappedByteBuffer[] would read back as an
                // InetAddress[] or a ByteBuffer[], which a field of the subclass's array type cannot hold.
                throw new BlitException("cannot write an array of " + type.getName() + ": it would read back as a "
                        + written.getName() + "[], the array class of the extended built-in its elements are written as;"
                        + " write a " + written.getName() + "[] instead");
            }
            out.writeUnsignedVarInt(r.id);
            out.writeUnsignedVarInt(ext);
            return;
        }
        if (r.type != type && r.id != TypeIds.TYPED_ARRAY) {
            // An id names one class, which is what a reader makes an array of: a List.of(1).getClass()[] (an alias of
            // List.of's id), a UTF_8[] (a Charset subclass) or a Sub[] under registerHierarchy(Base) would read back
            // as another array class, which a field of this one's type cannot hold, or could not take its elements.
            // Per array, not per element: one comparison.
            boolean hierarchy = r.id >= TypeIds.FIRST_USER_ID && !r.type.isEnum();
            throw new BlitException("cannot write an array of " + type.getName() + ": its elements are written under id "
                    + r.id + ", " + (hierarchy ? "registerHierarchy(" + r.type.getName() + ")'s" : "that of "
                    + r.type.getName()) + ", so it would read back as a " + r.type.getName() + "[], not a "
                    + type.getName() + "[]; write a " + r.type.getName() + "[] or an Object[] instead"
                    + (hierarchy ? ", or register " + type.getName() + " itself" : ""));
        }
        out.writeUnsignedVarInt(r.id);
        if (r.id == TypeIds.TYPED_ARRAY) {
            writeType(s, out, type.getComponentType());
        }
    }
}
