package dev.blit.serial;

import dev.blit.Blit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The same hook-serialized values through Blit and through ObjectOutputStream: Blit's bytes are fewer. */
class SizeVersusJdkSerializationTest {

    static Stream<Arguments> values() {
        HookSerializationTest.Node a = new HookSerializationTest.Node("a");
        a.next = new HookSerializationTest.Node("b");
        a.next.next = a;
        List<Object> points = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            points.add(new HookSerializationTest.Point(i, "p" + i));
        }
        return Stream.of(
                Arguments.of("Point", new HookSerializationTest.Point(5, "hi")),
                Arguments.of("100 Points in an ArrayList", points),
                Arguments.of("Node cycle", a),
                Arguments.of("Externalizable Account",
                        new HookSerializationTest.Account(7, "ann", new ArrayList<>(List.of("vip")))),
                Arguments.of("Temperature (serialPersistentFields)", new HookSerializationTest.Temperature(20)),
                Arguments.of("CopyOnWriteArrayList of 1000 Integers",
                        new CopyOnWriteArrayList<>(IntStream.range(0, 1000).boxed().toArray())));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("values")
    void blitWritesFewerBytesThanObjectOutputStream(String name, Object value) {
        Blit blit = Blit.builder().references(true)
                .register(HookSerializationTest.Point.class, 100, JavaSerialization.create(HookSerializationTest.Point.class, null))
                .register(HookSerializationTest.Node.class, 101, JavaSerialization.create(HookSerializationTest.Node.class, null))
                .register(HookSerializationTest.Account.class, 102, JavaSerialization.create(HookSerializationTest.Account.class, null))
                .register(HookSerializationTest.Temperature.class, 103,
                        JavaSerialization.create(HookSerializationTest.Temperature.class, null))
                .register(CopyOnWriteArrayList.class, 104, JavaSerialization.create(CopyOnWriteArrayList.class, null))
                .build();
        int blitLength = blit.toBytes(value).length;
        int jdkLength = jdkLength(value);
        assertTrue(blitLength < jdkLength, name + ": Blit " + blitLength + " bytes, JDK " + jdkLength);
    }

    static int jdkLength(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.size();
    }
}
