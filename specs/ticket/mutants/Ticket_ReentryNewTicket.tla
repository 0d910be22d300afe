---------------------- MODULE Ticket_ReentryNewTicket ----------------------
(***************************************************************************)
(* Mutant of Ticket: recursion forgotten. __mp_lock draws a ticket on     *)
(* every call, not only when mplc_depth goes from 0 to 1, so a holder     *)
(* that calls it again waits behind itself for a ticket that only its own *)
(* release would serve. Expected: DeadlockFreedom violated (the holder    *)
(* and every CPU behind it wait forever).                                  *)
(***************************************************************************)
EXTENDS Ticket

\* cpu->mplc_depth++; (mutant: no "== 0" test) and on to the ticket draw.
MutantLockDepth(t) ==
    \/ /\ pc[t] = "ncs"
       /\ depth' = [depth EXCEPT ![t] = 1]
       /\ reentries' = [reentries EXCEPT ![t] = 0]
       /\ pc' = [pc EXCEPT ![t] = "take_ticket"]
    \/ /\ pc[t] = "cs"
       /\ depth[t] < R
       /\ reentries[t] < R - 1
       /\ depth' = [depth EXCEPT ![t] = @ + 1]
       /\ reentries' = [reentries EXCEPT ![t] = @ + 1]
       /\ pc' = [pc EXCEPT ![t] = "take_ticket"]
    /\ UNCHANGED << users, serving, ticket, loaded, ahead, bypass >>

MutantReplaced == {"MpLockDepth"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : MutantLockDepth(t) \/ LockStep(t)]_vars
    /\ Fairness
=============================================================================
