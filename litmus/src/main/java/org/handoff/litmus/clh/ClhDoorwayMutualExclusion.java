package org.handoff.litmus.clh;

import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockHarness;
import org.handoff.models.clh.ClhLock;
import org.handoff.models.clh.ClhMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link ClhMutualExclusion} on {@link ClhMutants.NonAtomicSwap}: the tail swap done as a read and
 * a write. Both actors can read the same predecessor node and enter together when it is clear.
 * The actors meet before each acquisition ({@link LockHarness#meeting}), so that their doorways race
 * in every round; left to the scheduler the two doorways seldom overlapped, and a run could show the
 * bug only through its stranded waiters (DeadlockFreedom), not as two threads inside (the misses
 * are listed in docs/catch-rates.md).
 *
 * <p>Expected: a lost increment ({@code 7, 7, 0} and the like, MutualExclusion); a later
 * acquisition may then spin on a node whose owner has already taken it back, and a wait gives up
 * ({@code 1}, DeadlockFreedom). The JMM allows all of them, the read and the write being two
 * accesses; x86 shows them, since the bug needs no reordering. When a run shows both properties
 * the runner reports MutualExclusion, the first in the catalogue.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.clh\.NonAtomicSwapMutualExclusion$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class NonAtomicSwapMutualExclusion extends IncrementOutcomes {
    private final LockHarness<ClhLock.Me> h = LockHarness.meeting(ClhMutants.NonAtomicSwap::new);

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
