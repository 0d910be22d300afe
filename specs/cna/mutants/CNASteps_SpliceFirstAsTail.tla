-------------------- MODULE CNASteps_SpliceFirstAsTail ---------------------
(***************************************************************************)
(* Written against CNASteps: CNA with one step per shared-memory access.   *)
(* Mutant of CNA (cna-v1): when the main queue empties, the head makes    *)
(* the secondary queue the main one with the lock word's tail set to that *)
(* queue's first node (succ->encoded_tail) instead of its last            *)
(* (succ->tail->encoded_tail). With one node in the secondary queue the   *)
(* two are the same node; with two or more, the lock word names a node   *)
(* that is not last, and the next arrival links behind it over the rest.  *)
(***************************************************************************)
EXTENDS CNASteps

FirstAsTail(sec) == sec
\* new = succ->encoded_tail + _Q_LOCKED_VAL  (mutant: the first node's encoding)
TryClearTailFirst(x) == Running(x) /\ TryClearTailCasWith(x, HeadLocked, FirstAsTail)

MutantReplaced == CnaReplaced \cup {"TryClearTailCas"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == StepsStep(x) \/ TryClearTailFirst(x)
MutantNext == StepsNext \/ \E x \in Ctx : TryClearTailFirst(x)
MutantSpec == StepsInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
