package org.handoff.litmus.pv;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The kick/halt handshake of {@code no-fence-kick} as a store-buffering litmus ({@link KickHaltStage},
 * B running): actor 1 is the holder, {@code next->locked = 1} (release) and {@code pv_kick_node}
 * ({@code r1} = 1 when it saw {@code vcpu_halted} and hashed B); actor 2 is B,
 * {@code smp_store_mb(pn->state, vcpu_halted)} and the re-read of {@code node->locked}
 * ({@code r2} = 1 when it saw the hand-off). {@code 0, 0} is a lost wake-up: B halts having missed
 * the hand-off, and the holder, having read B running, did not hash it, so no unlock kicks it.
 *
 * <p>Access modes (mutant {@code no-fence-kick}): the holder's store is release and its read of the state opaque, with no fence between them; B's side is as in {@code pv} (volatile store, full fence, acquire read). Release followed by an opaque load of another variable is not ordered, so the JMM allows {@code 0, 0}; x86 shows it through the holder's store buffer (its load passes its own buffered store). jcstress accepts it (no JVM bug), so it is an interesting outcome whose description names the broken property.
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.pv\\.NoFenceKickStoreBuffering$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "1, 1", expect = Expect.ACCEPTABLE,
        desc = "The kicker saw B halted and hashed it; B saw the hand-off too and will not park.")
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE,
        desc = "The kicker saw B halted and hashed it; B parks and the holder's unlock kicks it.")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE,
        desc = "The kicker saw B running; B saw the hand-off and does not park.")
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING,
        desc = "NoLostWakeup: store buffering: the kicker read B running before its hand-off was visible, and B missed the hand-off: B halts and is never kicked.")
@State
public class NoFenceKickStoreBuffering {
    private final KickHaltStage s = new KickHaltStage(org.handoff.models.pv.PvMutants.NoFenceKick::new, false);

    @Actor
    public void holder(II_Result r) {
        r.r1 = s.kick();
    }

    @Actor
    public void waiter(II_Result r) {
        r.r2 = s.haltAndRecheck();
    }
}
