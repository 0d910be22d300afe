--------------------- MODULE Ticket_ReleaseWrongCounter ---------------------
(***************************************************************************)
(* Mutant of Ticket: the release increments the wrong counter, the next  *)
(* ticket (mpl_users) instead of the ticket now served (mpl_ticket). The  *)
(* lock is never passed on: the next CPU to draw a ticket waits forever,  *)
(* and so does every CPU after it. Expected: DeadlockFreedom violated.    *)
(***************************************************************************)
EXTENDS Ticket

\* mpl->mpl_users++ where mpl->mpl_ticket++ was meant (an atomic increment,
\* as the doorway's; the load of mpl_ticket before it is left as it was).
MutantUnlockStore(t) ==
    /\ pc[t] = "unlock_store"
    /\ users' = Inc(users)
    /\ loaded' = [loaded EXCEPT ![t] = 0]
    /\ pc' = [pc EXCEPT ![t] = "ncs"]
    /\ UNCHANGED << serving, ticket, depth, reentries, ahead, bypass >>

MutantReplaced == {"MpUnlockStore"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) == LockStep(t) \/ MutantUnlockStore(t)

MutantSpec ==
    /\ Init
    /\ [][\E t \in Threads : MpLockDepth(t) \/ MutantLockStep(t)]_vars
    /\ \A t \in Threads : WF_vars(MutantLockStep(t))
=============================================================================
