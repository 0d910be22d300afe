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
 * MutualExclusion of the M-lock port: two actors each take the lock four times and increment two
 * plain fields inside; the arbiter reads {@code x, y} and whether a wait of the lock gave up
 * ({@link LockHarness}). Releases take both paths: the compare-and-swap that keeps the own node
 * when the other actor has not queued, and the CLH release when it has.
 *
 * <p>The JMM allows only {@code 8, 8, 0}: the tail is swapped atomically, so each thread spins on
 * a different predecessor; the release store of the flag is read by the successor's acquire spin,
 * and the volatile compare-and-swap of the tail by the next volatile swap, so each section
 * happens-before the next. x86 shows only {@code 8, 8, 0} too.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code non-atomic-cas} ({@link MLockMutants.NonAtomicCas}): the release's compare-and-swap
 * done as a check and a store. When the other actor swaps itself in between, it is overwritten in
 * the tail and spins on a node that is never cleared for it.
 *
 * <p>Expected: a wait that gives up ({@code 1}, DeadlockFreedom), or, when the stranded actor's
 * node is later cleared for another acquisition, a lost increment (MutualExclusion). The window is
 * a few instructions wide, so it shows in a small share of samples. The JMM allows both; x86 shows
 * them, since the bug needs no reordering.
 * <li>{@code swap-after-cas} ({@link MLockMutants.SwapAfterCas}): after a successful
 * compare-and-swap the releaser also takes the predecessor's node, which is the lock's tail: when
 * it takes the lock again it sets the flag the other actor is about to wait on, and the two wait
 * for each other.
 *
 * <p>Expected: a wait that gives up ({@code 1}, DeadlockFreedom). Deterministic given the
 * interleaving, under any memory model, the JMM and x86 included.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.mlock\\.MLockMutualExclusion$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class MLockMutualExclusion extends IncrementOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; MLock by default), found once per fork. */
    private static final Function<SpinPolicy, MLock> LOCK =
            LockChoice.withPolicy(MLockMutualExclusion.class, MLock.class, MLock.class);

    private final LockHarness<MLock.Me> h = LockHarness.of(LOCK);

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
