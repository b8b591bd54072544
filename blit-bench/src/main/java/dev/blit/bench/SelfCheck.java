package dev.blit.bench;

import dev.blit.BlitException;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * What a workload's setup found out about its contenders before anything is timed: the encoded size of
 * each, proof that each one's decoder gives back what was encoded, and which contenders cannot run yet
 * (with the reason). {@link Main} runs every workload's setup once in its own JVM to collect this, so a
 * broken contender fails in a second instead of after minutes of measurement, and only that contender is
 * left out of the run.
 */
public final class SelfCheck {
    private final Map<String, Integer> sizes = new LinkedHashMap<>();
    private final Map<String, String> pending = new LinkedHashMap<>();
    private final Map<String, String> failed = new LinkedHashMap<>();

    /**
     * Sets up one contender, if it is selected. A {@link BlitException} while doing so means a Blit feature
     * it needs has not landed: the contender is pending. Anything else (a decoder that gives back something
     * else, a peer that throws) is a failure. Inside a JMH fork ({@code only} not null) both are rethrown, so
     * JMH reports the benchmark as failed rather than timing a half-built state.
     *
     * @param only      the contender JMH is about to measure, or null to set up all of them
     * @param contender the contender this block sets up
     * @param setup     builds it, encodes with its write method and {@link #verify}s its read method
     */
    public void run(String only, String contender, Runnable setup) {
        if (!Contenders.selected(only, contender)) {
            return;
        }
        try {
            setup.run();
        } catch (BlitException e) {
            pending.put(contender, e.getMessage());
            if (only != null) {
                throw e;
            }
        } catch (RuntimeException | LinkageError e) {
            failed.put(contender, describe(e));
            if (only != null) {
                throw e;
            }
        }
    }

    /**
     * What went wrong, with its causes: a peer's failure is often a wrapper (Fory's SerializationException around an
     * ExceptionInInitializerError around the ClassNotFoundException that says which class is missing), and only the
     * innermost one says what to fix.
     *
     * @param e a failure
     * @return {@code e.toString()}, then {@code "; caused by "} and each cause whose text the one before does not
     *         already hold, down to the root cause
     */
    public static String describe(Throwable e) {
        StringBuilder sb = new StringBuilder(String.valueOf(e));
        String previous = sb.toString();
        java.util.Set<Throwable> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        seen.add(e);
        for (Throwable c = e.getCause(); c != null && seen.add(c); c = c.getCause()) {
            String text = String.valueOf(c);
            if (!previous.contains(text)) {
                sb.append("; caused by ").append(text);
            }
            previous = text;
        }
        return sb.toString();
    }

    /**
     * Records a contender's encoding and verifies its decoder.
     *
     * @param contender the benchmark method prefix, e.g. {@code "kryo"}
     * @param size      the encoded size in bytes
     * @param decoded   what the contender's reader made of the encoding
     * @param expected  the original value
     * @param same      how to compare them (graphs with cycles need more than equals)
     * @param <T>       the workload's type
     */
    public <T> void verify(String contender, int size, Object decoded, T expected, BiPredicate<T, Object> same) {
        if (!same.test(expected, decoded)) {
            throw new IllegalStateException(contender + " does not round-trip: wrote " + expected + ", read " + decoded);
        }
        sizes.put(contender, size);
    }

    /** Like {@link #verify(String, int, Object, Object, BiPredicate)} with {@code equals}. */
    public void verify(String contender, int size, Object decoded, Object expected) {
        verify(contender, size, decoded, expected, Object::equals);
    }

    /**
     * @param contender a contender that cannot run in this build
     * @param reason    why (shown in the report)
     */
    public void pending(String contender, String reason) {
        pending.put(contender, reason);
    }

    /** @return contender to encoded bytes, in the order they were checked */
    public Map<String, Integer> sizes() {
        return Collections.unmodifiableMap(sizes);
    }

    /** @return contender to the reason it is not run (a Blit feature it needs is missing) */
    public Map<String, String> pending() {
        return Collections.unmodifiableMap(pending);
    }

    /** @return contender to what went wrong in its self-check */
    public Map<String, String> failed() {
        return Collections.unmodifiableMap(failed);
    }
}
