------------------------- MODULE MCS_HandoffToTail -------------------------
(***************************************************************************)
(* Mutant of MCS: a hand-off before the successor is linked. When the     *)
(* cmpxchg on the tail fails, the mutant takes the node the cmpxchg       *)
(* returned (the current tail) as its successor and stores its `locked'   *)
(* at once instead of waiting for node->next. With three threads the     *)
(* lock jumps past a waiter that has not linked yet (a FIFO violation);   *)
(* even with two, the successor's late link lands on the releaser's node  *)
(* after it was reused.                                                    *)
(* Expected, with every property checked (MCS_HandoffToTail_N3):         *)
(* QueueWellFormed (the late link closes a cycle, found first); with the  *)
(* FIFO invariant alone (MCS_HandoffToTail_N3_fifo): BoundedBypass.       *)
(***************************************************************************)
EXTENDS MCS

\* old = cmpxchg_release(lock, node, NULL); if (old == node) return;
\* next = old;  (mutant: hand off to the tail without waiting for the link)
UnlockCmpxchgToTail(t) ==
    /\ pc[t] = "unlock_cmpxchg"
    /\ IF tail = t
       THEN /\ tail' = Nil
            /\ pc' = [pc EXCEPT ![t] = "ncs"]
            /\ UNCHANGED succ
       ELSE /\ succ' = [succ EXCEPT ![t] = tail]
            /\ pc' = [pc EXCEPT ![t] = "unlock_handoff"]
            /\ UNCHANGED tail
    /\ UNCHANGED << next, locked, prev, ahead, bypass >>

MutantReplaced == {"UnlockCmpxchg", "UnlockWaitNext"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ UnlockCmpxchgToTail(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : InitLocked(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
