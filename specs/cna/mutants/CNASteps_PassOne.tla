------------------------- MODULE CNASteps_PassOne --------------------------
(***************************************************************************)
(* Written against CNASteps: CNA with one step per shared-memory access.   *)
(* Mutant of CNA (cna-v1): the waiter find_successor chose is handed 1,   *)
(* the native value, instead of the holder's locked (the secondary queue): *)
(* the waiters moved there are dropped. The mistake patch 1/3 exists to   *)
(* avoid; the same as java-models CnaMutants.PassOne.                     *)
(***************************************************************************)
EXTENDS CNASteps

One(val) == 1
\* arch_mcs_spin_unlock_contended(&succ->locked, 1)  (mutant: not node->locked)
PassGiveOne(x) == Running(x) /\ PassGiveWith(x, One)

MutantReplaced == CnaReplaced \cup {"PassGive"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == StepsStep(x) \/ PassGiveOne(x)
MutantNext == StepsNext \/ \E x \in Ctx : PassGiveOne(x)
MutantSpec == StepsInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
