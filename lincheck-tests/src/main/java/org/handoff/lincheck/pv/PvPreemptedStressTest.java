package org.handoff.lincheck.pv;

import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * {@link PvStressTest} with preempted holders: every acquisition yields the processor inside its
 * critical section ({@link PvStressTest#preemptedIncrement}), as a vCPU preempted while holding the
 * lock. Waiters then outlast their spin thresholds and halt, and queues of several nodes form
 * behind the holder: what {@code cna-pv} needs before CNA hands the lock to a node other than
 * {@code next}, so that the halted node it chose is never kicked. The interleavings are slower
 * (each acquisition costs a yield), so a correct lock's run takes several times longer than
 * {@link PvStressTest}'s, while a hang still shows within a few seconds.
 */
public class PvPreemptedStressTest extends PvStressTest {
    /** Stress mode with {@link PvStressTest#preemptedIncrement} (found by {@code LincheckMain} under this name). */
    public static StressOptions stressOptions() {
        return stressOptions(true);
    }
}
