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
 * {@link TicketMutualExclusion} on {@link TicketMutants.NarrowCounter}: counters one bit wide, two
 * ticket values, so the counters wrap on every second acquisition of the eight in a sample.
 *
 * <p>With two actors, at most two tickets are in use at once, and two values tell them apart: the
 * JMM allows only {@code 8, 8, 0} here, as for {@link TicketMutualExclusion}, and that is what the
 * manifest expects. The mutant needs a third CPU holding a ticket (three threads: the Lincheck
 * test and specs/ticket/models/Ticket_N3_W1.cfg catch it), which two jcstress actors cannot provide. This
 * test is the Java half of the bound being exact: the wrap is harmless while
 * {@code 2^width >= CPUs}.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.ticket\.NarrowCounterMutualExclusion$'} (see the MCS package-info).
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
public class NarrowCounterMutualExclusion {
    private final LockHarness<TicketLock.Cpu> h = LockHarness.of(TicketMutants.NarrowCounter::new);

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
