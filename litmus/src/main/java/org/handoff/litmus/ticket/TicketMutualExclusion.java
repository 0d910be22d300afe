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
 * MutualExclusion of the ticket port ({@code __mp_lock}, 32-bit counters): two actors each take
 * the lock four times and increment two plain fields inside; the arbiter reads {@code x, y} and
 * whether a wait of the lock gave up ({@link LockHarness}).
 *
 * <p>The JMM allows only {@code 8, 8, 0}: tickets are drawn with an atomic increment, so no two
 * are equal, and the release store of {@code mpl_ticket} is read by the next holder's acquire spin,
 * so each section happens-before the next. x86 shows only {@code 8, 8, 0} too. A lost increment
 * means two threads were inside at once; a wait that gave up means a thread was stranded.
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.ticket\.TicketMutualExclusion$'} (see the MCS package-info).
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
public class TicketMutualExclusion {
    /** The port of the entry's variant ({@link LockChoice}; TicketLock by default), found once per fork. */
    private static final Function<SpinPolicy, TicketLock> LOCK =
            LockChoice.withPolicy(TicketMutualExclusion.class, TicketLock.class, TicketLock.class);

    private final LockHarness<TicketLock.Cpu> h = LockHarness.of(LOCK);

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
