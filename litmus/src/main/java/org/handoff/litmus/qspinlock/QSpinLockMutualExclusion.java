package org.handoff.litmus.qspinlock;

import java.util.function.BiFunction;
import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.QSpinLockMutants;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the qspinlock port: two actors each take the lock four times and increment
 * two plain fields inside; the arbiter reads {@code x, y} and whether a wait gave up
 * ({@link LockHarness}). Two CPUs reach every path of the slowpath but the MCS hand-off between two
 * queued nodes: the fast path, the pending path (a waiter that finds the lock held), and the queue
 * path (a thread that releases and comes straight back while the other is pending queues, and the
 * pending owner may then come back and queue behind it). Each context is one CPU, reused.
 *
 * <p>The JMM allows only {@code 8, 8, 0}: every way into the lock ends in an acquire that reads the
 * release of the previous holder's unlock, and every change of the word is one atomic update. x86
 * shows only {@code 8, 8, 0} too.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code clear-tail-not-last} ({@link QSpinLockMutants.ClearTailNotLast}): the queue head
 * claims the lock by resetting the word to locked without checking that it is the last in the
 * queue. With two CPUs the queue holds two nodes when one thread queued (the other was pending)
 * and the other, after its turn, came back and queued behind it; the head then erases the second
 * from the word, and that waiter is never handed the MCS lock.
 *
 * <p>Expected: {@code 8, 8, 1} and the like (DeadlockFreedom), the stranded waiter ended by the
 * harness once its releaser has returned. No reordering is involved.
 * <li>{@code no-pending-wait} ({@link QSpinLockMutants.NoPendingWait}): the pending owner
 * takes the lock without waiting for the holder to release it.
 *
 * <p>Expected: lost increments (MutualExclusion) whenever a waiter finds the lock held, which the
 * reacquiring shape makes frequent. No reordering is involved: the JMM and x86 both allow it.
 * <li>{@code pending-unbounded} ({@link QSpinLockMutants.PendingUnbounded}): the wait for an
 * in-progress pending->locked hand-over has no bound. The transition it waits for always happens,
 * so mutual exclusion and hand-off are as in the correct lock.
 *
 * <p>Expected: {@code 8, 8, 0} only, a pass. The mutant's harm is starvation under a schedule that
 * keeps re-creating the 0,1,0 state; jcstress's schedules are not adversarial, and the harness's
 * stranded-wait rules see only waits that can never end.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.QSpinLockMutualExclusion$'} (see package-info).
 */
@JCStressTest
@State
public class QSpinLockMutualExclusion extends IncrementOutcomes {
    /** The entry's variant's port ({@link LockChoice}): a qspinlock variant runs this test as it is. */
    private static final BiFunction<SpinPolicy, SlowpathHooks, QSpinLock> LOCK =
            LockChoice.withHooks(QSpinLockMutualExclusion.class, QSpinLock.class);
    private final LockHarness<QCpu> h = LockHarness.of(spin -> LOCK.apply(spin, SlowpathHooks.NATIVE));

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
