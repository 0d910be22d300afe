package org.handoff.litmus.qspinlock;

import java.util.function.BiFunction;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * MutualExclusion of the qspinlock port: two actors each take the lock four times and increment
 * two plain fields inside; the arbiter reads {@code x, y} and whether a wait gave up
 * ({@link LockHarness}). Two CPUs reach every path of the slowpath but the MCS hand-off between two
 * queued nodes: the fast path, the pending path (a waiter that finds the lock held), and the queue
 * path (a thread that releases and comes straight back while the other is pending queues, and the
 * pending owner may then come back and queue behind it). Each context is one CPU, reused.
 *
 * <p>The JMM allows only {@code 8, 8, 0}: every way into the lock ends in an acquire that reads the
 * release of the previous holder's unlock, and every change of the word is one atomic update. x86
 * shows only {@code 8, 8, 0} too.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.qspinlock\.QSpinLockMutualExclusion$'} (see package-info).
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
public class QSpinLockMutualExclusion {
    /** The entry's variant's port ({@link LockChoice}): a qspinlock variant runs this test as it is. */
    private static final BiFunction<SpinPolicy, QSpinLock.Hooks, QSpinLock> LOCK =
            LockChoice.withHooks(QSpinLockMutualExclusion.class, QSpinLock.class);
    private final LockHarness<QSpinLock.Cpu> h = LockHarness.of(spin -> LOCK.apply(spin, QSpinLock.Hooks.NATIVE));

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
