package org.handoff.lincheck.mlock;

import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.mlock.MLock;

/**
 * Lincheck model checking of the M-lock and its mutants: the shared counter harness with an
 * {@link MLock} (or the mutant named by {@value LockCounterHarness#LOCK_PROPERTY}). In the second
 * scenario every thread reacquires, so releases take both paths: the compare-and-swap that keeps
 * the own node, and the CLH release that hands it to a successor.
 */
public class MLockCounterTest extends LockCounterHarness {
    public MLockCounterTest() {
        super("mlock", MLock.class);
    }
}
