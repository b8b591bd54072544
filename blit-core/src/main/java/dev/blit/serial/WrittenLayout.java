package dev.blit.serial;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.gen.HookTable;
import dev.blit.internal.ReadSession;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Compatible mode: how a writer's layout of a class serialized through its hooks (the classes and fields its table
 * lists, FORMAT.md "Compatible mode") is read into this reader's class, when the writer's table is not the reader's
 * own. Made once per distinct table ({@link HookTable#readTable} caches it) and immutable.
 *
 * <p>The rules are JDK serialization's with a fixed serialVersionUID, matched by name as its class descriptors
 * are: a writer's class this reader has is read into it, the writer's layout deciding whether a section or bare
 * fields come; its fields are read by the writer's codes in the writer's order and stored into the reader's
 * same-named fields by compatible mode's rules (lossless widenings, boxing), the reader's fields the writer lacked
 * left as they are; a writer's class this reader lacks is read and dropped; a reader's class the writer lacked
 * is not read, and its {@code readObjectNoData} is called.
 */
final class WrittenLayout {
    /** One step of reading, in order: a part of the content, or a reader's class the content lacks. */
    static final class Part {
        /** The writer's class, or null for a reader's class the writer's hierarchy lacked (readObjectNoData). */
        final HookTable.Slot written;
        /** The reader's class, or null for a writer's class this reader lacks (read and dropped). */
        final SerialSlot reader;
        /** How the writer's fields go into the reader's; null unless there are both. */
        final Fields fields;

        Part(HookTable.Slot written, SerialSlot reader, Fields fields) {
            this.written = written;
            this.reader = reader;
            this.fields = fields;
        }
    }

    final Part[] parts;

    private WrittenLayout(Part[] parts) {
        this.parts = parts;
    }

    /**
     * @param type    the reader's class
     * @param own     its serializable classes, topmost first
     * @param written the writer's, from its table
     * @param at      the offset of the writer's table
     * @return how to read the writer's content
     * @throws BlitException if a field cannot take what the writer's field holds, or the two hierarchies order
     *                       the classes they share differently
     */
    static WrittenLayout of(Class<?> type, SerialSlot[] own, HookTable.Slot[] written, long at) {
        Map<String, Integer> byName = new HashMap<>();
        for (int i = 0; i < own.length; i++) {
            byName.put(own[i].type.getName(), i);
        }
        int[] match = new int[written.length];
        boolean[] taken = new boolean[own.length];
        for (int w = 0; w < written.length; w++) {
            Integer r = byName.get(written[w].name());
            match[w] = r == null ? -1 : r;
            if (r != null) {
                taken[r] = true;
            }
        }
        int lastW = written.length - 1;
        int lastR = own.length - 1;
        if (match[lastW] < 0 && lastR >= 0 && !taken[lastR]) {
            // The registered class itself, renamed or moved: its id says it is the reader's, as for a plain class.
            match[lastW] = lastR;
        }
        List<Part> parts = new ArrayList<>();
        int next = 0;
        for (int w = 0; w < written.length; w++) {
            int r = match[w];
            if (r < 0) {
                parts.add(new Part(written[w], null, null));
                continue;
            }
            if (r < next) {
                throw new BlitException("the writer's field table of " + type.getName() + " at offset " + at + " has "
                        + written[w].name() + " below " + own[next - 1].type.getName() + ", where the reader's class has "
                        + "it above: the classes of the two hierarchies are not in the same order");
            }
            for (; next < r; next++) {
                parts.add(new Part(null, own[next], null));
            }
            parts.add(new Part(written[w], own[r], new Fields(own[r], written[w], at)));
            next = r + 1;
        }
        for (; next < own.length; next++) {
            parts.add(new Part(null, own[next], null));
        }
        return new WrittenLayout(parts.toArray(new Part[0]));
    }

    /** Reads the content of a writer's class this reader lacks and drops it, as a dropped field is read. */
    static void drop(ReadBuffer in, HookTable.Slot written, Class<?> reader) {
        ReadSession session = ReadSession.of(in);
        session.dropping();
        try {
            HookTable.skip(in, session, written);
        } catch (BlitException e) {
            throw new BlitException(e.getMessage() + "; it is in the part of the writer's class " + written.name()
                    + ", which " + reader.getName() + "'s hierarchy lacks: compatible mode drops it, reading past a "
                    + "value of a class it lacks only where that class's field table says how", e);
        } finally {
            session.dropped();
        }
    }

    /**
     * One class's fields as the writer wrote them (by its codes, in its order) and where they go in the reader's:
     * what {@code defaultReadObject}, {@code readFields} or bare fields read.
     */
    static final class Fields {
        final SerialSlot slot;
        private final HookTable.Slot written;
        /** Per writer's field: the reader's field it sets, or -1 (read and dropped). */
        private final int[] targets;
        /** Per reader's field: whether the writer had it; the others keep their values, and GetField says defaulted. */
        final boolean[] present;
        /**
         * The writer's fields the reader's class lacks, in the writer's order: {@link #read} keeps their values after
         * the reader's fields' (at {@code slot.fields.length + k}), as JDK's GetField finds them by the writer's name.
         */
        private final int[] extra;

        Fields(SerialSlot slot, HookTable.Slot written, long at) {
            this.slot = slot;
            this.written = written;
            this.targets = new int[written.fieldCount()];
            this.present = new boolean[slot.fields.length];
            int extras = 0;
            for (int i = 0; i < targets.length; i++) {
                targets[i] = -1;
                for (int t = 0; t < slot.fields.length; t++) {
                    SerialField f = slot.fields[t];
                    if (f.name.equals(written.field(i))) {
                        HookTable.check(written.code(i), f.type, f.toString(), at);
                        targets[i] = t;
                        present[t] = true;
                    }
                }
                if (targets[i] < 0) {
                    extras++;
                }
            }
            this.extra = new int[extras];
            for (int i = 0, k = 0; i < targets.length; i++) {
                if (targets[i] < 0) {
                    extra[k++] = i;
                }
            }
        }

        /**
         * @param name a field name the reader's class lacks
         * @param type the type asked for: a primitive type, or Object for any reference
         * @return where {@link #read}'s result has the writer's field {@code name} of that type, -1 if the writer has
         *         a field of that name of another type, -2 if it has none of that name
         */
        int extraIndex(String name, Class<?> type) {
            for (int k = 0; k < extra.length; k++) {
                int i = extra[k];
                if (written.field(i).equals(name)) {
                    Class<?> c = written.type(i);
                    return type == null || c == type ? slot.fields.length + k : -1;
                }
            }
            return -2;
        }

        /**
         * @return the reader's fields' values, converted, the zero of its type for a field the writer lacked; then
         *         the values of the writer's fields the reader lacks (see {@link #extraIndex}), read as dropped
         */
        Object[] read(ReadBuffer in) {
            ReadSession session = ReadSession.of(in);
            Object[] values = new Object[slot.fields.length + extra.length];
            for (int t = 0; t < slot.fields.length; t++) {
                values[t] = slot.fields[t].zero();
            }
            for (int i = 0, k = slot.fields.length; i < targets.length; i++) {
                long at = in.offset();
                int t = targets[i];
                if (t < 0) {
                    values[k++] = HookTable.readDropped(in, session, written.code(i), written.field(i), slot.type);
                } else {
                    SerialField f = slot.fields[t];
                    values[t] = HookTable.convert(HookTable.read(in, session, written.code(i)), f.type, f.toString(), at);
                }
            }
            return values;
        }

        /** Reads the writer's fields into {@code obj}'s, through the setters; the others are left as they are. */
        void readInto(ReadBuffer in, Object obj) throws Throwable {
            ReadSession session = ReadSession.of(in);
            for (int i = 0; i < targets.length; i++) {
                long at = in.offset();
                int t = targets[i];
                if (t < 0) {
                    HookTable.readDropped(in, session, written.code(i), written.field(i), slot.type);
                } else {
                    SerialField f = slot.fields[t];
                    f.set(obj, HookTable.convert(HookTable.read(in, session, written.code(i)), f.type, f.toString(), at));
                }
            }
        }

        /** Reads past the writer's fields (a fields item or bare fields the hook did not ask for). */
        void skip(ReadBuffer in) {
            HookTable.skipFields(in, ReadSession.of(in), written);
        }
    }
}
