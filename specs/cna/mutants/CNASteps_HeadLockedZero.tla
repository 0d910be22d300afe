---------------------- MODULE CNASteps_HeadLockedZero ----------------------
(***************************************************************************)
(* Written against CNASteps: CNA with one step per shared-memory access.   *)
(* Mutant of CNA (cna-v1): a waiter that finds the queue empty leaves its  *)
(* locked at 0 (v1: "must pass a non-zero value to successor when we       *)
(* unlock"). Its local hand-off then passes 0, and the successor waits     *)
(* forever. The same mistake as java-models CnaMutants.HeadLockedZero.    *)
(***************************************************************************)
EXTENDS CNASteps

\* old = xchg_tail(lock, tail)  (mutant: no node->locked = 1)
XchgTailNoLocked(x) == Running(x) /\ XchgTailEmptyWith(x, FALSE)

MutantReplaced == CnaReplaced \cup {"XchgTailEmpty"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == StepsStep(x) \/ XchgTailNoLocked(x)
MutantNext == StepsNext \/ \E x \in Ctx : XchgTailNoLocked(x)
MutantSpec == StepsInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
