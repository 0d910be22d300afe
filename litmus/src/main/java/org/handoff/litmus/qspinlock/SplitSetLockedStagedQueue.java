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
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * {@link QSpinLockStagedQueue} on {@link QSpinLockMutants.SplitSetLocked}: {@code set_locked} as
 * a read of the word and a store of it. In the samples where the second actor's {@code xchg_tail}
 * lands between a staged head's read and its store, the store puts the older tail back; the
 * first actor, at the head, then finds its own tail, claims the lock as the last waiter and never
 * hands it on: the second actor is stranded ({@code ..., 1}, DeadlockFreedom). No reordering is
 * involved: the stranded outcomes follow from program order, so the JMM allows them everywhere.
 * How often the window is hit is a matter of timing (docs/catch-rates.md).
 *
 * <p>For the correct lock the JMM allows only {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.SplitSetLockedStagedQueue$'} (see package-info).
 */
@JCStressTest
@Outcome(id = {"0, 0, 1, 1, 0", "1, 1, 0, 0, 0"}, expect = Expect.ACCEPTABLE,
        desc = "The second holder found both writes of the first.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class SplitSetLockedStagedQueue {
    private final LockHarness<QSpinLock.Cpu> h = LockHarness.of(spin -> StagedQueueOfTwo.build(spin, QSpinLockMutants.SplitSetLocked::new));

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
