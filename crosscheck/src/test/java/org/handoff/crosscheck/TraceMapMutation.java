package org.handoff.crosscheck;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.BinaryOperator;
import java.util.function.IntFunction;

/**
 * The mutation test of a trace map: for every field of every recorded action, an accepted prefix
 * ending in that action, the same prefix with the field's value changed, and one TLC run that must
 * accept each original and reject each changed prefix. Shared by the families' map tests.
 */
final class TraceMapMutation {
    private TraceMapMutation() {
    }

    /**
     * The recorder's own annotations of a step that made more than one shared access (how many, and
     * how many other steps landed inside it): what a reader of the trace sees, not what the step
     * observed, so no map checks them and changing them must change nothing.
     */
    static final Set<String> RECORDER_FIELDS = Set.of("accesses", "between");

    /**
     * Records runs ({@code run(i)} for i = 1..maxRuns) until every {@code Action.field} of
     * {@code reported} has occurred; returns the shortest prefix ending in each, and requires that
     * the runs report exactly those fields.
     */
    static Map<String, List<TraceFile.Event>> prefixes(IntFunction<TraceRun.Recorded> run, Set<String> reported,
            int maxRuns) {
        Map<String, List<TraceFile.Event>> prefixes = new TreeMap<>();
        for (int i = 1; i <= maxRuns && !prefixes.keySet().containsAll(reported); i++) {
            TraceRun.Recorded r = run.apply(i);
            assertEquals(TraceRun.Status.OK, r.status(), () -> "run " + r.run() + ": " + r.note());
            List<TraceFile.Event> events = TraceFile.convert(r.events());
            for (int k = 0; k < events.size(); k++) {
                for (String field : events.get(k).fields().keySet()) {
                    if (RECORDER_FIELDS.contains(field)) {
                        continue;
                    }
                    prefixes.putIfAbsent(events.get(k).action() + "." + field, List.copyOf(events.subList(0, k + 1)));
                }
            }
        }
        Set<String> missing = new TreeSet<>(reported);
        missing.removeAll(prefixes.keySet());
        Set<String> extra = new TreeSet<>(prefixes.keySet());
        extra.removeAll(reported);
        assertEquals("missing [] extra []", "missing " + missing + " extra " + extra,
                "the runs report exactly the fields the map is said to check");
        return prefixes;
    }

    /**
     * Validates each prefix and its changed twin in one TLC run; returns what went wrong: an original
     * rejected, or a changed prefix accepted. The twin's last event has its field's value changed: a
     * boolean flipped, any other value to {@code other.apply(field, value)}, another value the field
     * can have.
     */
    static List<String> wrong(TraceValidator validator, Map<String, List<TraceFile.Event>> prefixes,
            BinaryOperator<String> other) {
        List<String> kinds = new ArrayList<>(prefixes.keySet());
        List<List<TraceFile.Event>> traces = new ArrayList<>();
        for (String kind : kinds) {
            List<TraceFile.Event> prefix = prefixes.get(kind);
            traces.add(prefix);
            traces.add(changed(prefix, kind.substring(kind.indexOf('.') + 1), other));
        }
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
        return wrong;
    }

    private static List<TraceFile.Event> changed(List<TraceFile.Event> prefix, String field, BinaryOperator<String> other) {
        TraceFile.Event e = prefix.get(prefix.size() - 1);
        String v = e.fields().get(field);
        String w = v.equals("true") || v.equals("false") ? Boolean.toString(!Boolean.parseBoolean(v)) : other.apply(field, v);
        Map<String, String> fields = new LinkedHashMap<>(e.fields());
        fields.put(field, w);
        List<TraceFile.Event> out = new ArrayList<>(prefix.subList(0, prefix.size() - 1));
        out.add(new TraceFile.Event(e.seq(), e.thread(), e.action(), fields));
        return out;
    }
}
