--------------------- MODULE QSpinlock_PendingUnbounded --------------------
(***************************************************************************)
(* Mutant of QSpinlock: the wait for an in-progress pending->locked       *)
(* hand-over is unbounded, as before the 2018 change that bounded it by   *)
(* _Q_PENDING_LOOPS ("locking/qspinlock: Bound spinning on pending->locked *)
(* transition in slowpath"). Other lockers can keep setting pending and   *)
(* passing the lock among themselves, so the waiter may only ever read    *)
(* _Q_PENDING_VAL. Expected: StarvationFreedom violated (3 CPUs needed:   *)
(* an owner, a pending waiter, and the starved reader).                    *)
(***************************************************************************)
EXTENDS QSpinlock

\* while ((val = atomic_read(&lock->val)) == _Q_PENDING_VAL) cpu_relax();
PendingWaitForever(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "pend_wait"
    /\ L(x) # PendingVal
    /\ Goto(x, IF L(x).pending = 1 \/ L(x).tail # Nil THEN "queue" ELSE "fetch_pend")
    /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>
    /\ NoAux

MutantReplaced == {"PendingWait"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : PendingWaitForever(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(Step(x) \/ PendingWaitForever(x))
=============================================================================
