package dev.blit.bench.peers;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.util.DefaultInstantiatorStrategy;
import org.objenesis.strategy.StdInstantiatorStrategy;

/**
 * Kryo 5 the way its documentation recommends for speed: every class registered, nothing else changed; and,
 * for the workloads that measure it, Kryo with registration off ({@link #createUnregistered}).
 */
public final class Kryos {
    private Kryos() {
    }

    /**
     * @param references whether Kryo tracks shared objects and cycles
     * @param types      the classes to register, in a fixed order (their ids follow it)
     * @return a Kryo instance (not thread-safe: one per benchmark state)
     */
    public static Kryo create(boolean references, Class<?>... types) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(references);
        // The no-argument constructor when there is one, Objenesis otherwise (the seed object has none).
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        for (Class<?> t : types) {
            kryo.register(t);
        }
        return kryo;
    }

    /**
     * Kryo with registration off ({@code setRegistrationRequired(false)}): a class it has not registered is
     * written by its name, once per object graph (later occurrences as a small id). Only the few classes Kryo
     * registers itself (the primitives and String) have ids; everything else, {@code ArrayList} and
     * {@code BigDecimal} included, is written by name. Same references and instantiator strategy as
     * {@link #create}.
     *
     * @param references whether Kryo tracks shared objects and cycles
     * @return a Kryo instance (not thread-safe: one per benchmark state)
     */
    public static Kryo createUnregistered(boolean references) {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(false);
        kryo.setReferences(references);
        kryo.setInstantiatorStrategy(new DefaultInstantiatorStrategy(new StdInstantiatorStrategy()));
        return kryo;
    }
}
