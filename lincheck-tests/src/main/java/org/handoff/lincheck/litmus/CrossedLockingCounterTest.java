package org.handoff.lincheck.litmus;

import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.litmus.CrossedLocking;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;

/**
 * Lincheck model checking of the two-CPU lock built on crossed locking ({@link CrossedLocking})
 * and its mutants: the shared counter harness, two threads only (the lock has two CPUs; the
 * contexts of the two parallel threads are CPU 1 and CPU 0).
 *
 * <p>What this level can and cannot show: Lincheck's model checker runs the threads in
 * sequentially consistent interleavings, so no store waits in a buffer and the store-buffering
 * outcome of crossed locking never happens here. The correct lock passes, and so does the
 * {@code unfenced-is-locked} mutant, whose only mistake is a weak-memory one (the store-buffer
 * spec and jcstress show it). A mistake in program order, such as {@code check-before-take} (the
 * other lock read before one's own is taken, the reordering a store buffer makes written into the
 * code), is caught.
 */
public class CrossedLockingCounterTest extends LockCounterHarness {
    /** Scenarios of two threads: one that reacquires, then both reacquiring. */
    public static final String SCENARIOS = "2,1;2,2";

    public CrossedLockingCounterTest() {
        super("litmus", CrossedLocking.class);
    }

    public static ModelCheckingOptions options() {
        return options(SCENARIOS);
    }
}
