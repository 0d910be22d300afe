package org.handoff.litmus.mlock;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.mlock.MLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
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
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.mlock\\.MLockMutualExclusion$'} (see the MCS package-info).
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
public class MLockMutualExclusion {
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
