package dev.blit.gen;

import dev.blit.Blit;
import dev.blit.BlitException;
import dev.blit.RoundTrip;
import dev.blit.internal.RegistryBuilder;
import dev.blit.types.BuiltinTypes;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Classes far bigger than usual: the generated methods are split into chunks and stay loadable. Generation
 * time is printed, not asserted (the benchmarks measure it properly).
 */
class LargeClassTest {

    @Test
    void aClassWith350FieldsRoundTripsAndMatchesTheReflectiveBytes() {
        Class<?> wide = WideClass.WIDE_350;
        Blit generated = Blit.builder().register(wide, 100).build();
        Blit reflective = Blit.builder().register(wide, 100, ReflectiveSerializer.of(wide, null)).build();
        Object w = WideClass.sample(wide);
        byte[] bytes = generated.toBytes(w);
        assertArrayEquals(reflective.toBytes(w), bytes);
        Object back = generated.fromBytes(bytes, wide);
        assertArrayEquals(bytes, generated.toBytes(back));
        for (int i = 0; i < 350; i++) {
            Object expected = WideClass.value(i);
            if (expected instanceof int[]) {
                assertArrayEquals((int[]) expected, (int[]) WideClass.get(back, i), WideClass.name(i));
            } else {
                assertEquals(expected, WideClass.get(back, i), WideClass.name(i));
            }
        }
        assertArrayEquals(bytes, reflective.toBytes(reflective.fromBytes(bytes)));
        RoundTrip.assertTruncationsRejected(bytes, generated::fromBytes, generated::read);
        assertEquals(350, ClassModel.of(wide, null).properties().size());
    }

    @Test
    void aRecordWithNearlyTheMaximumNumberOfComponentsRoundTrips() {
        Blit generated = Blit.builder().register(WideRecord.class, 100).build();
        Blit reflective = Blit.builder().register(WideRecord.class, 100, ReflectiveSerializer.of(WideRecord.class, null)).build();
        WideRecord r = WideRecord.sample();
        byte[] bytes = generated.toBytes(r);
        assertArrayEquals(reflective.toBytes(r), bytes);
        assertEquals(r, generated.fromBytes(bytes));
        assertEquals(r, reflective.fromBytes(bytes));
        RoundTrip.assertTruncationsRejected(bytes, generated::fromBytes, generated::read);
    }

    /** It was the JDK's IllegalArgumentException ("bad parameter count 256") out of build(). */
    @Test
    void aRecordWhoseConstructorNoMethodHandleCanTakeIsRefusedAtBuild() {
        for (boolean compatible : new boolean[]{false, true}) {
            BlitException e = assertThrows(BlitException.class,
                    () -> Blit.builder().compatible(compatible).register(TooWideRecord.class, 100).build());
            assertTrue(e.getMessage().startsWith("cannot call the constructor of " + TooWideRecord.class.getName()
                    + " with 254 parameters: they take 254 slots, and a method handle takes at most 253"), e.getMessage());
            assertTrue(e.getMessage().endsWith("register a Serializer of your own for it"), e.getMessage());
        }
    }

    @Test
    void generatingThe350FieldSerializerIsCheap() throws Exception {
        long[] nanos = new long[6];
        int classBytes = 0;
        for (int i = 0; i < nanos.length; i++) {
            RegistryBuilder rb = new RegistryBuilder();
            BuiltinTypes.install(rb);
            long t0 = System.nanoTime();
            ClassModel model = ClassModel.of(WideClass.WIDE_350, null);
            assertTrue(SerializerGenerator.generate(model, rb).getClass().isHidden());
            nanos[i] = System.nanoTime() - t0;
            classBytes = SerializerGenerator.bytes(model, rb).length;
        }
        StringBuilder sb = new StringBuilder("generation of the 350-field serializer (model + class file + hidden class), ms:");
        for (long n : nanos) {
            sb.append(' ').append(String.format("%.2f", n / 1e6));
        }
        System.out.println(sb.append(" (first is cold); class file ").append(classBytes).append(" bytes"));
    }
}
