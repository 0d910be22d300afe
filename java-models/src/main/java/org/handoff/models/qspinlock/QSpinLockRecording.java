package org.handoff.models.qspinlock;

import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.handoff.models.qspinlock.QSpinLock.Node;
import org.handoff.models.trace.TraceRecorder;

/**
 * The recording side of a {@link QSpinLock} in a traced run ("Traces" in its class comment): the
 * spec's names of nodes and lock words, and each step run as one recorded atomic action whose event
 * carries the word the step found and the word it left. A lock has one only while a trace is
 * recorded ({@link QSpinLock#traceTo}); its algorithm asks for it once per path and otherwise runs
 * its steps directly, so an unrecorded run executes none of this. The CNA and PV ports record their
 * own steps through the same object ({@link QSpinLock#recording}).
 */
public final class QSpinLockRecording {
    private final QSpinLock lock;
    private final TraceRecorder r;

    /**
     * The node and value of the last hand-off store ({@link QSpinLock#mcsHandoff}), for the event
     * of the step that made it. Written and read only under the recorder's lock.
     */
    private Node handedTo;
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
    public int specNode(Node n) {
        return n == null ? 0 : r.id(n.cpu) * QSpinLock.MAX_NODES + n.idx;
    }

    /** The spec's name of the node a word's tail names; 0 when the tail is empty. */
    public int specTail(int word) {
        return (word & QSpinLock.TAIL_MASK) == 0 ? 0 : specNode(lock.decodeTail(word & QSpinLock.TAIL_MASK));
    }

    /** A {@code locked} value as the spec holds it: 0 and 1 as they are, an encoded tail (CNA) as its node. */
    public int specLocked(int locked) {
        return locked == 0 || locked == 1 ? locked : specTail(locked);
    }

    /** A lock word as the spec's record, with {@code prefix} before each field name. */
    public String wordFields(String prefix, int w) {
        return prefix + "tail=" + specTail(w) + " " + prefix + "pending=" + ((w & QSpinLock.PENDING_MASK) >>> QSpinLock.PENDING_OFFSET)
                + " " + prefix + "locked=" + (w & QSpinLock.LOCKED_MASK);
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
    void handedOff(Node next, int val) {
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

    /**
     * The pending hand-over wait: each read is a {@code PendingWait} step of the spec. The wait's
     * last read decides where the thread goes, and is numbered by {@link TraceRecorder#awaitRead}.
     * When it gave up ({@code _Q_PENDING_VAL} read {@code PENDING_LOOPS + 1} times) every read found
     * the value the word still has, so all are recorded at this instant; when it found another
     * value, the reads before it changed nothing but the loop's own count and are left out (the
     * spec, with its count untouched, leaves the wait on the same value).
     */
    int pendingWait(int val) {
        return r.awaitRead("PendingWait", () -> lock.waitPendingHandover(val), this::wordNow,
                w -> Collections.nCopies(w == QSpinLock.PENDING_VAL ? QSpinLock.PENDING_LOOPS + 1 : 1, wordFields("", w)));
    }

    /** The queue head's wait for the owner and pending to go: the spec's {@code HeadWait}. */
    int headWait() {
        return r.awaitRead("HeadWait", lock::waitHead, this::wordNow, w -> List.of(wordFields("", w)));
    }

    /**
     * The queue head's claim. The spec's {@code HeadWait} already chose between the claim
     * ({@code head_cmpxchg}, when the tail it read is ours) and {@code set_locked}, on the same word
     * {@code val}; so the claim is an event when the tail was ours, and otherwise only if it did
     * something anyway (took the lock, changed the word, handed the lock on): a claim declined
     * without a write has no step in the spec, and changes nothing.
     */
    boolean claim(int val, int tail, Node node) {
        boolean last = (val & QSpinLock.TAIL_MASK) == tail;
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
}
