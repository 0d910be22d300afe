------------------ MODULE QSpinlockSteps_ClearPendingStore ------------------
(***************************************************************************)
(* Mutant of QSpinlockSteps (clear_pending_set_locked, NR_CPUS >= 16K):   *)
(* the patch copies the _Q_PENDING_BITS == 8 version, a store of          *)
(* _Q_LOCKED_VAL, but to the whole word, atomic_set(&lock->val,           *)
(* _Q_LOCKED_VAL), instead of atomic_add(-_Q_PENDING_VAL + _Q_LOCKED_VAL). *)
(* The halfword store leaves the tail alone; the word store wipes a tail  *)
(* that a waiter swapped in after the pending owner's read of the locked  *)
(* byte. The queued waiter is no longer named by the lock word.            *)
(* Property: QueueWellFormed (then TailEncodingConsistent, and             *)
(* MutualExclusion once the next arrival finds the word with no tail).     *)
(***************************************************************************)
EXTENDS QSpinlockSteps

\* clear_pending_set_locked(lock) (mutant): atomic_set(&lock->val, _Q_LOCKED_VAL).
ClearPendingSetLockedStore(x) ==
    /\ Running(x)
    /\ pc[x] = "pend_spin" /\ seen[x]
    /\ SetL(x, Word(0, 0, LockedInc))
    /\ SetSeen(x, FALSE)
    /\ Goto(x, "cs")
    /\ Enter(x, ahead)
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

\* The split steps with ClearPendingSetLocked swapped for the mutant's.
MutantSplitStep(x) ==
    \/ FetchSetPendingStep(x) \/ PendingLockedWait(x) \/ ClearPendingSetLockedStore(x)
    \/ McsWaitNext(x) \/ McsPass(x)
    \/ QueueTryRead(x) \/ QueueTryCmpxchg(x) \/ XchgTailRead(x) \/ XchgTailCas(x)
    \/ QueueCount(x) \/ QueueInit(x) \/ QueueTrylock(x) \/ StepsHeadCmpxchg(x)
    \/ CountDec(x) \/ StepsUnlock(x)

MutantReplaced == StepsReplaced
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : MutantSplitStep(x)
MutantSpec == Init /\ [][MutantNext]_vars
                   /\ \A x \in Ctx : /\ WF_vars(Step(x) \/ MutantSplitStep(x))
                                    /\ SF_vars(XchgTailWin(x))
=============================================================================
