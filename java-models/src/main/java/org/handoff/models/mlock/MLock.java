package org.handoff.models.mlock;

import org.handoff.models.Doorway;
import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;
import org.handoff.models.clh.ClhLock;
import org.handoff.models.trace.Steps;

/**
 * The M-lock (Magnusson, Landin and Hagersten 1994), proposed for OpenBSD's {@code __mp_lock}:
 * CLH's acquisition (swap one's node into the tail, spin on the predecessor's flag), inherited from
 * {@link ClhLock}, with a release that keeps one's own node when nobody has queued behind it: a
 * compare-and-swap puts the predecessor's node, already clear, back as the tail. Only when the
 * compare-and-swap fails (a successor spins on our node) does the release clear our flag and take
 * the predecessor's node, which is CLH's release. Spec: {@code specs/mlock/MLock.tla}; a trace names
 * each step as the action there ({@code MpLockInitNode}, {@code MpLockSwap}, {@code MpLockSpin} for
 * CLH's three).
 *
 * <p>Orderings: the acquisition's are CLH's (a volatile swap, an acquire spin); the release's
 * compare-and-swap is a release ({@code compareAndExchangeRelease}): a successor that later swaps
 * the predecessor's node out of the tail and finds its flag clear reads nothing else of ours, so
 * the tail must carry our critical section, which the release write orders before it and the
 * successor's volatile swap reads; the contended release is CLH's {@code setRelease} of our flag.
 * These are the orders of {@code specs/mlock/MLockWeak.tla}, which shows under its Arm-like model that
 * each is needed.
 *
 * <p>Steps are protected methods so that the mutants in {@link MLockMutants} replace exactly one.
 * Nodes are named in a trace as {@link ClhLock} names them.
 */
@Variant("mlock")
public class MLock extends ClhLock {

    public MLock() {
        this(SpinPolicy.FOREVER);
    }

    public MLock(SpinPolicy spin) {
        super(spin);
    }

    /** {@link #MLock(SpinPolicy)} whose doorway, the tail {@code xchg}, runs through {@code doorway}. */
    protected MLock(SpinPolicy spin, Doorway doorway) {
        super(spin, doorway);
    }

    @Override
    public String family() {
        return "mlock";
    }

    /** __mp_lock's steps, as MLock.tla names them. */
    @Override
    protected String traceName(String clhAction) {
        return switch (clhAction) {
            case "ClhInitNode" -> "MpLockInitNode";
            case "ClhSwapTail" -> "MpLockSwap";
            case "ClhSpinPred" -> "MpLockSpin";
            default -> throw new IllegalArgumentException("no M-lock step for " + clhAction);
        };
    }

    /** __mp_unlock. */
    @Override
    public void unlock(Me me) {
        Steps s = steps();
        // Each step's effect is read in the same atomic action: the tail and the node the thread
        // owns after the compare-and-swap; the flag of the node it owned, and the node it owns, after
        // the release.
        boolean freed = s.step("MpUnlockCas", me, () -> mpUnlockCas(me),
                (r, ok) -> "ok=" + ok + " tail=" + r.id(mem.getVolatile(TAIL, this)) + " node=" + r.id(me.node()));
        if (!freed) {
            Node own = me.node();
            s.run("MpUnlockRelease", me, () -> mpUnlockRelease(me), r -> "node=" + r.id(own) + " locked="
                    + mem.getVolatileInt(LOCKED, own) + " next=" + r.id(me.node()));
        }
    }

    /**
     * MpUnlockCas: {@code cas(&mpl->tail, me->node, pred)}. True when nobody had queued: the
     * predecessor's node is the lock's again and we keep our own.
     */
    protected boolean mpUnlockCas(Me me) {
        if (mem.compareAndExchangeRelease(TAIL, this, me.node(), pred(me)) == me.node()) {
            forgetPred(me);
            return true;
        }
        return false;
    }

    /** MpUnlockRelease: {@code store_release(&me->node->locked, 0); me->node = pred;}, CLH's release. */
    protected void mpUnlockRelease(Me me) {
        clhRelease(me);
    }
}
