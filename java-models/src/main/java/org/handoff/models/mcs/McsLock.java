package org.handoff.models.mcs;

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
 * The MCS queue lock, ported from the Linux kernel's {@code kernel/locking/mcs_spinlock.h}
 * ({@code mcs_spin_lock}, {@code mcs_spin_unlock}). Spec: {@code specs/mcs/MCS.tla}; each step below
 * is one action there, under the same name.
 *
 * <p>Orderings follow the kernel: {@code xchg} is {@code getAndSet} (volatile, fully ordered),
 * {@code cmpxchg_release} is {@code compareAndExchangeRelease}, {@code smp_store_release} is
 * {@code setRelease}, and {@code smp_cond_load_acquire} is a {@code getAcquire} spin with
 * {@link Thread#onSpinWait}. Two places are stronger than the kernel because Java has no
 * equivalent of what the kernel relies on, and each says so where it happens.
 *
 * <p>Steps are protected methods so that the mutants in {@link McsMutants} replace exactly one.
 *
 * <p>With a {@link TraceRecorder} ({@link #traceTo}), {@code lock} and {@code unlock} record each
 * step under its spec action's name, with what it observed; a mutant that replaces a step is
 * recorded through the same calls, so its traces show what the mutated step did.
 */
@Variant("mcs")
public class McsLock implements HandoffLock<McsLock.Node>, Traceable {

    /** A thread's queue node (the kernel's {@code struct mcs_spinlock}), reused across acquisitions. */
    public static final class Node {
        Node next;
        int locked;
        /** Mutant bookkeeping only ({@link McsMutants.EarlyHandoff}); the kernel node has no such field. */
        boolean handedOffEarly;
    }

    static final VarHandle TAIL = VarHandles.field(MethodHandles.lookup(), McsLock.class, "tail", Node.class);
    static final VarHandle NEXT = VarHandles.field(MethodHandles.lookup(), Node.class, "next", Node.class);
    static final VarHandle LOCKED = VarHandles.field(MethodHandles.lookup(), Node.class, "locked", int.class);

    /** The lock word: the last node of the queue, or null. */
    @SuppressWarnings("unused") // accessed through TAIL
    private Node tail;

    /** How the steps run: directly or recorded ({@link Steps}). */
    private Steps steps = Steps.DIRECT;

    /** Every shared access of the port and its mutants goes through here (see {@link Memory}). */
    protected final Memory mem = new Memory();

    /** How spin loops wait: forever, as in the kernel, unless a litmus test bounds them. */
    protected final SpinPolicy spin;

    public McsLock() {
        this(SpinPolicy.FOREVER);
    }

    public McsLock(SpinPolicy spin) {
        this.spin = spin;
    }

    /** The doorway step's observer (fairness measurements), or null. */
    private Doorway doorway;

    /** {@link #McsLock(SpinPolicy)} whose doorway, the tail {@code xchg}, runs through {@code doorway}. */
    protected McsLock(SpinPolicy spin, Doorway doorway) {
        this(spin);
        this.doorway = doorway;
    }

    @Override
    public String family() {
        return "mcs";
    }

    @Override
    public Node newContext() {
        return new Node();
    }

    /** The spin policy, so a test can ask whether a wait gave up. */
    public SpinPolicy spinPolicy() {
        return spin;
    }

    @Override
    public void traceTo(TraceRecorder recorder) {
        mem.recordTo(recorder);
        this.steps = Steps.recordedBy(recorder);
    }

    /** mcs_spin_lock. */
    @Override
    public void lock(Node node) {
        Steps s = steps;
        // Both stores go to the thread's own node, which no other thread reaches before the xchg
        // publishes it: one atomic action, recorded as the spec's two.
        s.run("InitLocked", node, () -> initNode(node), r -> "");
        s.after("InitNext", node, r -> "");
        Node prev = s.step("XchgTail", node, () -> Doorway.always(doorway, () -> xchgTail(node)),
                (r, p) -> "prev=" + r.id(p));
        if (prev == null) {
            return; // lock acquired uncontended
        }
        s.run("LinkPrev", node, () -> linkPrev(prev, node), r -> "");
        spinLocked(node);
        // Stable: only this thread's next lock() clears node->locked again.
        s.after("SpinLocked", node, r -> "");
    }

    /** mcs_spin_unlock. */
    @Override
    public void unlock(Node node) {
        Steps s = steps;
        Node next = s.step("UnlockReadNext", node, () -> readNext(node), (r, n) -> "next=" + r.id(n));
        if (next == null) {
            if (s.step("UnlockCmpxchg", node, () -> cmpxchgTail(node), (r, ok) -> "ok=" + ok)) {
                return; // no successor: the lock is free
            }
            Node linked = waitNext(node);
            // Stable: once a successor linked itself, node->next changes only at this thread's next
            // lock().
            s.after("UnlockWaitNext", node, r -> "next=" + r.id(linked));
            if (linked == null) {
                return; // only under a bounded SpinPolicy: the wait gave up (recorded by the policy)
            }
            next = linked;
        }
        Node to = next;
        s.run("UnlockHandoff", to, () -> handoff(to), r -> "to=" + r.id(to));
    }

    /** InitLocked, InitNext: {@code node->locked = 0; node->next = NULL;} */
    protected void initNode(Node node) {
        // Plain stores in the kernel; published to other threads only by the xchg in xchgTail.
        mem.initOpaqueInt(LOCKED, node, 0);
        mem.initOpaque(NEXT, node, null);
    }

    /** XchgTail, the doorway: {@code prev = xchg(lock, node);} */
    protected Node xchgTail(Node node) {
        return (Node) mem.getAndSet(TAIL, this, node);
    }

    /** LinkPrev: {@code WRITE_ONCE(prev->next, node);} */
    protected void linkPrev(Node prev, Node node) {
        // The kernel uses WRITE_ONCE: the fully ordered xchg before it already orders this node's
        // initialisation before the publication. The JMM gives a getAndSet no such effect on later
        // non-volatile accesses, so the publication is a release store; it pairs with the acquire in
        // readNext/waitNext, which then sees locked == 0 before it stores 1.
        mem.setRelease(NEXT, prev, node);
    }

    /** SpinLocked: {@code arch_mcs_spin_lock_contended}, i.e. {@code smp_cond_load_acquire(&node->locked, VAL)}. */
    protected void spinLocked(Node node) {
        // Acquire pairs with the release store in handoff: the previous holder's critical section
        // happens-before ours.
        for (long i = 0; mem.getAcquireInt(LOCKED, node) == 0; i++) {
            if (!spin.keepSpinning(i)) {
                return; // bounded policy only: proceed without the lock; the test reports it
            }
        }
    }

    /** UnlockReadNext: {@code next = READ_ONCE(node->next);} */
    protected Node readNext(Node node) {
        // READ_ONCE in the kernel, ordered for the dereference by the address dependency; Java has
        // no dependency ordering, so this is an acquire (pairs with the release in linkPrev).
        return (Node) mem.getAcquire(NEXT, node);
    }

    /** UnlockCmpxchg: {@code cmpxchg_release(lock, node, NULL) == node}. */
    protected boolean cmpxchgTail(Node node) {
        return mem.compareAndExchangeRelease(TAIL, this, node, null) == node;
    }

    /** UnlockWaitNext: {@code while (!(next = READ_ONCE(node->next))) cpu_relax();} */
    protected Node waitNext(Node node) {
        Node next;
        for (long i = 0; (next = readNext(node)) == null; i++) {
            if (!spin.keepSpinning(i)) {
                return null;
            }
        }
        return next;
    }

    /** UnlockHandoff: {@code arch_mcs_spin_unlock_contended}, i.e. {@code smp_store_release(&next->locked, 1)}. */
    protected void handoff(Node next) {
        // Release: our critical section's writes happen-before the successor's acquire in spinLocked.
        mem.setReleaseInt(LOCKED, next, 1);
    }
}
