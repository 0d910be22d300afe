package org.handoff.models;

import java.util.ArrayList;
import java.util.List;

/**
 * The ports' smoke test on real threads: threads that each take the lock rounds times and increment
 * a plain counter inside. A lock that lets two holders in loses increments (most runs, not every
 * run: the litmus and Lincheck modules do the real checking).
 */
public final class Contention {
    private long counter;

    private Contention() {
    }

    /**
     * The counter after every thread's rounds: threads times rounds unless an increment was lost.
     * No more threads than cores: a preempted holder stalls spinning waiters.
     */
    public static <C> long count(HandoffLock<C> lock, int threads, int rounds) throws InterruptedException {
        return count(lock, threads, rounds, (ctx, thread, round, inside) -> {
            lock.lock(ctx);
            inside.run();
            lock.unlock(ctx);
        });
    }

    /** Spins until {@code tryLock} succeeds: a trylock caller that must get in. */
    public static void spinUntil(java.util.function.BooleanSupplier tryLock) {
        while (!tryLock.getAsBoolean()) {
            Thread.onSpinWait();
        }
    }

    /** One round of one thread: take the lock its own way (trylock, nested), run {@code inside}, release. */
    public interface Round<C> {
        void run(C ctx, int thread, int round, Runnable inside);
    }

    /**
     * {@link #count(HandoffLock, int, int)} with each round taken as {@code round} says (thread
     * numbers from 0).
     */
    public static <C> long count(HandoffLock<C> lock, int threads, int rounds, Round<C> round)
            throws InterruptedException {
        Contention c = new Contention();
        Runnable inside = () -> c.counter++;
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int thread = t;
            ts.add(new Thread(() -> {
                C ctx = lock.newContext(); // one context per thread, reused every round
                for (int i = 0; i < rounds; i++) {
                    round.run(ctx, thread, i, inside);
                }
            }));
        }
        ts.forEach(Thread::start);
        for (Thread t : ts) {
            t.join();
        }
        return c.counter;
    }
}
