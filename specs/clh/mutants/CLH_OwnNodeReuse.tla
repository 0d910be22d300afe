-------------------------- MODULE CLH_OwnNodeReuse --------------------------
(***************************************************************************)
(* Mutant of CLH: the releasing thread keeps its own node for its next    *)
(* acquisition instead of taking its predecessor's. Its successor may     *)
(* still be spinning on that node when the thread sets the flag again: the *)
(* successor misses the release. Expected: NodeExclusive violated (an idle *)
(* thread owns the node a spinner watches); checked alone, DeadlockFreedom *)
(* (the two wait for each other) and MutualExclusion.                      *)
(***************************************************************************)
EXTENDS CLH

\* store_release(&me->node->locked, 0);   (mutant: me->node is left as it is)
MutantRelease(t) ==
    /\ pc[t] = "cs"
    /\ locked' = [locked EXCEPT ![node[t]] = 0]
    /\ pred' = [pred EXCEPT ![t] = Nil]
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << tail, node, ahead, bypass >>

MutantReplaced == {"ClhRelease"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ MutantRelease(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : ClhInitNode(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
