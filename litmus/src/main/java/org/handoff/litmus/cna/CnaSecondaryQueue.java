package org.handoff.litmus.cna;

import java.util.function.BiFunction;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.cna.CnaLock;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * MutualExclusion and no lost waiter of {@code cna-v1} with a secondary queue
 * ({@link StagedSecondaryQueue}): each actor enters once, reads {@code x, y} and writes them back
 * plus one. In the samples where actor 0 (node 1) queued first, the staged head skips it for actor 1
 * (node 0), moving it to the secondary queue, and actor 1 hands it the lock through
 * {@code cna_try_clear_tail}; in the others the hand-offs are FIFO. Either way actor 1 enters first,
 * so v1 shows only {@code 1, 1, 0, 0, 0}; {@code 0, 0, 1, 1, 0} is reachable only for a variant that
 * may skip the search.
 *
 * <p>The JMM allows only {@code 1, 1, 0, 0, 0} and {@code 0, 0, 1, 1, 0} with nothing stranded:
 * every hand-off is a release store of the successor's {@code locked} (or, for the holder, a release
 * compare-and-exchange of the word) read with acquire by the waiter, so the second holder sees the
 * first's writes. x86 shows the same.
 *
 * <h2>The family's variants</h2>
 * Each runs this class as it is, its lock and settings chosen by its manifest entry
 * ({@link LockChoice}: {@code lock} and {@code configure}):
 * <ul>
 * <li>{@code cna-threshold} at threshold 1 ({@code threshold=1}): the staged head starts with a
 *     count of 0, searches, and gives actor 1 a count of 1, at the threshold; actor 1 then finds the
 *     main queue empty and hands the lock to the secondary queue. Only {@code 1, 1, 0, 0, 0} is
 *     expected, as for v1.
 * <li>{@code cna-prob} with the search made with probability 1/2 ({@code probArg=2} instead of
 *     0x10000, so that both branches run) and a fixed RNG seed: when the staged head does not
 *     search, it hands the lock to its immediate successor, so {@code 0, 0, 1, 1, 0} (actor 0 first)
 *     appears too. Which samples skip the search follows from the seed and the order of the samples'
 *     acquisitions on each CPU, so it is not replayable sample by sample, but every path is safe for
 *     every random value.
 * </ul>
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs it on four mutants, each stranding a waiter ({@code ..., 1}, DeadlockFreedom)
 * by program order alone, so the JMM allows it on every platform, x86 included:
 * <ul>
 * <li>{@link org.handoff.models.cna.CnaMutants.LoseSecondary}: actor 1, finding the main queue
 *     empty, clears the tail natively while it holds actor 0 in the secondary queue; actor 0 is
 *     stranded in the samples where it queued first.
 * <li>{@link org.handoff.models.cna.CnaMutants.SpliceNoTail}: actor 1 hands the MCS lock to the
 *     secondary queue but clears the tail instead of setting it to the secondary queue's last node,
 *     so actor 0 waits for a successor that never links (same samples).
 * <li>{@link org.handoff.models.cna.CnaMutants.PassOne}: the head hands actor 1 the value 1
 *     instead of its secondary queue, which is lost with actor 0 in it (same samples).
 * <li>{@link org.handoff.models.cna.CnaMutants.HeadLockedZero}: the staged head, which found the
 *     queue empty, leaves its {@code locked} at 0 and hands that 0 to actor 1 when actor 1 is its
 *     immediate successor (the samples where actor 1 queued first): actor 1 and actor 0 behind it
 *     keep waiting.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.cna\.CnaSecondaryQueue$'} (see package-info),
 * with {@code -jvmArgs -Dhandoff.litmus.lock.org.handoff.litmus.cna.CnaSecondaryQueue=CLASS} for
 * another lock and {@code -Dhandoff.litmus.configure.org.handoff.litmus.cna.CnaSecondaryQueue=threshold=1}
 * for its settings.
 */
@JCStressTest
@State
public class CnaSecondaryQueue extends StagedQueueOutcomes {
    private static final BiFunction<SpinPolicy, SlowpathHooks, CnaLock> LOCK =
            LockChoice.withHooks(CnaSecondaryQueue.class, CnaLock.class);
    private final LockHarness<QCpu> h = LockHarness.of(
            spin -> StagedSecondaryQueue.build(spin, LOCK));

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
