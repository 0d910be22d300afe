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
 * {@link McsMutualExclusion} on {@link McsMutants.LateInit}: {@code node->locked = 0} is stored
 * after the node is linked to its predecessor, so a hand-off that lands in between is erased.
 *
 * <p>Expected: {@code 8, 8, 1} (DeadlockFreedom): the erased waiter spins on a hand-off that already
 * happened; its releaser returns or queues behind it, and the harness ends the wait. The
 * interleaving needs no reordering (the JMM and x86 both allow it); it needs the releaser to read
 * the new link within the few instructions before the late store, which happens often when the
 * releaser is already spinning for that link.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.LateInitMutualExclusion$'} (see package-info).
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
public class LateInitMutualExclusion {
    private final LockHarness<McsLock.Node> h = LockHarness.of(McsMutants.LateInit::new);

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
