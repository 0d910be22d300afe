/**
 * jcstress litmus tests of the ticket port ({@link org.handoff.models.ticket.TicketLock}, OpenBSD's
 * {@code __mp_lock}) and its seeded mutants ({@link org.handoff.models.ticket.TicketMutants}). Each
 * test checks one catalogue property; every forbidden outcome's description starts with that
 * property's name, which is how {@link org.handoff.litmus.JcstressRunner} attributes a failure.
 * The manifest lists each test with its expected verdict. How to run one by hand: see
 * {@link org.handoff.litmus.mcs the MCS package}.
 *
 * <h2>The shared shapes on the ticket ports</h2>
 * Besides its own recursion shape ({@link org.handoff.litmus.ticket.TicketRecursionMutualExclusion}),
 * the family's entries run the shapes every family shares ({@link org.handoff.litmus.shapes}) with
 * the variant's port (32-bit counters unless the variant says otherwise).
 * <ul>
 * <li>{@link org.handoff.litmus.shapes.MutualExclusion}: the JMM allows only {@code 8, 8, 0}:
 * tickets are drawn with an atomic increment, so no two are equal, and the release store of
 * {@code mpl_ticket} is read by the next holder's acquire spin, so each section happens-before the
 * next. x86 shows only {@code 8, 8, 0} too. A lost increment means two threads were inside at once;
 * a wait that gave up means a thread was stranded. Seeded bugs run on it:
 * <ul>
 * <li>{@code non-atomic-take} ({@link org.handoff.models.ticket.TicketMutants.NonAtomicTake}): the
 * ticket drawn with a read and a write of {@code mpl_users} instead of {@code atomic_inc_int_nv}.
 * Expected: a lost increment ({@code 7, 7, 0} and the like, MutualExclusion): both actors read the
 * same {@code mpl_users}, draw the same ticket and are served together. When the two draws collide
 * after the lock has moved past that ticket, both wait for a ticket that was already served and a
 * wait gives up ({@code 8, 8, 1}, DeadlockFreedom). The JMM allows all of them, the read and the
 * write being two accesses; x86 shows them, since the bug needs no reordering. When a run shows both
 * properties the runner reports MutualExclusion, the first in the catalogue.
 * <li>{@code release-wrong-counter} ({@link org.handoff.models.ticket.TicketMutants.ReleaseWrongCounter}):
 * the release increments {@code mpl_users} instead of {@code mpl_ticket}, so the lock is never
 * passed on. Expected: {@code 8, 8, 1} or a lost increment with {@code 1} (DeadlockFreedom): the
 * second actor to draw a ticket waits for a ticket that is never served, its wait gives up and it
 * runs its section without the lock. Deterministic under any memory model: no ordering is involved.
 * <li>{@code narrow-counter} ({@link org.handoff.models.ticket.TicketMutants.NarrowCounter}):
 * counters one bit wide, two ticket values, so the counters wrap on every second acquisition of the
 * eight in a sample. With two actors, at most two tickets are in use at once, and two values tell
 * them apart: the JMM allows only {@code 8, 8, 0} here, as for the correct lock, and that is what
 * the manifest expects. The mutant needs a third CPU holding a ticket (three threads: the Lincheck
 * test and specs/ticket/models/Ticket_N3_W1.cfg catch it), which two jcstress actors cannot provide.
 * This entry is the Java half of the bound being exact: the wrap is harmless while
 * {@code 2^width >= CPUs}.
 * </ul>
 * <li>{@link org.handoff.litmus.shapes.HandoffVisibility}: the JMM allows only
 * {@code 0, 0, 1, 1, 0} and {@code 1, 1, 0, 0, 0}: the release store of {@code mpl_ticket}
 * ({@code membar_exit(); mpl->mpl_ticket++}) orders the section's writes before it, and the next
 * holder's acquire spin orders its reads after. Seeded bug run on it: {@code plain-release}
 * ({@link org.handoff.models.ticket.TicketMutants.PlainRelease}), the release of {@code mpl_ticket}
 * a plain store without {@code membar_exit()}. The JMM allows the forbidden outcomes then (for
 * example {@code 0, 0, 0, 0, 0}, or a successor that finds {@code x} but not {@code y}). x86 (TSO)
 * never reorders two stores, and the JIT has not been seen to reorder them here, so on x86 the test
 * passes and does not catch the mutant; the manifest records that. An arm64 or POWER machine is
 * where it would be seen.
 * </ul>
 */
package org.handoff.litmus.ticket;
