package org.handoff.crosscheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.handoff.core.HandoffException;
import org.handoff.core.ProjectRoot;
import org.handoff.models.pv.PvQSpinLock;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * specs/pv/trace/PVStepsTrace.tla holds every value a recorded step of the PV port reports against PVSteps.tla
 * (recorded with {@code pv-wait-early-merged}, whose events are pv's plus pv_wait_early's read):
 * take a prefix of a recorded trace that the spec accepts, change one reported value of its last
 * event, and the spec rejects it. The unchanged prefixes are validated in the same TLC run and must
 * be accepted, so a rejection can only come from the changed value. (As CombiningTraceMapTest.)
 */
@Tag("integration")
class PvTraceMapTest {
    private static final int THREADS = 3;
    /** The spec's node names for 3 CPUs (EncodeTail(cpu, 0)), and Nil. */
    private static final List<String> NODES = List.of("0", "4", "8", "12");
    private static final List<String> STATES = List.of("running", "halted", "hashed");

    /**
     * Every field of every action the PV port records, as Action.field: the map checks each one.
     * The lock word found (tail, pending, locked) and left (ntail, npending, nlocked) are in every
     * step that may touch it; the rest are what the step observed or chose.
     */
    private static final Set<String> REPORTED = Set.of(
            word("FastPath"), word("XchgTail"), word("LinkPrev"), word("HeadCmpxchg"), word("SetLocked"), word("McsHandoff"),
            word("WaitHeadSetPending"), word("TrylockClearPendingRead"), word("TrylockClearPendingCas"),
            word("WaitHeadGotLock"), word("WaitHeadClearPending"), word("WaitHeadXchg"), word("WaitHeadSlowLocked"),
            word("WaitHeadPvWait"), word("KickSlowVal"), word("UnlockCmpxchg"), word("UnlockRelease"),
            word("UnfairTrylockCas"),
            "UnfairTrylockRead.tail", "UnfairTrylockRead.pending", "UnfairTrylockRead.locked", "UnfairTrylockRead.node",
            "UnfairTrylockCas.ok", "LinkPrev.prev", "HeadCmpxchg.ok", "McsHandoff.to", "McsHandoff.val",
            "WaitNodeSpin.got", "WaitNodeSpin.halt", "WaitNodeSpin.early", "WaitNodeRecheck.got", "WaitNodePvWait.halt",
            "WaitNodeWake.nst", "WaitHeadEntry.lp", "TrylockClearPendingCas.ok", "WaitHeadPvWait.halt",
            "KickCmpxchg.to", "KickCmpxchg.ok", "UnlockUnhash.node", "UnlockKick.to", "Unpark.kicked",
            "WaitNodeHalt.st", "WaitHeadRunning.st", "WaitHeadStoreState.st")
            .stream().flatMap(s -> List.of(s.split(",")).stream()).collect(java.util.stream.Collectors.toSet());

    private static String word(String action) {
        StringBuilder b = new StringBuilder();
        for (String f : List.of("tail", "pending", "locked", "ntail", "npending", "nlocked")) {
            b.append(b.length() == 0 ? "" : ",").append(action).append('.').append(f);
        }
        return b.toString();
    }

    @TempDir
    Path work;

    @Test
    void changingAnyReportedValueOfAnAcceptedPrefixGetsItRejected() {
        Map<String, List<TraceFile.Event>> prefixes = TraceMapMutation.prefixes(
                i -> TraceRun.record(PvQSpinLock.WaitEarlyMerged.class.getName(), "spinThreshold=2,checkMask=0", THREADS, 8, 1, i, i, 2000, 50),
                REPORTED, 300);
        Path root = ProjectRoot.find();
        TraceValidator validator = new TraceValidator(new TraceValidator.Target(root.resolve("specs/pv"), "PVSteps.tla",
                "PVStepsTrace", "PvInit", "PvStepsTraceStep(t, e)", List.of("N = " + THREADS, "NestDepth = 0",
                        "PendingLoops = 1", "IrqCpus = {}", "Crossed = FALSE", "IrqAnywhere = FALSE",
                        "Replaced <- PvReplaced", "VariantInit = 0", "BypassBound = 0", "Variant = \"pv-wait-early-merged\"",
                        "SpinThreshold = 2", "ShortSpin = 1", "CheckPeriod = 1", "Preemption = FALSE",
                        "Stealing = TRUE", "WaitEarlyInputs = \"read\"")),
                work, null);
        assertEquals(List.of(), TraceMapMutation.wrong(validator, prefixes, PvTraceMapTest::other));
    }

    /** The forms the map does not follow refuse a recorder with one line, before any run. */
    @Test
    void unmappedFormsRefuseARecorder() {
        for (Class<?> c : List.of(PvQSpinLock.WaitEarly.class, org.handoff.models.pv.CnaPvLock.class)) {
            HandoffException e = assertThrows(HandoffException.class,
                    () -> TraceRun.record(c.getName(), "", 2, 1, 1, 1, 1, 500, 0));
            assertEquals(1, e.getMessage().lines().count(), e.getMessage());
            org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("does not record its steps"), e.getMessage());
        }
    }

    /** Another value than {@code v} that {@code field} can have (booleans are flipped by the caller). */
    private static String other(String field, String v) {
        if (STATES.contains(v)) {
            return STATES.get((STATES.indexOf(v) + 1) % STATES.size());
        } else if (field.endsWith("pending")) {
            return v.equals("0") ? "1" : "0";
        } else if (field.endsWith("locked") || field.equals("val")) {
            return v.equals("0") ? "1" : v.equals("1") ? "3" : "0"; // free, held, _Q_SLOW_VAL
        } else {
            return NODES.get((NODES.indexOf(v) + 1) % NODES.size()); // another node, or Nil
        }
    }
}
