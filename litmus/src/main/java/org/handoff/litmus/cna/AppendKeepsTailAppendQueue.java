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
 * {@link CnaAppendQueue} on {@link org.handoff.models.cna.CnaMutants.AppendKeepsTail}: a move onto
 * a secondary queue that holds waiters already links the moved run behind its last node but leaves
 * the queue's recorded tail there. In the samples where actor 0 linked first, actor 0 is appended
 * behind the staged remote waiter, the recorded tail stays at that waiter, and when actor 1 makes
 * the secondary queue the main one the waiter finds its own tail, claims the lock as the last and
 * never hands it on. Expected there: {@code 1, 1, 0, 0, 1} (DeadlockFreedom: actor 0 gave up
 * waiting once actor 1 had returned). No reordering is involved.
 *
 * <p>For the correct lock the JMM allows only {@code 1, 1, 0, 0, 0} and {@code 0, 0, 1, 1, 0} (see
 * {@link CnaAppendQueue}); the stranded outcomes of this mutant follow from its program order alone,
 * so the JMM allows them on every platform, x86 included.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.cna\.AppendKeepsTailAppendQueue$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "1, 1, 0, 0, 0", expect = Expect.ACCEPTABLE,
        desc = "Actor 1 (the head's node) entered first; actor 0 found both its writes.")
@Outcome(id = "0, 0, 1, 1, 0", expect = Expect.ACCEPTABLE_INTERESTING,
        desc = "Actor 0 (remote) entered first: the head did not search for a local waiter.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class AppendKeepsTailAppendQueue {
    private final LockHarness<QSpinLock.Cpu> h = LockHarness.of(
            spin -> StagedMainQueue.withLocal(spin, CnaMutants.AppendKeepsTail::new));

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
