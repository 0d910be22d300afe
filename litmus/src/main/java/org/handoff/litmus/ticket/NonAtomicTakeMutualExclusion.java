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
 * {@link TicketMutualExclusion} on {@link TicketMutants.NonAtomicTake}: the ticket drawn with a
 * read and a write of {@code mpl_users} instead of {@code atomic_inc_int_nv}.
 *
 * <p>Expected: a lost increment ({@code 7, 7, 0} and the like, MutualExclusion): both actors read
 * the same {@code mpl_users}, draw the same ticket and are served together. When the two draws
 * collide after the lock has moved past that ticket, both wait for a ticket that was already served
 * and a wait gives up ({@code 8, 8, 1}, DeadlockFreedom). The JMM allows all of them, the read and
 * the write being two accesses; x86 shows them, since the bug needs no reordering. When a run
 * shows both properties the runner reports MutualExclusion, the first in the catalogue.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.ticket\.NonAtomicTakeMutualExclusion$'} (see the MCS package-info).
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
public class NonAtomicTakeMutualExclusion {
    private final LockHarness<TicketLock.Cpu> h = LockHarness.of(TicketMutants.NonAtomicTake::new);

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
