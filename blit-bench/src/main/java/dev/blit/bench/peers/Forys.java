package dev.blit.bench.peers;

import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
import org.apache.fory.config.ForyBuilder;
import org.apache.fory.config.Language;

/**
 * Apache Fory in Java mode with registration required, in either of its two schema modes. Fory compiles
 * its serializers on first use, so states should serialize once in their setup.
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
        return Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
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
