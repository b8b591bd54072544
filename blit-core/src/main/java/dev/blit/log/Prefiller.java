package dev.blit.log;

import java.nio.ByteBuffer;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One daemon thread, shared by every log a process writes, that keeps the writer's current segment
 * prefilled ({@link Segment#prefill}) a few megabytes ahead of it, so that an append finds its page
 * already in the file and already mapped.
 *
 * <p>Why: the first store into a page of a fresh segment costs the kernel a page allocation, zeroing and
 * a fault (on a virtual machine, often the hypervisor's first touch of the memory too): measured on a
 * 2-core VM, that was most of an append's time, on the appending thread. Here it happens on another core
 * while the writer goes on. The writer never depends on it: a segment it outruns is prefilled in line, as
 * before, and a prefill that fails here (a full disk) is simply repeated by the writer, which reports it.
 *
 * <p>The thread only ever writes zeros past {@link Segment#prefilled}, where the writer does not write
 * until it has seen the new value (a volatile read), and only under the segment's lock, which
 * {@link Segment#retire} also takes: after a segment is sealed or its log closed, nothing here touches it
 * again, so zeros can never land on bytes another writer (in another process, later) appends.
 */
final class Prefiller {
    /** How long the thread waits for work before it ends; the next request starts another. */
    static final long IDLE_MILLIS = 5_000;
    private static final LinkedBlockingQueue<Request> QUEUE = new LinkedBlockingQueue<>();
    /** The thread, while it runs; guarded by the class's lock, as the decision to end it is. */
    private static Thread thread;

    private Prefiller() {
    }

    private record Request(Segment segment, int upTo) {
    }

    /** Asks for {@code segment} to be prefilled up to {@code upTo}; returns at once. */
    static synchronized void request(Segment segment, int upTo) {
        QUEUE.add(new Request(segment, upTo));
        if (thread == null) {
            // Nothing of the caller's is kept: no inherited thread locals, no context class loader. A thread
            // that outlived a log would otherwise hold the class loader of whoever opened it (a web app, a plugin)
            // for the life of the process; and it ends when idle, which lets go of what it inherited on Java 17
            // (the caller's access control context) too.
            Thread t = new Thread(null, Prefiller::run, "blit-log-prefill", 0, false);
            t.setDaemon(true);
            t.setContextClassLoader(null);
            t.start();
            thread = t;
        }
    }

    /** @return the thread while it runs, or null (for tests) */
    static synchronized Thread thread() {
        return thread;
    }

    private static void run() {
        ByteBuffer zeros = ByteBuffer.allocateDirect(Segment.PREFILL_CHUNK);
        while (true) {
            Request r;
            try {
                r = QUEUE.poll(IDLE_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                continue; // a daemon: it ends when idle or with the process, not on an interrupt
            }
            if (r == null) {
                synchronized (Prefiller.class) {
                    if (QUEUE.isEmpty()) { // a request made from here on starts a new thread
                        thread = null;
                        return;
                    }
                }
                continue;
            }
            r.segment.prefillAhead(r.upTo, zeros);
        }
    }
}
