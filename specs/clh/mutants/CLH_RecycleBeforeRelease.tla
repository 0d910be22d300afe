---------------------- MODULE CLH_RecycleBeforeRelease ----------------------
(***************************************************************************)
(* Mutant of CLH: the two halves of clh_unlock in the wrong order,        *)
(* `me->node = me->pred; store_release(&me->node->locked, 0)': the flag  *)
(* cleared is the predecessor's (already clear), not the one the          *)
(* successor spins on. The successor waits forever. Expected:             *)
(* DeadlockFreedom violated.                                                *)
(***************************************************************************)
EXTENDS CLH

MutantRelease(t) ==
    /\ pc[t] = "cs"
    /\ locked' = [locked EXCEPT ![pred[t]] = 0]
    /\ node' = [node EXCEPT ![t] = pred[t]]
    /\ pred' = [pred EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << tail, ahead, bypass >>

MutantReplaced == {"ClhRelease"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ MutantRelease(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : ClhInitNode(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
