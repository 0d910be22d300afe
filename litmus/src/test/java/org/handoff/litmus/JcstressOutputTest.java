package org.handoff.litmus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Jdk;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.handoff.core.Property;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.Test;

/**
 * The output parser and the verdict rules, on console output captured from jcstress 0.16 runs on
 * this project's tests (src/test/resources/jcstress). The time-out, error, stale and no-match
 * captures come from throwaway tests written only to produce them (a mutant with unbounded spins,
 * an actor that throws, a hand-off that never happens, a test with three actors on two CPUs).
 */
class JcstressOutputTest {

    private static final String MCS = "org.handoff.litmus.mcs.";

    private static String capture(String name) throws IOException {
        try (InputStream in = JcstressOutputTest.class.getResourceAsStream("/jcstress/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Check check(String test, Outcome expected, String property) {
        return new Check("mcs", "test", false, Level.JCSTRESS, test, property, expected, null, "quick", Map.of());
    }

    @Test
    void forbiddenOutcomesFailWithTheFirstViolatedPropertyInCatalogueOrder() throws IOException {
        String test = MCS + "NonAtomicTailMutualExclusion";
        JcstressOutput out = JcstressOutput.parse(capture("forbidden.txt"), test);
        assertEquals(2, out.planned());
        assertEquals(2, out.forks().size());
        assertEquals(List.of("FAILED", "FAILED"), out.forks().stream().map(JcstressOutput.Fork::status).toList());
        assertEquals(339590, out.samples());
        assertEquals(66917, out.observed().get("7, 7, 2").samples());

        Verdict v = JcstressVerdicts.verdict(check(test, Outcome.FAIL, "MutualExclusion"), capture("forbidden.txt"), 1, 8.0);
        assertEquals(Outcome.FAIL, v.actual());
        assertEquals("MutualExclusion", v.violated(), "MutualExclusion comes before DeadlockFreedom in the catalogue");
        assertEquals("MutualExclusion: 70941 sample(s) in 8 forbidden state(s), most often 7, 7, 2 x66917"
                + " (MutualExclusion: an increment was lost: two threads were ...); "
                + "DeadlockFreedom: 97180 sample(s) in 3 forbidden state(s), most often 8, 8, 1 x78376"
                + " (DeadlockFreedom: a thread was stranded: one of its waits ...); "
                + "of 339590 samples in 2 fork(s)", v.detail());
        assertNull(v.mismatch());
    }

    @Test
    void anInterestingOutcomeThatNamesAPropertyIsAViolationOfIt() throws IOException {
        // A capture of the litmus family's tests: the JMM allows these outcomes (jcstress says
        // Interesting and exits normally for them), but each breaks the lock property it names.
        String lit = "org.handoff.litmus.litmus.";
        Verdict mutex = JcstressVerdicts.verdict(check(lit + "CrossedMutualExclusion.Unfenced", Outcome.FAIL, "MutualExclusion"),
                capture("interesting.txt"), 1, 8.0);
        assertEquals(Outcome.FAIL, mutex.actual(), mutex.detail());
        assertEquals("MutualExclusion", mutex.violated());
        Verdict spin = JcstressVerdicts.verdict(check(lit + "SpinTermination.Plain", Outcome.FAIL, "DeadlockFreedom"),
                capture("interesting.txt"), 1, 8.0);
        assertEquals(Outcome.FAIL, spin.actual(), spin.detail());
        assertEquals("DeadlockFreedom", spin.violated());
    }

    @Test
    void aCleanRunPasses() throws IOException {
        String test = MCS + "McsMutualExclusion";
        Verdict v = JcstressVerdicts.verdict(check(test, Outcome.PASS, "MutualExclusion"), capture("clean.txt"), 0, 7.0);
        assertEquals(Outcome.PASS, v.actual(), v.detail());
        assertNull(v.violated());
        assertEquals("325501 samples in 2 fork(s), all acceptable: 8, 8, 0 x325501", v.detail());
        assertNull(v.mismatch());
    }

    @Test
    void aCleanOutputWithAFailingExitStatusIsAnError() throws IOException {
        Verdict v = JcstressVerdicts.verdict(check(MCS + "McsMutualExclusion", Outcome.PASS, null), capture("clean.txt"), 1, 7.0);
        assertEquals(Outcome.ERROR, v.actual());
        assertTrue(v.detail().contains("exited with status 1"), v.detail());
    }

    @Test
    void aTimedOutForkIsADeadlockFreedomFailure() throws IOException {
        String test = "org.handoff.litmus.tmp.TmpHang";
        JcstressOutput out = JcstressOutput.parse(capture("timeout.txt"), test);
        assertEquals(2, out.withStatus(JcstressOutput.TIMEOUT).size());
        Verdict v = JcstressVerdicts.verdict(check(test, Outcome.FAIL, "DeadlockFreedom"), capture("timeout.txt"), 1, 68.0);
        assertEquals(Outcome.FAIL, v.actual());
        assertEquals("DeadlockFreedom", v.violated());
        assertTrue(v.detail().startsWith("DeadlockFreedom: 2 fork(s) timed out"), v.detail());
        assertTrue(v.detail().contains("Timeout waiting for tasks to complete: 30960 ms"), v.detail());
    }

    @Test
    void aStaleTerminationTestIsADeadlockFreedomFailure() throws IOException {
        String test = "org.handoff.litmus.tmp.TmpStale";
        Verdict v = JcstressVerdicts.verdict(check(test, Outcome.FAIL, "DeadlockFreedom"), capture("stale.txt"), 1, 35.0);
        assertEquals(Outcome.FAIL, v.actual());
        assertEquals("DeadlockFreedom", v.violated());
        assertTrue(v.detail().startsWith("DeadlockFreedom: 2 sample(s) in 1 forbidden state(s), most often STALE x2"), v.detail());
    }

    @Test
    void aTestThatMatchesNothingIsSkipped() throws IOException {
        // jcstress prints "FATAL: No matching tests." and exits 0, for an unknown name and for a test
        // with more actors than CPUs alike.
        String test = "org.handoff.litmus.tmp.TmpThree";
        JcstressOutput out = JcstressOutput.parse(capture("no-match.txt"), test);
        assertTrue(out.noMatchingTests());
        assertTrue(out.forks().isEmpty());
        Verdict v = JcstressVerdicts.verdict(check(test, Outcome.PASS, null), capture("no-match.txt"), 0, 4.0);
        assertEquals(Outcome.SKIPPED, v.actual());
        assertEquals("expected pass but got skipped", v.mismatch());
    }

    @Test
    void anOutputThatNeverMentionsTheTestIsAnError() throws IOException {
        // The other test's results are not this test's: a run of the wrong class is no pass.
        Verdict v = JcstressVerdicts.verdict(check(MCS + "McsTermination", Outcome.PASS, null), capture("clean.txt"), 0, 7.0);
        assertEquals(Outcome.ERROR, v.actual());
        assertTrue(v.detail().startsWith("jcstress reported no result for " + MCS + "McsTermination"), v.detail());
    }

    @Test
    void aTestThatThrowsIsAnError() throws IOException {
        String test = "org.handoff.litmus.tmp.TmpThrow";
        Verdict v = JcstressVerdicts.verdict(check(test, Outcome.PASS, null), capture("error.txt"), 1, 7.0);
        assertEquals(Outcome.ERROR, v.actual());
        assertEquals("2 fork(s) ended in ERROR: Check test failed java.lang.IllegalStateException: boom in actor",
                v.detail());
    }

    @Test
    void fewerResultsThanPlannedIsAnError() throws IOException {
        // Drop the second fork's block: jcstress planned two results and printed one.
        String full = capture("clean.txt");
        int second = full.indexOf("[OK] org.handoff.litmus.mcs.McsMutualExclusion",
                full.indexOf("[OK] org.handoff.litmus.mcs.McsMutualExclusion") + 1);
        String truncated = full.substring(0, full.lastIndexOf('\n', second));
        Verdict v = JcstressVerdicts.verdict(check(MCS + "McsMutualExclusion", Outcome.PASS, null), truncated, 0, 3.0);
        assertEquals(Outcome.ERROR, v.actual());
        assertEquals("jcstress planned 2 results for " + MCS + "McsMutualExclusion but reported 1", v.detail());
    }

    @Test
    void aForbiddenOutcomeThatNamesNoPropertyFailsWithoutAProperty() {
        String test = "org.example.Plain";
        String output = String.join("\n",
                "(Results: 1 planned; 0 passed, 0 failed, 0 soft errs, 0 hard errs)",
                "....... [FAILED] org.example.Plain",
                "  JVM args: [-XX:+UseParallelGC]",
                "  Fork: #1",
                "     RESULT  SAMPLES     FREQ      EXPECT  DESCRIPTION",
                "       0, 0       12    0.50%   Forbidden  Both saw nothing",
                "       1, 1    2,388   99.50%  Acceptable  Fine",
                "(Results: 1 planned; 0 passed, 1 failed, 0 soft errs, 0 hard errs)");
        Verdict v = JcstressVerdicts.verdict(check(test, Outcome.FAIL, "MutualExclusion"), output, 1, 1.0);
        assertEquals(Outcome.FAIL, v.actual());
        assertNull(v.violated());
        assertTrue(v.detail().startsWith("a description that names no catalogue property: 12 sample(s)"), v.detail());
        assertEquals("expected MutualExclusion to be violated but null was", v.mismatch());
    }

    @Test
    void repeatedRunsAddUp() throws IOException {
        // A first run on a loaded machine took few samples and saw only a stranded thread; the
        // second saw the lost increments too. Together they name the first property in the catalogue.
        String test = MCS + "NonAtomicTailMutualExclusion";
        String sparse = String.join("\n",
                "(Results: 2 planned; 0 passed, 0 failed, 0 soft errs, 0 hard errs)",
                "...... [FAILED] " + test,
                "  JVM args: [-XX:-UseBiasedLocking, -XX:+UseParallelGC]",
                "                       RESULT  SAMPLES     FREQ      EXPECT  DESCRIPTION",
                "                      8, 8, 0       15   93.75%  Acceptable  All eight entries counted; no wait gave up.",
                "                      8, 8, 1        1    6.25%   Forbidden  DeadlockFreedom: a thread was stranded: one of its waits ...",
                "(Results: 2 planned; 0 passed, 1 failed, 0 soft errs, 0 hard errs)",
                "...... [OK] " + test,
                "  JVM args: [-XX:+UseBiasedLocking, -XX:+UseParallelGC]",
                "                      8, 8, 0       10  100.00%  Acceptable  All eight entries counted; no wait gave up.",
                "(Results: 2 planned; 1 passed, 1 failed, 0 soft errs, 0 hard errs)");
        Check c = check(test, Outcome.FAIL, "MutualExclusion");
        Verdict alone = JcstressVerdicts.verdict(c, sparse, 1, 3.0);
        assertEquals("DeadlockFreedom", alone.violated());
        assertTrue(alone.detail().endsWith("of 26 samples in 2 fork(s)"), alone.detail());

        Verdict both = JcstressVerdicts.verdict(c, List.of(new JcstressRunner.Run(sparse, 1),
                new JcstressRunner.Run(capture("forbidden.txt"), 1)), 10.0);
        assertEquals(Outcome.FAIL, both.actual());
        assertEquals("MutualExclusion", both.violated());
        assertTrue(both.detail().startsWith("MutualExclusion: 70941 sample(s)"), both.detail());
        assertTrue(both.detail().contains("DeadlockFreedom: 97181 sample(s) in 3 forbidden state(s)"), both.detail());
        assertTrue(both.detail().endsWith("of 339616 samples in 4 fork(s) of 2 runs"), both.detail());
    }

    @Test
    void aFailingExitStatusInAnyRunOfACleanSeriesIsAnError() throws IOException {
        String clean = capture("clean.txt");
        Verdict v = JcstressVerdicts.verdict(check(MCS + "McsMutualExclusion", Outcome.PASS, null),
                List.of(new JcstressRunner.Run(clean, 0), new JcstressRunner.Run(clean, 1)), 14.0);
        assertEquals(Outcome.ERROR, v.actual());
        Verdict ok = JcstressVerdicts.verdict(check(MCS + "McsMutualExclusion", Outcome.PASS, null),
                List.of(new JcstressRunner.Run(clean, 0), new JcstressRunner.Run(clean, 0)), 14.0);
        assertEquals(Outcome.PASS, ok.actual());
        assertEquals("651002 samples in 4 fork(s) of 2 runs, all acceptable: 8, 8, 0 x651002", ok.detail());
    }

    @Test
    void propertyPrefixes() {
        assertEquals(Property.HandoffVisibility, JcstressVerdicts.propertyOf("HandoffVisibility: stale"));
        assertEquals(Property.DeadlockFreedom, JcstressVerdicts.propertyOf("DeadlockFreedom: a thread was stra..."));
        assertNull(JcstressVerdicts.propertyOf("Mutual exclusion: lost"));
        assertNull(JcstressVerdicts.propertyOf("Acceptable: all good"));
    }

    @Test
    void theTestIsSelectedByAnAnchoredRegex() {
        List<String> args = JcstressRunner.arguments(MCS + "McsTermination", Path.of("/tmp/r"), "300", Jdk.current());
        assertEquals("^org\\.handoff\\.litmus\\.mcs\\.McsTermination$", args.get(args.indexOf("-t") + 1));
        assertEquals("sanity", args.get(args.indexOf("-m") + 1));
        assertEquals("300", args.get(args.indexOf("-time") + 1));
    }

    @Test
    void everyJdkGivesATestTwoForks() {
        // JDK 17 has biased locking: jcstress runs -jvmArgs twice (+/-UseBiasedLocking), one fork each.
        assertEquals(1, JcstressRunner.forksPerConfiguration(17));
        // From JDK 18 there is one configuration, so each configuration takes two forks.
        assertEquals(2, JcstressRunner.forksPerConfiguration(18));
        assertEquals(2, JcstressRunner.forksPerConfiguration(25));
        List<String> args = JcstressRunner.arguments(MCS + "McsTermination", Path.of("/tmp/r"), "300", Jdk.current());
        int expected = JcstressRunner.forksPerConfiguration(Jdk.feature(Jdk.current().version()));
        assertEquals(expected > 1, args.contains("-f"), args.toString());
    }
}
