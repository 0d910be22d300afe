package org.handoff.models.qspinlock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.IntPredicate;
import java.util.function.IntSupplier;
import java.util.function.IntUnaryOperator;
import org.handoff.models.HandoffLock;
import org.handoff.models.HookCounter;
import org.handoff.models.SpinPolicy;
import org.handoff.models.trace.Memory;
import org.handoff.models.trace.TraceRecorder;
import org.handoff.models.trace.Traceable;

/**
 * The Linux queued spinlock, ported from {@code kernel/locking/qspinlock.c} with the lock word of
 * {@code include/asm-generic/qspinlock_types.h}. Spec: {@code specs/qspinlock/QSpinlock.tla}. Each step is a
 * protected method named after the kernel function (or the kernel statement) it models, so that a
 * mutant in {@link QSpinLockMutants} replaces exactly one.
 *
 * <h2>The lock word</h2>
 * One {@code int}, with the kernel's layout for {@code NR_CPUS >= 16K} ({@code _Q_PENDING_BITS == 1}):
 * <pre>
 *  bits  0- 7  locked byte      (_Q_LOCKED_MASK,   0x000000ff)
 *  bit      8  pending          (_Q_PENDING_MASK,  0x00000100)
 *  bits  9-10  tail node index  (_Q_TAIL_IDX_MASK, 0x00000600)
 *  bits 11-31  tail cpu + 1     (_Q_TAIL_CPU_MASK, 0xfffff800)
 * </pre>
 * That is the layout in which the kernel itself touches the word only as a whole (no byte or
 * half-word stores), which is all a Java {@code int} offers. The lock is free when the word is 0.
 * The state triple in the comments is the kernel's {@code (tail, pending, locked)}.
 *
 * <h2>Orderings</h2>
 * <pre>
 *  kernel                                          here                                   why
 *  atomic_try_cmpxchg_acquire (fast path, trylock) compareAndExchangeAcquire              same
 *  atomic_read (trylock, slowpath entry)           getOpaque                              same (relaxed)
 *  atomic_cond_read_relaxed (pending->locked wait) getOpaque spin                         same
 *  atomic_fetch_or_acquire (set pending)           compareAndExchangeAcquire loop         same effect; see below
 *  atomic_andnot (clear_pending)                   compareAndExchange loop (volatile)     stronger; see below
 *  atomic_add (clear_pending_set_locked)           compareAndExchange loop (volatile)     stronger; see below
 *  smp_cond_load_acquire(&amp;lock-&gt;locked, !VAL)      getAcquire spin on the locked bits     same
 *  smp_wmb + xchg_tail's try_cmpxchg_relaxed loop  compareAndExchange loop (volatile)     stronger; see xchgTail
 *  WRITE_ONCE(prev-&gt;next, node)                    setRelease                             stronger; see linkPrev
 *  arch_mcs_spin_lock_contended (node-&gt;locked)     getAcquire spin                        same
 *  READ_ONCE / smp_cond_load_relaxed (node-&gt;next)  getAcquire                             stronger; see readNext
 *  atomic_cond_read_acquire (queue head's wait)    getAcquire spin                        same
 *  atomic_try_cmpxchg_relaxed (clear the tail)     compareAndExchange (volatile)          stronger; see claimAsLast
 *  set_locked: WRITE_ONCE(lock-&gt;locked, 1)         compareAndExchange loop (volatile)     whole word; see setLocked
 *  arch_mcs_spin_unlock_contended                  setRelease                             same
 *  smp_store_release(&amp;lock-&gt;locked, 0) (unlock)    compareAndExchangeRelease loop         whole word; see unlock
 * </pre>
 * The read-modify-writes the kernel spells {@code atomic_andnot}, {@code atomic_add} and
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
 * can order a thread among the waiters. Each says how it maps to the kernel.
 *
 * <h2>Traces</h2>
 * With a {@link TraceRecorder} ({@link #traceTo}), {@code lock} and {@code unlock} record each step
 * under the name of its action in {@code specs/qspinlock/QSpinlock.tla}, through the same calls of
 * the same step methods, so a mutant's replaced step is recorded as what it did. How the steps map
 * to the spec's actions is {@link QSpinLockRecording}'s to say.
 */
public class QSpinLock implements HandoffLock<QCpu>, Traceable {

    // The lock word's layout (qspinlock_types.h, _Q_PENDING_BITS == 1).
    public static final int LOCKED_OFFSET = 0;
    public static final int LOCKED_BITS = 8;
    public static final int LOCKED_MASK = 0xff;
    public static final int LOCKED_VAL = 1 << LOCKED_OFFSET;
    public static final int PENDING_OFFSET = LOCKED_OFFSET + LOCKED_BITS;
    public static final int PENDING_BITS = 1;
    public static final int PENDING_MASK = 1 << PENDING_OFFSET;
    public static final int PENDING_VAL = 1 << PENDING_OFFSET;
    public static final int TAIL_IDX_OFFSET = PENDING_OFFSET + PENDING_BITS;
    public static final int TAIL_IDX_BITS = 2;
    public static final int TAIL_IDX_MASK = ((1 << TAIL_IDX_BITS) - 1) << TAIL_IDX_OFFSET;
    public static final int TAIL_CPU_OFFSET = TAIL_IDX_OFFSET + TAIL_IDX_BITS;
    public static final int TAIL_CPU_BITS = 32 - TAIL_CPU_OFFSET;
    public static final int TAIL_MASK = TAIL_IDX_MASK | (((1 << TAIL_CPU_BITS) - 1) << TAIL_CPU_OFFSET);
    public static final int LOCKED_PENDING_MASK = LOCKED_MASK | PENDING_MASK;

    /** {@code _Q_PENDING_LOOPS}: how often a waiter re-reads a word that shows a pending->locked hand-over. */
    public static final int PENDING_LOOPS = 1;
    /** {@code MAX_NODES}: queue nodes per CPU, one per context that can nest. */
    public static final int MAX_NODES = 4;

    // Protected, so that a hook set in another package that extends this class (CNA) can access the
    // word and the nodes with the orderings it names.
    protected static final VarHandle VAL;
    protected static final VarHandle NEXT;
    protected static final VarHandle NODE_LOCKED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            VAL = l.findVarHandle(QSpinLock.class, "val", int.class);
            NEXT = l.findVarHandle(QNode.class, "next", QNode.class);
            NODE_LOCKED = l.findVarHandle(QNode.class, "locked", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The lock word ({@code lock->val}). */
    @SuppressWarnings("unused") // accessed through VAL
    private int val;

    /** How spin loops wait: forever, as in the kernel, unless a litmus test bounds them. */
    protected final SpinPolicy spin;
    protected final SlowpathHooks hooks;
    private final QMachine machine;
    /** The observer of the doorway steps, or null (every lock but a measured one). */
    private final DoorwayObserver doorways;

    /** Null unless a trace is being recorded. */
    private QSpinLockRecording trace;

    /**
     * Every shared access of the port and its mutants goes through here (see {@link Memory}); a
     * recorded run sees them one by one.
     */
    protected final Memory mem = new Memory();

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

    /**
     * A lock whose doorway steps run through {@code doorways} (null for none), fixed for the lock's
     * life: the field is final, so the check on the lock's paths reads no shared state.
     */
    protected QSpinLock(SpinPolicy spin, SlowpathHooks hooks, QMachine machine, DoorwayObserver doorways) {
        this.spin = spin;
        this.hooks = hooks;
        this.machine = machine;
        this.doorways = doorways;
    }

    @Override
    public String family() {
        return "qspinlock";
    }

    @Override
    public String variant() {
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

    // ------------------------------------------------------------------ whole-word access for hook sets

    /**
     * {@code atomic_read(&lock->val)}: the word, relaxed. For hook sets outside this package (the
     * PV hooks), which update the word with the compare-and-exchanges below.
     */
    public final int wordOpaque() {
        return mem.getOpaqueInt(VAL, this);
    }

    /** An acquire read of the word (hook sets outside this package). */
    public final int wordAcquire() {
        return mem.getAcquireInt(VAL, this);
    }

    /** A volatile compare-and-exchange of the whole word; returns the witness (hook sets outside this package). */
    public final int cmpxchgWord(int expect, int update) {
        return mem.compareAndExchangeInt(VAL, this, expect, update);
    }

    /** An acquire compare-and-exchange of the whole word; returns the witness (hook sets outside this package). */
    public final int cmpxchgWordAcquire(int expect, int update) {
        return mem.compareAndExchangeAcquireInt(VAL, this, expect, update);
    }

    /** A release compare-and-exchange of the whole word; returns the witness (hook sets outside this package). */
    public final int cmpxchgWordRelease(int expect, int update) {
        return mem.compareAndExchangeReleaseInt(VAL, this, expect, update);
    }

    /** A compare-and-exchange of {@code lock}'s whole word, in the order its caller names; returns the witness. */
    @FunctionalInterface
    public interface WordCmpxchg {
        int apply(QSpinLock lock, int expect, int update);
    }

    /**
     * One atomic read-modify-write of the whole word, the form every {@code atomic_fetch_or},
     * {@code atomic_andnot}, {@code atomic_add}, {@code xchg} and byte store of the kernel takes here
     * ({@code NR_CPUS >= 16K}, see the class comment): a relaxed first guess, then {@code cmpxchg}
     * from the word last found to {@code update} of it, until it finds the word it expected.
     * Returns the word before the update. The order is the {@code cmpxchg}'s, which each step
     * passes as a lambda making its own {@link Memory} call, so that the step's access mode is in the
     * step (where {@code AccessModes} reads it) and the loop is written once: for this class's steps
     * and for hook sets outside this package (PV's), which pass the compare-and-exchanges below.
     */
    public final int fetchUpdate(IntUnaryOperator update, WordCmpxchg cmpxchg) {
        int old = mem.getOpaqueInt(VAL, this);
        while (true) {
            int witness = cmpxchg.apply(this, old, update.applyAsInt(old));
            if (witness == old) {
                return old;
            }
            old = witness;
        }
    }

    // ------------------------------------------------------------------ asm-generic/qspinlock.h

    /** queued_spin_lock: the fast path, then the slowpath with the value the cmpxchg found. */
    @Override
    public void lock(QCpu cpu) {
        checkMachine(cpu);
        QSpinLockRecording t = trace;
        int val;
        if (t == null) {
            val = doorways == null ? mem.compareAndExchangeAcquireInt(VAL, this, 0, LOCKED_VAL) // pairs with unlock's release
                    : doorways.entry(this::fastPathCmpxchg, v -> v == 0);
        } else {
            // Start touches nothing shared: any instant before the thread's next step numbers it.
            t.recorder().after("Start", "");
            val = t.step("FastPath", this::fastPathCmpxchg, null);
        }
        if (val == 0) {
            return;
        }
        slowpath(cpu, val);
    }

    /**
     * The fast path's {@code atomic_try_cmpxchg_acquire(&lock->val, &val, _Q_LOCKED_VAL)} from 0;
     * returns the value found. Acquire pairs with unlock's release.
     */
    private int fastPathCmpxchg() {
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
        QSpinLockRecording t = trace;
        if (t == null) {
            releaseLockedByte();
        } else {
            t.run("Unlock", this::releaseLockedByte, null);
        }
    }

    /** {@code smp_store_release(&lock->locked, 0)} on the whole word (see {@link #unlock}). */
    private void releaseLockedByte() {
        fetchUpdate(w -> w & ~LOCKED_MASK, (l, o, n) -> l.mem.compareAndExchangeReleaseInt(VAL, l, o, n));
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
        QSpinLockRecording t = trace;
        // Wait a bounded time for an in-progress pending->locked hand-over: 0,1,0 -> 0,0,1.
        if (val == PENDING_VAL) {
            val = t == null ? waitPendingHandover(val) : t.pendingWait(val);
        }
        // Any contention beyond a holder: queue.
        if ((val & ~LOCKED_MASK) == 0) {
            // trylock || pending: 0,0,* -> 0,1,*
            val = t == null ? (doorways == null ? queuedFetchSetPendingAcquire() : observedFetchSetPending())
                    : t.step("FetchSetPending", this::queuedFetchSetPendingAcquire, null);
            if ((val & ~LOCKED_MASK) == 0) {
                // We own pending. Wait for the owner to go: 0,1,1 -> *,1,0
                if ((val & LOCKED_MASK) != 0) {
                    waitLockedClear();
                }
                // Take ownership and clear pending: *,1,0 -> *,0,1
                if (t == null) {
                    clearPendingSetLocked();
                } else {
                    // PendingSpin: the wait above and this step. Stable: with our pending bit set
                    // nobody else sets the locked bits (fast path and trylock need a zero word, the
                    // queue head waits for pending to clear), so locked stays 0 until this step.
                    t.run("PendingSpin", this::clearPendingSetLocked, null);
                }
                return;
            }
            // Contention seen: undo pending if we set it (a queue head may be waiting on it), and queue.
            if ((val & PENDING_MASK) == 0) {
                if (t == null) {
                    clearPending();
                } else {
                    t.run("ClearPending", this::clearPending, null);
                }
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
        return fetchUpdate(w -> w | PENDING_VAL, (l, o, n) -> l.mem.compareAndExchangeAcquireInt(VAL, l, o, n));
    }

    /** clear_pending: {@code atomic_andnot(_Q_PENDING_VAL, &lock->val)}: *,1,* -> *,0,* */
    protected void clearPending() {
        fetchUpdate(w -> w & ~PENDING_MASK, (l, o, n) -> l.mem.compareAndExchangeInt(VAL, l, o, n));
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
        fetchUpdate(w -> (w & ~PENDING_MASK) | LOCKED_VAL, (l, o, n) -> l.mem.compareAndExchangeInt(VAL, l, o, n));
    }

    /** The MCS queue part of the slowpath, from {@code queue:} to {@code release:}. */
    protected void queue(QCpu cpu) {
        QSpinLockRecording t = trace;
        int idx = grabIndex(cpu);
        if (idx >= MAX_NODES) {
            if (t != null) {
                throw new IllegalStateException("a recorded run nests no acquisitions: one node per CPU");
            }
            // More nesting than nodes: spin on trylock without a node, as the kernel does.
            for (long i = 0; !(doorways == null ? hooks.slowpathTrylock(this) : observedTrylock()); i++) {
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
        boolean got = t == null ? (doorways == null ? hooks.slowpathTrylock(this) : observedTrylock())
                : tracedQueueTrylock(node);
        if (got) {
            releaseNode(cpu, node);
            return;
        }

        // Publish the tail: p,*,* -> n,*,*
        int old = t == null ? (doorways == null ? xchgTail(tail) : observedXchgTail(tail))
                : t.step("XchgTail", () -> xchgTail(tail), null);
        cpu.maybeInterrupt(QCpu.Step.QUEUED);
        QNode next = waitInQueue(node, old);
        atHead(cpu, node, tail, next);
    }

    // The doorway steps through the observer. The untraced paths call these only when there is
    // one (a test of the final field at the call site); otherwise they call the step itself, so
    // an unobserved lock runs the same calls as one without the observer field.

    /** The slowpath's {@code queued_spin_trylock} through the observer: an entry when it succeeds. */
    private boolean observedTrylock() {
        return doorways.entry(() -> hooks.slowpathTrylock(this) ? 1 : 0, ok -> ok != 0) != 0;
    }

    /** {@code queued_fetch_set_pending_acquire} through the observer: a doorway when the thread then owns pending. */
    private int observedFetchSetPending() {
        return doorways.doorway(this::queuedFetchSetPendingAcquire, QSpinLock::ownsPending);
    }

    /** {@code xchg_tail} through the observer: always a doorway. */
    private int observedXchgTail(int tail) {
        return doorways.doorway(() -> xchgTail(tail), old -> true);
    }

    /**
     * Whether {@code queued_fetch_set_pending_acquire}, having found {@code old}, left the thread the
     * owner of pending: no pending and no tail in what it found, {@code !(val & ~_Q_LOCKED_MASK)}.
     */
    private static boolean ownsPending(int old) {
        return (old & ~LOCKED_MASK) == 0;
    }

    /**
     * The rest of the queue path, from the moment {@code node} (encoded {@code tail}) is the head
     * of the queue, with the successor {@code next} seen so far (or null): wait for the lock, claim
     * it, pass the MCS lock on, release the node. Split from {@link #queue} only so that a test can
     * run a queue head's part on its own (a CPU whose earlier steps the test staged).
     */
    protected void atHead(QCpu cpu, QNode node, int tail, QNode next) {
        // At the head of the queue: wait for the owner and pending to go, *,x,y -> *,0,0
        QSpinLockRecording t = trace;
        int val = hooks.waitHeadOrLock(this, node);
        if (val == 0) {
            val = t == null ? waitHead() : t.headWait();
        }

        // Claim the lock: n,0,0 -> 0,0,1 when we are the last in the queue, else *,*,0 -> *,*,1.
        if (t == null || hooksRecordHandoff() ? hooks.tryClearTail(this, val, tail, node)
                : t.claim(val, tail, node)) {
            releaseNode(cpu, node);
            return;
        }
        // Someone is queued behind us, or pending got set and will see our tail and queue behind us:
        // either way a successor will link.
        SET_LOCKED.hit();
        if (t == null) {
            setLocked();
        } else {
            t.run("SetLocked", this::setLocked, null);
        }
        if (next == null) {
            next = waitNext(node);
        }
        if (next != null) { // null only when a bounded wait gave up
            if (t == null || hooksRecordHandoff()) {
                hooks.passLock(this, node, next);
            } else {
                // The wait for node->next is part of this step in the spec. Stable: node->next is
                // written once, by the successor, and not again before this CPU reuses the node.
                QNode to = next;
                t.run("McsHandoff", () -> hooks.passLock(this, node, to), t::handoffFields);
            }
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

    /** encode_tail(cpu, idx): the CPU number is stored plus one, so that a tail of 0 means no queue. */
    public static int encodeTail(int cpu, int idx) {
        return ((cpu + 1) << TAIL_CPU_OFFSET) | (idx << TAIL_IDX_OFFSET);
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
        return fetchUpdate(w -> (w & LOCKED_PENDING_MASK) | tail, (l, o, n) -> l.mem.compareAndExchangeInt(VAL, l, o, n));
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
        QSpinLockRecording t = trace;
        if (t == null) {
            linkPrev(prev, node);
        } else {
            t.run("LinkPrev", () -> linkPrev(prev, node), () -> "prev=" + t.specNode(prev));
        }
        hooks.waitNode(node, prev);
        spinNodeLocked(node);
        if (t != null) {
            tracedSpinLocked();
        }
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
        fetchUpdate(w -> w | LOCKED_VAL, (l, o, n) -> l.mem.compareAndExchangeInt(VAL, l, o, n));
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
