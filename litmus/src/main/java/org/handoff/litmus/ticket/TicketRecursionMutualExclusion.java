package org.handoff.litmus.ticket;

import java.util.function.Function;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.ticket.TicketLock;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * {@link TicketMutualExclusion} with recursion: every acquisition is a nested pair of
 * {@code __mp_lock} calls and every release a nested pair of {@code __mp_unlock} calls
 * ({@link Nested}), as the kernel lock is taken again by code that already holds it. The inner call
 * must return at once and only the outer release may pass the lock on.
 *
 * <p>The JMM allows only {@code 8, 8, 0}, for the reasons given there; x86 shows only that. A
 * release passed on at the inner {@code __mp_unlock} would show as a lost increment; an inner
 * {@code __mp_lock} that waits would show as a stranded thread.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.ticket\.TicketRecursionMutualExclusion$'} (see the MCS package-info).
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
public class TicketRecursionMutualExclusion {
    /** The port of the entry's variant ({@link LockChoice}; TicketLock by default), found once per fork. */
    private static final Function<SpinPolicy, TicketLock> LOCK =
            LockChoice.withPolicy(TicketRecursionMutualExclusion.class, TicketLock.class, TicketLock.class);

    private final LockHarness<TicketLock.Cpu> h = LockHarness.of(spin -> new Nested(LOCK.apply(spin)));

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
