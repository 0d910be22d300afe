package org.handoff.lincheck.qspinlock;

import java.lang.reflect.Method;
import java.util.List;
import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * Lincheck model checking of the qspinlock port and its mutants: the shared counter harness with a
 * {@link QSpinLock} (or the mutant named by {@value LockCounterHarness#LOCK_PROPERTY}), plus a
 * second way in, {@link #trylockIncrement}: spinning on {@code queued_spin_trylock} without a queue
 * node, as the slowpath itself does when a CPU has used up its nodes.
 *
 * <p>Scenarios (fixed, not random, like the harness's): two threads, one reacquiring through the
 * queue-capable path and one through trylock, so the pending path and the queue head's claim meet a
 * trylock spinner; then three threads, each acquiring twice (one of them the second time through
 * trylock), so that a queue of two nodes can form behind a holder and a pending owner, and nodes are
 * reused. The queue head that finds a successor linked, the tail-clearing claim and the MCS
 * hand-off between nodes are all reached in the second scenario only.
 */
public class QSpinLockCounterTest extends LockCounterHarness {
    public QSpinLockCounterTest() {
        super("qspinlock", QSpinLock.class);
    }

    /** Trylock until it succeeds, critical section, unlock. */
    @Operation
    public int trylockIncrement(@Param(gen = ThreadIdGen.class) int thread) {
        QSpinLock lock = (QSpinLock) lock();
        return trylockIncrement(thread, cpu -> lock.tryLock((QCpu) cpu));
    }

    /** The scenarios of the class comment, each explored for {@link LockCounterHarness#invocations()} interleavings. */
    public static ModelCheckingOptions options() {
        Method inc = operation(LockCounterHarness.class, "increment");
        Method tryInc = operation(QSpinLockCounterTest.class, "trylockIncrement");
        return exploring(List.of(List.of(inc, inc), List.of(tryInc)),
                List.of(List.of(inc, tryInc), List.of(inc, inc), List.of(inc, inc)));
    }
}
