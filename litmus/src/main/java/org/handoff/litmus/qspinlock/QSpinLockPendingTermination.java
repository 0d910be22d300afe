package org.handoff.litmus.qspinlock;

import java.util.function.BiFunction;
import org.handoff.litmus.LockChoice;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
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
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.QSpinLockPendingTermination$'} (see package-info).
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE,
        desc = "The waiter acquired and released the lock after the holder released it.")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: the waiter was still spinning after the holder released the lock.")
@State
public class QSpinLockPendingTermination {
    /** The entry's variant's port ({@link LockChoice}): a qspinlock variant runs this test as it is. */
    private static final BiFunction<SpinPolicy, QSpinLock.Hooks, QSpinLock> LOCK =
            LockChoice.withHooks(QSpinLockPendingTermination.class, QSpinLock.class);
    private final QSpinLock lock = LOCK.apply(SpinPolicy.FOREVER, QSpinLock.Hooks.NATIVE);
    private final QSpinLock.Cpu holder = lock.newContext();
    private final QSpinLock.Cpu waiter = lock.newContext();

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
