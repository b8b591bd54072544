package dev.blit.bench;

/**
 * JVM options of every benchmark fork. A fixed, pre-touched heap: without it the first iterations of an
 * allocating benchmark pay the kernel's first-touch page faults as the heap grows, and a 10 ns decoder
 * reads as 600 ns in one iteration and 13 ns in the next.
 */
public final class Jvm {
    private Jvm() {
    }

    public static final String XMS = "-Xms1g";
    public static final String XMX = "-Xmx1g";
    public static final String PRE_TOUCH = "-XX:+AlwaysPreTouch";

    /** The three together, for the programmatic runner (full mode). */
    public static final String[] ARGS = {XMS, XMX, PRE_TOUCH};

    /**
     * Quick mode's: the same, with a quarter of the heap. Pre-touching 1 GiB takes seconds a fork on a virtual
     * machine (first use of a guest page is expensive), more than a quick benchmark's own iterations; every
     * workload runs in 256 MiB.
     */
    public static final String[] QUICK_ARGS = {"-Xms256m", "-Xmx256m", PRE_TOUCH};
}
