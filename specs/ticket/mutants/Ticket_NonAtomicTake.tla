------------------------ MODULE Ticket_NonAtomicTake ------------------------
(***************************************************************************)
(* Mutant of Ticket: the doorway `atomic_inc_int_nv(&mpl->mpl_users)'    *)
(* done as a plain load followed by a plain store of the incremented      *)
(* value. Two CPUs can read the same mpl_users and draw the same ticket.  *)
(* Expected: MutualExclusion violated (both are served at once); checked *)
(* alone, BoundedBypass too: a CPU whose store lands after a later CPU's *)
(* draw is served after it.                                                *)
(***************************************************************************)
EXTENDS Ticket

\* Mutant-only state: the mpl_users value CPU t's load read, or M (no counter value) before
\* the load. (Kept out of pc so that the base spec's pc sets still classify
\* the CPU: it is before the doorway until the store.)
VARIABLE drawn
mvars == << vars, drawn >>

\* v = mpl->mpl_users   (mutant: first half of the atomic increment)
MpLockTicketLoad(t) ==
    /\ pc[t] = "take_ticket"
    /\ drawn[t] = M
    /\ drawn' = [drawn EXCEPT ![t] = users]
    /\ UNCHANGED vars

\* mpl->mpl_users = v + 1; cpu->mplc_ticket = v + 1   (second half: the doorway)
MpLockTicketStore(t) ==
    /\ pc[t] = "take_ticket"
    /\ drawn[t] # M
    /\ users' = Inc(drawn[t])
    /\ ticket' = [ticket EXCEPT ![t] = Inc(drawn[t])]
    /\ drawn' = [drawn EXCEPT ![t] = M]
    /\ pc' = [pc EXCEPT ![t] = "spin"]
    /\ ahead' = P!AheadAtDoorway(ahead, t, Waiting)
    /\ UNCHANGED << serving, depth, reentries, loaded, bypass >>

MutantReplaced == {"MpLockTicket"}
ASSUME Replaced = MutantReplaced   \* the model sets Replaced <- MutantReplaced

MutantLockStep(t) ==
    \/ LockStep(t) /\ UNCHANGED drawn
    \/ MpLockTicketLoad(t) \/ MpLockTicketStore(t)

MutantSpec ==
    /\ Init /\ drawn = [t \in Threads |-> M]
    /\ [][\E t \in Threads : (MpLockDepth(t) /\ UNCHANGED drawn)
                             \/ MutantLockStep(t)]_mvars
    /\ \A t \in Threads : WF_mvars(MutantLockStep(t))
=============================================================================
