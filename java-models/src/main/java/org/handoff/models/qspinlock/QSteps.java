package org.handoff.models.qspinlock;

/**
 * How a {@link QSpinLock} runs those steps of its paths that a fairness measurement observes or a
 * trace records. Each method runs one step of the lock (or of its hook set) and returns what the
 * step returned. This class runs them directly: the lock's own way, and every lock's unless it was
 * built with a {@link DoorwayObserver} ({@link Observed}) or is recording a trace
 * ({@link QSpinLockRecording}, which runs each step as the recorded action of the spec it is). The
 * algorithm calls the one it has without asking which it is, so a lock that is neither observed
 * nor recorded makes the kernel's calls and nothing more; the lock reads its field once per
 * method of its path, as it read the recording before.
 */
class QSteps {
    /** The steps run as they are. */
    static final QSteps DIRECT = new QSteps();

    /** The fast path's {@code atomic_try_cmpxchg_acquire} from 0: the word found. */
    int fastPath(QSpinLock lock) {
        return lock.fastPathCmpxchg();
    }

    /** {@code queued_spin_unlock}'s release of the locked bits. */
    void unlock(QSpinLock lock) {
        lock.releaseLockedByte();
    }

    /** The bounded wait on a pending->locked hand-over that {@code val} showed: the word it ended on. */
    int pendingWait(QSpinLock lock, int val) {
        return lock.waitPendingHandover(val);
    }

    /** {@code queued_fetch_set_pending_acquire}: the word before. */
    int fetchSetPending(QSpinLock lock) {
        return lock.queuedFetchSetPendingAcquire();
    }

    /** The pending owner's {@code clear_pending_set_locked}, after its wait for the owner to go. */
    void pendingSpin(QSpinLock lock) {
        lock.clearPendingSetLocked();
    }

    /** {@code clear_pending}: undoing the pending bit this CPU set before it queues. */
    void clearPending(QSpinLock lock) {
        lock.clearPending();
    }

    /** The slowpath's {@code queued_spin_trylock} once {@code node} is initialised. */
    boolean queueTrylock(QSpinLock lock, QNode node) {
        return lock.hooks.slowpathTrylock(lock);
    }

    /** The slowpath's {@code queued_spin_trylock} of a CPU out of nodes (more nesting than nodes). */
    boolean nodelessTrylock(QSpinLock lock) {
        return lock.hooks.slowpathTrylock(lock);
    }

    /** {@code xchg_tail}: the word before. */
    int xchgTail(QSpinLock lock, int tail) {
        return lock.xchgTail(tail);
    }

    /** {@code WRITE_ONCE(prev->next, node)}. */
    void linkPrev(QSpinLock lock, QNode prev, QNode node) {
        lock.linkPrev(prev, node);
    }

    /** The end of a queued CPU's wait for {@code node->locked} (nothing to run: it has ended). */
    void spunLocked(QSpinLock lock) {
    }

    /** The queue head's wait for locked and pending to clear: the word it ended on. */
    int headWait(QSpinLock lock) {
        return lock.waitHead();
    }

    /** The queue head's claim ({@link SlowpathHooks#tryClearTail}): true when no hand-off follows. */
    boolean claim(QSpinLock lock, int val, int tail, QNode node) {
        return lock.hooks.tryClearTail(lock, val, tail, node);
    }

    /** {@code set_locked}. */
    void setLocked(QSpinLock lock) {
        lock.setLocked();
    }

    /** The MCS hand-off from {@code node} to {@code next} ({@link SlowpathHooks#passLock}). */
    void passLock(QSpinLock lock, QNode node, QNode next) {
        lock.hooks.passLock(lock, node, next);
    }

    /**
     * The steps of a lock built with a {@link DoorwayObserver}: those that can order a thread among
     * the waiters run through it, the rest directly.
     */
    static final class Observed extends QSteps {
        private final DoorwayObserver doorways;

        Observed(DoorwayObserver doorways) {
            this.doorways = doorways;
        }

        /** An entry when the word found was 0. */
        @Override
        int fastPath(QSpinLock lock) {
            return doorways.entry(lock::fastPathCmpxchg, v -> v == 0);
        }

        /** A doorway when the thread then owns pending: no pending and no tail found. */
        @Override
        int fetchSetPending(QSpinLock lock) {
            return doorways.doorway(lock::queuedFetchSetPendingAcquire, old -> (old & ~QLockWord.LOCKED_MASK) == 0);
        }

        @Override
        boolean queueTrylock(QSpinLock lock, QNode node) {
            return trylock(lock);
        }

        @Override
        boolean nodelessTrylock(QSpinLock lock) {
            return trylock(lock);
        }

        /** The slowpath's trylock, whatever the hook set makes of it: an entry when it succeeds. */
        private boolean trylock(QSpinLock lock) {
            return doorways.entry(() -> lock.hooks.slowpathTrylock(lock) ? 1 : 0, ok -> ok != 0) != 0;
        }

        /** Always a doorway. */
        @Override
        int xchgTail(QSpinLock lock, int tail) {
            return doorways.doorway(() -> lock.xchgTail(tail), old -> true);
        }
    }
}
