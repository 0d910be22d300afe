package org.handoff.litmus.clh;

import java.util.function.Function;
import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.clh.ClhLock;
import org.handoff.models.clh.ClhMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the CLH port at a raced doorway: {@link ClhMutualExclusion}'s counting, with
 * the two actors meeting before each of their acquisitions ({@link LockHarness#meeting}), so that
 * their tail swaps overlap in every round instead of when the scheduler happens to line them up.
 *
 * <p>The JMM allows only {@code 8, 8, 0}: the swap is one atomic {@code getAndSet}, so however
 * close the two doorways come, each thread gets a different predecessor and spins on it; x86 shows
 * only {@code 8, 8, 0} too. The meeting happens before {@code lock} is called and orders nothing
 * inside the lock.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on this variant too, with the variant's port ({@link LockChoice}):
 * <ul>
 * <li>{@code non-atomic-swap} ({@link ClhMutants.NonAtomicSwap}): the tail swap done as a read and
 * a write. Both actors can read the same predecessor node and enter together when it is clear.
 * Left to the scheduler the two doorways seldom overlapped, and a run could show the bug only
 * through its stranded waiters (DeadlockFreedom), not as two threads inside (the misses are listed
 * in docs/catch-rates.md); the meeting is what makes it show as MutualExclusion.
 *
 * <p>Expected: a lost increment ({@code 7, 7, 0} and the like, MutualExclusion); a later
 * acquisition may then spin on a node whose owner has already taken it back, and a wait gives up
 * ({@code 1}, DeadlockFreedom). The JMM allows all of them, the read and the write being two
 * accesses; x86 shows them, since the bug needs no reordering. When a run shows both properties
 * the runner reports MutualExclusion, the first in the catalogue.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.clh\.ClhDoorwayMutualExclusion$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class ClhDoorwayMutualExclusion extends IncrementOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; ClhLock by default), found once per fork. */
    private static final Function<SpinPolicy, ClhLock> LOCK =
            LockChoice.withPolicy(ClhDoorwayMutualExclusion.class, ClhLock.class, ClhLock.class);

    private final LockHarness<ClhLock.Me> h = LockHarness.meeting(LOCK);

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
