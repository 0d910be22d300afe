----------------------- MODULE CNA_SpliceFirstAsTail -----------------------
(***************************************************************************)
(* Merged form, kept for trace validation (one recorded event is one       *)
(* CNA.tla step). TLC checks the same change split:                        *)
(* CNASteps_SpliceFirstAsTail.                                             *)
(* Mutant of CNA (cna-v1): when the main queue empties, the head makes    *)
(* the secondary queue the main one with the lock word's tail set to that *)
(* queue's first node (succ->encoded_tail) instead of its last            *)
(* (succ->tail->encoded_tail). With one node in the secondary queue the   *)
(* two are the same node; with two or more, the lock word names a node   *)
(* that is not last, and the next arrival links behind it over the rest.  *)
(***************************************************************************)
EXTENDS CNA

\* new = succ->encoded_tail + _Q_LOCKED_VAL  (mutant: the first node's encoding)
FirstAsTail(sec) == sec
TryClearTailFirst(x) == TryClearTailWith(x, HeadLocked, FirstAsTail)

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTailFirst(x)
                 \/ PassLockFindSuccessor(x) \/ PassLockNoSearch(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
