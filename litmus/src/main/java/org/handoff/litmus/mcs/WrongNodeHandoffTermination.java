package org.handoff.litmus.mcs;

import org.handoff.models.mcs.McsLock;
import org.handoff.models.mcs.McsMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * {@link McsTermination} on {@link McsMutants.WrongNodeHandoff}: the release stores 1 into the
 * releasing node's own {@code locked} instead of the successor's. Whenever the waiter has queued
 * before the release, it is never handed the lock and spins forever ({@code STALE}); only a waiter
 * that arrives after the release (and finds the queue empty) terminates. No reordering is
 * involved: x86 shows it and every memory model allows it. This is the check that the termination
 * test has teeth.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.WrongNodeHandoffTermination$'} (see package-info).
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE,
        desc = "The waiter acquired and released the lock after the holder released it.")
@Outcome(id = "STALE", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: the waiter was still spinning after the holder released the lock.")
@State
public class WrongNodeHandoffTermination {
    private final McsLock lock = new McsMutants.WrongNodeHandoff();
    private final McsLock.Node holder = lock.newContext();
    private final McsLock.Node waiter = lock.newContext();

    public WrongNodeHandoffTermination() {
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
