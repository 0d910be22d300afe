------------------------ MODULE MCS_SystemFairness -------------------------
(***************************************************************************)
(* Mutant of MCS's fairness assumption, not of its code: weak fairness of *)
(* the system as a whole instead of each thread. Some thread always makes *)
(* progress, so DeadlockFreedom still holds, but one thread may be        *)
(* ignored forever before its doorway. Expected: StarvationFreedom        *)
(* violated and nothing else; this keeps the two liveness properties      *)
(* honest about which assumption each needs.                               *)
(***************************************************************************)
EXTENDS MCS

MutantSpec ==
    /\ Init
    /\ [][Next]_vars
    /\ WF_vars(\E t \in Threads : LockStep(t))
=============================================================================
