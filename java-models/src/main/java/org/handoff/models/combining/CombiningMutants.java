package org.handoff.models.combining;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;

/**
 * Seeded bugs in {@link CombiningLock}, each a plausible mistake and each replacing exactly one
 * step. The manifest says which level must catch each one. Variant names match the spec mutants in
 * specs/combining/mutants/Combining_*.tla.
 */
public final class CombiningMutants {
    private CombiningMutants() {
    }

    /**
     * The completion flag set before the request runs: {@code ali->locked = 0} moved in front of
     * {@code ali->fn(ali->para)}. The submitter may return before its request ran and read an empty
     * result slot. Spec: specs/combining/mutants/Combining_EarlyComplete.tla (which moves it in the walk only;
     * here it moves for every request, the last one included).
     */
    @Variant("early-complete")
    public static class EarlyComplete extends CombiningLock {
        public EarlyComplete(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected void aliFn(CombiningLock.Node ali) {
            mem.setReleaseInt(LOCKED, ali, DONE);
            ali.result = ali.fn.applyAsInt(ali.para);
        }
    }

    /**
     * The queue emptied with a plain store of NULL instead of the cmpxchg from the holder's last
     * node: a request queued after the holder's snapshot (the tail moved) is never run and its
     * submitter waits forever. Spec: specs/combining/mutants/Combining_LostRequest.tla.
     */
    @Variant("lost-request")
    public static class LostRequest extends CombiningLock {
        public LostRequest(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected CombiningLock.Node aliCmpxchg(CombiningLock.Node ali) {
            mem.setVolatile(TAIL, this, null);
            return null;
        }
    }

    /**
     * After a failed cmpxchg the holder goes back to run {@code ali} again instead of moving past it
     * (the {@code goto repeat} with {@code ali} not advanced): the request runs twice. Spec:
     * specs/combining/mutants/Combining_RunTwice.tla.
     */
    @Variant("run-twice")
    public static class RunTwice extends CombiningLock {
        public RunTwice(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected CombiningLock.Node aliCmpxchg(CombiningLock.Node ali) {
            CombiningLock.Node moved = super.aliCmpxchg(ali);
            if (moved != null) {
                aliFn(ali); // the walk's call on the node whose request already ran
            }
            return moved;
        }
    }

    /**
     * The doorway's {@code xchg} done as a read and a write of the tail: two threads can both read
     * NULL and both be holders, running requests at the same time. Spec:
     * specs/combining/mutants/Combining_NonAtomicXchg.tla.
     */
    @Variant("non-atomic-xchg")
    public static class NonAtomicXchg extends CombiningLock {
        public NonAtomicXchg(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected CombiningLock.Node aliXchg(CombiningLock.Node ali) {
            CombiningLock.Node old = (CombiningLock.Node) mem.getVolatile(TAIL, this);
            mem.setVolatile(TAIL, this, ali);
            return old;
        }
    }

    /**
     * The last node of the holder's snapshot completed before the cmpxchg that empties the queue:
     * {@code ali->locked = 0} moved in front of {@code cmpxchg(&lock->lock_p, ali, NULL)} (and no
     * completion after it). Its submitter may return, re-initialise its node and queue it again
     * while the tail still names that node, so the holder's cmpxchg finds its own tail value and
     * empties the queue over the new request (an ABA on the tail): nobody runs it and its submitter
     * waits forever. Only a workload that reuses a node reaches it. When the cmpxchg fails the walk
     * goes on as posted and completes the node a second time. The early completion happens inside
     * the cmpxchg step, so a test that widens the window before that step (the litmus node-reuse
     * stage) lets the submitter re-queue in it. Spec:
     * specs/combining/mutants/Combining_CompleteBeforeCmpxchg.tla.
     */
    @Variant("complete-before-cmpxchg")
    public static class CompleteBeforeCmpxchg extends CombiningLock {
        public CompleteBeforeCmpxchg(SpinPolicy spin) {
            super(spin);
        }

        @Override
        protected CombiningLock.Node aliCmpxchg(CombiningLock.Node ali) {
            aliComplete(ali);
            return super.aliCmpxchg(ali);
        }

        @Override
        protected void aliLastComplete(CombiningLock.Node ali) {
            // completed before the cmpxchg
        }
    }
}
