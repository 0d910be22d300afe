------------------------- MODULE CNA_FlushAtFirst --------------------------
(***************************************************************************)
(* Merged form, kept for trace validation (one recorded event is one       *)
(* CNA.tla step). TLC checks the same change split: CNASteps_FlushAtFirst. *)
(* Mutant of CNA (cna-v1): the flush of cna_pass_lock links next behind   *)
(* the secondary queue's first node (succ->next = next) instead of behind *)
(* its last (succ->tail->next = next). With one node the two are the same *)
(* node; with two or more, the store overwrites the first node's link to  *)
(* the second, and every node after the first drops out of both queues.   *)
(***************************************************************************)
EXTENDS CNA

\* succ->next = next  (mutant: the first node, not succ->tail)
FirstNode(sec) == sec
PassLockFlushFirst(x, search) == PassLockHooked(x, search, Same, RunLast, MovedTail, FirstNode)

\* cna_pass_lock, with and without find_successor, as in CNA
FindSuccessorFlushFirst(x) ==
    /\ ReadyToPass(x)
    /\ MaySearch(x)
    /\ PassLockFlushFirst(x, TRUE)
    /\ Passed(x)
NoSearchFlushFirst(x) ==
    /\ ReadyToPass(x)
    /\ MaySkip(x)
    /\ PassLockFlushFirst(x, FALSE)
    /\ Passed(x)

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTail(x)
                 \/ FindSuccessorFlushFirst(x) \/ NoSearchFlushFirst(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
