package org.handoff.lincheck.qspinlock;

import java.lang.reflect.Method;
import java.util.List;
import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.StagedCpu;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * Lincheck model checking of qspinlock with a queue staged before the threads start, so that the
 * three-CPU windows of the queue head are reached in a few context switches instead of the dozen
 * that {@link QSpinLockCounterTest}'s scenarios need to build a queue of two behind a holder.
 *
 * <p>The test's state: one CPU holds the lock; a second is staged as the queue head
 * ({@link StagedCpu#head}: its node published in the tail) and a third as a waiter linked behind it
 * ({@link StagedCpu#waiter}). Thread 1 releases the holder and runs the head's slowpath from its
 * wait for the lock on ({@code headIncrement}): the head's claim as the last waiter fails (the tail
 * is the waiter's), so it takes the lock with {@code set_locked} and hands the MCS lock on. Thread
 * 2 runs the staged waiter from its wait for {@code node->locked} ({@code waiterIncrement}).
 * Thread 3 acquires the lock from the start ({@code increment}), once or twice: it arrives at a
 * held lock, a pending bit or a queue of one or two, in whichever window the model checker
 * chooses, including between the head's read of the lock word and its write.
 *
 * <p>The staged operations cannot run in every order (the waiter waits for the head), so the
 * sequential specification is {@link Counter}: every operation returns the next number, and
 * Lincheck checks that the results are those of some order consistent with real time. Lincheck's
 * model checker is sequentially consistent, as for {@link QSpinLockCounterTest}.
 */
public class QSpinLockStagedQueueTest extends LockCounterHarness {
    private final QSpinLock lock;
    private final QSpinLock.Cpu holder;
    private final StagedCpu head;
    private final StagedCpu waiter;

    public QSpinLockStagedQueueTest() {
        super("qspinlock", QSpinLock.class);
        lock = (QSpinLock) lock();
        holder = lock.newContext();
        QSpinLock.Cpu first = lock.newContext();
        QSpinLock.Cpu second = lock.newContext();
        lock.lock(holder); // uncontended: the fast path
        head = StagedCpu.head(lock, first);
        waiter = StagedCpu.waiter(lock, second);
    }

    /** The holder's release, then the staged head's slowpath, critical section and unlock. */
    @Operation
    public int headIncrement(@Param(gen = ThreadIdGen.class) int thread) {
        lock.unlock(holder);
        head.runHead();
        try {
            return criticalSection();
        } finally {
            lock.unlock(head.cpu());
        }
    }

    /** The staged waiter's slowpath from its wait for the MCS lock, critical section and unlock. */
    @Operation
    public int waiterIncrement(@Param(gen = ThreadIdGen.class) int thread) {
        waiter.runHead();
        try {
            return criticalSection();
        } finally {
            lock.unlock(waiter.cpu());
        }
    }

    /** The sequential specification: each operation is the next number of one counter. */
    public static class Counter {
        private int next;

        public int increment(int thread) {
            return next++;
        }

        public int headIncrement(int thread) {
            return next++;
        }

        public int waiterIncrement(int thread) {
            return next++;
        }
    }

    /**
     * Two scenarios: the head, the waiter and one arrival; then the same with an arrival that
     * comes back (its node reused, behind or ahead of the staged waiter).
     */
    public static ModelCheckingOptions options() {
        Method inc = operation(LockCounterHarness.class, "increment");
        Method headInc = operation(QSpinLockStagedQueueTest.class, "headIncrement");
        Method waiterInc = operation(QSpinLockStagedQueueTest.class, "waiterIncrement");
        return new ModelCheckingOptions()
                .iterations(0)
                .invocationsPerIteration(invocations())
                .sequentialSpecification(Counter.class)
                .addCustomScenario(scenarioOf(List.of(List.of(headInc), List.of(waiterInc), List.of(inc))))
                .addCustomScenario(scenarioOf(List.of(List.of(headInc), List.of(waiterInc), List.of(inc, inc))));
    }
}
