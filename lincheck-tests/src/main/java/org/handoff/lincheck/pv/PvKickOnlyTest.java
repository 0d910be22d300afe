package org.handoff.lincheck.pv;

import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.pv.CnaPvLock;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.QSpinLock;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;

/**
 * Lincheck model checking of the PV port with {@code pv_wait} that returns only when kicked
 * ({@code Paravirt.kickOnly}): the counter harness and the short thresholds of {@link PvCounterTest},
 * but a vCPU that halts runs again only after a {@code pv_kick} for it (or one that came before the
 * halt). {@link PvCounterTest} lets Lincheck return a park spuriously, so a waiter that nobody kicks
 * goes on there and a lost wake-up passes; here it stays parked, and once every other thread is done
 * Lincheck reports the run as a deadlock (DeadlockFreedom), with the interleaving that lost the kick.
 */
public class PvKickOnlyTest extends LockCounterHarness {
    public PvKickOnlyTest() {
        super("pv", PvQSpinLock.class);
        QSpinLock lock = (QSpinLock) lock();
        PvCounterTest.configure(lock, PvCounterTest.SPIN_THRESHOLD);
        if (lock instanceof PvQSpinLock p) {
            p.paravirt().kickOnly(true);
        } else if (lock instanceof CnaPvLock c) {
            c.paravirt().kickOnly(true);
        }
    }

    public static ModelCheckingOptions options() {
        return LockCounterHarness.options();
    }
}
