---------------------- MODULE CNASteps_LoseSecondary -----------------------
(***************************************************************************)
(* Written against CNASteps: CNA with one step per shared-memory access.   *)
(* Mutant of CNA (cna-v1): when the main queue empties, the head claims   *)
(* the lock with qspinlock's native cmpxchg (val -> _Q_LOCKED_VAL) although *)
(* it holds a secondary queue, whose waiters are then in no queue at all. *)
(* The same mistake as java-models CnaMutants.LoseSecondary.               *)
(***************************************************************************)
EXTENDS CNASteps

NoSecondary(me) == 1
\* atomic_try_cmpxchg_relaxed(&lock->val, &val, _Q_LOCKED_VAL)  (mutant: the secondary queue is ignored, as if locked were 1)
TryClearTailLose(x) == Running(x) /\ TryClearTailCasWith(x, NoSecondary, SecondaryTail)

MutantReplaced == CnaReplaced \cup {"TryClearTailCas"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == StepsStep(x) \/ TryClearTailLose(x)
MutantNext == StepsNext \/ \E x \in Ctx : TryClearTailLose(x)
MutantSpec == StepsInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
