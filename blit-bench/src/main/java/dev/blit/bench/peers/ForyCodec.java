package dev.blit.bench.peers;

import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;

import java.util.Arrays;

/**
 * Apache Fory as every workload measures it: {@code serialize} into one reused heap {@link MemoryBuffer},
 * {@code deserialize} from one. One place for what each benchmark class wrote out alike, for both of
 * Fory's schema modes, so that Fory is measured the same way in all of them. Not thread-safe, like Fory.
 */
public final class ForyCodec {
    private final Fory fory;
    private final MemoryBuffer out;
    private MemoryBuffer in = MemoryBuffer.fromByteArray(new byte[0]);

    /**
     * @param fory     a configured instance (see {@link Forys#create})
     * @param capacity the output buffer's first size; it grows as needed
     */
    public ForyCodec(Fory fory, int capacity) {
        this.fory = fory;
        this.out = MemoryBuffer.newHeapBuffer(capacity);
    }

    /** @return the encoded length of {@code value}, written into the reused buffer */
    public int write(Object value) {
        out.writerIndex(0);
        fory.serialize(out, value);
        return out.writerIndex();
    }

    /**
     * Encodes {@code value} and keeps a copy of the bytes as what {@link #read()} decodes.
     *
     * @return the encoded length
     */
    public int keep(Object value) {
        in = MemoryBuffer.fromByteArray(Arrays.copyOf(out.getHeapMemory(), write(value)));
        return in.size();
    }

    /** @return a new object decoded from the bytes of the last {@link #keep} */
    public Object read() {
        in.readerIndex(0);
        return fory.deserialize(in);
    }

    /** @return {@code value} encoded into the reused buffer and decoded from it */
    public Object roundTrip(Object value) {
        write(value);
        out.readerIndex(0);
        return fory.deserialize(out);
    }
}
