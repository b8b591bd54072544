package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.WriteSession;

import java.lang.invoke.MethodHandles;

/** How Blit gets private access to a user's class: the user's own lookup, or one Blit may take. */
final class Access {
    private Access() {
    }

    /**
     * @param type  a class whose private members Blit needs (the registered class or one of its superclasses)
     * @param given a full-privilege lookup the user handed over, or null
     * @return a lookup with private access to {@code type}
     * @throws BlitException naming the fix (open the package, or pass a lookup) when neither way works
     */
    static MethodHandles.Lookup lookupFor(Class<?> type, MethodHandles.Lookup given) {
        if (given != null) {
            try {
                // privateLookupIn, not given.in(type): in() drops private access as soon as the class changes.
                return MethodHandles.privateLookupIn(type, given);
            } catch (IllegalAccessException | SecurityException e) {
                // a superclass in a package the user's lookup cannot open: try Blit's own access below
            }
        }
        Module blit = Access.class.getModule();
        if (!type.getModule().isOpen(type.getPackageName(), blit)) {
            if (jdk(type)) {
                // the advice below cannot be followed: the user's code can neither open a JDK package nor take a
                // lookup in it
                throw new BlitException("Blit cannot reach the fields of " + type.getName() + ": it is a JDK class, "
                        + "whose fields are private to module " + type.getModule().getName() + "; register a "
                        + "Serializer of your own for it, written through its public methods");
            }
            throw new BlitException("Blit cannot reach the fields of " + type.getName() + ": module "
                    + type.getModule().getName() + " must open package " + type.getPackageName()
                    + " to dev.blit, or pass Blit.builder().lookup(MethodHandles.lookup()) from that package");
        }
        try {
            return MethodHandles.privateLookupIn(type, MethodHandles.lookup());
        } catch (IllegalAccessException e) {
            throw new BlitException("Blit cannot reach the fields of " + type.getName() + ": " + e.getMessage(), e);
        }
    }

    /** @return whether {@code type} is the JDK's own: in a named module of the boot or platform class loader */
    private static boolean jdk(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return type.getModule().isNamed() && (loader == null || loader == ClassLoader.getPlatformClassLoader());
    }

    /**
     * A lookup in which a generated serializer for {@code type} can be defined as a nestmate of it, so that
     * it reads and writes the fields with {@code getfield}/{@code putfield} and calls the constructor with
     * {@code invokespecial}, as hand-written code does, instead of through method handles. That needs three
     * things, and Blit falls back to method handles when one is missing: full-privilege access to
     * {@code type} (Blit and the class in the same module, which is the case on the class path, or a
     * lookup the user handed over from the class's package); the class's module reading Blit's and Blit's
     * packages exported to it, since the serializer, now in the user's package, calls Blit's buffers and
     * sessions; and the class's loader finding Blit's own classes (not copies from another loader).
     *
     * @param type  the class to serialize
     * @param given a full-privilege lookup the user handed over, or null
     * @return a full-privilege lookup on {@code type}, or null when the serializer must live in Blit's package
     */
    static MethodHandles.Lookup nestHost(Class<?> type, MethodHandles.Lookup given) {
        if (type.isHidden() || type.isArray() || type.isPrimitive()) {
            return null;
        }
        MethodHandles.Lookup lookup;
        try {
            lookup = lookupFor(type, given);
        } catch (BlitException e) {
            return null;
        }
        if (!lookup.hasFullPrivilegeAccess()) {
            return null;
        }
        Module blit = Access.class.getModule();
        Module user = type.getModule();
        if (!user.canRead(blit)) {
            return null;
        }
        for (Class<?> c : new Class<?>[] {Serializer.class, WriteBuffer.class, WriteSession.class, Access.class}) {
            if (!blit.isExported(c.getPackageName(), user)) {
                return null;
            }
            try {
                if (Class.forName(c.getName(), false, type.getClassLoader()) != c) {
                    return null;
                }
            } catch (ClassNotFoundException | LinkageError e) {
                return null;
            }
        }
        return lookup;
    }
}
