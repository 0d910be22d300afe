package org.handoff.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.Test;

/**
 * The review's diff on verdicts made up for it (no check runs): a bound the baseline proves and the
 * variant refutes is LOST with both sides' K, the baseline's tight model is evidence for its bound and
 * never a loss, a port that must fail against another spec is listed as teeth and kept out of the
 * properties, and the first line after the title is the conclusion.
 */
class ReviewDiffTest {
    private static final Path SPECS = ProjectRoot.find().resolve("specs");

    private static Check entry(String variant, String level, String check, String config, String expected, String property) {
        String extra = level.equals("tlc") ? "\"spec\": \"CNA.tla\", \"config\": \"" + config + "\", "
                : "\"spec\": \"CNASteps.tla\", \"map\": \"CNAStepsTrace\", \"runs\": 1, ";
        String json = "{ \"families\": [ { \"name\": \"cna\", \"spec\": \"CNA\", "
                + "\"description\": \"CNA\", \"variants\": [ \"cna-threshold\", \"cna-reset\", \"cna-mine\" ] } ], "
                + "\"ports\": { \"" + variant + "\": \"org.handoff.models.cna.CnaLock\" }, "
                + "\"checks\": [ { \"family\": \"cna\", \"variant\": \"" + variant + "\", \"mutant\": false, \"level\": \""
                + level + "\", \"check\": \"" + check + "\", " + extra + "\"expected\": \"" + expected + "\", \"property\": \""
                + property + "\", \"profile\": \"quick\" } ] }";
        return Manifest.parse(json, "test").checks().get(0);
    }

    private static Verdict passed(Check c) {
        return new Verdict(c, Outcome.PASS, null, 1000L, 1.0, null);
    }

    private static Verdict failed(Check c, String property) {
        return new Verdict(c, Outcome.FAIL, property, 100L, 1.0, null);
    }

    @Test
    void eachMemoryModelIsItsOwnRow() {
        // qspinlock's weak-memory models against relaxed-unlock's (configs from specs/qspinlock/models): the
        // loss under WMO is not blurred into "LOST in some models" by the passes under SC and TSO.
        List<Verdict> base = List.of(
                passed(entry("cna-threshold", "tlc", "QSpinlockWeak_N2_SC", "../qspinlock/models/QSpinlockWeak_N2_SC.cfg", "pass", "MutualExclusion")),
                passed(entry("cna-threshold", "tlc", "QSpinlockWeak_N2_TSO", "../qspinlock/models/QSpinlockWeak_N2_TSO.cfg", "pass", "MutualExclusion")),
                passed(entry("cna-threshold", "tlc", "QSpinlockWeak_N2_WMO_safety", "../qspinlock/models/QSpinlockWeak_N2_WMO_safety.cfg", "pass",
                        "MutualExclusion")));
        List<Verdict> variant = List.of(
                passed(entry("cna-reset", "tlc", "QSpinlockWeak_RelaxedUnlock_N2_SC", "../qspinlock/models/QSpinlockWeak_N2_SC.cfg", "pass",
                        "MutualExclusion")),
                passed(entry("cna-reset", "tlc", "QSpinlockWeak_RelaxedUnlock_N2_TSO", "../qspinlock/models/QSpinlockWeak_RelaxedUnlock_N2_TSO.cfg",
                        "pass", "MutualExclusion")),
                failed(entry("cna-reset", "tlc", "QSpinlockWeak_RelaxedUnlock_N2_WMO", "../qspinlock/models/QSpinlockWeak_RelaxedUnlock_N2_WMO.cfg",
                        "fail", "HandoffVisibility"), "HandoffVisibility"));
        List<ReviewDiff.Row> rows = ReviewDiff.rows(base, variant, SPECS);
        java.util.Map<String, ReviewDiff.Row> byKey = new java.util.HashMap<>();
        rows.forEach(r -> byKey.put(r.levelLabel() + " " + r.property(), r));
        assertEquals("LOST", byKey.get("tlc WMO HandoffVisibility").change(), rows.toString());
        assertEquals("same", byKey.get("tlc TSO HandoffVisibility").change(), rows.toString());
        assertEquals("same", byKey.get("tlc HandoffVisibility").change(), rows.toString());
        assertEquals("not checked in the variant", byKey.get("tlc WMO MutualExclusion").change(), rows.toString());
        assertEquals(List.of("tlc", "tlc TSO", "tlc WMO"), rows.stream().map(ReviewDiff.Row::levelLabel).distinct().toList());
        assertEquals("HandoffVisibility (tlc under WMO)", byKey.get("tlc WMO HandoffVisibility").summary());
        assertFalse(rows.stream().anyMatch(r -> r.change().contains("some models")), rows.toString());
    }

    @Test
    void aBoundLostIsPairedPerKAndTightModelsAndTeethAreKeptApart() {
        List<Verdict> base = List.of(
                passed(entry("cna-threshold", "tlc", "CNA_Threshold_N3_T1", "models/CNA_Threshold_N3_T1.cfg", "pass", "BoundedBypass")),
                failed(entry("cna-threshold", "tlc", "CNA_Threshold_N3_T1_tight", "models/CNA_Threshold_N3_T1_tight.cfg", "fail",
                        "BoundedBypass"), "BoundedBypass"),
                failed(entry("cna-threshold", "crosscheck", "Teeth_trace", null, "fail", "SpecConformance"), "SpecConformance"));
        List<Verdict> variant = List.of(
                failed(entry("cna-reset", "tlc", "CNA_Reset_N3_T1", "models/CNA_Threshold_N3_T1.cfg", "fail", "BoundedBypass"),
                        "BoundedBypass"),
                failed(entry("cna-reset", "tlc", "CNA_Reset_N3_T2", "models/CNA_Threshold_N3_T2.cfg", "fail", "BoundedBypass"),
                        "BoundedBypass"));
        List<ReviewDiff.Row> rows = ReviewDiff.rows(base, variant, SPECS);
        ReviewDiff.Row bound = rows.stream().filter(r -> r.property().equals("BoundedBypass")).findFirst().orElseThrow();
        assertEquals(Level.TLC, bound.level());
        assertEquals("K = 1, tight", bound.baseline());
        assertEquals("refuted at 1, 2", bound.variant());
        assertEquals("LOST (K = 1 proved → refuted at 1, 2)", bound.change());
        assertEquals("BoundedBypass (tlc, K = 1 proved → refuted at 1, 2)", bound.summary());
        assertEquals(1, rows.stream().filter(r -> r.property().equals("BoundedBypass")).count(), rows.toString());
        assertFalse(rows.stream().anyMatch(r -> r.property().equals("SpecConformance")), "teeth shown as a property: " + rows);
        assertFalse(rows.stream().anyMatch(r -> r.change().contains("mixed") || r.baseline().equals("mixed")), rows.toString());

        StringWriter out = new StringWriter();
        ReviewCommand.print(new PrintWriter(out, true), SPECS, "cna-threshold", base, "cna-reset", variant);
        String[] lines = out.toString().split("\n");
        assertEquals("Review of cna-reset against cna-threshold", lines[0]);
        assertEquals("Conclusion: cna-reset loses BoundedBypass (tlc, K = 1 proved → refuted at 1, 2); first shown by "
                + "CNA_Reset_N3_T1 K=1.", lines[1]);
        assertTrue(out.toString().contains("Lost:   BoundedBypass (tlc, K = 1 proved → refuted at 1, 2)"), out.toString());
        assertTrue(out.toString().contains("Teeth (") && out.toString().contains("Teeth_trace") , out.toString());
    }

    @Test
    void aTighterBoundIsGainedAndNothingLostSaysSo() {
        List<Verdict> base = List.of(
                passed(entry("cna-threshold", "tlc", "CNA_Threshold_N3_T2", "models/CNA_Threshold_N3_T2.cfg", "pass", "BoundedBypass")));
        List<Verdict> variant = List.of(
                passed(entry("cna-mine", "tlc", "CNA_Mine_N3_T1", "models/CNA_Threshold_N3_T1.cfg", "pass", "BoundedBypass")));
        ReviewDiff.Row bound = ReviewDiff.rows(base, variant, SPECS).stream()
                .filter(r -> r.property().equals("BoundedBypass")).findFirst().orElseThrow();
        assertEquals("GAINED (K = 2 → 1)", bound.change());
        StringWriter out = new StringWriter();
        ReviewCommand.print(new PrintWriter(out, true), SPECS, "cna-threshold", base, "cna-mine", variant);
        assertTrue(out.toString().split("\n")[1].startsWith("Conclusion: cna-mine loses no property that cna-threshold shows"
                + " in these checks; gains BoundedBypass (tlc, K = 2 → 1)"), out.toString());
    }

    /**
     * A Java check that passed without running the variant's own step is "vacuous", never "holds"
     * nor "error"; beside a check that decides the property, the decided one counts.
     */
    @Test
    void aVacuousCheckShowsNothingAndSaysSo() {
        Check lincheck = entry("cna-threshold", "lincheck", "org.handoff.lincheck.cna.CnaCounterTest", null, "pass",
                "MutualExclusion");
        Verdict vacuous = new Verdict(lincheck, Outcome.VACUOUS, null, null, 1.0, "cna_pass_lock:no-search never ran");
        Check mine = entry("cna-mine", "lincheck", "org.handoff.lincheck.cna.CnaCounterTest", null, "pass", "MutualExclusion");
        ReviewDiff.Row row = ReviewDiff.rows(List.of(passed(lincheck)), List.of(new Verdict(mine, Outcome.VACUOUS, null, null,
                1.0, "never ran")), SPECS).stream().filter(r -> r.property().equals("MutualExclusion")).findFirst().orElseThrow();
        assertEquals("vacuous", row.variant());
        assertEquals("differs", row.change());
        assertEquals(ReviewDiff.Shown.HOLDS, ReviewDiff.combine(ReviewDiff.Shown.VACUOUS, ReviewDiff.Shown.HOLDS));
        assertEquals(ReviewDiff.Shown.VACUOUS, ReviewDiff.shown(vacuous, SPECS).get("MutualExclusion"));
    }
}
