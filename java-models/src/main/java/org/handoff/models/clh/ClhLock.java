package org.handoff.models.clh;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.handoff.models.Doorway;
import org.handoff.models.HandoffLock;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;
import org.handoff.models.Variant;
import org.handoff.models.trace.Memory;
import org.handoff.models.trace.Steps;
import org.handoff.models.trace.TraceRecorder;
import org.handoff.models.trace.Traceable;

/**
 * The CLH queue lock (Craig 1993; Magnusson, Landin and Hagersten 1994): each thread swaps its node
 * into the tail and spins on its predecessor's node; on release it clears its own node's flag and
 * takes the predecessor's node for its next acquisition. Spec: {@code specs/clh/CLH.tla}; each step
 * below is one action there, under the same name.
 *
 * <p>Orderings: the tail swap is {@code getAndSet} (volatile); the spin on the predecessor's flag is
 * a {@code getAcquire} loop with {@link Thread#onSpinWait}; the release is a {@code setRelease} of
 * the own node's flag. The flag's initialisation is published to the successor by the swap.
 *
 * <p>Steps are protected methods so that the mutants in {@link ClhMutants} replace exactly one. The
 * M-lock ({@code org.handoff.models.mlock.MLock}) is this class with another release: it keeps the
 * acquisition and renames its steps for its own spec ({@link #traceName}).
 *
 * <p>With a {@link TraceRecorder} ({@link #traceTo}), {@code lock} and {@code unlock} record each
 * step under its spec action's name, with the nodes it used. Nodes migrate between threads, so an
 * event names a node by the spec's number for it, which follows the node object, not its current
 * owner: the spec's node t is the node thread t started with, node N + 1 the node the lock started
 * with. The port names the lock's node when tracing starts and a thread's node at the thread's first
 * acquisition, before its swap publishes it; every node is therefore named before any other thread
 * can see it, and keeps its number wherever it migrates.
 */
@Variant("clh")
public class ClhLock implements HandoffLock<ClhLock.Me>, Traceable {

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

    protected static final VarHandle TAIL = VarHandles.field(MethodHandles.lookup(), ClhLock.class, "tail", Node.class);
    protected static final VarHandle LOCKED = VarHandles.field(MethodHandles.lookup(), Node.class, "locked", int.class);

    /** The last node swapped in; the lock starts with a node of its own, flag clear. */
    @SuppressWarnings("unused") // accessed through TAIL
    private Node tail;

    /** How spin loops wait: forever unless a litmus test bounds them. */
    protected final SpinPolicy spin;

    /** How the steps run: directly or recorded ({@link Steps}). */
    private Steps steps = Steps.DIRECT;

    /** Every shared access of a recorded step goes through here (see {@link Memory}). */
    protected final Memory mem = new Memory();

    public ClhLock() {
        this(SpinPolicy.FOREVER);
    }

    public ClhLock(SpinPolicy spin) {
        this.spin = spin;
        TAIL.setRelease(this, new Node()); // unrecorded: construction, before any thread
    }

    /** The doorway step's observer (fairness measurements), or null. */
    private Doorway doorway;

    /** {@link #ClhLock(SpinPolicy)} whose doorway, the tail {@code xchg}, runs through {@code doorway}. */
    protected ClhLock(SpinPolicy spin, Doorway doorway) {
        this(spin);
        this.doorway = doorway;
    }

    @Override
    public String family() {
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

    /**
     * Starts recording; call before any thread uses the lock. The lock's own node, still its tail, is
     * the spec's node N + 1.
     */
    @Override
    public void traceTo(TraceRecorder recorder) {
        recorder.name(TAIL.getVolatile(this), recorder.threads() + 1); // unrecorded: before any thread
        mem.recordTo(recorder);
        this.steps = Steps.recordedBy(recorder);
    }

    /** How the steps run ({@link Steps}): for a subclass's own steps. */
    protected final Steps steps() {
        return steps;
    }

    /**
     * The name a trace gives one of this class's acquisition steps ({@code ClhInitNode},
     * {@code ClhSwapTail}, {@code ClhSpinPred}): the spec action's; a lock that shares the acquisition
     * under another spec names the step as that spec does.
     */
    protected String traceName(String clhAction) {
        return clhAction;
    }

    /** The predecessor's node a queued thread spins on, or null. */
    protected static Node pred(Me me) {
        return me.pred;
    }

    /** The thread is out of the queue and keeps its node: it has no predecessor any more. */
    protected static void forgetPred(Me me) {
        me.pred = null;
    }

    /** CLH's node swap: the predecessor's node becomes the thread's. */
    protected static void takePred(Me me) {
        me.node = me.pred; // nobody watches the predecessor's node any more: it is ours now
        me.pred = null;
    }

    /** clh_lock. */
    @Override
    public void lock(Me me) {
        Steps s = steps;
        // Only the node a thread starts with is unnamed (see the class comment): spec node t.
        s.nameForThread(me.node);
        s.run(traceName("ClhInitNode"), me, () -> clhInitNode(me), r -> "node=" + r.id(me.node));
        me.pred = s.step(traceName("ClhSwapTail"), me, () -> Doorway.always(doorway, () -> clhSwapTail(me)),
                (r, p) -> "pred=" + r.id(p));
        clhSpinPred(me.pred);
        // Stable: only a node's owner sets its flag, and once the flag is clear nobody owns this
        // node (the predecessor, releasing, took its own predecessor's node; the lock's first node,
        // or one the M-lock's compare-and-swap put back, is nobody's) until this thread's own
        // release takes it (the spec's NodeExclusive).
        s.after(traceName("ClhSpinPred"), me, r -> "pred=" + r.id(me.pred));
    }

    /** clh_unlock. */
    @Override
    public void unlock(Me me) {
        Node own = me.node;
        // The step's effect, read in the same atomic action: the flag of the node the thread owned,
        // and the node it owns now.
        steps.run("ClhRelease", me, () -> clhRelease(me),
                r -> "node=" + r.id(own) + " locked=" + mem.getVolatileInt(LOCKED, own) + " next=" + r.id(me.node));
    }

    /** ClhInitNode: {@code me->node->locked = 1}. Published by the swap that follows. */
    protected void clhInitNode(Me me) {
        mem.setOpaqueInt(LOCKED, me.node, 1);
    }

    /** ClhSwapTail, the doorway: {@code pred = xchg(&lock->tail, me->node)}. */
    protected Node clhSwapTail(Me me) {
        return (Node) mem.getAndSet(TAIL, this, me.node);
    }

    /** ClhSpinPred: {@code while (load_acquire(&pred->locked)) cpu_relax();} */
    protected void clhSpinPred(Node pred) {
        // Acquire pairs with the release store in clhRelease: the previous holder's critical
        // section happens-before ours.
        for (long i = 0; mem.getAcquireInt(LOCKED, pred) != 0; i++) {
            if (!spin.keepSpinning(i)) {
                return; // bounded policy only: proceed without the lock; the test reports it
            }
        }
    }

    /** ClhRelease: {@code store_release(&me->node->locked, 0); me->node = me->pred;} */
    protected void clhRelease(Me me) {
        // Release: our critical section's writes happen-before the successor's acquire spin.
        mem.setReleaseInt(LOCKED, me.node, 0);
        takePred(me);
    }
}
