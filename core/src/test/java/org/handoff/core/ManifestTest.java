package org.handoff.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestTest {
    private static final String FAMILY = "\"families\": [{\"name\": \"mcs\", \"spec\": \"MCS\", \"variants\": [\"mcs\"]}]";

    private static Manifest parse(String checks) {
        return Manifest.parse("{" + FAMILY + ", \"checks\": [" + checks + "]}", "test.json");
    }

    @Test
    void readsChecksAndTheirParameters() {
        Manifest m = parse("{\"family\": \"mcs\", \"variant\": \"mcs\", \"level\": \"tlc\", \"check\": \"MCS_N2\","
                + " \"spec\": \"MCS.tla\", \"states\": 123, \"expected\": \"pass\"},"
                + "{\"family\": \"mcs\", \"variant\": \"x\", \"mutant\": true, \"level\": \"tlc\", \"check\": \"X\","
                + " \"expected\": \"fail\", \"property\": \"MutualExclusion\", \"profile\": \"full\"}");
        assertEquals(2, m.checks().size());
        Check c = m.checks().get(0);
        assertEquals("MCS.tla", c.param("spec"));
        assertEquals(123L, c.expectedStates());
        assertEquals(1, m.select(List.of("mcs"), Level.TLC, "quick").size());
        assertEquals(2, m.select(List.of(), null, "full").size());
    }

    @Test
    void aTraceEntryWithoutAStepTakesItsFamilys() {
        String trace = "{\"family\": \"mcs\", \"variant\": \"mcs\", \"level\": \"crosscheck\", \"check\": \"%s\","
                + " \"spec\": \"MCS.tla\", \"expected\": \"pass\"%s}";
        String checks = trace.formatted("A_trace", "") + "," + trace.formatted("B_trace", ", \"step\": \"Own(t)\"");
        Manifest plain = Manifest.parse(withPorts("\"mcs\": \"org.example.Mcs\"", checks), "test.json");
        assertEquals("fallback", plain.checks().get(0).paramOr("step", "fallback"));
        Manifest m = Manifest.parse("{\"families\": [{\"name\": \"mcs\", \"spec\": \"MCS\", \"traceStep\": \"McsNext(t)\"}],"
                + " \"ports\": {\"mcs\": \"org.example.Mcs\"}, \"checks\": [" + checks + "]}", "test.json");
        assertEquals("McsNext(t)", m.checks().get(0).param("step"));
        assertEquals("Own(t)", m.checks().get(1).param("step"));
    }

    @Test
    void rejectsBadEntriesWithOneLine() {
        assertTrue(assertThrows(HandoffException.class, () -> Manifest.parse("{\"checks\": [", "m.json"))
                .getMessage().startsWith("m.json:1:"));
        assertThrows(HandoffException.class, () -> parse("{\"family\": \"mcs\", \"variant\": \"v\", \"level\": \"tlc\","
                + " \"check\": \"c\", \"expected\": \"fail\"}"));
        assertThrows(HandoffException.class, () -> parse("{\"family\": \"mcs\", \"variant\": \"v\", \"mutant\": true,"
                + " \"level\": \"tlc\", \"check\": \"c\", \"expected\": \"pass\"}"));
        assertThrows(HandoffException.class, () -> parse("{\"family\": \"other\", \"variant\": \"v\", \"level\": \"tlc\","
                + " \"check\": \"c\", \"expected\": \"pass\"}"));
        assertThrows(HandoffException.class, () -> parse("{\"family\": \"mcs\", \"variant\": \"v\", \"level\": \"tlc\","
                + " \"check\": \"c\", \"expected\": \"fail\", \"property\": \"NoSuchProperty\"}"));
        HandoffException e = assertThrows(HandoffException.class, () -> parse("").select(List.of("nope"), null, "quick"));
        assertTrue(e.getMessage().contains("unknown family 'nope'"));
    }

    private static final String MUTANT_CHECKS = "\"checks\": ["
            + "{\"family\": \"mcs\", \"variant\": \"x\", \"mutant\": true, \"level\": \"tlc\", \"check\": \"X\","
            + " \"expected\": \"fail\", \"property\": \"MutualExclusion\"},"
            + "{\"family\": \"mcs\", \"variant\": \"y\", \"mutant\": true, \"level\": \"jcstress\", \"check\": \"Y\","
            + " \"expected\": \"fail\", \"property\": \"MutualExclusion\"}]";

    private static Manifest withMutants(String mutants) {
        return Manifest.parse("{" + FAMILY + ", " + MUTANT_CHECKS + ", \"mutants\": [" + mutants + "]}", "m.json");
    }

    private static String rejected(String mutants) {
        return assertThrows(HandoffException.class, () -> withMutants(mutants)).getMessage();
    }

    @Test
    void readsTheMutantsOfAFamilyFile() {
        Manifest m = withMutants("{\"name\": \"x\", \"kind\": \"sc\", \"source\": \"constructed\","
                + " \"levels\": {\"lincheck\": \"not ported\"}, \"pairs\": [\"y\"]}");
        Mutant x = m.mutant("mcs", "x");
        assertEquals(Mutant.Kind.SC, x.kind());
        assertEquals("constructed", x.source());
        assertEquals("not ported", x.reason(Level.LINCHECK));
        assertNull(x.reason(Level.TLC));
        assertEquals(List.of("y"), x.pairs());
        assertNull(m.mutant("mcs", "y"));
        assertEquals(List.of(), parse("").mutants());
    }

    @Test
    void rejectsMalformedMutantsWithOneLine() {
        String ok = "\"name\": \"x\", \"kind\": \"sc\", \"source\": \"constructed\"";
        assertEquals("m.json: mutants[0] 'x': missing 'kind'", rejected("{\"name\": \"x\", \"source\": \"s\"}"));
        assertTrue(rejected("{\"name\": \"x\", \"kind\": \"odd\", \"source\": \"s\"}")
                .startsWith("m.json: mutants[0] 'x': unknown mutant kind 'odd' (known: sc, weak-memory,"));
        assertEquals("m.json: mutants[0]: unknown key 'kinds' (known: name, family, kind, source, levels, pairs)",
                rejected("{" + ok + ", \"kinds\": 1}"));
        assertTrue(rejected("{" + ok + ", \"levels\": {\"tla\": \"r\"}}").startsWith("m.json: mutants[0] 'x': levels: unknown level 'tla'"));
        assertEquals("m.json: mutants[0] 'x': levels.tlc must be a written reason", rejected("{" + ok + ", \"levels\": {\"tlc\": \"\"}}"));
        assertEquals("m.json: mutants[0] 'x': 'pairs' must be an array of variant names", rejected("{" + ok + ", \"pairs\": \"y\"}"));
        assertEquals("m.json: mutants[0] 'x': pairs names 'z', which is no mutant of mcs", rejected("{" + ok + ", \"pairs\": [\"z\"]}"));
        assertEquals("m.json: mutants[0] 'x': a mutant does not pair with itself", rejected("{" + ok + ", \"pairs\": [\"x\"]}"));
        assertEquals("m.json: mutants[0] 'w': no check of family mcs is a mutant with this variant name",
                rejected("{\"name\": \"w\", \"kind\": \"sc\", \"source\": \"s\"}"));
        assertEquals("m.json: mutants[1] 'x': mutant 'x' of mcs is described twice", rejected("{" + ok + "}, {" + ok + "}"));
        assertEquals("m.json: 'mutants' must be an array", assertThrows(HandoffException.class,
                () -> Manifest.parse("{" + FAMILY + ", \"mutants\": {}}", "m.json")).getMessage());
    }

    @Test
    void verdictComparesOutcomePropertyAndStateCount() {
        Check pass = new Check("mcs", "mcs", false, Level.TLC, "M", null, Outcome.PASS, null, "quick", Map.of("states", 10));
        assertNull(new Verdict(pass, Outcome.PASS, null, 10L, 1, "").mismatch());
        assertTrue(new Verdict(pass, Outcome.PASS, null, 11L, 1, "").mismatch().contains("state space changed"));
        assertTrue(new Verdict(pass, Outcome.ERROR, null, null, 1, "").mismatch().contains("got error"));
        Check fail = new Check("mcs", "x", true, Level.TLC, "M", "MutualExclusion", Outcome.FAIL, null, "quick", null);
        assertNull(new Verdict(fail, Outcome.FAIL, "MutualExclusion", 5L, 1, "").mismatch());
        assertTrue(new Verdict(fail, Outcome.FAIL, "QueueWellFormed", 5L, 1, "").mismatch().contains("QueueWellFormed"));
        assertTrue(new Verdict(fail, Outcome.PASS, null, 5L, 1, "").mismatch().contains("expected fail"));
    }

    @Test
    void loadsOneFilePerFamilyAndRejectsADoubleDeclaration(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve(Manifest.FILE), "{\"version\": 1}");
        Files.createDirectories(root.resolve("specs/mcs"));
        Files.createDirectories(root.resolve("specs/other"));
        Files.writeString(root.resolve("specs/mcs/mcs.json"), "{" + FAMILY + ", \"checks\": [{\"family\": \"mcs\","
                + " \"variant\": \"mcs\", \"level\": \"tlc\", \"check\": \"MCS_N2\", \"expected\": \"pass\"}]}");
        String other = "{\"families\": [{\"name\": \"other\"}], \"checks\": [{\"family\": \"other\","
                + " \"variant\": \"other\", \"level\": \"tlc\", \"check\": \"Other_N3\", \"expected\": \"pass\"}]}";
        Files.writeString(root.resolve("specs/other/other.json"), other);
        Manifest m = Manifest.load(root);
        assertEquals(List.of("mcs", "other"), m.families().stream().map(Family::name).toList());
        assertEquals(2, m.checks().size());
        // A folder's entries find their files in it: an entry of another family there is refused.
        Files.writeString(root.resolve("specs/other/other.json"), other.replace("\"family\": \"other\",", "\"family\": \"mcs\","));
        assertTrue(assertThrows(HandoffException.class, () -> Manifest.load(root)).getMessage()
                .contains("specs/other/other.json: entry tlc:mcs/other:Other_N3 is of family 'mcs', not of the folder's family 'other'"));
        Files.writeString(root.resolve("specs/other/other.json"), other);
        Files.writeString(root.resolve("specs/mcs/x.json"), "{" + FAMILY + "}");
        assertTrue(assertThrows(HandoffException.class, () -> Manifest.load(root)).getMessage()
                .contains("family 'mcs' is declared twice"));
        Files.writeString(root.resolve("specs/mcs/x.json"), "{\"checks\": [");
        assertTrue(assertThrows(HandoffException.class, () -> Manifest.load(root)).getMessage()
                .startsWith("specs/mcs/x.json:1:"));
        // A folder without a manifest file of its own name is no family's (specs/common/).
        Files.delete(root.resolve("specs/mcs/mcs.json"));
        assertEquals(List.of("other"), Manifest.load(root).families().stream().map(Family::name).toList());
    }

    /**
     * docs/review.md: a proposed variant is registered by a file of its own that holds only checks
     * for a family declared elsewhere; no code changes, and the variant's checks are selected with the
     * family's.
     */
    @Test
    void aVariantIsRegisteredByAFileOfItsOwn(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve(Manifest.FILE), "{\"version\": 1}");
        Files.createDirectories(root.resolve("specs/mcs"));
        Files.writeString(root.resolve("specs/mcs/mcs.json"), "{" + FAMILY + ", \"checks\": [{\"family\": \"mcs\","
                + " \"variant\": \"mcs\", \"level\": \"tlc\", \"check\": \"MCS_N2\", \"expected\": \"pass\"}]}");
        Files.writeString(root.resolve("specs/mcs/mcs-proposed.json"), "{\"ports\": {\"mcs-proposed\": \"org.example.Proposed\"},"
                + " \"checks\": [{\"family\": \"mcs\", \"variant\": \"mcs-proposed\", \"level\": \"crosscheck\","
                + " \"check\": \"MCS_Proposed_trace\", \"expected\": \"pass\"}]}");
        Manifest m = Manifest.load(root);
        List<Check> mine = m.select(List.of("mcs"), null, "quick").stream()
                .filter(c -> c.variant().equals("mcs-proposed")).toList();
        assertEquals(1, mine.size());
        assertEquals("org.example.Proposed", mine.get(0).port());
        assertEquals("org.example.Proposed", m.port("mcs", "mcs-proposed"));
        assertEquals(Level.CROSSCHECK, mine.get(0).level());
    }

    private static String withPorts(String ports, String checks) {
        return "{" + FAMILY + ", \"ports\": {" + ports + "}, \"checks\": [" + checks + "]}";
    }

    private static final String LINCHECK = "{\"family\": \"mcs\", \"variant\": \"mcs\", \"level\": \"lincheck\","
            + " \"check\": \"T\", \"expected\": \"pass\"}";

    /**
     * The registry of ports: each level's entry gets its variant's class from {@code ports}; a class
     * in an entry, a port registered twice or for no variant, and an entry of a level that runs a
     * port with none registered are each one line naming the place.
     */
    @Test
    void portsAreRegisteredOncePerVariant() {
        Manifest m = Manifest.parse(withPorts("\"mcs\": \"org.example.Mcs\"", LINCHECK), "f.json");
        assertEquals("org.example.Mcs", m.checks().get(0).port());
        assertEquals("org.example.Mcs", m.port("mcs", "mcs"));
        assertNull(m.port("mcs", "other"));
        String lock = LINCHECK.replace("\"check\": \"T\",", "\"check\": \"T\", \"lock\": \"org.example.Mcs\",");
        assertTrue(assertThrows(HandoffException.class, () -> Manifest.parse(withPorts("\"mcs\": \"org.example.Mcs\"", lock),
                "f.json")).getMessage().contains("'lock' names a Java class"));
        assertTrue(assertThrows(HandoffException.class, () -> Manifest.parse(withPorts("", LINCHECK), "f.json"))
                .getMessage().contains("mcs/mcs has no registered port"));
        assertTrue(assertThrows(HandoffException.class, () -> Manifest.parse(withPorts("\"mcs\": \"org.example.Mcs\","
                + " \"mcs-typo\": \"org.example.Typo\"", LINCHECK), "f.json")).getMessage()
                .contains("f.json: ports.mcs-typo: no check of mcs names mcs-typo"));
        assertTrue(assertThrows(HandoffException.class, () -> Manifest.parse(withPorts("\"mcs\": \"not a class\"", LINCHECK),
                "f.json")).getMessage().contains("is not a class name"));
        String portOf = LINCHECK.replace("\"check\": \"T\",", "\"check\": \"T\", \"portOf\": \"mcs\",");
        assertTrue(assertThrows(HandoffException.class, () -> Manifest.parse(withPorts("\"mcs\": \"org.example.Mcs\"", portOf),
                "f.json")).getMessage().contains("'portOf' belongs to a trace entry"));
    }

    @Test
    void aPortRegisteredInTwoFilesIsRefused(@TempDir Path root) throws IOException {
        Files.writeString(root.resolve(Manifest.FILE), "{\"version\": 1}");
        Files.createDirectories(root.resolve("specs/mcs"));
        Files.writeString(root.resolve("specs/mcs/mcs.json"), withPorts("\"mcs\": \"org.example.A\"", LINCHECK));
        Files.writeString(root.resolve("specs/mcs/b.json"), "{\"ports\": {\"mcs\": \"org.example.B\"}, \"checks\": [{\"family\": \"mcs\","
                + " \"variant\": \"mcs\", \"level\": \"tlc\", \"check\": \"MCS_N2\", \"expected\": \"pass\"}]}");
        HandoffException e = assertThrows(HandoffException.class, () -> Manifest.load(root));
        assertTrue(e.getMessage().contains("registered twice"), e.getMessage());
    }

    /** A registered class answers to the entry's variant name; another name, or none, is one line. */
    @Test
    void aPortAnswersToItsEntrysVariant() {
        Check c = new Check("mcs", "late-init", true, Level.LINCHECK, "T", "DeadlockFreedom", Outcome.FAIL, null, "quick", null);
        c.requirePortVariant("p.LateInit", () -> "late-init");
        HandoffException other = assertThrows(HandoffException.class, () -> c.requirePortVariant("p.Mcs", () -> "mcs"));
        assertEquals("manifest entry " + c.id() + ": lock p.Mcs says its variant is 'mcs', not 'late-init'"
                + " (its @Variant must be the manifest's name)", other.getMessage());
        HandoffException none = assertThrows(HandoffException.class, () -> c.requirePortVariant("p.Unnamed", () -> {
            throw new IllegalStateException("p.Unnamed names no variant");
        }));
        assertEquals("manifest entry " + c.id() + ": p.Unnamed names no variant", none.getMessage());
    }
}
