package org.handoff.models.clh;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;

/**
 * The CLH queue lock (Craig 1993; Magnusson, Landin and Hagersten 1994): each thread swaps its node
 * into the tail and spins on its predecessor's node; on release it clears its own node's flag and
 * takes the predecessor's node for its next acquisition. Spec: {@code specs/CLH.tla}; each step
 * below is one action there, under the same name.
 *
 * <p>Orderings: the tail swap is {@code getAndSet} (volatile); the spin on the predecessor's flag is
 * a {@code getAcquire} loop with {@link Thread#onSpinWait}; the release is a {@code setRelease} of
 * the own node's flag. The flag's initialisation is published to the successor by the swap.
 *
 * <p>Steps are protected methods so that the mutants in {@link ClhMutants} replace exactly one.
 */
public class ClhLock implements HandoffLock<ClhLock.Me> {

    /** A queue node: one flag, set while its owner holds or wants the lock. */
    public static final class Node {
        int locked;
    }

    /** A thread's handle on the lock: the node it owns now and, while queued, its predecessor's. */
    public static final class Me {
        Node node = new Node();
        Node pred;

        /** The node this thread owns now (it changes at every release). */
        public Node node() {
            return node;
        }
    }

    static final VarHandle TAIL;
    static final VarHandle LOCKED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(ClhLock.class, "tail", Node.class);
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

    public ClhLock() {
        this(SpinPolicy.FOREVER);
    }

    public ClhLock(SpinPolicy spin) {
        this.spin = spin;
        TAIL.setRelease(this, new Node());
    }

    @Override
    public String family() {
        return "clh";
    }

    @Override
    public String variant() {
        return "clh";
    }

    @Override
    public Me newContext() {
        return new Me();
    }

    /** The spin policy, so a test can ask whether a wait gave up. */
    public SpinPolicy spinPolicy() {
        return spin;
    }

    /** clh_lock. */
    @Override
    public void lock(Me me) {
        clhInitNode(me);
        me.pred = clhSwapTail(me);
        clhSpinPred(me.pred);
    }

    /** clh_unlock. */
    @Override
    public void unlock(Me me) {
        clhRelease(me);
    }

    /** ClhInitNode: {@code me->node->locked = 1}. Published by the swap that follows. */
    protected void clhInitNode(Me me) {
        LOCKED.setOpaque(me.node, 1);
    }

    /** ClhSwapTail, the doorway: {@code pred = xchg(&lock->tail, me->node)}. */
    protected Node clhSwapTail(Me me) {
        return (Node) TAIL.getAndSet(this, me.node);
    }

    /** ClhSpinPred: {@code while (load_acquire(&pred->locked)) cpu_relax();} */
    protected void clhSpinPred(Node pred) {
        // Acquire pairs with the release store in clhRelease: the previous holder's critical
        // section happens-before ours.
        for (long i = 0; (int) LOCKED.getAcquire(pred) != 0; i++) {
            if (!spin.keepSpinning(i)) {
                return; // bounded policy only: proceed without the lock; the test reports it
            }
        }
    }

    /** ClhRelease: {@code store_release(&me->node->locked, 0); me->node = me->pred;} */
    protected void clhRelease(Me me) {
        // Release: our critical section's writes happen-before the successor's acquire spin.
        LOCKED.setRelease(me.node, 0);
        me.node = me.pred; // nobody watches the predecessor's node any more: it is ours now
        me.pred = null;
    }
}
