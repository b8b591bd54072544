package dev.blit.gen;

import dev.blit.BlitException;

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
}
