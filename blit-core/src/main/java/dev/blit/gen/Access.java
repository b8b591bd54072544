package dev.blit.gen;

import dev.blit.BlitException;

import java.lang.invoke.MethodHandles;

/** How Blit gets private access to a user's class: the user's own lookup, or one Blit may take. */
final class Access {
    private Access() {
    }

    static MethodHandles.Lookup lookupFor(Class<?> type, MethodHandles.Lookup given) {
        if (given != null) {
            return given.in(type);
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
