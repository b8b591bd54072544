package dev.blit;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

/**
 * Writes and reads the content of one type. Blit writes the type tag (and the null or back-reference
 * marker) itself; a serializer only sees non-null values and writes what follows the tag.
 *
 * <p>Nested values go through {@link WriteBuffer#writeObject} / {@link ReadBuffer#readObject()}, which
 * handle their tags, sharing and depth. A serializer that creates a mutable object and then reads values
 * that may refer back to it should call {@link ReadBuffer#reference(Object)} right after creating it, so
 * cycles resolve when references are on.
 *
 * <p>Implementations must be stateless or thread-safe: one instance serves every thread of a
 * {@link Blit}.
 *
 * @param <T> the type handled
 */
public interface Serializer<T> {
    /**
     * Writes one value's content. An exception thrown here reaches the caller of {@code Blit.write} as it is, the
     * buffer left as it was before the value; one from a nested {@link WriteBuffer#writeObject} must propagate
     * (caught and ignored, the whole value fails: see there).
     *
     * @param out   the buffer to write to
     * @param value never null
     */
    void write(WriteBuffer out, T value);

    /**
     * Reads one value's content. An exception thrown here on bytes it does not accept reaches the caller of
     * {@code Blit.read} as a {@link BlitException} with the offset and the exception as its cause (a
     * {@code BlitException} of its own too; one Blit threw, from a nested read, comes as it is), so a
     * serializer may check what it reads with whatever exception suits it.
     *
     * @param in the buffer to read from
     * @return the decoded value
     */
    T read(ReadBuffer in);

    /**
     * Reads a value into an object the caller already has, where this serializer can: the answer to a
     * hot loop that decodes a million messages and does not want a million objects. Blit's serializer of a
     * class made by its no-argument constructor whose fields are all non-final (generated or reflective,
     * flat or not) fills {@code target} in place and returns it, as Chronicle's trivially-copyable read and
     * its {@code readMarshallable} into an existing object do, and a {@link Marshallable} reads itself into
     * {@code target}. The object itself is reused, not what its fields held: a field's value is the one read,
     * a new {@code String} or list as {@link #read} makes it (a flat class, all primitives, allocates
     * nothing). Every other serializer (this default: records, classes with final fields or built through a
     * constructor, the built-in types, and every generated or reflective class in compatible mode, where a
     * field the writer lacked would keep the target's old value; a {@code Marshallable} reads itself into
     * {@code target} in either mode) returns a new object, as {@link #read} does, since fields that are
     * final or set through a constructor cannot be overwritten without the reflective writes that JDK 26
     * refuses (JEP 500). Use the return value, like {@link java.util.Collection#toArray(Object[])}'s.
     *
     * <p>If the read fails, {@code target} may have been partly overwritten (a flat class's never is: its
     * fixed-width block is checked whole first).
     *
     * @param in     the buffer to read from
     * @param target an instance of the type handled, never null
     * @return {@code target}, filled, or a new value
     */
    default T readInto(ReadBuffer in, T target) {
        return read(in);
    }

    /**
     * Whether values of this type take part in reference tracking when {@code references(true)}. Immutable
     * value types (strings, boxes, {@code BigDecimal}, {@code java.time}) answer false: sharing them is not
     * observable and tracking them would only cost time and bytes.
     *
     * @return true to track identity (the default)
     */
    default boolean tracksReferences() {
        return true;
    }

    /**
     * A serializer for a collection type that is built whole from its elements, such as a library's immutable
     * collections, for {@link Blit.Builder#registerHierarchy}:
     * <pre>{@code
     * Blit.builder().registerHierarchy(ImmutableList.class, 120, Serializer.collection(ImmutableList::copyOf))
     * }</pre>
     * Its content is a built-in collection's ({@code uvar count}, then the elements as tagged values, or a run;
     * FORMAT.md, "Built-in JDK types"); reading collects the elements into a list and hands it to
     * {@code build}. Like {@code List.of}, the value exists only once its elements are read, so it cannot
     * contain itself (a back reference to it from inside is rejected); anything {@code build} throws (a null
     * the collection refuses) is a {@link BlitException} naming the offset.
     *
     * @param build makes the value from the elements read, in order (a mutable list it may keep)
     * @param <C>   the collection type
     * @return a stateless serializer
     */
    static <C extends java.util.Collection<?>> Serializer<C> collection(
            java.util.function.Function<? super java.util.List<Object>, ? extends C> build) {
        return dev.blit.types.Containers.collection(build);
    }

    /**
     * {@link #collection} for a map type built whole from its entries:
     * {@code registerHierarchy(ImmutableMap.class, 121, Serializer.map(ImmutableMap::copyOf))}. Reading puts
     * the entries, in order, into a {@link java.util.LinkedHashMap} and hands it to {@code build}.
     *
     * @param build makes the value from the entries read (a mutable map it may keep)
     * @param <M>   the map type
     * @return a stateless serializer
     */
    static <M extends java.util.Map<?, ?>> Serializer<M> map(
            java.util.function.Function<? super java.util.Map<Object, Object>, ? extends M> build) {
        return dev.blit.types.Containers.map(build);
    }
}
