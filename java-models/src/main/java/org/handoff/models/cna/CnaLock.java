package org.handoff.models.cna;

import static org.handoff.models.qspinlock.QLockWord.LOCKED_VAL;
import static org.handoff.models.qspinlock.QLockWord.TAIL_MASK;
import static org.handoff.models.qspinlock.QLockWord.encodeTail;

import org.handoff.models.HookCounter;
import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;
import org.handoff.models.qspinlock.DoorwayObserver;
import org.handoff.models.qspinlock.QCpu;
import org.handoff.models.qspinlock.QLockWord;
import org.handoff.models.qspinlock.QMachine;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.QSpinLock;
import org.handoff.models.qspinlock.QSpinLockRecording;
import org.handoff.models.qspinlock.SlowpathHooks;

/**
 * CNA, the compact NUMA-aware lock, as the first CNA series for Linux (v1, Alex Kogan, January 2019)
 * put it into the qspinlock slowpath: patch 2/3 ({@code find_successor}, the secondary queue) is
 * this class ({@code cna-v1}); patch 3/3 (the local search only with high probability) is
 * {@link CnaProb} ({@code cna-prob}); the deterministic alternative that patch's text describes (a
 * count of hand-offs within a node, the secondary queue flushed at a threshold) is
 * {@link CnaThreshold} ({@code cna-threshold}). Spec: {@code specs/cna/CNA.tla}.
 *
 * <p>It is not a copy of the slowpath but a hook set over {@link QSpinLock}, as CNA became upstream
 * from its v5 on: each CNA step is a protected method named after the kernel function it models,
 * called from one of the {@link SlowpathHooks}:
 * <pre>
 *  hook (SlowpathHooks)   kernel (v1 / upstream name)                   here
 *  initNode                 node init in the slowpath / cna_init_node    cnaInitNode
 *  waitHeadOrLock           v1's "node-&gt;locked = 1" for a queue head
 *                           that found no predecessor                     cnaHeadOfEmptyQueue (returns 0: native wait)
 *  tryClearTail             the head's tail-clearing cmpxchg /
 *                           cna_try_clear_tail                           cnaTryClearTail
 *  passLock                 the hand-off block / cna_pass_lock            cnaPassLock, findSuccessor
 * </pre>
 *
 * <h2>The two queues</h2>
 * Waiters on the holder's NUMA node stay in the main queue (the MCS queue of qspinlock, whose tail
 * is in the lock word); waiters the holder skips to reach one on its own node go to the end of the
 * secondary queue. The secondary queue lives in the current MCS head: its {@code locked} field
 * holds the secondary queue's first node instead of 1, and that first node's {@code tail} field (a
 * CNA field, see {@link #cna}) its last node. The holder passes the secondary queue on with the MCS
 * hand-off itself: {@code arch_mcs_spin_unlock_contended(&succ->locked, node->locked)}.
 *
 * <p>{@code locked} is a pointer ({@code uintptr_t}) in the kernel; a Java {@code int} cannot hold a
 * reference, so here the secondary head is stored as its encoded tail ({@code encode_tail(cpu,
 * idx)}, which v1 keeps in each node as {@code encoded_tail}): never 0 or 1 (the CPU field is the
 * CPU number plus one, shifted past the locked, pending and index bits), so "{@code locked > 1}"
 * still means "a secondary queue", and the hand-off stays one release store of one {@code int}.
 *
 * <h2>Orderings</h2>
 * <pre>
 *  kernel                                              here                      why
 *  READ_ONCE(cur-&gt;next) in find_successor              getAcquire               stronger, as readNext
 *  me-&gt;locked = head_other (own node, plain)           setOpaque                same (own field)
 *  tail_other-&gt;next = NULL (plain)                     setOpaque                same; see moveToSecondary
 *  succ-&gt;tail-&gt;next = next (plain; splice)             setRelease               stronger, as linkPrev
 *  atomic_try_cmpxchg_relaxed(.., encoded_tail + L)     compareAndExchange       stronger, as claimAsLast
 *  arch_mcs_spin_unlock_contended(&amp;succ-&gt;locked, v)    setRelease               same
 *  socket/numa node, tail, count fields (plain)        plain                    published by the release above
 * </pre>
 * The CNA fields of a node are written only by the node's owner before its node is published (the
 * volatile compare-and-exchange in xchg_tail) or by an MCS head before its release hand-off, and read
 * after the matching acquire, so plain accesses are race-free here as they are in the kernel.
 *
 * <h2>Ported as NR_CPUS &gt;= 16K</h2>
 * As {@link QSpinLock}: the whole-word layout, because Java has no byte or half-word atomics. The
 * CNA steps touch the lock word only in {@code cnaTryClearTail}, with the whole-word
 * compare-and-exchange the kernel uses in every layout.
 *
 * <h2>Deviations from v1, each harmless for what is checked</h2>
 * <ul>
 * <li>v1 records the node's socket in the node only when it has a predecessor (else -1, and
 *     {@code find_successor} falls back to {@code numa_cpu_node}); here it is recorded at node
 *     initialisation always, as upstream did later. Both give every node its CPU's node.
 * <li>v1 stores {@code node->locked = 1} in the branch for a node that found no predecessor; here
 *     the same store happens when that node reaches the head ({@code pv_wait_head_or_lock}'s slot,
 *     which upstream CNA also took over), which is the first moment it matters.
 * </ul>
 *
 * <h2>Traces</h2>
 * Recorded per shared access, as {@link QSpinLock} records the native steps (see there), against
 * {@code specs/cna/CNASteps.tla}, the form of CNA with one step per shared access (trace map
 * {@code specs/cna/trace/CNAStepsTrace.tla}). Every access of the CNA steps to the lock word and to the
 * queue nodes goes through the lock's {@link org.handoff.models.trace.Memory}, and each CNA step is
 * one event named after its CNASteps action, emitted by the step's own code ({@link #cnaStep}), so a
 * patch that reorders or splits the steps is recorded in its own order:
 * <ul>
 * <li>{@code Queue} carries the NUMA node the node's initialisation recorded ({@code numa}), which
 *     the map holds to the spec's {@code Socket(cpu)}: the topology is not set per run but follows
 *     from the CPU number (recorded runs number CPUs as the spec numbers its threads).
 * <li>{@code XchgTailLocked}: {@code node->locked = 1} of a node that found no predecessor. v1
 *     stores it right after {@code xchg_tail}; the port stores it when the node is at the head
 *     ({@code cnaHeadOfEmptyQueue}), before its wait for the lock word, and CNASteps takes it
 *     between the two as well.
 * <li>{@code cna_try_clear_tail}: {@code TryClearTailCas} (the cmpxchg; {@code ok}), then with a
 *     secondary queue {@code TryClearTailPass} (the hand-off to its first node: {@code to},
 *     {@code val}).
 * <li>{@code cna_pass_lock}: {@code PassStart} (the policy's choice, {@code search}), then
 *     {@code find_successor}'s reads one node at a time ({@code WalkRead}: {@code from}, the node
 *     read, and {@code next}, what its next held), the move of a run to the secondary queue
 *     ({@code MoveLink}: {@code head}, the run's first node, and {@code append}, the secondary
 *     queue's old last node when there was one; {@code MoveCut}: {@code cut}, the run's last node;
 *     {@code MoveTail}: {@code sectail}), the splice ({@code FlushSplice}: {@code splice}, the node
 *     linked to {@code next}), and one of the three hand-offs ({@code PassGive}, {@code FlushGive},
 *     {@code PassGiveNext}: {@code to}, {@code val}, the receiver's count {@code intra}, and the
 *     secondary queue's last node {@code sectail} when one is passed).
 * </ul>
 * The holder's reads of its own {@code locked} and of the secondary queue's {@code tail} field are
 * made outside the steps: only the holder writes them (CNASteps keeps them in the step that uses
 * them, for the same reason).
 */
@Variant("cna-v1")
public class CnaLock extends QSpinLock {

    /** {@code INTRA_SOCKET_HANDOFF_PROB_ARG} of patch 3/3: the local search is skipped with probability 1/0x10000. */
    public static final int INTRA_SOCKET_HANDOFF_PROB_ARG = 0x10000;
    /**
     * The default threshold of {@link CnaThreshold}: as many hand-offs within a node as {@link CnaProb}
     * makes on average before it skips the local search once.
     */
    public static final int DEFAULT_THRESHOLD = INTRA_SOCKET_HANDOFF_PROB_ARG;
    /** How many CPUs one CNA lock can have (its per-node CNA fields are allocated up front). */
    public static final int MAX_CPUS = 256;
    /** The default RNG seed of {@link CnaProb}. */
    public static final long DEFAULT_SEED = 0x5eedL;

    /**
     * The CNA fields of one queue node: the kernel's additions to {@code struct mcs_spinlock} in v1
     * ({@code socket_and_count}, {@code tail}; {@code encoded_tail} is computed) and the count of
     * {@link CnaThreshold}.
     */
    static final class CnaNode {
        /** {@code decode_socket(node->socket_and_count)}: the NUMA node of the node's CPU. */
        int numaNode;
        /** {@code node->tail}: in the first node of a secondary queue, its last node. */
        QNode tail;
        /** {@link CnaThreshold}: the hand-offs within a node that led to this node's holding the lock. */
        int intraCount;
    }

    /**
     * The CNA hooks of one lock: each hook calls the lock's step of the same name. The hooks CNA
     * does not use ({@code pv_wait_node}, {@code pv_kick_node}, {@code pv_enabled()}, the slowpath's
     * trylock, the unlock, a new CPU's nodes) go to {@code extra} (tests, or the PV hooks of
     * {@code cna-pv}); {@code pv_init_node} and {@code pv_wait_head_or_lock} of
     * {@code extra} run after CNA's own step in the same slot. With {@link SlowpathHooks#NATIVE} as
     * {@code extra} (the default) those calls do nothing and return 0.
     */
    private static final class CnaHooks implements SlowpathHooks {
        private final SlowpathHooks extra;
        private CnaLock lock;

        CnaHooks(SlowpathHooks extra) {
            this.extra = extra;
        }

        @Override
        public void initNode(QNode node) {
            lock.cnaInitNode(node);
            extra.initNode(node);
        }

        @Override
        public void waitNode(QNode node, QNode prev) {
            extra.waitNode(node, prev);
        }

        @Override
        public void kickNode(QSpinLock l, QNode next) {
            extra.kickNode(l, next);
        }

        @Override
        public int waitHeadOrLock(QSpinLock l, QNode node) {
            lock.cnaHeadOfEmptyQueue(node);
            return extra.waitHeadOrLock(l, node);
        }

        @Override
        public void newCpu(QCpu cpu) {
            extra.newCpu(cpu);
        }

        @Override
        public void attach(QLockWord word) {
            extra.attach(word);
        }

        @Override
        public boolean pvEnabled() {
            return extra.pvEnabled();
        }

        @Override
        public boolean slowpathTrylock(QSpinLock l) {
            return extra.slowpathTrylock(l);
        }

        @Override
        public void unlock(QSpinLock l) {
            extra.unlock(l);
        }

        @Override
        public boolean tryClearTail(QSpinLock l, int val, int tail, QNode node) {
            return lock.cnaTryClearTail(val, tail, node);
        }

        @Override
        public void passLock(QSpinLock l, QNode node, QNode next) {
            lock.cnaPassLock(node, next);
        }
    }

    private final CnaNode[] cnaNodes = new CnaNode[MAX_CPUS * MAX_NODES];
    /** Per-CPU xorshift state ({@code DEFINE_PER_CPU(u32, seed)}), written only by that CPU's thread. */
    private final int[] rngState = new int[MAX_CPUS];
    private Topology topology = Topology.DEFAULT;
    private long seed = DEFAULT_SEED;
    public CnaLock() {
        this(SpinPolicy.FOREVER);
    }

    public CnaLock(SpinPolicy spin) {
        this(spin, SlowpathHooks.NATIVE);
    }

    /**
     * A lock whose {@code pv_wait_node} and {@code pv_kick_node} (unused by CNA) are those of
     * {@code extra}: the injection points of a test, or the PV hooks ({@code pv_init_node} and
     * {@code pv_wait_head_or_lock} of {@code extra} also run, after CNA's steps in those slots).
     */
    public CnaLock(SpinPolicy spin, SlowpathHooks extra) {
        this(spin, extra, null);
    }

    /** A lock whose doorway steps run through {@code doorways} (fairness measurements; see {@link QSpinLock}). */
    protected CnaLock(SpinPolicy spin, DoorwayObserver doorways) {
        this(spin, SlowpathHooks.NATIVE, doorways);
    }

    /** {@link #CnaLock(SpinPolicy, SlowpathHooks)} with an observer of the doorway steps (null for none). */
    protected CnaLock(SpinPolicy spin, SlowpathHooks extra, DoorwayObserver doorways) {
        super(spin, new CnaHooks(extra), new QMachine(), doorways);
        ((CnaHooks) hooks).lock = this;
    }

    /** CNA's claim and hand-off are several CNASteps actions each, recorded by the steps below. */
    @Override
    protected boolean hooksRecordHandoff() {
        return true;
    }

    @Override
    public String family() {
        return "cna";
    }

    /**
     * Sets the virtual NUMA topology; call before any acquisition. The node of a CPU is read when it
     * initialises its queue node, as the kernel calls {@code numa_cpu_node} in the slowpath.
     */
    public CnaLock topology(Topology t) {
        this.topology = t;
        return this;
    }

    public Topology topology() {
        return topology;
    }

    /**
     * Sets the seed of the per-CPU random number generators ({@link CnaProb}); call before any
     * acquisition. CPU {@code c} starts from a non-zero state derived from the seed and {@code c}.
     */
    public CnaLock seed(long s) {
        this.seed = s;
        java.util.Arrays.fill(rngState, 0);
        return this;
    }

    public long seed() {
        return seed;
    }

    /** A new CPU, with its CNA node fields. */
    @Override
    public QCpu newContext() {
        QCpu cpu = super.newContext();
        if (cpu.number() >= MAX_CPUS) {
            throw new IllegalStateException("a CNA lock has at most " + MAX_CPUS + " CPUs");
        }
        for (int i = 0; i < MAX_NODES; i++) {
            cnaNodes[cpu.number() * MAX_NODES + i] = new CnaNode();
        }
        return cpu;
    }

    /** The CNA fields of {@code node}. */
    final CnaNode cna(QNode node) {
        return cnaNodes[node.cpu().number() * MAX_NODES + node.index()];
    }

    /** The virtual NUMA node recorded in {@code node} (tests and the fairness harness). */
    public final int numaNodeOf(QNode node) {
        return cna(node).numaNode;
    }

    /**
     * {@code node->intra_count}: the local hand-offs in a row that the lock has made up to
     * {@code node} (0 after a remote hand-off or a flush), which a fairness policy reads
     * ({@link #searchLocal}); the hand-off sets it ({@link #countLocalHandoff}).
     */
    protected final int intraCount(QNode node) {
        return cna(node).intraCount;
    }

    /** Sets {@code node->intra_count} (a variant's own count policy, see {@link #countLocalHandoff}). */
    protected final void intraCount(QNode node, int count) {
        cna(node).intraCount = count;
    }

    /** {@code node->encoded_tail}: the tail that names {@code node}. */
    protected static int encodedTail(QNode node) {
        return encodeTail(node.cpu().number(), node.index());
    }

    // ------------------------------------------------------------------ the CNA steps

    /**
     * QNode initialisation's CNA part ({@code set_socket}, {@code node->encoded_tail = tail}; upstream
     * {@code cna_init_node}): record the CPU's NUMA node and start with no secondary queue and no
     * count. Runs before the node is published.
     */
    protected void cnaInitNode(QNode node) {
        CnaNode c = cna(node);
        c.numaNode = topology.nodeOf(node.cpu().number());
        c.tail = null;
        c.intraCount = 0;
    }

    /**
     * v1's {@code node->locked = 1} for a node that found the queue empty ("must pass a non-zero value
     * to successor when we unlock"): a node with a predecessor was handed a non-zero value, this one
     * was not, and {@code locked} is what its own hand-off passes on.
     */
    protected void cnaHeadOfEmptyQueue(QNode node) {
        if (mem.getOpaqueInt(NODE_LOCKED, node) == 0) {
            cnaStep("XchgTailLocked", () -> mem.setOpaqueInt(NODE_LOCKED, node, 1), null);
        }
    }

    /**
     * The queue head's uncontended claim with CNA ({@code cna_try_clear_tail}). Tried, as natively,
     * only when the tail is still the head's own. With no secondary queue it is the native claim;
     * with one, the head takes the lock and makes the secondary queue the main queue in one
     * cmpxchg, n,0,0 -> s,0,1 where s is the secondary queue's last node
     * ({@code succ->tail->encoded_tail + _Q_LOCKED_VAL}), then hands the MCS lock to its first node.
     * v1 tests {@code node->locked == 1}; {@code <= 1} is the same here, where locked is 1 or a
     * secondary queue at this point.
     */
    protected boolean cnaTryClearTail(int val, int tail, QNode node) {
        TRY_CLEAR_TAIL.hit();
        if ((val & TAIL_MASK) != tail) {
            return false;
        }
        int secondary = secondaryOf(node);
        if (secondary <= 1) {
            return clearTailCmpxchg(val, LOCKED_VAL);
        }
        QNode succ = decodeTail(secondary);
        if (!clearTailCmpxchg(val, secondaryAsMainQueue(succ))) {
            return false;
        }
        TRY_CLEAR_TAIL_SECONDARY.hit();
        passToSecondaryHead("TryClearTailPass", succ, 0);
        return true;
    }

    /**
     * {@code node->locked} read by its own CPU, the queue head: 1 for an empty secondary queue, else
     * the secondary queue's first node (encoded as a tail).
     */
    protected final int secondaryOf(QNode node) {
        return mem.getOpaqueInt(NODE_LOCKED, node);
    }

    /**
     * {@code atomic_try_cmpxchg_relaxed(&lock->val, &val, word)} of {@code cna_try_clear_tail}:
     * whether the lock word was still {@code val} and is now {@code word} (CNASteps'
     * {@code TryClearTailCas}).
     */
    protected boolean clearTailCmpxchg(int val, int word) {
        return cnaStep("TryClearTailCas", () -> mem.compareAndExchangeInt(VAL, this, val, word) == val,
                ok -> "ok=" + ok);
    }

    /** Counters of CNA's own steps ({@link HookCounter}): the manifest's {@code variantHooks} name them. */
    static final HookCounter TRY_CLEAR_TAIL = HookCounter.of("cna_try_clear_tail");
    static final HookCounter TRY_CLEAR_TAIL_SECONDARY = HookCounter.of("cna_try_clear_tail:secondary");
    static final HookCounter PASS_LOCK = HookCounter.of("cna_pass_lock");
    static final HookCounter PASS_LOCK_NO_SEARCH = HookCounter.of("cna_pass_lock:no-search");
    static final HookCounter PASS_LOCK_SPLICE = HookCounter.of("cna_pass_lock:splice");
    static final HookCounter MOVE = HookCounter.of("find_successor:move");
    /** A move of a run of two or more waiters at once (find_successor's scan went past a remote one). */
    static final HookCounter MOVE_RUN = HookCounter.of("find_successor:run");
    /** A move onto a secondary queue that already held waiters: it then holds at least two. */
    static final HookCounter MOVE_APPEND = HookCounter.of("find_successor:append");

    /**
     * The word that makes the secondary queue starting at {@code succ} the main queue, with the lock
     * taken: {@code succ->tail->encoded_tail + _Q_LOCKED_VAL}.
     */
    protected int secondaryAsMainQueue(QNode succ) {
        return encodedTail(cna(succ).tail) + LOCKED_VAL;
    }

    /**
     * The hand-off with CNA ({@code cna_pass_lock}): to a waiter on the holder's node if the search
     * is made and finds one, with the secondary queue; else to the first node of the secondary
     * queue, with the secondary queue spliced back ahead of {@code next}; else to {@code next}.
     */
    protected void cnaPassLock(QNode node, QNode next) {
        PASS_LOCK.hit();
        boolean search = searchLocal(node);
        if (!search) {
            PASS_LOCK_NO_SEARCH.hit();
        }
        cnaStep("PassStart", () -> null, x -> "search=" + search);
        QNode succ = search ? findSuccessor(node, next) : null;
        int secondary = mem.getOpaqueInt(NODE_LOCKED, node);
        if (succ != null) {
            countLocalHandoff(node, succ);
            handOff("PassGive", succ, localHandoffValue(node));
        } else if (secondary > 1) {
            QNode head = decodeTail(secondary);
            PASS_LOCK_SPLICE.hit();
            spliceSecondary(head, next);
            passToSecondaryHead("FlushGive", head, 0);
        } else {
            cna(next).intraCount = 0;
            handOff("PassGiveNext", next, 1);
        }
    }

    /**
     * {@code arch_mcs_spin_unlock_contended(&to->locked, val)} as the CNASteps action {@code action}
     * ({@code PassGive}, {@code FlushGive}, {@code PassGiveNext}, {@code TryClearTailPass}).
     */
    protected final void handOff(String action, QNode to, int val) {
        cnaStep(action, () -> {
            mcsHandoff(to, val);
            return null;
        }, x -> {
            QSpinLockRecording t = recording();
            return t.handoffFields() + (val > 1 ? " sectail=" + t.specNode(cna(decodeTail(val)).tail) : "")
                    + " intra=" + cna(to).intraCount;
        });
    }

    /**
     * One CNA step, one shared access at most: in a recorded run, one event named after its
     * CNASteps action, with the lock word found and left and what {@code fields} (may be null) makes
     * of the result; otherwise just the step.
     */
    protected final <T> T cnaStep(String action, java.util.function.Supplier<T> step,
            java.util.function.Function<T, String> fields) {
        QSpinLockRecording t = recording();
        return t == null ? step.get() : t.step(action, step, fields);
    }

    /** {@link #cnaStep} for a step with no result. */
    protected final void cnaStep(String action, Runnable step, java.util.function.Supplier<String> fields) {
        cnaStep(action, () -> {
            step.run();
            return null;
        }, fields == null ? null : x -> fields.get());
    }

    /** The spec's name of {@code n} in a recorded run (fields of the events). */
    protected final String spec(QNode n) {
        return Integer.toString(recording().specNode(n));
    }

    /**
     * The count of local hand-offs in a row travels with the lock: the local successor gets the
     * holder's count plus one ({@code succ->intra_count = node->intra_count + 1}), which the
     * threshold policy compares with its threshold.
     */
    protected void countLocalHandoff(QNode node, QNode succ) {
        intraCount(succ, intraCount(node) + 1);
    }

    /**
     * What the hand-off to a waiter on the holder's node stores in its {@code locked}: the holder's
     * own, 1 or the secondary queue ({@code node->locked}).
     */
    protected int localHandoffValue(QNode node) {
        return mem.getOpaqueInt(NODE_LOCKED, node);
    }

    /** Whether this hand-off searches for a waiter on the holder's node: always in v1. */
    protected boolean searchLocal(QNode node) {
        return true;
    }

    /** {@code succ->tail->next = next}: the secondary queue goes back in front of the main queue. */
    protected void spliceSecondary(QNode head, QNode next) {
        QNode at = cna(head).tail;
        cnaStep("FlushSplice", () -> mem.setRelease(NEXT, at, next), () -> "splice=" + spec(at));
    }

    /**
     * {@code arch_mcs_spin_unlock_contended(&succ->locked, 1)} to the secondary queue's first node,
     * as the CNASteps action {@code action} ({@code FlushGive} or {@code TryClearTailPass}).
     */
    protected void passToSecondaryHead(String action, QNode head, int count) {
        cna(head).intraCount = count;
        handOff(action, head, 1);
    }

    /**
     * find_successor(me): {@code next} if it is on the holder's node; else the first waiter on the
     * holder's node further down the main queue, after moving the waiters before it to the end of
     * the secondary queue; else null (nothing moved).
     */
    protected QNode findSuccessor(QNode me, QNode next) {
        int mine = cna(me).numaNode;
        if (cna(next).numaNode == mine) {
            return next; // the immediate successor is local
        }
        QNode headOther = next;
        QNode tailOther = next;
        QNode cur = walkRead(next);
        while (cur != null) {
            if (cna(cur).numaNode == mine) {
                MOVE.hit();
                if (tailOther != headOther) {
                    MOVE_RUN.hit();
                }
                moveToSecondary(me, headOther, tailOther);
                return cur;
            }
            tailOther = cur;
            cur = walkRead(cur);
        }
        return null;
    }

    /** find_successor's {@code READ_ONCE(cur->next)} (CNASteps' {@code WalkRead}). */
    protected final QNode walkRead(QNode cur) {
        return cnaStep("WalkRead", () -> (QNode) mem.getAcquire(NEXT, cur),
                n -> "from=" + spec(cur) + " next=" + spec(n));
    }

    /**
     * The waiters {@code headOther .. tailOther} go to the end of {@code me}'s secondary queue
     * (creating it in {@code me->locked} when there is none), and the secondary queue's last node
     * becomes {@code tailOther}. Nobody else writes {@code tailOther->next} any more: its successor has
     * linked already (the scan went past it).
     */
    protected void moveToSecondary(QNode me, QNode headOther, QNode tailOther) {
        QNode first = moveLink(me, headOther);
        moveCut(tailOther);
        moveTail(first, tailOther);
    }

    /**
     * {@code MCS_NODE(me->locked)->tail->next = head_other} onto a secondary queue, or
     * {@code me->locked = head_other} to start one (CNASteps' {@code MoveLink}); returns the
     * secondary queue's first node.
     */
    protected final QNode moveLink(QNode me, QNode headOther) {
        int secondary = mem.getOpaqueInt(NODE_LOCKED, me);
        if (secondary > 1) {
            MOVE_APPEND.hit();
            QNode last = cna(decodeTail(secondary)).tail;
            cnaStep("MoveLink", () -> mem.setOpaque(NEXT, last, headOther),
                    () -> "head=" + spec(headOther) + " append=" + spec(last));
            return decodeTail(secondary);
        }
        int created = encodedTail(headOther);
        cnaStep("MoveLink", () -> mem.setOpaqueInt(NODE_LOCKED, me, created), () -> "head=" + spec(headOther));
        return headOther;
    }

    /** {@code tail_other->next = NULL} (CNASteps' {@code MoveCut}). */
    protected final void moveCut(QNode tailOther) {
        cnaStep("MoveCut", () -> mem.setOpaque(NEXT, tailOther, null), () -> "cut=" + spec(tailOther));
    }

    /** {@code MCS_NODE(me->locked)->tail = tail_other}, {@code first} the secondary queue's first node (CNASteps' {@code MoveTail}). */
    protected final void moveTail(QNode first, QNode tailOther) {
        cnaStep("MoveTail", () -> cna(first).tail = tailOther, () -> "sectail=" + spec(tailOther));
    }

    // ------------------------------------------------------------------ tracing (recorded runs only)

    @Override
    protected String queueFields(QNode node) {
        return " numa=" + cna(node).numaNode;
    }

    // ------------------------------------------------------------------ patch 3/3 (CnaProb, CnaThreshold)

    /** {@code probably(range)}: false with probability 1/range. */
    protected final boolean probably(QCpu cpu, int range) {
        return (xorRandom(cpu) & (range - 1)) != 0;
    }

    /** {@code xor_random()}: the per-CPU xorshift generator of patch 3/3. */
    protected final int xorRandom(QCpu cpu) {
        int v = rngState[cpu.number()];
        if (v == 0) {
            v = initialState(seed, cpu.number());
        }
        v ^= v << 6;
        v ^= v >>> 21;
        v ^= v << 7;
        rngState[cpu.number()] = v;
        return v;
    }

    /** A non-zero 32-bit start derived from the lock's seed and the CPU number (splitmix64 finaliser). */
    static int initialState(long seed, int cpu) {
        long z = seed + 0x9e3779b97f4a7c15L * (cpu + 1);
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        z ^= z >>> 31;
        int v = (int) (z ^ (z >>> 32));
        return v != 0 ? v : 1;
    }
}
