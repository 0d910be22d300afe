package org.handoff.crosscheck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.handoff.core.ProjectRoot;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.CnaThreshold;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * specs/cna/trace/CNAStepsTrace.tla holds every value a recorded step of the CNA port reports against
 * CNASteps.tla (recorded with {@code cna-threshold} at T = 2, whose runs take every CNA step: the
 * walk, a move onto an empty and onto a non-empty secondary queue, the flush at the threshold, and
 * the count that travels with the lock): take a prefix of a recorded trace that the spec accepts,
 * change one reported value of its last event, and the spec rejects it. The unchanged prefixes are
 * validated in the same TLC run and must be accepted, so a rejection can only come from the changed
 * value. (As PvTraceMapTest.)
 */
@Tag("integration")
class CnaTraceMapTest {
    private static final int THREADS = 4;
    /** The spec's node names for 4 CPUs (EncodeTail(cpu, 0)), and Nil. */
    private static final List<String> NODES = List.of("0", "4", "8", "12", "16");

    /** Steps that report the lock word they found and left (the waits report the word found only). */
    private static final List<String> WORD_STEPS = List.of("FastPath", "FetchSetPending", "ClearPending", "PendingSpin",
            "Queue", "XchgTail", "XchgTailLocked", "LinkPrev", "SetLocked", "Unlock", "TryClearTailCas",
            "TryClearTailPass", "PassStart", "WalkRead", "MoveLink", "MoveCut", "MoveTail", "PassGive", "FlushSplice",
            "FlushGive", "PassGiveNext");

    /** Every field of every action the CNA port records, as Action.field: the map checks each one. */
    private static final Set<String> REPORTED = Stream.concat(
            Stream.concat(WORD_STEPS.stream().flatMap(a -> Stream.of("tail", "pending", "locked", "ntail", "npending",
                    "nlocked").map(f -> a + "." + f)),
                    Stream.of("PendingWait", "HeadWait").flatMap(a -> Stream.of("tail", "pending", "locked").map(f -> a + "." + f))),
            Stream.of("Queue.ok", "Queue.node", "Queue.numa", "LinkPrev.prev", "TryClearTailCas.ok", "PassStart.search",
                    "WalkRead.from", "WalkRead.next", "MoveLink.head", "MoveLink.append", "MoveCut.cut",
                    "MoveTail.sectail", "FlushSplice.splice", "PassGive.sectail",
                    "PassGive.to", "PassGive.val", "PassGive.intra", "FlushGive.to", "FlushGive.val", "FlushGive.intra",
                    "PassGiveNext.to", "PassGiveNext.val", "PassGiveNext.intra",
                    "TryClearTailPass.to", "TryClearTailPass.val", "TryClearTailPass.intra"))
            .collect(Collectors.toSet());

    @TempDir
    Path work;

    @Test
    void changingAnyReportedValueOfAnAcceptedPrefixGetsItRejected() {
        var prefixes = TraceMapMutation.prefixes(
                i -> TraceRun.record(CnaThreshold.class.getName(), "threshold=2", THREADS, 8, 1, i, i, 2000, 50),
                REPORTED, 300);
        Path root = ProjectRoot.find();
        TraceValidator validator = new TraceValidator(new TraceValidator.Target(root.resolve("specs/cna"), "CNASteps.tla",
                "CNAStepsTrace", "StepsInit", "CnaStepsTraceStep(t, e)", List.of("N = " + THREADS, "NestDepth = 0",
                        "PendingLoops = 1", "IrqCpus = {}", "Crossed = FALSE", "IrqAnywhere = FALSE",
                        "Replaced = {\"XchgTail\", \"HeadCmpxchg\", \"McsHandoff\"}", "VariantInit <- CnaInitState",
                        "BypassBound = 0", "Sockets = 2", "Variant = \"threshold\"", "Threshold = 2",
                        "PendingPath = TRUE")),
                work, null);
        assertEquals(List.of(), TraceMapMutation.wrong(validator, prefixes, CnaTraceMapTest::other));
    }

    /** Another value than {@code v} that {@code field} can have (booleans are flipped by the caller). */
    private static String other(String field, String v) {
        if (field.equals("numa") || field.endsWith("pending")) {
            return v.equals("0") ? "1" : "0";
        } else if (field.equals("intra")) {
            return Integer.toString(Integer.parseInt(v) + 1);
        } else if (field.endsWith("locked") && !field.equals("val")) {
            return v.equals("0") ? "1" : "0";
        } else if (field.equals("val")) {
            return v.equals("1") ? "4" : "1"; // 1, or a secondary queue's first node
        } else {
            return NODES.get((NODES.indexOf(v) + 1) % NODES.size()); // another node, or Nil
        }
    }
}
