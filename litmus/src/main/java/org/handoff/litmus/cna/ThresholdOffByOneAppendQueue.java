package org.handoff.litmus.cna;

import org.handoff.litmus.LockHarness;
import org.handoff.models.cna.CnaMutants;
import org.handoff.models.qspinlock.QSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * {@link CnaThresholdAppendQueue} on {@link CnaMutants.ThresholdOffByOne}: the policy searches while the count is at most the threshold ({@code <=} for {@code <}). CPU 3
 * then searches and hands the lock to actor 1 for a second local hand-off in a row, ahead of the
 * staged remote waiter and actor 0: {@code 1, 1, 0, 0, 0} in every sample (BoundedBypass). No
 * reordering is involved: the outcome follows from program order, so the JMM allows it everywhere.
 *
 * <p>For the correct lock the JMM allows only {@code 0, 0, 1, 1, 0} (see
 * {@link CnaThresholdAppendQueue}).
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.cna\.ThresholdOffByOneAppendQueue$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "0, 0, 1, 1, 0", expect = Expect.ACCEPTABLE,
        desc = "After one local hand-off the lock left node 0: the staged remote waiter, then actor 0, then actor 1.")
@Outcome(id = "1, 1, 0, 0, 0", expect = Expect.FORBIDDEN,
        desc = "BoundedBypass: actor 1 entered first: the lock stayed on node 0 for a second local hand-off, past the threshold of 1.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class ThresholdOffByOneAppendQueue {
    private final LockHarness<QSpinLock.Cpu> h = LockHarness.of(
            spin -> StagedMainQueue.withLocal(spin, (p, hooks) -> new CnaMutants.ThresholdOffByOne(p, hooks).threshold(1)));

    @Actor
    public void actor1(IIIII_Result r) {
        h.readThenWrite(0, r);
    }

    @Actor
    public void actor2(IIIII_Result r) {
        h.readThenWrite(1, r);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
