package org.handoff.litmus.mlock;

import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockHarness;
import org.handoff.models.mlock.MLock;
import org.handoff.models.mlock.MLockMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link MLockMutualExclusion} on {@link MLockMutants.NonAtomicSwap}: the tail swap done as a read and
 * a write. Both actors can read the same predecessor node and enter together when it is clear.
 * The actors meet before each acquisition ({@link LockHarness#meeting}), so that their doorways race
 * in every round; left to the scheduler the two doorways seldom overlapped, and a run could show the
 * bug only through its stranded waiters (DeadlockFreedom), not as two threads inside (the misses
 * are listed in docs/catch-rates.md).
 *
 * <p>Expected: a lost increment ({@code 7, 7, 0} and the like, MutualExclusion), or a later wait
 * that gives up ({@code 1}, DeadlockFreedom). The JMM allows both, the read and the write being two
 * accesses; x86 shows them, since the bug needs no reordering.
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.mlock\\.NonAtomicSwapMutualExclusion$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class NonAtomicSwapMutualExclusion extends IncrementOutcomes {
    private final LockHarness<MLock.Me> h = LockHarness.meeting(MLockMutants.NonAtomicSwap::new);

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
