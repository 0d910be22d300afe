-------------------------- MODULE MCS_EarlyHandoff -------------------------
(***************************************************************************)
(* Mutant of MCS: the hand-off stored before the critical section. As    *)
(* soon as a thread holds the lock it reads node->next and, if a          *)
(* successor is already linked, stores its locked = 1 at once, then runs  *)
(* its own critical section (and skips the hand-off in unlock). The same  *)
(* mistake as java-models McsMutants.EarlyHandoff.                         *)
(* Expected: MutualExclusion violated.                                    *)
(***************************************************************************)
EXTENDS MCS

\* Mutant-only state: did thread t already pass the lock on in this round?
VARIABLE early
mvars == << vars, early >>

\* if ((next = READ_ONCE(node->next))) smp_store_release(&next->locked, 1);
\* at the start of the critical section (mutant).
EarlyHandoff(t) ==
    /\ pc[t] = "cs"
    /\ ~early[t]
    /\ next[t] # Nil
    /\ locked' = [locked EXCEPT ![next[t]] = 1]
    /\ early' = [early EXCEPT ![t] = TRUE]
    /\ UNCHANGED << tail, next, pc, prev, succ, ahead, bypass >>

\* The critical section ends; a thread that handed off early just leaves.
LeaveAfterEarly(t) ==
    /\ pc[t] = "cs"
    /\ early[t]
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ early' = [early EXCEPT ![t] = FALSE]
    /\ UNCHANGED << tail, next, locked, prev, succ, ahead, bypass >>

\* The critical section ends; next = READ_ONCE(node->next), for a thread that
\* did not hand off early (UnlockReadNext, for it alone).
UnlockReadNextUnlessEarly(t) ==
    /\ pc[t] = "cs"
    /\ ~early[t]
    /\ succ' = [succ EXCEPT ![t] = next[t]]
    /\ pc' = [pc EXCEPT ![t] = IF next[t] = Nil THEN "unlock_cmpxchg"
                                                ELSE "unlock_handoff"]
    /\ UNCHANGED << tail, next, locked, prev, ahead, bypass, early >>

MutantReplaced == {"UnlockReadNext"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) ==
    \/ LockStep(t) /\ UNCHANGED early
    \/ EarlyHandoff(t) \/ LeaveAfterEarly(t) \/ UnlockReadNextUnlessEarly(t)

MutantSpec ==
    /\ Init /\ early = [t \in Threads |-> FALSE]
    /\ [][\E t \in Threads : (InitLocked(t) /\ UNCHANGED early)
                             \/ MutantLockStep(t)]_mvars
    /\ \A t \in Threads : WF_mvars(MutantLockStep(t))
=============================================================================
