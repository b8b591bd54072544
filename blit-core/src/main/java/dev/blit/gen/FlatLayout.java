package dev.blit.gen;

import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;

import java.util.List;

/**
 * The fixed layout of a <em>flat</em> class (FORMAT.md, "Flat classes"): one whose serialized fields are all
 * primitives, written as one block with every field at a fixed offset and a fixed width ({@code int} four
 * bytes, {@code long} eight: no varints, so the block's size never depends on the values). Flatness is
 * decided here, from the class model alone, so {@link FlatGenerator} and {@link ReflectiveSerializer}
 * always agree on the bytes.
 */
final class FlatLayout {
    /** Past this many bytes a block is not worth a single reservation (and no real class gets there). */
    private static final int MAX_SIZE = 1 << 16;

    final int size;
    /** Per property, its offset in the block. */
    final int[] offsets;

    private FlatLayout(int size, int[] offsets) {
        this.size = size;
        this.offsets = offsets;
    }

    /**
     * @param model a record or plain class
     * @return its layout, or null when the class is not flat (no fields, a reference field, or too large)
     */
    static FlatLayout of(ClassModel model) {
        List<ClassModel.Property> ps = model.properties();
        if (ps.isEmpty()) {
            return null;
        }
        int[] offsets = new int[ps.size()];
        int at = 0;
        for (int i = 0; i < ps.size(); i++) {
            ClassModel.Kind k = ps.get(i).kind;
            if (!k.primitive()) {
                return null;
            }
            offsets[i] = at;
            at += width(k);
        }
        return at > MAX_SIZE ? null : new FlatLayout(at, offsets);
    }

    static int width(ClassModel.Kind k) {
        switch (k) {
            case BOOLEAN:
            case BYTE:
                return 1;
            case SHORT:
            case CHAR:
                return 2;
            case INT:
            case FLOAT:
                return 4;
            case LONG:
            case DOUBLE:
                return 8;
            default:
                throw new IllegalArgumentException(k.toString());
        }
    }

    /** The reflective twin of the generated write: values boxed, same bytes. */
    void write(WriteBuffer out, ClassModel.Kind[] kinds, Object[] values) {
        int p = out.claim(size);
        byte[] a = out.array();
        for (int i = 0; i < kinds.length; i++) {
            int at = p + offsets[i];
            Object v = values[i];
            switch (kinds[i]) {
                case BOOLEAN: a[at] = (byte) ((Boolean) v ? 1 : 0); break;
                case BYTE: a[at] = (Byte) v; break;
                case SHORT: FlatGenerator.SHORT.set(a, at, (short) v); break;
                case CHAR: FlatGenerator.SHORT.set(a, at, (short) (char) (Character) v); break;
                case INT: FlatGenerator.INT.set(a, at, (int) (Integer) v); break;
                case LONG: FlatGenerator.LONG.set(a, at, (long) (Long) v); break;
                case FLOAT: FlatGenerator.INT.set(a, at, Float.floatToRawIntBits((Float) v)); break;
                default: FlatGenerator.LONG.set(a, at, Double.doubleToRawLongBits((Double) v));
            }
        }
    }

    /** The reflective twin of the generated read: every value, boxed, in canonical order. */
    Object[] read(ReadBuffer in, ClassModel.Kind[] kinds) {
        int p = in.take(size);
        byte[] a = in.array();
        Object[] values = new Object[kinds.length];
        for (int i = 0; i < kinds.length; i++) {
            int at = p + offsets[i];
            switch (kinds[i]) {
                case BOOLEAN: values[i] = Support.bool(a[at], in, size - offsets[i]); break;
                case BYTE: values[i] = a[at]; break;
                case SHORT: values[i] = (short) FlatGenerator.SHORT.get(a, at); break;
                case CHAR: values[i] = (char) (short) FlatGenerator.SHORT.get(a, at); break;
                case INT: values[i] = (int) FlatGenerator.INT.get(a, at); break;
                case LONG: values[i] = (long) FlatGenerator.LONG.get(a, at); break;
                case FLOAT: values[i] = Float.intBitsToFloat((int) FlatGenerator.INT.get(a, at)); break;
                default: values[i] = Double.longBitsToDouble((long) FlatGenerator.LONG.get(a, at));
            }
        }
        return values;
    }
}
