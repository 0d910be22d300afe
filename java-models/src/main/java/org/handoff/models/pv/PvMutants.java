package org.handoff.models.pv;

import java.lang.invoke.VarHandle;
import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;
import org.handoff.models.qspinlock.QNode;

/**
 * Seeded bugs in {@link PvQSpinLock} ({@code pv}), each replacing exactly one step of
 * {@link Paravirt}. The manifest says which check must catch each one.
 *
 * <p>Every mutant is built from a spin policy, as every port ({@link org.handoff.models.Ports}).
 */
public final class PvMutants {
    private PvMutants() {
    }

    /**
     * Double hash, kicker side: {@code pv_kick_node} tests the successor's state and then writes
     * {@code vcpu_hashed}, instead of one cmpxchg. A successor that wakes in between (spuriously, or
     * because it saw {@code node->locked} in its re-check) moves itself back to running, finds its
     * state not hashed at the head and hashes the lock itself: two entries for one lock.
     */
    @Variant("non-atomic-kick")
    public static class NonAtomicKick extends PvQSpinLock {
        public NonAtomicKick(SpinPolicy spin) {
            super(spin, new Paravirt(PvVariant.PV) {
                @Override
                protected boolean kickCmpxchg(PvNode pn) {
                    VarHandle.fullFence();
                    if (mem.getVolatileInt(STATE, pn) != VCPU_HALTED) {
                        return false;
                    }
                    mem.setVolatileInt(STATE, pn, VCPU_HASHED);
                    return true;
                }
            });
        }
    }

    /**
     * Double hash, head side: {@code pv_wait_head_or_lock} hashes the lock without checking whether
     * {@code pv_kick_node} already did ({@code lp} starts NULL even when the state is
     * {@code vcpu_hashed}). Every head that halted before it was handed the lock hashes twice.
     */
    @Variant("head-rehash")
    public static class HeadRehash extends PvQSpinLock {
        public HeadRehash(SpinPolicy spin) {
            super(spin, new Paravirt(PvVariant.PV) {
                @Override
                protected boolean hashedByKicker(PvNode pn) {
                    return false;
                }
            });
        }
    }

    /**
     * The kick without its full barrier: {@code pv_kick_node} reads the successor's state with a
     * relaxed read right after the release store of {@code next->locked} (and tries the cmpxchg only
     * if it looked halted). Store buffering: the kicker reads {@code vcpu_running} while its
     * {@code next->locked = 1} is still unseen by the successor, which then halts having read
     * {@code locked == 0}. Nobody hashes the successor, so no unlock kicks it. The JMM allows it;
     * x86 shows it (its loads may pass its own buffered stores).
     */
    @Variant("no-fence-kick")
    public static class NoFenceKick extends PvQSpinLock {
        public NoFenceKick(SpinPolicy spin) {
            super(spin, new Paravirt(PvVariant.PV) {
                @Override
                protected boolean kickCmpxchg(PvNode pn) {
                    if (mem.getOpaqueInt(STATE, pn) != VCPU_HALTED) {
                        return false;
                    }
                    return mem.compareAndExchangeInt(STATE, pn, VCPU_HALTED, VCPU_HASHED) == VCPU_HALTED;
                }
            });
        }
    }

    /**
     * No re-check after halting: {@code pv_wait_node} stores {@code vcpu_halted} and halts without
     * reading {@code node->locked} again. A kicker that read {@code vcpu_running} just before the
     * store did not hash the node, and the node halts on a state nobody will change: it is never
     * kicked. (A kick before the park is not lost in Java, since unpark leaves a permit; what is
     * lost is the kick that is never sent.)
     */
    @Variant("no-recheck")
    public static class NoRecheck extends PvQSpinLock {
        public NoRecheck(SpinPolicy spin) {
            super(spin, new Paravirt(PvVariant.PV) {
                @Override
                protected boolean recheckUnlocked(QNode node) {
                    return true;
                }
            });
        }
    }

    /**
     * A careless whole-word port of {@code trylock_clear_pending}: *,1,* -&gt; *,0,1 without the
     * test that the lock is free. The {@code _Q_PENDING_BITS == 8} form is one cmpxchg of the
     * locked_pending half-word from {@code _Q_PENDING_VAL} to {@code _Q_LOCKED_VAL}, which fails
     * while the locked byte is set; a word-sized rewrite that only clears pending and sets locked
     * lets the spinning queue head walk into a held lock.
     */
    @Variant("clear-pending-ignores-locked")
    public static class ClearPendingIgnoresLocked extends PvQSpinLock {
        public ClearPendingIgnoresLocked(SpinPolicy spin) {
            super(spin, new Paravirt(PvVariant.PV) {
                @Override
                protected boolean trylockClearPending() {
                    int val = trylockClearPendingRead();
                    for (;;) {
                        int witness = trylockClearPendingCas(val);
                        if (witness == val) {
                            return true;
                        }
                        val = witness;
                    }
                }
            });
        }
    }
}
