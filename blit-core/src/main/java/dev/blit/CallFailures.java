package dev.blit;

import dev.blit.buffer.ReadBuffer;

/**
 * What a call of {@link Blit} reports when it fails: apart from the facade so that {@link Blit} stays a class a
 * reader can take in, and its hot methods small enough for the JIT to inline.
 */
final class CallFailures {
    private CallFailures() {
    }

    /** After a failed read, the stream stands after the last byte it consumed, as far as it can be put there. */
    static void settleAfterFailure(ReadBuffer in) {
        try {
            in.settle(); // a no-op after a value read: settled already
        } catch (BlitException ignored) {
            // the read's own failure is the one to report
        }
    }

    /**
     * An exception a class's own reading code threw (a {@link Marshallable}'s {@code readMarshallable}, a
     * {@link Serializer} of the user's, a record's compact constructor checking its arguments) on bytes it did not
     * expect: for bad input the caller gets a {@code BlitException} with the offset, whatever code noticed it,
     * and the original as its cause. Its first stack frame is named, since that says whose code it was.
     */
    static BlitException codeFailed(long at, Exception e) {
        StackTraceElement[] trace = e.getStackTrace();
        String where = trace.length == 0 ? "" : " (thrown in " + trace[0].getClassName() + "." + trace[0].getMethodName() + ")";
        return new BlitException("reading failed at offset " + at + ": " + e + where, e);
    }

    /**
     * Whether a {@code BlitException} was made by Blit (its first stack frame, where it was made, is in one of
     * Blit's own classes: those that come from where this class came from) rather than by a class's own reading
     * code, whose {@code BlitException} is reported as any other exception of it ({@link #codeFailed}). Generated
     * serializers are hidden classes, whose frames a stack trace leaves out: theirs show as their caller's.
     */
    static boolean madeByBlit(BlitException e) {
        StackTraceElement[] trace = e.getStackTrace();
        if (trace.length == 0 || !trace[0].getClassName().startsWith(Blit.class.getPackageName())) {
            return trace.length == 0; // no stack trace to tell by: as it always was (a shaded copy: its package)
        }
        try {
            Class<?> c = Class.forName(trace[0].getClassName(), false, Blit.class.getClassLoader());
            return java.util.Objects.equals(codeSource(c), codeSource(Blit.class));
        } catch (ClassNotFoundException | LinkageError | SecurityException x) {
            return false; // not a class Blit's own loader sees, so not one of Blit's
        }
    }

    static Object codeSource(Class<?> c) {
        java.security.CodeSource s = c.getProtectionDomain().getCodeSource();
        return s == null ? null : s.getLocation();
    }

    /**
     * Built apart from {@link Blit#write(Object, dev.blit.buffer.WriteBuffer)} and {@link Blit#read(ReadBuffer)}:
     * the concatenation inline would make them too big for the JIT to inline into their callers.
     */
    static BlitException stackOverflow(String doing, long at, String what) {
        return new BlitException("stack overflow while " + doing + " at offset " + at + ": " + what
                + " deeper than this thread's stack allows; lower maxDepth or use a bigger stack");
    }

    /** @param at the offset the value began at, for the message */
    static <T> T checkType(Object v, Class<T> type, long at) {
        if (v != null && !wrap(type).isInstance(v)) {
            throw new BlitException("expected a " + type.getTypeName() + " but the bytes at offset " + at + " hold a "
                    + v.getClass().getTypeName());
        }
        @SuppressWarnings("unchecked")
        T t = (T) v;
        return t;
    }

    static Class<?> wrap(Class<?> type) {
        if (!type.isPrimitive()) {
            return type;
        }
        return java.lang.invoke.MethodType.methodType(type).wrap().returnType();
    }
}
