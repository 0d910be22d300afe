package org.handoff.models;

/**
 * How a port's spin loops wait. The kernel spins forever ({@link #FOREVER}, the default of every
 * port). Litmus tests use {@link #bounded} so that a mutant that strands a waiter is reported as an
 * outcome instead of hanging the harness: a loop that gives up records it, and the test reports
 * the give-up as a forbidden outcome.
 */
public interface SpinPolicy {
    /**
     * Called once per failed iteration of a spin loop; {@code iteration} counts from 0 for each
     * wait. Returns false to give up the wait.
     */
    boolean keepSpinning(long iteration);

    /** Whether any wait under this policy has given up. */
    default boolean gaveUp() {
        return false;
    }

    /** Spin until the condition holds, as the kernel does. */
    SpinPolicy FOREVER = iteration -> {
        Thread.onSpinWait();
        return true;
    };

    /**
     * Spin forever, but yield the processor every 64 iterations: for runs with more spinning threads
     * than processors, where a waiter handed the lock while preempted would otherwise hold up the
     * queue for a whole time slice of each spinner ahead of it on its processor.
     */
    SpinPolicy YIELDING = iteration -> {
        if ((iteration & 63) == 63) {
            Thread.yield();
        } else {
            Thread.onSpinWait();
        }
        return true;
    };

    /**
     * Give up a wait after {@code nanos} nanoseconds. One instance per lock instance: its give-up
     * flag is shared by all the lock's waits.
     */
    static SpinPolicy bounded(long nanos) {
        return new SpinPolicy() {
            private volatile boolean gaveUp;
            /** The current wait's deadline, per thread: a wait runs on one thread. */
            private final ThreadLocal<long[]> deadline = ThreadLocal.withInitial(() -> new long[1]);

            @Override
            public boolean keepSpinning(long iteration) {
                Thread.onSpinWait();
                long[] d = deadline.get();
                if (iteration == 0) {
                    d[0] = System.nanoTime() + nanos;
                    return true;
                }
                if ((iteration & 1023) != 0 || System.nanoTime() - d[0] < 0) {
                    return true;
                }
                gaveUp = true;
                return false;
            }

            @Override
            public boolean gaveUp() {
                return gaveUp;
            }
        };
    }
}
