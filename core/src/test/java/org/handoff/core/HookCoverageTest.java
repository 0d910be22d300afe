package org.handoff.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** variantHooks in the manifest, and the rule that a Java run which never ran its variant's step is vacuous. */
class HookCoverageTest {
    private static final String FAMILY = "\"families\": [{\"name\": \"cna\", \"variants\": [\"cna-v1\"]}]";

    private static String java(String level, String variant, boolean mutant, String expected, String extra) {
        return "{\"family\": \"cna\", \"variant\": \"" + variant + "\", \"mutant\": " + mutant + ", \"level\": \"" + level
                + "\", \"check\": \"org.x.T" + level + variant + "\", \"expected\": \"" + expected + "\""
                + ("fail".equals(expected) ? ", \"property\": \"MutualExclusion\"" : "") + extra + "}";
    }

    private static Manifest parse(String checks, String hooks) {
        return Manifest.parse("{" + FAMILY + ", \"ports\": {\"cna-v1\": \"org.x.P\"}, \"checks\": [" + checks + "], \"variantHooks\": "
                + hooks + "}", "test.json");
    }

    private static final String V1 = "[{\"family\": \"cna\", \"variant\": \"cna-v1\", \"hooks\": [\"cna_pass_lock\"]}]";

    @Test
    void passingJavaEntriesOfTheVariantRequireItsHooks() {
        Manifest m = parse(String.join(",", java("jcstress", "cna-v1", false, "pass", ""),
                java("lincheck", "cna-v1", false, "pass", ", \"hooks\": [\"find_successor:move\"]"),
                java("jcstress", "bug", true, "fail", ""),
                java("lincheck", "cna-v1", false, "pass", ", \"noHooks\": \"two actors on one node: nothing to hand off\"")
                        .replace("Tlincheckcna-v1", "Other")), V1);
        assertEquals(List.of("cna_pass_lock"), m.checks().get(0).hooks());
        assertEquals(List.of("cna_pass_lock", "find_successor:move"), m.checks().get(1).hooks());
        assertEquals(List.of(), m.checks().get(2).hooks(), "a mutant is expected to fail; no hook is required of it");
        assertEquals(List.of(), m.checks().get(3).hooks(), "noHooks exempts an entry, with its reason");
    }

    @Test
    void variantHooksNamingAnUnknownVariantIsOneLine() {
        HandoffException e = assertThrows(HandoffException.class, () -> parse(java("jcstress", "cna-v1", false, "pass", ""),
                V1.replace("\"cna-v1\"", "\"cna-nope\"")));
        assertTrue(e.getMessage().contains("variantHooks names cna/cna-nope, which has no check"), e.getMessage());
        assertEquals(1, e.getMessage().lines().count());
        assertThrows(HandoffException.class, () -> parse(java("jcstress", "cna-v1", false, "pass", ""),
                V1.replace("[\"cna_pass_lock\"]", "[]")));
    }

    @Test
    void aRecordedGapIsExpectedVacuousWithItsReason() {
        Check gap = parse(java("lincheck", "cna-v1", false, "vacuous", ", \"reason\": \"never moves a waiter\""), V1).checks().get(0);
        assertEquals(List.of("cna_pass_lock"), gap.hooks());
        Verdict stillVacuous = HookCoverage.apply(new Verdict(gap, Outcome.PASS, null, null, 1.0, "ok"), Map.of(), "the run");
        assertEquals(Outcome.VACUOUS, stillVacuous.actual());
        assertNull(stillVacuous.mismatch(), "the gap is recorded");
        Verdict closed = HookCoverage.apply(new Verdict(gap, Outcome.PASS, null, null, 1.0, "ok"), Map.of("cna_pass_lock", 1L), "the run");
        assertEquals("expected vacuous but got pass", closed.mismatch(), "a closed gap must be noticed and recorded");
        HandoffException noReason = assertThrows(HandoffException.class,
                () -> parse(java("lincheck", "cna-v1", false, "vacuous", ""), V1));
        assertTrue(noReason.getMessage().contains("expected to be vacuous"), noReason.getMessage());
    }

    @Test
    void countsParseFromMapTextAndFromLines() {
        assertEquals(Map.of("cna_pass_lock", 3L, "find_successor:move", 0L),
                HookCoverage.parse("{cna_pass_lock=3, find_successor:move=0}"));
        assertEquals(Map.of("a", 3L, "b", 1L), HookCoverage.parse("a=1\nb=1\na=2\nnot a count\n"));
    }

    @Test
    void aPassThatNeverRanARequiredHookIsVacuous() {
        Check c = parse(java("jcstress", "cna-v1", false, "pass", ""), V1).checks().get(0);
        Verdict pass = new Verdict(c, Outcome.PASS, null, null, 1.0, "all acceptable");
        Verdict none = HookCoverage.apply(pass, Map.of("cna_pass_lock", 0L), "the run");
        assertEquals(Outcome.VACUOUS, none.actual());
        assertTrue(none.mismatch().contains("the port's step cna_pass_lock never ran in the run"), none.mismatch());
        assertEquals(Outcome.VACUOUS, HookCoverage.apply(pass, Map.of(), "the run").actual(), "no count at all is no run of it");
        Verdict ran = HookCoverage.apply(pass, Map.of("cna_pass_lock", 7L), "the run");
        assertNull(ran.mismatch());
        assertEquals(Map.of("cna_pass_lock", 7L), ran.coverage());
        Verdict fail = new Verdict(c, Outcome.FAIL, "MutualExclusion", null, 1.0, "lost update");
        assertEquals(Outcome.FAIL, HookCoverage.apply(fail, Map.of(), "the run").actual(), "a failure stays a failure");
    }
}
