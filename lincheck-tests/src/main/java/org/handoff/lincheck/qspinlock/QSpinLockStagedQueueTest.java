package org.handoff.lincheck.qspinlock;

import org.handoff.lincheck.StagedQueueHarness;
import org.handoff.models.qspinlock.QSpinLock;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;

/**
 * Lincheck model checking of qspinlock with a holder and a queue of two staged before the threads
 * start ({@link StagedQueueHarness}): the staged head's claim as the last waiter fails (the tail is
 * the staged waiter's), so it takes the lock with {@code set_locked} and hands the MCS lock on,
 * while thread 3 arrives, once or twice: at a held lock, a pending bit or a queue of one or two, in
 * whichever window the model checker chooses, including between the head's read of the lock word
 * and its write. Lincheck's model checker is sequentially consistent, as for
 * {@link QSpinLockCounterTest}.
 */
public class QSpinLockStagedQueueTest extends StagedQueueHarness {
    public QSpinLockStagedQueueTest() {
        super("qspinlock", QSpinLock.class, lock -> { });
    }

    /** The head, the waiter and one arrival; then an arrival that comes back (its node reused). */
    public static ModelCheckingOptions options() {
        return options(new int[] {1}, new int[] {2});
    }
}
