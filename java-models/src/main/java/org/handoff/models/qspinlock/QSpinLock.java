package org.handoff.models.qspinlock;

import static org.handoff.models.qspinlock.QLockWord.LOCKED_MASK;
import static org.handoff.models.qspinlock.QLockWord.LOCKED_PENDING_MASK;
import static org.handoff.models.qspinlock.QLockWord.LOCKED_VAL;
import static org.handoff.models.qspinlock.QLockWord.PENDING_MASK;
import static org.handoff.models.qspinlock.QLockWord.PENDING_VAL;
import static org.handoff.models.qspinlock.QLockWord.TAIL_CPU_OFFSET;
import static org.handoff.models.qspinlock.QLockWord.TAIL_IDX_MASK;
import static org.handoff.models.qspinlock.QLockWord.TAIL_IDX_OFFSET;
import static org.handoff.models.qspinlock.QLockWord.TAIL_MASK;
import static org.handoff.models.qspinlock.QLockWord.encodeTail;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.handoff.models.HandoffLock;
import org.handoff.models.HookCounter;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;
import org.handoff.models.Variant;
import org.handoff.models.trace.Memory;
import org.handoff.models.trace.TraceRecorder;
import org.handoff.models.trace.Traceable;

/**
 * The Linux queued spinlock, ported from {@code kernel/locking/qspinlock.c} with the lock word of
 * {@code include/asm-generic/qspinlock_types.h}. Spec: {@code specs/qspinlock/QSpinlock.tla}. Each step is a
 * protected method named after the kernel function (or the kernel statement) it models, so that a
 * mutant in {@link QSpinLockMutants} replaces exactly one.
 *
 * <p>The lock word, its layout and its whole-word accesses are {@link QLockWord}; the state triple in
 * the comments is the kernel's {@code (tail, pending, locked)}.
 *
 * <h2>Orderings</h2>
 * Each shared access's kernel ordering beside the access mode the port uses, and the reason
 * wherever the port is stronger, is the generated access-mode table of
 * {@code docs/weak-memory.md} ({@code ./handoff crosscheck --tables}), which a test holds to the
 * bytecode of the steps below.
 *
 * <p>The read-modify-writes the kernel spells {@code atomic_andnot}, {@code atomic_add} and
 * {@code atomic_fetch_or} are written as compare-and-exchange loops: one atomic update of the
 * whole word either way, and the form every level of this project (including Lincheck's model
 * checker) handles alike. Where the kernel's operation is relaxed the loop is a volatile
 * compare-and-exchange, because a VarHandle has no relaxed compare-and-exchange that reports the
 * witness; being stronger than the kernel there can hide an ordering bug but cannot invent one.
 *
 * <h2>CPUs, hooks and doorways</h2>
 * A {@link QCpu} is a CPU's queue nodes (one per context that can nest) and the lock's per-thread
 * context; {@link SlowpathHooks} are the calls the PV and CNA builds of this file replace, with the
 * native build's as defaults; a {@link DoorwayObserver} given at construction sees each step that
 * can order a thread among the waiters. Each says how it maps to the kernel. The path runs its
 * observable steps through one {@link QSteps}, which runs them directly, through that observer, or
 * recorded: no step of the path asks which.
 *
 * <h2>Traces</h2>
 * With a {@link TraceRecorder} ({@link #traceTo}) the lock's steps are a
 * {@link QSpinLockRecording}, and {@code lock} and {@code unlock} record each step under the name
 * of its action in {@code specs/qspinlock/QSpinlock.tla}, through the same calls of the same step
 * methods, so a mutant's replaced step is recorded as what it did. How the steps map
 * to the spec's actions is {@link QSpinLockRecording}'s to say.
 */
@Variant("qspinlock")
public class QSpinLock implements HandoffLock<QCpu>, Traceable {

    /** {@code _Q_PENDING_LOOPS}: how often a waiter re-reads a word that shows a pending->locked hand-over. */
    public static final int PENDING_LOOPS = 1;
    /** {@code MAX_NODES}: queue nodes per CPU, one per context that can nest. */
    public static final int MAX_NODES = 4;

    // Protected, so that a hook set in another package that extends this class (CNA) can access the
    // word and the nodes with the orderings it names.
    protected static final VarHandle VAL = VarHandles.field(MethodHandles.lookup(), QSpinLock.class, "val", int.class);
    protected static final VarHandle NEXT = VarHandles.field(MethodHandles.lookup(), QNode.class, "next", QNode.class);
    protected static final VarHandle NODE_LOCKED =
            VarHandles.field(MethodHandles.lookup(), QNode.class, "locked", int.class);

    /** The lock word ({@code lock->val}). */
    @SuppressWarnings("unused") // accessed through VAL
    private int val;

    /** How spin loops wait: forever, as in the kernel, unless a litmus test bounds them. */
    protected final SpinPolicy spin;
    protected final SlowpathHooks hooks;
    private final QMachine machine;
    /**
     * How the steps run ({@link QSteps}): directly, through the doorway observer the lock was
     * built with, or recorded ({@link #traceTo}). Read once per method of a path.
     */
    private QSteps steps;

    /** Null unless a trace is being recorded (then it is {@link #steps} too). */
    private QSpinLockRecording trace;

    /**
     * Every shared access of the port and its mutants goes through here (see {@link Memory}); a
     * recorded run sees them one by one.
     */
    protected final Memory mem = new Memory();

    /** The lock word's accesses ({@link QLockWord}), shared with the hook set only. */
    private final QLockWord word = new QLockWord(this);

    /**
     * The queue head's {@code set_locked}: its claim as the last waiter failed, so a successor has
     * linked or will (the Java levels' proof that a run reached a queue of two; see
     * {@link HookCounter}).
     */
    static final HookCounter SET_LOCKED = HookCounter.of("set_locked");

    public QSpinLock() {
        this(SpinPolicy.FOREVER);
    }

    public QSpinLock(SpinPolicy spin) {
        this(spin, SlowpathHooks.NATIVE, new QMachine());
    }

    public QSpinLock(SpinPolicy spin, SlowpathHooks hooks) {
        this(spin, hooks, new QMachine());
    }

    /** A lock whose CPUs are those of {@code machine}, shared with other locks. */
    public QSpinLock(SpinPolicy spin, SlowpathHooks hooks, QMachine machine) {
        this(spin, hooks, machine, null);
    }

    /** A native lock whose doorway steps run through {@code doorways} (fairness measurements). */
    protected QSpinLock(SpinPolicy spin, DoorwayObserver doorways) {
        this(spin, SlowpathHooks.NATIVE, new QMachine(), doorways);
    }

    /** A lock whose doorway steps run through {@code doorways} (null for none) for the lock's life. */
    protected QSpinLock(SpinPolicy spin, SlowpathHooks hooks, QMachine machine, DoorwayObserver doorways) {
        this.spin = spin;
        this.hooks = hooks;
        this.machine = machine;
        this.steps = doorways == null ? QSteps.DIRECT : new QSteps.Observed(doorways);
        hooks.attach(word);
    }

    @Override
    public String family() {
        return "qspinlock";
    }

    /** A new CPU of this lock's machine. */
    @Override
    public QCpu newContext() {
        QCpu cpu = machine.newCpu();
        hooks.newCpu(cpu);
        return cpu;
    }

    public QMachine machine() {
        return machine;
    }

    public SpinPolicy spinPolicy() {
        return spin;
    }

    @Override
    public void traceTo(TraceRecorder recorder) {
        mem.recordTo(recorder);
        this.trace = new QSpinLockRecording(this, recorder);
        this.steps = trace;
    }

    /**
     * Whether the hook set records the queue head's claim ({@code hooks.tryClearTail}) and hand-off
     * ({@code hooks.passLock}) itself, as several events (CNA: one per shared access of
     * {@code cna_try_clear_tail} and {@code cna_pass_lock}); then those hooks run unwrapped, since a
     * step recorded inside another would be numbered out of order. False: each is one recorded step
     * ({@code HeadCmpxchg}, {@code McsHandoff}).
     */
    protected boolean hooksRecordHandoff() {
        return false;
    }

    /** The recorder, or null when no trace is recorded (hook sets that record steps of their own). */
    public final TraceRecorder trace() {
        return trace == null ? null : trace.recorder();
    }

    /** The recording of this lock's steps, or null when no trace is recorded (subclasses' own steps). */
    protected final QSpinLockRecording recording() {
        return trace;
    }

    // ------------------------------------------------------------------ tracing (recorded runs only)

    /**
     * The slowpath's trylock after the node's set-up, recorded: QSpinlock's {@code Queue}, one
     * atomic step. A lock whose trylock is several steps of its spec (PV's unfair trylock, a loop
     * that waits for other CPUs) records them itself.
     */
    protected boolean tracedQueueTrylock(QNode node) {
        return trace.step("Queue", () -> hooks.slowpathTrylock(this),
                ok -> "ok=" + ok + " node=" + trace.specNode(node) + queueFields(node));
    }

    /**
     * The end of the wait for {@code node->locked}, recorded: QSpinlock's {@code SpinLocked}. Stable:
     * only the hand-off to this node makes {@code node->locked} non-zero, and nobody but this CPU
     * writes it again before the node is released. A hook set whose wait records the read that
     * ended it (PV's {@code pv_wait_node}) records nothing here.
     */
    protected void tracedSpinLocked() {
        trace.recorder().after("SpinLocked", "");
    }

    /**
     * What a hook set adds to the {@code Queue} event about the node it initialised, each field
     * after a space (nothing natively).
     */
    protected String queueFields(QNode node) {
        return "";
    }

    /**
     * queued_spin_is_locked: {@code atomic_read(&lock->val) != 0}, a {@code READ_ONCE}, so an
     * opaque read. No barrier: since the powerpc change of 2021 (commit 66f60522138c), as on arm64
     * since 2018 (commit c6f5d02b6a0f), a caller that needs this read ordered after its own lock
     * acquisition issues {@code smp_mb()} itself (see the litmus family's crossed-locking tests).
     */
    public boolean isLocked() {
        return mem.getOpaqueInt(VAL, this) != 0;
    }

    /** The lock word now (tests and diagnostics). */
    public int word() {
        return (int) VAL.getVolatile(this); // unrecorded: tests and diagnostics
    }

    // ------------------------------------------------------------------ asm-generic/qspinlock.h

    /** queued_spin_lock: the fast path, then the slowpath with the value the cmpxchg found. */
    @Override
    public void lock(QCpu cpu) {
        checkMachine(cpu);
        int val = steps.fastPath(this);
        if (val == 0) {
            return;
        }
        slowpath(cpu, val);
    }

    /**
     * The fast path's {@code atomic_try_cmpxchg_acquire(&lock->val, &val, _Q_LOCKED_VAL)} from 0;
     * returns the value found. Acquire pairs with unlock's release.
     */
    int fastPathCmpxchg() {
        return mem.compareAndExchangeAcquireInt(VAL, this, 0, LOCKED_VAL);
    }

    /** queued_spin_trylock. */
    public boolean tryLock(QCpu cpu) {
        checkMachine(cpu);
        return queuedSpinTrylock();
    }

    /**
     * queued_spin_unlock ({@link SlowpathHooks#unlock}; natively the following): {@code
     * smp_store_release(&lock->locked, 0)}. The kernel stores the locked
     * byte alone, so concurrent changes to pending and tail survive it. With whole-word access the
     * same effect is a release compare-and-exchange loop that clears the locked bits and keeps the
     * rest; release pairs with the acquire of whoever takes the lock next (fast path, trylock,
     * pending wait, queue head wait). The holder is the only writer of the locked bits while they
     * are set, so the loop only retries for changes to pending and tail.
     */
    @Override
    public void unlock(QCpu cpu) {
        hooks.unlock(this);
    }

    /** The native {@code queued_spin_unlock} ({@link #unlock}; the default of {@link SlowpathHooks#unlock}). */
    void queuedSpinUnlock() {
        steps.unlock(this);
    }

    /** {@code smp_store_release(&lock->locked, 0)} on the whole word (see {@link #unlock}). */
    void releaseLockedByte() {
        word.fetchUpdate(w -> w & ~LOCKED_MASK, QLockWord::cmpxchgRelease);
    }

    /** queued_spin_trylock, the native one (the slowpath's goes through {@link SlowpathHooks#slowpathTrylock}). */
    boolean queuedSpinTrylock() {
        int v = mem.getOpaqueInt(VAL, this); // atomic_read
        if (v != 0) {
            return false;
        }
        return mem.compareAndExchangeAcquireInt(VAL, this, 0, LOCKED_VAL) == 0;
    }

    private void checkMachine(QCpu cpu) {
        if (cpu.machine != machine) {
            throw new IllegalArgumentException("CPU " + cpu.number + " belongs to another machine than this lock");
        }
    }

    // ------------------------------------------------------------------ qspinlock.c

    /** queued_spin_lock_slowpath(lock, val). */
    protected void slowpath(QCpu cpu, int val) {
        if (hooks.pvEnabled()) { // goto pv_queue
            queue(cpu);
            return;
        }
        QSteps s = steps;
        // Wait a bounded time for an in-progress pending->locked hand-over: 0,1,0 -> 0,0,1.
        if (val == PENDING_VAL) {
            val = s.pendingWait(this, val);
        }
        // Any contention beyond a holder: queue.
        if ((val & ~LOCKED_MASK) == 0) {
            // trylock || pending: 0,0,* -> 0,1,*
            val = s.fetchSetPending(this);
            if ((val & ~LOCKED_MASK) == 0) {
                // We own pending. Wait for the owner to go: 0,1,1 -> *,1,0
                if ((val & LOCKED_MASK) != 0) {
                    waitLockedClear();
                }
                // Take ownership and clear pending: *,1,0 -> *,0,1
                s.pendingSpin(this);
                return;
            }
            // Contention seen: undo pending if we set it (a queue head may be waiting on it), and queue.
            if ((val & PENDING_MASK) == 0) {
                s.clearPending(this);
            }
        }
        queue(cpu);
    }

    /**
     * The bounded wait on the pending->locked transition:
     * {@code atomic_cond_read_relaxed(&lock->val, (VAL != _Q_PENDING_VAL) || !cnt--)} with
     * {@code cnt = _Q_PENDING_LOOPS}. Relaxed: what is read only chooses the path, each path reads
     * again with the ordering it needs.
     */
    protected int waitPendingHandover(int val) {
        int cnt = PENDING_LOOPS;
        while (true) {
            val = mem.getOpaqueInt(VAL, this);
            if (val != PENDING_VAL || cnt-- == 0) {
                return val;
            }
            Thread.onSpinWait();
        }
    }

    /**
     * queued_fetch_set_pending_acquire: {@code atomic_fetch_or_acquire(_Q_PENDING_VAL, &lock->val)}.
     * Acquire: when the locked bits are already clear, no wait follows, so this is the read that
     * pairs with the previous holder's release in unlock.
     */
    protected int queuedFetchSetPendingAcquire() {
        return word.fetchUpdate(w -> w | PENDING_VAL, QLockWord::cmpxchgAcquire);
    }

    /** clear_pending: {@code atomic_andnot(_Q_PENDING_VAL, &lock->val)}: *,1,* -> *,0,* */
    protected void clearPending() {
        word.fetchUpdate(w -> w & ~PENDING_MASK, QLockWord::cmpxchg);
    }

    /**
     * The pending owner's wait for the holder: {@code smp_cond_load_acquire(&lock->locked, !VAL)}.
     * Acquire pairs with the release in unlock: the previous holder's critical section happens-before
     * ours, since clear_pending_set_locked below is not ordered in the kernel.
     */
    protected void waitLockedClear() {
        for (long i = 0; (mem.getAcquireInt(VAL, this) & LOCKED_MASK) != 0; i++) {
            if (!spin.keepSpinning(i)) {
                return; // bounded policy only: proceed without the lock; the test reports it
            }
        }
    }

    /**
     * clear_pending_set_locked: {@code atomic_add(-_Q_PENDING_VAL + _Q_LOCKED_VAL, &lock->val)}:
     * *,1,0 -> *,0,1. The locked bits are clear and nobody else sets them while pending is held (the
     * fast path and trylock need a zero word; the queue head waits for pending to clear), so
     * subtracting pending and adding locked is the same as this clear-and-set.
     */
    protected void clearPendingSetLocked() {
        word.fetchUpdate(w -> (w & ~PENDING_MASK) | LOCKED_VAL, QLockWord::cmpxchg);
    }

    /** The MCS queue part of the slowpath, from {@code queue:} to {@code release:}. */
    protected void queue(QCpu cpu) {
        QSteps s = steps;
        int idx = grabIndex(cpu);
        if (idx >= MAX_NODES) {
            // More nesting than nodes: spin on trylock without a node, as the kernel does.
            for (long i = 0; !s.nodelessTrylock(this); i++) {
                if (!spin.keepSpinning(i)) {
                    break;
                }
            }
            releaseNode(cpu, null);
            return;
        }
        QNode node = cpu.nodes[idx];
        int tail = encodeTail(cpu.number, idx);
        initNode(node);
        hooks.initNode(node);
        cpu.maybeInterrupt(QCpu.Step.NODE_TAKEN);

        // The node's cache line was cold: one more trylock before queueing.
        if (s.queueTrylock(this, node)) {
            releaseNode(cpu, node);
            return;
        }

        // Publish the tail: p,*,* -> n,*,*
        int old = s.xchgTail(this, tail);
        cpu.maybeInterrupt(QCpu.Step.QUEUED);
        QNode next = waitInQueue(node, old);
        atHead(cpu, node, tail, next);
    }

    /**
     * The rest of the queue path, from the moment {@code node} (encoded {@code tail}) is the head
     * of the queue, with the successor {@code next} seen so far (or null): wait for the lock, claim
     * it, pass the MCS lock on, release the node. Split from {@link #queue} only so that a test can
     * run a queue head's part on its own (a CPU whose earlier steps the test staged).
     */
    protected void atHead(QCpu cpu, QNode node, int tail, QNode next) {
        // At the head of the queue: wait for the owner and pending to go, *,x,y -> *,0,0
        QSteps s = steps;
        int val = hooks.waitHeadOrLock(this, node);
        if (val == 0) {
            val = s.headWait(this);
        }

        // Claim the lock: n,0,0 -> 0,0,1 when we are the last in the queue, else *,*,0 -> *,*,1.
        if (s.claim(this, val, tail, node)) {
            releaseNode(cpu, node);
            return;
        }
        // Someone is queued behind us, or pending got set and will see our tail and queue behind us:
        // either way a successor will link.
        SET_LOCKED.hit();
        s.setLocked(this);
        if (next == null) {
            next = waitNext(node);
        }
        if (next != null) { // null only when a bounded wait gave up
            s.passLock(this, node, next);
            hooks.kickNode(this, next);
        }
        releaseNode(cpu, node);
    }

    /**
     * {@code idx = node->count++}: take the next free node index of this CPU. The kernel follows it
     * with {@code barrier()} so that the increment precedes the node's initialisation: an interrupt
     * that arrives after the node is in use must see it counted and take the next one.
     */
    protected int grabIndex(QCpu cpu) {
        return cpu.count++;
    }

    /**
     * {@code __this_cpu_dec(qnodes[0].mcs.count)}: the node is free again. {@code node} is null on
     * the path that used no node (more nesting than nodes).
     */
    protected void releaseNode(QCpu cpu, QNode node) {
        cpu.count--;
    }

    /** decode_tail(tail): the node a non-zero tail names. */
    protected QNode decodeTail(int tail) {
        int cpu = (tail >>> TAIL_CPU_OFFSET) - 1;
        int idx = (tail & TAIL_IDX_MASK) >>> TAIL_IDX_OFFSET;
        return machine.cpu(cpu).nodes[idx];
    }

    /** {@code node->locked = 0; node->next = NULL;} */
    protected void initNode(QNode node) {
        // Plain stores in the kernel, made visible before the publication by the smp_wmb() before
        // xchg_tail; here by the volatile compare-and-exchange in xchgTail.
        mem.initOpaqueInt(NODE_LOCKED, node, 0);
        mem.initOpaque(NEXT, node, null);
    }

    /**
     * xchg_tail: replace the tail bits, keep locked and pending, return the old word. The kernel's
     * loop is {@code atomic_try_cmpxchg_relaxed}, preceded by {@code smp_wmb()} to publish the node's
     * initialisation, and relies on the address dependency from the old tail to the previous node
     * for the other direction. Java has neither a store-store fence paired with dependencies nor
     * dependency ordering, so the compare-and-exchange is volatile: release publishes our node,
     * acquire orders our use of the previous node after its initialisation.
     */
    protected int xchgTail(int tail) {
        return word.fetchUpdate(w -> (w & LOCKED_PENDING_MASK) | tail, QLockWord::cmpxchg);
    }

    /**
     * From publication to the head of the queue: when there was a previous tail, link behind it,
     * {@code pv_wait_node}, wait for {@code node->locked}, then read {@code node->next} once.
     * Returns the successor seen so far, or null.
     */
    protected QNode waitInQueue(QNode node, int old) {
        if ((old & TAIL_MASK) == 0) {
            return null;
        }
        QNode prev = decodeTail(old);
        QSteps s = steps;
        s.linkPrev(this, prev, node);
        hooks.waitNode(node, prev);
        spinNodeLocked(node);
        s.spunLocked(this);
        return readNext(node);
    }

    /** {@code WRITE_ONCE(prev->next, node)}. */
    protected void linkPrev(QNode prev, QNode node) {
        // WRITE_ONCE in the kernel, ordered after the node's initialisation by the smp_wmb(). Here a
        // release store: it pairs with the acquire in readNext/waitNext, so the previous node's owner
        // sees our locked == 0 before it stores 1.
        mem.setRelease(NEXT, prev, node);
    }

    /** arch_mcs_spin_lock_contended: {@code smp_cond_load_acquire(&node->locked, VAL)}. */
    protected void spinNodeLocked(QNode node) {
        // Acquire pairs with the release in mcsHandoff. The lock itself is taken later, at the head.
        for (long i = 0; mem.getAcquireInt(NODE_LOCKED, node) == 0; i++) {
            if (!spin.keepSpinning(i)) {
                return;
            }
        }
    }

    /** {@code next = READ_ONCE(node->next)}. */
    protected QNode readNext(QNode node) {
        // READ_ONCE plus an address dependency in the kernel; acquire here (pairs with linkPrev).
        return (QNode) mem.getAcquire(NEXT, node);
    }

    /**
     * The queue head's wait: {@code atomic_cond_read_acquire(&lock->val, !(VAL & _Q_LOCKED_PENDING_MASK))}.
     * Acquire pairs with the release in unlock: set_locked and the tail-clearing cmpxchg that follow
     * are not ordered in the kernel.
     */
    protected int waitHead() {
        int v;
        for (long i = 0; ((v = mem.getAcquireInt(VAL, this)) & LOCKED_PENDING_MASK) != 0; i++) {
            if (!spin.keepSpinning(i)) {
                return v & ~LOCKED_PENDING_MASK; // bounded policy only: proceed; the test reports it
            }
        }
        return v;
    }

    /**
     * The uncontended claim: {@code if ((val & _Q_TAIL_MASK) == tail)} then
     * {@code atomic_try_cmpxchg_relaxed(&lock->val, &val, _Q_LOCKED_VAL)}: n,0,0 -> 0,0,1. Tried only
     * when the tail is still ours, so clearing the tail loses nobody; pending is clear in {@code val},
     * so a concurrent setting of pending (or a new tail) makes it fail. Volatile for want of a
     * relaxed compare-and-exchange (see the class comment).
     */
    protected boolean claimAsLast(int val, int tail) {
        return (val & TAIL_MASK) == tail && mem.compareAndExchangeInt(VAL, this, val, LOCKED_VAL) == val;
    }

    /**
     * set_locked: {@code WRITE_ONCE(lock->locked, _Q_LOCKED_VAL)}, a byte store that leaves pending
     * and tail alone. With whole-word access it is an atomic or of the locked value into the word,
     * written as a compare-and-exchange loop; the locked bits are clear here and only the head sets
     * them, so it never overwrites another holder.
     */
    protected void setLocked() {
        word.fetchUpdate(w -> w | LOCKED_VAL, QLockWord::cmpxchg);
    }

    /** {@code next = smp_cond_load_relaxed(&node->next, (VAL))}: wait for the successor to link. */
    protected QNode waitNext(QNode node) {
        QNode next;
        for (long i = 0; (next = readNext(node)) == null; i++) {
            if (!spin.keepSpinning(i)) {
                return null;
            }
        }
        return next;
    }

    /**
     * arch_mcs_spin_unlock_contended: {@code smp_store_release(&next->locked, val)}. The value is 1
     * natively; CNA passes its secondary queue in it (the macro took the value as an argument from
     * the first CNA series on). Any non-zero value ends the successor's wait.
     */
    protected void mcsHandoff(QNode next, int val) {
        // Release pairs with the acquire in spinNodeLocked of the successor.
        mem.setReleaseInt(NODE_LOCKED, next, val);
        QSpinLockRecording t = trace;
        if (t != null) {
            // Recorded runs: the step this store belongs to reports it (under the recorder's lock).
            t.handedOff(next, val);
        }
    }
}
