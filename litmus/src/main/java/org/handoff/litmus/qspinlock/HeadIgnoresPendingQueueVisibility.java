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
 * {@link QSpinLockQueueVisibility} on {@link QSpinLockMutants.HeadIgnoresPending}: the queue head
 * waits only for the locked byte, not for pending. When the third CPU releases, the head takes the
 * lock at once while the pending owner, which waits for the same locked byte, may take it too: both
 * are inside, and the second can find the fields unwritten or half written. No reordering is
 * involved; it needs the pending owner to see the locked byte clear in the short window before the
 * head sets it again. The same race strands the head more often than it shows stale values: having
 * seen its own tail with pending set, the head expects the pending CPU to queue behind it and waits
 * for a successor link, but that CPU took the lock instead and never queues. Both are forbidden; the
 * verdict names DeadlockFreedom, the first of the two in the catalogue, and lists HandoffVisibility
 * in its detail.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.HeadIgnoresPendingQueueVisibility$'} (see package-info).
 */
@JCStressTest
@Outcome(id = {"0, 0, 1, 1, 0", "1, 1, 0, 0, 0"}, expect = Expect.ACCEPTABLE,
        desc = "The second holder found both writes of the first.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class HeadIgnoresPendingQueueVisibility {
    private final ReleaseHolderAtHead hooks = new ReleaseHolderAtHead();
    private final LockHarness<QSpinLock.Cpu> h = LockHarness.of(spin -> hooks.attach(new QSpinLockMutants.HeadIgnoresPending(spin, hooks)));

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
