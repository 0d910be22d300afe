----------------------- MODULE CNASteps_RunEndStuck ------------------------
(***************************************************************************)
(* Written against CNASteps: CNA with one step per shared-memory access.   *)
(* Mutant of CNA (cna-v1): find_successor's scan does not advance         *)
(* tail_other (the tail_other = cur at the end of its loop body is        *)
(* missing), so tail_other stays head_other. When it skips one waiter the *)
(* two are the same node; when it skips two or more, tail_other->next =   *)
(* NULL cuts the run after its first node and the rest of the run is in   *)
(* neither queue.                                                          *)
(***************************************************************************)
EXTENDS CNASteps

TailOtherStays(t, c) == t
\* tail_other never advanced past head_other  (mutant)
WalkReadStuck(x) == Running(x) /\ WalkReadWith(x, TailOtherStays)

MutantReplaced == CnaReplaced \cup {"WalkRead"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantStep(x) == StepsStep(x) \/ WalkReadStuck(x)
MutantNext == StepsNext \/ \E x \in Ctx : WalkReadStuck(x)
MutantSpec == StepsInit /\ [][MutantNext]_allvars
              /\ \A x \in Ctx : WF_allvars(MutantStep(x))
=============================================================================
