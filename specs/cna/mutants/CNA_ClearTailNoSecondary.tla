---------------------- MODULE CNA_ClearTailNoSecondary ----------------------
(***************************************************************************)
(* Mutant of CNA (all policies), cna_try_clear_tail: the patch clears the  *)
(* tail only when the secondary queue is empty                             *)
(* (if ((val & _Q_TAIL_MASK) == tail && node->locked == 1)), leaving a    *)
(* head that holds a secondary queue to set_locked and the wait for       *)
(* node->next, expecting cna_pass_lock's flush to hand the secondary       *)
(* queue the lock; with nobody queueing behind it, that wait never ends:  *)
(* the holder hangs in the slowpath and the secondary waiters with it.    *)
(* Property: DeadlockFreedom (the hung holder never reaches its critical  *)
(* section).                                                               *)
(***************************************************************************)
EXTENDS CNA

MutantReplaced == CnaReplaced
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

\* The last waiter with a secondary queue skips the cmpxchg (mutant); else as CNA.
TryClearTailOnlyEmpty(x) ==
    /\ Running(x)
    /\ pc[x] = "head_cmpxchg"
    /\ IF HeadLocked(node[x]) \in Nodes
       THEN /\ v' = [v EXCEPT ![x] = Unlocked]
            /\ Goto(x, "set_locked")
            /\ UNCHANGED << lk, nlocked, nnext, count, depth, irqUsed, cnt, node, prev, vstate >>
            /\ NoAux
       ELSE TryClearTail(x)

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTailOnlyEmpty(x)
                 \/ PassLockFindSuccessor(x) \/ PassLockNoSearch(x)
MutantNext == \E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)
MutantSpec == Init /\ [][MutantNext]_vars /\ \A x \in Ctx : WF_vars(MutantStep(x))
MutantFairSpec == MutantSpec /\ \A x \in Ctx : SF_vars(PassLockNoSearch(x))
=============================================================================
