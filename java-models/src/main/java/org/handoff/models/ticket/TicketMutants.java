package org.handoff.models.ticket;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;

/**
 * Seeded bugs in {@link TicketLock} (and one in {@link Arm64TicketLock}, its one-word form with a
 * trylock), each a real mistake and each replacing exactly one step. The
 * manifest says which level must catch each one (and, where a level cannot see it, why it is
 * expected to pass there). Variant names match the spec mutants in specs/ticket/mutants/ where both levels
 * model the same mistake.
 */
public final class TicketMutants {
    private TicketMutants() {
    }

    /**
     * The doorway's {@code atomic_inc_int_nv} done as a load and a store: two CPUs can read the
     * same {@code mpl_users}, draw the same ticket and be served together. Spec:
     * specs/ticket/mutants/Ticket_NonAtomicTake.tla.
     */
    @Variant("non-atomic-take")
    public static class NonAtomicTake extends TicketLock {
        public NonAtomicTake(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected int mpLockTicket() {
            int v = mem.getVolatileInt(USERS, this) + 1;
            mem.setVolatileInt(USERS, this, v);
            return v & mask;
        }
    }

    /**
     * The release increments the wrong counter: {@code mpl_users} (the next ticket) instead of
     * {@code mpl_ticket} (the ticket served). The lock is never passed on. Spec:
     * specs/ticket/mutants/Ticket_ReleaseWrongCounter.tla.
     */
    @Variant("release-wrong-counter")
    public static class ReleaseWrongCounter extends TicketLock {
        public ReleaseWrongCounter(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void mpUnlockStore(int served) {
            mem.getAndAddInt(USERS, this, 1);
        }
    }

    /**
     * The release as a plain store, without {@code membar_exit()}. The JMM lets the critical
     * section's writes become visible after the next CPU sees its ticket served; x86 (TSO) never
     * reorders two stores, and Lincheck is sequentially consistent, so neither level shows it here.
     */
    @Variant("plain-release")
    public static class PlainRelease extends TicketLock {
        public PlainRelease(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void mpUnlockStore(int served) {
            mem.setInt(TICKET, this, (served + 1) & mask);
        }
    }

    /**
     * Counters one bit wide: two ticket values. Correct for two CPUs (the counters wrap on every
     * second acquisition, harmlessly); with three, a CPU can draw the ticket of the holder while a
     * third waits between them, and enters beside the holder. The spec shows the same with
     * {@code W = 1, N = 3} (specs/ticket/models/Ticket_N3_W1.cfg).
     */
    @Variant("narrow-counter")
    public static class NarrowCounter extends TicketLock {
        public static final int WIDTH = 1;

        public NarrowCounter(SpinPolicy spin) {
            super(WIDTH, spin);
        }
    }

    /**
     * Recursion forgotten: {@code __mp_lock} draws a ticket on every call, not only when
     * {@code mplc_depth} goes from 0 to 1. A holder that takes the lock again waits behind itself
     * forever. Spec: specs/ticket/mutants/Ticket_ReentryNewTicket.tla.
     */
    @Variant("reentry-new-ticket")
    public static class ReentryNewTicket extends TicketLock {
        public ReentryNewTicket(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected boolean mpLockDepth(TicketLock.Cpu cpu) {
            cpu.depth++;
            return true;
        }
    }

    /**
     * arm64's trylock before Linux 202fb4ef81e3 ("arm64: spinlock: Fix theoretical trylock() A-B-A
     * with LSE atomics"): success decided from the next field of the word the CAS found, compared
     * with the owner the trylock expected, instead of from the whole word. If next went all the way
     * round between the load and the CAS while the owner moved, the CAS fails but the test passes,
     * and the trylock reports a lock it does not hold. One-bit counters, so that two draws are a
     * full wrap (the kernel's 16 bits need 65536). Spec: specs/ticket/mutants/Ticket_TrylockAba.tla.
     */
    @Variant("trylock-aba")
    public static class TrylockAba extends Arm64TicketLock {
        public static final int WIDTH = 1;

        public TrylockAba(SpinPolicy spin) {
            super(WIDTH, spin);
        }

        @Override
        protected boolean trylockSucceeded(int old, int found) {
            return next(found) == owner(old);
        }
    }
}
