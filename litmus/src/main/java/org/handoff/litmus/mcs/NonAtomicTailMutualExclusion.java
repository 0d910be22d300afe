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
 * {@link McsMutualExclusion} on {@link McsMutants.NonAtomicTail}: the doorway's {@code xchg} done as
 * a read and a write of the tail. Both actors can read an empty queue and both enter.
 *
 * <p>Expected: {@code 7, 7, 2} and the like (MutualExclusion: both read an empty queue, both
 * entered, one increment was lost; then the release of the one whose write to the tail was
 * overwritten waits for a successor that never links, the {@code 2}). The same race shows up as
 * {@code 8, 8, 2} when the two sections did not overlap in time, and as {@code 8, 8, 1} when a
 * thread read a predecessor that released before the write landed and queued behind a node that
 * will never hand over (DeadlockFreedom). All of them are seen on x86, since the bug needs no
 * reordering; the JMM allows them, the read and the write of the tail being two accesses. When a
 * run shows both properties the runner reports MutualExclusion, the first in the catalogue.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mcs\.NonAtomicTailMutualExclusion$'} (see package-info).
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
public class NonAtomicTailMutualExclusion {
    private final LockHarness<McsLock.Node> h = LockHarness.of(McsMutants.NonAtomicTail::new);

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
