package dev.blit.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * One item of a decoded value: a tagged value, a field, a field table, a frame. Offsets are absolute in the
 * input; {@link #end} is where the item ends, or where decoding stopped inside it.
 */
final class Node {
    final long start;
    long end = -1;
    /** Where it sits in its parent: a field name, "[3]", "key", ... ; null at the top. */
    final String key;
    /** The type id of a tagged value, or -1 for untagged items (primitive fields, tables, headers). */
    int id = -1;
    /**
     * The extended id after a tag of 99, or -1: id 99 is a second space of built-ins, so what the dump knows of
     * an id (its name, its nulls, when it is numbered) depends on both.
     */
    int ext = -1;
    /** "ArrayList", "com.x.Order", "int", "field table", ... */
    String type;
    /** The value of a scalar, or a summary ("2 elements"). */
    String value;
    /** Reference number of a tracked object, or -1. */
    int ref = -1;
    /** Anything else worth a remark: "no table (seen earlier)", "content not decodable without its class". */
    String note;
    /** Bytes not decoded, as hex, for the text and JSON views (the hex view shows the bytes themselves). */
    String preview;
    /**
     * A sorted collection or map ordered naturally or by {@code reverseOrder()}: its elements or keys compare
     * through {@code compareTo}, so none can be null (a comparator of the user's may allow null). On a reversed
     * comparator (extended id 48): the comparator it reverses is such a one.
     */
    boolean nullFreeKeys;
    /**
     * A lambda whose functional interface is one of the JDK's that is no {@code Comparator}, so that it cannot be a
     * sorted collection's comparator (a user's interface may extend {@code Comparator}: only its class tells).
     */
    boolean notAComparator;
    /**
     * A typed array's (id 21) type descriptor: the class id it ends with (for a class written by name, its key:
     * {@link BuiltinIds#NAMED}), or -1 (not a typed array), and how many
     * array dimensions it puts around that id ({@code 15 15 64} for a {@code X[][]}: 100 and 1), kept for the
     * array's class when it is another array's element ({@link UserTypes#classOf}).
     */
    long descriptor = -1;
    int dims;
    /**
     * A value of a class written by name (id 99, extended id 43): its class's key ({@link BuiltinIds#NAMED},
     * {@link UserTypes#named}), by which the dump knows the class as it knows a registered one by its id; else 0.
     */
    long named;
    /** Stands for elements read but not kept ({@link Decoder#KEPT}): the hex view shows only their first bytes. */
    boolean elided;
    /** Set on the item decoding stopped in. */
    String error;
    final List<Node> children = new ArrayList<>();

    Node(long start, String key) {
        this.start = start;
        this.key = key;
    }

    /** What a back reference needs to know of a tracked object whose tree is let go (no children nor text). */
    Node stub() {
        Node s = new Node(start, null);
        s.end = end;
        s.id = id;
        s.ext = ext;
        s.type = type;
        s.ref = ref;
        s.nullFreeKeys = nullFreeKeys;
        s.notAComparator = notAComparator;
        s.descriptor = descriptor;
        s.dims = dims;
        s.named = named;
        return s;
    }

    Node add(Node child) {
        children.add(child);
        return child;
    }
}
