package org.handoff.models.mlock;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;

/**
 * Seeded bugs in {@link MLock}, each a plausible mistake and each replacing exactly one step. The
 * manifest says which level must catch each one. Variant names match the spec mutants in
 * specs/mlock/mutants/MLock_*.tla.
 */
public final class MLockMutants {
    private MLockMutants() {
    }

    /**
     * The doorway's {@code xchg} done as a read and a write of the tail: two threads can read the
     * same predecessor and both enter when it is clear. Spec: specs/mlock/mutants/MLock_NonAtomicSwap.tla.
     */
    @Variant("non-atomic-swap")
    public static class NonAtomicSwap extends MLock {
        public NonAtomicSwap(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected MLock.Node clhSwapTail(MLock.Me me) {
            MLock.Node pred = (MLock.Node) mem.getVolatile(TAIL, this);
            mem.setVolatile(TAIL, this, me.node());
            return pred;
        }
    }

    /**
     * The release's compare-and-swap done as a check and a store: a successor that swaps itself in
     * between is overwritten in the tail and spins on a node its owner keeps and never clears for
     * it. Spec: specs/mlock/mutants/MLock_NonAtomicCas.tla.
     */
    @Variant("non-atomic-cas")
    public static class NonAtomicCas extends MLock {
        public NonAtomicCas(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected boolean mpUnlockCas(MLock.Me me) {
            if (mem.getVolatile(TAIL, this) == me.node()) {
                mem.setVolatile(TAIL, this, pred(me));
                forgetPred(me);
                return true;
            }
            return false;
        }
    }

    /**
     * CLH's node swap kept on the uncontended path: after a successful compare-and-swap the thread
     * also takes the predecessor's node, which is now the lock's tail; the next thread to queue
     * spins on it while its new owner sets its flag again. Spec: specs/mlock/mutants/MLock_SwapAfterCas.tla.
     */
    @Variant("swap-after-cas")
    public static class SwapAfterCas extends MLock {
        public SwapAfterCas(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected boolean mpUnlockCas(MLock.Me me) {
            if (mem.compareAndExchange(TAIL, this, me.node(), pred(me)) == me.node()) {
                takePred(me);
                return true;
            }
            return false;
        }
    }
}
