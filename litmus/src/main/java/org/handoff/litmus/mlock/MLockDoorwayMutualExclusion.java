package org.handoff.litmus.mlock;

import java.util.function.Function;
import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.mlock.MLock;
import org.handoff.models.mlock.MLockMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the M-lock port at a raced doorway: {@link MLockMutualExclusion}'s counting,
 * with the two actors meeting before each of their acquisitions ({@link LockHarness#meeting}), so
 * that their tail swaps (CLH's acquisition, which the M-lock inherits) overlap in every round.
 *
 * <p>The JMM allows only {@code 8, 8, 0}: the swap is one atomic {@code getAndSet}, so each thread
 * gets a different predecessor however close the doorways come; x86 shows only {@code 8, 8, 0}
 * too. The meeting happens before {@code lock} is called and orders nothing inside the lock.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on this variant too, with the variant's port ({@link LockChoice}):
 * <ul>
 * <li>{@code non-atomic-swap} ({@link MLockMutants.NonAtomicSwap}): the tail swap done as a read
 * and a write. Both actors can read the same predecessor and enter together; the meeting makes
 * the two doorways overlap often enough for that to show.
 *
 * <p>Expected: a lost increment ({@code 7, 7, 0} and the like, MutualExclusion), or a later wait
 * that gives up ({@code 1}, DeadlockFreedom). The JMM allows both, the read and the write being two
 * accesses; x86 shows them, since the bug needs no reordering.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.mlock\.MLockDoorwayMutualExclusion$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class MLockDoorwayMutualExclusion extends IncrementOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; MLock by default), found once per fork. */
    private static final Function<SpinPolicy, MLock> LOCK =
            LockChoice.withPolicy(MLockDoorwayMutualExclusion.class, MLock.class, MLock.class);

    private final LockHarness<MLock.Me> h = LockHarness.meeting(LOCK);

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
