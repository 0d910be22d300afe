package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Manifest;
import org.handoff.core.Outcome;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A witness decided in its twin's run ({@link TlcRunner#runShared}) gives the verdict its own run
 * gives: reached is a failure on its invariant; a behaviour the model never reaches (seeded here:
 * a "witness" that is an invariant the correct lock keeps) is a pass, which the manifest's
 * expectation then reports as a mismatch.
 */
class TlcSharedWitnessTest {
    @TempDir
    Path work;

    @Test
    void aSharedRunDecidesEachWitnessAsItsOwnRunWould() {
        Path root = ProjectRoot.find();
        List<Check> ticket = Manifest.load(root).select(List.of("ticket"), Level.TLC, "quick");
        Check twin = ticket.stream().filter(c -> c.check().equals("TicketTrylock_N2_W1")).findFirst().orElseThrow();
        List<Check> witnesses = TlcRunner.witnessesByTwin(ticket).get(twin);
        assertEquals(2, witnesses.size(), "TicketTrylock_N2_W1's witnesses: " + witnesses);
        Check seeded = new Check(twin.family(), twin.variant(), false, Level.TLC, "TicketTrylock_N2_W1_wSeeded", null,
                Outcome.FAIL, null, "quick", Map.of("spec", twin.param("spec"), "config", twin.param("config"),
                        "witness", "MutualExclusion", "twin", twin.check()));
        List<Check> all = new java.util.ArrayList<>(witnesses);
        all.add(seeded);
        Map<Check, Verdict> runs = new TlcRunner(1).runShared(twin, all, new RunContext(root, work, null));
        Verdict model = runs.get(twin);
        assertNull(model.mismatch(), model.detail());
        for (Check w : witnesses) {
            Verdict v = runs.get(w);
            assertNull(v.mismatch(), v.detail());
            assertEquals(w.witness(), v.violated());
            assertTrue(v.detail().contains("one TLC run with TicketTrylock_N2_W1"), v.detail());
        }
        Verdict never = runs.get(seeded);
        assertEquals(Outcome.PASS, never.actual(), never.detail());
        assertTrue(never.mismatch() != null && never.detail().contains("never reached"), never.detail());
    }
}
