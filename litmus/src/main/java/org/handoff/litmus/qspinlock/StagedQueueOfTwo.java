package org.handoff.litmus.qspinlock;

import java.util.function.BiFunction;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.handoff.models.qspinlock.StagedCpu;

/**
 * The state of the staged-queue litmus tests: a holder and a queue of two staged before the actors
 * start, so that a queue head that is not the last waiter takes the lock ({@code set_locked}) while
 * an actor arrives.
 *
 * <p>CPU 0 holds the lock from construction; CPU 1 is staged as the queue head and CPU 2 as a
 * waiter linked behind it ({@link StagedCpu}). The actors are CPUs 3 and 4; both queue behind
 * CPU 2. The first to link runs, on its own thread and before its own wait, CPU 0's release, CPU
 * 1's part (its claim fails because the tail is no longer its own, so it takes the lock with
 * {@code set_locked} and hands the MCS lock to CPU 2, then releases) and CPU 2's part (the same,
 * with the first actor as its successor). The second actor's {@code xchg_tail} races with all of
 * it: it lands before, inside or after CPU 1's and CPU 2's {@code set_locked}, as the scheduler
 * and jcstress's start of the actors decide.
 */
final class StagedQueueOfTwo implements SlowpathHooks {
    private QSpinLock lock;
    private QCpu holder;
    private StagedCpu head;
    private StagedCpu waiter;

    /** A lock built by {@code make}, with CPU 0 holding it, CPU 1 staged at the head and CPU 2 behind it. */
    static <L extends QSpinLock> L build(SpinPolicy spin, BiFunction<SpinPolicy, SlowpathHooks, L> make) {
        StagedQueueOfTwo s = new StagedQueueOfTwo();
        L lock = make.apply(spin, s);
        s.lock = lock;
        s.holder = lock.newContext();
        QCpu first = lock.newContext();
        QCpu second = lock.newContext();
        lock.lock(s.holder); // uncontended: the fast path
        s.head = StagedCpu.head(lock, first);
        s.waiter = StagedCpu.waiter(lock, second);
        return lock;
    }

    @Override
    public void waitNode(QNode node, QNode prev) {
        if (prev != waiter.node()) {
            return; // the second actor to link: the first runs the staged CPUs
        }
        lock.unlock(holder);
        head.runHead();
        lock.unlock(head.cpu());
        waiter.runHead();
        lock.unlock(waiter.cpu());
    }
}
