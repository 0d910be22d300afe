package org.handoff.models.cna;

import static org.handoff.models.qspinlock.QLockWord.LOCKED_VAL;
import static org.handoff.models.qspinlock.QLockWord.TAIL_MASK;

import org.handoff.models.SpinPolicy;
import org.handoff.models.Variant;
import org.handoff.models.qspinlock.QNode;
import org.handoff.models.qspinlock.SlowpathHooks;

/**
 * Seeded bugs in {@link CnaLock} ({@code cna-v1}; {@link ThresholdOffByOne} in
 * {@code cna-threshold}), each a plausible mistake in one CNA step and each replacing exactly one
 * method. The manifest says which level must catch each one.
 *
 * <p>Every mutant has the lock's constructors but the no-argument one: a spin policy (how every
 * level builds a port, {@link org.handoff.models.Ports}), and a spin policy with the test hooks of {@link CnaLock#CnaLock(SpinPolicy, SlowpathHooks)}. The four of {@code cna-v1} need a secondary queue, or a hand-off from a queue head that found
 * the queue empty, to show: three waiters in the queue at once, or two with one staged
 * ({@link org.handoff.models.qspinlock.StagedCpu#head}).
 */
public final class CnaMutants {
    private CnaMutants() {
    }

    /**
     * When the main queue empties, the head claims the lock with the native tail-clearing cmpxchg
     * although it holds a secondary queue: the waiters moved there are no longer in the lock word or
     * in any queue that will be handed the lock. The mistake of porting {@code try_clear_tail}
     * without CNA's version of it.
     */
    @Variant("lose-secondary")
    public static class LoseSecondary extends CnaLock {
        public LoseSecondary(SpinPolicy spin) {
            super(spin);
        }

        public LoseSecondary(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected boolean cnaTryClearTail(int val, int tail, QNode node) {
            return (val & TAIL_MASK) == tail && clearTailCmpxchg(val, LOCKED_VAL);
        }
    }

    /**
     * When the main queue empties, the secondary queue's first node is handed the MCS lock, but
     * the tail is cleared ({@code _Q_LOCKED_VAL} alone) instead of set to the secondary queue's last
     * node ({@code encoded_tail}). The new head finds a tail that is not its own, so it expects a
     * successor to link and waits for one that never comes; a newcomer meanwhile finds no tail and
     * starts a second queue.
     */
    @Variant("splice-no-tail")
    public static class SpliceNoTail extends CnaLock {
        public SpliceNoTail(SpinPolicy spin) {
            super(spin);
        }

        public SpliceNoTail(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected int secondaryAsMainQueue(QNode succ) {
            return LOCKED_VAL;
        }
    }

    /**
     * The local successor found by {@code find_successor} is handed 1, the native value, instead of
     * the holder's {@code locked} (the secondary queue): the waiters just moved to the secondary
     * queue are dropped. The mistake patch 1/3 exists to avoid (the hand-off macro gained its value
     * argument for it).
     */
    @Variant("pass-one")
    public static class PassOne extends CnaLock {
        public PassOne(SpinPolicy spin) {
            super(spin);
        }

        public PassOne(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected int localHandoffValue(QNode node) {
            return 1;
        }
    }

    /**
     * The threshold test of {@code cna-threshold} off by one ({@code <=} for {@code <}): a holder
     * whose count of hand-offs within its NUMA node has reached the threshold still searches, so
     * the lock stays on one node for one hand-off more than the threshold allows before the
     * secondary queue is flushed. Nothing is lost and mutual exclusion holds; the bound on how
     * often a waiter is bypassed (BoundedBypass with K = T) is what breaks. Only a check that
     * follows the hand-offs one by one sees it (trace validation), and only with a small threshold.
     */
    @Variant("threshold-off-by-one")
    public static class ThresholdOffByOne extends CnaThreshold {
        public ThresholdOffByOne(SpinPolicy spin) {
            super(spin);
        }

        public ThresholdOffByOne(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected boolean searchLocal(QNode node) {
            return cna(node).intraCount <= threshold();
        }
    }

    /**
     * A queue head that found the queue empty (no predecessor handed it a value) leaves its
     * {@code locked} at 0 instead of setting it to 1 (v1's "must pass a non-zero value to successor
     * when we unlock"). When it then hands the lock to a waiter on its own node it passes its
     * {@code locked}, 0, and that waiter never sees the hand-off.
     */
    @Variant("head-locked-zero")
    public static class HeadLockedZero extends CnaLock {
        public HeadLockedZero(SpinPolicy spin) {
            super(spin);
        }

        public HeadLockedZero(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected void cnaHeadOfEmptyQueue(QNode node) {
            // the store of 1 is missing
        }
    }

    /**
     * find_successor moves a skipped run onto a secondary queue that already holds waiters, links
     * it behind the queue's last node, but leaves the queue's recorded tail at that old last node:
     * the store {@code MCS_NODE(me->locked)->tail = tail_other} sits in the branch that starts a
     * secondary queue. The next move, or the splice, then treats the old last node as the end, and
     * the waiters appended after it are cut off. Needs two moves onto one secondary queue, so two
     * remote waiters (spec: {@code CNASteps_AppendKeepsTail}).
     */
    @Variant("append-keeps-tail")
    public static class AppendKeepsTail extends CnaLock {
        public AppendKeepsTail(SpinPolicy spin) {
            super(spin);
        }

        public AppendKeepsTail(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected void moveToSecondary(QNode me, QNode headOther, QNode tailOther) {
            boolean appending = mem.getOpaqueInt(NODE_LOCKED, me) > 1;
            QNode first = moveLink(me, headOther);
            moveCut(tailOther);
            if (!appending) {
                moveTail(first, tailOther);
            } // appending: the secondary queue's tail is not moved to tailOther
        }
    }

    /**
     * find_successor's scan loop without {@code tail_other = cur}: the run of skipped remote waiters
     * is taken to end at its first node, so a run of two or more is cut after its first
     * ({@code tail_other->next = NULL}) and the rest of it is in neither queue. Needs two remote
     * waiters queued one behind the other (spec: {@code CNASteps_RunEndStuck}).
     */
    @Variant("run-end-stuck")
    public static class RunEndStuck extends CnaLock {
        public RunEndStuck(SpinPolicy spin) {
            super(spin);
        }

        public RunEndStuck(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected QNode findSuccessor(QNode me, QNode next) {
            int mine = cna(me).numaNode;
            if (cna(next).numaNode == mine) {
                return next;
            }
            for (QNode cur = walkRead(next); cur != null; cur = walkRead(cur)) {
                if (cna(cur).numaNode == mine) {
                    moveToSecondary(me, next, next); // tail_other never advanced past head_other
                    return cur;
                }
            }
            return null;
        }
    }

    /**
     * When the main queue empties and the head makes its secondary queue the main one
     * ({@code cna_try_clear_tail}), the new lock word is built from the secondary queue's first
     * node ({@code succ->encoded_tail}) instead of its last ({@code succ->tail->encoded_tail}), one
     * dereference short. The same node while the secondary queue holds one waiter; with two, the
     * first takes the tail for its own, claims the lock as if it were last and never hands it to
     * the second (spec: {@code CNASteps_SpliceFirstAsTail}).
     */
    @Variant("splice-first-as-tail")
    public static class SpliceFirstAsTail extends CnaLock {
        public SpliceFirstAsTail(SpinPolicy spin) {
            super(spin);
        }

        public SpliceFirstAsTail(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected int secondaryAsMainQueue(QNode succ) {
            return encodedTail(succ) + LOCKED_VAL;
        }
    }

    /**
     * {@code cna_pass_lock} counts a local hand-off in the holder's own node
     * ({@code node->intra_count++}) instead of storing the count plus one in the successor, so every
     * new holder starts from the 0 its node was initialised with, and the threshold policy never
     * stops searching: the lock can stay on one NUMA node for ever while the secondary queue waits
     * (spec: {@code CNA_ThresholdCountInHolder}, StarvationFreedom).
     */
    @Variant("threshold-count-in-holder")
    public static class ThresholdCountInHolder extends CnaThreshold {
        public ThresholdCountInHolder(SpinPolicy spin) {
            super(spin);
        }

        public ThresholdCountInHolder(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected void countLocalHandoff(QNode node, QNode succ) {
            cna(node).intraCount = cna(node).intraCount + 1;
        }
    }

    /**
     * {@code cna_try_clear_tail}'s {@code atomic_try_cmpxchg_relaxed} written as a read of the lock
     * word and, when it found {@code val}, a store of the new word: a waiter whose {@code xchg_tail}
     * lands between the two has its tail overwritten, links behind a head that took the lock as the
     * last waiter, and is never handed the lock. Spec: {@code specs/cna/mutants/CNASteps_SplitClearTail.tla}.
     */
    @Variant("split-clear-tail")
    public static class SplitClearTail extends CnaLock {
        public SplitClearTail(SpinPolicy spin) {
            super(spin);
        }

        public SplitClearTail(SpinPolicy spin, SlowpathHooks extra) {
            super(spin, extra);
        }

        @Override
        protected boolean clearTailCmpxchg(int val, int word) {
            return cnaStep("TryClearTailCas", () -> {
                if (mem.getOpaqueInt(VAL, this) != val) { // READ_ONCE(lock->val)
                    return false;
                }
                mem.setOpaqueInt(VAL, this, word); // WRITE_ONCE(lock->val, new): not atomic with the read
                return true;
            }, ok -> "ok=" + ok);
        }
    }
}
