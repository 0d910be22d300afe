------------------- MODULE QSpinlockSteps_StealPending -------------------
(***************************************************************************)
(* Mutant of QSpinlockSteps: the fast path steals past the pending owner. *)
(* Its cmpxchg takes any word whose locked byte and tail are clear, from  *)
(* val to val | _Q_LOCKED_VAL, so a word with only the pending bit set    *)
(* counts as free. The reasoning that makes the patch look harmless: the  *)
(* pending owner waits for the locked byte anyway, so it will wait for    *)
(* the stealer too. That holds only if the wait and clear_pending_set_    *)
(* locked are one step, as QSpinlock.tla merges them (PendingSpin). In    *)
(* the kernel they are a read and a later atomic_add: the owner reads 0,  *)
(* the stealer's cmpxchg lands, and the add turns the stealer's locked    *)
(* byte 1 into 2. Both are in the critical section.                       *)
(*                                                                         *)
(* Two specifications over the same stealing fast path:                    *)
(*   MutantSpec        QSpinlockSteps's split steps: MutualExclusion       *)
(*                     fails (model QSpinlockSteps_StealPending_N2_L0);   *)
(*   MergedMutantSpec  QSpinlock's merged PendingSpin: the owner re-reads *)
(*                     the locked byte in the step that writes it, so the *)
(*                     double owner never happens; MutualExclusion holds   *)
(*                     even at 3 CPUs (QSpinlockSteps_StealPending_N3_L0_  *)
(*                     merged), and only the overtaking shows, as         *)
(*                     BoundedBypass (at 2 CPUs).                          *)
(***************************************************************************)
EXTENDS QSpinlockSteps

\* queued_spin_lock's atomic_try_cmpxchg_acquire (mutant): expects a word
\* with the locked byte and the tail clear, whatever its pending bit, and
\* sets the locked byte in it. On failure as the native fast path.
FastPathSteal(x) ==
    /\ Running(x)
    /\ UNCHANGED vstate
    /\ pc[x] = "fast"
    /\ IF L(x).locked = 0 /\ L(x).tail = Nil
       THEN /\ SetL(x, [L(x) EXCEPT !.locked = 1])
            /\ Goto(x, "cs")
            /\ DoorwayAndEnter(x)
            /\ UNCHANGED cnt
       ELSE /\ IF L(x) = PendingVal
               THEN /\ Goto(x, "pend_wait")
                    /\ cnt' = [cnt EXCEPT ![x] = PendingLoops]
               ELSE /\ Goto(x, IF L(x).pending = 1 \/ L(x).tail # Nil THEN "queue" ELSE "fetch_pend")
                    /\ UNCHANGED cnt
            /\ UNCHANGED lk
            /\ NoAux
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, node, prev >>

\* The split form: QSpinlockSteps with the fast path replaced.
MutantReplaced == StepsReplaced \cup {"FastPath"}
\* The merged form: QSpinlock with the fast path replaced.
MergedMutantReplaced == {"FastPath"}
ASSUME Replaced \in { MutantReplaced, MergedMutantReplaced }   \* the model sets one

MutantNext == StepsNext \/ \E x \in Ctx : FastPathSteal(x)
MutantSpec == Init /\ [][MutantNext]_vars
                   /\ \A x \in Ctx : /\ WF_vars(Step(x) \/ SplitStep(x) \/ FastPathSteal(x))
                                    /\ SF_vars(XchgTailWin(x))

MergedMutantNext == Next \/ \E x \in Ctx : FastPathSteal(x)
MergedMutantSpec == Init /\ [][MergedMutantNext]_vars
                         /\ \A x \in Ctx : WF_vars(Step(x) \/ FastPathSteal(x))
=============================================================================
