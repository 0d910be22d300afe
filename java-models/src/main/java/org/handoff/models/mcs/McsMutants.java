package org.handoff.models.mcs;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;

/**
 * Seeded bugs in {@link McsLock}, each a real mistake and each replacing exactly one step. The
 * manifest says which level must catch each one (and, for the weak-memory one, why it is expected
 * to pass where it cannot be seen). Variant names match the spec mutants in specs/mcs/mutants/ where
 * both levels model the same mistake.
 */
public final class McsMutants {
    private McsMutants() {
    }

    /** The doorway's {@code xchg} done as a load and a store: two threads can both see a free lock. */
    @Variant("non-atomic-tail")
    public static class NonAtomicTail extends McsLock {
        public NonAtomicTail(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected McsLock.Node xchgTail(McsLock.Node node) {
            McsLock.Node prev = (McsLock.Node) mem.getVolatile(TAIL, this);
            mem.setVolatile(TAIL, this, node);
            return prev;
        }
    }

    /**
     * mcs_spin_unlock without the wait for a late {@code next} link: when the cmpxchg on the tail
     * fails, it returns, and the successor that swapped the tail is never handed the lock.
     */
    @Variant("no-wait-next")
    public static class NoWaitNext extends McsLock {
        public NoWaitNext(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected McsLock.Node waitNext(McsLock.Node node) {
            return null;
        }
    }

    /**
     * {@code node->locked = 0} moved after the node is linked to its predecessor: a hand-off that
     * lands between the link and the late initialisation is erased.
     */
    @Variant("late-init")
    public static class LateInit extends McsLock {
        public LateInit(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void initNode(McsLock.Node node) {
            mem.initOpaque(NEXT, node, null);
        }

        @Override
        protected void linkPrev(McsLock.Node prev, McsLock.Node node) {
            super.linkPrev(prev, node);
            mem.setOpaqueInt(LOCKED, node, 0);
        }
    }

    /**
     * The hand-off stored before the critical section's writes: as soon as it holds the lock, the
     * mutant passes it on to a successor that is already linked, then runs its critical section.
     * Visible under sequential consistency (two threads in the critical section).
     */
    @Variant("early-handoff")
    public static class EarlyHandoff extends McsLock {
        public EarlyHandoff(SpinPolicy spin) {
            super(spin);
        }

        @Override
        public void lock(McsLock.Node node) {
            super.lock(node);
            McsLock.Node next = readNext(node);
            node.handedOffEarly = next != null;
            if (next != null) {
                handoff(next);
            }
        }

        @Override
        public void unlock(McsLock.Node node) {
            if (!node.handedOffEarly) {
                super.unlock(node);
            }
        }
    }

    /**
     * The hand-off as a plain store instead of {@code smp_store_release}. The JMM lets the critical
     * section's writes become visible after the successor sees {@code locked == 1}; x86 (TSO) never
     * reorders the two stores, and Lincheck is sequentially consistent, so neither level can show it.
     */
    @Variant("plain-store-handoff")
    public static class PlainStoreHandoff extends McsLock {
        public PlainStoreHandoff(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void handoff(McsLock.Node next) {
            mem.setInt(LOCKED, next, 1);
        }
    }

    /**
     * The hand-off stored to the wrong node: {@code smp_store_release(&node->locked, 1)} on the
     * releasing thread's own node instead of {@code next->locked}. Every queued successor is
     * stranded; deterministic under any memory model.
     */
    @Variant("wrong-node-handoff")
    public static class WrongNodeHandoff extends McsLock {
        public WrongNodeHandoff(SpinPolicy spin) {
            super(spin);
        }

        /** Where unlock reads the successor, the mutant answers with the releasing node itself. */
        @Override
        protected McsLock.Node readNext(McsLock.Node node) {
            return super.readNext(node) == null ? null : node;
        }
    }

    /**
     * A hand-off before the successor is linked: when the cmpxchg on the tail fails, the mutant
     * takes the node the lock word names (the tail) as its successor instead of waiting for
     * {@code node->next}. With three threads the lock jumps past a waiter that has not linked yet;
     * with any number, the successor's late link can land on the releasing node after it was
     * reused. Spec: specs/mcs/mutants/MCS_HandoffToTail.tla.
     */
    @Variant("handoff-to-tail")
    public static class HandoffToTail extends McsLock {
        public HandoffToTail(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected McsLock.Node waitNext(McsLock.Node node) {
            return (McsLock.Node) mem.getAcquire(TAIL, this);
        }
    }
}
