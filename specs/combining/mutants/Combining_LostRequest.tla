------------------------ MODULE Combining_LostRequest ------------------------
(***************************************************************************)
(* Mutant of Combining: the holder empties the queue with a plain store,  *)
(* `WRITE_ONCE(lock->lock_p, NULL)', instead of the cmpxchg from its last *)
(* node. A request queued after the holder's snapshot (the tail moved)   *)
(* is linked behind a node nobody walks any more: it never runs and its   *)
(* submitter waits forever, while later submitters find an empty queue   *)
(* and go on. Expected: DeadlockFreedom violated (and StarvationFreedom). *)
(***************************************************************************)
EXTENDS Combining

\* WRITE_ONCE(lock->lock_p, NULL);   (mutant: whether the tail moved or not)
MutantCmpxchg(t) ==
    /\ pc[t] = "cmpxchg"
    /\ tail' = Nil
    /\ pc' = [pc EXCEPT ![t] = "last_complete"]
    /\ UNCHANGED << next, locked, res, old, cur, nxt, count, runs, got, batch >>

MutantReplaced == {"AliCmpxchg"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ MutantCmpxchg(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : AliInit(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
