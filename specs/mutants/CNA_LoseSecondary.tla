------------------------- MODULE CNA_LoseSecondary -------------------------
(***************************************************************************)
(* Mutant of CNA (cna-v1): when the main queue empties, the head claims   *)
(* the lock with qspinlock's native cmpxchg (val -> _Q_LOCKED_VAL) although *)
(* it holds a secondary queue, whose waiters are then in no queue at all. *)
(* The same mistake as java-models CnaMutants.LoseSecondary.               *)
(***************************************************************************)
EXTENDS CNA

\* atomic_try_cmpxchg_relaxed(&lock->val, &val, _Q_LOCKED_VAL)  (mutant: secondary ignored)
TryClearTailNative(x) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg"
    /\ v' = [v EXCEPT ![x] = Unlocked]
    /\ IF L(x) = v[x]
       THEN /\ SetL(x, Word(0, 0, 1))
            /\ nlocked' = [nlocked EXCEPT ![node[x]] = 0]
            /\ nnext' = [nnext EXCEPT ![node[x]] = Nil]
            /\ ReleaseNode(x)
            /\ Goto(x, "cs")
            /\ Enter(x, ahead)
       ELSE /\ Goto(x, "set_locked")
            /\ UNCHANGED << lk, count, node, nlocked, nnext >>
            /\ NoAux
    /\ UNCHANGED << depth, irqUsed, cnt, prev, vstate >>

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTailNative(x)
                 \/ PassLockFindSuccessor(x) \/ PassLockNoSearch(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
