package org.handoff.models.ticket;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.handoff.models.Doorway;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;
import org.handoff.models.Variant;
import org.handoff.models.trace.Memory;
import org.handoff.models.trace.Steps;
import org.handoff.models.trace.TraceRecorder;
import org.handoff.models.trace.Traceable;

/**
 * The ticket lock of OpenBSD's kernel and scheduler locks, {@code __mp_lock} in
 * {@code sys/kern/kern_lock.c}: a next-ticket counter ({@code mpl_users}), a now-serving counter
 * ({@code mpl_ticket}), no backoff, and recursion through a per-CPU depth count. Spec:
 * {@code specs/ticket/Ticket.tla}; each step below is one action there, under the same name.
 *
 * <p>The counters are {@link #width()} bits wide ({@code u_int} in the kernel, 32 bits, the
 * default): every counter value is masked to that width, so a narrow lock wraps around after a
 * few acquisitions, as a 32-bit one does after four billion. The lock is correct when there are at
 * least as many ticket values as CPUs that can hold a ticket at once ({@code 2^width >= CPUs});
 * with fewer, a waiter draws the holder's ticket and enters beside it
 * ({@link TicketMutants.NarrowCounter}).
 *
 * <p>Orderings follow the kernel: {@code atomic_inc_int_nv} is {@code getAndAdd} (volatile, fully
 * ordered); {@code __mp_lock_spin} is a {@code getAcquire} spin with {@link Thread#onSpinWait},
 * which also stands for the {@code membar_enter_after_atomic()} after it; {@code membar_exit();
 * mpl->mpl_ticket++} is a plain-strength load (only the holder writes the counter) and a
 * {@code setRelease}.
 *
 * <p>Steps are protected methods so that the mutants in {@link TicketMutants} replace exactly one.
 *
 * <p>With a {@link TraceRecorder} ({@link #traceTo}), {@code lock} and {@code unlock} record each
 * step under its spec action's name, with the counter values it drew, read or left, exactly as the
 * port holds them (masked to {@link #width()}); the trace map (specs/ticket/trace/TicketTrace.tla) compares
 * them with the spec's modulo {@code 2^W}, which a port at least W bits wide agrees with whether or
 * not either has wrapped. A mutant that replaces a step is recorded through the same calls.
 */
@Variant("ticket")
public class TicketLock implements HandoffLock<TicketLock.Cpu>, Traceable {

    /** A CPU's part of the lock (the kernel's {@code struct __mp_lock_cpu}), used by its thread only. */
    public static final class Cpu {
        /** {@code mplc_ticket}: the ticket drawn by the outermost acquisition. */
        int ticket;
        /** {@code mplc_depth}: how many acquisitions this CPU holds (recursion). */
        int depth;

        public int ticket() {
            return ticket;
        }

        public int depth() {
            return depth;
        }
    }

    /** The kernel's counter width ({@code u_int}). */
    public static final int KERNEL_WIDTH = 32;

    static final VarHandle USERS = VarHandles.field(MethodHandles.lookup(), TicketLock.class, "users", int.class);
    static final VarHandle TICKET = VarHandles.field(MethodHandles.lookup(), TicketLock.class, "ticket", int.class);

    /** {@code mpl_users}: the last ticket drawn (unmasked; every value read from it is masked). */
    @SuppressWarnings("unused") // accessed through USERS
    private int users;

    /** {@code mpl_ticket}: the ticket now served, masked to the width. */
    @SuppressWarnings("unused") // accessed through TICKET
    private int ticket;

    /** The counter width in bits, 1 to 32. */
    private final int width;
    /** {@code 2^width - 1}. */
    protected final int mask;

    /** How spin loops wait: forever, as in the kernel, unless a litmus test bounds them. */
    protected final SpinPolicy spin;

    /** How the steps run: directly or recorded ({@link Steps}). */
    private Steps steps = Steps.DIRECT;

    /** Every shared access of a recorded step goes through here (see {@link Memory}). */
    protected final Memory mem = new Memory();

    public TicketLock() {
        this(KERNEL_WIDTH, SpinPolicy.FOREVER);
    }

    public TicketLock(SpinPolicy spin) {
        this(KERNEL_WIDTH, spin);
    }

    /** The doorway step's observer (fairness measurements), or null. */
    private Doorway doorway;

    /** {@link #TicketLock(SpinPolicy)} whose doorway, the ticket draw, runs through {@code doorway}. */
    protected TicketLock(SpinPolicy spin, Doorway doorway) {
        this(spin);
        this.doorway = doorway;
    }

    /** A lock with {@code width}-bit counters (1 to 32). */
    public TicketLock(int width, SpinPolicy spin) {
        if (width < 1 || width > 32) {
            throw new IllegalArgumentException("counter width " + width + " is not between 1 and 32");
        }
        this.width = width;
        this.mask = width == 32 ? -1 : (1 << width) - 1;
        this.spin = spin;
        // __mp_lock_init: mpl_users = 0, mpl_ticket = 1; the first ticket drawn is the one served.
        USERS.set(this, 0); // unrecorded: construction, before any thread
        TICKET.setRelease(this, 1 & mask); // unrecorded: construction
    }

    @Override
    public String family() {
        return "ticket";
    }

    @Override
    public Cpu newContext() {
        return new Cpu();
    }

    /** The counter width in bits. */
    public int width() {
        return width;
    }

    /** The spin policy, so a test can ask whether a wait gave up. */
    public SpinPolicy spinPolicy() {
        return spin;
    }

    @Override
    public void traceTo(TraceRecorder recorder) {
        mem.recordTo(recorder);
        this.steps = Steps.recordedBy(recorder);
    }

    /** __mp_lock. A CPU that holds the lock may call it again; it then returns at once. */
    @Override
    public void lock(Cpu cpu) {
        Steps s = steps;
        // CPU-local, but numbered like the others so that the trace shows where the call began.
        if (s.step("MpLockDepth", cpu, () -> mpLockDepth(cpu), (r, draw) -> "depth=" + cpu.depth)) {
            cpu.ticket = s.step("MpLockTicket", cpu, () -> Doorway.always(doorway, this::mpLockTicket),
                    (r, v) -> "ticket=" + v);
        }
        mpLockSpin(cpu.ticket);
        // Stable: mpl_ticket is written only by the CPU whose ticket it serves (MpUnlockStore), and
        // no other CPU holds this ticket (there are more ticket values than CPUs, 2^width >= N), so
        // once it serves this CPU it changes only at this CPU's own release.
        s.after("MpLockSpin", cpu, r -> "ticket=" + cpu.ticket);
    }

    /** __mp_unlock. The lock is passed on when the outermost acquisition is released. */
    @Override
    public void unlock(Cpu cpu) {
        Steps s = steps;
        // The spec's MpUnlock is the depth count and, at depth 0, the load half of mpl_ticket++:
        // the count is CPU-local, so the two are one atomic action here as there.
        Integer served = s.step("MpUnlock", cpu, () -> mpUnlockDepth(cpu) ? Integer.valueOf(mpUnlockLoad()) : null,
                (r, v) -> "depth=" + cpu.depth + (v == null ? "" : " loaded=" + v));
        if (served != null) {
            // What the store left in mpl_ticket, read in the same atomic action: the step's effect,
            // whichever counter it wrote.
            s.run("MpUnlockStore", cpu, () -> mpUnlockStore(served), r -> "serving=" + mem.getOpaqueInt(TICKET, this));
        }
    }

    /** MpLockDepth: {@code if (cpu->mplc_depth++ == 0)}; true when a ticket must be drawn. CPU-local. */
    protected boolean mpLockDepth(Cpu cpu) {
        return cpu.depth++ == 0;
    }

    /** MpLockTicket, the doorway: {@code cpu->mplc_ticket = atomic_inc_int_nv(&mpl->mpl_users)}. */
    protected int mpLockTicket() {
        return (mem.getAndAddInt(USERS, this, 1) + 1) & mask;
    }

    /**
     * MpLockSpin: {@code __mp_lock_spin}, i.e. {@code while (mpl->mpl_ticket != me)
     * CPU_BUSY_CYCLE();} and the {@code membar_enter_after_atomic()} after it.
     */
    protected void mpLockSpin(int me) {
        // Acquire pairs with the release store in mpUnlockStore: the previous holder's critical
        // section happens-before ours.
        for (long i = 0; mem.getAcquireInt(TICKET, this) != me; i++) {
            if (!spin.keepSpinning(i)) {
                return; // bounded policy only: proceed without the lock; the test reports it
            }
        }
    }

    /** MpUnlock (CPU-local half): {@code if (--cpu->mplc_depth == 0)}; true when the lock is passed on. */
    protected boolean mpUnlockDepth(Cpu cpu) {
        return --cpu.depth == 0;
    }

    /** MpUnlock (load half of {@code mpl->mpl_ticket++}). */
    protected int mpUnlockLoad() {
        // Only the holder writes mpl_ticket, and it read it in its own spin: no ordering needed.
        return mem.getOpaqueInt(TICKET, this);
    }

    /** MpUnlockStore: {@code membar_exit(); mpl->mpl_ticket++} (the store). */
    protected void mpUnlockStore(int served) {
        // Release: our critical section's writes happen-before the next holder's acquire in mpLockSpin.
        mem.setReleaseInt(TICKET, this, (served + 1) & mask);
    }

    /**
     * The ticket lock with counters two bits wide: four ticket values, enough for up to four CPUs.
     * Correct, and it wraps around every four acquisitions, so a test with three threads exercises
     * the wrap that the kernel's 32-bit counters reach only after four billion.
     */
    @Variant("ticket-w2")
    public static class Width2 extends TicketLock {
        public static final int WIDTH = 2;

        public Width2(SpinPolicy spin) {
            super(WIDTH, spin);
        }
    }
}
