---------------------- MODULE QSpinlock_NoPendingWait ----------------------
(***************************************************************************)
(* Mutant of QSpinlock: the pending waiter takes the lock without waiting  *)
(* for the owner to release it (no smp_cond_load_acquire on the locked     *)
(* byte). The same mistake as java-models QSpinLockMutants.NoPendingWait.  *)
(***************************************************************************)
EXTENDS QSpinlock

\* After a successful pending set: clear_pending_set_locked at once (mutant).
FetchSetPendingNoWait(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "fetch_pend"
    /\ SetL(x, [L(x) EXCEPT !.pending = 1])
    /\ IF L(x).pending = 1 \/ L(x).tail # Nil
       THEN /\ Goto(x, IF L(x).pending = 0 THEN "clear_pend" ELSE "queue")
            /\ NoAux
       ELSE /\ Goto(x, "clr_pend_set_locked")
            /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>
\* clear_pending_set_locked(lock): 0,1,x -> 0,0,1, whoever holds the lock.
ClearPendingSetLocked(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "clr_pend_set_locked"
    /\ SetL(x, [L(x) EXCEPT !.pending = 0, !.locked = 1])
    /\ Goto(x, "cs")
    /\ Enter(x, ahead)
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

MutantReplaced == {"FetchSetPending"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : FetchSetPendingNoWait(x) \/ ClearPendingSetLocked(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(Step(x) \/ FetchSetPendingNoWait(x) \/ ClearPendingSetLocked(x))
=============================================================================
