package dev.blit.bench.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One contender's results in one workload. Times are ns/op, the median of the measurement iterations (NaN
 * when not measured); errors are JMH's 99.9% half-intervals around its mean, {@code bytes} is the encoded size (-1 unknown), {@code alloc} the bytes allocated
 * per round trip (NaN unknown). A benchmark method not named {@code <contender>(Write|Read|RoundTrip)} (e.g.
 * {@code blitCopy}, {@code handReadInto}) is an operation of its own ({@code copy}, {@code readInto}), kept in
 * {@link #other()}.
 */
public final class Row {
    public final String contender;
    public final String label;
    public final boolean blit;
    double write = Double.NaN;
    double read = Double.NaN;
    double roundTrip = Double.NaN;
    double writeError = Double.NaN;
    double readError = Double.NaN;
    double roundTripError = Double.NaN;
    double alloc = Double.NaN;
    int bytes = -1;
    /** Operations other than write, read and round trip: name to {score, error}, in the order measured. */
    final Map<String, double[]> other = new LinkedHashMap<>();

    Row(String contender, String label, boolean blit) {
        this.contender = contender;
        this.label = label;
        this.blit = blit;
    }

    public double write() {
        return write;
    }

    public double read() {
        return read;
    }

    public double roundTrip() {
        return roundTrip;
    }

    public int bytes() {
        return bytes;
    }

    public double alloc() {
        return alloc;
    }

    /** @return the time of an operation: {@code write}, {@code read}, {@code roundTrip} or one of {@link #other()} (NaN if not measured) */
    public double time(String operation) {
        switch (operation) {
            case "write":
                return write;
            case "read":
                return read;
            case "roundTrip":
                return roundTrip;
            default:
                double[] v = other.get(operation);
                return v == null ? Double.NaN : v[0];
        }
    }

    /** @return JMH's 99.9% error of an operation (NaN if not measured) */
    public double error(String operation) {
        switch (operation) {
            case "write":
                return writeError;
            case "read":
                return readError;
            case "roundTrip":
                return roundTripError;
            default:
                double[] v = other.get(operation);
                return v == null ? Double.NaN : v[1];
        }
    }

    /** @return the operations besides write, read and round trip this row measured, name to ns/op */
    public Map<String, Double> other() {
        Map<String, Double> m = new LinkedHashMap<>();
        other.forEach((op, v) -> m.put(op, v[0]));
        return m;
    }

    /** @return whether any operation of this row was measured */
    boolean measured() {
        return !Double.isNaN(write) || !Double.isNaN(read) || !Double.isNaN(roundTrip) || !other.isEmpty();
    }
}
