package org.handoff.litmus.combining;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.models.SpinPolicy;
import org.handoff.models.combining.CombiningLock;
import org.handoff.models.combining.CombiningMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * Node reuse on the combining port: each actor submits two requests with its one node, staged by
 * {@link CombiningHarness.ReuseStage} (after each completion of another's node, and before the
 * cmpxchg that would remove another's node as the tail, the holder waits, bounded, for a submitter
 * to pass the doorway again). This reaches what the one-request tests cannot: a
 * submitter re-queueing its node while a holder still walks or is about to empty the queue, so a
 * tail that names the same node twice (an ABA on {@code lock_p}). Result: actor 1's two results
 * (first times ten plus second), actor 2's, {@code x}, {@code y}, whether a wait gave up.
 *
 * <p>The JMM allows only the six acceptable outcomes, for the orderings given in
 * {@link CombiningRequests}: the four requests ran once each and alone (x = y = 4), and each
 * actor's results are two of 0 to 3, in order. x86 shows only these too.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on this variant too, with the variant's port ({@link LockChoice}):
 * <ul>
 * <li>{@code complete-before-cmpxchg} ({@link CombiningMutants.CompleteBeforeCmpxchg}): the holder
 * completes the last node of its snapshot before the cmpxchg that empties the queue.
 *
 * <p>Expected: the submitter of that node returns on the early completion and queues its second
 * request on the same node, which leaves the tail naming that node; the stage holds the holder
 * until then, its cmpxchg succeeds on the new request and empties the queue over it. Nobody runs
 * it, and its submitter waits until the other actor has returned, then gives up ({@code 1},
 * DeadlockFreedom). Any memory model allows it, the JMM and x86 included. The one-request shape
 * ({@link CombiningRequests}) cannot show it: there is no second request to queue.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.combining\.CombiningReuseRequests$'} (see the MCS package-info).
 */
@JCStressTest
@Outcome(id = {"1, 23, 4, 4, 0", "2, 13, 4, 4, 0", "3, 12, 4, 4, 0", "12, 3, 4, 4, 0", "13, 2, 4, 4, 0", "23, 1, 4, 4, 0"},
        expect = Expect.ACCEPTABLE, desc = "Each request ran once, alone, and its submitter got its result.")
@Outcome(id = "-?\\d+, -?\\d+, -?\\d+, -?\\d+, 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a wait could never succeed (a request was never run, or a holder waited for a link that never came).")
@Outcome(id = "-?\\d+, -?\\d+, ([5-9]|\\d\\d+), -?\\d+, 0", expect = Expect.FORBIDDEN,
        desc = "RunsExactlyOnce: a request ran more than once.")
@Outcome(id = "(-1, -?\\d+|-?\\d+, -1), [0-4], [0-4], 0", expect = Expect.FORBIDDEN,
        desc = "ResultVisible: a submitter returned before its request ran (the empty result slot).")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: two requests ran at once (a lost or torn update, or the same value read twice).")
@State
public class CombiningReuseRequests {
    /** The entry's variant's port ({@link LockChoice}), built with the harness's spin policy. */
    private static final Function<SpinPolicy, CombiningLock> LOCK =
            LockChoice.withPolicy(CombiningReuseRequests.class, CombiningLock.class, CombiningLock.class);
    private final CombiningHarness h = new CombiningHarness(LOCK, new CombiningHarness.ReuseStage());

    @Actor
    public void actor1(IIIII_Result r) {
        h.submitTwice(0, r);
    }

    @Actor
    public void actor2(IIIII_Result r) {
        h.submitTwice(1, r);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
