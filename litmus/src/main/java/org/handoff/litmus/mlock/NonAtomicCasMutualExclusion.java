package org.handoff.litmus.mlock;

import org.handoff.litmus.LockHarness;
import org.handoff.models.mlock.MLock;
import org.handoff.models.mlock.MLockMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link MLockMutualExclusion} on {@link MLockMutants.NonAtomicCas}: the release's compare-and-swap
 * done as a check and a store. When the other actor swaps itself in between, it is overwritten in
 * the tail and spins on a node that is never cleared for it.
 *
 * <p>Expected: a wait that gives up ({@code 1}, DeadlockFreedom), or, when the stranded actor's
 * node is later cleared for another acquisition, a lost increment (MutualExclusion). The window is
 * a few instructions wide, so it shows in a small share of samples. The JMM allows both; x86 shows
 * them, since the bug needs no reordering.
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.mlock\\.NonAtomicCasMutualExclusion$'} (see the MCS package-info).
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
public class NonAtomicCasMutualExclusion {
    private final LockHarness<MLock.Me> h = LockHarness.of(MLockMutants.NonAtomicCas::new);

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
