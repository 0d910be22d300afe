package org.handoff.litmus.pv;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.ReadThenWriteOutcomes;
import org.handoff.models.SpinPolicy;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.QSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * HandoffVisibility of the PV port, the Java side of PVWeak.tla's invariant: each actor takes the
 * lock once ({@link PvHarness}: short spin thresholds, a holder that keeps the lock a few
 * microseconds, bounded parks), reads the plain fields {@code x, y} and writes them back
 * incremented. Whoever enters second must find both writes of the first. Result: {@code x, y} found
 * by actor 1, {@code x, y} found by actor 2, and whether a wait gave up.
 *
 * <p>The JMM allows only {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}: the unlock's release
 * (the compare-and-exchange of {@code __pv_queued_spin_unlock}, or the slowpath's release store
 * after {@code pv_unhash}) orders the first section's writes before it, and each way into the
 * lock (the fast path, the queue head's {@code trylock_clear_pending}, its {@code xchg} that finds
 * the lock free) is an acquire that reads it. x86 shows the same; the orders this test cannot
 * weaken on x86 are PVWeak.tla's (its weak-memory mutants, docs/weak-memory.md).
 *
 * <p>Not staged: the hand-off in a sample is whichever the scheduler makes, a queued successor
 * (with the holder's hold, often a queue head that has hashed itself and halted) or an uncontended
 * take after the release. {@link PvMutualExclusion} runs the contended rounds. The port does not
 * suit {@link org.handoff.litmus.LockHarness#staged}: the correct lock hung there (a third context
 * that holds the lock from the start and is released from actor 1's first wait).
 *
 * <h2>Seeded bugs run on it</h2>
 * <ul>
 * <li>{@code clear-pending-ignores-locked}
 * ({@link org.handoff.models.pv.PvMutants.ClearPendingIgnoresLocked}): a spinning queue head
 * takes the lock while the other actor holds it. Here, with one entry each, that shows as a
 * stranded thread (DeadlockFreedom: a wait gave up, the test's {@code 1, 1, 0, 0, 1}), by
 * interleaving alone; the manifest expects that.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.pv\.PvHandoffVisibility$'} (see package-info).
 */
@JCStressTest
@State
public class PvHandoffVisibility extends ReadThenWriteOutcomes {
    /** The port of the entry's variant ({@link LockChoice}; PvQSpinLock by default), found once per fork. */
    private static final Function<SpinPolicy, QSpinLock> LOCK =
            LockChoice.withPolicy(PvHandoffVisibility.class, QSpinLock.class, PvQSpinLock.class);

    private final PvHarness h = new PvHarness(LOCK);

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
        h.reportReads(r);
    }
}
