---------------------- MODULE QSpinlock_PendingNoUndo ----------------------
(***************************************************************************)
(* Mutant of QSpinlock (queued_spin_lock_slowpath, the trylock-or-pending *)
(* step): the patch that turned the pending cmpxchg loop into             *)
(* queued_fetch_set_pending_acquire() keeps the old "contention? goto     *)
(* queue" test after it and drops the undo, forgetting that a fetch_or    *)
(* writes the bit even when it finds contention. When the fetch_or finds  *)
(* a tail (and no pending bit) it leaves a pending bit nobody owns: the   *)
(* queue head waits for (n,0,0) for ever and everyone else queues behind  *)
(* it. Property: DeadlockFreedom (TLC's deadlock check reports it          *)
(* under that name). Needs 3 CPUs: an owner, a queued head, the pender.   *)
(***************************************************************************)
EXTENDS QSpinlock

\* val = queued_fetch_set_pending_acquire(lock);
\* if (unlikely(val & ~_Q_LOCKED_MASK)) goto queue;   (mutant: no clear_pending)
FetchSetPendingNoUndo(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "fetch_pend"
    /\ SetL(x, [L(x) EXCEPT !.pending = 1])
    /\ IF L(x).pending = 1 \/ L(x).tail # Nil
       THEN /\ Goto(x, "queue")
            /\ NoAux
       ELSE /\ Goto(x, "pend_spin")
            /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, prev >>

MutantReplaced == {"FetchSetPending"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantNext == Next \/ \E x \in Ctx : FetchSetPendingNoUndo(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(Step(x) \/ FetchSetPendingNoUndo(x))
=============================================================================
