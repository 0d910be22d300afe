package org.handoff.models.qspinlock;

/**
 * The hooks of the qspinlock slowpath. The kernel compiles {@code qspinlock.c} twice: natively, and
 * with {@code pv_init_node}, {@code pv_wait_node}, {@code pv_kick_node} and
 * {@code pv_wait_head_or_lock} from {@code qspinlock_paravirt.h}. These are those four calls, plus
 * the two that the CNA slowpath replaces (as upstream CNA did from its v5 on): the queue head's
 * tail-clearing claim ({@code try_clear_tail}) and the MCS hand-off ({@code mcs_pass_lock}), plus
 * the points where {@code paravirt.h} changes the slowpath's trylock, the unlock and
 * {@code pv_enabled()}. {@link #NATIVE} is the native build: the PV calls do nothing,
 * {@code pv_wait_head_or_lock} returns 0 (no lock taken, so the plain wait follows), and the others
 * are {@link QSpinLock#claimAsLast}, {@link QSpinLock#mcsHandoff} and the native trylock and unlock,
 * exactly the steps they replace.
 */
public interface SlowpathHooks {
    /** {@code pv_init_node(node)}: after the node is initialised. */
    default void initNode(QNode node) {
    }

    /** {@code pv_wait_node(node, prev)}: after linking to {@code prev}, before the wait for {@code node->locked}. */
    default void waitNode(QNode node, QNode prev) {
    }

    /** {@code pv_kick_node(lock, next)}: after the MCS hand-off to {@code next}. */
    default void kickNode(QSpinLock lock, QNode next) {
    }

    /**
     * {@code pv_wait_head_or_lock(lock, node)}: at the queue head, before its wait for locked and
     * pending to clear. A non-zero return is the lock word of an acquisition the hook made itself,
     * and the wait is skipped; 0 means wait natively.
     */
    default int waitHeadOrLock(QSpinLock lock, QNode node) {
        return 0;
    }

    /**
     * {@code try_clear_tail(lock, val, node)}: the queue head's uncontended claim, n,0,0 -> 0,0,1,
     * tried with the word {@code val} its wait returned; true when the lock is taken and no
     * hand-off follows. Natively {@code __try_clear_tail}, which is {@link QSpinLock#claimAsLast}
     * (the check that the tail is still the head's own, then the tail-clearing cmpxchg); CNA's
     * {@code cna_try_clear_tail} also moves its secondary queue into the tail.
     */
    default boolean tryClearTail(QSpinLock lock, int val, int tail, QNode node) {
        return lock.claimAsLast(val, tail);
    }

    /**
     * {@code mcs_pass_lock(node, next)}: the MCS hand-off from the new holder {@code node} to
     * {@code next}, its successor in the queue. Natively {@code __mcs_pass_lock}, which is
     * {@code arch_mcs_spin_unlock_contended(&next->locked, 1)} ({@link QSpinLock#mcsHandoff});
     * CNA's {@code cna_pass_lock} may choose another successor and store another value than 1.
     */
    default void passLock(QSpinLock lock, QNode node, QNode next) {
        lock.mcsHandoff(next, 1);
    }

    /**
     * A new CPU of the lock's machine, after its {@code qnodes} exist: PV sets up the
     * {@code struct pv_node} half of each ({@code qnodes} are {@code struct qnode}, sized for PV).
     */
    default void newCpu(QCpu cpu) {
    }

    /**
     * The word of the lock these hooks serve, handed over once by the lock's constructor. A hook
     * set that changes the word itself (PV's) keeps it; the lock's users never get it.
     */
    default void attach(QLockWord word) {
    }

    /**
     * {@code pv_enabled()}: true makes {@code queued_spin_lock_slowpath} go straight to the queue
     * ({@code goto pv_queue}), past the pending-bit path.
     */
    default boolean pvEnabled() {
        return false;
    }

    /**
     * The slowpath's {@code queued_spin_trylock} (before and after the node is grabbed). Natively
     * the public trylock; {@code paravirt.h} makes it {@code pv_hybrid_queued_unfair_trylock}
     * there, and only there: {@link QSpinLock#tryLock} stays native.
     */
    default boolean slowpathTrylock(QSpinLock lock) {
        return lock.queuedSpinTrylock();
    }

    /**
     * {@code queued_spin_unlock}: natively {@code smp_store_release(&lock->locked, 0)}
     * ({@link QSpinLock#unlock}); PV's is {@code __pv_queued_spin_unlock}.
     */
    default void unlock(QSpinLock lock) {
        lock.queuedSpinUnlock();
    }

    SlowpathHooks NATIVE = new SlowpathHooks() {
    };
}
