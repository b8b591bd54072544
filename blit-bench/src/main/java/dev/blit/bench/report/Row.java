package dev.blit.bench.report;

/**
 * One contender's results in one workload. Times are ns/op, the median of the measurement iterations (NaN
 * when not measured); errors are JMH's 99.9% half-intervals around its mean, {@code bytes} is the encoded size (-1 unknown), {@code alloc} the bytes allocated
 * per round trip (NaN unknown).
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

    /** @return the time of an operation: {@code write}, {@code read} or {@code roundTrip} */
    public double time(String operation) {
        switch (operation) {
            case "write":
                return write;
            case "read":
                return read;
            default:
                return roundTrip;
        }
    }

    /** @return the round trip, or write + read when only those were measured (for ranking) */
    double rankTime() {
        if (!Double.isNaN(roundTrip)) {
            return roundTrip;
        }
        if (!Double.isNaN(write) && !Double.isNaN(read)) {
            return write + read;
        }
        return Double.isNaN(write) ? (Double.isNaN(read) ? Double.MAX_VALUE : read) : write;
    }
}
