package org.handoff.litmus.pv;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.models.SpinPolicy;
import org.handoff.models.pv.PvMutants;
import org.handoff.models.pv.PvQSpinLock;
import org.handoff.models.qspinlock.QSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

/**
 * MutualExclusion, NoLostWakeup and HashConsistent of the variant its manifest entry names (its port
 * is chosen by {@link LockChoice}; {@code pv}, the PV slowpath with the plain {@code pv_wait_node},
 * by default; also {@code pv-wait-early}, {@code pv-wait-early-merged} and {@code cna-pv}, whose two
 * actors never form a secondary queue, so for it this checks that the composition keeps the PV
 * paths intact, not CNA's hand-off to another node): two actors
 * each take the lock four times and increment two plain fields inside ({@link PvHarness}: short
 * spin thresholds, a holder that keeps the lock a few microseconds, bounded parks). The results are {@code x, y}, whether a wait gave up, whether a
 * park timed out after its event with no kick coming, and whether the hash table holds or held
 * what it must not.
 *
 * <p>With two threads the PV slowpath (which skips the pending path) makes the second arrival the
 * queue head: it sets pending, spins, hashes itself, sets {@code _Q_SLOW_VAL} and halts, and the
 * holder's unlock unhashes and kicks it. The holder, coming back, queues behind that head and halts
 * in {@code pv_wait_node}; the head's hand-off then moves it to hashed in {@code pv_kick_node} and
 * the head's unlock kicks it.
 *
 * <p>The JMM allows only {@code 8, 8, 0, 0, 0}: every way into the lock is an acquire that reads
 * the release of the previous holder, every change of the word is one atomic update, and the
 * kick/halt handshake has a full fence on both sides. x86 shows the same.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code clear-pending-ignores-locked} ({@link PvMutants.ClearPendingIgnoresLocked}): A queue head that spins while the other actor holds the lock takes it too:
 * a lost increment ({@code MutualExclusion}) by interleaving alone, no reordering needed.
 * <li>{@code no-recheck} ({@link PvMutants.NoRecheck}): A node that halts just after the kicker read it running is never kicked:
 * its bounded park times out with the hand-off already made ({@code NoLostWakeup}), by
 * interleaving alone.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.pv\\.PvMutualExclusion$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "8, 8, 0, 0, 0", expect = Expect.ACCEPTABLE,
        desc = "All eight entries counted; no wait gave up; every halted vCPU was kicked; the hash table is clean.")
@Outcome(id = "\\d+, \\d+, \\d, 1, \\d", expect = Expect.FORBIDDEN,
        desc = "NoLostWakeup: a vCPU halted after its event (hand-off or release) and nobody was going to kick it.")
@Outcome(id = "\\d+, \\d+, \\d, 0, 1", expect = Expect.FORBIDDEN,
        desc = "HashConsistent: the lock was hashed twice, a slow unlock found no entry, or an entry was left behind.")
@Outcome(id = "([0-7], \\d+|8, [0-7]), [02], 0, 0", expect = Expect.FORBIDDEN,
        desc = "MutualExclusion: an increment was lost: two threads were inside at once.")
@Outcome(id = "8, 8, [12], 0, 0", expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a thread was stranded: one of its waits could never succeed.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: a stranded thread entered without the lock; the lost increment follows from that.")
@State
public class PvMutualExclusion {
    /** The port of the entry's variant ({@link LockChoice}; PvQSpinLock by default), found once per fork. */
    private static final Function<SpinPolicy, QSpinLock> LOCK =
            LockChoice.withPolicy(PvMutualExclusion.class, QSpinLock.class, PvQSpinLock.class);

    private final PvHarness h = new PvHarness(LOCK);

    @Actor
    public void actor1() {
        h.increment(0, 4);
    }

    @Actor
    public void actor2() {
        h.increment(1, 4);
    }

    @Arbiter
    public void arbiter(IIIII_Result r) {
        h.report(r);
    }
}
