package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.Serializer;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.RegistryBuilder;

import java.sql.Time;
import java.sql.Timestamp;

/**
 * {@code java.sql.Date}, {@code Time} and {@code Timestamp}, the values JDBC hands out and entity classes keep:
 * Fory writes them out of the box, and without them a class holding a {@code Timestamp} could not be written at
 * all ({@code java.sql} opens its fields to no library). Mutable, so tracked, as {@code java.util.Date} is.
 *
 * <p>Installed only where the {@code java.sql} module is present ({@link BuiltinTypes#install}); this class is
 * the only one that names its classes, so a runtime image without that module never loads it.
 */
final class SqlTypes {
    private SqlTypes() {
    }

    static void install(RegistryBuilder rb) {
        rb.add(TypeIds.SQL_DATE, java.sql.Date.class, new Codec(TypeIds.SQL_DATE));
        rb.add(TypeIds.SQL_TIME, Time.class, new Codec(TypeIds.SQL_TIME));
        rb.add(TypeIds.SQL_TIMESTAMP, Timestamp.class, new Codec(TypeIds.SQL_TIMESTAMP));
    }

    /** One class for the three, switching on the wire id: see {@link BuiltinTypes.Scalar} for why. */
    private static final class Codec implements Serializer<Object> {
        private final int id;

        Codec(int id) {
            this.id = id;
        }

        @Override
        public boolean tracksReferences() {
            return true;
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            if (id == TypeIds.SQL_TIMESTAMP) {
                Timestamp t = (Timestamp) v;
                out.writeVarLong(Math.floorDiv(t.getTime(), 1000)); // whole seconds; the rest is in the nanos
                out.writeUnsignedVarInt(t.getNanos());
            } else {
                out.writeVarLong(((java.util.Date) v).getTime());
            }
        }

        @Override
        public Object read(ReadBuffer in) {
            if (id == TypeIds.SQL_DATE) {
                return new java.sql.Date(in.readVarLong());
            }
            if (id == TypeIds.SQL_TIME) {
                return new Time(in.readVarLong());
            }
            long at = in.offset();
            long seconds = in.readVarLong();
            int nanos = TimeTypes.readNanos(in);
            // getTime() is seconds * 1000 + nanos / 10^6; it fits a long in every written value. Computed with
            // wrap-around, the sum splits back into the same seconds and milliseconds exactly when it fits.
            long millis = seconds * 1000 + nanos / 1_000_000;
            if (Math.floorDiv(millis, 1000) != seconds || Math.floorMod(millis, 1000) != nanos / 1_000_000) {
                throw new BlitException("java.sql.Timestamp at offset " + at + ": " + seconds + " seconds and "
                        + nanos + " nanos do not fit a long in milliseconds");
            }
            Timestamp t = new Timestamp(millis);
            t.setNanos(nanos);
            return t;
        }
    }
}
