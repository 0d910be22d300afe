package org.handoff.models.pv;

import org.handoff.models.qspinlock.QSpinLock;

/**
 * The lock-word accesses of PV's hooks, in the whole-word forms of the kernel's
 * {@code _Q_PENDING_BITS == 1} build (NR_CPUS &gt;= 16K): Java has no byte or halfword atomics, so
 * {@code set_pending} is an {@code atomic_or}, and each access to {@code lock->locked} alone
 * ({@code WRITE_ONCE}, {@code xchg}, {@code smp_store_release}, the steal's
 * {@code cmpxchg_acquire}) is a compare-and-exchange loop on the whole word that changes the locked
 * bits only, each with at least the kernel's ordering. Also the unfair trylock's two tests of a
 * word it read.
 */
public final class PvLockWord {
    private PvLockWord() {
    }

    /** The unfair trylock's read allows the steal: locked and pending are clear. */
    static boolean stealable(int val) {
        return (val & QSpinLock.LOCKED_PENDING_MASK) == 0;
    }

    /** The unfair trylock gives up and queues: no queue to steal past, or its head spins with pending set. */
    static boolean queueNow(int val) {
        return (val & QSpinLock.TAIL_MASK) == 0 || (val & QSpinLock.PENDING_MASK) != 0;
    }

    /**
     * {@code cmpxchg_acquire(&lock->locked, 0, _Q_LOCKED_VAL) == 0}, the steal: a byte
     * compare-and-exchange in the kernel, so a change of pending or tail since the read does not
     * fail it; here a loop on the whole word that tests and sets the locked bits only.
     */
    static boolean cmpxchgLockedAcquire(QSpinLock lock) {
        int old = lock.wordOpaque();
        for (;;) {
            if ((old & QSpinLock.LOCKED_MASK) != 0) {
                return false;
            }
            int witness = lock.cmpxchgWordAcquire(old, old | QSpinLock.LOCKED_VAL);
            if (witness == old) {
                return true;
            }
            old = witness;
        }
    }

    /** set_pending: {@code atomic_or(_Q_PENDING_VAL, &lock->val)}. */
    static void setPending(QSpinLock lock) {
        lock.fetchUpdate(w -> w | QSpinLock.PENDING_VAL, (l, o, n) -> l.cmpxchgWord(o, n));
    }

    /** clear_pending: {@code atomic_andnot(_Q_PENDING_VAL, &lock->val)}. */
    static void clearPending(QSpinLock lock) {
        lock.fetchUpdate(w -> w & ~QSpinLock.PENDING_MASK, (l, o, n) -> l.cmpxchgWord(o, n));
    }

    /** {@code xchg(&lock->locked, v)}: replace the locked bits, return the old ones (full barrier). */
    static int xchgLocked(QSpinLock lock, int v) {
        return lock.fetchUpdate(w -> (w & ~QSpinLock.LOCKED_MASK) | v, (l, o, n) -> l.cmpxchgWord(o, n))
                & QSpinLock.LOCKED_MASK;
    }

    /** {@code WRITE_ONCE(lock->locked, v)}: replace the locked bits (volatile: stronger). */
    static void writeLocked(QSpinLock lock, int v) {
        xchgLocked(lock, v);
    }

    /** {@code smp_store_release(&lock->locked, v)}: replace the locked bits with release. */
    static void writeLockedRelease(QSpinLock lock, int v) {
        lock.fetchUpdate(w -> (w & ~QSpinLock.LOCKED_MASK) | v, (l, o, n) -> l.cmpxchgWordRelease(o, n));
    }
}
