package org.handoff.models.pv;

import org.handoff.models.qspinlock.QLockWord;

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
        return (val & QLockWord.LOCKED_PENDING_MASK) == 0;
    }

    /** The unfair trylock gives up and queues: no queue to steal past, or its head spins with pending set. */
    static boolean queueNow(int val) {
        return (val & QLockWord.TAIL_MASK) == 0 || (val & QLockWord.PENDING_MASK) != 0;
    }

    /**
     * {@code cmpxchg_acquire(&lock->locked, 0, _Q_LOCKED_VAL) == 0}, the steal: a byte
     * compare-and-exchange in the kernel, so a change of pending or tail since the read does not
     * fail it; here a loop on the whole word that tests and sets the locked bits only.
     */
    static boolean cmpxchgLockedAcquire(QLockWord word) {
        int old = word.opaque();
        for (;;) {
            if ((old & QLockWord.LOCKED_MASK) != 0) {
                return false;
            }
            int witness = word.cmpxchgAcquire(old, old | QLockWord.LOCKED_VAL);
            if (witness == old) {
                return true;
            }
            old = witness;
        }
    }

    /** set_pending: {@code atomic_or(_Q_PENDING_VAL, &lock->val)}. */
    static void setPending(QLockWord word) {
        word.fetchUpdate(w -> w | QLockWord.PENDING_VAL, QLockWord::cmpxchg);
    }

    /** clear_pending: {@code atomic_andnot(_Q_PENDING_VAL, &lock->val)}. */
    static void clearPending(QLockWord word) {
        word.fetchUpdate(w -> w & ~QLockWord.PENDING_MASK, QLockWord::cmpxchg);
    }

    /** {@code xchg(&lock->locked, v)}: replace the locked bits, return the old ones (full barrier). */
    static int xchgLocked(QLockWord word, int v) {
        return word.fetchUpdate(w -> (w & ~QLockWord.LOCKED_MASK) | v, QLockWord::cmpxchg)
                & QLockWord.LOCKED_MASK;
    }

    /** {@code WRITE_ONCE(lock->locked, v)}: replace the locked bits (volatile: stronger). */
    static void writeLocked(QLockWord word, int v) {
        xchgLocked(word, v);
    }

    /** {@code smp_store_release(&lock->locked, v)}: replace the locked bits with release. */
    static void writeLockedRelease(QLockWord word, int v) {
        word.fetchUpdate(w -> (w & ~QLockWord.LOCKED_MASK) | v, QLockWord::cmpxchgRelease);
    }
}
