package dev.blit.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.util.List;

import static dev.blit.bench.report.TableTest.NA;
import static dev.blit.bench.report.TableTest.row;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link JsonReport}: results.json parses and holds the tables' numbers. */
class JsonReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static JsonNode parse(List<Table> tables, String rawJmh) throws Exception {
        String json = JsonReport.json(tables, TextReportTest.ENV, rawJmh);
        return JSON.readTree(json); // throws on malformed JSON
    }

    private static JsonNode rowOf(JsonNode workload, String contender) {
        for (JsonNode r : workload.get("rows")) {
            if (r.get("contender").asText().equals(contender)) {
                return r;
            }
        }
        throw new AssertionError("no row " + contender + " in " + workload);
    }

    @Test
    void aWriteRankedTableComparesWriteWithWrite() throws Exception {
        JsonNode w = parse(List.of(TextReportTest.writesOnly()), null).get("workloads").get(0);
        assertEquals("seed", w.get("id").asText());
        assertEquals("write", w.get("rankedBy").asText());
        assertEquals("blitGenerated", w.get("blitReference").asText());
        assertTrue(w.get("notRun").isNull());
        JsonNode floor = rowOf(w, "cFloor");
        assertEquals(1, floor.get("rank").asInt());
        assertEquals(0.5, floor.get("vsBlit").asDouble(), 1e-9, "write over write");
        assertTrue(floor.get("roundTripVsBlit").isNull(), "Blit has no round trip: no round-trip ratio");
        assertEquals(1.0, floor.get("roundTrip").asDouble(), 1e-9);
        assertEquals(40, floor.get("bytes").asInt());
        JsonNode kryo = rowOf(w, "kryo");
        assertEquals(3.0, kryo.get("vsBlit").asDouble(), 1e-9);
        assertTrue(kryo.get("read").isNull());
        assertTrue(kryo.get("allocBytesPerRoundTrip").isNull());
    }

    @Test
    void roundTripRatiosAndOtherOperations() throws Exception {
        Table t = new Table("x", "X");
        Row blit = row(t, "blitGenerated", 10, 10, 20);
        blit.roundTripError = 1.5;
        blit.alloc = 48;
        blit.other.put("copy", new double[] {4, 0.25});
        row(t, "kryo", 1, 1, 50).other.put("copy", new double[] {2, NA});
        JsonNode w = parse(List.of(t), "[{\"benchmark\": \"b\"}]\n");
        JsonNode workload = w.get("workloads").get(0);
        assertEquals("roundTrip", workload.get("rankedBy").asText());
        JsonNode b = rowOf(workload, "blitGenerated");
        assertEquals(1.5, b.get("roundTripError").asDouble(), 1e-9);
        assertEquals(48, b.get("allocBytesPerRoundTrip").asDouble(), 1e-9);
        assertEquals(4, b.get("other").get("copy").get("time").asDouble(), 1e-9);
        assertEquals(0.25, b.get("other").get("copy").get("error").asDouble(), 1e-9);
        assertTrue(b.get("blit").asBoolean());
        JsonNode k = rowOf(workload, "kryo");
        assertEquals(2.5, k.get("vsBlit").asDouble(), 1e-9);
        assertEquals(2.5, k.get("roundTripVsBlit").asDouble(), 1e-9);
        assertTrue(k.get("other").get("copy").get("error").isNull());
        assertEquals("b", w.get("jmh").get(0).get("benchmark").asText(), "JMH's own JSON, embedded");
        assertTrue(workload.get("notes").isArray());
    }

    @Test
    void aWorkloadNotRunHasItsReasonAndPendingContenders() throws Exception {
        Tables tables = new Tables();
        tables.table("a", "A \"quoted\" \\ title");
        tables.pending("a", "kryo", "self-check FAILED: line one\nline two\ttab\u0001");
        tables.notRun("a", "none of its benchmarks gave a result (see /tmp/out/jmh.log)");
        JsonNode root = parse(tables.all(), "  ");
        assertTrue(root.get("jmh").isNull());
        JsonNode a = root.get("workloads").get(0);
        assertEquals("A \"quoted\" \\ title", a.get("title").asText());
        assertEquals("none of its benchmarks gave a result (see /tmp/out/jmh.log)", a.get("notRun").asText());
        assertTrue(a.get("rankedBy").isNull());
        assertTrue(a.get("blitReference").isNull());
        assertEquals(0, a.get("rows").size());
        assertEquals("self-check FAILED: line one\nline two\ttab\u0001", a.get("pending").get("kryo").asText());
        assertEquals("Not run: none of its benchmarks gave a result (see /tmp/out/jmh.log).", a.get("notes").get(0).asText());
    }

    @Test
    void theEnvironmentAndUnits() throws Exception {
        Table generation = new Table("generation", "Generation");
        generation.millis = true;
        row(generation, "coldBuild", NA, NA, 30);
        JsonNode root = parse(List.of(generation), null);
        assertEquals(TextReportTest.ENV.mode, root.get("mode").asText());
        assertEquals(TextReportTest.ENV.cores, root.get("cores").asInt());
        assertEquals("ns/op", root.get("unit").asText());
        assertEquals("ms (single shot, in roundTrip)", root.get("workloads").get(0).get("unit").asText());
        assertEquals(30, rowOf(root.get("workloads").get(0), "coldBuild").get("roundTrip").asDouble(), 1e-9);
    }
}
