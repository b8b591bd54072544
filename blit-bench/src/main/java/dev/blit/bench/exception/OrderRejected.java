package dev.blit.bench.exception;

import java.io.IOException;
import java.util.Arrays;
import java.util.Objects;

/**
 * An RPC error reply: a user exception with two final fields of its own, a constructor that makes its message
 * from them, an {@link IOException} as its cause and a 16-frame stack trace (fixed, so every run and every
 * contender sees the same bytes), as a service would send back to a caller.
 */
public final class OrderRejected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    final String orderId;
    final int code;

    public OrderRejected(String orderId, int code) {
        super("order " + orderId + " rejected: " + code);
        this.orderId = orderId;
        this.code = code;
    }

    /** @return the sample: a cause with 4 frames of its own, 16 frames in the application and the JDK */
    public static OrderRejected sample() {
        IOException cause = new IOException("disk full");
        cause.setStackTrace(new StackTraceElement[] {
                frame(null, "java.base", "17.0.12", "java.io.FileOutputStream", "writeBytes", null, -2),
                frame(null, "java.base", "17.0.12", "java.io.FileOutputStream", "write", "FileOutputStream.java", 347),
                frame("app", null, null, "shop.store.Journal", "append", "Journal.java", 88),
                frame("app", null, null, "shop.store.OrderStore", "save", "OrderStore.java", 41)});
        OrderRejected e = new OrderRejected("o-20261127-0017", 409);
        e.initCause(cause);
        StackTraceElement[] trace = new StackTraceElement[16];
        for (int i = 0; i < 12; i++) {
            trace[i] = frame("app", null, null, "shop.service.Step" + i, "handle", "Step" + i + ".java", 20 + i);
        }
        trace[12] = frame(null, "java.base", "17.0.12", "java.util.concurrent.ThreadPoolExecutor", "runWorker",
                "ThreadPoolExecutor.java", 1136);
        trace[13] = frame(null, "java.base", "17.0.12", "java.util.concurrent.ThreadPoolExecutor$Worker", "run",
                "ThreadPoolExecutor.java", 635);
        trace[14] = frame(null, "java.base", "17.0.12", "java.lang.Thread", "run", "Thread.java", 840);
        trace[15] = frame("app", null, null, "shop.Main", "main", "Main.java", 12);
        e.setStackTrace(trace);
        return e;
    }

    private static StackTraceElement frame(String loader, String module, String version, String cls, String method,
                                           String file, int line) {
        return new StackTraceElement(loader, module, version, cls, method, file, line);
    }

    /**
     * @return whether {@code decoded} is the same exception as {@code expected}: class, own fields, message, and
     *         the cause's class, message and stack trace, and the stack trace (Throwable's equals is identity)
     */
    public static boolean same(OrderRejected expected, Object decoded) {
        return sameButFrames(expected, decoded) && Arrays.equals(expected.getStackTrace(), ((Throwable) decoded).getStackTrace())
                && Arrays.equals(expected.getCause().getStackTrace(), ((Throwable) decoded).getCause().getStackTrace());
    }

    /** @return {@link #same} without the stack traces: for a contender that does not keep them (said in the table) */
    public static boolean sameButFrames(OrderRejected expected, Object decoded) {
        if (!(decoded instanceof OrderRejected)) {
            return false;
        }
        OrderRejected d = (OrderRejected) decoded;
        Throwable c = expected.getCause();
        Throwable dc = d.getCause();
        return expected.orderId.equals(d.orderId) && expected.code == d.code
                && Objects.equals(expected.getMessage(), d.getMessage())
                && dc != null && c.getClass() == dc.getClass() && Objects.equals(c.getMessage(), dc.getMessage());
    }
}
