package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A proposed variant with bad input stops `review` and `check` before anything runs: one line naming
 * the file or manifest entry and the problem, exit 2, and no report directory. Each case starts from
 * a copy of the project's manifest and specs with one variant, {@code cna-mine}, registered by a
 * manifest file of its own, and breaks one thing.
 */
@Tag("integration")
// It points handoff.root at a copy of the project: nothing else may run beside it.
@Isolated
@Execution(ExecutionMode.SAME_THREAD)
class VariantBadInputTest {
    @TempDir
    Path root;
    private ProjectCopy copy;

    private static final String MINE = CnaMine.class.getName();
    /** A jcstress test that chooses its lock by variant, so it runs the variant's port. */
    private static final String LITMUS = "org.handoff.litmus.cna.CnaMainQueue";
    private static final String GOOD_SPEC = "---- MODULE CNA_Mine ----\nEXTENDS CNA\n====\n";

    @BeforeEach
    void copyTheProject() throws IOException {
        copy = new ProjectCopy(root);
        Files.writeString(root.resolve("specs/cna/CNA_Mine.tla"), GOOD_SPEC);
        Files.copy(root.resolve("specs/cna/models/CNA_V1_N3.cfg"), root.resolve("specs/cna/models/CNA_Mine_N3.cfg"));
        writeVariant(MINE, LITMUS, "CNAStepsTrace");
    }

    @AfterEach
    void restoreTheRoot() {
        copy.close();
    }

    private void writeVariant(String port, String litmus, String map) throws IOException {
        Files.writeString(root.resolve("specs/cna/cna-mine.json"), """
                { "ports": { "cna-mine": "%s" },
                  "checks": [
                  { "family": "cna", "variant": "cna-mine", "mutant": false, "level": "tlc", "check": "CNA_Mine_N3",
                    "spec": "CNA_Mine.tla", "config": "models/CNA_Mine_N3.cfg", "expected": "pass", "profile": "quick" },
                  { "family": "cna", "variant": "cna-mine", "mutant": false, "level": "jcstress", "check": "%s",
                    "property": "DeadlockFreedom", "expected": "pass", "profile": "quick" },
                  { "family": "cna", "variant": "cna-mine", "mutant": false, "level": "lincheck",
                    "check": "org.handoff.lincheck.cna.CnaCounterTest", "property": "MutualExclusion",
                    "expected": "pass", "profile": "quick" },
                  { "family": "cna", "variant": "cna-mine", "mutant": false, "level": "crosscheck", "check": "CNA_Mine_trace",
                    "spec": "CNASteps.tla", "init": "StepsInit", "map": "%s", "constants": "N = ${threads}", "runs": 10,
                    "threads": 3, "ops": 4, "property": "SpecConformance", "expected": "pass", "profile": "quick" }
                ] }
                """.formatted(port, litmus, map));
    }

    private static CliTest.Run run(String... args) {
        return CliTest.run(args);
    }

    /** The review stops with one error line (after no progress line: nothing ran) and writes no report. */
    private void assertStopsBeforeRunning(String... needles) {
        Path report = root.resolve("report");
        CliTest.Run r = run("review", "cna", "--variant", "cna-mine", "--report", report.toString());
        assertEquals(Main.BAD_INPUT, r.code(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().startsWith("handoff: "), r.err());
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), r.err());
        for (String n : needles) {
            assertTrue(r.err().contains(n), r.err());
        }
        assertEquals("", r.out());
        assertFalse(Files.exists(report), "a report directory was written");
    }

    @Test
    void aSpecThatDoesNotParse() throws IOException {
        Files.writeString(root.resolve("specs/cna/CNA_Mine.tla"), "---- MODULE CNA_Mine ----\nEXTENDS CNA\nFoo == (\n====\n");
        assertStopsBeforeRunning("CNA_Mine.tla:4:1", "parse error");
    }

    @Test
    void aSpecThatUsesAnUndefinedOperator() throws IOException {
        Files.writeString(root.resolve("specs/cna/CNA_Mine.tla"), "---- MODULE CNA_Mine ----\nEXTENDS CNA\nFoo == Bar + 1\n====\n");
        assertStopsBeforeRunning("CNA_Mine.tla:3:", "semantic error", "Bar");
    }

    @Test
    void aConfigThatAssignsAnUnknownConstant() throws IOException {
        Path cfg = root.resolve("specs/cna/models/CNA_Mine_N3.cfg");
        // After a substitution, where the constant check once stopped looking.
        Files.writeString(cfg, Files.readString(cfg).replace("VariantInit <- CnaInitState",
                "VariantInit <- CnaInitState\n          Thresold = 2"));
        assertStopsBeforeRunning("CNA_Mine_N3.cfg", "CONSTANT Thresold is not declared by CNA_Mine.tla");
    }

    @Test
    void aConfigThatNamesAnUndefinedInvariantOrSubstitution() throws IOException {
        Path cfg = root.resolve("specs/cna/models/CNA_Mine_N3.cfg");
        String good = Files.readString(cfg);
        Files.writeString(cfg, good.replace("INVARIANT CnaTypeOK", "INVARIANT CnaTypeOk"));
        assertStopsBeforeRunning("CNA_Mine_N3.cfg", "CnaTypeOk is not defined by CNA_Mine.tla");
        Files.writeString(cfg, good.replace("VariantInit <- CnaInitState", "VariantInit <- CnaInit"));
        assertStopsBeforeRunning("CNA_Mine_N3.cfg", "CnaInit is not defined");
    }

    @Test
    void aConfigWhoseConstantsBreakAnAssume() throws IOException {
        // A policy name CNA.tla does not know: TLC would stop on it in every model of the variant.
        Path cfg = root.resolve("specs/cna/models/CNA_Mine_N3.cfg");
        Files.writeString(cfg, Files.readString(cfg).replace("Variant = \"v1\"", "Variant = \"reset\""));
        // The line of the ASSUME's expression: the one after "ASSUME CnaAssumptions ==".
        List<String> spec = Files.readAllLines(root.resolve("specs/cna/CNA.tla"));
        int line = spec.indexOf("ASSUME CnaAssumptions ==") + 2;
        assertStopsBeforeRunning("CNA_Mine_N3.cfg: ASSUME Variant \\in {\"v1\", \"prob\", \"threshold\"}",
                "(CNA.tla:" + line + ") is false with Variant = \"reset\"");
    }

    /**
     * A variant module with an action of its own, checked with a copy of the baseline's config: its
     * specification is CNA's, so TLC would check CNA and never the variant's action. With its own
     * specification named, the model gets past that check (to the next one, a missing class).
     */
    @Test
    void aConfigWhoseBehaviourNeverReachesTheVariant() throws IOException {
        Files.writeString(root.resolve("specs/cna/CNA_Mine.tla"), "---- MODULE CNA_Mine ----\nEXTENDS CNA\n"
                + "MinePass(x) == PassLockNoSearch(x)\n"
                + "MineSpec == CnaSpec /\\ [][\\E x \\in Ctx : MinePass(x)]_vars\n====\n");
        assertStopsBeforeRunning("CNA_Mine_N3.cfg: its behaviour (CnaSpec, CnaInitState) uses no definition of CNA_Mine.tla",
                "not CNA_Mine's (CNA_Mine defines MinePass, MineSpec;");
        Path cfg = root.resolve("specs/cna/models/CNA_Mine_N3.cfg");
        Files.writeString(cfg, Files.readString(cfg).replace("SPECIFICATION CnaSpec", "SPECIFICATION MineSpec"));
        writeVariant("org.example.CnaMine", LITMUS, "CNAStepsTrace");
        assertStopsBeforeRunning("cna/cna-mine:", "port class org.example.CnaMine not found");
    }

    @Test
    void aMissingSpecOrConfig() throws IOException {
        Files.delete(root.resolve("specs/cna/models/CNA_Mine_N3.cfg"));
        assertStopsBeforeRunning("CNA_Mine_N3.cfg", "no such config file");
        Files.delete(root.resolve("specs/cna/CNA_Mine.tla"));
        assertStopsBeforeRunning("CNA_Mine.tla", "no such spec file");
    }

    @Test
    void aVariantWhoseJavaClassIsMissing() throws IOException {
        writeVariant("org.example.CnaMine", LITMUS, "CNAStepsTrace");
        assertStopsBeforeRunning("cna/cna-mine:", "port class org.example.CnaMine not found");
        writeVariant(MINE, "org.example.MineLitmus", "CNAStepsTrace");
        assertStopsBeforeRunning("jcstress:cna/cna-mine:org.example.MineLitmus", "not found on the classpath");
    }

    @Test
    void aVariantWhoseJavaClassGivesAnotherName() throws IOException {
        writeVariant("org.handoff.models.cna.CnaLock", LITMUS, "CNAStepsTrace");
        assertStopsBeforeRunning("cna/cna-mine:", "says its variant is 'cna-v1', not 'cna-mine'");
        writeVariant("org.handoff.models.cna.CnaThreshold", LITMUS, "CNAStepsTrace");
        assertStopsBeforeRunning("cna/cna-mine:", "says its variant is 'cna-threshold', not 'cna-mine'");
    }

    /** A jcstress test that builds the family's own lock would pass without running the variant. */
    @Test
    void aJcstressTestThatIgnoresTheVariantsPort() throws IOException {
        writeVariant(MINE, "org.handoff.litmus.mcs.HandoffToTailMutualExclusion", "CNAStepsTrace");
        assertStopsBeforeRunning("jcstress:cna/cna-mine:org.handoff.litmus.mcs.HandoffToTailMutualExclusion",
                "does not run cna-mine's port " + MINE);
    }

    /** An entry names its variant; a class in it is refused, so a variant's port is registered once. */
    @Test
    void anEntryThatNamesAClass() throws IOException {
        Path variant = root.resolve("specs/cna/cna-mine.json");
        Files.writeString(variant, Files.readString(variant).replace("\"check\": \"org.handoff.lincheck.cna.CnaCounterTest\",",
                "\"check\": \"org.handoff.lincheck.cna.CnaCounterTest\", \"lock\": \"" + MINE + "\","));
        assertStopsBeforeRunning("specs/cna/cna-mine.json", "'lock' names a Java class");
    }

    /**
     * A trace entry whose spec is the variant's own module but whose step is the family's default:
     * the traces would be held to the map's spec (CNASteps), never to the variant's change.
     */
    @Test
    void aTraceEntryWithoutItsStep() throws IOException {
        Files.writeString(root.resolve("specs/cna/CNASteps_Mine.tla"),
                "---- MODULE CNASteps_Mine ----\nEXTENDS CNASteps\nMineStep(x) == StepsStep(x)\n====\n");
        Path variant = root.resolve("specs/cna/cna-mine.json");
        Files.writeString(variant, Files.readString(variant).replace("\"spec\": \"CNASteps.tla\"", "\"spec\": \"CNASteps_Mine.tla\""));
        assertStopsBeforeRunning("crosscheck:cna/cna-mine:CNA_Mine_trace",
                "its step 'CnaStepsTraceStep(t, e)' names nothing CNASteps_Mine.tla defines", "held to CNASteps");
        // With the variant's step named, the entry gets past that check (to the next one, a missing class).
        writeVariant("org.example.CnaMine", LITMUS, "CNAStepsTrace");
        Files.writeString(variant, Files.readString(variant).replace("\"spec\": \"CNASteps.tla\"",
                "\"spec\": \"CNASteps_Mine.tla\", \"step\": \"CnaStepsTraceStepWith(t, e, MineStep)\""));
        assertStopsBeforeRunning("cna/cna-mine:", "port class org.example.CnaMine not found");
    }

    @Test
    void aMissingTraceMap() throws IOException {
        writeVariant(MINE, LITMUS, "CNAMineTrace");
        assertStopsBeforeRunning("CNAMineTrace.tla", "no such trace map");
    }

    @Test
    void aMalformedVariantFile() throws IOException {
        Files.writeString(root.resolve("specs/cna/cna-mine.json"), "{ \"checks\": [ { \"family\": \"cna\", ");
        assertStopsBeforeRunning("specs/cna/cna-mine.json", "malformed JSON");
        Files.writeString(root.resolve("specs/cna/cna-mine.json"),
                "{ \"checks\": [ { \"family\": \"cna\", \"variant\": \"cna-mine\", \"level\": \"tlc\" } ] }");
        assertStopsBeforeRunning("specs/cna/cna-mine.json", "missing");
    }

    @Test
    void checkStopsTheSameWay() throws IOException {
        Files.writeString(root.resolve("specs/cna/CNA_Mine.tla"), "---- MODULE CNA_Mine ----\nEXTENDS CNA\nFoo == (\n====\n");
        Path report = root.resolve("check-report");
        CliTest.Run r = run("check", "cna", "--check", "cna-mine", "--report", report.toString());
        assertEquals(Main.BAD_INPUT, r.code(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("CNA_Mine.tla:4:1: parse error"), r.err());
        assertFalse(Files.exists(report));
    }

    @Test
    void runningOutOfMemoryStopsTheRun() throws IOException {
        // A model whose one initial state holds 20 million integers: far beyond a 32 MB heap, and
        // out of memory within seconds (a model that grows slowly would thrash the collector first).
        Files.writeString(root.resolve("specs/cna/Huge.tla"), "---- MODULE Huge ----\nEXTENDS Naturals\nVARIABLE x\n"
                + "Init == x = [i \\in 1..20000000 |-> i]\nNext == UNCHANGED x\n====\n");
        Files.writeString(root.resolve("specs/cna/models/Huge.cfg"), "INIT Init\nNEXT Next\n");
        Files.writeString(root.resolve("specs/cna/cna-huge.json"), """
                { "checks": [ { "family": "cna", "variant": "cna-huge", "mutant": false, "level": "tlc", "check": "Huge",
                  "spec": "Huge.tla", "config": "models/Huge.cfg", "expected": "pass", "profile": "quick" } ] }
                """);
        Path report = root.resolve("report");
        CliTest.Run r = run("check", "cna", "--check", "cna-huge", "--heap", "32m", "--report", report.toString());
        assertEquals(Main.BAD_INPUT, r.code(), r.out() + r.err());
        String last = r.err().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("handoff: tlc:cna/cna-huge:Huge: Huge.cfg (Huge.tla): TLC ran out of memory")
                && last.contains("--heap"), r.err());
        assertFalse(Files.exists(report), "a report directory was written");
        assertFalse(r.err().contains("Exception"), r.err());
    }

    private void writeExtra(String json) throws IOException {
        Files.writeString(root.resolve("specs/cna/cna-mine-extra.json"), json);
    }

    private static String witness(String config, String invariant) {
        return """
                { "checks": [ { "family": "cna", "variant": "cna-mine", "mutant": false, "level": "tlc",
                  "check": "CNA_Mine_wX", "spec": "CNA_Mine.tla", "config": "%s", "witness": "%s",
                  "expected": "fail", "profile": "quick" } ] }
                """.formatted(config, invariant);
    }

    @Test
    void aWitnessWithoutAPassingTwin() throws IOException {
        writeExtra(witness("models/CNA_Mine_N4.cfg", "NeverX"));
        assertStopsBeforeRunning("witness tlc:cna/cna-mine:CNA_Mine_wX has no passing twin");
    }

    @Test
    void aWitnessWhoseInvariantTheSpecDoesNotDefine() throws IOException {
        writeExtra(witness("models/CNA_Mine_N3.cfg", "NeverNothing"));
        assertStopsBeforeRunning("manifest entry tlc:cna/cna-mine:CNA_Mine_wX (witness)", "NeverNothing is not defined by CNA_Mine.tla");
    }

    @Test
    void aCoverageRequestForAnActionTheSpecDoesNotDefine() throws IOException {
        writeExtra("""
                { "variantActions": [ { "family": "cna", "variant": "cna-mine", "actions": ["PassLockFindSuccessor", "NoSuchStep"] } ] }
                """);
        assertStopsBeforeRunning("manifest entry tlc:cna/cna-mine:CNA_Mine_N3 (variantActions/covers)",
                "NoSuchStep is not defined by CNA_Mine.tla");
    }

    @Test
    void aViolationSetNamingAnUnknownProperty() throws IOException {
        writeExtra("""
                { "checks": [ { "family": "cna", "variant": "cna-bug", "mutant": true, "level": "tlc", "check": "Bug",
                  "spec": "CNA_Mine.tla", "config": "models/CNA_Mine_N3.cfg", "expected": "fail",
                  "property": "MutualExclusion", "violates": ["MutualExclusion", "NoSuchProperty"], "profile": "quick" } ] }
                """);
        assertStopsBeforeRunning("specs/cna/cna-mine-extra.json: checks[0]: violates: unknown property 'NoSuchProperty'");
    }
}
