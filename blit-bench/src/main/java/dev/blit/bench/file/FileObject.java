package dev.blit.bench.file;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Objects;

/**
 * The object of Kubrynski's "Speed Up with Fast Java and File Serialization" (2012): a long, a long array and
 * two strings, the second one null "to test null serialization". Mutable with a no-argument constructor.
 */
public final class FileObject implements Serializable {
    private static final long serialVersionUID = 1L;

    long longVariable;
    long[] longArray;
    String stringObject;
    String secondStringObject;

    public FileObject() {
    }

    /** @return our sample: a long, a 100-element array, a short string and a null */
    public static FileObject sample() {
        FileObject o = new FileObject();
        o.longVariable = 1_234_567_890_123L;
        o.longArray = new long[100];
        for (int i = 0; i < o.longArray.length; i++) {
            o.longArray[i] = i * 1_000_003L;
        }
        o.stringObject = "Speed up with fast Java and file serialization";
        o.secondStringObject = null;
        return o;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FileObject)) {
            return false;
        }
        FileObject f = (FileObject) o;
        return longVariable == f.longVariable && Arrays.equals(longArray, f.longArray)
                && Objects.equals(stringObject, f.stringObject) && Objects.equals(secondStringObject, f.secondStringObject);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(longVariable);
    }

    @Override
    public String toString() {
        return "FileObject[" + longVariable + ", " + longArray.length + " longs, " + stringObject + ", " + secondStringObject + "]";
    }
}
