package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.handoff.core.RunContext;
import org.junit.jupiter.api.Test;

/**
 * The heap of a TLC run is a setting of the run's context (the CLI's --heap), not of the JVM: two
 * contexts in one JVM give their runs their own heaps, and a context without one gives the default.
 */
class TlcHeapTest {
    private static final Check MODEL = new Check("mcs", "mcs", false, Level.TLC, "MCS_N2", "MutualExclusion", Outcome.PASS,
            null, "quick", Map.of("spec", "MCS.tla", "config", "models/MCS_N2.cfg"));

    @Test
    void eachContextGivesItsRunsItsOwnHeap() {
        Path root = Path.of("/project");
        Path dir = Path.of("/tmp/run");
        assertEquals("64m", TlcRunner.request(MODEL, new RunContext(root, dir, null, "64m"), dir, 1).heap());
        assertEquals("8g", TlcRunner.request(MODEL, new RunContext(root, dir, null, "8g"), dir, 1).heap());
        assertEquals(Tlc.defaultHeap(), TlcRunner.request(MODEL, new RunContext(root, dir, null), dir, 1).heap());
        RunContext derived = new RunContext(root, dir, null, "64m").inDir(Path.of("/tmp/other")).withLog(System.out);
        assertEquals("64m", derived.tlcHeap(), "a context derived for one run keeps the invocation's heap");
    }
}
