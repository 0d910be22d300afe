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
 * {@link McsMutualExclusion} on {@link McsMutants.HandoffToTail}: when the cmpxchg on the tail
 * fails, the release hands the lock to the node the tail names instead of waiting for the
 * successor to link. With two actors the tail is the successor, so the jump past a waiter that the
 * spec finds with three threads cannot happen here; what two actors can show is the successor's
 * late link landing on the releasing node after that node was reused for the next acquisition.
 * The stale link strands a waiter (DeadlockFreedom). No reordering is involved: the JMM and x86
 * both allow whatever this test sees. Each actor takes the lock 16 times, as in
 * {@link McsMutualExclusion}: with 4 the window was met so rarely that a run on a loaded machine
 * missed the mutant; with 16 it is met far more often, but still not in every fork (JDK 25 runs one
 * JVM configuration where JDK 17 runs two). So the entry runs in the full profile, with 5 s
 * iterations; in the quick profile Lincheck and trace validation catch the mutant. The measured
 * rates are in docs/catch-rates.md.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.HandoffToTailMutualExclusion$'} (see package-info).
 */

@JCStressTest
@Outcome(id = "32, 32, 0", expect = Expect.ACCEPTABLE,
        desc = "All 32 entries counted; no wait gave up.")
@Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), [02]", expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: an increment was lost: two threads were inside at once.")
@Outcome(id = "32, 32, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(id = "(([0-9]|[12][0-9]|3[01]), \\d+|32, ([0-9]|[12][0-9]|3[01])), 1", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a stranded thread entered without the lock; the lost increment follows from that.")
@State
public class HandoffToTailMutualExclusion {
    private final LockHarness<McsLock.Node> h = LockHarness.of(McsMutants.HandoffToTail::new);

    @Actor
    public void actor1() {
        h.increment(0, 16);
    }

    @Actor
    public void actor2() {
        h.increment(1, 16);
    }

    @Arbiter
    public void arbiter(III_Result r) {
        h.report(r);
    }
}
