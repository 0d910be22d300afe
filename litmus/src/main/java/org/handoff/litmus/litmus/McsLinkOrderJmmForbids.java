package org.handoff.litmus.litmus;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.I_Result;

/**
 * DPDK's MCS hand-off ({@link McsLinkOrder}) in the orders of the waiter's stores where the JMM
 * forbids the lost hand-off ({@code 1}): {@code mcslock-release-link} (DPDK's fix). The entry's variant names the order
 * ({@link McsLinkOrder.Link}, where each order's JMM answer is argued).
 *
 * <p>Run one alone: {@code -t '^org\\.handoff\\.litmus\\.litmus\\.McsLinkOrderJmmForbids$'} with
 * {@code -jvmArgs -Dhandoff.litmus.variant.org.handoff.litmus.litmus.McsLinkOrderJmmForbids=mcslock-release-link}.
 */
@JCStressTest
@Outcome(id = "0", expect = Expect.ACCEPTABLE, desc = McsLinkOrder.HANDED_OFF)
@Outcome(id = "1", expect = Expect.FORBIDDEN, desc = McsLinkOrder.LOST_FORBIDDEN)
@State
public class McsLinkOrderJmmForbids {
    /** The order the runner named, checked once per fork. */
    private static final McsLinkOrder.Link LINK = McsLinkOrder.link(McsLinkOrderJmmForbids.class, false);

    private final McsLinkOrder.Pair p = new McsLinkOrder.Pair(LINK);

    @Actor
    public void waiter() {
        p.lock();
    }

    @Actor
    public void holder() {
        p.unlock();
    }

    @Arbiter
    public void arbiter(I_Result r) {
        r.r1 = p.waiterFlag();
    }
}
