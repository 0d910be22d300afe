package org.handoff.models.pv;

import static org.handoff.models.pv.PvLockWord.clearPending;
import static org.handoff.models.pv.PvLockWord.cmpxchgLockedAcquire;
import static org.handoff.models.pv.PvLockWord.queueNow;
import static org.handoff.models.pv.PvLockWord.setPending;
import static org.handoff.models.pv.PvLockWord.stealable;
import static org.handoff.models.pv.PvLockWord.writeLocked;
import static org.handoff.models.pv.PvLockWord.writeLockedRelease;
import static org.handoff.models.pv.PvLockWord.xchgLocked;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.handoff.models.HookCounter;
import org.handoff.models.SpinPolicy;
import org.handoff.models.VarHandles;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QLockWord;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.SlowpathHooks;
import org.handoff.models.trace.Memory;
import org.handoff.models.trace.TraceRecorder;

/**
 * The paravirtual hooks of the qspinlock slowpath, ported from {@code kernel/locking/qspinlock_paravirt.h}:
 * {@code pv_init_node}, {@code pv_wait_node}, {@code pv_kick_node}, {@code pv_wait_head_or_lock},
 * plus {@code __pv_queued_spin_unlock} and {@code pv_hybrid_queued_unfair_trylock}, which the locks
 * that use these hooks ({@link PvQSpinLock}, {@link CnaPvLock}) call in place of the native unlock
 * and of the slowpath's trylock. Each step is a protected method named after its kernel function,
 * so that a mutant ({@link PvMutants}) replaces exactly one.
 *
 * <h2>pv_wait and pv_kick</h2>
 * The hypervisor's halt and kick are {@link PvVcpus}: {@link LockSupport#park} and
 * {@link LockSupport#unpark}, a vCPU being the thread that initialised the node, with bounded parks
 * that count lost wake-ups for litmus tests ({@link #parkNanos}) and a kick-only mode for Lincheck
 * ({@link #kickOnly}).
 *
 * <h2>Ported as NR_CPUS &gt;= 16K</h2>
 * Java has no byte atomics, so this is the kernel's {@code _Q_PENDING_BITS == 1} build, in which
 * {@code set_pending} is {@code atomic_or} and {@code trylock_clear_pending} a cmpxchg loop on the
 * whole word. The byte accesses to {@code lock->locked} that remain in that build
 * ({@code WRITE_ONCE(lock->locked, _Q_SLOW_VAL)}, {@code xchg(&lock->locked, _Q_SLOW_VAL)},
 * {@code cmpxchg_release(&lock->locked, _Q_LOCKED_VAL, 0)}, {@code smp_store_release(&lock->locked, 0)})
 * are compare-and-exchange loops on the whole word that change the locked bits only, each with at
 * least the kernel's ordering.
 *
 * <h2>Orderings</h2>
 * <pre>
 *  kernel                                            here
 *  smp_store_mb(pn-&gt;state, vcpu_halted)              setOpaque + VarHandle.fullFence
 *  READ_ONCE(node-&gt;locked), READ_ONCE(pp-&gt;state)     getAcquire (stronger)
 *  cmpxchg(&amp;pn-&gt;state, halted, running)              compareAndExchange (volatile)
 *  smp_mb__before_atomic + cmpxchg_relaxed (kick)    VarHandle.fullFence + compareAndExchange
 *  WRITE_ONCE(pn-&gt;state, ...)                        setOpaque
 *  pv_hash's cmpxchg, WRITE_ONCE(he-&gt;node)           compareAndExchange, setRelease (stronger)
 *  smp_rmb() in the unlock slowpath                  VarHandle.acquireFence
 * </pre>
 *
 * <h2>Variants</h2>
 * The three forms of {@code pv_wait_node} differ in its spin phase ({@link PvVariant}, which holds
 * them); {@code pv_wait_head_or_lock} is the merged kernel's in all three (with the wait-early
 * patch's {@code waithist} bookkeeping in {@code pv-wait-early}).
 *
 * <p>The thresholds are the kernel's by default; tests lower them ({@link #spinThreshold},
 * {@link #checkMask}) so that the halting paths are reached in a few steps. The short threshold of
 * {@code pv-wait-early} is at least 1 (the kernel's is 1024).
 */
public class Paravirt implements SlowpathHooks {
    /** {@code _Q_SLOW_VAL}: the locked byte of a lock whose holder must unhash and kick at unlock. */
    public static final int SLOW_VAL = 3 << QLockWord.LOCKED_OFFSET;
    /** {@code SPIN_THRESHOLD} (x86: {@code 1 << 15}). */
    public static final int SPIN_THRESHOLD = 1 << 15;
    /** {@code PV_PREV_CHECK_MASK} of the merged {@code pv_wait_early}. */
    public static final int PV_PREV_CHECK_MASK = 0xff;
    /** {@code QNODE_SPIN_CHECK_MASK} of the wait-early patch. */
    public static final int QNODE_SPIN_CHECK_MASK = 0xff;
    /** {@code PV_WAIT_INC}, {@code PV_WAITHIST_MIN}, {@code PV_WAITHIST_MAX}, {@code PV_WAITHIST_THRESHOLD}. */
    public static final int PV_WAIT_INC = 2;
    public static final int PV_WAITHIST_MIN = 1;
    public static final int PV_WAITHIST_MAX = 30;
    public static final int PV_WAITHIST_THRESHOLD = 15;
    /** How many CPUs one lock's PV node area holds. */
    public static final int MAX_CPUS = 256;

    /** {@code enum vcpu_state}. */
    public static final int VCPU_RUNNING = 0;
    public static final int VCPU_HALTED = 1;
    /** {@code vcpu_hashed} = pv_hash'ed + vcpu_halted. */
    public static final int VCPU_HASHED = 2;

    protected static final VarHandle STATE = VarHandles.field(MethodHandles.lookup(), PvNode.class, "state", int.class);

    /** What {@code pv_wait_node}'s spin phase ended with. */
    protected static final int SPIN_LOCKED = -1;
    protected static final int SPIN_DONE = 0;
    protected static final int SPIN_WAIT_EARLY = 1;

    private final PvVariant variant;
    /**
     * Every access of these hooks to the node states goes through here (see {@link Memory}): a
     * recorded run sees them one by one. The lock word is the lock's, accessed through its own
     * Memory ({@link QLockWord}, which the lock hands over at {@link #attach}); the hash table is one
     * step of the spec per operation (PvHashTable). {@code node->locked} is read with
     * {@link QNode#readLocked}, which the recorder does not see: every read of it is its step's only
     * access, or merged into {@code WaitNodeSpin} as the spec merges it.
     */
    protected final Memory mem = new Memory();
    private final PvNode[] pvNodes = new PvNode[MAX_CPUS * QSpinLock.MAX_NODES];
    private PvHashTable table = new PvHashTable();
    /** The word of the lock these hooks serve (one lock each; set by {@link #attach}). */
    private QLockWord word;
    private int spinThreshold = SPIN_THRESHOLD;
    private int checkMask = PV_PREV_CHECK_MASK;
    private int initialWaithist;
    /** The hypervisor's halt and kick for these hooks' vCPUs. */
    private final PvVcpus vcpus = new PvVcpus();
    /** The recording of these hooks' steps, or null when no trace is recorded. */
    private PvRecording rec;
    private final AtomicInteger corruptUnlocks = new AtomicInteger();

    /** Counters of PV's own steps ({@link HookCounter}): the manifest's {@code variantHooks} name them. */
    static final HookCounter WAIT_NODE_HALT = HookCounter.of("pv_wait_node:halt");
    static final HookCounter WAIT_EARLY = HookCounter.of("pv_wait_node:wait-early");
    static final HookCounter KICK_NODE_HASH = HookCounter.of("pv_kick_node:hash");
    static final HookCounter WAIT_HEAD_SLOW = HookCounter.of("pv_wait_head_or_lock:slow");
    static final HookCounter UNLOCK_SLOWPATH = HookCounter.of("__pv_queued_spin_unlock_slowpath");

    public Paravirt(PvVariant variant) {
        this.variant = variant;
    }

    public PvVariant variant() {
        return variant;
    }

    // ------------------------------------------------------------------ configuration (before use)

    /** {@code SPIN_THRESHOLD} for this lock (at least 1). */
    public Paravirt spinThreshold(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("spin threshold must be at least 1: " + n);
        }
        spinThreshold = n;
        return this;
    }

    public int spinThreshold() {
        return spinThreshold;
    }

    /** {@code PV_PREV_CHECK_MASK} / {@code QNODE_SPIN_CHECK_MASK} for this lock (0: check at every iteration). */
    public Paravirt checkMask(int m) {
        checkMask = m;
        return this;
    }

    int checkMask() {
        return checkMask;
    }

    /** The {@code waithist} every node starts with ({@code pv-wait-early}; the kernel's per-CPU data starts at 0). */
    public Paravirt initialWaithist(int w) {
        initialWaithist = w;
        for (PvNode pn : pvNodes) {
            if (pn != null) {
                pn.waithist = w;
            }
        }
        return this;
    }

    /** Bounds each park to {@code nanos} and counts lost wake-ups (litmus tests); 0: unbounded. */
    public Paravirt parkNanos(long nanos) {
        vcpus.parkNanos(nanos);
        return this;
    }

    /**
     * A halted vCPU runs again only when kicked (Lincheck model checking): {@code pv_wait} parks until
     * a kick for its thread arrives, and a kick that came before the halt is kept until the next one,
     * as KVM keeps it ({@code pv_unhalted}). Lincheck lets a park return spuriously, which would let a
     * waiter nobody kicks go on; in this mode it parks again, so a lost wake-up is a hang that
     * Lincheck reports. The kernel's protocol needs no spurious wake-up to make progress (PV.tla's
     * NoLostWakeup holds without one), so the correct lock passes here.
     */
    public Paravirt kickOnly(boolean on) {
        vcpus.kickOnly(on);
        return this;
    }

    /** Shares a hash table between locks, as the kernel's one table. */
    public Paravirt table(PvHashTable t) {
        table = t;
        return this;
    }

    public PvHashTable table() {
        return table;
    }

    // ------------------------------------------------------------------ observations (tests)

    /** Parks that timed out after the awaited event with no kick on its way. */
    public int lostWakeups() {
        return vcpus.lostWakeups();
    }

    /** Unlocks that found neither {@code _Q_LOCKED_VAL} nor {@code _Q_SLOW_VAL} (the kernel's WARN). */
    public int corruptUnlocks() {
        return corruptUnlocks.get();
    }

    /** How many times a vCPU actually halted ({@code pv_wait} with its condition true). */
    public int halts() {
        return vcpus.halts();
    }

    /** The PV node of {@code node}. */
    public final PvNode pv(QNode node) {
        return pvNodes[node.cpu().number() * QSpinLock.MAX_NODES + node.index()];
    }

    /** Creates the PV nodes of a new CPU (the lock's {@code newContext} calls this hook). */
    @Override
    public void newCpu(QCpu cpu) {
        if (cpu.number() >= MAX_CPUS) {
            throw new IllegalStateException("a PV lock has at most " + MAX_CPUS + " CPUs");
        }
        for (int i = 0; i < QSpinLock.MAX_NODES; i++) {
            PvNode pn = new PvNode(cpu.node(i));
            pn.waithist = initialWaithist;
            pvNodes[cpu.number() * QSpinLock.MAX_NODES + i] = pn;
        }
    }

    // ------------------------------------------------------------------ the hooks

    /** pv_init_node: {@code pn->cpu = smp_processor_id(); pn->state = vcpu_running;} */
    @Override
    public void initNode(QNode node) {
        PvNode pn = pv(node);
        pn.cpu = Thread.currentThread();
        mem.initOpaqueInt(STATE, pn, VCPU_RUNNING); // nobody reads the state before the node is published
    }

    /**
     * pv_wait_node(node, prev): spin on {@code node->locked} (the variant's spin phase), then halt
     * until kicked; repeat until {@code node->locked} is set. The halt is ordered against the kicker
     * by {@code smp_store_mb(pn->state, vcpu_halted)} followed by a re-read of {@code node->locked},
     * which pairs with the full barrier before {@code pv_kick_node}'s cmpxchg: either the kicker sees
     * {@code vcpu_halted} (and hashes us, so the unlock kicks us), or we see the hand-off.
     */
    @Override
    public void waitNode(QNode node, QNode prev) {
        PvNode pn = pv(node);
        PvNode pp = pv(prev);
        for (;;) {
            int spun = rec != null ? rec.spinNode(node, pp) : variant.spin(this, node, prev, pn, pp);
            if (spun == SPIN_LOCKED) {
                return;
            }
            if (spun == SPIN_WAIT_EARLY) {
                WAIT_EARLY.hit();
            }
            if (variant == PvVariant.WAIT_EARLY && pn.waithist < PV_WAITHIST_MAX) {
                // A pv_wait while !wait_early weighs more than one while wait_early.
                pn.waithist += spun == SPIN_WAIT_EARLY ? 1 : PV_WAIT_INC;
            }
            stateStep("WaitNodeHalt", pn, () -> storeHalted(pn));
            if (step("WaitNodeRecheck", () -> recheckUnlocked(node), halt -> "got=" + !halt)) {
                nodePvWait(node, pn);
            }
            // If pv_kick_node() changed us to vcpu_hashed, keep it: pv_wait_head_or_lock() then
            // knows not to hash the lock again. cmpxchg(&pn->state, vcpu_halted, vcpu_running)
            step("WaitNodeWake", () -> wakeCmpxchg(pn), x -> "nst=" + PvRecording.stateName(pn.state()));
        }
    }

    /**
     * pv_wait(&amp;pn-&gt;state, vcpu_halted) after the re-check found {@code node->locked} clear: halt
     * while the state is still {@code vcpu_halted}. Recorded: the hypervisor's test is the step
     * WaitNodePvWait, and a halt parks until kicked ({@link PvRecording#pvWait}).
     */
    private void nodePvWait(QNode node, PvNode pn) {
        if (rec == null) {
            WAIT_NODE_HALT.hit();
            pvWait(() -> mem.getVolatileInt(STATE, pn) == VCPU_HALTED,
                    () -> mem.getVolatileInt(STATE, pn) == VCPU_HALTED && node.readLocked() != 0);
            return;
        }
        rec.pvWait("WaitNodePvWait", false, () -> mem.getVolatileInt(STATE, pn) == VCPU_HALTED, WAIT_NODE_HALT::hit);
    }

    /** pv_wait_early(prev, loop). */
    protected boolean pvWaitEarly(PvNode pp, int loop) {
        if ((loop & checkMask) != 0) {
            return false;
        }
        return mem.getAcquireInt(STATE, pp) != VCPU_RUNNING;
    }

    /**
     * {@code smp_store_mb(pn->state, vcpu_halted)} then {@code !READ_ONCE(node->locked)}: true when
     * the node must halt (it has not been handed the lock).
     */
    protected final boolean haltAndRecheck(QNode node, PvNode pn) {
        storeHalted(pn);
        return recheckUnlocked(node);
    }

    /** {@code smp_store_mb(pn->state, vcpu_halted)}: {@code WRITE_ONCE}, then {@code smp_mb()}. */
    protected void storeHalted(PvNode pn) {
        mem.setOpaqueInt(STATE, pn, VCPU_HALTED);
        VarHandle.fullFence(); // the smp_mb() of smp_store_mb
    }

    /**
     * {@code cmpxchg(&pn->state, vcpu_halted, vcpu_running)} after a wait: back to running, unless
     * {@code pv_kick_node()} made the node {@code vcpu_hashed} (kept, so that
     * {@code pv_wait_head_or_lock()} knows not to hash the lock again).
     */
    protected int wakeCmpxchg(PvNode pn) {
        return mem.compareAndExchangeInt(STATE, pn, VCPU_HALTED, VCPU_RUNNING);
    }

    /** {@code !READ_ONCE(node->locked)} after the halted store: true when the node has not been handed the lock. */
    protected boolean recheckUnlocked(QNode node) {
        return node.readLocked() == 0;
    }

    /**
     * pv_kick_node(lock, node), after the MCS hand-off to {@code node}: if its vCPU is halted, move
     * it to hashed, set {@code _Q_SLOW_VAL} and hash the lock to it, so that the unlock kicks it; if
     * it is running, it will see its {@code locked} by itself. The kick itself is deferred to
     * {@code __pv_queued_spin_unlock}.
     */
    @Override
    public void kickNode(QSpinLock lock, QNode node) {
        pvKickNode(lock, node);
    }

    /**
     * {@link #kickNode}, returning whether it hashed the lock to {@code node}. Three steps of the
     * split form: KickCmpxchg, KickSlowVal, KickHash.
     */
    public boolean pvKickNode(QSpinLock lock, QNode node) {
        PvNode pn = pv(node);
        if (!step("KickCmpxchg", () -> kickCmpxchg(pn), ok -> "to=" + rec.traceNode(pn) + " ok=" + ok)) {
            return false;
        }
        KICK_NODE_HASH.hit();
        // Put the lock into the hash table and set _Q_SLOW_VAL. The same vCPU checks both at unlock,
        // so no atomic instruction is needed in the kernel.
        wordStep("KickSlowVal", () -> writeLocked(word, SLOW_VAL)); // WRITE_ONCE(lock->locked, _Q_SLOW_VAL)
        step("KickHash", () -> table.hash(lock, pn), x -> ""); // (void)pv_hash(lock, pn)
        return true;
    }

    /**
     * {@code smp_mb__before_atomic(); cmpxchg_relaxed(&pn->state, vcpu_halted, vcpu_hashed)}: true
     * when it was halted. The barrier orders the hand-off's store to {@code next->locked} before the
     * read of the state whether or not the cmpxchg succeeds: the other half of the store-buffering
     * pair with {@link #haltAndRecheck}.
     */
    protected boolean kickCmpxchg(PvNode pn) {
        VarHandle.fullFence(); // smp_mb__before_atomic()
        return mem.compareAndExchangeInt(STATE, pn, VCPU_HALTED, VCPU_HASHED) == VCPU_HALTED;
    }

    /**
     * pv_wait_head_or_lock(lock, node): at the queue head, spin with pending set (no lock stealing)
     * for {@code SPIN_THRESHOLD} trylocks; then hash the lock to this node (once, and not at all
     * if {@code pv_kick_node} already did), mark the lock {@code _Q_SLOW_VAL} and halt until the
     * unlock kicks. Returns the lock word with the lock taken.
     */
    @Override
    public int waitHeadOrLock(QSpinLock lock, QNode node) {
        PvNode pn = pv(node);
        // If pv_kick_node() already advanced our state, we need not hash the lock ourselves.
        boolean hashed = step("WaitHeadEntry", () -> hashedByKicker(pn), lp -> "lp=" + lp);
        if (variant == PvVariant.WAIT_EARLY && pn.waithist > PV_WAITHIST_MIN) {
            pn.waithist--; // pre-decrement the waithist field
        }
        for (;;) {
            // WRITE_ONCE(pn->state, vcpu_running), for wait-early
            stateStep("WaitHeadRunning", pn, () -> storeRunning(pn));
            wordStep("WaitHeadSetPending", () -> setPending(word)); // disable lock stealing while the head spins
            for (int loop = spinThreshold; loop > 0; loop--) {
                if (trylockClearPending()) {
                    return wordStep("WaitHeadGotLock", () -> gotlock(word), x -> "");
                }
                Thread.onSpinWait();
            }
            wordStep("WaitHeadClearPending", () -> clearPending(word));
            WAIT_HEAD_SLOW.hit();
            if (!hashed) { // once
                hashed = true;
                int entry = step("WaitHeadHash", () -> table.hash(lock, pn), x -> ""); // lp = pv_hash(lock, pn)
                // Hash before setting _Q_SLOW_VAL, so that an unlock that sees _Q_SLOW_VAL finds the entry.
                if (wordStep("WaitHeadXchg", () -> xchgLocked(word, SLOW_VAL), x -> "") == 0) {
                    // The lock was free and now we own it: back to _Q_LOCKED_VAL, unhash.
                    wordStep("WaitHeadSlowLocked", () -> writeLocked(word, QLockWord.LOCKED_VAL));
                    step("WaitHeadSlowUnhash", () -> table.clear(entry)); // WRITE_ONCE(*lp, NULL)
                    return wordStep("WaitHeadGotLock", () -> gotlock(word), x -> "");
                }
            }
            // WRITE_ONCE(pn->state, vcpu_hashed)
            stateStep("WaitHeadStoreState", pn, () -> storeHashed(pn));
            if (variant == PvVariant.WAIT_EARLY && pn.waithist < PV_WAITHIST_MAX) {
                pn.waithist += PV_WAIT_INC;
            }
            headPvWait(lock);
        }
    }

    /**
     * pv_wait(&amp;lock-&gt;locked, _Q_SLOW_VAL); lock stealing may make the head wait again. Recorded:
     * the hypervisor's test is the step WaitHeadPvWait, and a halt parks until kicked.
     */
    private void headPvWait(QSpinLock lock) {
        if (rec == null) {
            pvWait(() -> (word.opaque() & QLockWord.LOCKED_MASK) == SLOW_VAL,
                    () -> (word.opaque() & QLockWord.LOCKED_MASK) != SLOW_VAL);
            return;
        }
        if (!rec.pvWait("WaitHeadPvWait", true, () -> (word.opaque() & QLockWord.LOCKED_MASK) == SLOW_VAL, () -> {
        })) {
            // The lock is held without _Q_SLOW_VAL (a stealer's): pv_wait returns at once and the
            // head goes round again. Step aside for a moment so that the holder gets the CPU and the
            // recorder's lock (which this loop would otherwise keep taking first): without the
            // pause the correct port now and then stalled on the run's event budget in this loop.
            LockSupport.parkNanos(this, 100_000L);
        }
    }

    /** {@code READ_ONCE(pn->state) == vcpu_hashed} at the start of pv_wait_head_or_lock. */
    protected boolean hashedByKicker(PvNode pn) {
        return mem.getOpaqueInt(STATE, pn) == VCPU_HASHED;
    }

    /** pv_wait_head_or_lock's {@code WRITE_ONCE(pn->state, vcpu_running)} at the top of its loop. */
    private void storeRunning(PvNode pn) {
        mem.setOpaqueInt(STATE, pn, VCPU_RUNNING);
    }

    /** pv_wait_head_or_lock's {@code WRITE_ONCE(pn->state, vcpu_hashed)} before it waits. */
    private void storeHashed(PvNode pn) {
        mem.setOpaqueInt(STATE, pn, VCPU_HASHED);
    }

    /** gotlock: {@code atomic_read(&lock->val) | _Q_LOCKED_VAL}. */
    private static int gotlock(QLockWord word) {
        return word.opaque() | QLockWord.LOCKED_VAL;
    }

    /**
     * __pv_queued_spin_unlock: {@code cmpxchg_release(&lock->locked, _Q_LOCKED_VAL, 0)} (the step
     * UnlockCmpxchg); when the locked byte was not {@code _Q_LOCKED_VAL}, the slowpath.
     */
    @Override
    public void unlock(QSpinLock lock) {
        int locked = wordStep("UnlockCmpxchg", () -> unlockCmpxchg(word), x -> "");
        if (locked != QLockWord.LOCKED_VAL) {
            unlockSlowpath(lock, locked);
        }
    }

    /**
     * {@code cmpxchg_release(&lock->locked, _Q_LOCKED_VAL, 0)}, a loop on the whole word: the locked
     * bits it found ({@code _Q_LOCKED_VAL}: it released the lock).
     */
    private static int unlockCmpxchg(QLockWord word) {
        int val = word.opaque();
        for (;;) {
            int locked = val & QLockWord.LOCKED_MASK;
            if (locked != QLockWord.LOCKED_VAL) {
                return locked;
            }
            int witness = word.cmpxchgRelease(val, val & ~QLockWord.LOCKED_MASK);
            if (witness == val) {
                return locked;
            }
            val = witness;
        }
    }

    /**
     * __pv_queued_spin_unlock_slowpath(lock, locked): with {@code _Q_SLOW_VAL}, unhash the halted
     * head, release the lock ({@code smp_store_release(&lock->locked, 0)}) and {@code pv_kick} it:
     * the steps UnlockUnhash, UnlockRelease, UnlockKick. Returns the node kicked, or null.
     */
    protected PvNode unlockSlowpath(QSpinLock lock, int locked) {
        if (locked != SLOW_VAL) {
            corruptUnlocks.incrementAndGet(); // the kernel's WARN: "lock has corrupted value"
            return null;
        }
        VarHandle.acquireFence(); // smp_rmb(): the hash entry was written before _Q_SLOW_VAL
        PvNode node = step("UnlockUnhash", () -> table.unhash(lock), n -> "node=" + rec.traceNode(n));
        wordStep("UnlockRelease", () -> writeLockedRelease(word, 0));
        UNLOCK_SLOWPATH.hit();
        if (node != null) {
            step("UnlockKick", () -> {
                pvKick(node);
                return null;
            }, x -> "to=" + rec.traceNode(node));
        }
        return node;
    }

    /**
     * pv_hybrid_queued_unfair_trylock (the slowpath's {@code queued_spin_trylock} under PV): take
     * the lock whenever locked and pending are clear, even past a queue; keep trying while a queue
     * exists and its head is not spinning (pending clear).
     */
    @Override
    public boolean slowpathTrylock(QSpinLock lock) {
        return unfairTrylock(lock);
    }

    /** Keeps the word of the one lock this hook set serves. */
    @Override
    public void attach(QLockWord lockWord) {
        if (word != null) {
            throw new IllegalStateException("a Paravirt hook set serves one lock; this one already has its lock");
        }
        word = lockWord;
    }

    /** The served lock's word (the recording's reads). */
    QLockWord word() {
        return word;
    }

    /** {@code pv_enabled()}: the PV slowpath has no pending path ({@code goto pv_queue}). */
    @Override
    public boolean pvEnabled() {
        return true;
    }

    public boolean unfairTrylock(QSpinLock lock) {
        for (long i = 0;; i++) {
            int val = word.opaque();
            if (stealable(val) && cmpxchgLockedAcquire(word)) {
                return true;
            }
            if (queueNow(val)) {
                return false;
            }
            if (!lock.spinPolicy().keepSpinning(i)) { // cpu_relax(); a bounded policy may give up
                return false;
            }
        }
    }

    // ------------------------------------------------------------------ recorded runs

    /** Turns recording on for {@code lock}'s hooks ({@code null}: off); {@code pv-wait-early} is not mapped. */
    void traceTo(PvQSpinLock lock, TraceRecorder r) {
        if (r != null && variant == PvVariant.WAIT_EARLY) {
            throw new UnsupportedOperationException(variant.id()
                    + ": its steps are not recorded (the adaptive spin's waithist is not mapped; see docs/pv-java.md)");
        }
        rec = r == null ? null : new PvRecording(this, lock, r);
        mem.recordTo(r);
        if (r != null) {
            vcpus.keepKicks();
        }
    }

    /**
     * One step of PVSteps.tla that leaves the lock word alone, named {@code action}: in a recorded
     * run an event with what {@code fields} makes of the result; otherwise {@code body} alone.
     */
    protected final <T> T step(String action, Supplier<T> body, Function<T, String> fields) {
        PvRecording r = rec;
        return r == null ? body.get() : r.step(action, body, fields);
    }

    /** {@link #step} for a step with no result and no field. */
    protected final void step(String action, Runnable body) {
        PvRecording r = rec;
        if (r == null) {
            body.run();
        } else {
            r.step(action, body);
        }
    }

    /** {@link #step} for a step that may touch the lock word: its event carries the word found and left. */
    protected final <T> T wordStep(String action, Supplier<T> body, Function<T, String> fields) {
        PvRecording r = rec;
        return r == null ? body.get() : r.wordStep(action, body, fields);
    }

    /** {@link #wordStep} for a step with no result. */
    protected final void wordStep(String action, Runnable body) {
        wordStep(action, () -> {
            body.run();
            return null;
        }, x -> "");
    }

    /** A store to {@code pn}'s state as one step whose event reports the state it left (st). */
    private void stateStep(String action, PvNode pn, Runnable store) {
        step(action, () -> {
            store.run();
            return null;
        }, x -> "st=" + PvRecording.stateName(pn.state()));
    }

    /** The unfair trylock of a recorded run, one attempt at a time ({@link PvRecording#unfairTrylock}). */
    boolean unfairTrylockRecorded(QNode node) {
        return rec.unfairTrylock(node);
    }

    // ------------------------------------------------------------------ pv_wait, pv_kick

    /** pv_wait ({@link PvVcpus#pvWait}). */
    protected void pvWait(BooleanSupplier waitWhile, BooleanSupplier lostIfTimedOut) {
        vcpus.pvWait(waitWhile, lostIfTimedOut, this);
    }

    /** The hypervisor of these hooks (the recording's halts and kicks). */
    PvVcpus vcpus() {
        return vcpus;
    }

    /** pv_kick(node->cpu). */
    protected void pvKick(PvNode node) {
        vcpus.pend(node.cpu);
        PvRecording r = rec;
        if (r != null) {
            r.kicked(node.cpu);
        }
        LockSupport.unpark(node.cpu);
    }

    // ------------------------------------------------------------------ the lock word (whole-word forms)

    /**
     * trylock_clear_pending: *,1,0 -&gt; *,0,1 unless the lock is held:
     * {@code atomic_read}, then {@code atomic_cmpxchg_acquire} in a loop (the steps
     * TrylockClearPendingRead and one TrylockClearPendingCas per cmpxchg). The kernel's
     * {@code lock} argument is the lock these hooks serve, whose word they hold ({@link #attach}).
     */
    protected boolean trylockClearPending() {
        int val = trylockClearPendingRead();
        for (;;) {
            if ((val & QLockWord.LOCKED_MASK) != 0) {
                return false;
            }
            int witness = trylockClearPendingCas(val);
            if (witness == val) {
                return true;
            }
            val = witness;
        }
    }

    /** trylock_clear_pending's {@code atomic_read(&lock->val)}: the step TrylockClearPendingRead. */
    protected final int trylockClearPendingRead() {
        return wordStep("TrylockClearPendingRead", word::opaque, x -> "");
    }

    /**
     * trylock_clear_pending's {@code atomic_cmpxchg_acquire(&lock->val, old, (old & ~_Q_PENDING_MASK)
     * | _Q_LOCKED_VAL)}: the step TrylockClearPendingCas; returns the value found.
     */
    protected final int trylockClearPendingCas(int old) {
        return wordStep("TrylockClearPendingCas",
                () -> word.cmpxchgAcquire(old, (old & ~QLockWord.PENDING_MASK) | QLockWord.LOCKED_VAL),
                w -> "ok=" + (w == old));
    }
}
