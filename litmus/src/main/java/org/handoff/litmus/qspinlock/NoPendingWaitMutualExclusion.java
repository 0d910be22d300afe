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
 * {@link QSpinLockMutualExclusion} on {@link QSpinLockMutants.NoPendingWait}: the pending owner
 * takes the lock without waiting for the holder to release it.
 *
 * <p>Expected: lost increments (MutualExclusion) whenever a waiter finds the lock held, which the
 * reacquiring shape makes frequent. No reordering is involved: the JMM and x86 both allow it.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.NoPendingWaitMutualExclusion$'} (see package-info).
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
public class NoPendingWaitMutualExclusion {
    private final LockHarness<QSpinLock.Cpu> h = LockHarness.of(QSpinLockMutants.NoPendingWait::new);

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
