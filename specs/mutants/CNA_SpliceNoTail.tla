------------------------- MODULE CNA_SpliceNoTail --------------------------
(***************************************************************************)
(* Mutant of CNA (cna-v1): when the main queue empties, the secondary     *)
(* queue's first node gets the lock but the lock word's tail is cleared    *)
(* (_Q_LOCKED_VAL alone) instead of set to the secondary queue's last node *)
(* (encoded_tail): the waiters now queued are not in the lock word. The    *)
(* same mistake as java-models CnaMutants.SpliceNoTail.                    *)
(***************************************************************************)
EXTENDS CNA

\* cmpxchg(val -> _Q_LOCKED_VAL), then the hand-off to the secondary head  (mutant)
TryClearTailNoTail(x) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg"
    /\ v' = [v EXCEPT ![x] = Unlocked]
    /\ LET me  == node[x]
           sec == nlocked[me]
       IN IF L(x) = v[x]
          THEN /\ SetL(x, Word(0, 0, 1))
               /\ nlocked' = IF sec \notin Nodes THEN [nlocked EXCEPT ![me] = 0]
                             ELSE [nlocked EXCEPT ![me] = 0, ![sec] = 1]
               /\ nnext' = [nnext EXCEPT ![me] = Nil]
               /\ vstate' = IF sec \notin Nodes THEN vstate
                            ELSE [vstate EXCEPT !.tail[sec] = Nil]
               /\ ReleaseNode(x)
               /\ Goto(x, "cs")
               /\ Enter(x, ahead)
          ELSE /\ Goto(x, "set_locked")
               /\ UNCHANGED << lk, count, node, nlocked, nnext, vstate >>
               /\ NoAux
    /\ UNCHANGED << depth, irqUsed, cnt, prev >>

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTailNoTail(x)
                 \/ PassLockFindSuccessor(x) \/ PassLockNoSearch(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
