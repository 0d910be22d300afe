--------------------- MODULE CNASteps_AppendKeepsTail ----------------------
(***************************************************************************)
(* Written against CNASteps: CNA with one step per shared-memory access.   *)
(* Mutant of CNA (cna-v1): find_successor appends the waiters it skips to *)
(* a non-empty secondary queue (tail->next = head_other) but records the *)
(* new last node only when it starts the queue: the tail store sits in    *)
(* the branch that sets me->locked = head_other. The queue's tail then    *)
(* still names the old last node, so the next append or the splice into  *)
(* the lock word cuts off what was appended. A secondary queue must reach *)
(* two nodes for this to show.                                             *)
(***************************************************************************)
EXTENDS CNASteps

TailOnlyWhenNew(sec, newSec, tailOther) == IF sec \in Nodes THEN STail[sec] ELSE tailOther
\* MCS_NODE(me->locked)->tail = tail_other only when the queue was empty  (mutant)
MoveTailKeep(x) == Running(x) /\ MoveTailWith(x, TailOnlyWhenNew)

MutantReplaced == CnaReplaced \cup {"MoveTail"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == StepsStep(x) \/ MoveTailKeep(x)
MutantNext == StepsNext \/ \E x \in Ctx : MoveTailKeep(x)
MutantSpec == StepsInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
