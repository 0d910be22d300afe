--------------------- MODULE QSpinlock_ClearTailNotLast --------------------
(***************************************************************************)
(* Mutant of QSpinlock: the queue head takes the lock with the tail       *)
(* cleared, (q,0,0) -> (0,0,1), without checking that it is the last node *)
(* in the queue. A waiter that queued behind it is no longer named by the *)
(* lock word. The same mistake as java-models                              *)
(* QSpinLockMutants.ClearTailNotLast.                                       *)
(***************************************************************************)
EXTENDS QSpinlock

\* atomic_set(&lock->val, _Q_LOCKED_VAL)  (mutant: no tail check)
HeadClearsTail(x) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg"
    /\ v' = [v EXCEPT ![x] = Unlocked]
    /\ SetL(x, Word(0, 0, 1))
    /\ Goto(x, "wait_next_if_any")
    /\ Enter(x, ahead)
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, cnt, node, prev, succ >>

\* Having taken the lock, it still hands its node on if a successor links
\* (like set_locked's path), but the successor's place in the lock word is gone.
HandOnIfAny(x) ==
    /\ Running(x)
    /\ pc[x] = "wait_next_if_any"
    /\ Goto(x, "wait_next")
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev, succ >>
    /\ NoAux

MutantStep(x) ==
    \/ FastPath(x) \/ PendingWait(x) \/ FetchSetPending(x) \/ ClearPending(x)
    \/ PendingSpin(x) \/ ClearPendingSetLocked(x) \/ Queue(x) \/ InitLocked(x)
    \/ InitNext(x) \/ Trylock(x) \/ XchgTail(x) \/ LinkPrev(x) \/ SpinLocked(x)
    \/ ReadNext(x) \/ HeadWait(x) \/ HeadClearsTail(x) \/ HandOnIfAny(x)
    \/ SetLocked(x) \/ WaitNext(x) \/ McsHandoff(x) \/ Unlock(x)

MutantSpec ==
    /\ Init
    /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
    /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
