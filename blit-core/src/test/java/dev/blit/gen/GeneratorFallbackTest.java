package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * When the generator cannot build a serializer, the class still works through the reflective serializer,
 * but never silently: a warning on the {@code dev.blit} logger, or with {@code -Dblit.gen=strict} an error.
 * The trigger is real, not simulated: a class with so many fields that the generated class would need more
 * than the 65,535 constant-pool entries a class file can hold (three per field: name, name-and-type,
 * field reference), while the class itself needs about one per field.
 */
class GeneratorFallbackTest {
    private static final int FIELDS = 22_000;
    private static Class<?> huge;

    @BeforeAll
    static void defineHugeClass() {
        huge = WideClass.define("HugeFlatless", true, FIELDS, i -> new String[] {"I", null});
    }

    @Test
    void aClassTheGeneratorCannotBuildFallsBackWithAWarningAndTheSameBytes() throws Exception {
        List<LogRecord> logged = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                logged.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger logger = Logger.getLogger("dev.blit");
        logger.addHandler(capture);
        boolean parent = logger.getUseParentHandlers();
        logger.setUseParentHandlers(false); // the warning is expected here: keep it off the build's console
        Blit blit;
        try {
            blit = Blit.builder().register(huge, 100).build();
        } finally {
            logger.removeHandler(capture);
            logger.setUseParentHandlers(parent);
        }
        assertInstanceOf(ReflectiveSerializer.class, blit.serializerOf(huge));
        assertEquals(1, logged.size(), "one warning for the one class");
        LogRecord r = logged.get(0);
        assertEquals(Level.WARNING, r.getLevel());
        assertTrue(r.getMessage().contains(huge.getName()) && r.getMessage().contains("blit.gen=strict"), r.getMessage());

        Object value = huge.getConstructor().newInstance();
        Field first = huge.getField(WideClass.name(0));
        Field last = huge.getField(WideClass.name(FIELDS - 1));
        first.setInt(value, 7);
        last.setInt(value, -123_456);
        byte[] bytes = blit.toBytes(value);
        Object back = blit.fromBytes(bytes, huge);
        assertEquals(7, first.getInt(back));
        assertEquals(-123_456, last.getInt(back));
        Blit reflective = Blit.builder().register(huge, 100, ReflectiveSerializer.of(huge, null)).build();
        assertArrayEquals(reflective.toBytes(value), bytes);
    }

    @Test
    void strictModeMakesTheFallbackAnErrorNamingTheClass() {
        String before = System.getProperty("blit.gen");
        System.setProperty("blit.gen", ClassSerializers.STRICT);
        try {
            BlitException e = assertThrows(BlitException.class, () -> Blit.builder().register(huge, 100).build());
            assertTrue(e.getMessage().contains(huge.getName()) && e.getMessage().contains("strict"), e.getMessage());
        } finally {
            if (before == null) {
                System.clearProperty("blit.gen");
            } else {
                System.setProperty("blit.gen", before);
            }
        }
    }
}
