package org.handoff.litmus.litmus;

import org.handoff.models.litmus.CrossedLocking;
import org.handoff.models.litmus.CrossedLocking.Read;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Mode;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.Signal;
import org.openjdk.jcstress.annotations.State;

/**
 * The spin-wait primitive ({@link SpinTermination}) with the reads for which the JMM allows a spin
 * that never ends: {@code plain-spin}. {@code STALE} breaks DeadlockFreedom.
 *
 * <p>Run one alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.SpinTerminationJmmAllows$'} with
 * {@code -jvmArgs -Dhandoff.litmus.variant.org.handoff.litmus.litmus.SpinTerminationJmmAllows=plain-spin}.
 */
@JCStressTest(Mode.Termination)
@Outcome(id = "TERMINATED", expect = Expect.ACCEPTABLE, desc = SpinTermination.TERMINATED)
@Outcome(id = "STALE", expect = Expect.ACCEPTABLE_INTERESTING, desc = SpinTermination.STALE_ALLOWED)
@State
public class SpinTerminationJmmAllows {
    /** The read the runner named, checked once per fork. */
    private static final Read READ = SpinTermination.read(SpinTerminationJmmAllows.class, true);

    private final CrossedLocking lock = SpinTermination.held(READ);

    @Actor
    public void spin() {
        lock.awaitFree(1);
    }

    @Signal
    public void release() {
        lock.release(1);
    }
}
