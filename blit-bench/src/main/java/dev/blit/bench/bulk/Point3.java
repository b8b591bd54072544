package dev.blit.bench.bulk;

import java.io.Serializable;
import java.util.ArrayList;

/**
 * Workload 6 (bulk): the small record of the list workload, 28 bytes of data (an int and three doubles).
 *
 * @param id a sequence number
 * @param x  a coordinate
 * @param y  a coordinate
 * @param z  a coordinate
 */
public record Point3(int id, double x, double y, double z) implements Serializable {
    /** How many points the list workload carries. */
    public static final int COUNT = 10_000;

    /** @return an {@link ArrayList} of {@link #COUNT} points with deterministic, distinct values */
    public static ArrayList<Point3> sampleList() {
        ArrayList<Point3> list = new ArrayList<>(COUNT);
        for (int i = 0; i < COUNT; i++) {
            list.add(new Point3(i, i * 0.5, i * 1.25 - 3000, 1.0 / (i + 1)));
        }
        return list;
    }
}
