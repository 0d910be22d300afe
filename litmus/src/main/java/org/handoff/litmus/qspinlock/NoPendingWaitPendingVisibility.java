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
 * {@link QSpinLockPendingVisibility} on {@link QSpinLockMutants.NoPendingWait}: the pending owner
 * does not wait for the holder, so both actors can be inside at once and the second can read the
 * fields before the first wrote them ({@code 0, 0, 0, 0, 0}) or between its two writes. No
 * reordering is involved: x86 shows it and the JMM allows it. Staged as
 * {@link QSpinLockPendingVisibility} is: actor 2 arrives while actor 1 is inside.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.NoPendingWaitPendingVisibility$'} (see package-info).
 */
@JCStressTest
@Outcome(id = {"0, 0, 1, 1, 0", "1, 1, 0, 0, 0"}, expect = Expect.ACCEPTABLE,
        desc = "The second holder found both writes of the first.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class NoPendingWaitPendingVisibility {
    private final LockHarness<QSpinLock.Cpu> h = LockHarness.arrivingWhileHeld(QSpinLockMutants.NoPendingWait::new);

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
