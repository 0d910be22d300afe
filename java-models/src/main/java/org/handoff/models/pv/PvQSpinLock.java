package org.handoff.models.pv;

import org.handoff.models.Doorway;
import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;
import org.handoff.models.qspinlock.DoorwayObserver;
import org.handoff.models.qspinlock.QMachine;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.handoff.models.trace.TraceRecorder;

/**
 * The paravirtual queued spinlock ({@code CONFIG_PARAVIRT_SPINLOCKS}): qspinlock's slowpath compiled
 * with the PV hooks of {@code kernel/locking/qspinlock_paravirt.h} ({@link Paravirt}) and with
 * {@code __pv_queued_spin_unlock} as the unlock. Spec: {@code specs/pv/PV.tla}.
 *
 * <p>What differs from the native lock, each named after its kernel code:
 * <ul>
 * <li>{@code pv_enabled()}: the slowpath goes straight to the queue ({@code goto pv_queue}), with no
 *     pending path ({@link Paravirt#pvEnabled});
 * <li>the slowpath's {@code queued_spin_trylock} is {@code pv_hybrid_queued_unfair_trylock}, which
 *     may steal the lock past a queue whose head is halted ({@link Paravirt#slowpathTrylock}); the
 *     public {@link #tryLock} stays the native one;
 * <li>{@code pv_init_node}, {@code pv_wait_node}, {@code pv_kick_node}, {@code pv_wait_head_or_lock}:
 *     {@link Paravirt}'s hooks (the head always takes the lock inside its hook, so the native head
 *     wait never runs);
 * <li>{@code __pv_queued_spin_unlock} ({@link Paravirt#unlock}): a holder that finds {@code _Q_SLOW_VAL}
 *     unhashes the halted head, releases and kicks it.
 * </ul>
 * All of them are {@link SlowpathHooks}, so this class only chooses the hook set and records;
 * {@link CnaPvLock} composes the same hook set with CNA's. Each vCPU is a thread; {@code pv_wait} and {@code pv_kick} are {@code LockSupport.park} and
 * {@code unpark}.
 *
 * <p>Ported as {@code NR_CPUS >= 16K}, as {@link QSpinLock} is: Java has no byte atomics, so every
 * byte access of the kernel to {@code lock->locked} is a compare-and-exchange loop on the whole word
 * that changes the locked bits only (see {@link Paravirt}).
 *
 * <p>Variants: {@code pv} (this class), {@code pv-wait-early} ({@link WaitEarly}, the seed patch's
 * adaptive spinning) and {@code pv-wait-early-merged} ({@link WaitEarlyMerged}, the merged
 * {@code pv_wait_early}); {@code cna-pv} is {@link CnaPvLock}.
 */
@Variant("pv")
public class PvQSpinLock extends QSpinLock {
    private final Paravirt pv;

    public PvQSpinLock() {
        this(SpinPolicy.FOREVER);
    }

    public PvQSpinLock(SpinPolicy spin) {
        this(spin, PvVariant.PV);
    }

    /** A lock of {@code variant}'s steps; the subclass of that variant names it ({@link Variant}). */
    protected PvQSpinLock(SpinPolicy spin, PvVariant variant) {
        this(spin, new Paravirt(variant));
    }

    /** A lock with a given hook set (mutants pass a {@link Paravirt} with one step replaced). */
    protected PvQSpinLock(SpinPolicy spin, Paravirt pv) {
        this(spin, pv, null);
    }

    /**
     * A lock of {@code variant} whose doorway steps run through {@code doorways} (fairness
     * measurements; see {@link QSpinLock}). The slowpath's trylock is the unfair one, so a steal
     * is observed as an entry.
     */
    protected PvQSpinLock(SpinPolicy spin, PvVariant variant, DoorwayObserver doorways) {
        this(spin, new Paravirt(variant), doorways);
    }

    /** {@code pv} with an observer of the doorway steps (fairness measurements). */
    protected PvQSpinLock(SpinPolicy spin, DoorwayObserver doorways) {
        this(spin, PvVariant.PV, doorways);
    }

    /** {@link #PvQSpinLock(SpinPolicy, Paravirt)} with an observer of the doorway steps (null for none). */
    protected PvQSpinLock(SpinPolicy spin, Paravirt pv, DoorwayObserver doorways) {
        super(spin, pv, new QMachine(), doorways);
        this.pv = pv;
    }

    /**
     * Records PV's steps for trace validation against {@code specs/pv/PVSteps.tla}, the split form of
     * PV.tla, with {@code Stealing} (the map is {@code specs/pv/trace/PVStepsTrace.tla}): the native
     * steps as qspinlock records them, per shared access, and the hooks' steps one event per
     * PVSteps action ({@link PvRecording}), their accesses to the node states through
     * the hooks' Memory. {@code pv} and {@code pv-wait-early-merged}; {@code pv-wait-early} refuses a
     * recorder (its waithist and adaptive spin are not mapped).
     */
    @Override
    public void traceTo(TraceRecorder recorder) {
        pv.traceTo(this, recorder);
        super.traceTo(recorder);
    }

    /** {@code SPIN_THRESHOLD} (trace validation's {@code configure} setting: the spec's SpinThreshold). */
    public void spinThreshold(int n) {
        pv.spinThreshold(n);
    }

    /** {@code PV_PREV_CHECK_MASK} (trace validation's {@code configure} setting: the spec's CheckPeriod - 1, a power of two minus one). */
    public void checkMask(int m) {
        pv.checkMask(m);
    }

    /** The unfair trylock's steps are recorded one attempt at a time ({@link Paravirt}). */
    @Override
    protected boolean tracedQueueTrylock(QNode node) {
        return pv.unfairTrylockRecorded(node);
    }

    /** pv_wait_node recorded the read that ended its wait (WaitNodeSpin); the spec has no SpinLocked here. */
    @Override
    protected void tracedSpinLocked() {
    }

    // Recording helpers for the hooks (same package): the spec's names of nodes and words.

    int traceNode(QNode n) {
        return recording().specNode(n);
    }

    /** One recorded atomic step whose event carries the lock word found and left ({@link org.handoff.models.qspinlock.QSpinLockRecording#step}). */
    <T> T traceStep(String action, java.util.function.Supplier<T> step,
            java.util.function.Function<T, String> more) {
        return recording().step(action, step, more);
    }

    String traceWord(int w) {
        return recording().wordFields("", w);
    }

    /** The PV hooks and their state (configuration and test observations). */
    public Paravirt paravirt() {
        return pv;
    }

    @Override
    public String family() {
        return "pv";
    }

    /**
     * The holder's side of the store-buffering pair, alone (litmus tests): the MCS hand-off to
     * {@code next} ({@code arch_mcs_spin_unlock_contended}) and {@code pv_kick_node(lock, next)}.
     * True when the kick hashed the lock to {@code next}. Call with the lock held.
     */
    public boolean litmusHandOffAndKick(QNode next) {
        mcsHandoff(next, 1);
        return pv.pvKickNode(this, next);
    }

    /** {@code pv-wait-early}: the seed patch's adaptive spinning. */
    @Variant("pv-wait-early")
    public static class WaitEarly extends PvQSpinLock {
        public WaitEarly(SpinPolicy spin) {
            super(spin, PvVariant.WAIT_EARLY);
        }

        /** A lock whose doorway steps run through {@code doorways} (fairness measurements). */
        protected WaitEarly(SpinPolicy spin, DoorwayObserver doorways) {
            super(spin, PvVariant.WAIT_EARLY, doorways);
        }
    }

    /** {@code pv-wait-early-merged}: the merged {@code pv_wait_early}. */
    @Variant("pv-wait-early-merged")
    public static class WaitEarlyMerged extends PvQSpinLock {
        public WaitEarlyMerged(SpinPolicy spin) {
            super(spin, PvVariant.WAIT_EARLY_MERGED);
        }

        /** A lock whose doorway steps run through {@code doorways} (fairness measurements). */
        protected WaitEarlyMerged(SpinPolicy spin, DoorwayObserver doorways) {
            super(spin, PvVariant.WAIT_EARLY_MERGED, doorways);
        }
    }
}
