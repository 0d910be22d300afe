package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A passing model that never runs its variant's own step is vacuous, not a pass: shown on two seeded
 * mistakes, a variant config copied with the baseline's specification and one copied with the
 * baseline's policy constant; and the coverage report TLC prints is read as the runner needs it.
 */
@Tag("integration")
class TlcVacuityTest {
    @TempDir
    Path work;

    private static Check check(String family, String variant, String spec, Path config, List<String> covers) {
        return new Check(family, variant, false, Level.TLC, config.getFileName().toString().replace(".cfg", ""), null,
                Outcome.PASS, null, "quick", Map.of("spec", spec, "config", config.toString(), "covers", covers));
    }

    private Path seeded(String model, String from, String to) throws IOException {
        Path root = ProjectRoot.find();
        String text = Files.readString(root.resolve("specs/cna/models/" + model + ".cfg"));
        assertTrue(text.contains(from), model + " no longer says " + from);
        Path cfg = work.resolve(model + "_Seeded.cfg");
        Files.writeString(cfg, text.replace(from, to));
        return cfg;
    }

    @Test
    void aVariantConfigThatChecksTheBaselineSpecificationIsVacuous() throws IOException {
        // cna-threshold's safety model with SPECIFICATION of the qspinlock it extends: CNA's steps are
        // not in that specification, and the run, no longer queueing a third CPU, still passes.
        Path cfg = seeded("CNA_Threshold_N3_T2", "SPECIFICATION CnaSpec", "SPECIFICATION Spec");
        Check c = check("cna", "cna-threshold", "CNA.tla", cfg,
                List.of("XchgTailCna", "TryClearTailWith", "PassLockFindSuccessor", "PassLockNoSearch"));
        Verdict v = new TlcRunner(1).run(c, new RunContext(ProjectRoot.find(), work, null));
        assertEquals(Outcome.VACUOUS, v.actual(), v.detail());
        assertTrue(v.detail().startsWith("action XchgTailCna is not part of the checked specification"), v.detail());
        assertTrue(v.mismatch().startsWith("vacuous: "), v.mismatch());
    }

    @Test
    void anExpectedFailureThatPassesRunsAgainWithCoverage() {
        // (A failure's coverage is its counterexample's steps: CliTest.checkJsonHasTheContractFields.)
        Path root = ProjectRoot.find();
        // The correct lock's model entered as if expected to fail: it passes, which is a mismatch, and
        // the verdict then carries the search's coverage, so one can see what the model ran.
        Check wrong = new Check("mcs", "mcs", false, Level.TLC, "MCS_N2", "MutualExclusion", Outcome.FAIL, null, "quick",
                Map.of("spec", "MCS.tla", "config", "models/MCS_N2.cfg"));
        Verdict passed = new TlcRunner(1).run(wrong, new RunContext(root, work.resolve("wrong"), null));
        assertEquals(Outcome.PASS, passed.actual(), passed.detail());
        assertEquals("search", passed.coverageFrom());
        // TLC's coverage counts the initial predicate's states too; a counterexample's steps never do.
        assertTrue(passed.coverage().getOrDefault("Init", 0L) > 0, passed.coverage().toString());
    }

    @Test
    void aThresholdModelRunWithTheBaselinePolicyIsVacuous() throws IOException {
        // cna-threshold's model with the v1 policy: the threshold's hand-off without a search never fires.
        Path cfg = seeded("CNA_Threshold_N3_T2", "Variant = \"threshold\"", "Variant = \"v1\"");
        // v1 bounds no bypass: the seeded model checks every invariant but the bound.
        Files.writeString(cfg, Files.readString(cfg).replace(" BoundedBypass", ""));
        Check c = check("cna", "cna-threshold", "CNA.tla", cfg,
                List.of("XchgTailCna", "TryClearTailWith", "PassLockFindSuccessor", "PassLockNoSearch"));
        // The manifest test's runner, which keeps coverage only for entries that name actions to cover.
        Verdict v = new TlcRunner(1, false).run(c, new RunContext(ProjectRoot.find(), work, null));
        assertEquals(Outcome.VACUOUS, v.actual(), v.detail());
        assertEquals("action PassLockNoSearch never fired: the model never reaches the variant's own step", v.detail());
        assertEquals(0L, v.coverage().get("PassLockNoSearch"));
        assertTrue(v.coverage().get("PassLockFindSuccessor") > 0);
    }

    @Test
    void theManifestRunnerKeepsCoverageOnlyWhereActionsMustFire() {
        Check named = check("cna", "cna-threshold", "CNA.tla", Path.of("models/CNA_Threshold_N3_T2.cfg"),
                List.of("PassLockNoSearch"));
        Check none = check("cna", "cna-threshold", "CNA.tla", Path.of("models/CNA_Threshold_N3_T2.cfg"), List.of());
        assertTrue(new TlcRunner(1, false).keepsCoverage(named));
        assertFalse(new TlcRunner(1, false).keepsCoverage(none));
        assertTrue(new TlcRunner(1).keepsCoverage(none), "the CLI's runner shows every pass's coverage");
    }

    @Test
    void readsTheLastCoverageReport() {
        // TLC's -tool messages: a report starts (2201), lists Init (2773) and each action (2772) with
        // its states found:generated, their expressions (2221) and the invariants (2774), and ends (2202).
        String out = String.join("",
                TlcOutputTest.msg(2201, 0, "The coverage statistics at 2026-12-01 12:00:00"),
                TlcOutputTest.msg(2773, 0, "<Init line 1, col 1 to line 1, col 4 of module M>: 1:1"),
                TlcOutputTest.msg(2772, 0, "<Step line 5, col 1 to line 5, col 4 of module M>: 3:7"),
                TlcOutputTest.msg(2202, 0, "End of statistics."),
                TlcOutputTest.msg(2201, 0, "The coverage statistics at 2026-12-01 12:01:00"),
                TlcOutputTest.msg(2773, 0, "<Init line 1, col 1 to line 1, col 4 of module M>: 1:1"),
                TlcOutputTest.msg(2772, 0, "<Step line 5, col 1 to line 5, col 4 of module M (9 3 9 20)>: 5:9"),
                TlcOutputTest.msg(2221, 0, "  line 6, col 4 to line 6, col 20 of module M: 9"),
                TlcOutputTest.msg(2772, 0, "<Step line 5, col 1 to line 5, col 4 of module M (10 3 10 20)>: 0:2"),
                TlcOutputTest.msg(2772, 0, "<Never line 7, col 1 to line 7, col 5 of module M>: 0:0"),
                TlcOutputTest.msg(2774, 0, "<TypeOK line 8, col 1 to line 8, col 6 of module M>"),
                TlcOutputTest.msg(2202, 0, "End of statistics."));
        // The same lines outside TLC's frames are not a report.
        assertEquals(Map.of(), TlcOutput.coverage("The coverage statistics at 2026-12-01 12:00:00\n"
                + "<Init line 1, col 1 to line 1, col 4 of module M>: 1:1\nEnd of statistics.\n"));
        assertEquals(Map.of("Init", 1L, "Step", 11L, "Never", 0L), TlcOutput.coverage(out));
        // A run's parsed output carries the same report, so its result need not read its log again.
        assertEquals(TlcOutput.coverage(out), TlcOutput.parse(out + TlcOutputTest.msg(2193, 0, "Model checking completed."), 0).coverage());
        assertEquals(Map.of(), TlcOutput.coverage("no coverage here"));
        assertNull(TlcRunner.unreached(List.of("Step"), TlcOutput.coverage(out)));
        assertTrue(TlcRunner.unreached(List.of("Never"), TlcOutput.coverage(out)).contains("never fired"));
        assertTrue(TlcRunner.unreached(List.of("Other"), TlcOutput.coverage(out)).contains("not part of the checked specification"));
    }
}
