package org.handoff.litmus.pv;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.models.SpinPolicy;
import org.handoff.models.pv.PvMutants;
import org.handoff.models.pv.PvQSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * Hashed at most once, {@code pv} or the variant its manifest entry names (chosen by
 * {@link LockChoice}) ({@link KickHaltStage}, B halted): actor 1 is the holder,
 * hand-off and {@code pv_kick_node} ({@code r1} = 1 when it hashed the lock to B); actor 2 is B
 * woken (spuriously, or by its re-check) as soon as it sees the hand-off: its
 * {@code cmpxchg(&pn->state, vcpu_halted, vcpu_running)}, then {@code pv_wait_head_or_lock}'s read
 * of the state ({@code r2} = 1 when the new head will hash the lock itself). {@code r3}: B's wait
 * for the hand-off gave up (never, when the holder hands off).
 *
 * <p>Both sides change B's state with one volatile compare-and-exchange from {@code vcpu_halted}, so exactly one of them succeeds in any execution the JMM allows: {@code 1, 1, 0} and {@code 0, 0, 0} are forbidden (and never seen on x86).
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code head-rehash} ({@link PvMutants.HeadRehash}): the new head never looks at its state
 * and always hashes, so {@code r2} is always 1 and {@code 1, 1, 0} follows whenever the kicker saw
 * B halted (HashConsistent). Interleaving alone gives it; the JMM allows it.
 * <li>{@code non-atomic-kick} ({@link PvMutants.NonAtomicKick}): the kicker reads the state
 * (volatile) and then writes {@code vcpu_hashed} (volatile), two steps. If B's cmpxchg lands
 * between them both think they won: {@code 1, 1, 0} (HashConsistent), reachable by interleaving
 * alone, which the JMM allows; the window is a few instructions wide, so the entry is in the full
 * profile.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.pv\\.PvHashConsistent$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = Expect.ACCEPTABLE,
        desc = "The kicker's cmpxchg won: it hashed B, and B, finding itself hashed, will not hash again.")
@Outcome(id = "0, 1, 0", expect = Expect.ACCEPTABLE,
        desc = "B's cmpxchg back to running won: the kicker did not hash, and B as head will hash itself.")
@Outcome(id = "1, 1, 0", expect = Expect.FORBIDDEN,
        desc = "HashConsistent: both the kicker and the new head hash the lock: two entries for one lock.")
@Outcome(id = "0, 0, 0", expect = Expect.FORBIDDEN,
        desc = "NoLostWakeup: nobody hashes the lock for B: B as head would halt with no entry to find it by.")
@Outcome(expect = Expect.FORBIDDEN,
        desc = "DeadlockFreedom: B never saw the hand-off.")
@State
public class PvHashConsistent {
    /** The port of the entry's variant ({@link LockChoice}; PvQSpinLock by default), found once per fork. */
    private static final Function<SpinPolicy, PvQSpinLock> LOCK =
            LockChoice.withPolicy(PvHashConsistent.class, PvQSpinLock.class, PvQSpinLock.class);

    private final KickHaltStage s = new KickHaltStage(LOCK, true);

    @Actor
    public void holder(III_Result r) {
        r.r1 = s.kick();
    }

    @Actor
    public void woken(III_Result r) {
        r.r2 = s.wakeAsHead();
    }

    @Arbiter
    public void arbiter(III_Result r) {
        r.r3 = s.gaveUp();
    }
}
