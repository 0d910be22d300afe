package org.handoff.specs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.handoff.core.ProjectRoot;
import org.handoff.core.Specs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Counterexamples read into steps: values and their entry-by-entry changes, and each step named by
 * its thread, its action and the kernel function, also where TLC names only a wrapper (a mutant's
 * MutantLockStep, CNAPV's CnaPvStep). The fixtures are TLC 2.18's -tool output of manifest models.
 */
class TlcTraceTest {
    private static final Path SPECS = ProjectRoot.find().resolve("specs");

    private static String fixture(String name) throws IOException {
        try (InputStream in = TlcTraceTest.class.getResourceAsStream(name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).replace("@SPECS@", SPECS.toString());
        }
    }

    @Test
    void valuesParseAndChangeEntryByEntry() {
        TlaValue before = TlaValue.parse("[tail |-> (4 :> 0 @@ 8 :> 0), intra |-> <<0, 0>>]");
        TlaValue after = TlaValue.parse("[tail |-> (4 :> 0 @@ 8 :> 12), intra |-> <<0, 1>>]");
        assertInstanceOf(TlaValue.Rec.class, before);
        List<TlcTrace.Change> out = new ArrayList<>();
        TlcTrace.diff("vstate", "vstate", List.of(), before, after, out);
        assertEquals(List.of("vstate.tail[8]: 0 -> 12", "vstate.intra[2]: 0 -> 1"), out.stream().map(TlcTrace.Change::text).toList());

        out.clear();
        TlcTrace.diff("pc", "pc", List.of(), TlaValue.parse("(<<1, 0>> :> \"ncs\" @@ <<2, 0>> :> \"fast\")"),
                TlaValue.parse("(<<1, 0>> :> \"ncs\" @@ <<2, 0>> :> \"queue\")"), out);
        assertEquals("pc[2, 0]: \"fast\" -> \"queue\"", out.get(0).text());
        assertEquals(List.of(TlaValue.parse("<<2, 0>>")), out.get(0).keys());

        // sets and values of another shape change as a whole; text that is not a value is kept
        out.clear();
        TlcTrace.diff("ahead", "ahead", List.of(), TlaValue.parse("<<{}, {1}>>"), TlaValue.parse("<<{2}, {1}>>"), out);
        assertEquals("ahead[1]: {} -> {2}", out.get(0).text());
        assertInstanceOf(TlaValue.Raw.class, TlaValue.parse("[x \\in S |-> 1]"));
        assertEquals("<<<<1, 1>>>>", TlaValue.parse("<< <<1, 1>> >>").text());
    }

    @Test
    void aMutantsStepsAreNamedByTheirActionThreadAndKernelFunction() throws IOException {
        TlcTrace t = TlcTrace.parse(fixture("MCS_EarlyHandoff_N3.out"), Specs.library(SPECS.getParent()));
        assertNotNull(t);
        assertEquals(10, t.steps().size());
        assertTrue(t.steps().get(0).initial());
        // TLC calls steps 3 and 9 "MutantLockStep" and "EarlyHandoff"; the source names the first.
        assertEquals("MutantLockStep", t.steps().get(2).label());
        assertEquals("InitNext", t.steps().get(2).action());
        assertEquals("t1", t.steps().get(2).thread());
        assertEquals("mcs_spin_lock", t.steps().get(2).kernel().function());
        assertEquals("node->next = NULL", t.steps().get(2).kernel().code());
        TlcTrace.Step early = t.steps().get(8);
        assertEquals("EarlyHandoff", early.action());
        assertEquals("t1", early.thread(), "the thread whose guard pc[t] = \"cs\" holds, not t2 whose locked it wrote");
        assertEquals("smp_store_release", early.kernel().function());
        List<String> lines = t.render().lines().toList();
        assertTrue(lines.contains(" 9  t1  EarlyHandoff [smp_store_release]  early[1]: FALSE -> TRUE, locked[2]: 0 -> 1"),
                String.join("\n", lines));
        assertTrue(lines.contains(" 4  t1  XchgTail [mcs_spin_lock]          tail: 0 -> 1, pc[1]: \"xchg_tail\" -> \"cs\""),
                String.join("\n", lines));
        assertTrue(lines.contains("10  t2  SpinLocked [mcs_spin_lock]        pc[2]: \"spin_locked\" -> \"cs\""),
                String.join("\n", lines));
    }

    @Test
    void aCompositionsStepsAreNamedByGuardsOnPcAndPhase() throws IOException {
        TlcTrace t = TlcTrace.parse(fixture("CNAPV_N3_excerpt.out"), Specs.library(SPECS.getParent()));
        assertNotNull(t);
        assertEquals(5, t.steps().size());
        assertEquals(List.of("CnaPvStep", "CnaPvStep", "CnaPvStep", "CnaPvStep"),
                t.steps().subList(1, 5).stream().map(TlcTrace.Step::label).toList());
        // pc head_wait, phase start -> spin: PV's pv_wait_head_or_lock hook, not a native step
        assertEquals("WaitHeadTop", t.steps().get(1).action());
        assertEquals("cpu3", t.steps().get(1).thread());
        assertEquals("pv_wait_head_or_lock", t.steps().get(1).kernel().function());
        assertEquals("LinkPrev", t.steps().get(2).action());
        assertEquals("cpu2", t.steps().get(2).thread());
        assertEquals("WaitHeadSpin", t.steps().get(3).action());
        // pc unchanged: the thread is the one whose phase changed, the action the one enabled in that phase
        assertEquals("WaitNodeSpin", t.steps().get(4).action());
        assertEquals("cpu2", t.steps().get(4).thread());
        assertEquals("pl.ph[2, 0]: \"start\" -> \"halt\"", t.steps().get(4).changes().get(0).text());
    }

    @Test
    void theSpecSourceKnowsActionsGuardsAndKernelFunctions() {
        SpecSource s = SpecSource.load(SPECS.resolve("pv/PV.tla"), Specs.library(SPECS.getParent()));
        assertTrue(s.isComposite("PvHooks"), "a wrapper that passes actions to a composite is composite");
        assertTrue(s.leafActions("PvHooks").contains("WaitNodeHalt"));
        assertEquals("spin_locked", s.pcGuard("WaitNodeHalt"));
        assertTrue(s.guards("WaitHeadTop").stream().anyMatch(g -> g.path().equals("pl.ph") && g.values().contains("top")));
        assertEquals("__pv_queued_spin_unlock", s.kernel("UnlockPv").function());
        assertEquals("queued_spin_unlock", s.kernel("Unlock").function());
        assertTrue(s.definition("UnlockPv").depth() < s.definition("Unlock").depth(), "PV's unlock is nearer the root");
    }

    /**
     * What SANY's tree gives that a reading of the text line by line did not: a definition whose
     * parameters run over two lines, a hook passed as an argument inside a call whose own
     * arguments hold parentheses, a record's field names (which are not calls), and a mutant's
     * disjunction of hooks, whose actions a counterexample then names instead of the wrapper.
     */
    @Test
    void theSpecSourceReadsSanysTree(@TempDir Path dir) throws IOException {
        Path lib = SPECS.getParent();
        Files.writeString(dir.resolve("TwoLines.tla"), String.join("\n",
                "---- MODULE TwoLines ----", "EXTENDS Naturals", "VARIABLE v", "A(x) == v' = x", "B(x) == v' = x + 1",
                "Both(x,", "     y) == A(x) \\/ B(y)", "===="));
        SpecSource two = SpecSource.load(dir.resolve("TwoLines.tla"), Specs.library(lib));
        assertTrue(two.definition("Both") != null, "its parameters run over two lines");
        assertTrue(two.isComposite("Both"));
        SpecSource pv = SpecSource.load(SPECS.resolve("pv/PV.tla"), Specs.library(lib));
        // WaitHeadSleep(x) == Runs(x) /\ ... /\ WaitHeadSleepWith(x, "hashed"), which calls
        // WaitHeadSleepCond(x, St, L(x).locked = SlowVal): the guards are the condition's
        assertEquals("head_wait", pv.pcGuard("WaitHeadSleep"));
        SpecSource trace = SpecSource.load(SPECS.resolve("clh/trace/CLHTrace.tla"), Specs.library(lib));
        assertFalse(trace.isAction("ActionPC"), "[ClhInitNode |-> ...] names fields, it calls no action");
        SpecSource mutant = SpecSource.load(SPECS.resolve("pv/mutants/PVSteps_HeadWaitLocked.tla"), Specs.library(lib));
        assertTrue(mutant.isComposite("MutantStep"));
        assertTrue(mutant.leafActions("MutantStep").contains("WaitHeadPvWaitLocked"), mutant.leafActions("MutantStep").toString());
    }

    @Test
    void aNegatedPhaseIsNotAGuard() {
        // StepsStart(x) == ~Phase(x, "kick") /\ ~Phase(x, "unhash") /\ PvStart(x): read as a guard
        // pl.ph in {kick, unhash}, a Start step of a mutant's trace was named InterruptPv instead.
        SpecSource s = SpecSource.load(SPECS.resolve("pv/PVSteps.tla"), Specs.library(SPECS.getParent()));
        assertTrue(s.guards("StepsStart").stream().noneMatch(g -> g.path().equals("pl.ph")), s.guards("StepsStart").toString());
        assertTrue(s.guards("WaitHeadRunning").stream().anyMatch(g -> g.path().equals("pl.ph") && g.values().equals(java.util.Set.of("top"))));
    }

    /**
     * The weak-memory specs name their critical section's steps behind a program-counter guard
     * around CriticalSection.tla's (and the M-lock its acquisition around CLHWeak's): each wrapper
     * must read as one step, or a counterexample names the step by a helper it calls (the spec's
     * Go, Memory's Store) instead. A wrapper with the name of what it wraps reads as a call of
     * itself, which is why CriticalSection.tla's operators have names of their own.
     */
    @Test
    void theWeakSpecsWrappersReadAsOneStepEach() {
        for (String spec : List.of("clh/CLHWeak", "mcs/MCSWeak", "qspinlock/QSpinlockWeak", "ticket/TicketWeak", "mlock/MLockWeak")) {
            SpecSource s = SpecSource.load(SPECS.resolve(spec + ".tla"), Specs.library(SPECS.getParent()));
            for (String a : List.of("CsRead", "CsWriteX", "CsWriteY", "ReadEarly")) {
                assertTrue(s.isAction(a) && !s.isComposite(a), spec + ": " + a + " is not read as one step");
            }
        }
        SpecSource m = SpecSource.load(SPECS.resolve("mlock/MLockWeak.tla"), Specs.library(SPECS.getParent()));
        for (String a : List.of("MpLockStart", "MpLockInitNode", "MpLockSwap", "MpLockSpin", "Drain")) {
            assertTrue(m.isAction(a) && !m.isComposite(a), "MLockWeak: " + a + " is not read as one step");
        }
        assertEquals("cs_read", m.pcGuard("CsRead"));
    }
}
