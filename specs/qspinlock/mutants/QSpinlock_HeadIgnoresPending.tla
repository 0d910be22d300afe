-------------------- MODULE QSpinlock_HeadIgnoresPending --------------------
(***************************************************************************)
(* Mutant of QSpinlock: the queue head waits only for the locked byte to   *)
(* clear, not for locked and pending, so it can take the lock while a      *)
(* pending waiter takes it too. The same mistake as java-models            *)
(* QSpinLockMutants.HeadIgnoresPending.                                    *)
(***************************************************************************)
EXTENDS QSpinlock

\* atomic_cond_read_acquire(&lock->val, !(VAL & _Q_LOCKED_MASK))  (mutant)
HeadWaitLockedOnly(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "head_wait"
    /\ L(x).locked = 0
    /\ v' = [v EXCEPT ![x] = L(x)]
    /\ Goto(x, IF L(x).tail = node[x] THEN "head_cmpxchg" ELSE "set_locked")
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, cnt, node, prev >>
    /\ NoAux

MutantReplaced == {"HeadWait"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : HeadWaitLockedOnly(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(Step(x) \/ HeadWaitLockedOnly(x))
=============================================================================
