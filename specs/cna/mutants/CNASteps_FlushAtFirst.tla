----------------------- MODULE CNASteps_FlushAtFirst -----------------------
(***************************************************************************)
(* Written against CNASteps: CNA with one step per shared-memory access.   *)
(* Mutant of CNA (cna-v1): the flush of cna_pass_lock links next behind   *)
(* the secondary queue's first node (succ->next = next) instead of behind *)
(* its last (succ->tail->next = next). With one node the two are the same *)
(* node; with two or more, the store overwrites the first node's link to  *)
(* the second, and every node after the first drops out of both queues.   *)
(***************************************************************************)
EXTENDS CNASteps

FirstNode(sec) == sec
\* succ->next = next  (mutant: the first node, not succ->tail)
FlushSpliceFirst(x) == Running(x) /\ FlushSpliceWith(x, FirstNode)

MutantReplaced == CnaReplaced \cup {"FlushSplice"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == StepsStep(x) \/ FlushSpliceFirst(x)
MutantNext == StepsNext \/ \E x \in Ctx : FlushSpliceFirst(x)
MutantSpec == StepsInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
