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
 * BoundedBypass of {@code cna-threshold} with threshold 1 ({@link StagedMainQueue#withLocal}): the
 * remote waiters get the lock after at most one local hand-off. The staged head (count 0) searches,
 * skips the staged remote waiter (CPU 2) and hands the lock to the staged local one (CPU 3) with a
 * count of 1, at the threshold; CPU 3 does not search but flushes the secondary queue, so CPU 2
 * takes the lock next, and then the actors in the order CPU 2's own search gives: actor 0 (CPU
 * 2's node) before actor 1 in both orders of linking. Expected: {@code 0, 0, 1, 1, 0} only. A
 * policy that lets CPU 3 search hands the lock to actor 1 (node 0) for a second local hand-off in a
 * row, before CPU 2 and actor 0: {@code 1, 1, 0, 0, 0}, which this test forbids as BoundedBypass.
 * The manifest entry requires {@code cna_pass_lock:no-search} (hook counts).
 *
 * <p>The JMM allows only {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0} with nothing stranded
 * (the second only for a policy that searches past the threshold): every hand-off across threads
 * is a release store of the successor's {@code locked}, or the holder's release of the lock word,
 * read with acquire by the waiter. x86 shows the same.
 *
 * <p>The manifest runs it on {@code cna-threshold} and, through its {@code lock} ({@link LockChoice}),
 * on two mutants of the policy, which show {@code 1, 1, 0, 0, 0} in every sample (program order
 * alone): {@link org.handoff.models.cna.CnaMutants.ThresholdOffByOne} (searches while the count is
 * at most the threshold) and {@link org.handoff.models.cna.CnaMutants.ThresholdCountInHolder}
 * (counts a local hand-off in the holder's node, so the staged local waiter starts from 0).
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.cna\.CnaThresholdAppendQueue$'} (see
 * package-info), with {@code -jvmArgs -Dhandoff.litmus.lock.org.handoff.litmus.cna.CnaThresholdAppendQueue=CLASS}
 * for another lock.
 */
@JCStressTest
@Outcome(id = "0, 0, 1, 1, 0", expect = Expect.ACCEPTABLE,
        desc = "After one local hand-off the lock left node 0: the staged remote waiter, then actor 0, then actor 1.")
@Outcome(id = "1, 1, 0, 0, 0", expect = Expect.FORBIDDEN,
        desc = "BoundedBypass: actor 1 entered first: the lock stayed on node 0 for a second local hand-off, past the threshold of 1.")
@Outcome(id = "\\d+, \\d+, \\d+, \\d+, [12]", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "HandoffVisibility: the second holder missed a write of the first (stale or partial values).")
@State
public class CnaThresholdAppendQueue {
    private static final BiFunction<SpinPolicy, SlowpathHooks, CnaThreshold> LOCK =
            LockChoice.withHooks(CnaThresholdAppendQueue.class, CnaThreshold.class);
    private final LockHarness<QCpu> h = LockHarness.of(
            spin -> StagedMainQueue.withLocal(spin, (p, hooks) -> LOCK.apply(p, hooks).threshold(1)));

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
