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

    /** The three together, for the programmatic runner. */
    public static final String[] ARGS = {XMS, XMX, PRE_TOUCH};
}
