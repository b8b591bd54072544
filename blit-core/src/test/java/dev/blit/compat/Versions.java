package dev.blit.compat;

import java.util.List;
import java.util.Objects;

/**
 * Two versions of the same classes. A writer registers one version under an id, a reader registers
 * another under the same id: that is what a class changing between releases looks like to Blit.
 */
final class Versions {
    private Versions() {
    }

    static final class V1 {
        int a;
        String b;

        V1() {
        }

        V1(int a, String b) {
            this.a = a;
            this.b = b;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof V1 && ((V1) o).a == a && Objects.equals(((V1) o).b, b);
        }

        @Override
        public int hashCode() {
            return a;
        }
    }

    /** V1 with its fields reordered, {@code a} widened to long and a new field with an initializer. */
    static final class V2 {
        String b;
        long a;
        double c = 7.5;
    }

    /** A class serialized through its hooks (readResolve alone), renamed to {@link HookV2} with a field widened and one added. */
    static final class HookV1 implements java.io.Serializable {
        int a;

        private Object readResolve() {
            return this;
        }
    }

    static final class HookV2 implements java.io.Serializable {
        long a;
        String b;

        private Object readResolve() {
            return this;
        }
    }

    record R1(int x, String y) {
    }

    record R2(int x, String y, long z) {
    }

    /** Built through a constructor that takes its fields. */
    static final class C1 {
        final int x;
        final String y;

        C1(int x, String y) {
            this.x = x;
            this.y = y;
        }
    }

    static final class C2 {
        final int x;
        final String y;
        final long z;

        C2(int x, String y, long z) {
            this.x = x;
            this.y = y;
            this.z = z;
        }
    }

    static final class Leaf {
        String name;

        Leaf() {
        }

        Leaf(String name) {
            this.name = name;
        }
    }

    static final class HolderV1 {
        Leaf extra;
        Leaf kept;
        int n;
    }

    /** HolderV1 without {@code extra}. */
    static final class HolderV2 {
        Leaf kept;
        int n;
    }

    static final class Widths1 {
        byte b;
        short s;
        char c;
        int i;
        int i2;
        float f;
        int same;
    }

    static final class Widths2 {
        short b;
        long s;
        int c;
        long i;
        double i2;
        double f;
        int same;
    }

    static final class LongField {
        long v;
    }

    static final class IntField {
        int v;
    }

    static final class StringField {
        String v;
    }

    static final class BoxedField {
        Integer v;
    }

    static final class NumberField {
        Number v;
    }

    static final class LongArrayField {
        long[] v;
    }

    static final class ObjectField {
        Object v;
    }

    static final class LongBoxField {
        Long v;
    }

    static final class OrderV1 {
        long id;
        List<Object> lines;
    }

    static final class LineV1 {
        OrderV1 order;
        int number;
    }

    static final class OrderV2 {
        List<Object> lines;
        long id;
        String extra = "?";
    }

    static final class LineV2 {
        String note = "none";
        long number;
        OrderV2 order;
    }

    enum Color { RED, GREEN }

    /** Every kind of field, for same-version round trips. */
    static final class Everything {
        boolean z;
        byte b;
        short s;
        char c;
        int i;
        long j;
        float f;
        double d;
        String text;
        int[] ints;
        Color color;
        R1 record;
        List<Object> list;
        Object any;

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Everything)) {
                return false;
            }
            Everything e = (Everything) o;
            return z == e.z && b == e.b && s == e.s && c == e.c && i == e.i && j == e.j
                    && Float.compare(f, e.f) == 0 && Double.compare(d, e.d) == 0 && Objects.equals(text, e.text)
                    && java.util.Arrays.equals(ints, e.ints) && color == e.color && Objects.equals(record, e.record)
                    && Objects.equals(list, e.list) && Objects.equals(any, e.any);
        }

        @Override
        public int hashCode() {
            return i;
        }
    }
}
