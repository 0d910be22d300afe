package org.handoff.models;

import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs a lock's doorway step for a measurement of fairness (the fairness harness): {@code step}
 * once, on the calling thread, returning its result, with the thread's doorway numbered around it
 * when {@code ordered} holds for that result. A port whose one doorway is a single atomic step (the
 * tail {@code xchg} of MCS, CLH and the M-lock, the ticket draw) takes one in a constructor
 * {@code (SpinPolicy, Doorway)}; the qspinlock family has its own form with an entry step as well
 * ({@code DoorwayObserver}).
 */
public interface Doorway {
    <T> T step(Supplier<T> step, Predicate<? super T> ordered);

    /**
     * {@code step}, through {@code doorway} when there is one (null: run alone), for a port whose
     * doorway step orders the thread whatever it returns (a tail {@code xchg}, a ticket draw).
     */
    static <T> T always(Doorway doorway, Supplier<T> step) {
        return doorway == null ? step.get() : doorway.step(step, result -> true);
    }
}
