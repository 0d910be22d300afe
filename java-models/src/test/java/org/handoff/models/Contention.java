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
        Contention c = new Contention();
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            ts.add(new Thread(() -> {
                C ctx = lock.newContext(); // one context per thread, reused every round
                for (int i = 0; i < rounds; i++) {
                    lock.lock(ctx);
                    c.counter++;
                    lock.unlock(ctx);
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
