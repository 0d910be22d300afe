package org.handoff.litmus.ticket;

import java.util.function.Function;
import org.handoff.litmus.IncrementOutcomes;
import org.handoff.litmus.LockChoice;
import org.handoff.litmus.LockHarness;
import org.handoff.models.SpinPolicy;
import org.handoff.models.ticket.TicketLock;
import org.handoff.models.ticket.TicketMutants;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

/**
 * The counting of {@link org.handoff.litmus.shapes.MutualExclusion} with recursion: every acquisition is a nested pair of
 * {@code __mp_lock} calls and every release a nested pair of {@code __mp_unlock} calls
 * ({@link Nested}), as the kernel lock is taken again by code that already holds it. The inner call
 * must return at once and only the outer release may pass the lock on.
 *
 * <p>The JMM allows only {@code 8, 8, 0}, for the reasons given in the package-info; x86 shows only that. A
 * release passed on at the inner {@code __mp_unlock} would show as a lost increment; an inner
 * {@code __mp_lock} that waits would show as a stranded thread.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code reentry-new-ticket} ({@link TicketMutants.ReentryNewTicket}): the nested
 * {@code __mp_lock} draws a new ticket and waits behind its own.
 *
 * <p>Expected: a wait that gives up ({@code 1}, DeadlockFreedom) in every sample: the first
 * nested call of either actor waits for a ticket only its own release would serve. Deterministic
 * under any memory model, the JMM included.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.ticket\.TicketRecursionMutualExclusion$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class TicketRecursionMutualExclusion extends IncrementOutcomes {
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
