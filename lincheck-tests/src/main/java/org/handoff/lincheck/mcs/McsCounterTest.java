package org.handoff.lincheck.mcs;

import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.mcs.McsLock;

/**
 * Lincheck model checking of the MCS lock and its mutants: the shared counter harness with an
 * {@link McsLock} (or the mutant named by {@value LockCounterHarness#LOCK_PROPERTY}).
 */
public class McsCounterTest extends LockCounterHarness {
    public McsCounterTest() {
        super("mcs", McsLock.class);
    }
}
