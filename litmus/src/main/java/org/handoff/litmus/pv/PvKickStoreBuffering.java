package org.handoff.litmus.pv;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.models.SpinPolicy;
import org.handoff.models.pv.PvMutants;
import org.handoff.models.pv.PvQSpinLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The kick/halt handshake of {@code pv} (or the variant its manifest entry names, chosen by
 * {@link LockChoice}) as a store-buffering litmus ({@link KickHaltStage},
 * B running): actor 1 is the holder, {@code next->locked = 1} (release) and {@code pv_kick_node}
 * ({@code r1} = 1 when it saw {@code vcpu_halted} and hashed B); actor 2 is B,
 * {@code smp_store_mb(pn->state, vcpu_halted)} and the re-read of {@code node->locked}
 * ({@code r2} = 1 when it saw the hand-off). {@code 0, 0} is a lost wake-up: B halts having missed
 * the hand-off, and the holder, having read B running, did not hash it, so no unlock kicks it.
 *
 * <p>Access modes: the holder's store is release, then {@code VarHandle.fullFence()} ({@code smp_mb__before_atomic}) and a volatile compare-and-exchange of the state; B's store is volatile, then {@code fullFence()} ({@code smp_store_mb}), then an acquire read. With a full fence between the store and the load on both sides the JMM forbids {@code 0, 0} (store buffering needs one side without it), and so does x86. All other outcomes are allowed.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code no-fence-kick} ({@link PvMutants.NoFenceKick}): the holder's store is release and
 * its read of the state opaque, with no fence between them; B's side is as in {@code pv}. A
 * release store followed by an opaque load of another variable is not ordered, so the JMM allows
 * {@code 0, 0} (NoLostWakeup), and x86 shows it through the holder's store buffer: its load passes
 * its own buffered store.
 * <li>{@code no-recheck} ({@link PvMutants.NoRecheck}): the holder's side is as in {@code pv}; B
 * stores {@code vcpu_halted} and does not read {@code node->locked} again, so {@code r2} is always
 * 0 and {@code 0, 0} (NoLostWakeup) needs no reordering: any interleaving in which the kicker's
 * cmpxchg comes before B's store gives it.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.pv\\.PvKickStoreBuffering$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "1, 1", expect = Expect.ACCEPTABLE,
        desc = "The kicker saw B halted and hashed it; B saw the hand-off too and will not park.")
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE,
        desc = "The kicker saw B halted and hashed it; B parks and the holder's unlock kicks it.")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE,
        desc = "The kicker saw B running; B saw the hand-off and does not park.")
@Outcome(id = "0, 0", expect = Expect.FORBIDDEN,
        desc = "NoLostWakeup: the kicker read B running and B missed the hand-off: B halts and is never kicked.")
@State
public class PvKickStoreBuffering {
    /** The port of the entry's variant ({@link LockChoice}; PvQSpinLock by default), found once per fork. */
    private static final Function<SpinPolicy, PvQSpinLock> LOCK =
            LockChoice.withPolicy(PvKickStoreBuffering.class, PvQSpinLock.class, PvQSpinLock.class);

    private final KickHaltStage s = new KickHaltStage(LOCK, false);

    @Actor
    public void holder(II_Result r) {
        r.r1 = s.kick();
    }

    @Actor
    public void waiter(II_Result r) {
        r.r2 = s.haltAndRecheck();
    }
}
