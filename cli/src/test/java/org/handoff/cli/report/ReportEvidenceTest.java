package org.handoff.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.handoff.core.Verdict;
import org.handoff.specs.Tlc;
import org.handoff.specs.TlcRunner;
import org.junit.jupiter.api.Test;

/** A verdict carries the run behind it, and the report draws its TLC pictures from those runs alone. */
class ReportEvidenceTest {
    private static Check model(String name, Level level) {
        return new Check("mcs", "mcs", false, level, name, null, Outcome.PASS, null, "quick",
                Map.of("spec", "MCS.tla", "config", "models/" + name + ".cfg"));
    }

    private static Tlc.Result result(Outcome outcome, String message) {
        return new Tlc.Result(outcome, null, 96L, 169L, 18L, 1.0, 1, message, null, null, null, java.util.Map.of());
    }

    @Test
    void aTlcRunIsTheEvidenceOfItsVerdict() {
        Check c = model("MCS_N2", Level.TLC);
        Tlc.Result r = result(Outcome.PASS, null);
        Verdict v = TlcRunner.withRun(new Verdict(c, Outcome.PASS, null, 96L, 1.0, null), r);
        assertSame(r, v.evidence());
        assertNull(v.evidence().stopsTheRun());
        assertNull(TlcRunner.withRun(new Verdict(c, Outcome.ERROR, null, null, 0, "no TLC"), null).evidence());
    }

    @Test
    void theReportTakesTheTlcRunsTheVerdictsCarryAndNothingElse() {
        Check tlc = model("MCS_N2", Level.TLC);
        Check java = model("McsCounterTest", Level.LINCHECK);
        Tlc.Result r = result(Outcome.PASS, null);
        List<Verdict> vs = List.of(new Verdict(java, Outcome.PASS, null, null, 2.0, null),
                new Verdict(tlc, Outcome.PASS, null, 96L, 1.0, null).withEvidence(r));
        assertEquals(Map.of(tlc, r), Report.tlcRuns(vs));
    }

    @Test
    void aModelThatDidNotFitSaysTheRunMustStop() {
        String message = "TLC ran out of memory (java.lang.OutOfMemoryError: Java heap space)";
        Tlc.Result r = result(Outcome.ERROR, message);
        assertEquals(message, r.stopsTheRun(), "the message is one TLC's output reader takes for running out of memory");
    }
}
