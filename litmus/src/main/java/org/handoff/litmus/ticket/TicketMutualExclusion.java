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
 * MutualExclusion of the ticket port ({@code __mp_lock}, 32-bit counters): two actors each take
 * the lock four times and increment two plain fields inside; the arbiter reads {@code x, y} and
 * whether a wait of the lock gave up ({@link LockHarness}).
 *
 * <p>The JMM allows only {@code 8, 8, 0}: tickets are drawn with an atomic increment, so no two
 * are equal, and the release store of {@code mpl_ticket} is read by the next holder's acquire spin,
 * so each section happens-before the next. x86 shows only {@code 8, 8, 0} too. A lost increment
 * means two threads were inside at once; a wait that gave up means a thread was stranded.
 *
 * <h2>Seeded bugs run on it</h2>
 * The manifest runs this test on these variants too, each entry with the variant's port
 * ({@link org.handoff.litmus.LockChoice}); what each shows:
 * <ul>
 * <li>{@code non-atomic-take} ({@link TicketMutants.NonAtomicTake}): the ticket drawn with a
 * read and a write of {@code mpl_users} instead of {@code atomic_inc_int_nv}.
 *
 * <p>Expected: a lost increment ({@code 7, 7, 0} and the like, MutualExclusion): both actors read
 * the same {@code mpl_users}, draw the same ticket and are served together. When the two draws
 * collide after the lock has moved past that ticket, both wait for a ticket that was already served
 * and a wait gives up ({@code 8, 8, 1}, DeadlockFreedom). The JMM allows all of them, the read and
 * the write being two accesses; x86 shows them, since the bug needs no reordering. When a run
 * shows both properties the runner reports MutualExclusion, the first in the catalogue.
 * <li>{@code release-wrong-counter} ({@link TicketMutants.ReleaseWrongCounter}): the release
 * increments {@code mpl_users} instead of {@code mpl_ticket}, so the lock is never passed on.
 *
 * <p>Expected: {@code 8, 8, 1} or a lost increment with {@code 1} (DeadlockFreedom): the second
 * actor to draw a ticket waits for a ticket that is never served, its wait gives up (the other
 * actor has returned, or is waiting too) and it runs its section without the lock. Deterministic
 * under any memory model, the JMM included: no ordering is involved.
 * <li>{@code narrow-counter} ({@link TicketMutants.NarrowCounter}): counters one bit wide, two
 * ticket values, so the counters wrap on every second acquisition of the eight in a sample.
 *
 * <p>With two actors, at most two tickets are in use at once, and two values tell them apart: the
 * JMM allows only {@code 8, 8, 0} here, as for the correct lock, and that is what the
 * manifest expects. The mutant needs a third CPU holding a ticket (three threads: the Lincheck
 * test and specs/ticket/models/Ticket_N3_W1.cfg catch it), which two jcstress actors cannot provide. This
 * test is the Java half of the bound being exact: the wrap is harmless while
 * {@code 2^width >= CPUs}.
 * </ul>
 *
 * <p>Run alone: {@code -t '^org\.handoff\.litmus\.ticket\.TicketMutualExclusion$'} (see the MCS package-info).
 */
@JCStressTest
@State
public class TicketMutualExclusion extends IncrementOutcomes {
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
