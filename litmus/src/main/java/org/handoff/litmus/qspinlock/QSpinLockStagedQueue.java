package org.handoff.litmus.qspinlock;

import java.util.function.BiFunction;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.litmus.ReadThenWriteOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * DeadlockFreedom and HandoffVisibility of the qspinlock port with a queue of two staged behind a
 * holder ({@link StagedQueueOfTwo}): the first actor to link runs the staged CPUs, whose queue
 * heads are not last and take the lock with {@code set_locked}, while the second actor arrives.
 * Whichever actor linked first enters first. The manifest entry requires {@code set_locked} to have
 * run (hook counts).
 *
 * <p>The JMM allows only {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0} with nothing stranded:
 * the hand-offs between actors are the MCS release store of the successor's {@code locked}, read
 * with acquire, and the release of the lock word, read with acquire by the queue head. x86 shows
 * the same.
 *
 * <p>The manifest runs it on qspinlock and, through its {@code lock} ({@link LockChoice}), on
 * {@link org.handoff.models.qspinlock.QSpinLockMutants.SplitSetLocked} ({@code set_locked} as a read
 * of the word and a store of it): in the samples where the second actor's {@code xchg_tail} lands
 * between a staged head's read and its store, the store puts the older tail back, the first actor
 * later finds its own tail, claims the lock as the last and never hands it on, and the second actor
 * is stranded ({@code ..., 1}, DeadlockFreedom; program order alone). How often the window is hit
 * is a matter of timing (docs/catch-rates.md).
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.QSpinLockStagedQueue$'} (see
 * package-info), with {@code -jvmArgs -Dhandoff.litmus.lock.org.handoff.litmus.qspinlock.QSpinLockStagedQueue=CLASS}
 * for another lock.
 */
@JCStressTest
@State
public class QSpinLockStagedQueue extends ReadThenWriteOutcomes {
    private static final BiFunction<SpinPolicy, SlowpathHooks, QSpinLock> LOCK =
            LockChoice.withHooks(QSpinLockStagedQueue.class, QSpinLock.class);
    private final LockHarness<QCpu> h = LockHarness.of(
            spin -> StagedQueueOfTwo.build(spin, LOCK));

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
