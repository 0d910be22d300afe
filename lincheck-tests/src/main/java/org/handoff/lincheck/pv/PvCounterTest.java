package org.handoff.lincheck.pv;

import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.Topology;
import org.handoff.models.pv.CnaPvLock;
import org.handoff.models.pv.Paravirt;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.QSpinLock;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;

/**
 * Lincheck model checking of the PV port (each variant, and {@code cna-pv}): the shared counter
 * harness (lock, critical section and unlock in one operation) with a {@link PvQSpinLock} (or the
 * class named by {@value LockCounterHarness#LOCK_PROPERTY}), three threads by default
 * ({@value LockCounterHarness#DEFAULT_SCENARIOS}).
 *
 * <p>The lock runs with a spin threshold of {@value #SPIN_THRESHOLD}, the previous node checked at
 * every iteration and wait-early enabled from the start ({@code waithist} at its maximum), so that
 * within a few steps the queue head hashes itself and halts, a queued node halts in
 * {@code pv_wait_node}, and the kick path, the hash table and the slow unlock all run. For
 * {@code cna-pv} the virtual NUMA topology is {@code 0,1,0,0,1} (as {@code CnaCounterTest}), so that
 * the three-thread scenario can form a secondary queue.
 *
 * <p>What model checking does not see: Lincheck's model checker is sequentially consistent (so the
 * store-buffering mutant passes), and it treats {@code LockSupport.park} as possibly returning
 * spuriously, so a lost wake-up (a thread parked with nobody to unpark it) is not a failure here:
 * {@link PvStressTest} runs the same harness in stress mode for that.
 */
public class PvCounterTest extends LockCounterHarness {
    public static final int SPIN_THRESHOLD = 2;
    public static final String CNA_NODES = "0,1,0,0,1,0,1,0";

    public PvCounterTest() {
        super("pv", PvQSpinLock.class);
        configure((QSpinLock) lock(), SPIN_THRESHOLD);
    }

    /** Short thresholds for the PV hooks; the CNA topology for {@code cna-pv}. */
    static void configure(QSpinLock lock, int spinThreshold) {
        Paravirt pv;
        if (lock instanceof PvQSpinLock p) {
            pv = p.paravirt();
        } else if (lock instanceof CnaPvLock c) {
            pv = c.paravirt();
        } else {
            throw new IllegalArgumentException("not a PV lock: " + lock.getClass().getName());
        }
        pv.spinThreshold(spinThreshold).checkMask(0).initialWaithist(Paravirt.PV_WAITHIST_MAX);
        if (lock instanceof CnaLock cna) {
            cna.topology(Topology.parse(CNA_NODES));
        }
    }

    public static ModelCheckingOptions options() {
        return LockCounterHarness.options();
    }
}
