------------------------- MODULE CNA_LoseSecondary -------------------------
(***************************************************************************)
(* Merged form, kept for trace validation (one recorded event is one       *)
(* CNA.tla step). TLC checks the same change split:                        *)
(* CNASteps_LoseSecondary.                                                 *)
(* Mutant of CNA (cna-v1): when the main queue empties, the head claims   *)
(* the lock with qspinlock's native cmpxchg (val -> _Q_LOCKED_VAL) although *)
(* it holds a secondary queue, whose waiters are then in no queue at all. *)
(* The same mistake as java-models CnaMutants.LoseSecondary.               *)
(***************************************************************************)
EXTENDS CNA

\* atomic_try_cmpxchg_relaxed(&lock->val, &val, _Q_LOCKED_VAL)  (mutant: the
\* secondary queue is ignored, as if locked were 1)
NoSecondary(me) == 1
TryClearTailNative(x) == TryClearTailWith(x, NoSecondary, SecondaryTail)

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTailNative(x)
                 \/ PassLockFindSuccessor(x) \/ PassLockNoSearch(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
