---------------------------- MODULE CNA_PassOne ----------------------------
(***************************************************************************)
(* Merged form, kept for trace validation (one recorded event is one       *)
(* CNA.tla step). TLC checks the same change split: CNASteps_PassOne.      *)
(* Mutant of CNA (cna-v1): the waiter find_successor chose is handed 1,   *)
(* the native value, instead of the holder's locked (the secondary queue): *)
(* the waiters moved there are dropped. The mistake patch 1/3 exists to   *)
(* avoid; the same as java-models CnaMutants.PassOne.                     *)
(***************************************************************************)
EXTENDS CNA

One(val) == 1
\* arch_mcs_spin_unlock_contended(&succ->locked, 1)  (mutant)
PassLockOne(x) ==
    /\ ReadyToPass(x)
    /\ MaySearch(x)
    /\ PassLockWith(x, TRUE, One)
    /\ Passed(x)

MutantStep(x) == Step(x) \/ FastPathQueueOnly(x) \/ XchgTailCna(x) \/ TryClearTail(x)
                 \/ PassLockOne(x) \/ PassLockNoSearch(x)
MutantSpec == Init /\ [][\E x \in Ctx : Start(x) \/ Interrupt(x) \/ MutantStep(x)]_vars
                   /\ \A x \in Ctx : WF_vars(MutantStep(x))
=============================================================================
