package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Marshallable;
import dev.blit.Serializer;
import dev.blit.internal.RegistryBuilder;

import java.lang.invoke.MethodHandles;
import java.lang.reflect.Modifier;

/**
 * Chooses the serializer for a class registered without one: enums by ordinal, {@link Marshallable}s
 * through their own methods, records and plain classes through generated code ({@link SerializerGenerator}),
 * or, where a hidden class cannot be defined, through {@link ReflectiveSerializer}, which writes the same
 * bytes more slowly. {@code -Dblit.gen=reflective} forces the fallback (to rule the generator out when
 * chasing a problem).
 */
public final class ClassSerializers {
    private ClassSerializers() {
    }

    /**
     * @param type   the registered class
     * @param rb     the registry under construction (every registration already exists)
     * @param lookup a lookup the user handed over for the class's package, or null
     * @return its serializer, or null for an interface or abstract class (registered only to name it)
     * @throws BlitException if the class cannot be serialized (no way to instantiate it, no access)
     */
    public static Serializer<?> create(Class<?> type, RegistryBuilder rb, MethodHandles.Lookup lookup) {
        if (type.isEnum()) {
            return new EnumSerializer<>(type);
        }
        if (Marshallable.class.isAssignableFrom(type)) {
            return new MarshallableSerializer(type, Access.lookupFor(type, lookup));
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            return null; // registered only to name it (array components, declared types); never instantiated
        }
        if (type.isArray()) {
            throw new BlitException("cannot register array class " + type.getName() + ": arrays are built in");
        }
        ClassModel model = ClassModel.of(type, lookup);
        if ("reflective".equals(System.getProperty("blit.gen"))) {
            return new ReflectiveSerializer(model);
        }
        try {
            return SerializerGenerator.generate(model, rb);
        } catch (ReflectiveOperationException | LinkageError | IllegalStateException | UnsupportedOperationException
                 | IndexOutOfBoundsException e) {
            // IndexOutOfBounds: ASM's Method/ClassTooLargeException, for classes with many thousands of fields.
            return new ReflectiveSerializer(model);
        }
    }
}
