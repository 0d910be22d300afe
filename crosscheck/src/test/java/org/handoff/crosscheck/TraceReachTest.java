package org.handoff.crosscheck;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.handoff.core.Check;
import org.handoff.core.Level;
import org.handoff.core.Outcome;
import org.handoff.core.Verdict;
import org.handoff.models.trace.TraceRecorder.Event;
import org.junit.jupiter.api.Test;

/**
 * A trace-validation run of a variant must record the variant's own step (the entry's
 * {@code reaches}); runs that never took it are vacuous, however many traces the spec accepted.
 */
class TraceReachTest {
    private static TraceRun.Recorded run(Event... events) {
        return new TraceRun.Recorded(1, 7, "w", TraceRun.Status.OK, "", List.of(events));
    }

    private static final List<TraceRun.Recorded> RUNS = List.of(
            run(new Event(1, 1, "PassStart", "search=true"), new Event(2, 1, "PassGive", "to=4 val=8 sectail=12 intra=1"),
                    new Event(3, 2, "Unlock", "")),
            run(new Event(1, 2, "PassStart", "search=true"), new Event(2, 2, "PassGive", "to=4 val=1 intra=0")));

    @Test
    void countsTheEventsThatMatchEachPattern() {
        Map<String, Long> r = CrosscheckRunner.reached(List.of("PassStart search=true", "PassGive sectail",
                "PassStart search=false", "Unlock"), RUNS);
        assertEquals(Map.of("PassStart search=true", 2L, "PassGive sectail", 1L, "PassStart search=false", 0L, "Unlock", 1L), r);
    }

    @Test
    void aPassWithoutTheVariantsStepIsVacuous() {
        Check c = new Check("cna", "cna-threshold", false, Level.CROSSCHECK, "T", "SpecConformance", Outcome.PASS, null,
                "quick", Map.of("reaches", List.of("PassStart search=false")));
        CrosscheckRunner.Summary s = new CrosscheckRunner.Summary(2, 2, 2, 0, 0, 0, 3, 10, 0.1, 0.2, 7, List.of(), List.of(),
                CrosscheckRunner.reached(c.strings("reaches"), RUNS));
        Verdict v = CrosscheckRunner.judge(c, s, 1.0);
        assertEquals(Outcome.VACUOUS, v.actual());
        assertTrue(v.detail().startsWith("no recorded event 'PassStart search=false' in 2 runs"), v.detail());
        CrosscheckRunner.Summary reached = new CrosscheckRunner.Summary(2, 2, 2, 0, 0, 0, 3, 10, 0.1, 0.2, 7, List.of(),
                List.of(), Map.of("PassStart search=false", 4L));
        assertEquals(Outcome.PASS, CrosscheckRunner.judge(c, reached, 1.0).actual());
    }
}
