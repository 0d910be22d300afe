package org.handoff.crosscheck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.handoff.core.ProjectRoot;
import org.handoff.models.combining.CombiningLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * specs/combining/trace/CombiningTrace.tla holds every value a recorded step reports against the spec: take a
 * prefix of a trace of the batched port that the spec accepts, change one reported value of its
 * last event, and the spec rejects it. The unchanged prefixes are validated in the same TLC run and
 * must be accepted, so a rejection can only come from the changed value.
 */
class CombiningTraceMapTest {
    private static final int THREADS = 3;

    /** Every field of every recorded action, as Action.field: the map checks each one. */
    private static final Set<String> REPORTED = Set.of("AliXchg.old", "AliWait.locked", "AliReturn.ran",
            "AliReturn.result", "AliReadTail.old", "AliWaitNext.next", "AliFn.node", "AliComplete.node",
            "AliCmpxchg.ok", "AliCmpxchg.tail", "AliLastComplete.node", "AliHandoff.to");

    @TempDir
    Path work;

    @Test
    void changingAnyReportedValueOfAnAcceptedPrefixGetsItRejected() {
        // A handoff and a failed cmpxchg need contention: record runs until every field has occurred.
        Map<String, List<TraceFile.Event>> prefixes = TraceMapMutation.prefixes(
                i -> TraceRun.record(CombiningLock.Batched.class.getName(), THREADS, 5, i, i, 2000, 20), REPORTED, 300);
        Path root = ProjectRoot.find();
        TraceValidator validator = new TraceValidator(new TraceValidator.Target(root.resolve("specs/combining"), "Combining.tla",
                "CombiningTrace", "Init", "ThreadNext(t)", List.of("N = " + THREADS, "Batch = 2", "Bound = 2", "Replaced = {}")),
                work, null);
        assertEquals(List.of(), TraceMapMutation.wrong(validator, prefixes, CombiningTraceMapTest::other));
    }

    /** Another value than {@code v} that {@code field} can have (booleans are flipped by the caller). */
    private static String other(String field, String v) {
        if (field.equals("result")) {
            return Integer.toString(Integer.parseInt(v) + 1); // one run more
        } else if (field.equals("locked")) {
            return v.equals("0") ? "2" : "0"; // done and become-the-holder swapped
        } else {
            return Integer.toString((Integer.parseInt(v) + 1) % (THREADS + 1)); // another node, or Nil
        }
    }
}
