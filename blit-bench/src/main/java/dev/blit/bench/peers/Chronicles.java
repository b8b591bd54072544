package dev.blit.bench.peers;

/**
 * What Chronicle (Wire, Bytes, Queue) needs to run on Java 17 and newer. Chronicle reaches into the JDK's
 * internals, so its documentation asks for these flags; they go into the JMH forks of Chronicle's own
 * benchmark methods (a method-level {@code @Fork} that lists the constants below) and into the benchmark jar's
 * manifest for the launcher JVM that self-checks every contender, never into a Blit fork.
 */
public final class Chronicles {
    private Chronicles() {
    }

    // The flags of Chronicle's "Java 17+" notes (../shared/WORKLOADS.md), one constant a flag: a JMH annotation
    // takes constants, not an array constant. A Chronicle benchmark method carries @Fork(value = 1,
    // jvmArgsPrepend = {EXPORT_REF, EXPORT_NIO, EXPORT_MISC, EXPORT_JAVAC_FILE, OPEN_JAVAC, OPEN_LANG, OPEN_REFLECT,
    // OPEN_IO, OPEN_UTIL}, jvmArgsAppend = {Jvm.XMS, Jvm.XMX, Jvm.PRE_TOUCH}).
    public static final String EXPORT_REF = "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED";
    public static final String EXPORT_NIO = "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED";
    public static final String EXPORT_MISC = "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED";
    public static final String EXPORT_JAVAC_FILE = "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED";
    public static final String OPEN_JAVAC = "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED";
    public static final String OPEN_LANG = "--add-opens=java.base/java.lang=ALL-UNNAMED";
    public static final String OPEN_REFLECT = "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED";
    public static final String OPEN_IO = "--add-opens=java.base/java.io=ALL-UNNAMED";
    public static final String OPEN_UTIL = "--add-opens=java.base/java.util=ALL-UNNAMED";

    /**
     * Chronicle Queue reports each queue it opens to Google Analytics unless told not to; a benchmark fork must
     * not wait on the network (offline, it waits for a failing DNS look-up). Call before any Chronicle class
     * loads (from a benchmark class's static initializer).
     */
    public static void disableAnalytics() {
        if (System.getProperty("chronicle.analytics.disable") == null) {
            System.setProperty("chronicle.analytics.disable", "true");
        }
    }
}
