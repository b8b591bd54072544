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
     */
    static void ownSerializer(Input in, Node n, dev.blit.Blit blit) {
        long start = n.start;
        dev.blit.buffer.ReadBuffer rb = dev.blit.buffer.ReadBuffer.of(in.slice(start, in.limit - start));
        Object v;
        try {
            v = blit.read(rb);
        } catch (BlitException e) {
            in.pos = start + rb.offset();
            throw new BlitException("the class's own serializer failed (its offsets count from " + start + "): "
                    + e.getMessage());
        } catch (RuntimeException | StackOverflowError | LinkageError e) {
            in.pos = start + rb.offset();
            throw new BlitException("the class's own serializer failed at offset " + in.pos + ": " + e);
        }
        in.pos = start + rb.offset();
        String text;
        try {
            text = String.valueOf(v);
        } catch (RuntimeException e) {
            text = "(toString failed: " + e + ")";
        }
        n.value = text.length() > 1000 ? text.substring(0, 1000) + "..." : text;
        n.note = "read by its own serializer (--blit)";
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
