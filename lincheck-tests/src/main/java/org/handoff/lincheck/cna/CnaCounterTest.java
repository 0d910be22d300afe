package org.handoff.lincheck.cna;

import org.handoff.core.HandoffException;
import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.CnaProb;
import org.handoff.models.cna.CnaThreshold;
import org.handoff.models.cna.Topology;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;

/**
 * Lincheck model checking of the CNA port (each variant) and its mutants: the shared counter
 * harness with a {@link CnaLock} (or the class named by {@value LockCounterHarness#LOCK_PROPERTY}),
 * on a virtual NUMA topology in which Lincheck thread {@code t} runs on CPU {@code t}.
 *
 * <p>The topology is {@value #DEFAULT_NODES} (the node of CPU 0, 1, 2, ...; CPU 0 is the initial
 * part, unused), or the system property {@value #NODES_PROPERTY}. With it, thread 1 is on node 1
 * and threads 2 and 3 on node 0, so that in the scenario {@code 2,2,1} a secondary queue forms:
 * thread 1 holds the lock, thread 2 takes pending, thread 3 queues as the head; thread 1 comes back
 * and queues behind 3, and thread 2, after its turn, behind 1. Thread 3 then skips thread 1 (node 1)
 * for thread 2 (node 0), which finds the main queue empty and hands the MCS lock to the secondary
 * queue. The same scenario has thread 3, a head that found the queue empty, hand the lock to a
 * local immediate successor (thread 2 queued before thread 1). The scenario {@code 2,2,2} adds a
 * third node-0 waiter, which reaches the hand-off within node 0 with a secondary queue present.
 *
 * <p>{@code cna-prob} runs with {@code probArg(2)} (the search skipped half of the time, instead of
 * one in 0x10000, so that the model checker meets both branches) and the seed {@value #SEED};
 * {@code cna-threshold} with threshold 1 (so that a holder that got the lock locally flushes the
 * secondary queue). Lincheck's model checker is sequentially consistent: these checks find
 * interleaving bugs, not reorderings.
 */
public class CnaCounterTest extends LockCounterHarness {
    /** The system property overriding the topology, e.g. {@code 0,1,0,0,1}. */
    public static final String NODES_PROPERTY = "handoff.cna.nodes";
    public static final String DEFAULT_NODES = "0,1,0,0,1";
    /** The scenarios of the class comment. */
    public static final String SCENARIOS = "2,2,1;2,2,2";
    /** The RNG seed of {@code cna-prob}. */
    public static final long SEED = 20190130L;

    public CnaCounterTest() {
        super("cna", CnaLock.class);
        CnaLock lock = (CnaLock) lock();
        lock.topology(topology());
        lock.seed(SEED);
        if (lock instanceof CnaProb p) {
            p.probArg(2);
        }
        if (lock instanceof CnaThreshold t) {
            t.threshold(1);
        }
    }

    static Topology topology() {
        String nodes = System.getProperty(NODES_PROPERTY, DEFAULT_NODES);
        try {
            return Topology.parse(nodes);
        } catch (IllegalArgumentException e) {
            throw new HandoffException(NODES_PROPERTY + ": " + e.getMessage());
        }
    }

    /**
     * The scenarios of the class comment ({@code 2,2,1} and {@code 2,2,2}), each explored for
     * {@link LockCounterHarness#invocations()} interleavings; a manifest {@code scenarios} parameter
     * ({@value LockCounterHarness#SCENARIOS_PROPERTY}) replaces them.
     */
    public static ModelCheckingOptions options() {
        return LockCounterHarness.options(SCENARIOS);
    }
}
