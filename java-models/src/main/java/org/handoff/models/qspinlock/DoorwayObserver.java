package org.handoff.models.qspinlock;

import java.util.function.IntPredicate;
import java.util.function.IntSupplier;

/**
 * Runs the doorway steps of a lock (see "Doorways" in the class comment), for a measurement of
 * fairness: each method runs {@code step} once, on the calling thread, returns its result, and
 * may number the thread's doorway around it.
 */
public interface DoorwayObserver {
    /**
     * A step whose success is the thread's doorway and its entry at once: the fast path's
     * {@code atomic_try_cmpxchg_acquire(&lock->val, 0, _Q_LOCKED_VAL)} and the slowpath's
     * {@code queued_spin_trylock}; {@code entered} tells from the result whether it entered.
     */
    int entry(IntSupplier step, IntPredicate entered);

    /**
     * A step that orders the thread among the waiters when {@code ordered} holds for its result:
     * {@code queued_fetch_set_pending_acquire} when it found no pending and no tail (the thread
     * then owns pending), and {@code xchg_tail} always.
     */
    int doorway(IntSupplier step, IntPredicate ordered);
}
