package org.handoff.litmus.cna;

import java.util.function.BiFunction;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.cna.CnaThreshold;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * {@link CnaSecondaryQueue} on {@code cna-threshold} with threshold 1: the staged head starts
 * with a count of 0, searches, and gives actor 1 a count of 1, at the threshold; actor 1 then finds
 * the main queue empty and hands the lock to the secondary queue. Only {@code 1, 1, 0, 0, 0} is
 * expected, as for v1. The lock is the entry's variant's port ({@link LockChoice}), a
 * {@code CnaThreshold}, so a variant of cna-threshold runs the test as it is.
 *
 * <p>The JMM allows only {@code 1, 1, 0, 0, 0} and {@code 0, 0, 1, 1, 0} with nothing stranded:
 * every hand-off is a release store of the successor's {@code locked} (or, for the holder, a release
 * compare-and-exchange of the word) read with acquire by the waiter, so the second holder sees the
 * first's writes. x86 shows the same.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.cna\.CnaThresholdSecondaryQueue$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "1, 1, 0, 0, 0", expect = Expect.ACCEPTABLE,
        desc = "Actor 1 (the head's node) entered first; actor 0 found both its writes.")
@Outcome(id = "0, 0, 1, 1, 0", expect = Expect.ACCEPTABLE_INTERESTING,
        desc = "Actor 0 (remote) entered first, in FIFO order: the head did not search for a local waiter.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class CnaThresholdSecondaryQueue {
    private static final BiFunction<SpinPolicy, SlowpathHooks, CnaThreshold> LOCK =
            LockChoice.withHooks(CnaThresholdSecondaryQueue.class, CnaThreshold.class);
    private final LockHarness<QCpu> h = LockHarness.of(
            spin -> StagedSecondaryQueue.build(spin, (p, hooks) -> LOCK.apply(p, hooks).threshold(1)));

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
