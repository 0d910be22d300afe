-------------------------- MODULE MCS_NoWaitNext ---------------------------
(***************************************************************************)
(* Mutant of MCS: mcs_spin_unlock without the wait for a late `next'      *)
(* link. When the cmpxchg on the tail fails, a successor has swapped the  *)
(* tail but not yet stored prev->next; the mutant returns instead of      *)
(* spinning for the link, so nobody ever hands that successor the lock.   *)
(* Expected, with every property checked (MCS_NoWaitNext_N3):            *)
(* QueueWellFormed, first: the releaser reuses its node while the         *)
(* successor's link to it is still pending, and the queue closes into a   *)
(* cycle. With the liveness property alone (MCS_NoWaitNext_N3_liveness):  *)
(* DeadlockFreedom, the stranded successor.                               *)
(***************************************************************************)
EXTENDS MCS

\* if (cmpxchg_release(lock, node, NULL) == node) return; return;  (mutant)
UnlockCmpxchgNoWait(t) ==
    /\ pc[t] = "unlock_cmpxchg"
    /\ tail' = IF tail = t THEN Nil ELSE tail
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << next, locked, prev, succ, ahead, bypass >>

MutantReplaced == {"UnlockCmpxchg", "UnlockWaitNext"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ UnlockCmpxchgNoWait(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : InitLocked(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
