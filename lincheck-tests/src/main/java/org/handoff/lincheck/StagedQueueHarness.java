package org.handoff.lincheck;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.StagedCpu;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * The counter harness on a qspinlock-family lock whose queue is staged before the threads start, so
 * that the model checker reaches three- and four-CPU windows of the queue head in a few context
 * switches instead of the dozen a scenario needs to build the queue itself.
 *
 * <p>The state: CPU {@value #HOLDER} holds the lock; CPU {@value #HEAD} is staged as the queue head
 * ({@link StagedCpu#head}: its node published in the tail) and CPU {@value #WAITER} as a waiter
 * linked behind it ({@link StagedCpu#waiter}). The CPUs of the Lincheck threads come first (thread
 * {@code t} runs on CPU {@code t}, as in {@link LockCounterHarness}), so the staged ones are numbered
 * after them. {@link #headIncrement} releases the holder and runs the head's slowpath from its wait
 * for the lock on, then the critical section and unlock; {@link #waiterIncrement} runs the staged
 * waiter from its wait for {@code node->locked}. Other threads acquire from the start
 * ({@link #increment}) and arrive in whichever window the model checker chooses.
 *
 * <p>The staged operations cannot run in every order (the waiter waits for the head), so the
 * sequential specification is {@link Counter}: every operation returns the next number, and
 * Lincheck checks that the results are those of some order consistent with real time.
 */
public abstract class StagedQueueHarness extends LockCounterHarness {
    /** The CPU numbers of the staged CPUs, after the harness's contexts. */
    public static final int HOLDER = 8;
    public static final int HEAD = 9;
    public static final int WAITER = 10;

    private final QSpinLock lock;
    private final QCpu holder;
    private final StagedCpu head;
    private final StagedCpu waiter;

    /**
     * Stages the queue on the family's lock; {@code configure} runs on the lock first (a topology,
     * a threshold), before any CPU takes a node.
     */
    protected StagedQueueHarness(String family, Class<?> defaultLock, java.util.function.Consumer<QSpinLock> configure) {
        super(family, defaultLock);
        lock = (QSpinLock) lock();
        configure.accept(lock);
        holder = lock.newContext();
        QCpu first = lock.newContext();
        QCpu second = lock.newContext();
        if (holder.number() != HOLDER || first.number() != HEAD || second.number() != WAITER) {
            throw new IllegalStateException("the staged CPUs are not " + HOLDER + ", " + HEAD + ", " + WAITER);
        }
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
     * Options whose scenarios run the head on thread 1, the staged waiter on thread 2, and on
     * threads 3, 4, ... the acquisitions {@code arrivals[s]} gives for scenario {@code s} (the
     * number of {@link #increment}s of each further thread).
     */
    protected static ModelCheckingOptions options(int[]... arrivals) {
        Method inc = operation(LockCounterHarness.class, "increment");
        Method headInc = operation(StagedQueueHarness.class, "headIncrement");
        Method waiterInc = operation(StagedQueueHarness.class, "waiterIncrement");
        List<List<List<Method>>> scenarios = new ArrayList<>();
        for (List<List<Method>> further : copies(inc, List.of(arrivals))) {
            List<List<Method>> threads = new ArrayList<>();
            threads.add(List.of(headInc));
            threads.add(List.of(waiterInc));
            threads.addAll(further);
            scenarios.add(threads);
        }
        return exploring(scenarios).sequentialSpecification(Counter.class);
    }
}
