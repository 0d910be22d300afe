package org.handoff.models.qspinlock;

import static org.handoff.models.qspinlock.QLockWord.LOCKED_MASK;
import static org.handoff.models.qspinlock.QLockWord.LOCKED_PENDING_MASK;
import static org.handoff.models.qspinlock.QLockWord.LOCKED_VAL;
import static org.handoff.models.qspinlock.QLockWord.PENDING_VAL;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;

/**
 * Seeded bugs in {@link QSpinLock}, each a plausible mistake and each replacing exactly one step.
 * The manifest says which level must catch each one, and for those expected to pass, why they
 * cannot be seen there. Variant names are shared with the spec mutants of {@code specs/qspinlock/QSpinlock.tla}.
 *
 * <p>Every mutant has the lock's constructors but the no-argument one: a spin policy (how every
 * level builds a port, {@link org.handoff.models.Ports}), and hooks for the tests that need them.
 */
public final class QSpinLockMutants {
    private QSpinLockMutants() {
    }

    /**
     * The queue head claims the lock with the cmpxchg that clears the tail without first checking
     * that the tail is its own: a waiter queued behind it is erased from the lock word and never
     * handed the MCS lock. Needs a second waiter in the queue.
     */
    @Variant("clear-tail-not-last")
    public static class ClearTailNotLast extends QSpinLock {
        public ClearTailNotLast(SpinPolicy spin) {
            super(spin);
        }

        public ClearTailNotLast(SpinPolicy spin, SlowpathHooks hooks) {
            super(spin, hooks);
        }

        @Override
        protected boolean claimAsLast(int val, int tail) {
            return mem.compareAndExchangeInt(VAL, this, val, LOCKED_VAL) == val;
        }
    }

    /**
     * The wait for an in-progress pending->locked hand-over without the {@code _Q_PENDING_LOOPS}
     * bound, as the slowpath was before the kernel bounded it ("Bound spinning on pending->locked
     * transition in slowpath"). It waits for a transition that does happen, so nothing is unsafe;
     * the harm is that a stream of lockers keeping the word at 0,1,0 can starve the waiter, which
     * needs an adversarial schedule (or the spec's fairness analysis) to show.
     */
    @Variant("pending-unbounded")
    public static class PendingUnbounded extends QSpinLock {
        public PendingUnbounded(SpinPolicy spin) {
            super(spin);
        }

        public PendingUnbounded(SpinPolicy spin, SlowpathHooks hooks) {
            super(spin, hooks);
        }

        @Override
        protected int waitPendingHandover(int val) {
            for (long i = 0; (val = mem.getOpaqueInt(VAL, this)) == PENDING_VAL; i++) {
                if (!spin.keepSpinning(i)) {
                    break;
                }
            }
            return val;
        }
    }

    /**
     * {@code node->count++} moved after the node is in use: the node index is read when the node is
     * taken, but counted only once the node has been published in the tail. An interrupt that
     * arrives in between and takes another lock on the queue path gets the same index, so it
     * reinitialises (and queues with) the node the interrupted acquisition is still queued with.
     * This is the reordering the kernel's {@code barrier()} after {@code grab_mcs_node} forbids. No
     * test without an interrupt (the {@link QCpu#interruptAt} injection point) can see it.
     */
    @Variant("nested-node-reuse")
    public static class NestedNodeReuse extends QSpinLock {
        public NestedNodeReuse(SpinPolicy spin) {
            super(spin);
        }

        public NestedNodeReuse(SpinPolicy spin, SlowpathHooks hooks) {
            super(spin, hooks);
        }

        public NestedNodeReuse(SpinPolicy spin, SlowpathHooks hooks, QMachine machine) {
            super(spin, hooks, machine);
        }

        /** The index is read but not yet counted. */
        @Override
        protected int grabIndex(QCpu cpu) {
            return cpu.count;
        }

        /** Counted only now, with the node already in the tail. */
        @Override
        protected QNode waitInQueue(QNode node, int old) {
            node.cpu.count++;
            node.countedLate = true;
            return super.waitInQueue(node, old);
        }

        /** Only a node counted late is uncounted (a trylock before publication never counted it). */
        @Override
        protected void releaseNode(QCpu cpu, QNode node) {
            if (node != null && node.countedLate) {
                node.countedLate = false;
                cpu.count--;
            }
        }
    }

    /**
     * The pending owner takes the lock without waiting for the holder to release it: the wait
     * {@code smp_cond_load_acquire(&lock->locked, !VAL)} is dropped. Two threads hold the lock.
     */
    @Variant("no-pending-wait")
    public static class NoPendingWait extends QSpinLock {
        public NoPendingWait(SpinPolicy spin) {
            super(spin);
        }

        public NoPendingWait(SpinPolicy spin, SlowpathHooks hooks) {
            super(spin, hooks);
        }

        @Override
        protected void waitLockedClear() {
        }
    }

    /**
     * The pending owner waits for the whole word to be 0 instead of the locked byte: its own pending
     * bit keeps the word non-zero, so it waits forever once it found the lock held. A mistake that
     * the whole-word access of a port invites.
     */
    @Variant("pending-wait-word")
    public static class PendingWaitWord extends QSpinLock {
        public PendingWaitWord(SpinPolicy spin) {
            super(spin);
        }

        public PendingWaitWord(SpinPolicy spin, SlowpathHooks hooks) {
            super(spin, hooks);
        }

        @Override
        protected void waitLockedClear() {
            for (long i = 0; mem.getAcquireInt(VAL, this) != 0; i++) {
                if (!spin.keepSpinning(i)) {
                    return;
                }
            }
        }
    }

    /**
     * The queue head waits only for the locked byte to clear, not for pending
     * ({@code !(VAL & _Q_LOCKED_MASK)} instead of {@code _Q_LOCKED_PENDING_MASK}): when the holder
     * releases while a pending owner waits, the head and the pending owner both take the lock.
     */
    @Variant("head-ignores-pending")
    public static class HeadIgnoresPending extends QSpinLock {
        public HeadIgnoresPending(SpinPolicy spin) {
            super(spin);
        }

        public HeadIgnoresPending(SpinPolicy spin, SlowpathHooks hooks) {
            super(spin, hooks);
        }

        @Override
        protected int waitHead() {
            int v;
            for (long i = 0; ((v = mem.getAcquireInt(VAL, this)) & LOCKED_MASK) != 0; i++) {
                if (!spin.keepSpinning(i)) {
                    return v & ~LOCKED_PENDING_MASK;
                }
            }
            return v;
        }
    }

    /**
     * set_locked as a read of the word and a store of it with the locked bit set, instead of an
     * atomic or (the kernel's byte store, ported as a compare-and-exchange loop): a CPU that swaps
     * the tail between the read and the store has its tail overwritten by the stale one, so the
     * queue's tail names a node that is no longer last. The whole-word form of a byte store is
     * where a port to a machine without byte atomics can go wrong this way.
     */
    @Variant("split-set-locked")
    public static class SplitSetLocked extends QSpinLock {
        public SplitSetLocked(SpinPolicy spin) {
            super(spin);
        }

        public SplitSetLocked(SpinPolicy spin, SlowpathHooks hooks) {
            super(spin, hooks);
        }

        @Override
        protected void setLocked() {
            int old = mem.getOpaqueInt(VAL, this);
            mem.setVolatileInt(VAL, this, old | LOCKED_VAL);
        }
    }
}
