package org.handoff.litmus.mcs;

import org.handoff.litmus.LockHarness;
import org.handoff.models.mcs.McsLock;
import org.handoff.models.mcs.McsMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link McsMutualExclusion} on {@link McsMutants.NoWaitNext}: the release does not wait for a
 * successor that has swapped the tail but not yet linked itself; it returns and the successor is
 * never handed the lock.
 *
 * <p>Expected: {@code 8, 8, 1} (DeadlockFreedom): the successor's wait gives up, because the
 * releaser either returns for good or queues behind the stranded successor and waits in turn (a
 * deadlock of two spinning threads, see {@link LockHarness}). No reordering is involved: the JMM
 * and x86 both allow the interleaving, and no two threads are ever inside at once, so no increment
 * is lost.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.NoWaitNextMutualExclusion$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "8, 8, 0", expect = Expect.ACCEPTABLE,
        desc = "All eight entries counted; no wait gave up.")
@Outcome(id = "([0-7], \\d+|8, [0-7]), [02]", expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: an increment was lost: two threads were inside at once.")
@Outcome(id = "8, 8, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(id = "([0-7], \\d+|8, [0-7]), 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a stranded thread entered without the lock; the lost increment follows from that.")
@State
public class NoWaitNextMutualExclusion {
    private final LockHarness<McsLock.Node> h = LockHarness.of(McsMutants.NoWaitNext::new);

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
