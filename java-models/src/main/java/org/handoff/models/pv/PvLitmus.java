package org.handoff.models.pv;

import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QNode;

/**
 * PV's steps one at a time, for the litmus tests that race them against each other
 * ({@code litmus/.../pv/KickHaltStage}): each runs a piece of {@link Paravirt}'s path on a node
 * the test staged, through the same step methods (so a mutant's replaced step runs as it is).
 * The holder's side, the hand-off and {@code pv_kick_node}, is
 * {@link PvQSpinLock#litmusHandOffAndKick}.
 */
public final class PvLitmus {
    private PvLitmus() {
    }

    /**
     * The waiter's side of the store-buffering pair, alone: {@link Paravirt#haltAndRecheck} on
     * {@code node}; true when it would halt (did not see the hand-off).
     */
    public static boolean haltAndRecheck(Paravirt pv, QNode node) {
        return pv.haltAndRecheck(node, pv.pv(node));
    }

    /** Stages {@code node}'s vCPU as halted (it passed {@code smp_store_mb} and is about to park). */
    public static void stageHalted(Paravirt pv, QNode node) {
        pv.mem.setVolatileInt(Paravirt.STATE, pv.pv(node), Paravirt.VCPU_HALTED);
    }

    /**
     * A halted node's wake-up, alone: wait for {@code node->locked} (bounded by {@code spin}),
     * {@code cmpxchg(&pn->state, vcpu_halted, vcpu_running)}, leave pv_wait_node; then
     * pv_wait_head_or_lock's first read of the state. True when the new queue head will hash the
     * lock itself.
     */
    public static boolean wakeAsHead(Paravirt pv, QNode node, SpinPolicy spin) {
        PvNode pn = pv.pv(node);
        for (long i = 0; node.readLocked() == 0; i++) {
            if (!spin.keepSpinning(i)) {
                break;
            }
        }
        pv.mem.compareAndExchangeInt(Paravirt.STATE, pn, Paravirt.VCPU_HALTED, Paravirt.VCPU_RUNNING);
        return !pv.hashedByKicker(pn);
    }
}
