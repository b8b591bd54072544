package dev.blit.log;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A stream that remembers whether it ever failed: after that, what reached its destination is unknown, and an
 * {@link ObjectFile.Writer} over it takes no more values.
 */
final class TrackedOutput extends FilterOutputStream {
    String failed;

    TrackedOutput(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException | RuntimeException e) {
            failed = e.toString();
            throw e;
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException | RuntimeException e) {
            failed = e.toString();
            throw e;
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException | RuntimeException e) {
            failed = e.toString();
            throw e;
        }
    }
}
