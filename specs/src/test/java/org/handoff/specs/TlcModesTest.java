package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.handoff.core.HandoffException;
import org.handoff.core.Outcome;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TLC's other two modes, run for real: distributed (a server and two workers on loopback) must
 * find exactly the states the single-process check finds, and must refuse liveness; random
 * simulation must find a mutant's violation from a fixed seed and report a correct spec as a pass
 * that says it is not exhaustive.
 */
@Tag("integration")
class TlcModesTest {
    @TempDir
    Path work;

    private final Path specs = TlcFixture.SPECS;

    private Tlc.Result run(Path spec, Path cfg, Tlc.Mode mode, String tag) {
        return TlcFixture.run(spec, cfg, 2, work.resolve(tag), 600, mode);
    }

    @Test
    void distributedFindsTheSameStatesAsOneProcess() throws Exception {
        Path cfg = TlcFixture.resource("models/MCS_N3_safety.cfg");
        Tlc.Result local = run(specs.resolve("mcs/MCS.tla"), cfg, new Tlc.Exhaustive(), "local");
        Tlc.Result dist = run(specs.resolve("mcs/MCS.tla"), cfg, new Tlc.Distributed(2, 0, 120), "dist");
        assertEquals(Outcome.PASS, local.outcome(), local.message());
        assertEquals(Outcome.PASS, dist.outcome(), dist.message());
        assertNotNull(dist.distinctStates());
        assertEquals(local.distinctStates(), dist.distinctStates());
    }

    @Test
    void distributedFindsAMutantsViolation() {
        Tlc.Result r = run(specs.resolve("mlock/mutants/MLock_NonAtomicSwap.tla"), specs.resolve("mlock/models/MLock_NonAtomicSwap_N2_mutex.cfg"),
                new Tlc.Distributed(2, 0, 120), "dist-mutant");
        assertEquals(Outcome.FAIL, r.outcome(), r.message());
        assertEquals("MutualExclusion", r.violated());
        assertNotNull(r.counterexample());
    }

    @Test
    void distributedRefusesLiveness() {
        HandoffException e = assertThrows(HandoffException.class, () -> run(specs.resolve("mcs/MCS.tla"),
                specs.resolve("mcs/models/MCS_N3.cfg"), new Tlc.Distributed(2, 0, 120), "dist-live"));
        assertTrue(e.getMessage().contains("ignores temporal properties"), e.getMessage());
    }

    @Test
    void simulationFindsAMutantFromAFixedSeedAndNamesItsSteps() {
        Tlc.Result r = run(specs.resolve("mcs/mutants/MCS_NonAtomicTail.tla"), specs.resolve("mcs/models/MCS_NonAtomicTail_N3.cfg"),
                new Tlc.Simulate(60, 7, 5000), "sim-mutant");
        assertEquals(Outcome.FAIL, r.outcome(), r.message());
        assertEquals("MutualExclusion", r.violated());
        // Simulation names anonymous steps only by position; the runner reads the action from the source.
        assertTrue(r.counterexample().contains(" InitLocked [mcs_spin_lock]"), r.counterexample());
        assertTrue(!r.counterexample().contains(" Action "), r.counterexample());
    }

    @Test
    void simulationPassIsMarkedNotExhaustive() {
        Tlc.Result r = run(specs.resolve("mcs/MCS.tla"), specs.resolve("mcs/models/MCS_N3.cfg"), new Tlc.Simulate(40, 1, 200), "sim-pass");
        assertEquals(Outcome.PASS, r.outcome(), r.message());
        assertTrue(r.message().contains("not exhaustive"), r.message());
        assertTrue(r.generatedStates() != null && r.generatedStates() > 0);
    }

    @Test
    void impossibleSimulationParametersAreRefused() {
        assertThrows(HandoffException.class, () -> run(specs.resolve("mcs/MCS.tla"), specs.resolve("mcs/models/MCS_N3.cfg"),
                new Tlc.Simulate(0, 1, 10), "sim-bad"));
    }
}
