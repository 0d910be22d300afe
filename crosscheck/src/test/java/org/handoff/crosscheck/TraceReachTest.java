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
            run(new Event(1, 1, "PassLock", "search=true sectail=3 intra=1"), new Event(2, 2, "Unlock", "")),
            run(new Event(1, 2, "PassLock", "search=true intra=0")));

    @Test
    void countsTheEventsThatMatchEachPattern() {
        Map<String, Long> r = CrosscheckRunner.reached(List.of("PassLock search=true", "PassLock sectail",
                "PassLock search=false", "Unlock"), RUNS);
        assertEquals(Map.of("PassLock search=true", 2L, "PassLock sectail", 1L, "PassLock search=false", 0L, "Unlock", 1L), r);
    }

    @Test
    void aPassWithoutTheVariantsStepIsVacuous() {
        Check c = new Check("cna", "cna-threshold", false, Level.CROSSCHECK, "T", "SpecConformance", Outcome.PASS, null,
                "quick", Map.of("reaches", List.of("PassLock search=false")));
        CrosscheckRunner.Summary s = new CrosscheckRunner.Summary(2, 2, 2, 0, 0, 0, 3, 10, 0.1, 0.2, 7, List.of(), List.of(),
                CrosscheckRunner.reached(c.strings("reaches"), RUNS));
        Verdict v = CrosscheckRunner.judge(c, s, 1.0);
        assertEquals(Outcome.VACUOUS, v.actual());
        assertTrue(v.detail().startsWith("no recorded event 'PassLock search=false' in 2 runs"), v.detail());
        CrosscheckRunner.Summary reached = new CrosscheckRunner.Summary(2, 2, 2, 0, 0, 0, 3, 10, 0.1, 0.2, 7, List.of(),
                List.of(), Map.of("PassLock search=false", 4L));
        assertEquals(Outcome.PASS, CrosscheckRunner.judge(c, reached, 1.0).actual());
    }
}
