package dev.blit.types;

import dev.blit.BlitException;
import dev.blit.buffer.ReadBuffer;
import dev.blit.buffer.WriteBuffer;
import dev.blit.internal.Registration;

import java.sql.Time;
import java.sql.Timestamp;

/**
 * {@code java.sql.Date}, {@code Time} and {@code Timestamp}, the values JDBC hands out and entity classes keep:
 * Fory writes them out of the box, and without them a class holding a {@code Timestamp} could not be written at
 * all ({@code java.sql} opens its fields to no library). Mutable, so tracked, as {@code java.util.Date} is.
 *
 * <p>Their classes are loaded only when first needed, on the first read of ids 95..97 or the first write of
 * one of them ({@link BuiltinTypes#lazy}), not when a Blit is built: the first class of the {@code java.sql}
 * module a JVM loads costs it about 5 ms (measured), a fifth of what building a first Blit takes, for a
 * module most programs that use Blit never touch. Where the module is absent (a runtime image made without
 * it), ids 95..97 read as unknown ids. The registrations are the same for every Blit instance (a user who
 * registers one of these classes takes it over for writing in the registry itself, as for other built-ins).
 */
final class SqlTypes {
    private SqlTypes() {
    }

    /** Whether {@link Loaded} was initialized ({@link #registrations}). */
    private static volatile boolean initialized;

    /**
     * {@link Loaded}'s registrations, initializing it first on a thread of its own. It is first needed in the
     * middle of a read, perhaps deep in nested values near the end of the reading thread's stack; a stack
     * overflow inside a class's static initializer, which Blit would report as a {@code BlitException}, leaves
     * that class unusable for the rest of the JVM's life (every later use is a {@code NoClassDefFoundError}),
     * and hostile input can aim for exactly that. So the class, and the {@code java.sql} classes it loads, are
     * initialized on a fresh stack, once.
     */
    private static Registration[] registrations() {
        if (!initialized) {
            Thread t = new Thread(null, SqlTypes::initialize, "blit-java-sql-init", 1 << 20);
            t.setDaemon(true);
            t.start();
            boolean interrupted = false;
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the initialization runs to its end anyway; the caller keeps its interrupt
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            initialized = true;
        }
        return Loaded.REGISTRATIONS; // if it failed there, this is the NoClassDefFoundError it left
    }

    private static void initialize() {
        try {
            if (Loaded.REGISTRATIONS != null) {
                for (Registration r : Loaded.REGISTRATIONS) {
                    Class.forName(r.type.getName(), true, r.type.getClassLoader()); // their own initializers too
                }
            }
        } catch (Throwable e) {
            // reported to the reading thread when it touches Loaded (above)
        }
    }

    /** @return the registration of id 95..97, or null without the java.sql module */
    static Registration forId(int id) {
        Registration[] all = registrations();
        return all == null ? null : all[id - TypeIds.SQL_DATE];
    }

    /** @return the registration of a java.sql class built in, or null for any other class */
    static Registration forClass(Class<?> type) {
        if (!type.getName().startsWith("java.sql.")) {
            return null; // without touching Loaded
        }
        Registration[] all = registrations();
        for (Registration r : all == null ? new Registration[0] : all) {
            if (r.type == type) {
                return r;
            }
        }
        return null;
    }

    /** The holder idiom: made once, thread-safely, on first use. */
    private static final class Loaded {
        static final Registration[] REGISTRATIONS = ModuleLayer.boot().findModule("java.sql").isPresent()
                ? new Registration[] {make(TypeIds.SQL_DATE, java.sql.Date.class), make(TypeIds.SQL_TIME, Time.class),
                    make(TypeIds.SQL_TIMESTAMP, Timestamp.class)}
                : null;

        private static Registration make(int id, Class<?> type) {
            Registration r = new Registration(id, type);
            r.bind(new Codec(id));
            r.runs = true; // the content is never empty, as RegistryBuilder decides for every built-in with content
            return r;
        }
    }

    /** One class for the three, switching on the wire id: see {@link BuiltinTypes.ById} for why. */
    private static final class Codec extends BuiltinTypes.ById {
        Codec(int id) {
            super(id, true);
        }

        @Override
        public void write(WriteBuffer out, Object v) {
            if (id == TypeIds.SQL_TIMESTAMP) {
                Timestamp t = (Timestamp) v;
                out.writeVarLong(seconds(t)); // whole seconds; the rest is in the nanos
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
            Timestamp t;
            if (seconds >= Long.MIN_VALUE / 1000 && seconds <= Long.MAX_VALUE / 1000) {
                t = new Timestamp(seconds * 1000); // whole seconds: its nanos are 0 until set
            } else if (seconds == MIN_SECONDS) {
                t = new Timestamp(Long.MIN_VALUE); // the one whole second below them a Timestamp holds (see seconds)
            } else {
                throw new BlitException("java.sql.Timestamp at offset " + at + ": " + seconds
                        + " seconds do not fit a long in milliseconds, as no Timestamp's do");
            }
            t.setNanos(nanos);
            return t;
        }
    }

    /**
     * The second {@code new Timestamp(Long.MIN_VALUE)} (up to {@code Long.MIN_VALUE + 807}) starts in, one below
     * {@code Long.MIN_VALUE / 1000}: the JDK keeps its milliseconds, {@code (MIN_SECONDS) * 1000}, wrapped around.
     */
    private static final long MIN_SECONDS = Long.MIN_VALUE / 1000 - 1;

    /**
     * The whole seconds of {@code t}: the milliseconds it keeps apart from its nanos ({@code getTime()} less the
     * nanos' milliseconds, with wrap-around, as {@code getTime()} adds them), over 1000. That is
     * {@code floorDiv(getTime(), 1000)} wherever {@code getTime()} does not overflow, which it does near the
     * ends of the long range ({@code new Timestamp(Long.MAX_VALUE)} after {@code setNanos(999999999)}).
     *
     * @throws BlitException if those milliseconds are no whole seconds, which no Timestamp made from milliseconds
     *                       holds: one made from a date whose milliseconds overflow a long
     *                       ({@code Timestamp.valueOf(LocalDateTime.MAX)})
     */
    private static long seconds(Timestamp t) {
        long whole = t.getTime() - t.getNanos() / 1_000_000;
        if (whole % 1000 == 0) {
            return whole / 1000;
        }
        if (whole == MIN_SECONDS * 1000) { // wrapped around: new Timestamp(Long.MIN_VALUE)'s
            return MIN_SECONDS;
        }
        throw new BlitException("cannot write the java.sql.Timestamp " + t + ": its milliseconds overflowed a long when"
                + " it was made from a date that far from 1970 (Timestamp.valueOf(LocalDateTime.MAX)), so no Timestamp"
                + " read back can hold the same time; write a LocalDateTime or an Instant, which are built in, instead");
    }
}
