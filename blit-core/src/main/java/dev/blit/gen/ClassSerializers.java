package dev.blit.gen;

import dev.blit.BlitException;
import dev.blit.Marshallable;
import dev.blit.Serializer;
import dev.blit.internal.RegistryBuilder;

import java.lang.invoke.MethodHandles;

/**
 * Chooses the serializer for a class registered without one: enums by ordinal, {@link Marshallable}s
 * through their own methods, everything else through generated code.
 */
public final class ClassSerializers {
    private ClassSerializers() {
    }

    /**
     * @param type   the registered class
     * @param rb     the registry under construction (every registration already exists)
     * @param lookup a lookup the user handed over for the class's package, or null
     * @return its serializer
     */
    public static Serializer<?> create(Class<?> type, RegistryBuilder rb, MethodHandles.Lookup lookup) {
        if (type.isEnum()) {
            return new EnumSerializer<>(type);
        }
        if (Marshallable.class.isAssignableFrom(type)) {
            return new MarshallableSerializer(type, Access.lookupFor(type, lookup));
        }
        if (type.isInterface() || java.lang.reflect.Modifier.isAbstract(type.getModifiers())) {
            return null; // registered only to name it (array components, declared types); never instantiated
        }
        throw new BlitException("automatic serialization of " + type.getName() + " is not available yet");
    }
}
