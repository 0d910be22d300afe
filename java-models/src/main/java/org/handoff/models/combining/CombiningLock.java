package org.handoff.models.combining;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntUnaryOperator;
import org.handoff.models.HandoffPort;
import org.handoff.models.SpinPolicy;

/**
 * The combining lock "alispinlock" (Ling Ma, LKML RFC, 2015/2016): a thread submits a request (a
 * function and its argument) on an MCS-style queue and waits for its completion flag; the thread
 * that finds the queue empty is the holder and runs its own request and then the queued ones, on
 * their submitters' behalf. Spec: {@code specs/Combining.tla}; each step below is one action there,
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
 */
public class CombiningLock implements HandoffPort {

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

    static final VarHandle TAIL;
    static final VarHandle NEXT;
    static final VarHandle LOCKED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            TAIL = l.findVarHandle(CombiningLock.class, "tail", Node.class);
            NEXT = l.findVarHandle(Node.class, "next", Node.class);
            LOCKED = l.findVarHandle(Node.class, "locked", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** lock->lock_p: the last node queued, null when no request is queued or running. */
    @SuppressWarnings("unused") // accessed through TAIL
    private volatile Node tail;

    /** How spin loops wait: forever unless a litmus test bounds them. */
    protected final SpinPolicy spin;
    /** The batch limit: 0 for none (as posted). */
    protected final int batch;
    /** The most requests one holder has run in one tenure (written only by holders). */
    private volatile int largestTenure;

    /** The lock as posted: no batch limit, spins forever. */
    public CombiningLock() {
        this(SpinPolicy.FOREVER, 0);
    }

    public CombiningLock(SpinPolicy spin) {
        this(spin, 0);
    }

    /** A lock with batch limit {@code batch} (0: none). */
    public CombiningLock(SpinPolicy spin, int batch) {
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

    @Override
    public String variant() {
        return batch > 0 ? "combining-batch" : "combining";
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

    /**
     * alispinlock: submit {@code fn(para)} with this thread's node {@code ali}; returns the
     * function's result once it has run, here or on the holder's thread, exactly once.
     */
    public int alispinlock(Node ali, IntUnaryOperator fn, int para) {
        aliInit(ali, fn, para);
        Node old = aliXchg(ali);
        if (old != null) {
            aliLink(old, ali);
            if (aliWait(ali) == DONE) {
                return aliReturn(ali);
            }
            // COMBINE (combining-batch): our request has not run; we are the holder now.
        }
        combine(ali);
        return aliReturn(ali);
    }

    /** The holder's part: run requests from our own node on, until the queue is empty or the batch is full. */
    private void combine(Node ali) {
        int count = 0;
        Node old = aliReadTail();
        for (;;) {
            Node next;
            if (ali != old) {
                next = aliWaitNext(ali);
                if (next == null) {
                    return; // bounded policy only: the wait gave up; the test reports it
                }
                aliFn(ali);
                count++;
            } else { // end:
                aliFn(ali);
                count++;
                Node moved = aliCmpxchg(ali);
                if (moved == null) {
                    aliLastComplete(ali);
                    tenure(count);
                    return;
                }
                old = moved;
                next = aliWaitNext(ali);
                if (next == null) {
                    return; // bounded policy only, as above
                }
            }
            aliComplete(ali);
            ali = next;
            if (batch > 0 && count >= batch) {
                aliHandoff(ali);
                tenure(count);
                return;
            }
        }
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
        NEXT.setOpaque(ali, (Node) null);
        LOCKED.setOpaque(ali, WAITING);
    }

    /** AliXchg, the doorway: {@code old = xchg(&lock->lock_p, ali)}. */
    protected Node aliXchg(Node ali) {
        return (Node) TAIL.getAndSet(this, ali);
    }

    /** AliLink: {@code WRITE_ONCE(old->next, ali)}; release, so the holder that reads it sees the request. */
    protected void aliLink(Node old, Node ali) {
        NEXT.setRelease(old, ali);
    }

    /** AliWait: {@code while (READ_ONCE(ali->locked)) cpu_relax();} returns {@link #DONE} or {@link #COMBINE}. */
    protected int aliWait(Node ali) {
        int s;
        // Acquire pairs with the holder's release of the flag: the request's writes and its result
        // happen-before our return.
        for (long i = 0; (s = (int) LOCKED.getAcquire(ali)) == WAITING; i++) {
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
        return (Node) TAIL.getVolatile(this);
    }

    /**
     * AliWaitNext: {@code while (!(next = READ_ONCE(ali->next))) cpu_relax();} null only when a
     * bounded spin policy gave up.
     */
    protected Node aliWaitNext(Node ali) {
        Node next;
        for (long i = 0; (next = (Node) NEXT.getAcquire(ali)) == null; i++) {
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
        LOCKED.setRelease(ali, DONE);
    }

    /**
     * AliCmpxchg: {@code cmpxchg(&lock->lock_p, ali, NULL)}; null when the queue is now empty,
     * else the tail it found (a request arrived: the next snapshot).
     */
    protected Node aliCmpxchg(Node ali) {
        Node witness = (Node) TAIL.compareAndExchange(this, ali, (Node) null);
        return witness == ali ? null : witness;
    }

    /** AliLastComplete: {@code ali->locked = 0} for the last node, once the tail is NULL. */
    protected void aliLastComplete(Node ali) {
        LOCKED.setRelease(ali, DONE);
    }

    /** AliHandoff (combining-batch): {@code next->locked = 2}: its submitter is the holder now. */
    protected void aliHandoff(Node next) {
        LOCKED.setRelease(next, COMBINE);
    }

    /** combining-batch with a batch limit of 2 (1 with {@link #Batched(SpinPolicy, int)}), for the tests. */
    public static class Batched extends CombiningLock {
        public Batched() {
            super(SpinPolicy.FOREVER, 2);
        }

        public Batched(SpinPolicy spin, int batch) {
            super(spin, batch);
        }
    }
}
