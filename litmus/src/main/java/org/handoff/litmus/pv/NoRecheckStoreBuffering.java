package org.handoff.litmus.pv;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * The kick/halt handshake of {@code no-recheck} as a store-buffering litmus ({@link KickHaltStage},
 * B running): actor 1 is the holder, {@code next->locked = 1} (release) and {@code pv_kick_node}
 * ({@code r1} = 1 when it saw {@code vcpu_halted} and hashed B); actor 2 is B,
 * {@code smp_store_mb(pn->state, vcpu_halted)} and the re-read of {@code node->locked}
 * ({@code r2} = 1 when it saw the hand-off). {@code 0, 0} is a lost wake-up: B halts having missed
 * the hand-off, and the holder, having read B running, did not hash it, so no unlock kicks it.
 *
 * <p>Access modes (mutant {@code no-recheck}): the holder's side is as in {@code pv}; B stores {@code vcpu_halted} and does not read {@code node->locked} again, so {@code r2} is always 0 and {@code 0, 0} needs no reordering at all: any interleaving where the kicker's cmpxchg comes before B's store gives it. Interesting (allowed by the JMM), named after the broken property.
 *
 * <p>Run alone: {@code -t '^org\\.handoff\\.litmus\\.pv\\.NoRecheckStoreBuffering$'} (see package-info).
 */
@JCStressTest
@Outcome(id = "1, 1", expect = Expect.ACCEPTABLE,
        desc = "The kicker saw B halted and hashed it; B saw the hand-off too and will not park.")
@Outcome(id = "1, 0", expect = Expect.ACCEPTABLE,
        desc = "The kicker saw B halted and hashed it; B parks and the holder's unlock kicks it.")
@Outcome(id = "0, 1", expect = Expect.ACCEPTABLE,
        desc = "The kicker saw B running; B saw the hand-off and does not park.")
@Outcome(id = "0, 0", expect = Expect.ACCEPTABLE_INTERESTING,
        desc = "NoLostWakeup: the kicker read B running and B halted without re-reading node->locked: B is never kicked.")
@State
public class NoRecheckStoreBuffering {
    private final KickHaltStage s = new KickHaltStage(org.handoff.models.pv.PvMutants.NoRecheck::new, false);

    @Actor
    public void holder(II_Result r) {
        r.r1 = s.kick();
    }

    @Actor
    public void waiter(II_Result r) {
        r.r2 = s.haltAndRecheck();
    }
}
