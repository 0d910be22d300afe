------------------------ MODULE CNA_HeadLockedZero -------------------------
(***************************************************************************)
(* Merged form, kept for trace validation (one recorded event is one       *)
(* CNA.tla step). TLC checks the same change split:                        *)
(* CNASteps_HeadLockedZero.                                                *)
(* Mutant of CNA (cna-v1): a waiter that finds the queue empty leaves its  *)
(* locked at 0 (v1: "must pass a non-zero value to successor when we       *)
(* unlock"). Its local hand-off then passes 0, and the successor waits     *)
(* forever. The same mistake as java-models CnaMutants.HeadLockedZero.    *)
(***************************************************************************)
EXTENDS CNA

\* old = xchg_tail(lock, tail)  (mutant: no node->locked = 1)
XchgTailNoLocked(x) ==
    /\ Running(x)
    /\ pc[x] = "xchg_tail"
    /\ SetL(x, [L(x) EXCEPT !.tail = node[x]])
    /\ prev' = [prev EXCEPT ![x] = L(x).tail]
    /\ Goto(x, IF L(x).tail # Nil THEN "link_prev" ELSE "head_wait")
    /\ Doorway(x) /\ UNCHANGED bypass
    /\ UNCHANGED << nlocked, nnext, count, depth, irqUsed, v, cnt, node, vstate >>

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailNoLocked(x) \/ TryClearTail(x)
                 \/ PassLockFindSuccessor(x) \/ PassLockNoSearch(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
