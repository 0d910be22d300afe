------------------------ MODULE CNA_AppendKeepsTail ------------------------
(***************************************************************************)
(* Merged form, kept for trace validation (one recorded event is one       *)
(* CNA.tla step). TLC checks the same change split:                        *)
(* CNASteps_AppendKeepsTail.                                               *)
(* Mutant of CNA (cna-v1): find_successor appends the waiters it skips to *)
(* a non-empty secondary queue (tail->next = head_other) but records the *)
(* new last node only when it starts the queue: the tail store sits in    *)
(* the branch that sets me->locked = head_other. The queue's tail then    *)
(* still names the old last node, so the next append or the splice into  *)
(* the lock word cuts off what was appended. A secondary queue must reach *)
(* two nodes for this to show.                                             *)
(***************************************************************************)
EXTENDS CNA

\* MCS_NODE(me->locked)->tail = tail_other only when the queue was empty (mutant)
TailOnlyWhenNew(sec, newSec, tailOther) == IF sec \in Nodes THEN STail[sec] ELSE tailOther
PassLockKeepTail(x, search) == PassLockHooked(x, search, Same, RunLast, TailOnlyWhenNew, SecLastNode)

\* cna_pass_lock, with and without find_successor, as in CNA
FindSuccessorKeepTail(x) ==
    /\ ReadyToPass(x)
    /\ MaySearch(x)
    /\ PassLockKeepTail(x, TRUE)
    /\ Passed(x)
NoSearchKeepTail(x) ==
    /\ ReadyToPass(x)
    /\ MaySkip(x)
    /\ PassLockKeepTail(x, FALSE)
    /\ Passed(x)

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTail(x)
                 \/ FindSuccessorKeepTail(x) \/ NoSearchKeepTail(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
