package org.handoff.lincheck.pv;

import java.lang.reflect.Method;
import java.util.List;
import org.handoff.lincheck.LockCounterHarness;
import org.handoff.models.HandoffLock;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.QSpinLock;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.jetbrains.lincheck.datastructures.ThreadIdGen;

/**
 * Lost wake-ups of the PV port, in Lincheck's stress mode: the counter harness run on real threads
 * with real {@code LockSupport.park}, so that a thread parked with nobody left to unpark it hangs
 * its invocation, and Lincheck reports the invocation time-out (DeadlockFreedom). Model checking
 * ({@link PvCounterTest}) cannot show this: it lets a parked thread return spuriously.
 *
 * <p>Scenario: three threads of {@value #OPS} acquisitions each (system property
 * {@value LockCounterHarness#SCENARIOS_PROPERTY} overrides, e.g. four threads for {@code cna-pv},
 * whose non-FIFO hand-off needs a queue of three behind a holder), {@value #INVOCATIONS}
 * invocations (system property {@value LockCounterHarness#INVOCATIONS_PROPERTY} overrides; a correct run of
 * 100,000 takes about 10 s here, and {@code no-recheck} hung within that in 4 of 5 runs, against
 * about 2 in 5 with 3,000 or 20,000), each limited to
 * {@value #TIMEOUT_MS} ms (a correct invocation takes well under a millisecond; the limit only
 * decides how long a hang takes to report). Spin threshold 4 (system property {@code handoff.pv.spinThreshold}): waiters halt
 * after a few spins, so the kick/halt handshake runs many times per invocation. Lincheck's stress
 * runs are not seeded by this test: the thread interleaving is the machine's.
 */
public class PvStressTest extends LockCounterHarness {
    public static final int SPIN_THRESHOLD = Integer.getInteger("handoff.pv.spinThreshold", 4);
    public static final int OPS = 3;
    public static final int INVOCATIONS = 100_000;
    public static final long TIMEOUT_MS = 2_000;

    public PvStressTest() {
        super("pv", PvQSpinLock.class);
        PvCounterTest.configure((QSpinLock) lock(), SPIN_THRESHOLD);
    }

    /**
     * For {@link PvPreemptedStressTest}: lock, critical section, {@code Thread.yield()}, unlock: an acquisition whose holder may be
     * preempted inside the critical section, the situation PV exists for (waiters outlast their
     * spin thresholds and halt, and queues of several nodes form behind the holder).
     */
    @Operation
    @SuppressWarnings("unchecked")
    public int preemptedIncrement(@Param(gen = ThreadIdGen.class) int thread) {
        HandoffLock<Object> lock = (HandoffLock<Object>) lock();
        Object context = context(thread);
        lock.lock(context);
        try {
            int v = criticalSection();
            Thread.yield();
            return v;
        } finally {
            lock.unlock(context);
        }
    }

    /** Stress mode (found by {@code LincheckMain} under this name), with {@link #increment}. */
    public static StressOptions stressOptions() {
        return stressOptions(false);
    }

    static StressOptions stressOptions(boolean preempt) {
        String v = System.getProperty(INVOCATIONS_PROPERTY);
        int invocations = v == null || v.isBlank() ? INVOCATIONS : invocations();
        StressOptions options = new StressOptions()
                .iterations(0)
                .invocationsPerIteration(invocations)
                .minimizeFailedScenario(false)
                .invocationTimeout$lincheck(TIMEOUT_MS);
        String shapes = System.getProperty(SCENARIOS_PROPERTY);
        List<int[]> list = shapes == null || shapes.isBlank() ? List.of(new int[] {OPS, OPS, OPS}) : scenarios(shapes);
        Method op = preempt ? operation(PvStressTest.class, "preemptedIncrement")
                : operation(LockCounterHarness.class, "increment");
        return withScenarios(options, copies(op, list));
    }
}
