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
 * {@link TicketMutualExclusion} on {@link TicketMutants.ReleaseWrongCounter}: the release
 * increments {@code mpl_users} instead of {@code mpl_ticket}, so the lock is never passed on.
 *
 * <p>Expected: {@code 8, 8, 1} or a lost increment with {@code 1} (DeadlockFreedom): the second
 * actor to draw a ticket waits for a ticket that is never served, its wait gives up (the other
 * actor has returned, or is waiting too) and it runs its section without the lock. Deterministic
 * under any memory model, the JMM included: no ordering is involved.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.ticket\.ReleaseWrongCounterMutualExclusion$'} (see the MCS package-info).
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
public class ReleaseWrongCounterMutualExclusion {
    private final LockHarness<TicketLock.Cpu> h = LockHarness.of(TicketMutants.ReleaseWrongCounter::new);

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
