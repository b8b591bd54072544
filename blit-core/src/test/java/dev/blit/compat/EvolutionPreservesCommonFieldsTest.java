package dev.blit.compat;

import dev.blit.Blit;
import dev.blit.RoundTrip;
import dev.blit.compat.Versions.R1;
import dev.blit.compat.Versions.R2;
import dev.blit.compat.Versions.V1;
import dev.blit.compat.Versions.V2;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random graphs of old-version objects read by a new version and back: the fields both versions have
 * survive exactly, the others take their defaults, and the same version always round-trips.
 */
class EvolutionPreservesCommonFieldsTest {
    private static final Blit OLD = Blit.builder().compatible(true).register(V1.class, 100).register(R1.class, 101).build();
    private static final Blit NEW = Blit.builder().compatible(true).register(V2.class, 100).register(R2.class, 101).build();

    @Property(tries = 200)
    void commonFieldsSurviveAnOldWriterAndANewReader(@ForAll("olds") List<Object> values) {
        byte[] bytes = OLD.toBytes(values);
        RoundTrip.roundTrip(OLD, values, bytes.length);
        List<?> read = (List<?>) NEW.fromBytes(bytes);
        assertEquals(values.size(), read.size());
        List<Object> records = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            Object old = values.get(i);
            Object now = read.get(i);
            if (old instanceof V1) {
                V2 v = (V2) now;
                assertEquals(((V1) old).a, v.a);
                assertEquals(((V1) old).b, v.b);
                assertEquals(7.5, v.c);
            } else {
                assertEquals(new R2(((R1) old).x(), ((R1) old).y(), 0L), now);
                records.add(now);
                records.add(new R2(((R1) old).x(), null, 99L));
            }
        }
        // The new records, written by the new version, lose z on the old reader (V2's long a would not narrow).
        List<?> back = (List<?>) OLD.fromBytes(NEW.toBytes(records));
        for (int i = 0; i < records.size(); i++) {
            R2 r = (R2) records.get(i);
            assertEquals(new R1(r.x(), r.y()), back.get(i));
        }
    }

    @Provide
    Arbitrary<List<Object>> olds() {
        Arbitrary<String> strings = Arbitraries.strings().ofMaxLength(8).injectNull(0.2);
        Arbitrary<Object> v1 = Combinators.combine(Arbitraries.integers(), strings).as(V1::new);
        Arbitrary<Object> r1 = Combinators.combine(Arbitraries.integers(), strings).as(R1::new);
        return Arbitraries.oneOf(v1, r1).list().ofMaxSize(6).map(ArrayList::new);
    }
}
