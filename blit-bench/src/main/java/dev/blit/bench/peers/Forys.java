package dev.blit.bench.peers;

import org.apache.fory.Fory;
import org.apache.fory.config.CompatibleMode;
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
        Fory fory = Fory.builder()
                .withLanguage(Language.JAVA)
                .requireClassRegistration(true)
                .withCompatibleMode(mode)
                .withRefTracking(references)
                .withAsyncCompilation(false)
                .build();
        for (Class<?> t : types) {
            fory.register(t);
        }
        return fory;
    }
}
