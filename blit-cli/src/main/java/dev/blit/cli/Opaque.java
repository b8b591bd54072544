package dev.blit.cli;

import dev.blit.BlitException;

/**
 * The values whose content the dump does not decode itself: read by the user's own Blit ({@code --blit}), or
 * shown as bytes where decoding must stop. Apart from {@link Decoder}, so that it stays a readable size.
 */
final class Opaque {
    private Opaque() {
    }

    /**
     * Lets the user's Blit read a value whose content only its class's code knows (Marshallable, java.io
     * hooks, custom serializers): the dump learns where it ends and shows its toString. The read starts a
     * fresh message, so a back reference or field table it depends on from outside cannot be resolved.
     *
     * @param named for a class written by name, its name, the cursor at its content: unless the value is tagged and
     *              gives the name itself ({@code 63 2b 00}), the read is given the value as its message's first
     *              naming of the class ({@code 63 2b 00 00}, its package and its name in it as strings, then the content), since the bytes refer to
     *              a name given earlier in the message (or, in a run, have no tag); null for a user id's value
     * @param table     compatible mode: the table of its marker alone the class's first value in a message carries
     *                  (already read by the dump), given to the read before the content; null in schema-consistent mode
     * @param tableHere whether that table is in this value's own bytes (its class's first value in the message)
     */
    static void ownSerializer(Input in, Node n, dev.blit.Blit blit, String named, byte[] table, boolean tableHere) {
        boolean alone = (named == null || in.byteAt(n.start) == dev.blit.types.TypeIds.EXTENDED // from the tag on
                && in.byteAt(n.start + 1) == dev.blit.types.TypeIds.EXT_NAMED_CLASS && in.byteAt(n.start + 2) == 0)
                && (table == null || tableHere); // compatible mode: the table its class has, once a message, is here
        String name = named;
        long start = alone ? n.start : in.pos;
        dev.blit.buffer.ReadBuffer rb;
        long head = 0;
        if (alone) {
            rb = dev.blit.buffer.ReadBuffer.of(in.slice(start, in.limit - start));
        } else {
            // A message of its own, as the class's first value in it: the tag (or the name) and the table, if it has
            // one (already read by the dump, here or earlier), before the content at the cursor.
            dev.blit.buffer.WriteBuffer w = new dev.blit.buffer.WriteBuffer((name == null ? 0 : name.length() * 3) + 16);
            if (name == null) {
                for (long i = n.start; i < n.start + tagLength(in, n.start); i++) {
                    w.writeByte(in.byteAt(i));
                }
            } else {
                w.writeUnsignedVarInt(dev.blit.types.TypeIds.EXTENDED);
                w.writeUnsignedVarInt(dev.blit.types.TypeIds.EXT_NAMED_CLASS);
                w.writeUnsignedVarInt(0); // a new name, in a new package
                w.writeUnsignedVarInt(0);
                int dot = name.lastIndexOf('.');
                w.writeUnsignedVarInt(0); // each as a string (00 str), which readers take for any name
                w.writeString(dot < 0 ? "" : name.substring(0, dot));
                w.writeUnsignedVarInt(0);
                w.writeString(name.substring(dot + 1));
            }
            if (table != null) {
                w.writeBytes(table, 0, table.length);
            }
            head = w.position();
            java.io.InputStream content = new java.io.InputStream() { // the input after the cursor, not copied
                private final java.nio.ByteBuffer rest = in.slice(start, in.limit - start);

                @Override
                public int read() {
                    return rest.hasRemaining() ? rest.get() & 0xff : -1;
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    if (!rest.hasRemaining()) {
                        return len == 0 ? 0 : -1;
                    }
                    int k = Math.min(len, rest.remaining());
                    rest.get(b, off, k);
                    return k;
                }
            };
            rb = dev.blit.buffer.ReadBuffer.of(new java.io.SequenceInputStream(
                    new java.io.ByteArrayInputStream(java.util.Arrays.copyOf(w.array(), (int) head)), content));
        }
        Object v;
        try {
            v = blit.read(rb);
        } catch (BlitException e) {
            in.pos = Math.max(start, start - head + rb.offset());
            throw new BlitException("the class's own serializer failed (" + (name == null ? "" : "given the class's name"
                    + " before its content at offset " + start + ": ") + "its offsets count from " + (start - head) + "): "
                    + e.getMessage());
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            in.pos = Math.max(start, start - head + rb.offset());
            throw new BlitException("the class's own serializer failed at offset " + in.pos + ": " + e);
        }
        in.pos = start - head + rb.offset();
        String text;
        try {
            text = String.valueOf(v);
        } catch (RuntimeException e) {
            text = "(toString failed: " + e + ")";
        }
        n.value = text.length() > 1000 ? text.substring(0, 1000) + "..." : text;
        n.note = "read by its own serializer (--blit)";
    }

    /** The length of the varint at {@code at}: a user id's tag. */
    private static int tagLength(Input in, long at) {
        int k = 1;
        while ((in.byteAt(at + k - 1) & 0x80) != 0) {
            k++;
        }
        return k;
    }

    /**
     * Shows the rest of the input as bytes not decoded, and stops the dump there: a value whose content the
     * dump cannot read without the class (or its own serializer).
     *
     * @throws Decoder.Undecodable always
     */
    static void content(Input in, Node n, String why) {
        n.note = why;
        long rest = in.remaining();
        Node bytes = n.add(new Node(in.pos, "content"));
        bytes.type = "bytes";
        StringBuilder hex = new StringBuilder();
        for (long i = in.pos; i < Math.min(in.limit, in.pos + 32); i++) {
            hex.append(hex.length() > 0 ? " " : "").append(String.format("%02x", in.byteAt(i)));
        }
        bytes.value = rest + (rest == 1 ? " byte" : " bytes") + " not decoded";
        bytes.preview = hex + (rest > 32 ? " ..." : "");
        in.pos = in.limit;
        bytes.end = in.pos;
        throw new Decoder.Undecodable("stopped at offset " + bytes.start + ": " + n.type + " (" + n.id + "): " + why);
    }
}
