package org.handoff.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.junit.jupiter.api.Test;

/** How long a jcstress entry runs: by its own profile, so every command runs it as the build does. */
class JcstressSettingsTest {
    private static Check entry(String profile, Map<String, Object> params) {
        return new Check("litmus", "v", true, Level.JCSTRESS, "org.example.T", "MutualExclusion", Outcome.FAIL, null,
                profile, params);
    }

    @Test
    void aFullEntryRunsItsFullTimeWhicheverCommandRunsIt() {
        // The build's profile is quick here (no -Dhandoff.profile): as 'handoff check' and 'rates' run.
        assertEquals(String.valueOf(JcstressRunner.FULL_TIME_MS), JcstressRunner.Settings.of(entry("full", Map.of())).time());
        assertEquals(String.valueOf(JcstressRunner.DEFAULT_TIME_MS), JcstressRunner.Settings.of(entry("quick", Map.of())).time());
    }

    @Test
    void anEntrysOwnTimeWins() {
        assertEquals("3000", JcstressRunner.Settings.of(entry("full", Map.of("time", 3000))).time());
    }
}
