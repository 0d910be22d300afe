package org.handoff.lincheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.HandoffException;
import org.handoff.core.JavaFork;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.handoff.core.Property;
import org.handoff.core.RunContext;
import org.handoff.core.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How Lincheck's findings become verdicts, without running Lincheck. */
class FailureClassificationTest {

    private static final String TEST = "org.handoff.lincheck.mcs.McsCounterTest";

    private static Check check(String lock, Outcome expected, String property) {
        return new Check("mcs", "some-variant", true, Level.LINCHECK, TEST, property, expected, null, "quick",
                Map.of("lock", lock));
    }

    private static final Check LIVELOCK_EXPECTED = check("org.handoff.models.mcs.McsMutants$NoWaitNext",
            Outcome.FAIL, "DeadlockFreedom");

    private static JavaFork.Result fork(int exit, String... lines) {
        return new JavaFork.Result(exit, String.join("\n", lines) + "\n", false, 1.5);
    }

    private static String[] failure(String kind, String... report) {
        String[] out = new String[report.length + 5];
        out[0] = LincheckMain.PREFIX + "lincheck 3.7, test " + TEST;
        out[1] = LincheckMain.REPORT_BEGIN;
        System.arraycopy(report, 0, out, 2, report.length);
        out[report.length + 2] = LincheckMain.REPORT_END;
        out[report.length + 3] = LincheckMain.RESULT_PREFIX + kind;
        out[report.length + 4] = "";
        return out;
    }

    @Test
    void eachKindMapsToOneOutcomeAndProperty() {
        assertEquals(Outcome.PASS, FailureKind.NONE.outcome());
        assertSame(Property.MutualExclusion, FailureKind.INCORRECT_RESULTS.property());
        for (FailureKind k : List.of(FailureKind.DEADLOCK, FailureKind.LIVELOCK, FailureKind.TIMEOUT)) {
            assertEquals(Outcome.FAIL, k.outcome(), k.name());
            assertSame(Property.DeadlockFreedom, k.property(), k.name());
        }
        for (FailureKind k : List.of(FailureKind.OBSTRUCTION_FREEDOM, FailureKind.UNEXPECTED_EXCEPTION,
                FailureKind.VALIDATION, FailureKind.ERROR)) {
            assertEquals(Outcome.ERROR, k.outcome(), k.name());
            assertNull(k.property(), k.name());
        }
        for (FailureKind k : FailureKind.values()) {
            assertSame(k, FailureKind.ofId(k.id()));
        }
        assertNull(FailureKind.ofId("no-such-kind"));
        assertNull(FailureKind.ofId(null));
    }

    @Test
    void reportHeadersAreClassified() {
        assertEquals(FailureKind.INCORRECT_RESULTS, FailureKind.ofReport(
                "= Invalid execution results =\n| increment(1): 0 | increment(2): -1 |\n"));
        assertEquals(FailureKind.LIVELOCK, FailureKind.ofReport("= The execution has hung =\n| x |\n"
                + "All unfinished threads are in livelock due to non-terminating loops\n"));
        assertEquals(FailureKind.DEADLOCK, FailureKind.ofReport("= The execution has hung =\n| increment(1): <hung> |\n"));
        assertEquals(FailureKind.TIMEOUT, FailureKind.ofReport("= The execution has hung, see the thread dump =\n"));
        assertEquals(FailureKind.UNEXPECTED_EXCEPTION,
                FailureKind.ofReport("\n= The execution failed with an unexpected exception =\n"));
        assertEquals(FailureKind.VALIDATION, FailureKind.ofReport("= Validation function check has failed =\n"));
        assertEquals(FailureKind.ERROR, FailureKind.ofReport("= Something new =\n"));
        assertEquals(FailureKind.ERROR, FailureKind.ofReport("no header at all"));
        assertEquals(FailureKind.ERROR, FailureKind.ofReport(null));
    }

    @Test
    void livelockIsADeadlockFreedomFailureWithTheInterleavingAsDetail() {
        Verdict v = LincheckRunner.interpret(LIVELOCK_EXPECTED, fork(1, failure("livelock",
                "= The execution has hung =", "| increment(1): <hung> | increment(2): 0 |",
                "The following interleaving leads to the error:", "| switch |")), 60);
        assertEquals(Outcome.FAIL, v.actual());
        assertEquals("DeadlockFreedom", v.violated());
        assertNull(v.mismatch());
        assertTrue(v.detail().contains("livelock"), v.detail());
        assertTrue(v.detail().contains("increment(1): <hung>"), v.detail());
        assertFalse(v.detail().contains(LincheckMain.PREFIX), v.detail());
    }

    @Test
    void invalidResultsAreAMutualExclusionFailure() {
        Verdict v = LincheckRunner.interpret(LIVELOCK_EXPECTED, fork(1, failure("incorrect-results",
                "= Invalid execution results =", "| increment(1): 0 | increment(2): -1 |")), 60);
        assertEquals(Outcome.FAIL, v.actual());
        assertEquals("MutualExclusion", v.violated());
        assertEquals("expected DeadlockFreedom to be violated but MutualExclusion was", v.mismatch());
    }

    @Test
    void longReportsAreCutInTheDetail() {
        String[] report = new String[LincheckRunner.DETAIL_LINES + 30];
        report[0] = "= Invalid execution results =";
        for (int i = 1; i < report.length; i++) {
            report[i] = "| line " + i + " |";
        }
        Verdict v = LincheckRunner.interpret(LIVELOCK_EXPECTED, fork(1, failure("incorrect-results", report)), 60);
        assertTrue(v.detail().contains("| line " + (LincheckRunner.DETAIL_LINES - 1) + " |"), v.detail());
        assertFalse(v.detail().contains("| line " + LincheckRunner.DETAIL_LINES + " |"), v.detail());
        assertTrue(v.detail().contains("30 more lines"), v.detail());
    }

    @Test
    void noFailureIsAPass() {
        Verdict v = LincheckRunner.interpret(LIVELOCK_EXPECTED,
                fork(0, LincheckMain.PREFIX + "lincheck 3.7", LincheckMain.RESULT_PREFIX + "none"), 60);
        assertEquals(Outcome.PASS, v.actual());
        assertNull(v.violated());
        assertEquals("expected fail (DeadlockFreedom) but got pass", v.mismatch());
    }

    @Test
    void anythingElseIsAnError() {
        Verdict exception = LincheckRunner.interpret(LIVELOCK_EXPECTED, fork(2, failure("unexpected-exception",
                "= The execution failed with an unexpected exception =")), 60);
        assertEquals(Outcome.ERROR, exception.actual());
        assertNull(exception.violated());

        Verdict error = LincheckRunner.interpret(LIVELOCK_EXPECTED, fork(2, "java.lang.Exception: boom",
                LincheckMain.RESULT_PREFIX + "error", LincheckMain.ERROR_PREFIX + "lock class x.Y not found"), 60);
        assertEquals(Outcome.ERROR, error.actual());
        assertEquals("lock class x.Y not found", error.detail());

        Verdict crash = LincheckRunner.interpret(LIVELOCK_EXPECTED, fork(134, "# A fatal error has been detected"), 60);
        assertEquals(Outcome.ERROR, crash.actual());
        assertTrue(crash.detail().contains("without a result"), crash.detail());
        assertTrue(crash.detail().contains("fatal error"), crash.detail());

        Verdict inconsistent = LincheckRunner.interpret(LIVELOCK_EXPECTED,
                fork(1, LincheckMain.RESULT_PREFIX + "none"), 60);
        assertEquals(Outcome.ERROR, inconsistent.actual());

        Verdict killed = LincheckRunner.interpret(LIVELOCK_EXPECTED,
                new JavaFork.Result(-1, "partial output\n", true, 60.2), 60);
        assertEquals(Outcome.ERROR, killed.actual());
        assertTrue(killed.detail().contains("60 s timeout"), killed.detail());
    }

    @Test
    void aBadLockClassIsAOneLineErrorNamingIt(@TempDir Path work) {
        Check bad = check("org.handoff.models.mcs.McsMutants$NoSuchMutant", Outcome.FAIL, "DeadlockFreedom");
        Verdict v = new LincheckRunner().run(bad, new RunContext(work, work, null));
        assertEquals(Outcome.ERROR, v.actual());
        assertFalse(v.detail().contains("\n"), v.detail());
        assertTrue(v.detail().contains("org.handoff.models.mcs.McsMutants$NoSuchMutant"), v.detail());

        Check notALock = check("java.lang.String", Outcome.PASS, null);
        Verdict v2 = new LincheckRunner().run(notALock, new RunContext(work, work, null));
        assertEquals(Outcome.ERROR, v2.actual());
        assertTrue(v2.detail().contains("is not a org.handoff.models.HandoffPort"), v2.detail());

        Check badTest = new Check("mcs", "mcs", false, Level.LINCHECK, "org.handoff.lincheck.NoSuchTest", null,
                Outcome.PASS, null, "quick", Map.of("lock", "org.handoff.models.mcs.McsLock"));
        Verdict v3 = new LincheckRunner().run(badTest, new RunContext(work, work, null));
        assertEquals(Outcome.ERROR, v3.actual());
        assertTrue(v3.detail().contains("org.handoff.lincheck.NoSuchTest"), v3.detail());
    }

    @Test
    void scenarioShapesAreParsedOrRejected() {
        List<int[]> s = LockCounterHarness.scenarios(LockCounterHarness.DEFAULT_SCENARIOS);
        assertEquals(2, s.size());
        assertEquals(List.of(2, 2, 2), java.util.Arrays.stream(s.get(1)).boxed().toList());
        assertTrue(java.util.Arrays.stream(s.get(1)).anyMatch(n -> n >= 2), "a thread must reacquire");
        assertEquals(3, s.get(1).length);
        assertThrows(HandoffException.class, () -> LockCounterHarness.scenarios("2,x"));
        assertThrows(HandoffException.class, () -> LockCounterHarness.scenarios("2,0"));
        assertThrows(HandoffException.class, () -> LockCounterHarness.scenarios("1,1,1,1,1,1,1"));
    }

    @Test
    void theReplayCommandIsShellQuoted() {
        String cmd = LincheckRunner.replayCommand(org.handoff.core.Jdk.current(), Path.of("/w d"),
                List.of("-Dhandoff.lincheck.lock=org.handoff.models.mcs.McsMutants$LateInit"), "a.jar:b.jar",
                List.of(TEST));
        assertTrue(cmd.startsWith("(cd '/w d' && "), cmd);
        assertTrue(cmd.contains("'-Dhandoff.lincheck.lock=org.handoff.models.mcs.McsMutants$LateInit'"), cmd);
        assertTrue(cmd.endsWith(" -cp a.jar:b.jar org.handoff.lincheck.LincheckMain " + TEST + ")"), cmd);
    }
}
