package org.handoff.models.qspinlock;

import java.util.function.IntPredicate;
import java.util.function.IntSupplier;

/**
 * Runs the doorway steps of a {@link QSpinLock}, for a measurement of fairness: each method runs
 * {@code step} once, on the calling thread, returns its result, and may number the thread's
 * doorway around it.
 *
 * <p>One is given at construction (through a protected constructor, so fixed for the lock's life)
 * and runs each step that can order a thread among the lock's waiters: the fast path's
 * {@code atomic_try_cmpxchg_acquire}, the slowpath's {@code queued_spin_trylock} (whatever a
 * subclass makes of it: the PV port's is the unfair trylock), {@code queued_fetch_set_pending_acquire}
 * and {@code xchg_tail}. It wraps the call of the step method, not the method, so a subclass or
 * mutant that replaces a step is observed as what it does, and every subclass (CNA, PV) inherits
 * the observation ({@link QSteps.Observed} decides which result is a doorway). Without an observer
 * (every constructor but the protected ones) the lock's {@link QSteps} calls each step directly: no
 * shared-memory access is added to the lock's paths, so the model checkers see the same steps.
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
