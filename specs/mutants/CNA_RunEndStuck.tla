------------------------- MODULE CNA_RunEndStuck ---------------------------
(***************************************************************************)
(* Merged form, kept for trace validation (one recorded event is one       *)
(* CNA.tla step). TLC checks the same change split: CNASteps_RunEndStuck.  *)
(* Mutant of CNA (cna-v1): find_successor's scan does not advance         *)
(* tail_other (the tail_other = cur at the end of its loop body is        *)
(* missing), so tail_other stays head_other. When it skips one waiter the *)
(* two are the same node; when it skips two or more, tail_other->next =   *)
(* NULL cuts the run after its first node and the rest of the run is in   *)
(* neither queue.                                                          *)
(***************************************************************************)
EXTENDS CNA

\* tail_other never advanced past head_other  (mutant)
RunFirst(q, i) == q[1]
PassLockRunFirst(x, search) == PassLockHooked(x, search, Same, RunFirst, MovedTail, SecLastNode)

\* cna_pass_lock with find_successor (the only one that moves waiters), as in CNA
FindSuccessorRunFirst(x) ==
    /\ ReadyToPass(x)
    /\ MaySearch(x)
    /\ PassLockRunFirst(x, TRUE)
    /\ Passed(x)

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTail(x)
                 \/ FindSuccessorRunFirst(x) \/ PassLockNoSearch(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
