package org.handoff.models.mlock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;

/**
 * The M-lock (Magnusson, Landin and Hagersten 1994), proposed for OpenBSD's {@code __mp_lock}:
 * CLH's acquisition (swap one's node into the tail, spin on the predecessor's flag) with a release
 * that keeps one's own node when nobody has queued behind it: a compare-and-swap puts the
 * predecessor's node, already clear, back as the tail. Only when the compare-and-swap fails (a
 * successor spins on our node) does the release clear our flag and take the predecessor's node, as
 * CLH does. Spec: {@code specs/MLock.tla}; each step below is one action there, under the same name.
 *
 * <p>Orderings: the tail swap is {@code getAndSet} (volatile); the spin on the predecessor's flag is
 * a {@code getAcquire} loop; the release's compare-and-swap is volatile
 * ({@code compareAndExchange}): a successor that later swaps the predecessor's node out of the tail
 * and finds its flag clear must see our critical section, which the volatile write of the tail
 * orders before its volatile swap; the release store of our flag is a {@code setRelease}.
 *
 * <p>Steps are protected methods so that the mutants in {@link MLockMutants} replace exactly one.
 */
public class MLock implements HandoffLock<MLock.Me> {

    /** A queue node: one flag, set while its owner holds or wants the lock. */
    public static final class Node {
        int locked;
    }

    /** A thread's handle on the lock: the node it owns now and, while queued, its predecessor's. */
    public static final class Me {
        Node node = new Node();
        Node pred;

        /** The node this thread owns now (it changes at a release that found a successor). */
        public Node node() {
            return node;
        }
    }

    static final VarHandle TAIL;
    static final VarHandle LOCKED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(MLock.class, "tail", Node.class);
            LOCKED = l.findVarHandle(Node.class, "locked", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The last node swapped in; the lock starts with a node of its own, flag clear. */
    @SuppressWarnings("unused") // accessed through TAIL
    private Node tail;

    /** How spin loops wait: forever unless a litmus test bounds them. */
    protected final SpinPolicy spin;

    public MLock() {
        this(SpinPolicy.FOREVER);
    }

    public MLock(SpinPolicy spin) {
        this.spin = spin;
        TAIL.setRelease(this, new Node());
    }

    @Override
    public String family() {
        return "mlock";
    }

    @Override
    public String variant() {
        return "mlock";
    }

    @Override
    public Me newContext() {
        return new Me();
    }

    /** The spin policy, so a test can ask whether a wait gave up. */
    public SpinPolicy spinPolicy() {
        return spin;
    }

    /** __mp_lock. */
    @Override
    public void lock(Me me) {
        mpLockInitNode(me);
        me.pred = mpLockSwap(me);
        mpLockSpin(me.pred);
    }

    /** __mp_unlock. */
    @Override
    public void unlock(Me me) {
        if (!mpUnlockCas(me)) {
            mpUnlockRelease(me);
        }
    }

    /** MpLockInitNode: {@code me->node->locked = 1}. Published by the swap that follows. */
    protected void mpLockInitNode(Me me) {
        LOCKED.setOpaque(me.node, 1);
    }

    /** MpLockSwap, the doorway: {@code pred = xchg(&mpl->tail, me->node)}. */
    protected Node mpLockSwap(Me me) {
        return (Node) TAIL.getAndSet(this, me.node);
    }

    /** MpLockSpin: {@code while (load_acquire(&pred->locked)) cpu_relax();} */
    protected void mpLockSpin(Node pred) {
        // Acquire pairs with the release store in mpUnlockRelease, or with the volatile tail write
        // of mpUnlockCas read by our volatile swap: the previous holder's section happens-before ours.
        for (long i = 0; (int) LOCKED.getAcquire(pred) != 0; i++) {
            if (!spin.keepSpinning(i)) {
                return; // bounded policy only: proceed without the lock; the test reports it
            }
        }
    }

    /**
     * MpUnlockCas: {@code cas(&mpl->tail, me->node, pred)}. True when nobody had queued: the
     * predecessor's node is the lock's again and we keep our own.
     */
    protected boolean mpUnlockCas(Me me) {
        if (TAIL.compareAndExchange(this, me.node, me.pred) == me.node) {
            me.pred = null;
            return true;
        }
        return false;
    }

    /** MpUnlockRelease: {@code store_release(&me->node->locked, 0); me->node = pred;} (CLH's release). */
    protected void mpUnlockRelease(Me me) {
        // Release: our critical section's writes happen-before the successor's acquire spin.
        LOCKED.setRelease(me.node, 0);
        me.node = me.pred; // nobody watches the predecessor's node any more: it is ours now
        me.pred = null;
    }
}
