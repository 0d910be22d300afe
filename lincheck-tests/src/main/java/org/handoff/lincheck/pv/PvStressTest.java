package org.handoff.lincheck.pv;

import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.QSpinLock;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * Lost wake-ups of the PV port, in Lincheck's stress mode: the counter harness run on real threads
 * with real {@code LockSupport.park}, so that a thread parked with nobody left to unpark it hangs
 * its invocation, and Lincheck reports the invocation time-out (DeadlockFreedom). Model checking
 * ({@link PvCounterTest}) cannot show this: it lets a parked thread return spuriously.
 *
 * <p>Scenario: three threads of {@value #OPS} acquisitions each, {@value #INVOCATIONS} invocations
 * (system property {@value LockCounterHarness#INVOCATIONS_PROPERTY} overrides), each limited to
 * {@value #TIMEOUT_MS} ms (a correct invocation takes well under a millisecond; the limit only
 * decides how long a hang takes to report). Spin threshold {@value #SPIN_THRESHOLD}: waiters halt
 * after a few spins, so the kick/halt handshake runs many times per invocation. Lincheck's stress
 * runs are not seeded by this test: the thread interleaving is the machine's.
 */
public class PvStressTest extends LockCounterHarness {
    public static final int SPIN_THRESHOLD = 4;
    public static final int OPS = 3;
    public static final int INVOCATIONS = 3_000;
    public static final long TIMEOUT_MS = 2_000;

    public PvStressTest() {
        super("pv", PvQSpinLock.class);
        PvCounterTest.configure((QSpinLock) lock(), SPIN_THRESHOLD);
    }

    public static StressOptions options() {
        String v = System.getProperty(INVOCATIONS_PROPERTY);
        int invocations = v == null || v.isBlank() ? INVOCATIONS : invocations();
        return new StressOptions()
                .iterations(0)
                .invocationsPerIteration(invocations)
                .addCustomScenario(scenario(OPS, OPS, OPS))
                .minimizeFailedScenario(false)
                .invocationTimeout$lincheck(TIMEOUT_MS);
    }
}
