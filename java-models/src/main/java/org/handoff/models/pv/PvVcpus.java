package org.handoff.models.pv;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The hypervisor's side of PV: {@code pv_wait} and {@code pv_kick} on Java threads, one
 * {@link Paravirt} hook set's vCPUs.
 *
 * <p>{@code pv_wait(ptr, val)} halts the vCPU if {@code *ptr == val}, and may return at any time
 * (spuriously); {@code pv_kick(cpu)} wakes a halted vCPU, and a kick that arrives before the halt
 * makes the halt return at once. {@link LockSupport#park} and {@link LockSupport#unpark} have
 * exactly these properties (a permit, and spurious returns), so they are the port: a vCPU is the
 * thread that initialised the node ({@code pn->cpu = smp_processor_id()} in {@code pv_init_node}).
 * Every wait re-checks its condition in a loop, as the kernel does.
 *
 * <p>For litmus tests a park can be bounded ({@link #parkNanos}): a park that times out while the
 * event it waits for has already happened and no kick is on its way (the node was handed the MCS
 * lock and is still {@code vcpu_halted}, so no kicker hashed it; or the lock word no longer holds
 * {@code _Q_SLOW_VAL}) is a lost wake-up, counted in {@link #lostWakeups()}; the waiter then goes
 * on as after a spurious wake-up, so the sample ends instead of hanging. With the default (0) a
 * park is unbounded, as a halted vCPU is.
 */
final class PvVcpus {
    private long parkNanos;
    /** {@link #kickOnly}: a vCPU's pending kick (KVM's pv_unhalted), per thread; null: parks may return spuriously. */
    private ConcurrentHashMap<Thread, Boolean> kicks;
    private final AtomicInteger lostWakeups = new AtomicInteger();
    private final AtomicInteger halts = new AtomicInteger();

    /** Bounds each park to {@code nanos} and counts lost wake-ups (litmus tests); 0: unbounded. */
    void parkNanos(long nanos) {
        parkNanos = nanos;
    }

    /** A halted vCPU runs again only when kicked ({@link Paravirt#kickOnly}). */
    void kickOnly(boolean on) {
        kicks = on ? new ConcurrentHashMap<>() : null;
    }

    /** Kick-only, unless it is already (a recorded run). */
    void keepKicks() {
        if (kicks == null) {
            kicks = new ConcurrentHashMap<>();
        }
    }

    /** Parks that timed out after the awaited event with no kick on its way. */
    int lostWakeups() {
        return lostWakeups.get();
    }

    /** How many times a vCPU actually halted. */
    int halts() {
        return halts.get();
    }

    /** A vCPU halts (a recorded run's halt, which parks by itself). */
    void halted() {
        halts.incrementAndGet();
    }

    /**
     * pv_wait: halt while {@code waitWhile} holds (checked once, as the hypervisor checks
     * {@code *ptr == val} before halting); returns on a kick, spuriously, or (bounded parks only)
     * after {@link #parkNanos}, counting a lost wake-up when {@code lostIfTimedOut} then holds.
     * {@code blocker} is the park's blocker (thread dumps).
     */
    void pvWait(BooleanSupplier waitWhile, BooleanSupplier lostIfTimedOut, Object blocker) {
        if (!waitWhile.getAsBoolean()) {
            return;
        }
        halts.incrementAndGet();
        if (kicks != null) {
            Thread self = Thread.currentThread();
            while (!takeKick(self)) {
                LockSupport.park(blocker);
            }
            return;
        }
        long bound = parkNanos;
        if (bound <= 0) {
            LockSupport.park(blocker);
            return;
        }
        long start = System.nanoTime();
        LockSupport.parkNanos(blocker, bound);
        if (System.nanoTime() - start >= bound && lostIfTimedOut.getAsBoolean()) {
            lostWakeups.incrementAndGet();
        }
    }

    /** Takes {@code self}'s pending kick (kick-only or a recorded run): false when none came. */
    boolean takeKick(Thread self) {
        return kicks.remove(self) != null;
    }

    /** The first half of pv_kick(cpu): the kick is pending for {@code cpu} (kick-only or a recorded run). */
    void pend(Thread cpu) {
        if (kicks != null) {
            kicks.put(cpu, Boolean.TRUE);
        }
    }
}
