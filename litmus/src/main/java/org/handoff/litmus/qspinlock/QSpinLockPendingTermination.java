package org.handoff.litmus.qspinlock;

import java.util.function.BiFunction;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.TerminationOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.QSpinLockMutants;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * DeadlockFreedom of the qspinlock port on the pending path, in jcstress's termination mode: the
 * state holds the lock from its construction; the actor takes it, spinning without a bound as the
 * kernel does, and releases it; the signal, sent while the actor runs, releases the holder. The
 * actor must finish.
 *
 * <p>An actor that arrives before the release finds the word at 0,0,1, sets pending and waits for
 * the locked byte to clear; the release clears it, and the JMM guarantees the spinning read
 * eventually sees it (same variable). An actor that arrives after takes the fast path.
 * {@code STALE} (still spinning when jcstress gives up on it) is forbidden.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code pending-wait-word} ({@link QSpinLockMutants.PendingWaitWord}): the pending owner
 * waits for the whole word to be 0, which its own pending bit prevents. Whenever the actor finds the
 * lock held it sets pending and spins forever ({@code STALE}); only an actor that arrives after the
 * release terminates. No reordering is involved. This is the check that the termination test has
 * teeth.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.QSpinLockPendingTermination$'} (see package-info).
 */
@JCStressTest(Mode.Termination)
@State
public class QSpinLockPendingTermination extends TerminationOutcomes {
    /** The entry's variant's port ({@link LockChoice}): a qspinlock variant runs this test as it is. */
    private static final BiFunction<SpinPolicy, SlowpathHooks, QSpinLock> LOCK =
            LockChoice.withHooks(QSpinLockPendingTermination.class, QSpinLock.class);
    private final QSpinLock lock = LOCK.apply(SpinPolicy.FOREVER, SlowpathHooks.NATIVE);
    private final QCpu holder = lock.newContext();
    private final QCpu waiter = lock.newContext();

    public QSpinLockPendingTermination() {
        lock.lock(holder);
    }

    @Actor
    public void waiter() {
        lock.lock(waiter);
        lock.unlock(waiter);
    }

    @Signal
    public void release() {
        lock.unlock(holder);
    }
}
