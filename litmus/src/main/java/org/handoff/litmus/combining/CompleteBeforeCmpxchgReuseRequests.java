package org.handoff.litmus.combining;

import java.util.function.IntUnaryOperator;
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
 * Node reuse, as {@link CombiningReuseRequests}, on {@link CombiningMutants.CompleteBeforeCmpxchg}:
 * the holder completes the last node of its snapshot before the cmpxchg that empties the queue.
 *
 * <p>Expected: the submitter of that node returns on the early completion and queues its second
 * request on the same node, which leaves the tail naming that node; the stage holds the holder
 * until then, its cmpxchg succeeds on the new request and empties the queue over it. Nobody runs
 * it, and its submitter waits until the other actor has returned, then gives up ({@code 1},
 * DeadlockFreedom). Any memory model allows it, the JMM and x86 included. The one-request shape
 * ({@link CombiningRequests}) cannot show it: there is no second request to queue.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.combining\.CompleteBeforeCmpxchgReuseRequests$'} (see the MCS package-info).
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
public class CompleteBeforeCmpxchgReuseRequests {
    private final CombiningHarness h = new CombiningHarness(Staged::new);

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

    /** The mutant, with the stage of {@link CombiningReuseRequests.Staged}. */
    static final class Staged extends CombiningMutants.CompleteBeforeCmpxchg {
        private final CombiningHarness.ReuseStage stage = new CombiningHarness.ReuseStage();

        Staged(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void aliInit(CombiningLock.Node ali, IntUnaryOperator fn, int para) {
            super.aliInit(ali, fn, para);
            stage.submits(ali);
        }

        @Override
        protected CombiningLock.Node aliXchg(CombiningLock.Node ali) {
            CombiningLock.Node old = super.aliXchg(ali);
            stage.passed();
            return old;
        }

        @Override
        protected void aliComplete(CombiningLock.Node ali) {
            super.aliComplete(ali);
            stage.completed(ali);
        }

        @Override
        protected void aliLastComplete(CombiningLock.Node ali) {
            super.aliLastComplete(ali);
            stage.completed(ali);
        }
    }
}
