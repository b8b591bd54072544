package dev.blit.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Replays the corpus the fuzzer has kept ({@code blit-fuzz/.cifuzz-corpus/<class>/<method>/}) through its
 * fuzz target, as a plain test. Jazzer's regression mode runs only the empty input, the {@code @MethodSource}
 * seeds and a resource directory; the corpus is where earlier fuzzing runs left the inputs that reached new
 * code, so replaying it in every {@code mvn test} keeps all of them passing.
 */
class CorpusReplayTest {
    private static final Path CORPUS = Paths.get(System.getProperty("basedir", "."), ".cifuzz-corpus");

    @TestFactory
    Stream<DynamicTest> everyKeptInputStillPasses() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        if (!Files.isDirectory(CORPUS)) {
            return Stream.empty();
        }
        try (Stream<Path> classes = Files.list(CORPUS)) {
            for (Path classDir : (Iterable<Path>) classes.sorted()::iterator) {
                try (Stream<Path> methods = Files.list(classDir)) {
                    for (Path methodDir : (Iterable<Path>) methods.sorted()::iterator) {
                        String name = classDir.getFileName() + "#" + methodDir.getFileName();
                        tests.add(DynamicTest.dynamicTest(name, () -> replay(classDir.getFileName().toString(),
                                methodDir.getFileName().toString(), methodDir)));
                    }
                }
            }
        }
        return tests.stream();
    }

    private static void replay(String className, String methodName, Path dir) throws Throwable {
        Class<?> type;
        try {
            type = Class.forName(className);
        } catch (ClassNotFoundException e) {
            return; // a corpus left by a target that no longer exists
        }
        Method target = null;
        for (Method m : type.getDeclaredMethods()) {
            if (m.getName().equals(methodName) && m.isAnnotationPresent(FuzzTest.class)) {
                target = m;
            }
        }
        if (target == null) {
            return;
        }
        assertTrue(target.getParameterCount() == 1 && target.getParameterTypes()[0] == byte[].class,
                () -> className + "#" + methodName + ": fuzz targets take a byte[] so that the corpus can be replayed");
        Constructor<?> c = type.getDeclaredConstructor();
        c.setAccessible(true);
        Object instance = c.newInstance();
        target.setAccessible(true);
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : (Iterable<Path>) files.sorted()::iterator) {
                byte[] input = Files.readAllBytes(file);
                try {
                    target.invoke(instance, (Object) input);
                } catch (InvocationTargetException e) {
                    throw new AssertionError("corpus input " + file + " fails: " + Findings.hex(input), e.getCause());
                }
            }
        }
    }
}
