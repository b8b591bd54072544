package dev.blit.internal;

import dev.blit.BlitException;
import dev.blit.buffer.WriteBuffer;
import dev.blit.types.TypeIds;

/**
 * The messages of {@link WriteSession}'s refusals that explain a graph Blit will not write, built apart from it:
 * they are long, and the session's hot methods stay small enough for the JIT to inline.
 */
final class WriteErrors {
    private WriteErrors() {
    }

    /** A nested write failed and a serializer of the user's swallowed its exception (see {@code writeMessage}). */
    static BlitException swallowed(WriteBuffer out) {
        return new BlitException("a value nested in this one failed to be written and the Serializer, Marshallable or"
                + " writeObject hook that wrote it caught the exception and went on (offset " + out.position() + " when"
                + " the message ended): what the failed value wrote before failing, bytes and reference numbers, would"
                + " stay in the message, which could then not be read back, so the whole value fails; let an exception"
                + " from WriteBuffer.writeObject (or Blit.write) propagate out of your write method");
    }

    /** The graph nests deeper than {@code maxDepth}; with a hint when that is a cycle. */
    static BlitException tooDeep(WriteBuffer out, Object value, int maxDepth, boolean references, Registry registry) {
        return new BlitException("object graph deeper than maxDepth " + maxDepth + " at offset " + out.position()
                + " (writing " + value.getClass().getTypeName() + "); " + cycleHint(value, references, registry)
                + "a deeper structure needs Blit.builder().maxDepth(n)");
    }

    /**
     * What {@link #tooDeep} says of a cycle: with references off, that it needs them; with references on, a cycle
     * goes on only through values that are not tracked, which a user's Serializer says with
     * {@code tracksReferences() == false}.
     */
    private static String cycleHint(Object value, boolean references, Registry registry) {
        if (!references) {
            return "a cycle needs references(true), ";
        }
        Registration r = registry.find(value.getClass());
        if (r != null && !r.tracked && (r.id >= TypeIds.FIRST_USER_ID || NamedClasses.isNamed(r))) {
            return "references are on, but the Serializer of " + value.getClass().getTypeName() + " does not track"
                    + " references (its tracksReferences() is false), so a value of it is written whole each time it is"
                    + " reached and a cycle through it never ends: make tracksReferences() return true (and have its"
                    + " read call in.reference(obj) before reading the parts that may lead back to obj); ";
        }
        return "references are on, so a cycle goes on only through values whose Serializer does not track references"
                + " (tracksReferences() false); ";
    }


    /**
     * A back reference to {@code value}, object {@code earlier}, from inside a part its reader needs before it can
     * make it: its comparator ({@code made} "comparator"), its {@code writeReplace} result ("replacement"), or its
     * own content (null) where its reader makes it only from that.
     */
    static BlitException backReferenceInto(Object value, int earlier, String made, Registry registry) {
        Class<?> c = value.getClass();
        if ("comparator".equals(made)) {
            return new BlitException("cannot write a back reference to the " + c.getName() + " being written"
                    + " (object #" + earlier + "), from inside its comparator: the reader makes the "
                    + c.getSimpleName() + " from its comparator, so it reads the comparator first, and a cycle"
                    + " through the comparator cannot be read back. Break the cycle (a transient field in the"
                    + " comparator, set again after reading)");
        }
        if ("replacement".equals(made)) {
            return new BlitException("cannot write a back reference to the " + c.getName() + " being written"
                    + " (object #" + earlier + "), from inside what its writeReplace returned: the reader has"
                    + " the " + c.getSimpleName() + " only once its replacement is read (and resolved), so a"
                    + " cycle through the replacement cannot be read back. Break the cycle (a transient"
                    + " field, set again after reading), or let the replacement hold no path back to the"
                    + " original");
        }
        Registration r = registry.find(c);
        boolean fromElements = r != null && dev.blit.types.Containers.builtFromElements(r.serializer) != 0;
        boolean madeFromContent = c.getName().startsWith("java.") || value instanceof Throwable || c.isHidden()
                || fromElements;
        return new BlitException("cannot write a back reference to the " + c.getName() + " being written (object #"
                + earlier + "), from inside it: " + (madeFromContent
                ? "the reader makes " + (value instanceof Throwable ? "an exception" : c.isHidden() ? "a lambda"
                : fromElements ? "a value of Serializer." + (value instanceof java.util.Map ? "map" : "collection")
                : "this JDK value") + " only"
                + " once its content is read, so a cycle through it cannot be read back. Break the cycle"
                : "a cycle through a record or a class built by its constructor cannot be read back, since the"
                + " reader has the object only once its fields are read. Break the cycle (a transient field, set"
                + " again after reading), or " + (c.isMemberClass() && !java.lang.reflect.Modifier.isStatic(c.getModifiers())
                ? "write the outer object rather than the inner one (an outer object with a no-argument"
                + " constructor and non-final fields is made first, so its inner objects come back pointing at"
                + " it), or make " + c.getSimpleName() + " a static nested class: an inner class keeps its"
                + " enclosing instance in a final field its constructor sets"
                : "give the class a no-argument constructor and non-final fields, which Blit fills after creating it")));
    }
}
