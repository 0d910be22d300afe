package org.handoff.litmus.qspinlock;

import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;

/**
 * Hooks for the queue-path litmus tests: the lock is held from construction by a third CPU, which
 * lets it go when the first queue head reaches {@code pv_wait_head_or_lock}. The release runs on the
 * head's thread, standing for the third CPU releasing at that moment; then the head waits natively.
 * Holding until a queue head exists is what guarantees that one of the two actors queues (it finds
 * the other actor pending) in every sample.
 */
final class ReleaseHolderAtHead implements SlowpathHooks {
    private QSpinLock lock;
    private QCpu holder;
    /** Read and written by queue heads; there is one per sample here, but be safe if there are two. */
    private volatile boolean released;

    /** Takes the lock for the third CPU and returns the lock, for {@code LockHarness.of}. */
    <L extends QSpinLock> L attach(L lock) {
        this.lock = lock;
        this.holder = lock.newContext();
        lock.lock(holder); // uncontended: the fast path
        return lock;
    }

    @Override
    public synchronized int waitHeadOrLock(QSpinLock l, QNode node) {
        if (!released) {
            released = true;
            lock.unlock(holder);
        }
        return 0;
    }
}
