package org.handoff.models.pv;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.Supplier;
import org.handoff.models.SpinPolicy;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.trace.TraceRecorder;

/**
 * The recording side of {@link Paravirt} in a traced run ({@link PvQSpinLock#traceTo}), against
 * {@code specs/pv/PVSteps.tla}, the split form of PV.tla. The hooks exist whether or not a run is
 * recorded and make the same calls either way; while one is, they hold one of these and each step
 * becomes an event named after its PVSteps action ({@link Paravirt#step}, {@link Paravirt#wordStep}),
 * so a change to a step's code or to the order of the steps is what the recorded run shows.
 *
 * <p>Every access to shared state goes through a Memory (the node states through the hooks' own,
 * the lock word through the lock's), so a step that makes more than one access lets other
 * threads' steps in between ({@link TraceRecorder}): a read-modify-write split in two is seen as
 * the two accesses it is. The compare-and-exchange loops on the whole lock word (set_pending, the
 * byte stores of the {@code NR_CPUS >= 16K} layout) are one step of the spec each, linearized at
 * their successful attempt, as qspinlock's are. The hash table's operations are one step each
 * (PVSteps' AddEntry and unhash), made directly.
 *
 * <p>What only a recorded run does: the spin turns of pv_wait_node are one event each
 * ({@link #spinNode}), the unfair trylock one event per deciding read ({@link #unfairTrylock}), and
 * a halt parks until a kick for this thread comes (one that came before the halt counts, as KVM
 * keeps pv_unhalted); its return is the event Unpark, which says whether a kick came after the
 * halt ({@link #pvWait}). A park that outlasts the run's stall limit ends the run (a lost wake-up).
 */
final class PvRecording {
    private final Paravirt pv;
    private final PvQSpinLock lock;
    private final TraceRecorder r;
    /** The kicks each thread has had; read and written under the recorder's lock. */
    private final Map<Thread, Integer> kickCounts = new HashMap<>();

    PvRecording(Paravirt pv, PvQSpinLock lock, TraceRecorder r) {
        this.pv = pv;
        this.lock = lock;
        this.r = r;
    }

    /** One step that leaves the lock word alone, with what {@code fields} makes of its result. */
    <T> T step(String action, Supplier<T> body, Function<T, String> fields) {
        return r.atomic(action, body, fields);
    }

    /** {@link #step} for a step with no result and no field. */
    void step(String action, Runnable body) {
        r.atomic(action, body, "");
    }

    /** A step that may touch the lock word: its event carries the word found and left. */
    <T> T wordStep(String action, Supplier<T> body, Function<T, String> fields) {
        return lock.traceStep(action, body, fields);
    }

    /** The spec's name of {@code pn}'s node. */
    int traceNode(PvNode pn) {
        return pn == null ? 0 : lock.traceNode(pn.mcs);
    }

    static String stateName(int st) {
        return switch (st) {
            case Paravirt.VCPU_RUNNING -> "running";
            case Paravirt.VCPU_HALTED -> "halted";
            case Paravirt.VCPU_HASHED -> "hashed";
            default -> "corrupt" + st;
        };
    }

    /**
     * pv_wait_node's spin phase: one WaitNodeSpin per turn (the read of {@code node->locked}, and
     * in {@code pv-wait-early-merged} {@code pv_wait_early}'s read of the previous node, which the
     * spec merges into the same step). A turn's event says whether it found the lock handed over
     * (got), whether the previous node was asleep (early, merged form only), and whether the spin
     * ends with a halt (halt).
     */
    int spinNode(QNode node, PvNode pp) {
        boolean merged = pv.variant() == PvVariant.WAIT_EARLY_MERGED;
        for (int loop = pv.spinThreshold(); loop > 0; loop--) {
            int turn = loop;
            int seen = r.atomic("WaitNodeSpin", () -> {
                if (node.readLocked() != 0) {
                    return Paravirt.SPIN_LOCKED;
                }
                return merged && pv.pvWaitEarly(pp, turn) ? Paravirt.SPIN_WAIT_EARLY : Paravirt.SPIN_DONE;
            }, v -> "got=" + (v == Paravirt.SPIN_LOCKED)
                    + (merged && v != Paravirt.SPIN_LOCKED ? " early=" + (v == Paravirt.SPIN_WAIT_EARLY) : "")
                    + " halt=" + (v == Paravirt.SPIN_WAIT_EARLY || v == Paravirt.SPIN_DONE && turn == 1));
            if (seen != Paravirt.SPIN_DONE) {
                return seen;
            }
            Thread.onSpinWait();
        }
        return Paravirt.SPIN_DONE;
    }

    /**
     * pv_hybrid_queued_unfair_trylock: UnfairTrylockRead for the first read (which the spec merges
     * with the node's set-up) and for every read that decides (free: try the cmpxchg; no queue or
     * pending set: give up), UnfairTrylockCas for the cmpxchg. A read that decides nothing wrote
     * nothing and is not a step of the spec.
     */
    boolean unfairTrylock(QNode node) {
        SpinPolicy spin = lock.spinPolicy();
        for (long i = 0;; i++) {
            boolean first = i == 0;
            int[] seen = new int[1];
            int decided = r.atomicIf("UnfairTrylockRead", () -> {
                int val = pv.word().opaque();
                seen[0] = val;
                return PvLockWord.stealable(val) ? 1 : PvLockWord.queueNow(val) ? 0 : -1;
            }, d -> first || d >= 0
                    ? lock.traceWord(seen[0]) + (first ? " node=" + lock.traceNode(node) : "")
                    : null);
            if (decided == 0) {
                return false;
            }
            if (decided == 1) {
                if (wordStep("UnfairTrylockCas", () -> PvLockWord.cmpxchgLockedAcquire(pv.word()), ok -> "ok=" + ok)) {
                    return true;
                }
                if (PvLockWord.queueNow(seen[0])) { // the read found no queue (its pending was clear)
                    return false;
                }
            }
            if (!spin.keepSpinning(i)) {
                return false;
            }
        }
    }

    /**
     * pv_wait: the hypervisor's test {@code halt} is the step {@code action} (on the lock word when
     * {@code onWord}); when it holds, the vCPU halts, parking until kicked, bounded by the run's
     * spin policy (which ends a stalled run). The event Unpark then says whether a kick came after
     * the halt (kicked), which the spec's state must agree with: a vCPU that UnlockKick woke, or
     * one still halted whose park a kick from before the halt ended (KVM's pv_unhalted), the
     * spec's Spurious. {@code onHalt} runs before the park. Returns whether it halted.
     */
    boolean pvWait(String action, boolean onWord, BooleanSupplier halt, Runnable onHalt) {
        Thread self = Thread.currentThread();
        int[] kicksAtHalt = new int[1];
        Supplier<Boolean> test = () -> {
            kicksAtHalt[0] = kicksOf(self);
            return halt.getAsBoolean();
        };
        boolean halted = onWord ? wordStep(action, test, h -> "halt=" + h) : step(action, test, h -> "halt=" + h);
        if (!halted) {
            return false;
        }
        onHalt.run();
        pv.vcpus().halted();
        SpinPolicy spin = lock.spinPolicy();
        for (long i = 0; !pv.vcpus().takeKick(self); i++) {
            LockSupport.parkNanos(pv, 100_000L);
            if (!spin.keepSpinning(i)) {
                break;
            }
        }
        r.after("Unpark", () -> "kicked=" + (kicksOf(self) > kicksAtHalt[0]));
        return true;
    }

    /** pv_kick reached {@code t}. */
    void kicked(Thread t) {
        kickCounts.merge(t, 1, Integer::sum);
    }

    private int kicksOf(Thread t) {
        return kickCounts.getOrDefault(t, 0);
    }
}
