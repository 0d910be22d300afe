package org.handoff.crosscheck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.handoff.core.ProjectRoot;
import org.handoff.models.combining.CombiningLock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * specs/trace/CombiningTrace.tla holds every value a recorded step reports against the spec: take a
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
        Map<String, List<TraceFile.Event>> prefixes = new TreeMap<>();
        for (int run = 1; run <= 300 && prefixes.size() < REPORTED.size(); run++) {
            TraceRun.Recorded r = TraceRun.record(CombiningLock.Batched.class.getName(), THREADS, 5, run, run, 2000, 20);
            assertEquals(TraceRun.Status.OK, r.status(), () -> "run " + r.run() + ": " + r.note());
            List<TraceFile.Event> events = TraceFile.convert(r.events());
            for (int i = 0; i < events.size(); i++) {
                for (String field : events.get(i).fields().keySet()) {
                    prefixes.putIfAbsent(events.get(i).action() + "." + field, List.copyOf(events.subList(0, i + 1)));
                }
            }
        }
        assertEquals(REPORTED, prefixes.keySet(), "the runs report exactly the fields the map is said to check");

        List<String> kinds = new ArrayList<>(prefixes.keySet());
        List<List<TraceFile.Event>> traces = new ArrayList<>();
        for (String kind : kinds) {
            List<TraceFile.Event> prefix = prefixes.get(kind);
            traces.add(prefix);
            traces.add(changed(prefix, kind.substring(kind.indexOf('.') + 1)));
        }
        Path root = ProjectRoot.find();
        TraceValidator validator = new TraceValidator(new TraceValidator.Target(root.resolve("specs"), "Combining.tla",
                "CombiningTrace", "Init", "ThreadNext(t)", List.of("N = " + THREADS, "Batch = 2", "Bound = 2")),
                work, null);
        List<TraceValidator.Judgement> j = validator.validate(traces, 0).judgements();
        List<String> wrong = new ArrayList<>();
        for (int k = 0; k < kinds.size(); k++) {
            List<TraceFile.Event> prefix = traces.get(2 * k);
            String last = prefix.get(prefix.size() - 1).line();
            if (!j.get(2 * k).accepted()) {
                wrong.add(kinds.get(k) + ": the recorded prefix ending in '" + last + "' was rejected");
            }
            List<TraceFile.Event> bad = traces.get(2 * k + 1);
            if (j.get(2 * k + 1).accepted()) {
                wrong.add(kinds.get(k) + ": '" + bad.get(bad.size() - 1).line() + "' (recorded: '" + last
                        + "') was accepted");
            }
        }
        assertEquals(List.of(), wrong);
    }

    /** The prefix with {@code field} of its last event set to another value the field can have. */
    private static List<TraceFile.Event> changed(List<TraceFile.Event> prefix, String field) {
        TraceFile.Event e = prefix.get(prefix.size() - 1);
        String v = e.fields().get(field);
        String w;
        if (v.equals("true") || v.equals("false")) {
            w = v.equals("true") ? "false" : "true";
        } else if (field.equals("result")) {
            w = Integer.toString(Integer.parseInt(v) + 1); // one run more
        } else if (field.equals("locked")) {
            w = v.equals("0") ? "2" : "0"; // done and become-the-holder swapped
        } else {
            w = Integer.toString((Integer.parseInt(v) + 1) % (THREADS + 1)); // another node, or Nil
        }
        Map<String, String> fields = new LinkedHashMap<>(e.fields());
        fields.put(field, w);
        List<TraceFile.Event> out = new ArrayList<>(prefix.subList(0, prefix.size() - 1));
        out.add(new TraceFile.Event(e.seq(), e.thread(), e.action(), fields));
        return out;
    }
}
