package org.handoff.litmus.cna;

import org.handoff.litmus.LockHarness;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.CnaProb;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * {@link CnaSecondaryQueue} on {@code cna-prob}, with the search made with probability 1/2
 * ({@code probArg(2)} instead of 0x10000, so that both branches run) and the fixed RNG seed
 * {@link #SEED}: when the staged head does not search, it hands the lock to its immediate successor,
 * so {@code 0, 0, 1, 1, 0} (actor 0 first) appears too. Which samples skip the search follows from the
 * seed and the order of the samples' acquisitions on each CPU, so it is not replayable sample by
 * sample, but every path is safe for every random value.
 *
 * <p>The JMM allows only {@code 1, 1, 0, 0, 0} and {@code 0, 0, 1, 1, 0} with nothing stranded:
 * every hand-off is a release store of the successor's {@code locked} (or, for the holder, a release
 * compare-and-exchange of the word) read with acquire by the waiter, so the second holder sees the
 * first's writes. x86 shows the same.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.cna\.CnaProbSecondaryQueue$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "1, 1, 0, 0, 0", expect = Expect.ACCEPTABLE,
        desc = "Actor 1 (the head's node) entered first; actor 0 found both its writes.")
@Outcome(id = "0, 0, 1, 1, 0", expect = Expect.ACCEPTABLE,
        desc = "Actor 0 (remote) entered first, in FIFO order: the head did not search for a local waiter.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class CnaProbSecondaryQueue {
    /** The seed of the per-CPU random number generators of every sample. */
    public static final long SEED = 20190130L;

    private final LockHarness<QCpu> h = LockHarness.of(
            spin -> StagedSecondaryQueue.build(spin,
                    (p, hooks) -> new CnaProb(p, hooks).probArg(2).seed(SEED)));

    @Actor
    public void actor1(IIIII_Result r) {
        h.readThenWrite(0, r);
    }

    @Actor
    public void actor2(IIIII_Result r) {
        h.readThenWrite(1, r);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
