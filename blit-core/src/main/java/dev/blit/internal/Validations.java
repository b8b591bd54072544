package dev.blit.internal;

import dev.blit.BlitException;

/**
 * The {@code registerValidation} callbacks of one message, for {@link ReadSession#registerValidation} and
 * {@link ReadSession#validate}: the callbacks a class's {@code readObject} gave
 * {@code ObjectInputStream.registerValidation}, run once the whole value is read. Kept apart from the session's
 * class, which every read goes through, as what only a few {@code readObject} methods use; a message that
 * registers none never makes one.
 */
final class Validations {
    /** In the order registered. */
    private final java.util.ArrayList<Validation> list = new java.util.ArrayList<>();

    /** A callback {@code ObjectInputStream.registerValidation} was given, for {@link ReadSession#validate}. */
    private static final class Validation {
        final java.io.ObjectInputValidation callback;
        final int priority;
        final Class<?> type;
        final long at;

        Validation(java.io.ObjectInputValidation callback, int priority, Class<?> type, long at) {
            this.callback = callback;
            this.priority = priority;
            this.type = type;
            this.at = at;
        }
    }

    /** See {@link ReadSession#registerValidation}. */
    void add(java.io.ObjectInputValidation callback, int priority, Class<?> type, long at) {
        list.add(new Validation(callback, priority, type, at));
    }

    /** Runs the callbacks, as {@link ReadSession#validate} says; once, since the session drops this before. */
    void run() {
        java.util.Collections.reverse(list);
        list.sort((a, b) -> Integer.compare(b.priority, a.priority)); // stable: the later registered first among equals
        for (Validation v : list) {
            try {
                v.callback.validateObject();
            } catch (BlitException e) {
                throw e;
            } catch (java.io.InvalidObjectException | RuntimeException | LinkageError | AssertionError e) {
                String kind = e instanceof java.io.InvalidObjectException ? "" : " (" + e.getClass().getName() + ")";
                throw new BlitException("validating " + v.type.getName() + " (a registerValidation callback, run once"
                        + " the whole value was read) failed for the object at offset " + v.at + ": "
                        + e.getMessage() + kind, e);
            }
        }
    }
}
