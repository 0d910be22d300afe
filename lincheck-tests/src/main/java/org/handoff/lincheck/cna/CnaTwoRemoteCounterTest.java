package org.handoff.lincheck.cna;

import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.Topology;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;

/**
 * {@link CnaCounterTest} with four threads, two on each NUMA node ({@value #NODES}: threads 1 and
 * 3 on node 1, threads 2 and 4 on node 0), so that the secondary queue can hold two waiters. With
 * one remote thread ({@code CnaCounterTest}'s topology) it never holds more than one, and the
 * hand-offs that depend on its length are never taken: a second move of skipped waiters onto a
 * secondary queue that already holds one ({@code find_successor:append}), and the splice of a
 * secondary queue of two back ahead of the main queue ({@code cna_pass_lock:splice}). The
 * manifest's entries name those hook counters, so a run that did not take them is vacuous, not a
 * pass.
 *
 * <p>Scenario: every thread acquires twice ({@code 2,2,2,2}); a manifest {@code scenarios}
 * parameter replaces it. Lincheck's model checker is sequentially consistent, as for
 * {@code CnaCounterTest}.
 */
public class CnaTwoRemoteCounterTest extends CnaCounterTest {
    public static final String NODES = "0,1,0,1,0";
    public static final String SCENARIOS = "2,2,2,2";
    /**
     * Spin iterations after which Lincheck takes a loop for one that never ends. Its default is
     * too low for a queue of three behind a holder: the last waiter legitimately spins while three
     * others take the lock in turn, and the correct lock was reported hung.
     */
    public static final int LOOP_BOUND = 1_000;

    public CnaTwoRemoteCounterTest() {
        ((CnaLock) lock()).topology(Topology.parse(NODES));
    }

    /** Four threads of two increments each, unless the manifest gives {@code scenarios}. */
    public static ModelCheckingOptions options() {
        return LockCounterHarness.options(SCENARIOS).loopBound(LOOP_BOUND);
    }
}
