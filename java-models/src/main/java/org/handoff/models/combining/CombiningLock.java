package org.handoff.models.combining;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntUnaryOperator;
import org.handoff.models.HandoffPort;
import org.handoff.models.HookCounter;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;
import org.handoff.models.Variant;
import org.handoff.models.trace.Memory;
import org.handoff.models.trace.Steps;
import org.handoff.models.trace.TraceRecorder;
import org.handoff.models.trace.Traceable;

/**
 * The combining lock "alispinlock" (Ling Ma, LKML RFC, 2015/2016): a thread submits a request (a
 * function and its argument) on an MCS-style queue and waits for its completion flag; the thread
 * that finds the queue empty is the holder and runs its own request and then the queued ones, on
 * their submitters' behalf. Spec: {@code specs/combining/Combining.tla}; each step below is one action there,
 * under the same name (the code below the {@code end:} label is reconstructed there, and here in
 * the same way).
 *
 * <p>Variants: {@link #CombiningLock()} is the code as posted, with no bound on the requests one
 * holder runs; a batch limit {@code B > 0} ({@link Batched}, variant {@code combining-batch}) makes
 * the holder stop after B requests and hand the holder role to the next queued node
 * ({@link #COMBINE} in its flag).
 *
 * <p>Orderings: the tail exchange is {@code getAndSet} (volatile) and publishes the node's request;
 * the link {@code old->next = ali} is a release store read by the holder with acquire (Java has no
 * dependency ordering); the completion {@code ali->locked = 0} is a release store after the
 * request ran and wrote its result, read by the submitter's acquire spin, so the submitter sees the
 * result and every write of the request; the final {@code cmpxchg} of the tail is volatile.
 *
 * <p>Steps are protected methods so that the mutants in {@link CombiningMutants} replace exactly
 * one.
 *
 * <p>With a {@link TraceRecorder} ({@link #traceTo}), {@code alispinlock} records each step under
 * its spec action's name, with what it observed: the tail the doorway and the snapshot read, the
 * link a holder waited for, whose request ran, whether the cmpxchg emptied the queue, whom the
 * holder role went to, and the result the submitter read. A mutant that replaces a step is recorded
 * through the same calls.
 */
@Variant("combining")
public class CombiningLock implements HandoffPort, Traceable {

    /** The flag of a queued request: waiting. */
    public static final int WAITING = 1;
    /** The flag of a request that ran: its submitter may return. */
    public static final int DONE = 0;
    /** combining-batch: the request has not run; its submitter is the holder now. */
    public static final int COMBINE = 2;
    /** The result slot of a request that has not run yet. */
    public static final int NO_RESULT = Integer.MIN_VALUE;

    /** struct ali_spinlock_info: one per thread, reused for each of its requests. */
    public static final class Node {
        IntUnaryOperator fn;
        int para;
        int result;
        Node next;
        int locked;
    }

    static final VarHandle TAIL = VarHandles.field(MethodHandles.lookup(), CombiningLock.class, "tail", Node.class);
    static final VarHandle NEXT = VarHandles.field(MethodHandles.lookup(), Node.class, "next", Node.class);
    static final VarHandle LOCKED = VarHandles.field(MethodHandles.lookup(), Node.class, "locked", int.class);

    /** lock->lock_p: the last node queued, null when no request is queued or running. */
    @SuppressWarnings("unused") // accessed through TAIL
    private volatile Node tail;

    /** How the steps run: directly, recorded or observed ({@link Steps}). */
    private Steps steps = Steps.DIRECT;

    /** Every shared access of a recorded step goes through here (see {@link Memory}). */
    protected final Memory mem = new Memory();

    /** How spin loops wait: forever unless a litmus test bounds them. */
    protected final SpinPolicy spin;
    /** Counts the holder's stops at the batch limit ({@link HookCounter}; the manifest's {@code variantHooks}). */
    static final HookCounter BATCH_CUT = HookCounter.of("ali_spin_lock:batch-cut");

    /** The batch limit: 0 for none (as posted); {@link Batched#batch} sets it before first use. */
    protected int batch;
    /** The most requests one holder has run in one tenure (written only by holders). */
    private volatile int largestTenure;

    /** The lock as posted: no batch limit, spins forever. */
    public CombiningLock() {
        this(SpinPolicy.FOREVER, 0);
    }

    public CombiningLock(SpinPolicy spin) {
        this(spin, 0);
    }

    /** A lock with batch limit {@code batch} (0: none); a limit makes it {@link Batched}. */
    protected CombiningLock(SpinPolicy spin, int batch) {
        if (batch < 0) {
            throw new IllegalArgumentException("batch limit must be 0 (none) or positive: " + batch);
        }
        this.spin = spin;
        this.batch = batch;
    }

    @Override
    public String family() {
        return "combining";
    }

    /** A fresh per-thread node. */
    public Node newContext() {
        return new Node();
    }

    /** The spin policy, so a test can ask whether a wait gave up. */
    public SpinPolicy spinPolicy() {
        return spin;
    }

    /** The batch limit, 0 for none. */
    public int batchLimit() {
        return batch;
    }

    /** The most requests one holder has run in one tenure so far (BoundedCombining's count). */
    public int largestTenure() {
        return largestTenure;
    }

    @Override
    public void traceTo(TraceRecorder recorder) {
        mem.recordTo(recorder);
        this.steps = Steps.recordedBy(recorder);
    }

    /**
     * Runs the steps through {@code steps} from now on (a test's observation, such as the litmus
     * node-reuse stage, which is given each step's node); {@link Steps#DIRECT} undoes it. Set before
     * the lock is shared.
     */
    public void runStepsThrough(Steps steps) {
        this.steps = steps;
    }

    /**
     * alispinlock: submit {@code fn(para)} with this thread's node {@code ali}; returns the
     * function's result once it has run, here or on the holder's thread, exactly once.
     */
    public int alispinlock(Node ali, IntUnaryOperator fn, int para) {
        // Read once: a second read in the middle of an operation would be one more shared access
        // for Lincheck's model checker to switch threads at.
        Steps s = steps;
        s.run("AliInit", ali, () -> aliInit(ali, fn, para), r -> "");
        Node old = s.step("AliXchg", ali, () -> aliXchg(ali), (r, o) -> "old=" + r.id(o));
        if (old != null) {
            s.run("AliLink", ali, () -> aliLink(old, ali), r -> "");
            int st = aliWait(ali);
            // Stable: a flag that left WAITING is written again only by this thread (its next
            // AliInit, or its own completion steps once it is the holder).
            s.after("AliWait", ali, r -> "locked=" + st);
            if (st == DONE) {
                return result(s, ali);
            }
            // COMBINE (combining-batch): our request has not run; we are the holder now.
        }
        combine(ali, s);
        return result(s, ali);
    }

    /** AliReturn; the result slot is written by whoever ran the request, so it is read as a step. */
    private int result(Steps s, Node ali) {
        return s.step("AliReturn", ali, () -> aliReturn(ali),
                (r, v) -> v == NO_RESULT ? "ran=false result=0" : "ran=true result=" + v);
    }

    /**
     * The holder's part: run requests from our own node on, until the queue is empty or the batch is
     * full.
     */
    private void combine(Node ali, Steps s) {
        int count = 0;
        Node old = s.step("AliReadTail", null, this::aliReadTail, (r, o) -> "old=" + r.id(o));
        for (;;) {
            Node next;
            if (ali != old) {
                next = waitNext(s, ali);
                if (next == null) {
                    return; // bounded policy only: the wait gave up; the test reports it
                }
                fn(s, ali);
                count++;
            } else { // end:
                fn(s, ali);
                count++;
                Node last = ali;
                // The tail the cmpxchg found: ali itself when it emptied the queue.
                Node moved = s.step("AliCmpxchg", last, () -> aliCmpxchg(last),
                        (r, m) -> "ok=" + (m == null) + " tail=" + r.id(m == null ? last : m));
                if (moved == null) {
                    s.run("AliLastComplete", ali, () -> aliLastComplete(last), r -> "node=" + r.id(last));
                    tenure(count);
                    return;
                }
                old = moved;
                next = waitNext(s, ali);
                if (next == null) {
                    return; // bounded policy only, as above
                }
            }
            Node done = ali;
            s.run("AliComplete", done, () -> aliComplete(done), r -> "node=" + r.id(done));
            ali = next;
            if (batch > 0 && count >= batch) {
                BATCH_CUT.hit();
                Node to = ali;
                s.run("AliHandoff", to, () -> aliHandoff(to), r -> "to=" + r.id(to));
                tenure(count);
                return;
            }
        }
    }

    private Node waitNext(Steps s, Node ali) {
        Node next = aliWaitNext(ali);
        if (next != null) {
            // Stable: ali->next, once linked, is cleared only by AliInit of ali's owner, which is
            // this holder (its own node) or a submitter still waiting for this holder to complete ali.
            s.after("AliWaitNext", ali, r -> "next=" + r.id(next));
        }
        return next;
    }

    private void fn(Steps s, Node ali) {
        s.run("AliFn", ali, () -> aliFn(ali), r -> "node=" + r.id(ali));
    }

    private void tenure(int count) {
        if (count > largestTenure) {
            largestTenure = count; // holders run one at a time: no lost update
        }
    }

    /** AliInit: {@code ali->next = NULL; ali->locked = 1;} and the request filled in. Published by the xchg. */
    protected void aliInit(Node ali, IntUnaryOperator fn, int para) {
        ali.fn = fn;
        ali.para = para;
        ali.result = NO_RESULT;
        mem.initOpaque(NEXT, ali, null);
        mem.initOpaqueInt(LOCKED, ali, WAITING);
    }

    /** AliXchg, the doorway: {@code old = xchg(&lock->lock_p, ali)}. */
    protected Node aliXchg(Node ali) {
        return (Node) mem.getAndSet(TAIL, this, ali);
    }

    /** AliLink: {@code WRITE_ONCE(old->next, ali)}; release, so the holder that reads it sees the request. */
    protected void aliLink(Node old, Node ali) {
        mem.setRelease(NEXT, old, ali);
    }

    /** AliWait: {@code while (READ_ONCE(ali->locked)) cpu_relax();} returns {@link #DONE} or {@link #COMBINE}. */
    protected int aliWait(Node ali) {
        int s;
        // Acquire pairs with the holder's release of the flag: the request's writes and its result
        // happen-before our return.
        for (long i = 0; (s = mem.getAcquireInt(LOCKED, ali)) == WAITING; i++) {
            if (!spin.keepSpinning(i)) {
                return DONE; // bounded policy only: return without the result; the test reports it
            }
        }
        return s;
    }

    /** AliReturn: the submitter reads its request's result. */
    protected int aliReturn(Node ali) {
        return ali.result;
    }

    /** AliReadTail: {@code old = READ_ONCE(lock->lock_p)}, the holder's snapshot. */
    protected Node aliReadTail() {
        return (Node) mem.getVolatile(TAIL, this);
    }

    /**
     * AliWaitNext: {@code while (!(next = READ_ONCE(ali->next))) cpu_relax();} null only when a
     * bounded spin policy gave up.
     */
    protected Node aliWaitNext(Node ali) {
        Node next;
        for (long i = 0; (next = (Node) mem.getAcquire(NEXT, ali)) == null; i++) {
            if (!spin.keepSpinning(i)) {
                return null;
            }
        }
        return next;
    }

    /** AliFn: {@code ali->fn(ali->para)}, its result stored in the node. */
    protected void aliFn(Node ali) {
        ali.result = ali.fn.applyAsInt(ali.para);
    }

    /** AliComplete: {@code ali->locked = 0}: the submitter may return (and reuse its node). */
    protected void aliComplete(Node ali) {
        mem.setReleaseInt(LOCKED, ali, DONE);
    }

    /**
     * AliCmpxchg: {@code cmpxchg(&lock->lock_p, ali, NULL)}; null when the queue is now empty,
     * else the tail it found (a request arrived: the next snapshot).
     */
    protected Node aliCmpxchg(Node ali) {
        Node witness = (Node) mem.compareAndExchange(TAIL, this, ali, null);
        return witness == ali ? null : witness;
    }

    /** AliLastComplete: {@code ali->locked = 0} for the last node, once the tail is NULL. */
    protected void aliLastComplete(Node ali) {
        mem.setReleaseInt(LOCKED, ali, DONE);
    }

    /** AliHandoff (combining-batch): {@code next->locked = 2}: its submitter is the holder now. */
    protected void aliHandoff(Node next) {
        mem.setReleaseInt(LOCKED, next, COMBINE);
    }

    /**
     * combining-batch with a batch limit of 2, or the one {@link #batch(int)} sets (a manifest entry's
     * {@code configure: batch=1}).
     */
    @Variant("combining-batch")
    public static class Batched extends CombiningLock {
        /** Batch limit 2 (the spec's {@code Batch = 2}) with the given spin policy. */
        public Batched(SpinPolicy spin) {
            super(spin, 2);
        }

        /**
         * Sets the batch limit, at least 1 so that the lock stays {@code combining-batch}; call it
         * before the lock is used: holders read the limit without synchronisation.
         */
        public Batched batch(int limit) {
            if (limit < 1) {
                throw new IllegalArgumentException("the batch limit of combining-batch must be at least 1, not " + limit);
            }
            this.batch = limit;
            return this;
        }
    }
}
