package org.handoff.models.pv;

import static org.handoff.models.pv.Paravirt.PV_WAITHIST_THRESHOLD;
import static org.handoff.models.pv.Paravirt.SPIN_DONE;
import static org.handoff.models.pv.Paravirt.SPIN_LOCKED;
import static org.handoff.models.pv.Paravirt.SPIN_WAIT_EARLY;
import static org.handoff.models.pv.Paravirt.STATE;
import static org.handoff.models.pv.Paravirt.VCPU_HALTED;

import org.handoff.models.qspinlock.QNode;

/**
 * The three forms of {@code pv_wait_node}, which differ in the spin phase before a halt; the names
 * are the manifest's variants.
 *
 * <ul>
 * <li>{@link #PV}: spin {@code SPIN_THRESHOLD} times on {@code node->locked}, then halt.
 * <li>{@link #WAIT_EARLY}: Waiman Long's "Queue node adaptive spinning" (LKML, July 2015, v2 6/6):
 * a per-node wait history {@code waithist} and a short spin when the previous node's vCPU is
 * halted, it is not the queue head, and the history is high; the previous node is re-checked every
 * {@code QNODE_SPIN_CHECK_MASK + 1} iterations ({@code pv_kick_ahead}, from an earlier patch of that
 * series, is taken as off).
 * <li>{@link #WAIT_EARLY_MERGED}: the form that was merged, {@code pv_wait_early}: halt as soon as
 * the previous node's vCPU is not running, checked every {@code PV_PREV_CHECK_MASK + 1} iterations.
 * </ul>
 *
 * Each spin phase returns {@code SPIN_LOCKED} when it saw the hand-off, else {@code SPIN_WAIT_EARLY}
 * when it stopped because of the previous node, or {@code SPIN_DONE}. The thresholds are the
 * {@link Paravirt}'s ({@link Paravirt#spinThreshold}, its check mask); the short spin of
 * {@code pv-wait-early} is at least 1 (the kernel's is 1024), since a zero-length spin would never
 * re-read {@code node->locked} before halting again. The reads of the previous node's state go
 * through the hooks' {@code Memory}, as every access of the hooks to the node states does.
 */
public enum PvVariant {
    PV("pv") {
        @Override
        int spin(Paravirt pv, QNode node, QNode prev, PvNode pn, PvNode pp) {
            return spinNode(pv, node);
        }
    },
    WAIT_EARLY("pv-wait-early") {
        @Override
        int spin(Paravirt pv, QNode node, QNode prev, PvNode pn, PvNode pp) {
            return spinNodeAdaptive(pv, node, prev, pn, pp);
        }
    },
    WAIT_EARLY_MERGED("pv-wait-early-merged") {
        @Override
        int spin(Paravirt pv, QNode node, QNode prev, PvNode pn, PvNode pp) {
            return spinNodeMerged(pv, node, pp);
        }
    };

    private final String id;

    PvVariant(String id) {
        this.id = id;
    }

    /** The manifest's name of the variant. */
    public String id() {
        return id;
    }

    /** pv_wait_node's spin phase in this form, on {@code node} queued behind {@code prev}. */
    abstract int spin(Paravirt pv, QNode node, QNode prev, PvNode pn, PvNode pp);

    /** The spin phase of {@code pv}: {@code SPIN_THRESHOLD} reads of {@code node->locked}. */
    static int spinNode(Paravirt pv, QNode node) {
        for (int loop = pv.spinThreshold(); loop > 0; loop--) {
            if (node.readLocked() != 0) {
                return SPIN_LOCKED;
            }
            Thread.onSpinWait(); // cpu_relax()
        }
        return SPIN_DONE;
    }

    /**
     * The spin phase with the merged {@code pv_wait_early(prev, loop)} ({@link Paravirt#pvWaitEarly},
     * a hook a variant may replace): every {@code PV_PREV_CHECK_MASK + 1} iterations, stop spinning if
     * the previous node's vCPU is not running ({@code READ_ONCE(prev->state) != vcpu_running}).
     */
    static int spinNodeMerged(Paravirt pv, QNode node, PvNode pp) {
        for (int loop = pv.spinThreshold(); loop > 0; loop--) {
            if (node.readLocked() != 0) {
                return SPIN_LOCKED;
            }
            if (pv.pvWaitEarly(pp, loop)) {
                return SPIN_WAIT_EARLY;
            }
            Thread.onSpinWait();
        }
        return SPIN_DONE;
    }

    /**
     * The spin phase in the wait-early patch: spin less ({@code QNODE_SPIN_THRESHOLD_SHORT}) when
     * wait-early is allowed ({@code waithist > PV_WAITHIST_THRESHOLD}), the previous node is not the
     * queue head ({@code !prev->locked}) and its vCPU is halted; every
     * {@code QNODE_SPIN_CHECK_MASK + 1} iterations look again at the previous node: halted shortens
     * the remaining spin, running restores the full threshold.
     */
    static int spinNodeAdaptive(Paravirt pv, QNode node, QNode prev, PvNode pn, PvNode pp) {
        int full = pv.spinThreshold();
        int shortSpin = Math.max(1, full >> 5);
        int checkMask = pv.checkMask();
        boolean canWaitEarly = pn.waithist > PV_WAITHIST_THRESHOLD;
        boolean waitEarly = canWaitEarly && prev.readLocked() == 0 && pv.mem.getAcquireInt(STATE, pp) == VCPU_HALTED;
        for (int loop = waitEarly ? shortSpin : full; loop > 0; loop--, Thread.onSpinWait()) {
            if (node.readLocked() != 0) {
                return SPIN_LOCKED;
            }
            if (!canWaitEarly || (loop & checkMask) != 0) {
                continue;
            }
            // Look for a state transition of the previous node.
            boolean halted = pv.mem.getAcquireInt(STATE, pp) == VCPU_HALTED && prev.readLocked() == 0;
            if (waitEarly == halted) {
                continue;
            }
            waitEarly = halted;
            if (!waitEarly) {
                loop = full; // halted => running: full threshold again
            } else if (loop > shortSpin) {
                loop = shortSpin; // running => halted (pv_kick_ahead off): spin less
            }
        }
        return waitEarly ? SPIN_WAIT_EARLY : SPIN_DONE;
    }
}
