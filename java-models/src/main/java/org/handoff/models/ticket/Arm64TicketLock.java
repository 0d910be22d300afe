package org.handoff.models.ticket;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.handoff.models.HandoffLock;
import org.handoff.models.HookCounter;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;
import org.handoff.models.Variant;

/**
 * The ticket family's lock as one word, the layout of arm64's ticket spinlock before arm64 moved to
 * qspinlock ({@code arch/arm64/include/asm/spinlock.h}): a 32-bit word with the ticket now served
 * ({@code owner}) in the low half and the next ticket to draw ({@code next}) in the high half, and
 * {@link #tryLock}, {@code arch_spin_trylock}, beside lock and unlock. Spec:
 * {@code specs/ticket/TicketTrylock.tla} (variant ticket-trylock), which extends {@code specs/ticket/Ticket.tla};
 * each step below is named after its action there.
 *
 * <p>{@link TicketLock} keeps its two counters in two fields, as OpenBSD does, and a
 * compare-and-swap of the whole lock needs them in one word; that is why the trylock lives in this
 * class rather than in {@link TicketLock}.
 *
 * <p>The counters are {@link #width()} bits wide (16, the kernel's, by default; 1 to 16). The owner
 * takes the low {@code width} bits and next the high {@code width} bits, so that an increment of
 * next overflows off the top of the word as the kernel's 16-bit next does, and a narrow lock's word
 * repeats after {@code 2^width} draws exactly as the spec's does with {@code W = width}. The bits in
 * between are always zero.
 *
 * <p>Steps and orderings:
 * <ul>
 * <li>{@code arch_spin_lock}: a fetch-and-add of one to next ({@code ldadda}; {@code getAndAdd},
 * volatile) draws the ticket; then a {@code getAcquire} spin until the owner is that ticket.
 * <li>{@code arch_spin_unlock}: the owner half plus one, modulo {@code 2^width}, and nothing else
 * ({@code staddlh}, a release add on the half-word). Java has no half-word atomic on a word, so it
 * is a compare-and-swap loop with release on the whole word that rewrites only the owner bits: next
 * may change under it (another CPU's draw), the owner may not.
 * <li>{@code arch_spin_trylock}: a load of the word ({@code getOpaque}; the CAS validates it); if
 * owner and next differ, fail; else a compare-and-swap ({@code casa}: {@code
 * compareAndExchangeAcquire}) from the loaded word to the same word with next plus one. The trylock
 * succeeded when the word the CAS found is the word loaded ({@link #trylockSucceeded}), the CAS's
 * own test. Linux 202fb4ef81e3 made arm64 compare the whole word; before it, it compared only the
 * next field, which passes after a full wrap of next ({@link TicketMutants.TrylockAba}).
 * </ul>
 *
 * <p>No recursion (arm64's spinlocks do not nest): {@link TicketLock.Cpu#depth} stays 0 and
 * {@link TicketLock.Cpu#ticket} is the ticket of the current acquisition. Steps are protected
 * methods so that a mutant replaces exactly one.
 */
@Variant("ticket-trylock")
public class Arm64TicketLock implements HandoffLock<TicketLock.Cpu> {

    /** The kernel's counter width: 16 bits, half of the 32-bit word. */
    public static final int KERNEL_WIDTH = 16;

    static final VarHandle WORD = VarHandles.field(MethodHandles.lookup(), Arm64TicketLock.class, "word", int.class);

    /** The lock word: owner in bits 0 to width - 1, next in bits 32 - width to 31. */
    @SuppressWarnings("unused") // accessed through WORD
    private int word;

    private final int width;
    /** {@code 2^width - 1}: the owner's bits, and next's after the shift. */
    protected final int mask;
    /** Where next starts: {@code 32 - width}. */
    private final int nextShift;

    protected final SpinPolicy spin;

    public Arm64TicketLock(SpinPolicy spin) {
        this(KERNEL_WIDTH, spin);
    }

    /** A lock with {@code width}-bit counters (1 to 16). The word starts at 0: free, owner = next = 0. */
    public Arm64TicketLock(int width, SpinPolicy spin) {
        if (width < 1 || width > KERNEL_WIDTH) {
            throw new IllegalArgumentException("counter width " + width + " is not between 1 and " + KERNEL_WIDTH);
        }
        this.width = width;
        this.mask = (1 << width) - 1;
        this.nextShift = 32 - width;
        this.spin = spin;
        WORD.setRelease(this, 0);
    }

    @Override
    public String family() {
        return "ticket";
    }

    @Override
    public TicketLock.Cpu newContext() {
        return new TicketLock.Cpu();
    }

    public int width() {
        return width;
    }

    public SpinPolicy spinPolicy() {
        return spin;
    }

    /** The owner field of a lock word. */
    protected final int owner(int w) {
        return w & mask;
    }

    /** The next field of a lock word. */
    protected final int next(int w) {
        return w >>> nextShift;
    }

    /** The word as it is now (for tests and diagnostics; opaque). */
    public int word() {
        return (int) WORD.getOpaque(this);
    }

    /** arch_spin_lock: draw a ticket, wait for it to be served. */
    @Override
    public void lock(TicketLock.Cpu cpu) {
        cpu.ticket = mpLockTicket();
        mpLockSpin(cpu.ticket);
    }

    /** arch_spin_unlock: serve the next ticket. */
    @Override
    public void unlock(TicketLock.Cpu cpu) {
        mpUnlockStore();
    }

    /**
     * arch_spin_trylock: take the lock if it is free, without waiting. True when this CPU now holds
     * it, with {@code cpu.ticket} its ticket.
     */
    public boolean tryLock(TicketLock.Cpu cpu) {
        TRYLOCK.hit();
        int old = archSpinTrylockRead();
        if (owner(old) != next(old)) {
            return false; // taken, or waited for
        }
        int found = archSpinTrylockCas(old);
        if (!trylockSucceeded(old, found)) {
            return false;
        }
        cpu.ticket = next(old);
        TRYLOCK_TAKEN.hit();
        return true;
    }

    /** Counters of {@code arch_spin_trylock} ({@link HookCounter}; the manifest's {@code variantHooks}). */
    static final HookCounter TRYLOCK = HookCounter.of("arch_spin_trylock");
    static final HookCounter TRYLOCK_TAKEN = HookCounter.of("arch_spin_trylock:taken");

    /** MpLockTicket (arch_spin_lock's ldadda): next + 1, returning the old next, this CPU's ticket. */
    protected int mpLockTicket() {
        // The int overflows off the top at 2^width draws: next is taken modulo 2^width.
        return next((int) WORD.getAndAdd(this, 1 << nextShift));
    }

    /** MpLockSpin (arch_spin_lock's wait): until the owner is {@code me}. */
    protected void mpLockSpin(int me) {
        // Acquire pairs with the release in mpUnlockStore (and the trylock's acquire CAS is the
        // same pairing for a CPU that took the lock by trylock).
        for (long i = 0; owner((int) WORD.getAcquire(this)) != me; i++) {
            if (!spin.keepSpinning(i)) {
                return; // bounded policy only: proceed without the lock; the test reports it
            }
        }
    }

    /** MpUnlock and MpUnlockStore (arch_spin_unlock's staddlh): owner + 1 modulo 2^width, next untouched. */
    protected void mpUnlockStore() {
        int w = (int) WORD.getOpaque(this);
        while (true) {
            int found = (int) WORD.compareAndExchangeRelease(this, w, (w & ~mask) | ((w + 1) & mask));
            if (found == w) {
                return;
            }
            w = found; // another CPU drew a ticket (next changed): add to the owner of that word
        }
    }

    /** ArchSpinTrylockRead: the load of the whole word. */
    protected int archSpinTrylockRead() {
        return (int) WORD.getOpaque(this);
    }

    /**
     * ArchSpinTrylockCas: {@code casa} from the loaded word to the same word with next + 1; returns
     * the word found in memory (the loaded word exactly when the CAS wrote).
     */
    protected int archSpinTrylockCas(int old) {
        return (int) WORD.compareAndExchangeAcquire(this, old, old + (1 << nextShift));
    }

    /**
     * ArchSpinTrylockCas's result: whether the CAS took the lock, decided from the loaded word and
     * the word the CAS found. The whole word, which is the CAS's own success test.
     */
    protected boolean trylockSucceeded(int old, int found) {
        return found == old;
    }

    /**
     * Counters one bit wide: the word repeats after two draws, so a trylock's load and CAS can
     * straddle a full wrap of next with two CPUs (2^1 values, enough for two CPUs). Correct: the
     * whole-word comparison fails the CAS of a word that changed in its owner half.
     */
    @Variant("ticket-trylock-w1")
    public static class Width1 extends Arm64TicketLock {
        public static final int WIDTH = 1;

        public Width1(SpinPolicy spin) {
            super(WIDTH, spin);
        }
    }
}
