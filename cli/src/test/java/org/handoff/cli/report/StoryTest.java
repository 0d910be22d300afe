package org.handoff.cli.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.handoff.specs.TlaValue;
import org.handoff.specs.TlcTrace;
import org.junit.jupiter.api.Test;

/**
 * A counterexample told from the threads' program counters, on traces written for it: a lasso in
 * which one thread waits while two others take turns, and one that nobody leaves.
 */
class StoryTest {

    /** A trace of pc values (one string per thread 1, 2, 3 per state), looping back to {@code backTo}. */
    private static TlcTrace trace(Integer backTo, String... states) {
        List<TlcTrace.Step> steps = new ArrayList<>();
        for (int i = 0; i < states.length; i++) {
            Map<TlaValue, TlaValue> pc = new LinkedHashMap<>();
            String[] pcs = states[i].split(" ");
            for (int t = 0; t < pcs.length; t++) {
                pc.put(new TlaValue.Int(t + 1), new TlaValue.Str(pcs[t]));
            }
            steps.add(new TlcTrace.Step(i + 1, i == 0 ? "Initial predicate" : "Step", i == 0 ? null : "Step", null, null, null,
                    Map.of("pc", new TlaValue.Fcn(pc)), List.of(), null, null));
        }
        return new TlcTrace(steps, backTo, backTo == null ? null : steps.get(backTo - 1), false);
    }

    @Test
    void aLassoNamesTheWaiterWhereItWaitsAndWhoTakesTheLock() {
        TlcTrace t = trace(3, "ncs ncs ncs", "cs spin ncs", "ncs spin cs", "cs spin ncs");
        Story s = Story.tell(t, "StarvationFreedom", (state, thread) -> thread.equals(new TlaValue.Int(2)) ? "in the secondary queue"
                : null);
        assertEquals("From state 3 on, the behaviour repeats forever (states 3 to 4, then back to 3): t2 waits in the secondary"
                + " queue while t1 and t3 take the lock twice in each round (t1 once, t3 once).", s.sentences().get(0));
        assertEquals("In the 4 states, the lock is taken by t1 twice, t3 once; t2 never takes it.", s.sentences().get(1));
        assertEquals(List.of("t2"), s.starved());
        assertEquals("t2 waits in the secondary queue for ever", s.clause());
        assertEquals(Set.of(2, 3), s.keyStates(), "the last two states, the second of them the loop's first");
        assertEquals(3, s.threads());
    }

    @Test
    void withoutAPlaceTheWaitersPcIsNamed() {
        TlcTrace t = trace(2, "ncs ncs ncs", "spin spin ncs", "spin spin ncs");
        Story s = Story.tell(t, "DeadlockFreedom", (state, thread) -> null);
        assertTrue(s.sentences().get(0).endsWith("t1 and t2 wait (pc spin), and no thread takes the lock."), s.text());
        assertEquals(2, s.threads(), "thread 3 never leaves its idle pc and takes no part");
    }
}
