------------------------- MODULE CNA_SpliceNoTail --------------------------
(***************************************************************************)
(* Merged form, kept for trace validation (one recorded event is one       *)
(* CNA.tla step). TLC checks the same change split: CNASteps_SpliceNoTail. *)
(* Mutant of CNA (cna-v1): when the main queue empties, the secondary     *)
(* queue's first node gets the lock but the lock word's tail is cleared    *)
(* (_Q_LOCKED_VAL alone) instead of set to the secondary queue's last node *)
(* (encoded_tail): the waiters now queued are not in the lock word. The    *)
(* same mistake as java-models CnaMutants.SpliceNoTail.                    *)
(***************************************************************************)
EXTENDS CNA

\* cmpxchg(val -> _Q_LOCKED_VAL), then the hand-off to the secondary head  (mutant)
NoTail(sec) == Nil
TryClearTailNoTail(x) == TryClearTailWith(x, HeadLocked, NoTail)

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTailNoTail(x)
                 \/ PassLockFindSuccessor(x) \/ PassLockNoSearch(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
