--------------------- MODULE QSpinlock_PendingWaitWord ---------------------
(***************************************************************************)
(* Mutant of QSpinlock: the pending waiter waits for the whole lock word   *)
(* to be 0 instead of the locked byte; its own pending bit keeps the word  *)
(* non-zero, so it waits forever and so does everyone behind it. The same  *)
(* mistake as java-models QSpinLockMutants.PendingWaitWord.                *)
(***************************************************************************)
EXTENDS QSpinlock

\* smp_cond_load_acquire(&lock->val, !VAL)  (mutant: the whole word)
PendingSpinWord(x) ==
    /\ Running(x)
    /\ pc[x] = "pend_spin"
    /\ L(x) = Unlocked
    /\ Goto(x, "clr_pend_set_locked")
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev, succ >>
    /\ NoAux

MutantStep(x) ==
    \/ FastPath(x) \/ PendingWait(x) \/ FetchSetPending(x) \/ ClearPending(x)
    \/ PendingSpinWord(x) \/ ClearPendingSetLocked(x) \/ Queue(x) \/ InitLocked(x)
    \/ InitNext(x) \/ Trylock(x) \/ XchgTail(x) \/ LinkPrev(x)
    \/ SpinLocked(x) \/ ReadNext(x) \/ HeadWait(x) \/ HeadCmpxchg(x)
    \/ SetLocked(x) \/ WaitNext(x) \/ McsHandoff(x) \/ Unlock(x)

MutantSpec ==
    /\ Init
    /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
    /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
