package org.handoff.lincheck.clh;

import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.clh.ClhLock;

/**
 * Lincheck model checking of the CLH lock and its mutants: the shared counter harness with a
 * {@link ClhLock} (or the mutant named by {@value LockCounterHarness#LOCK_PROPERTY}). Every thread
 * reacquires in the second scenario, so nodes migrate between threads.
 */
public class ClhCounterTest extends LockCounterHarness {
    public ClhCounterTest() {
        super("clh", ClhLock.class);
    }
}
