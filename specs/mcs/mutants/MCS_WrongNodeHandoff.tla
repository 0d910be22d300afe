------------------------ MODULE MCS_WrongNodeHandoff -----------------------
(***************************************************************************)
(* Mutant of MCS: the hand-off stored to the wrong node,                  *)
(* smp_store_release(&node->locked, 1) on the releasing thread's own node *)
(* instead of next->locked. The same mistake as java-models               *)
(* McsMutants.WrongNodeHandoff.                                            *)
(* Expected: DeadlockFreedom violated (every queued successor strands).   *)
(***************************************************************************)
EXTENDS MCS

\* smp_store_release(&node->locked, 1)   (mutant: own node, not next)
UnlockHandoffToSelf(t) ==
    /\ pc[t] = "unlock_handoff"
    /\ locked' = [locked EXCEPT ![t] = 1]
    /\ succ' = [succ EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << tail, next, prev, ahead, bypass >>

MutantReplaced == {"UnlockHandoff"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ UnlockHandoffToSelf(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : InitLocked(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
