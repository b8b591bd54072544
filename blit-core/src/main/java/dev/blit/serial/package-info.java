/**
 * Serialization through a class's own {@code java.io} hooks ({@code writeObject}/{@code readObject},
 * {@code writeReplace}/{@code readResolve}, {@code Externalizable}), in Blit's bytes; and a record's
 * {@code writeReplace}/{@code readResolve} around its generated serializer. The entry point is
 * {@link dev.blit.serial.JavaSerialization}; the byte layout is in FORMAT.md ("Classes serialized through their java.io hooks").
 */
package dev.blit.serial;
