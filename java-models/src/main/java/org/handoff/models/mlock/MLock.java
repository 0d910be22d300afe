package org.handoff.models.mlock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.handoff.models.Doorway;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.handoff.models.trace.Memory;
import org.handoff.models.trace.TraceRecorder;
import org.handoff.models.trace.Traceable;

/**
 * The M-lock (Magnusson, Landin and Hagersten 1994), proposed for OpenBSD's {@code __mp_lock}:
 * CLH's acquisition (swap one's node into the tail, spin on the predecessor's flag) with a release
 * that keeps one's own node when nobody has queued behind it: a compare-and-swap puts the
 * predecessor's node, already clear, back as the tail. Only when the compare-and-swap fails (a
 * successor spins on our node) does the release clear our flag and take the predecessor's node, as
 * CLH does. Spec: {@code specs/MLock.tla}; each step below is one action there, under the same name.
 *
 * <p>Orderings: the tail swap is {@code getAndSet} (volatile); the spin on the predecessor's flag is
 * a {@code getAcquire} loop; the release's compare-and-swap is a release
 * ({@code compareAndExchangeRelease}): a successor that later swaps the predecessor's node out of the
 * tail and finds its flag clear reads nothing else of ours, so the tail must carry our critical
 * section, which the release write orders before it and the successor's volatile swap reads; the
 * release store of our flag is a {@code setRelease}. These are the orders of
 * {@code specs/MLockWeak.tla}, which shows under its Arm-like model that each is needed.
 *
 * <p>Steps are protected methods so that the mutants in {@link MLockMutants} replace exactly one.
 *
 * <p>With a {@link TraceRecorder} ({@link #traceTo}), {@code lock} and {@code unlock} record each
 * step under its spec action's name, with the nodes it used. Nodes migrate between threads (here
 * only through a release that found a successor), so an event names a node by the spec's number for
 * it, which follows the node object, not its current owner: the spec's node t is the node thread t
 * started with, node N + 1 the node the lock started with. The port names the lock's node when
 * tracing starts and a thread's node at the thread's first acquisition, before its swap publishes
 * it; every node is therefore named before any other thread can see it, and keeps its number
 * wherever it migrates.
 */
public class MLock implements HandoffLock<MLock.Me>, Traceable {

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

    protected static final VarHandle TAIL;
    protected static final VarHandle LOCKED;

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

    /** Null unless a trace is being recorded. */
    private TraceRecorder trace;

    /** Every shared access of a recorded step goes through here (see {@link Memory}). */
    protected final Memory mem = new Memory();

    public MLock() {
        this(SpinPolicy.FOREVER);
    }

    public MLock(SpinPolicy spin) {
        this.spin = spin;
        TAIL.setRelease(this, new Node()); // unrecorded: construction, before any thread
    }

    /** The doorway step's observer (fairness measurements), or null. */
    private Doorway doorway;

    /** {@link #MLock(SpinPolicy)} whose doorway, the tail {@code xchg}, runs through {@code doorway}. */
    protected MLock(SpinPolicy spin, Doorway doorway) {
        this(spin);
        this.doorway = doorway;
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

    /**
     * Starts recording; call before any thread uses the lock. The lock's own node, still its tail, is
     * the spec's node N + 1.
     */
    @Override
    public void traceTo(TraceRecorder recorder) {
        recorder.name(TAIL.getVolatile(this), recorder.threads() + 1); // unrecorded: before any thread
        mem.recordTo(recorder);
        this.trace = recorder;
    }

    /** __mp_lock. */
    @Override
    public void lock(Me me) {
        TraceRecorder r = trace;
        if (r == null) {
            mpLockInitNode(me);
            me.pred = Doorway.always(doorway, () -> mpLockSwap(me));
            mpLockSpin(me.pred);
            return;
        }
        if (!r.named(me.node)) {
            // Only the node a thread starts with is unnamed (see the class comment): spec node t.
            r.name(me.node, r.thread());
        }
        r.atomic("MpLockInitNode", () -> mpLockInitNode(me), () -> "node=" + r.id(me.node));
        me.pred = r.atomic("MpLockSwap", () -> mpLockSwap(me), p -> "pred=" + r.id(p));
        mpLockSpin(me.pred);
        // Stable: only a node's owner sets its flag, and once the flag is clear nobody owns this
        // node until this thread's own release: a predecessor that found us behind it cleared it and
        // took its own predecessor's node; a node put back by a compare-and-swap, or the lock's
        // first node, is the lock's, nobody's (the spec's NodeExclusive).
        r.after("MpLockSpin", "pred=" + r.id(me.pred));
    }

    /** __mp_unlock. */
    @Override
    public void unlock(Me me) {
        TraceRecorder r = trace;
        if (r == null) {
            if (!mpUnlockCas(me)) {
                mpUnlockRelease(me);
            }
            return;
        }
        // Each step's effect is read in the same atomic action: the tail and the node the thread
        // owns after the compare-and-swap; the flag of the node it owned, and the node it owns, after
        // the release.
        boolean freed = r.atomic("MpUnlockCas", () -> mpUnlockCas(me),
                ok -> "ok=" + ok + " tail=" + r.id(mem.getVolatile(TAIL, this)) + " node=" + r.id(me.node));
        if (!freed) {
            Node own = me.node;
            r.atomic("MpUnlockRelease", () -> mpUnlockRelease(me), () -> "node=" + r.id(own) + " locked="
                    + mem.getVolatileInt(LOCKED, own) + " next=" + r.id(me.node));
        }
    }

    /** MpLockInitNode: {@code me->node->locked = 1}. Published by the swap that follows. */
    protected void mpLockInitNode(Me me) {
        mem.setOpaqueInt(LOCKED, me.node, 1);
    }

    /** MpLockSwap, the doorway: {@code pred = xchg(&mpl->tail, me->node)}. */
    protected Node mpLockSwap(Me me) {
        return (Node) mem.getAndSet(TAIL, this, me.node);
    }

    /** MpLockSpin: {@code while (load_acquire(&pred->locked)) cpu_relax();} */
    protected void mpLockSpin(Node pred) {
        // Acquire pairs with the release store in mpUnlockRelease; after an uncontended release the
        // pair is mpUnlockCas's release write of the tail and our volatile swap that read it.
        for (long i = 0; mem.getAcquireInt(LOCKED, pred) != 0; i++) {
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
        if (mem.compareAndExchangeRelease(TAIL, this, me.node, me.pred) == me.node) {
            me.pred = null;
            return true;
        }
        return false;
    }

    /** MpUnlockRelease: {@code store_release(&me->node->locked, 0); me->node = pred;} (CLH's release). */
    protected void mpUnlockRelease(Me me) {
        // Release: our critical section's writes happen-before the successor's acquire spin.
        mem.setReleaseInt(LOCKED, me.node, 0);
        me.node = me.pred; // nobody watches the predecessor's node any more: it is ours now
        me.pred = null;
    }
}
