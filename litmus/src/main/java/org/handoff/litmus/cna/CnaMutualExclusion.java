package org.handoff.litmus.cna;

import java.util.function.Function;
import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of {@code cna-v1}: two actors on different virtual NUMA nodes (CPU 0 on node 0,
 * CPU 1 on node 1, the default topology) each take the lock four times and increment two plain
 * fields inside; the arbiter reads {@code x, y} and whether a wait gave up ({@link LockHarness}).
 * With two threads the queue holds at most two nodes, so {@code find_successor} only ever looks at
 * the immediate successor, which is remote: the CNA hand-off falls through to the main queue, and
 * the test checks that the CNA hooks keep qspinlock's fast, pending and queue paths intact
 * (including {@code cna_try_clear_tail} with no secondary queue and the queue head that found the
 * queue empty passing {@code locked = 1}).
 *
 * <p>The JMM allows only {@code 8, 8, 0}: every way into the lock ends in an acquire that reads the
 * release of the previous holder's unlock or hand-off, and every change of the word is one atomic
 * update. x86 shows only {@code 8, 8, 0} too.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.cna\.CnaMutualExclusion$'} (see package-info).
 */
@JCStressTest
@State
public class CnaMutualExclusion extends IncrementOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; CnaLock by default), found once per fork. */
    private static final Function<SpinPolicy, CnaLock> LOCK =
            LockChoice.withPolicy(CnaMutualExclusion.class, CnaLock.class, CnaLock.class);

    private final LockHarness<QCpu> h = LockHarness.of(LOCK);

    @Actor
    public void actor1() {
        h.increment(0, 4);
    }

    @Actor
    public void actor2() {
        h.increment(1, 4);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        h.report(r);
    }
}
