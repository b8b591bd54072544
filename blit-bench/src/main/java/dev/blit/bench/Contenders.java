package dev.blit.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The contenders, by the prefix of their benchmark methods ({@code kryoRead} is contender {@code kryo},
 * operation {@code read}), in the order the tables list them when times tie.
 */
public final class Contenders {
    private Contenders() {
    }

    /** The three operations every contender implements, as method-name suffixes. */
    public static final List<String> OPERATIONS = List.of("Write", "Read", "RoundTrip");

    private static final Map<String, String> LABELS = new LinkedHashMap<>();

    static {
        LABELS.put("cFloor", "C floor (memcpy)");
        LABELS.put("blitGenerated", "Blit generated (reused buffers)");
        LABELS.put("blitToBytes", "Blit generated (toBytes/fromBytes)");
        LABELS.put("blitCompact", "Blit generated, compactArrays(true) (reused buffers)");
        LABELS.put("blitConsistent", "Blit generated, schema-consistent (reused buffers)");
        LABELS.put("blitCompatible", "Blit generated, compatible mode");
        LABELS.put("blitReflective", "Blit reflective fallback (-Dblit.gen=reflective; same bytes, reused buffers)");
        LABELS.put("blitObjectFile", "Blit ObjectFile (on file streams)");
        LABELS.put("blitObjectFilePath", "Blit ObjectFile (writer on a file stream, reader on the path)");
        LABELS.put("blitMarshallable", "Blit Marshallable (reused buffers)");
        LABELS.put("blitBuffer", "Blit buffer API by hand (no tag)");
        LABELS.put("blitInPlace", "Blit flat serializer alone (no tag, fills an existing object)");
        LABELS.put("unsafe", "hand-written sun.misc.Unsafe");
        LABELS.put("varHandle", "hand-written VarHandle");
        LABELS.put("byteBuffer", "hand-written ByteBuffer");
        LABELS.put("foryConsistent", "Fory (SCHEMA_CONSISTENT)");
        LABELS.put("foryCompatible", "Fory (COMPATIBLE)");
        LABELS.put("kryo", "Kryo 5 (registered)");
        LABELS.put("kryoCompatible", "Kryo 5 CompatibleFieldSerializer (registered)");
        LABELS.put("externalizable", "JDK Externalizable (hand-written)");
        LABELS.put("jacksonSmile", "Jackson Smile");
        LABELS.put("jacksonJson", "Jackson JSON");
        LABELS.put("protobuf", "protobuf-java (protoc-generated, with object conversion)");
        LABELS.put("jdk", "JDK Serializable");
        LABELS.put("chronicleTriviallyCopyable", "Chronicle Bytes trivially copyable (fills an existing object)");
        LABELS.put("chronicleExplicit", "Chronicle Bytes explicit writeMarshallable (fills an existing object)");
        LABELS.put("chronicleDefault", "Chronicle Wire default (SelfDescribingMarshallable, fills an existing object)");
        LABELS.put("mappedCopy", "hand-written memcpy floor: BlitLog's frames copied into and out of a mapped file by index"
                + " (no checksum, no decoding)");
        LABELS.put("mappedCopyCrc", "hand-written memcpy floor with BlitLog's CRC32C (computed on append, checked on read)");
        LABELS.put("blitLog", "BlitLog (append without sync; read by index)");
        LABELS.put("blitLogInPlace", "BlitLog (append without sync; read by index into an existing object, BlitLog.readInto)");
        LABELS.put("chronicleQueue", "Chronicle Queue (append without sync; read by index)");
        LABELS.put("coldBuild", "cold: first build in a fresh JVM (one shot in each of 5 forks, no warmup)");
        LABELS.put("coldBuildAfterBootstrap", "cold, Blit already loaded: first build of the wide class in a fresh JVM"
                + " after building a Blit for a two-field class (5 forks)");
        LABELS.put("coldBuildSmall", "cold, small class: first build in a fresh JVM of a two-field Serializable class (Customer)"
                + " instead, and its first toBytes (5 forks)");
        LABELS.put("warmBuild", "warm: a new Blit per iteration, after 10 warmup builds");
    }

    /**
     * The contenders a default (quick) run measures: Blit's main rows, the hand-written baselines the targets name,
     * and each peer's fastest configuration (and Fory's and Kryo's compatible modes). {@code --all} and
     * {@code --full} add the rest (Blit's other paths, Chronicle's slower paths, Jackson, protobuf,
     * Externalizable, the ByteBuffer codec).
     */
    public static final Set<String> HEADLINE = Set.of("blitGenerated", "blitCompact", "blitConsistent", "blitCompatible", "blitBuffer", "blitInPlace",
            "blitObjectFile", "blitObjectFilePath", "blitLog", "blitLogInPlace", "mappedCopy", "mappedCopyCrc", "unsafe", "varHandle", "foryConsistent", "foryCompatible", "kryo", "kryoCompatible", "jdk",
            "chronicleTriviallyCopyable", "chronicleQueue", "coldBuild", "coldBuildAfterBootstrap", "coldBuildSmall", "warmBuild");

    /**
     * The Blit rows others are compared with, best first: the generated serializer when it runs (named
     * {@code blitConsistent} where the table sets it beside compatible mode), otherwise the hand-written
     * Marshallable, otherwise the raw buffer API; in the log table, BlitLog.
     */
    public static final List<String> BLIT_REFERENCE = List.of("blitGenerated", "blitConsistent", "blitMarshallable", "blitBuffer", "blitLog");

    /** @return a human label for a contender prefix (the prefix itself if unknown) */
    public static String label(String contender) {
        return LABELS.getOrDefault(contender, contender);
    }

    /** @return where a contender sorts among equals */
    public static int order(String contender) {
        int i = 0;
        for (String k : LABELS.keySet()) {
            if (k.equals(contender)) {
                return i;
            }
            i++;
        }
        return i;
    }

    /** @return whether the row is one of Blit's */
    public static boolean isBlit(String contender) {
        return contender.startsWith("blit");
    }

    /**
     * @param params the benchmark JMH is about to run
     * @return its contender, e.g. {@code kryo} for {@code ...SeedBufferBenchmark.kryoRead}
     */
    public static String of(org.openjdk.jmh.infra.BenchmarkParams params) {
        String b = params.getBenchmark();
        String[] split = split(b.substring(b.lastIndexOf('.') + 1));
        return split == null ? null : split[0];
    }

    /**
     * Setups build only the contender being measured (Fory and Blit generate code when they start, which
     * would otherwise be paid in every fork); a self-check builds them all.
     *
     * @param only      the contender being measured, or null for all
     * @param contender a contender of the workload
     * @return whether to build {@code contender}
     */
    public static boolean selected(String only, String contender) {
        return only == null || only.equals(contender);
    }

    /**
     * @param method a benchmark method name such as {@code foryCompatibleRoundTrip}
     * @return {@code {contender, operation}} with the operation lower-camel ({@code roundTrip}), or null
     */
    public static String[] split(String method) {
        for (String op : OPERATIONS) {
            if (method.endsWith(op) && method.length() > op.length()) {
                String contender = method.substring(0, method.length() - op.length());
                return new String[] {contender, Character.toLowerCase(op.charAt(0)) + op.substring(1)};
            }
        }
        return null;
    }
}
