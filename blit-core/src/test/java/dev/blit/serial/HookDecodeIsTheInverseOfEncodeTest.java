package dev.blit.serial;

import dev.blit.Blit;
import net.jqwik.api.ForAll;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.Property;

import java.io.EOFException;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every DataOutput method a hook can call, with random values: what readObject gets back is what writeObject wrote. */
class HookDecodeIsTheInverseOfEncodeTest {
    private static final Blit BLIT = Blit.builder()
            .register(EveryPrimitive.class, 100, JavaSerialization.create(EveryPrimitive.class, null)).build();

    static final class EveryPrimitive implements Serializable {
        transient boolean z;
        transient byte b;
        transient short s;
        transient char c;
        transient int i;
        transient long j;
        transient float f;
        transient double d;
        transient String utf;
        transient byte[] raw;
        transient Object nested;
        transient int unsignedByte;
        transient int unsignedShort;
        transient int trailingEof;

        private void writeObject(ObjectOutputStream out) throws IOException {
            out.writeBoolean(z);
            out.writeByte(b);
            out.writeShort(s);
            out.writeChar(c);
            out.writeObject(nested);
            out.writeInt(i);
            out.writeLong(j);
            out.writeFloat(f);
            out.writeDouble(d);
            out.writeUTF(utf);
            out.writeInt(raw.length);
            out.write(raw);
            out.write(b);
            out.writeShort(s);
        }

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            z = in.readBoolean();
            b = in.readByte();
            s = in.readShort();
            c = in.readChar();
            nested = in.readObject();
            i = in.readInt();
            j = in.readLong();
            f = in.readFloat();
            d = in.readDouble();
            utf = in.readUTF();
            raw = new byte[in.readInt()];
            in.readFully(raw);
            unsignedByte = in.readUnsignedByte();
            unsignedShort = in.readUnsignedShort();
            try {
                in.readByte();
            } catch (EOFException expected) {
                trailingEof = 1;
            }
        }

        String describe() {
            return z + " " + b + " " + s + " " + (int) c + " " + i + " " + j + " " + Float.floatToRawIntBits(f) + " "
                    + Double.doubleToRawLongBits(d) + " " + utf + " " + Arrays.toString(raw) + " " + nested;
        }
    }

    /** The extremes, which the property (eleven parameters: too many edge-case combinations) does not inject. */
    @Example
    void extremesComeBackAsWritten() {
        everyPrimitiveComesBackAsWritten(true, Byte.MIN_VALUE, Short.MIN_VALUE, Character.MAX_VALUE, Integer.MIN_VALUE,
                Long.MIN_VALUE, Float.intBitsToFloat(0x7fc01234), -0.0, "\ud800 lone surrogate, \u20ac", new byte[0], "");
        everyPrimitiveComesBackAsWritten(false, Byte.MAX_VALUE, Short.MAX_VALUE, (char) 0, Integer.MAX_VALUE,
                Long.MAX_VALUE, Float.NaN, Double.longBitsToDouble(0x7ff8000000000abcL), "", new byte[70000], null);
    }

    @Property(tries = 1000, edgeCases = EdgeCasesMode.NONE)
    void everyPrimitiveComesBackAsWritten(@ForAll boolean z, @ForAll byte b, @ForAll short s, @ForAll char c,
                                          @ForAll int i, @ForAll long j, @ForAll float f, @ForAll double d,
                                          @ForAll String utf, @ForAll byte[] raw, @ForAll String nested) {
        EveryPrimitive v = new EveryPrimitive();
        v.z = z;
        v.b = b;
        v.s = s;
        v.c = c;
        v.i = i;
        v.j = j;
        v.f = f;
        v.d = d;
        v.utf = utf;
        v.raw = raw;
        v.nested = nested;
        EveryPrimitive back = BLIT.fromBytes(BLIT.toBytes(v), EveryPrimitive.class);
        assertEquals(v.describe(), back.describe());
        assertEquals(b & 0xFF, back.unsignedByte);
        assertEquals(s & 0xFFFF, back.unsignedShort);
        assertEquals(1, back.trailingEof, "reading past the section's data is an EOFException");
    }
}
