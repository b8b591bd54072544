package dev.blit.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes decoded trees in one of three forms: an indented tree with offsets, annotated hex (bytes, then
 * {@code # offset comment}, as the golden files of blit-core), or JSON. A dump is {@link #begin}, any number
 * of {@link #item}s and {@link #problem}s, then {@link #end}.
 */
final class Printer {
    enum Format { TEXT, HEX, JSON }

    private static final int HEX_PER_LINE = 8;

    private final PrintStream out;
    private final Format format;
    private boolean first = true;
    /** Between {@link #begin} and {@link #end}: a stop no check foresaw must still end the document. */
    private boolean open;
    private final List<String> problems = new ArrayList<>();

    Printer(PrintStream out, Format format) {
        this.out = out;
        this.format = format;
    }

    void begin(String kind, String name, long size) {
        open = true;
        if (format == Format.JSON) {
            out.print("{\"kind\":" + json(kind) + ",\"input\":" + json(name) + ",\"bytes\":" + size + ",\"items\":[");
        } else {
            out.println(Names.printable("# " + kind + " " + name + ", " + size + " bytes"));
        }
    }

    /** One top-level tree: a value of a stream, or a segment of a log. */
    void item(Node n, Input in, boolean showRefs) {
        switch (format) {
            case TEXT -> text(n, 0, showRefs);
            case HEX -> hex(n, in, 0, showRefs);
            case JSON -> {
                // Built whole before anything is printed: a failure while it is built (a mapped file cut short)
                // must not leave a separator without an item, which end() could not make JSON again.
                StringBuilder sb = new StringBuilder(first ? "\n" : ",\n");
                json(n, sb, showRefs);
                out.print(sb);
                first = false;
            }
        }
    }

    /** Bytes nothing could be decoded from (after damage): shown in the hex view only. */
    void unread(Input in, long from, long to) {
        if (format == Format.HEX && to > from) {
            bytes(in, from, Math.min(to, from + 256), "!! not decoded" + (to - from > 256 ? ": first 256 of " + (to - from) + " bytes" : ""));
        }
    }

    void problem(long offset, String reason) {
        problems.add(reason);
        if (format == Format.JSON) {
            return;
        }
        out.println(Names.printable("# !! " + (reason.contains("offset") ? reason : reason + " (at offset " + offset + ")")));
    }

    boolean open() {
        return open;
    }

    void end(String summary) {
        open = false;
        if (format == Format.JSON) {
            StringBuilder sb = new StringBuilder("\n],\"problems\":[");
            for (int i = 0; i < problems.size(); i++) {
                sb.append(i > 0 ? "," : "").append(json(problems.get(i)));
            }
            out.println(sb.append("],\"summary\":").append(json(summary)).append('}'));
        } else {
            out.println(Names.printable("# " + summary));
        }
    }

    // ---------------------------------------------------------------- text

    private void text(Node n, int depth, boolean showRefs) {
        String at = Long.toString(n.start);
        StringBuilder sb = new StringBuilder(80).append(" ".repeat(Math.max(0, 10 - at.length()))).append(at).append("  ")
                .append(indent(depth)).append(label(n, showRefs));
        if (n.preview != null) {
            sb.append(": ").append(n.preview);
        }
        out.println(Names.printable(sb));
        if (n.error != null) {
            out.println(Names.printable(" ".repeat(12) + indent(depth + 1) + "!! " + n.error));
        }
        for (Node c : n.children) {
            text(c, depth + 1, showRefs);
        }
    }

    /** Two spaces a level, up to a point: hostile input nests hundreds deep. */
    private static String indent(int depth) {
        return depth <= 40 ? "  ".repeat(depth) : "  ".repeat(40) + "(" + depth + ") ";
    }

    static String label(Node n, boolean showRefs) {
        StringBuilder sb = new StringBuilder();
        if (n.key != null) {
            sb.append(n.key).append(": ");
        }
        sb.append(n.type == null ? "?" : n.type);
        if (n.id >= 0) {
            sb.append(" (").append(n.id).append(')');
        }
        if (showRefs && n.ref >= 0) {
            sb.append(" object #").append(n.ref);
        }
        if (n.value != null) {
            sb.append(n.children.isEmpty() ? " = " : ", ").append(n.value);
        }
        if (n.note != null) {
            sb.append("  -- ").append(n.note);
        }
        return sb.toString();
    }

    // ---------------------------------------------------------------- hex

    private void hex(Node n, Input in, int depth, boolean showRefs) {
        String indent = indent(depth);
        long end = n.end < 0 ? n.start : n.end;
        long headEnd = n.children.isEmpty() ? end : n.children.get(0).start;
        if (n.elided && headEnd - n.start > 64) {
            bytes(in, n.start, n.start + 64, indent + label(n, showRefs) + ": first 64 of " + (headEnd - n.start) + " bytes");
            return;
        }
        bytes(in, n.start, headEnd, indent + label(n, showRefs));
        if (n.error != null) {
            out.println(Names.printable(pad("") + "# " + indent + "!! " + n.error));
        }
        long at = headEnd;
        for (Node c : n.children) {
            if (c.start > at) {
                bytes(in, at, c.start, indent + "  (bytes between items)");
            }
            hex(c, in, depth + 1, showRefs);
            at = Math.max(at, c.end < 0 ? c.start : c.end);
        }
        if (end > at) {
            bytes(in, at, end, indent + "  (end of " + (n.type == null ? "item" : n.type) + ")");
        }
    }

    private void bytes(Input in, long from, long to, String comment) {
        boolean firstLine = true;
        long at = from;
        do {
            StringBuilder sb = new StringBuilder();
            long lineEnd = Math.min(to, at + HEX_PER_LINE);
            for (long i = at; i < lineEnd; i++) {
                sb.append(sb.length() > 0 ? " " : "").append(String.format("%02x", in.byteAt(i)));
            }
            out.println(pad(sb.toString()) + "# " + String.format("0x%04x ", at) + (firstLine ? Names.printable(comment) : "  ..."));
            firstLine = false;
            at = lineEnd;
        } while (at < to);
    }

    private static String pad(String hex) {
        int width = HEX_PER_LINE * 3 + 1;
        return hex.length() >= width ? hex + " " : hex + " ".repeat(width - hex.length());
    }

    // ---------------------------------------------------------------- json

    private static void json(Node n, StringBuilder sb, boolean showRefs) {
        sb.append("{\"offset\":").append(n.start).append(",\"end\":").append(n.end);
        if (n.key != null) {
            sb.append(",\"key\":").append(json(n.key));
        }
        if (n.id >= 0) {
            sb.append(",\"id\":").append(n.id);
        }
        if (n.type != null) {
            sb.append(",\"type\":").append(json(n.type));
        }
        if (showRefs && n.ref >= 0) {
            sb.append(",\"object\":").append(n.ref);
        }
        if (n.value != null) {
            sb.append(",\"value\":").append(json(n.value));
        }
        if (n.note != null) {
            sb.append(",\"note\":").append(json(n.note));
        }
        if (n.preview != null) {
            sb.append(",\"hex\":").append(json(n.preview));
        }
        if (n.error != null) {
            sb.append(",\"error\":").append(json(n.error));
        }
        if (!n.children.isEmpty()) {
            sb.append(",\"children\":[");
            for (int i = 0; i < n.children.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                json(n.children.get(i), sb, showRefs);
            }
            sb.append(']');
        }
        sb.append('}');
    }

    static String json(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (Names.unprintable(c) || Character.isSurrogate(c)) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
