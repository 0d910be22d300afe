package org.handoff.litmus.qspinlock;

import java.util.function.BiFunction;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.litmus.ReadThenWriteOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.QSpinLockMutants;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * HandoffVisibility of the qspinlock port on the queue path. The state holds the lock with a third
 * CPU from its construction. Whichever actor comes first finds the lock held and takes pending;
 * the other finds locked and pending set and queues, as the head of an empty queue. The third CPU
 * releases the lock only when the queue head arrives ({@link ReleaseHolderAtHead}, in
 * {@code pv_wait_head_or_lock}), so every sample has one actor on the pending path and one on the
 * queue path, and the hand-off is from the pending owner to the queue head: the head's acquire wait
 * for locked and pending to clear, then its claim of the lock (clearing its own tail).
 *
 * <p>The JMM allows only {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}: the pending owner enters
 * after the holder's release and leaves with its own release, which the head's wait reads with
 * acquire.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code head-ignores-pending} ({@link QSpinLockMutants.HeadIgnoresPending}): the queue head
 * waits only for the locked byte, not for pending. When the third CPU releases, the head takes the
 * lock at once while the pending owner, which waits for the same locked byte, may take it too: both
 * are inside, and the second can find the fields unwritten or half written. No reordering is
 * involved; it needs the pending owner to see the locked byte clear in the short window before the
 * head sets it again. The same race strands the head more often than it shows stale values: having
 * seen its own tail with pending set, the head expects the pending CPU to queue behind it and waits
 * for a successor link, but that CPU took the lock instead and never queues. Both are forbidden; the
 * verdict names DeadlockFreedom, the first of the two in the catalogue, and lists HandoffVisibility
 * in its detail.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.QSpinLockQueueVisibility$'} (see package-info).
 */
@JCStressTest
@State
public class QSpinLockQueueVisibility extends ReadThenWriteOutcomes {
    /** The entry's variant's port ({@link LockChoice}): a qspinlock variant runs this test as it is. */
    private static final BiFunction<SpinPolicy, SlowpathHooks, QSpinLock> LOCK =
            LockChoice.withHooks(QSpinLockQueueVisibility.class, QSpinLock.class);
    private final ReleaseHolderAtHead hooks = new ReleaseHolderAtHead();
    private final LockHarness<QCpu> h = LockHarness.of(spin -> hooks.attach(LOCK.apply(spin, hooks)));

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
