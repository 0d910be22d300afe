--------------------- MODULE QSpinlock_ClearTailNotLast --------------------
(***************************************************************************)
(* Mutant of QSpinlock: the queue head takes the lock with the tail       *)
(* cleared, (q,0,0) -> (0,0,1), without checking that it is the last node *)
(* in the queue. A waiter that queued behind it is no longer named by the *)
(* lock word. The same mistake as java-models                              *)
(* QSpinLockMutants.ClearTailNotLast.                                       *)
(***************************************************************************)
EXTENDS QSpinlock

\* atomic_set(&lock->val, _Q_LOCKED_VAL)  (mutant: no tail check). Having taken
\* the lock it still hands its node on if a successor links (set_locked's
\* path), but the successor's place in the lock word is gone.
HeadClearsTail(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "head_cmpxchg"
    /\ v' = [v EXCEPT ![x] = Unlocked]
    /\ SetL(x, Word(0, 0, 1))
    /\ Goto(x, "mcs_handoff")
    /\ Enter(x, ahead)
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, cnt, node, prev >>

MutantReplaced == {"HeadCmpxchg"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : HeadClearsTail(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(Step(x) \/ HeadClearsTail(x))
=============================================================================
