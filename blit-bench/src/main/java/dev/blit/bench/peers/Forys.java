package dev.blit.bench.peers;

import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.ForyBuilder;
import org.apache.fory.config.Language;

/**
 * Apache Fory in Java mode with registration required, in either of its two schema modes; and, for the
 * workloads that measure it, with registration off ({@link #createUnregistered}). Fory compiles its
 * serializers on first use, so states should serialize once in their setup.
 */
public final class Forys {
    private Forys() {
    }

    /**
     * @param mode       {@code SCHEMA_CONSISTENT} (fields must match, like Blit) or {@code COMPATIBLE} (Fory's default)
     * @param references whether Fory tracks shared objects and cycles
     * @param types      the classes to register, in a fixed order
     * @return a Fory instance (not thread-safe: one per benchmark state)
     */
    public static Fory create(CompatibleMode mode, boolean references, Class<?>... types) {
        return register(builder(mode, references).build(), types);
    }

    /**
     * @param mode       as for {@link #create}
     * @param references as for {@link #create}
     * @return the builder {@link #create} uses, for a benchmark that needs one more option
     */
    public static ForyBuilder builder(CompatibleMode mode, boolean references) {
        return builder(mode, references, true);
    }

    /**
     * Fory with registration off ({@code requireClassRegistration(false)}): a class it has not registered is
     * written by its name (Fory keeps its own registrations of the JDK's common classes, {@code ArrayList} and
     * {@code BigDecimal} among them). Nothing is suppressed here: Fory 1.6 builds with its class-registration
     * warnings already suppressed ({@code suppressClassRegistrationWarnings} defaults to true), and prints
     * nothing for this configuration.
     *
     * @param mode       as for {@link #create}
     * @param references as for {@link #create}
     * @return a Fory instance (not thread-safe: one per benchmark state)
     */
    public static Fory createUnregistered(CompatibleMode mode, boolean references) {
        return builder(mode, references, false).build();
    }

    private static ForyBuilder builder(CompatibleMode mode, boolean references, boolean requireRegistration) {
        return Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(requireRegistration)
                .withCompatibleMode(mode)
                .withRefTracking(references)
                .withAsyncCompilation(false);
    }

    /**
     * @param fory  a new instance
     * @param types the classes to register, in a fixed order
     * @return {@code fory}
     */
    public static Fory register(Fory fory, Class<?>... types) {
        for (Class<?> t : types) {
            fory.register(t);
        }
        return fory;
    }
}
