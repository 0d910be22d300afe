package org.handoff.lincheck.cna;

import org.handoff.lincheck.StagedQueueHarness;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.CnaThreshold;
import org.handoff.models.cna.Topology;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;

/**
 * Lincheck model checking of CNA with a holder (node 0), a queue head (node 0) and a remote waiter
 * (node 1) staged before the threads start ({@link StagedQueueHarness}), so that the hand-offs that
 * depend on a secondary queue are a few context switches away. Thread 3 is on node 0: when it has
 * linked before the staged head hands the lock on, the head skips the staged remote waiter for it,
 * and thread 3, finding itself last, makes the secondary queue the main one
 * ({@code cna_try_clear_tail:secondary}); when thread 4 (node 1) has linked behind it, thread 3
 * splices the secondary queue back ahead of thread 4 instead ({@code cna_pass_lock:splice}). The
 * manifest's entry for {@code cna-v1} names both hook counters, so a run that took neither is
 * vacuous.
 *
 * <p>Topology {@value #NODES}: CPU {@code i} on the {@code i}-th node of the list (threads 1 and 2
 * run the staged CPUs, whose own numbers are 8, 9 and 10). {@code cna-threshold} runs with
 * threshold 1. Lincheck's model checker is sequentially consistent, as for {@link CnaCounterTest}.
 */
public class CnaStagedQueueTest extends StagedQueueHarness {
    public static final String NODES = "0,0,0,0,1,0,0,0,0,0,1";

    public CnaStagedQueueTest() {
        super("cna", CnaLock.class, lock -> {
            ((CnaLock) lock).topology(Topology.parse(NODES));
            if (lock instanceof CnaThreshold t) {
                t.threshold(1);
            }
        });
    }

    /** The head, the staged waiter and a local arrival; then a local and a remote arrival. */
    public static ModelCheckingOptions options() {
        return options(new int[] {1}, new int[] {1, 1});
    }
}
