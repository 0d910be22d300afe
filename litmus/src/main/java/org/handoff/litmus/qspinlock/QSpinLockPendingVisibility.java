package org.handoff.litmus.qspinlock;

import java.util.function.BiFunction;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.litmus.ReadThenWriteOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.QSpinLockMutants;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * HandoffVisibility of the qspinlock port on the pending path: each actor takes the lock once,
 * reads the plain fields {@code x, y} and writes them back incremented; whoever enters second must
 * find both writes of the first. Actor 2 arrives while actor 1 is inside
 * ({@link LockHarness#arrivingWhileHeld}), so in every sample it finds the lock held and takes
 * pending: it sets the pending bit, waits with acquire for the locked byte to clear and sets it.
 * (Left to the scheduler, the second actor mostly found the lock free, and the mutant
 * {@code no-pending-wait} went uncaught in whole runs on a loaded machine.) Should
 * actor 1 be late, actor 2 stops waiting for it after a bounded spin and the sample is an
 * ordinary one. No queue is ever formed. Result: {@code x, y} found by actor 1, by actor 2, and whether a
 * wait gave up.
 *
 * <p>The JMM allows only {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}: the unlock is a release
 * of the word and both the pending owner's wait and the fast path's compare-and-exchange read it
 * with acquire.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code no-pending-wait} ({@link QSpinLockMutants.NoPendingWait}): the pending owner
 * does not wait for the holder, so both actors can be inside at once and the second can read the
 * fields before the first wrote them ({@code 0, 0, 0, 0, 0}) or between its two writes. No
 * reordering is involved: x86 shows it and the JMM allows it. The staging (actor 2 arrives while
 * actor 1 is inside) is what makes it show.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.QSpinLockPendingVisibility$'} (see package-info).
 */
@JCStressTest
@State
public class QSpinLockPendingVisibility extends ReadThenWriteOutcomes {
    /** The entry's variant's port ({@link LockChoice}): a qspinlock variant runs this test as it is. */
    private static final BiFunction<SpinPolicy, SlowpathHooks, QSpinLock> LOCK =
            LockChoice.withHooks(QSpinLockPendingVisibility.class, QSpinLock.class);
    private final LockHarness<QCpu> h = LockHarness.arrivingWhileHeld(spin -> LOCK.apply(spin, SlowpathHooks.NATIVE));

    @Actor
    public void actor1(IIIII_Result r) {
        h.readThenWrite(0, r);
    }

    @Actor
    public void actor2(IIIII_Result r) {
        h.readThenWrite(1, r);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
