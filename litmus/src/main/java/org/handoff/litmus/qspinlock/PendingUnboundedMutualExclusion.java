package org.handoff.litmus.qspinlock;

import org.handoff.litmus.LockHarness;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.QSpinLockMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link QSpinLockMutualExclusion} on {@link QSpinLockMutants.PendingUnbounded}: the wait for an
 * in-progress pending->locked hand-over has no bound. The transition it waits for always happens,
 * so mutual exclusion and hand-off are as in the correct lock.
 *
 * <p>Expected: {@code 8, 8, 0} only, a pass. The mutant's harm is starvation under a schedule that
 * keeps re-creating the 0,1,0 state; jcstress's schedules are not adversarial, and the harness's
 * stranded-wait rules see only waits that can never end.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.PendingUnboundedMutualExclusion$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "8, 8, 0", expect = Expect.ACCEPTABLE,
        desc = "All eight entries counted; no wait gave up.")
@Outcome(id = "([0-7], \\d+|8, [0-7]), [02]", expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: an increment was lost: two threads were inside at once.")
@Outcome(id = "8, 8, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(id = "([0-7], \\d+|8, [0-7]), 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a stranded thread entered without the lock; the lost increment follows from that.")
@State
public class PendingUnboundedMutualExclusion {
    private final LockHarness<QSpinLock.Cpu> h = LockHarness.of(QSpinLockMutants.PendingUnbounded::new);

    @Actor
    public void actor1() {
        h.increment(0, 4);
    }

    @Actor
    public void actor2() {
        h.increment(1, 4);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        h.report(r);
    }
}
