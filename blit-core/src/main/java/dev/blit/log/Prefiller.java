package dev.blit.log;

import java.nio.ByteBuffer;
import java.util.concurrent.LinkedBlockingQueue;

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
    private static final LinkedBlockingQueue<Request> QUEUE = new LinkedBlockingQueue<>();
    private static Thread thread;

    private Prefiller() {
    }

    private record Request(Segment segment, int upTo) {
    }

    /** Asks for {@code segment} to be prefilled up to {@code upTo}; returns at once. */
    static void request(Segment segment, int upTo) {
        start();
        QUEUE.add(new Request(segment, upTo));
    }

    private static synchronized void start() {
        if (thread == null) {
            Thread t = new Thread(Prefiller::run, "blit-log-prefill");
            t.setDaemon(true);
            t.start();
            thread = t;
        }
    }

    private static void run() {
        ByteBuffer zeros = ByteBuffer.allocateDirect(Segment.PREFILL_CHUNK);
        while (true) {
            Request r;
            try {
                r = QUEUE.take();
            } catch (InterruptedException e) {
                continue; // a daemon: it ends with the process, not on an interrupt
            }
            r.segment.prefillAhead(r.upTo, zeros);
        }
    }
}
