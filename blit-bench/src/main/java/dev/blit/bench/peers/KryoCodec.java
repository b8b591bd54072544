package dev.blit.bench.peers;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

import java.util.Arrays;

/**
 * Kryo as every workload measures it: {@code writeClassAndObject} into one reused {@link Output},
 * {@code readClassAndObject} through one reused {@link Input}. One place for what each benchmark class
 * wrote out alike, so that Kryo is measured the same way in all of them. Not thread-safe, like Kryo.
 */
public final class KryoCodec {
    private final Kryo kryo;
    private final Output out;
    private final Input in = new Input();
    private byte[] bytes = new byte[0];

    /**
     * @param kryo     a configured instance (see {@link Kryos#create})
     * @param capacity the output buffer's first size; it grows as needed
     */
    public KryoCodec(Kryo kryo, int capacity) {
        this.kryo = kryo;
        this.out = new Output(capacity, -1);
    }

    /** @return the encoded length of {@code value}, written into the reused output */
    public int write(Object value) {
        out.reset();
        kryo.writeClassAndObject(out, value);
        return out.position();
    }

    /**
     * Encodes {@code value} and keeps a copy of the bytes as what {@link #read()} decodes.
     *
     * @return the encoded length
     */
    public int keep(Object value) {
        bytes = Arrays.copyOf(out.getBuffer(), write(value));
        return bytes.length;
    }

    /** @return a new object decoded from the bytes of the last {@link #keep} */
    public Object read() {
        in.setBuffer(bytes);
        return kryo.readClassAndObject(in);
    }

    /** @return {@code value} encoded into the reused output and decoded from it */
    public Object roundTrip(Object value) {
        write(value);
        in.setBuffer(out.getBuffer(), 0, out.position());
        return kryo.readClassAndObject(in);
    }
}
