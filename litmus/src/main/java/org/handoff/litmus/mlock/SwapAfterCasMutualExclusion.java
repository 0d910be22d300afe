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
 * {@link MLockMutualExclusion} on {@link MLockMutants.SwapAfterCas}: after a successful
 * compare-and-swap the releaser also takes the predecessor's node, which is the lock's tail: when
 * it takes the lock again it sets the flag the other actor is about to wait on, and the two wait
 * for each other.
 *
 * <p>Expected: a wait that gives up ({@code 1}, DeadlockFreedom). Deterministic given the
 * interleaving, under any memory model, the JMM and x86 included.
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.mlock\\.SwapAfterCasMutualExclusion$'} (see the MCS package-info).
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
public class SwapAfterCasMutualExclusion {
    private final LockHarness<MLock.Me> h = LockHarness.of(MLockMutants.SwapAfterCas::new);

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
