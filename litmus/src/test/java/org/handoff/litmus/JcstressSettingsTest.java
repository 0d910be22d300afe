package org.handoff.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.Test;

/** How long a jcstress entry runs: by its own profile, so every command runs it as the build does. */
class JcstressSettingsTest {
    private static Check entry(String profile, Map<String, Object> params) {
        return entry(Outcome.FAIL, profile, params);
    }

    private static Check entry(Outcome expected, String profile, Map<String, Object> params) {
        return new Check("litmus", "v", expected == Outcome.FAIL, Level.JCSTRESS, "org.example.T", "MutualExclusion", expected,
                null, profile, params);
    }

    @Test
    void aFullEntryRunsItsFullTimeWhicheverCommandRunsIt() {
        // The build's profile is quick here (no -Dhandoff.profile): as 'handoff check' and 'rates' run.
        assertEquals(String.valueOf(JcstressRunner.FULL_TIME_MS), JcstressRunner.Settings.of(entry("full", Map.of()), "quick").time());
        assertEquals(String.valueOf(JcstressRunner.DEFAULT_TIME_MS), JcstressRunner.Settings.of(entry("quick", Map.of()), "quick").time());
        // In a full run (mvn -Pfull, --profile full) a quick entry runs as long as a full one.
        assertEquals(String.valueOf(JcstressRunner.FULL_TIME_MS), JcstressRunner.Settings.of(entry("quick", Map.of()), "full").time());
    }

    @Test
    void anEntrysOwnTimeWins() {
        assertEquals("3000", JcstressRunner.Settings.of(entry("full", Map.of("time", 3000)), "quick").time());
    }

    private static Verdict pooled(Check c, Outcome actual) {
        return new Verdict(c, actual, actual == Outcome.FAIL ? "MutualExclusion" : null, null, 1.0, "", List.of(), Map.of());
    }

    @Test
    void aStatisticalEntryRunsAgainOnlyWhileUncaughtAndWithinItsAttempts() {
        Check statistical = entry("full", Map.of("attempts", 3, "minSamples", 1));
        JcstressRunner.Settings s = JcstressRunner.Settings.of(statistical, "quick");
        assertNotNull(s.runAgain(statistical, 1, 500, pooled(statistical, Outcome.PASS)));
        assertNotNull(s.runAgain(statistical, 2, 500, pooled(statistical, Outcome.PASS)));
        assertNull(s.runAgain(statistical, 3, 500, pooled(statistical, Outcome.PASS)), "at most 3 runs");
        assertNull(s.runAgain(statistical, 1, 500, pooled(statistical, Outcome.FAIL)), "caught: final");
        Verdict other = new Verdict(statistical, Outcome.FAIL, "DeadlockFreedom", null, 1.0, "", List.of(), Map.of());
        assertNotNull(s.runAgain(statistical, 1, 500, other), "caught as another property only: not yet");
        assertNull(s.runAgain(statistical, 3, 500, other), "at most 3 runs, then the mismatch stands");

        Check plain = entry("full", Map.of("minSamples", 1));
        assertNull(JcstressRunner.Settings.of(plain, "quick").runAgain(plain, 1, 500, pooled(plain, Outcome.PASS)),
                "without attempts a miss is final");
        Check correct = entry(Outcome.PASS, "full", Map.of("attempts", 3, "minSamples", 1));
        assertNull(JcstressRunner.Settings.of(correct, "quick").runAgain(correct, 1, 500, pooled(correct, Outcome.PASS)),
                "an entry expected to pass never runs again to be caught");
    }

    @Test
    void tooFewSamplesStillRunAgainUpToMaxRuns() {
        Check c = entry("quick", Map.of("minSamples", 1000, "maxRuns", 2));
        JcstressRunner.Settings s = JcstressRunner.Settings.of(c, "quick");
        assertNotNull(s.runAgain(c, 1, 10, pooled(c, Outcome.FAIL)));
        assertNull(s.runAgain(c, 2, 10, pooled(c, Outcome.FAIL)));
    }
}
