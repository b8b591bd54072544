package dev.blit.internal;

import dev.blit.Serializer;

/**
 * One type known to a Blit instance: its wire id and the serializer for its content. Generated serializers
 * hold Registrations of their field types (not the serializers), because mutually recursive types
 * (an Order and its lines) need each other's Registration before either serializer exists.
 */
public final class Registration {
    public final int id;
    public final Class<?> type;
    /** Set once while the Blit instance is built; read-only afterwards. */
    public Serializer<Object> serializer;
    /** Whether values take part in reference tracking; from {@link Serializer#tracksReferences()}. */
    public boolean tracked;
    /**
     * Whether a collection or array whose elements (a map whose keys or values) are all of this type may be
     * written as a run (FORMAT.md "Runs"):
     * the content of a value of this type is never empty, which is what bounds a run's length by its bytes.
     * Built-ins with content, enums, and generated or reflective classes with at least one field; never a
     * user's own serializer, whose content Blit cannot vouch for.
     */
    public boolean runs;
    /**
     * Whether a reader can refer to a value of this type only once all of its content is read: a record, a class
     * Blit builds through a constructor that takes its fields, an exception, or a JDK value made from its content
     * ({@code List.of}, a singleton collection; the extended ones under a shared id say so per value, through
     * {@link WriteSession#contentBuiltAfter}). With references on, a back reference to such
     * a value from inside its own content (a cycle through it) can never be read, so the writer refuses it
     * ({@link WriteSession}) rather than write bytes that no reader can take back.
     */
    public boolean late;

    public Registration(int id, Class<?> type) {
        this.id = id;
        this.type = type;
    }

    @SuppressWarnings("unchecked")
    public void bind(Serializer<?> s) {
        this.serializer = (Serializer<Object>) s;
        this.tracked = s != null && s.tracksReferences();
    }

    @Override
    public String toString() {
        return type.getName() + "#" + id;
    }
}
