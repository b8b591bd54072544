package dev.blit.buffer;

import dev.blit.BlitException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * Where a {@link ReadBuffer} that does not read the caller's array in place gets its bytes: an
 * {@link InputStream}, or a direct or read-only {@code ByteBuffer}, copied into the buffer's window as it
 * empties. For a stream read {@link ReadBuffer#exactly exactly} it also keeps the stream's mark, to give back
 * what a value did not use ({@link #settle}). Kept apart so that {@code ReadBuffer} is its cursor and its
 * decoders; a buffer over an array has none, and its hot paths never reach here.
 */
final class Upstream {
    /** The largest window a refill fills: a stream is asked for this much at a time once it is flowing. */
    static final int WINDOW = 8192;

    private final InputStream stream;
    private final ByteBuffer source;
    /** A stream read for no byte past what has been asked for ({@link ReadBuffer#exactly(InputStream)}). */
    private final boolean exact;
    /**
     * An {@link ReadBuffer#exactly} stream that supports {@code mark}/{@code reset}: each refill marks it and reads
     * ahead what it has at hand, and {@link #settle} gives back what the value did not use.
     */
    private final boolean lookahead;
    /** Whether the stream is marked at the start of the bytes read since the last refill ({@link #lookahead}). */
    private boolean marked;
    /** Bytes read from the stream since it was marked. */
    private int sinceMark;

    /**
     * @param stream the stream, or null for a {@code ByteBuffer}
     * @param source the {@code ByteBuffer} (a view the caller's position does not move), or null for a stream
     * @param exact  whether the stream is read for no byte past what is asked for
     */
    Upstream(InputStream stream, ByteBuffer source, boolean exact) {
        this.stream = stream;
        this.source = source;
        this.exact = exact;
        this.lookahead = exact && stream.markSupported();
    }

    /** @return true for a stream, whose length is unknown until it ends */
    boolean isStream() {
        return stream != null;
    }

    /** @return bytes known to be left beyond the window: a {@code ByteBuffer}'s remaining ones; 0 for a stream */
    long remaining() {
        return source != null ? source.remaining() : 0;
    }

    /**
     * Compacts {@code b}'s window and reads until {@code n} bytes are in it, where the caller will need
     * {@code wanted} bytes in all (at least {@code n}): a stream read exactly is then asked for that many at
     * once rather than {@code n} at a time. Other inputs fill the whole window regardless.
     *
     * @return false if the input ends first
     */
    boolean fill(ReadBuffer b, int n, int wanted) {
        int remaining = b.limit - b.position;
        if (source != null && n - remaining > source.remaining()) {
            return false; // the bytes are not there: no window is made for them (n may be a hostile length)
        }
        int want = exact ? Math.max(n, Math.min(wanted, WINDOW)) : n;
        if (want > b.array.length || (stream != null && !exact && b.array.length < WINDOW)) {
            int size = stream != null ? step(b.array.length, want) : want;
            b.array = Arrays.copyOf(b.array, Math.max(size, Math.min(WINDOW, b.array.length * 2)));
        }
        if (lookahead) { // as far as the window reaches: it is not made bigger for bytes the value may not need
            want = Math.max(want, Math.min(b.array.length, remaining + available()));
        }
        if (b.position > 0) {
            System.arraycopy(b.array, b.position, b.array, 0, remaining);
            b.origin += b.position;
            b.position = 0;
            b.limit = remaining;
        }
        if (lookahead) {
            // What the window holds now is used by the read at hand, which needs more than that: only the bytes
            // read from here on may be left over, so the mark moves here.
            stream.mark(want);
            marked = true;
            sinceMark = 0;
        }
        while (b.limit < n) {
            if (b.limit == b.array.length) { // a stream's window, grown by a step above, is full: the next step
                b.array = Arrays.copyOf(b.array, step(b.array.length, want));
            }
            int end = exact ? Math.min(want, b.array.length) : b.array.length;
            int got = readSome(b.array, b.limit, end - b.limit, b.origin + b.limit);
            if (got < 0) {
                return false;
            }
            b.limit += got;
            sinceMark += got;
        }
        return true;
    }

    /**
     * The window's next size on the way to {@code want} bytes from a stream: at most twice its present size (or
     * {@link #WINDOW}), and grown again only once the bytes have filled it. A stream cannot be asked how much it
     * holds, and {@code want} may be a length read from the bytes themselves ({@code take(in.readInt())}): a
     * stream that claims two gigabytes and ends early has then cost about twice what it sent, not the claim,
     * and gives the usual truncated-input {@code BlitException}.
     */
    private static int step(int length, int want) {
        return (int) Math.min(want, Math.max(WINDOW, 2L * length));
    }

    /** @return what the stream says it can give without blocking; 0 if it cannot say */
    private int available() {
        try {
            return Math.max(0, stream.available());
        } catch (IOException e) {
            return 0;
        }
    }

    /** {@link ReadBuffer#settle()}: gives what {@code b} read ahead and did not use back to the stream. */
    void settle(ReadBuffer b) {
        if (!marked) {
            return;
        }
        marked = false;
        int unused = b.limit - b.position;
        if (unused == 0) {
            return;
        }
        try {
            stream.reset();
            long skip = sinceMark - unused;
            while (skip > 0) {
                long k = stream.skip(skip);
                if (k <= 0) {
                    if (stream.read() < 0) {
                        throw new IOException("the stream ended " + skip + " bytes before where it was");
                    }
                    k = 1;
                }
                skip -= k;
            }
        } catch (IOException e) {
            throw new BlitException("giving the " + unused + " bytes read ahead of offset " + b.offset()
                    + " back to the input stream failed (reset to its mark, then skip): " + e, e);
        }
        b.limit = b.position;
    }

    /** @param at the logical offset of {@code dst[off]}, for the message if the stream fails */
    private int readSome(byte[] dst, int off, int len, long at) {
        if (source != null) {
            int n = Math.min(len, source.remaining());
            if (n == 0) {
                return -1;
            }
            source.get(dst, off, n);
            return n;
        }
        try {
            int n;
            do {
                n = stream.read(dst, off, len);
            } while (n == 0);
            return n;
        } catch (IOException e) {
            throw new BlitException("reading the input stream failed at offset " + at + ": " + e, e);
        }
    }
}
