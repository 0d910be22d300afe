package org.handoff.litmus.ticket;

import org.handoff.litmus.LockHarness;
import org.handoff.models.ticket.TicketLock;
import org.handoff.models.ticket.TicketMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link TicketRecursionMutualExclusion} on {@link TicketMutants.ReentryNewTicket}: the nested
 * {@code __mp_lock} draws a new ticket and waits behind its own.
 *
 * <p>Expected: a wait that gives up ({@code 1}, DeadlockFreedom) in every sample: the first
 * nested call of either actor waits for a ticket only its own release would serve. Deterministic
 * under any memory model, the JMM included.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.ticket\.ReentryNewTicketMutualExclusion$'} (see the MCS package-info).
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
public class ReentryNewTicketMutualExclusion {
    private final LockHarness<TicketLock.Cpu> h = LockHarness.of(spin -> new Nested(new TicketMutants.ReentryNewTicket(spin)));

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
