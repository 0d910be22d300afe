package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.handoff.core.Outcome;
import org.junit.jupiter.api.Test;

/** The output parser and config reader on output captured from TLC 2.18. */
class TlcOutputTest {
    private static final String INVARIANT_VIOLATION = String.join("\n",
            "Error: Invariant MutualExclusion is violated.",
            "Error: The behavior up to this point is:",
            "State 1: <Initial predicate>",
            "/\\ tail = 0",
            "/\\ pc = <<\"ncs\", \"ncs\">>",
            "",
            "State 2: <InitLocked line 107, col 5 to line 110, col 60 of module MCS>",
            "/\\ tail = 0",
            "/\\ pc = <<\"init_next\", \"ncs\">>",
            "",
            "267 states generated, 125 distinct states found, 35 states left on queue.",
            "Finished in 00s at (2026-11-29 19:30:16)");

    @Test
    void invariantViolationNamesThePropertyAndRendersOnlyChanges() {
        TlcOutput o = TlcOutput.parse(INVARIANT_VIOLATION, 12);
        assertEquals(Outcome.FAIL, o.outcome());
        assertEquals("MutualExclusion", o.violated());
        assertEquals(125L, o.distinctStates());
        assertEquals(2, o.trace().steps().size());
        // One line per step: number, thread, action, and only the entry that changed.
        String step2 = o.counterexample().lines().filter(l -> l.startsWith("2 ")).findFirst().orElseThrow();
        assertTrue(step2.matches("2  t1  InitLocked +pc\\[1\\]: \"ncs\" -> \"init_next\""), step2);
        assertTrue(o.counterexample().contains("1  initial state") && o.counterexample().contains("tail = 0"), o.counterexample());
    }

    @Test
    void passNeedsTheCompletionLineAndExitZero() {
        String ok = "Model checking completed. No error has been found.\n"
                + "7960 states generated, 2949 distinct states found, 0 states left on queue.\n";
        TlcOutput o = TlcOutput.parse(ok, 0);
        assertEquals(Outcome.PASS, o.outcome());
        assertEquals(2949L, o.distinctStates());
        assertEquals(Outcome.ERROR, TlcOutput.parse(ok, 1).outcome());
        assertEquals(Outcome.ERROR, TlcOutput.parse("Starting...\n", 0).outcome());
    }

    @Test
    void tlcsOwnExceptionIsItsMessageNotItsLastStackFrame() {
        // What TLC 2.18 printed when a run's -metadir already held a directory named after the
        // current second (two runs of one request within a second shared it once).
        String out = String.join("\n",
                "Exception in thread \"main\" util.Assert$TLCRuntimeException: TLC writes its files to a directory"
                        + " whose name is generated from the current time.",
                "This directory should be /w/run/states/26-12-05-18-13-17, but that directory already exists.",
                "Trying to run TLC again will probably fix this problem.",
                "\tat util.Assert.check(Assert.java:91)",
                "\tat util.FileUtil.makeMetaDir(FileUtil.java:252)",
                "\tat tlc2.TLC.handleParameters(TLC.java:958)",
                "\tat tlc2.TLC.main(TLC.java:246)", "");
        TlcOutput o = TlcOutput.parse(out, 1);
        assertEquals(Outcome.ERROR, o.outcome());
        assertEquals("TLC stopped with Assert.TLCRuntimeException: TLC writes its files to a directory whose name is"
                + " generated from the current time. This directory should be /w/run/states/26-12-05-18-13-17, but that"
                + " directory already exists. Trying to run TLC again will probably fix this problem. (TLC exit 1)",
                o.message());
    }

    @Test
    void deadlockAndTemporalViolations() {
        TlcOutput d = TlcOutput.parse("Error: Deadlock reached.\nError: The behavior up to this point is:\n", 11);
        assertEquals("DeadlockFreedom", d.violated());
        TlcOutput t = TlcOutput.parse(String.join("\n",
                "Error: Temporal properties were violated.",
                "Error: The following behavior constitutes a counter-example:",
                "State 1: <Initial predicate>",
                "/\\ x = 0",
                "State 2: <Step line 3, col 1 to line 3, col 9 of module M>",
                "/\\ x = 1",
                "Back to state 1: <Step line 3, col 1 to line 3, col 9 of module M>",
                ""), 13);
        assertEquals(Outcome.FAIL, t.outcome());
        assertTrue(t.temporal());
        assertNull(t.violated());
        assertTrue(t.counterexample().contains("=> back to state 1 by - Step: x: 1 -> 0"), t.counterexample());
    }

    @Test
    void configSectionsAndConstants() {
        TlcConfig c = TlcConfig.parse("\\* comment CONSTANT Q = 1\nCONSTANTS N = 3\n  Procs = {p1, p2}\n"
                + "SPECIFICATION Spec\nINVARIANTS A B\nPROPERTY L1 L2\nCHECK_DEADLOCK TRUE\n");
        assertEquals(List.of("N", "Procs"), c.constantNames());
        assertEquals(List.of("A", "B"), c.invariants());
        assertEquals(List.of("L1", "L2"), c.properties());
        String single = c.withOnlyProperty("L2");
        assertTrue(single.contains("PROPERTY L2") && !single.contains("L1") && !single.contains("INVARIANT"), single);
        assertTrue(single.contains("N = 3"), single);
    }

    @Test
    void constantsAfterASubstitutionOrARecordAreStillSeen() {
        // '<-' and '|->' are not brackets: reading them as '<' and '>' once hid every constant
        // after a substitution from the undeclared-constant check.
        TlcConfig c = TlcConfig.parse("CONSTANTS Init0 <- MyInit\n  R = [a |-> 1]\n  Bogus = 7\n"
                + "  T = <<1, {2}>>\n  S = \"x{y\"\n  Z = 0\nSPECIFICATION Spec\n");
        assertEquals(List.of("Init0", "R", "Bogus", "T", "S", "Z"), c.constantNames());
    }

    @Test
    void declaredConstantsFollowMultiLineDeclarations() {
        assertEquals(List.of("N", "M", "F"), TlaText.constantsIn(TlaText.stripComments(
                "CONSTANTS N, \\* threads\n  M,\n  F(_, _)\nVARIABLE x\n(* CONSTANT Hidden *)")));
    }

    @Test
    void depthIsRead() {
        String ok = "Model checking completed. No error has been found.\n"
                + "410338 states generated, 89279 distinct states found, 0 states left on queue.\n"
                + "The depth of the complete state graph search is 51.\n";
        TlcOutput o = TlcOutput.parse(ok, 0);
        assertEquals(Outcome.PASS, o.outcome());
        assertEquals(51L, o.depth());
        assertEquals(410338L, o.generatedStates());
    }

    @Test
    void simulationPassNeedsExitZeroAndSaysItIsNotExhaustive() {
        String sim = "Computed 1 initial states...\nProgress: 12001 states checked.\nFinished in 02s at (2026-11-30 01:12:32)\n";
        TlcOutput o = TlcOutput.parse(sim, 0);
        assertEquals(Outcome.PASS, o.outcome());
        assertEquals(12001L, o.generatedStates());
        assertTrue(o.message().contains("not exhaustive"), o.message());
        assertEquals(Outcome.ERROR, TlcOutput.parse(sim, 1).outcome());
    }
}
