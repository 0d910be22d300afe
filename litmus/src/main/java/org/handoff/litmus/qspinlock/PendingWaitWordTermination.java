package org.handoff.litmus.qspinlock;

import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.QSpinLockMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * {@link QSpinLockPendingTermination} on {@link QSpinLockMutants.PendingWaitWord}: the pending owner
 * waits for the whole word to be 0, which its own pending bit prevents. Whenever the actor finds the
 * lock held it sets pending and spins forever ({@code STALE}); only an actor that arrives after the
 * release terminates. No reordering is involved. This is the check that the termination test has
 * teeth.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.PendingWaitWordTermination$'} (see package-info).
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE,
        desc = "The waiter acquired and released the lock after the holder released it.")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: the waiter was still spinning after the holder released the lock.")
@State
public class PendingWaitWordTermination {
    private final QSpinLock lock = new QSpinLockMutants.PendingWaitWord();
    private final QSpinLock.Cpu holder = lock.newContext();
    private final QSpinLock.Cpu waiter = lock.newContext();

    public PendingWaitWordTermination() {
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
