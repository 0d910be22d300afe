package org.handoff.models.qspinlock;

import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.handoff.models.trace.TraceRecorder;

/**
 * The recording side of a {@link QSpinLock} in a traced run: the
 * spec's names of nodes and lock words, and each step run as one recorded atomic action whose event
 * carries the word the step found and the word it left. A lock has one only while a trace is
 * recorded ({@link QSpinLock#traceTo}), as the lock's {@link QSteps}: each step the algorithm runs
 * through it is recorded as the spec's action, and an unrecorded run executes none of this. The CNA and PV ports record their
 * own steps through the same object ({@link QSpinLock#recording}).
 *
 * <p>The events are named after the actions of {@code specs/qspinlock/QSpinlock.tla}; the trace map
 * is {@code specs/qspinlock/trace/QSpinlockTrace.tla}. What the recording decides:
 * <ul>
 * <li>Contexts. The spec's context is a CPU and a nesting level. Recorded runs take no interrupts
 *     (nothing calls {@link QCpu#interruptAt}), so each thread is the task context of its CPU, spec
 *     CPU = the recorder's thread id, and its node index is always 0; the events still name the
 *     node ({@code EncodeTail(cpu, idx)}), so a wrong index would show.
 * <li>The lock word. Every step that may touch shared state runs under the recorder's lock with
 *     the word read before and after it: the event carries both ({@code tail pending locked},
 *     {@code ntail npending nlocked}; the tail as the spec's node name), and the map requires the
 *     spec's word to be the one found and to become the one left. The whole-word compare-and-exchange
 *     loops ({@code NR_CPUS >= 16K}) run inside that one atomic action, where nobody else writes
 *     the word, so their first attempt succeeds and a loop is one step. The compare-and-exchanges
 *     that fail by design (fast path, trylock, the head's claim) are spec steps with a failure
 *     branch and are recorded with their result, except the claim declined without one (the tail
 *     no longer the head's): the spec decides that at {@code HeadWait} and has no step for it.
 * <li>Waits. {@code node->locked} and {@code node->next} only change once while waited for, so
 *     those waits are recorded when they return ({@link TraceRecorder#after}); the waits on the lock
 *     word (the pending hand-over, the queue head's) are not stable, since pending can be set and
 *     cleared again by a newcomer, and are recorded by {@link TraceRecorder#awaitRead}.
 * <li>Merged steps. Where the spec merges (see its header), the port records one event:
 *     {@code Queue} covers {@code count++}, the node's initialisation and the trylock (the node is
 *     private until {@code xchg_tail}), {@code PendingSpin} the wait for the owner and
 *     {@code clear_pending_set_locked}, the hand-off the wait for {@code node->next}. The early
 *     {@code READ_ONCE(node->next)} is not recorded: it changes nothing, and the hand-off waits for
 *     the same value.
 * </ul>
 */
public final class QSpinLockRecording extends QSteps {
    private final QSpinLock lock;
    private final TraceRecorder r;

    /**
     * The node and value of the last hand-off store ({@link QSpinLock#mcsHandoff}), for the event
     * of the step that made it. Written and read only under the recorder's lock.
     */
    private QNode handedTo;
    private int handedVal;

    QSpinLockRecording(QSpinLock lock, TraceRecorder r) {
        this.lock = lock;
        this.r = r;
    }

    /** The recorder the events go to. */
    public TraceRecorder recorder() {
        return r;
    }

    /**
     * The spec's name of a node, {@code EncodeTail(cpu, idx)} of QSpinlock.tla with the spec's CPU
     * (the recorder's id of this CPU's thread); 0 (Nil) for null.
     */
    public int specNode(QNode n) {
        return n == null ? 0 : r.id(n.cpu) * QSpinLock.MAX_NODES + n.idx;
    }

    /** The spec's name of the node a word's tail names; 0 when the tail is empty. */
    public int specTail(int word) {
        return (word & QLockWord.TAIL_MASK) == 0 ? 0 : specNode(lock.decodeTail(word & QLockWord.TAIL_MASK));
    }

    /** A {@code locked} value as the spec holds it: 0 and 1 as they are, an encoded tail (CNA) as its node. */
    public int specLocked(int locked) {
        return locked == 0 || locked == 1 ? locked : specTail(locked);
    }

    /** A lock word as the spec's record, with {@code prefix} before each field name. */
    public String wordFields(String prefix, int w) {
        return prefix + "tail=" + specTail(w) + " " + prefix + "pending=" + ((w & QLockWord.PENDING_MASK) >>> QLockWord.PENDING_OFFSET)
                + " " + prefix + "locked=" + (w & QLockWord.LOCKED_MASK);
    }

    /**
     * Runs {@code step} as one recorded atomic action named {@code action}: the event carries the
     * word the step found and the word it left, and what {@code more} (may be null) makes of its
     * result.
     */
    public <T> T step(String action, Supplier<T> step, Function<T, String> more) {
        int[] w = new int[2];
        return r.atomic(action, () -> {
            // Read here as well as before each access: a step that makes no shared access (CNA's
            // PassStart, MoveTail) never runs the hook.
            w[0] = wordNow();
            handedTo = null;
            T result = step.get();
            w[1] = wordNow();
            return result;
        }, result -> wordFields("", w[0]) + " " + wordFields("n", w[1])
                + (more == null ? "" : " " + more.apply(result)), () -> w[0] = wordNow());
    }

    /** {@link #step} for a step with no result. */
    public void run(String action, Runnable step, Supplier<String> more) {
        step(action, () -> {
            step.run();
            return null;
        }, more == null ? null : x -> more.get());
    }

    /** The fields of the last hand-off store made by the current step: {@code to} and {@code val}, 0 for none. */
    public String handoffFields() {
        return handedTo == null ? "to=0 val=0" : "to=" + specNode(handedTo) + " val=" + specLocked(handedVal);
    }

    /** The hand-off store the current step made ({@link QSpinLock#mcsHandoff}). */
    void handedOff(QNode next, int val) {
        handedTo = next;
        handedVal = val;
    }

    /**
     * The word, read for the recorder's bookkeeping and not as a step's access. A recorded step
     * reads it before each of its shared accesses ({@link TraceRecorder#atomic}'s hook), so the
     * word its event says it found is the one its last access found: a compare-and-exchange loop
     * that retried after another CPU's step reports the word its successful attempt saw.
     */
    int wordNow() {
        return (int) QSpinLock.VAL.getVolatile(lock); // unrecorded: the recorder's bookkeeping
    }

    // ------------------------------------------------------------------ the lock's steps, recorded

    /** {@code Start} touches nothing shared: any instant before the thread's next step numbers it. */
    @Override
    int fastPath(QSpinLock lock) {
        r.after("Start", "");
        return step("FastPath", lock::fastPathCmpxchg, null);
    }

    @Override
    void unlock(QSpinLock lock) {
        run("Unlock", lock::releaseLockedByte, null);
    }

    /**
     * The pending hand-over wait: each read is a {@code PendingWait} step of the spec. The wait's
     * last read decides where the thread goes, and is numbered by {@link TraceRecorder#awaitRead}.
     * When it gave up ({@code _Q_PENDING_VAL} read {@code PENDING_LOOPS + 1} times) every read found
     * the value the word still has, so all are recorded at this instant; when it found another
     * value, the reads before it changed nothing but the loop's own count and are left out (the
     * spec, with its count untouched, leaves the wait on the same value).
     */
    @Override
    int pendingWait(QSpinLock lock, int val) {
        return r.awaitRead("PendingWait", () -> lock.waitPendingHandover(val), this::wordNow,
                w -> Collections.nCopies(w == QLockWord.PENDING_VAL ? QSpinLock.PENDING_LOOPS + 1 : 1, wordFields("", w)));
    }

    @Override
    int fetchSetPending(QSpinLock lock) {
        return step("FetchSetPending", lock::queuedFetchSetPendingAcquire, null);
    }

    /**
     * {@code PendingSpin}: the wait for the owner before it and {@code clear_pending_set_locked}.
     * Stable: with this CPU's pending bit set nobody else sets the locked bits (fast path and
     * trylock need a zero word, the queue head waits for pending to clear), so locked stays 0 until
     * this step.
     */
    @Override
    void pendingSpin(QSpinLock lock) {
        run("PendingSpin", lock::clearPendingSetLocked, null);
    }

    @Override
    void clearPending(QSpinLock lock) {
        run("ClearPending", lock::clearPending, null);
    }

    /** {@code Queue} ({@link QSpinLock#tracedQueueTrylock}, which a hook set may record otherwise). */
    @Override
    boolean queueTrylock(QSpinLock lock, QNode node) {
        return lock.tracedQueueTrylock(node);
    }

    @Override
    boolean nodelessTrylock(QSpinLock lock) {
        throw new IllegalStateException("a recorded run nests no acquisitions: one node per CPU");
    }

    @Override
    int xchgTail(QSpinLock lock, int tail) {
        return step("XchgTail", () -> lock.xchgTail(tail), null);
    }

    @Override
    void linkPrev(QSpinLock lock, QNode prev, QNode node) {
        run("LinkPrev", () -> lock.linkPrev(prev, node), () -> "prev=" + specNode(prev));
    }

    @Override
    void spunLocked(QSpinLock lock) {
        lock.tracedSpinLocked();
    }

    /** The queue head's wait for the owner and pending to go: the spec's {@code HeadWait}. */
    @Override
    int headWait(QSpinLock lock) {
        return r.awaitRead("HeadWait", lock::waitHead, this::wordNow, w -> List.of(wordFields("", w)));
    }

    /**
     * The queue head's claim. The spec's {@code HeadWait} already chose between the claim
     * ({@code head_cmpxchg}, when the tail it read is ours) and {@code set_locked}, on the same word
     * {@code val}; so the claim is an event when the tail was ours, and otherwise only if it did
     * something anyway (took the lock, changed the word, handed the lock on): a claim declined
     * without a write has no step in the spec, and changes nothing. A hook set that records its
     * claim itself ({@link QSpinLock#hooksRecordHandoff}) runs unwrapped.
     */
    @Override
    boolean claim(QSpinLock lock, int val, int tail, QNode node) {
        if (lock.hooksRecordHandoff()) {
            return super.claim(lock, val, tail, node);
        }
        boolean last = (val & QLockWord.TAIL_MASK) == tail;
        int[] w = new int[2];
        return r.atomicIf("HeadCmpxchg", () -> {
            w[0] = wordNow();
            handedTo = null;
            boolean ok = lock.hooks.tryClearTail(lock, val, tail, node);
            w[1] = wordNow();
            return ok;
        }, ok -> last || ok || w[0] != w[1] || handedTo != null
                ? wordFields("", w[0]) + " " + wordFields("n", w[1]) + " ok=" + ok
                        + (handedTo != null ? " " + handoffFields() : "")
                : null, () -> w[0] = wordNow());
    }

    @Override
    void setLocked(QSpinLock lock) {
        run("SetLocked", lock::setLocked, null);
    }

    /**
     * {@code McsHandoff}, which in the spec includes the wait for {@code node->next}. Stable:
     * {@code node->next} is written once, by the successor, and not again before this CPU reuses
     * the node. A hook set that records its hand-off itself runs unwrapped.
     */
    @Override
    void passLock(QSpinLock lock, QNode node, QNode next) {
        if (lock.hooksRecordHandoff()) {
            super.passLock(lock, node, next);
        } else {
            run("McsHandoff", () -> lock.hooks.passLock(lock, node, next), this::handoffFields);
        }
    }
}
