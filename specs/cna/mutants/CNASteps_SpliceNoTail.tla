----------------------- MODULE CNASteps_SpliceNoTail -----------------------
(***************************************************************************)
(* Written against CNASteps: CNA with one step per shared-memory access.   *)
(* Mutant of CNA (cna-v1): when the main queue empties, the secondary     *)
(* queue's first node gets the lock but the lock word's tail is cleared    *)
(* (_Q_LOCKED_VAL alone) instead of set to the secondary queue's last node *)
(* (encoded_tail): the waiters now queued are not in the lock word. The    *)
(* same mistake as java-models CnaMutants.SpliceNoTail.                    *)
(***************************************************************************)
EXTENDS CNASteps

NoTail(sec) == Nil
\* cmpxchg(val -> _Q_LOCKED_VAL), then the hand-off to the secondary head  (mutant)
TryClearTailNoTail(x) == Running(x) /\ TryClearTailCasWith(x, HeadLocked, NoTail)

MutantReplaced == CnaReplaced \cup {"TryClearTailCas"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == StepsStep(x) \/ TryClearTailNoTail(x)
MutantNext == StepsNext \/ \E x \in Ctx : TryClearTailNoTail(x)
MutantSpec == StepsInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
