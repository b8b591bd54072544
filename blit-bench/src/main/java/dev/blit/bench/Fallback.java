package dev.blit.bench;

import dev.blit.Blit;
import dev.blit.gen.ReflectiveSerializer;

/**
 * Blit's reflective fallback, as a user gets it: where a hidden class cannot be defined, or with
 * {@code -Dblit.gen=reflective}, every registered class is read and written by reflection, to the same bytes as
 * its generated serializer. The {@code blitReflective} rows measure it beside the generated ones.
 */
public final class Fallback {
    private Fallback() {
    }

    /**
     * @param builder a configured builder
     * @param types   registered classes whose serializers must now be the reflective ones (checked, so that the
     *                row never measures generated code by mistake)
     * @return {@code builder.build()} with {@code blit.gen=reflective} set while it builds
     */
    public static Blit reflective(Blit.Builder builder, Class<?>... types) {
        String before = System.getProperty("blit.gen");
        System.setProperty("blit.gen", "reflective");
        Blit blit;
        try {
            blit = builder.build();
        } finally {
            if (before == null) {
                System.clearProperty("blit.gen");
            } else {
                System.setProperty("blit.gen", before);
            }
        }
        for (Class<?> t : types) {
            if (!(blit.serializerOf(t) instanceof ReflectiveSerializer)) {
                throw new IllegalStateException("the reflective Blit serializes " + t.getName() + " with " + blit.serializerOf(t));
            }
        }
        return blit;
    }
}
