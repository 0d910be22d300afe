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
    /\ pc[x] = "fetch_pend"
    /\ SetL(x, [L(x) EXCEPT !.pending = 1])
    /\ IF L(x).pending = 1 \/ L(x).tail # Nil
       THEN /\ Goto(x, IF L(x).pending = 0 THEN "clear_pend" ELSE "queue")
            /\ NoAux
       ELSE /\ Goto(x, "clr_pend_set_locked")
            /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev, succ >>

MutantStep(x) ==
    \/ FastPath(x) \/ PendingWait(x) \/ FetchSetPendingNoWait(x) \/ ClearPending(x)
    \/ PendingSpin(x) \/ ClearPendingSetLocked(x) \/ Queue(x) \/ InitLocked(x)
    \/ InitNext(x) \/ Trylock(x) \/ XchgTail(x) \/ LinkPrev(x)
    \/ SpinLocked(x) \/ ReadNext(x) \/ HeadWait(x) \/ HeadCmpxchg(x)
    \/ SetLocked(x) \/ WaitNext(x) \/ McsHandoff(x) \/ Unlock(x)

MutantSpec ==
    /\ Init
    /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
    /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
