package org.handoff.lincheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.Manifest;
import org.handoff.core.ProjectRoot;
import org.handoff.core.RunContext;
import org.handoff.models.HandoffPort;
import org.handoff.models.HookCounter;
import org.junit.jupiter.api.Test;

/**
 * Every port step the manifest requires of a Lincheck or trace-validation check
 * ({@code variantHooks}, an entry's {@code hooks}) is one a port counts: a misspelt name would make every run of the variant look
 * vacuous, or, worse, look like a step that never runs.
 */
class HookNamesTest {
    @Test
    void everyRequiredHookIsCountedByAPort() {
        Manifest m = Manifest.load(ProjectRoot.find());
        for (Check c : m.select(List.of(), org.handoff.core.Level.LINCHECK, "full")) {
            LockCounterHarness.newPort(c.port(), c.family(), HandoffPort.class);
        }
        Set<String> counted = HookCounter.snapshot().keySet();
        Set<String> required = new TreeSet<>();
        for (Check c : m.select(List.of(), null, "full")) {
            if (c.level() != org.handoff.core.Level.JCSTRESS) { // a jcstress test may count its own stage's hooks: see litmus's JcstressHookNamesTest
                required.addAll(c.hooks());
            }
        }
        assertFalse(required.isEmpty(), "the manifest requires no hook of any check");
        for (String h : required) {
            assertTrue(counted.contains(h), "the manifest requires hook " + h + ", which no port counts (counted: " + counted + ")");
        }
    }

    @Test
    void aMisspeltHookIsOneLineBeforeAnythingRuns() {
        Check cna = Manifest.load(ProjectRoot.find()).select(List.of("cna"), org.handoff.core.Level.LINCHECK, "quick").get(0)
                .withParam("hooks", List.of("cna_pass_lok"));
        HandoffException e = assertThrows(HandoffException.class, () -> new LincheckRunner().preflight(List.of(cna),
                new RunContext(ProjectRoot.find(), java.nio.file.Path.of("target"), null)));
        assertTrue(e.getMessage().contains("hook 'cna_pass_lok' is counted by no port"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
    }
}
