package org.handoff.litmus.cna;

import java.util.function.BiFunction;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * MutualExclusion and no lost waiter of {@code cna-v1} with a secondary queue that goes back into a
 * main queue of more than one waiter ({@link StagedMainQueue}): each actor enters once, reads
 * {@code x, y} and writes them back plus one. Depending on which actor linked first, the sample
 * takes {@code cna_pass_lock}'s splice ahead of a waiting actor 0, or moves a run of two waiters at
 * once and hands the secondary queue of two back through {@code cna_try_clear_tail}; the manifest
 * entry requires both paths (hook counts), so a run that never took one is vacuous. Actor 1 (node
 * 0, the staged head's node) enters first in both, so {@code cna-v1} shows only {@code 1, 1, 0, 0, 0};
 * {@code 0, 0, 1, 1, 0} is reachable only for a variant that may skip the search.
 *
 * <p>The JMM allows only {@code 1, 1, 0, 0, 0} and {@code 0, 0, 1, 1, 0} with nothing stranded:
 * every hand-off across threads is a release store of the successor's {@code locked}, or the
 * holder's release of the lock word, read with acquire by the waiter. x86 shows the same.
 *
 * <p>The manifest runs it on {@code cna-v1} and, through its {@code lock} ({@link LockChoice}), on
 * two mutants that strand actor 0 in the samples where it linked first ({@code 1, 1, 0, 0, 1},
 * DeadlockFreedom; program order alone, so the JMM allows it everywhere):
 * {@link org.handoff.models.cna.CnaMutants.RunEndStuck} ({@code find_successor} cuts the run of
 * two after the staged waiter, so actor 0 is in neither queue) and
 * {@link org.handoff.models.cna.CnaMutants.SpliceFirstAsTail} ({@code cna_try_clear_tail} puts the
 * staged waiter in the tail, which then claims the lock as the last and never hands it on).
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.cna\.CnaMainQueue$'} (see package-info), with
 * {@code -jvmArgs -Dhandoff.litmus.lock.org.handoff.litmus.cna.CnaMainQueue=CLASS} for another lock.
 */
@JCStressTest
@State
public class CnaMainQueue extends StagedQueueOutcomes {
    private static final BiFunction<SpinPolicy, SlowpathHooks, CnaLock> LOCK =
            LockChoice.withHooks(CnaMainQueue.class, CnaLock.class);
    private final LockHarness<QCpu> h = LockHarness.of(
            spin -> StagedMainQueue.build(spin, LOCK));

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
