package org.handoff.models.clh;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;

/**
 * Seeded bugs in {@link ClhLock}, each a real mistake and each replacing exactly one step. The
 * manifest says which level must catch each one. Variant names match the spec mutants in
 * specs/clh/mutants/ where both levels model the same mistake.
 */
public final class ClhMutants {
    private ClhMutants() {
    }

    /**
     * The releasing thread keeps its own node instead of taking its predecessor's: when it takes
     * the lock again it sets the flag its successor may still be waiting to see clear, and the two
     * wait for each other. Spec: specs/clh/mutants/CLH_OwnNodeReuse.tla.
     */
    @Variant("own-node-reuse")
    public static class OwnNodeReuse extends ClhLock {
        public OwnNodeReuse(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void clhRelease(ClhLock.Me me) {
            mem.setReleaseInt(LOCKED, me.node, 0);
            me.pred = null;
        }
    }

    /**
     * The doorway's {@code xchg} done as a read and a write of the tail: two threads can read the
     * same predecessor and both enter when it releases. Spec: specs/clh/mutants/CLH_NonAtomicSwap.tla.
     */
    @Variant("non-atomic-swap")
    public static class NonAtomicSwap extends ClhLock {
        public NonAtomicSwap(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected ClhLock.Node clhSwapTail(ClhLock.Me me) {
            ClhLock.Node pred = (ClhLock.Node) mem.getVolatile(TAIL, this);
            mem.setVolatile(TAIL, this, me.node);
            return pred;
        }
    }

    /**
     * The two halves of the release in the wrong order: the thread takes its predecessor's node
     * first and clears that node's flag, which was already clear; its successor is never released.
     * Spec: specs/clh/mutants/CLH_RecycleBeforeRelease.tla.
     */
    @Variant("recycle-before-release")
    public static class RecycleBeforeRelease extends ClhLock {
        public RecycleBeforeRelease(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void clhRelease(ClhLock.Me me) {
            me.node = me.pred;
            me.pred = null;
            mem.setReleaseInt(LOCKED, me.node, 0);
        }
    }

    /**
     * The release as a plain store. The JMM lets the critical section's writes become visible after
     * the successor sees the flag clear; x86 (TSO) never reorders two stores, and Lincheck is
     * sequentially consistent, so neither level shows it here.
     */
    @Variant("plain-release")
    public static class PlainRelease extends ClhLock {
        public PlainRelease(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void clhRelease(ClhLock.Me me) {
            mem.setInt(LOCKED, me.node, 0);
            me.node = me.pred;
            me.pred = null;
        }
    }
}
