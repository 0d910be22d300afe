package org.handoff.litmus.combining;

import org.handoff.models.combining.CombiningMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * Requests of two submitters on {@link CombiningMutants.LostRequest}: the queue is emptied with a plain store instead of the cmpxchg. Each actor submits one request that increments {@code x,
 * y} and returns the {@code x} it read ({@link CombiningHarness}). Result: actor 1's result,
 * actor 2's result, {@code x}, {@code y}, whether a wait gave up.
 *
 * <p>Expected: when the second actor queues after the holder's snapshot, its request never runs
 * and it waits until the holder has returned, then gives up ({@code 1}, DeadlockFreedom). Any
 * memory model allows it, the JMM and x86 included.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.combining\.LostRequestRequests$'} (see the MCS package-info).
 */
@JCStressTest
@Outcome(id = {"0, 1, 2, 2, 0", "1, 0, 2, 2, 0"}, expect = Expect.ACCEPTABLE,
        desc = "Each request ran once, alone, and its submitter got its result.")
@Outcome(id = "-?\\d+, -?\\d+, -?\\d+, -?\\d+, 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a wait could never succeed (a request was never run, or a holder waited for a link that never came).")
@Outcome(id = "-?\\d+, -?\\d+, ([3-9]|\\d\\d+), -?\\d+, 0", expect = Expect.FORBIDDEN,
        desc = "RunsExactlyOnce: a request ran more than once.")
@Outcome(id = "(-2147483648, -?\\d+|-?\\d+, -2147483648), [0-2], [0-2], 0", expect = Expect.FORBIDDEN,
        desc = "ResultVisible: a submitter returned before its request ran (the empty result slot).")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: two requests ran at once (a lost or torn update, or the same value read twice).")
@State
public class LostRequestRequests {
    private final CombiningHarness h = new CombiningHarness(CombiningMutants.LostRequest::new);

    @Actor
    public void actor1(IIIII_Result r) {
        h.submit(0, r);
    }

    @Actor
    public void actor2(IIIII_Result r) {
        h.submit(1, r);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
